"""Who acts now in Small City, read from the state alone (rule ids: RULES.md)."""

from __future__ import annotations

from borough.games.smallcity.state import BUILD, OVER, SmallCityState


def to_act(st: SmallCityState) -> tuple[int, ...]:
    if st.phase == OVER:
        return ()
    if st.step == "promise":
        return tuple(s for s in range(st.players) if not st.chosen[s])
    if st.phase == BUILD:  # SC-25: everyone builds at once behind a screen
        return tuple(s for s in st.order if st.seats[s].bstep != "done")
    return (st.current,)
