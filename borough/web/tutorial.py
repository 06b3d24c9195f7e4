"""A guided first game for the browser: the table's view at each of the person's
decisions, with the one move the tutorial asks for as the only move offered.

Nothing is stored: each decision's position is replayed from the tutorial's deal and
moves, so a wrong click can never change the game, and reloading resumes it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from borough import tutorial


@cache
def _tutorial(name: str) -> tutorial.Tutorial:
    return tutorial.load(name)


def decision_view(name: str, decision: int) -> dict[str, Any]:
    """The person's `decision`-th decision (0-based; the count itself: the end)."""
    tut = _tutorial(name)
    count = len(tut.decisions)
    if not 0 <= decision <= count:
        raise ValueError(f"the {name} tutorial has decisions 0 to {count}, not {decision}")
    upto = tut.decisions[decision] if decision < count else len(tut.steps)
    game, state, events = tutorial.replay(tut, upto)
    step = tut.steps[upto] if decision < count else None
    # the opponents' moves since the person's last decision are outlined on the board
    since = tut.decisions[decision - 1] + 1 if decision else 0
    recent = [{"seat": s.seat, "action": list(s.action), "text": game.describe(s.action)}
              for s in tut.steps[since:upto] if s.seat != tutorial.PERSON]
    names = [f"Player {i + 1}" for i in range(tut.players)]
    legal = []
    if step is not None:
        legal = [{"action": list(step.action), "index": game.encode(step.action),
                  "text": game.describe_move(state, step.seat, step.action)}]
    over = game.is_over(state)
    view = {
        "id": f"learn-{name}", "game": name, "title": game.title, "players": tut.players,
        "options": game.resolve_options(tut.players, tut.options), "seed_chosen": False,
        "seat": tutorial.PERSON, "status": "over" if over else "playing",
        "to_act": [tutorial.PERSON] if step is not None else [],
        "your_turn": step is not None, "observation": game.observe(state, tutorial.PERSON),
        "legal_actions": legal, "prompt": step.text if step else tut.ready,
        "can_undo": False, "recent": recent, "hints": False, "version": decision,
        "events": [{"number": n, "text": e.text, "kind": e.kind, "seat": e.seat}
                   for n, _, e in events if e.visible_to(tutorial.PERSON)],
        "seats": [{"seat": i, "kind": "human" if i == tutorial.PERSON else "bot",
                   "agent": None if i == tutorial.PERSON else "scripted", "name": names[i]}
                  for i in range(tut.players)],
    }
    if over:  # a tutorial that is a whole game ends on the table's end screen
        view["result"] = game.result(state).to_json()
    return {
        "game": name, "title": game.title, "decision": decision, "decisions": count,
        "intro": tut.intro, "ready": tut.ready, "done": step is None,
        "text": step.text if step else tut.ready, "wrong": step.wrong if step else "",
        "players": tut.players, "view": view,
    }
