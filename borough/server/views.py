"""What each seat, and a spectator, is shown, and when that changes.

A view carries no global move count: each audience (a seat, or None for
spectators) has its own `version`, raised only when what that audience may see
changes. Another seat's sealed choice therefore changes neither the version
nor the pushes of anyone who cannot see it, so nobody can count secret moves.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from borough.core.game import Event, Game
from borough.server.hint_choice import allowed as hints_allowed
from borough.server.naming import named
from borough.server.shown import Audience, Played, Shown, Stamped

if TYPE_CHECKING:
    from borough.server.room import Room

RECENT_LIMIT = 24  # enough for a full round of the busiest game's small steps


NO_MOVE_YET = "you have made no move to take back"
NOT_THIS_TURN = "you have made no move yet this turn"
OTHERS_MOVED = "another seat has moved since"
BOT_SEAT = "a bot plays this seat"
OWN_REASONS = ("the game is over", NO_MOVE_YET, NOT_THIS_TURN, OTHERS_MOVED, BOT_SEAT)


def played(game: Game, before: Any, seat: int, action: Any, after: Any,
           person: bool = True) -> Played:
    """`action` by `seat`, which turned `before` into `after`, as the others may know it;
    a bot's move (not `person`) is never taken back, and is not judged for it."""
    refusal = game.undo_refusal(before, seat, action, after) if person else BOT_SEAT
    if not game.public_action(before, seat, action):
        return Played(seat, None, None, refusal)
    return Played(seat, list(action), game.describe(action, before), refusal)


def take_back_refusal(game: Game, state: Any, seats: list[dict[str, Any]], seat: int,
                      moves: list[Played], undo_by: int | None) -> str | None:
    """Why `seat` cannot take back a move now (None: it can), from what it may see
    alone: its own moves, the open moves of the others and who is to act. A secret
    move of another seat never changes the answer."""
    if seat == undo_by:
        return None
    if seats[seat]["kind"] != "human":
        return BOT_SEAT
    if game.is_over(state):
        return "the game is over"
    return _own_refusal(game, seat, moves, seat in game.to_act(state))


def _own_refusal(game: Game, seat: int, moves: list[Played], acting: bool) -> str | None:
    """Why `seat`, a person's in a game not over, cannot take back a move, from the
    moves that led to the state and whether it is among those `acting` in it."""
    last = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].seat == seat), None)
    if last is None:
        return NO_MOVE_YET
    own = moves[last]
    if own.refusal == game.turn_over_words and acting:
        return NOT_THIS_TURN
    if any(p.seat != seat and p.action is not None for p in moves[last + 1:]):
        return OTHERS_MOVED
    return own.refusal or OTHERS_MOVED


def recent(moves: list[Played], audience: Audience, names: list[str],
           said: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The open moves made since `audience` last acted (a spectator: since some seat's
    previous move), newest last; the table marks them on the board until then.
    `said`, the sentences already named for these `names` (see `readable`)."""
    out: list[dict[str, Any]] = []
    seen: set[int] = set()
    for p in reversed(moves):
        if p.seat == audience:
            break
        if p.action is None:
            continue  # a secret move must not change what anyone else is shown
        if audience is None and p.seat in seen:
            break
        seen.add(p.seat)
        out.append({"seat": p.seat, "action": p.action,
                    "text": _named(p.text or "", names, said)})
        if len(out) == RECENT_LIMIT:
            break
    out.reverse()
    return out


def audiences(players: int) -> list[Audience]:
    return [*range(players), None]


class Scene:
    """What every audience's view of one state shares, worked out once for them
    all (`next_views`): the room's own part, who is to act and whether the game is
    over, the seats as views list them, the game's observer and the sentences
    already named. An audience's view adds only what is its own."""

    __slots__ = (
        "game",
        "head",
        "hints",
        "listed",
        "moves",
        "names",
        "over",
        "room",
        "said",
        "seats",
        "see",
        "state",
        "status",
        "to_act",
        "undo_by",
    )

    def __init__(self, room: Room, state: Any, seats: list[dict[str, Any]],
                 undo_by: int | None, moves: list[Played]) -> None:
        game = room.game
        self.room, self.game, self.state, self.seats = room, game, state, seats
        self.undo_by, self.moves = undo_by, moves
        self.names, self.hints, self.listed = seated(room, seats)
        self.to_act = list(game.to_act(state))
        self.over = game.is_over(state)
        self.status = "over" if self.over else "playing"
        self.see = game.observer(state)  # the audiences' observations share their work
        self.said: dict[str, str] = {}  # and the sentences they read, named once
        record = room.record
        self.head = {"id": room.id, "game": game.name, "title": game.title,
                     "players": record.players, "options": record.options,
                     "seed_chosen": room.seed_chosen}


def body(scene: Scene, seat: Audience) -> dict[str, Any]:
    """Everything `seat` is shown of the scene's state, except the events and the
    version."""
    room, game, state, names = scene.room, scene.game, scene.state, scene.names
    to_act, over = scene.to_act, scene.over
    deciding = seat is not None and seat in to_act
    legal = []
    prompt = None  # the decision the seat faces, in words
    if deciding:
        assert seat is not None
        actions = game.legal_actions(state, seat)
        room.listed[seat] = (state, tuple(actions))
        encode, describe = game.encode, game.describe_move
        legal = [
            {"action": list(a), "index": encode(a),
             "text": named(describe(state, seat, a), names)}
            for a in actions
        ]
        if not over:
            prompt = named(game.prompt_among(state, seat, actions), names)
    view: dict[str, Any] = {
        **scene.head,
        "seat": seat,
        "status": scene.status,
        "to_act": to_act,
        "your_turn": deciding,
        "observation": scene.see(seat),
        "legal_actions": legal,
        "prompt": prompt,
        "can_undo": seat is not None and seat == scene.undo_by,
        "undo_refusal": None if seat is None else _refusal(scene, seat),
        "recent": recent(scene.moves, seat, names, scene.said),
        "hints": scene.hints,
        "seats": scene.listed,
    }
    if deciding:  # the rule of the decision it faces
        assert seat is not None
        rule = game.step_rule(state, seat)
        if rule is not None:
            view["rule"] = {"id": rule[0], "words": rule[1],
                            "href": f"/rules/{game.name}#{rule[0]}"}
    if over:
        view["result"] = game.result(state).to_json()
        told = breakdown(room, game, state)
        if told is not None:
            if told["tiebreak"]:
                told = {**told, "tiebreak": named(told["tiebreak"], names)}
            view["breakdown"] = told
    return view


def _refusal(scene: Scene, seat: int) -> str | None:
    """`take_back_refusal` for a seat of the scene, with what the scene knows already."""
    if seat == scene.undo_by:
        return None
    if scene.seats[seat]["kind"] != "human":
        return BOT_SEAT
    if scene.over:
        return "the game is over"
    return _own_refusal(scene.game, seat, scene.moves, seat in scene.to_act)


def seated(room: Room, seats: list[dict[str, Any]]
           ) -> tuple[list[str], bool, list[dict[str, Any]]]:
    """The seats' names, whether they may ask for suggestions and the seats as every
    view lists them: worked out once per list of seats (a change of seats makes a
    new list, changes.py) and shared by the views that show it."""
    kept = room.seated
    if kept is None or kept[0] is not seats:
        listed = [{"seat": i, "kind": s["kind"], "agent": s["agent"], "name": s["name"],
                   **({"open": True} if s.get("open") else {})}  # a table's seat not yet taken
                  for i, s in enumerate(seats)]
        kept = room.seated = (seats, [s["name"] for s in seats], hints_allowed(seats), listed)
    return kept[1], kept[2], kept[3]


def breakdown(room: Room, game: Game, state: Any) -> dict[str, Any] | None:
    """The game's breakdown of a finished game's scores, worked out once a room (a
    game may replay its record for it, and every audience's view shows it)."""
    moves = len(room.record.moves)
    if room.told is None or room.told[0] != moves:
        found = game.breakdown(state, room.record)
        room.told = (moves, None if found is None else found.to_json())
    return room.told[1]


def stamp(shown: dict[Audience, Shown], events: list[Event], move: int) -> list[Stamped]:
    """New events of `move`, numbered by the version each audience will see them in."""
    following = {a: s.version + 1 for a, s in shown.items()}
    return [Stamped(e, move, following) for e in events]


def readable(events: list[Stamped], seat: Audience, names: list[str] | None = None,
             said: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The `events` `seat` may read, their seats named; `said`, a sentence's words
    with `names` already put in, shared by the audiences of one change (each event
    is read by most of them, and naming its seats is most of the work)."""
    names = names or []
    out = []
    for s in events:
        event = s.event
        if event.visible_to(seat):
            out.append({"number": s.versions[seat], "text": _named(event.text, names, said),
                        "kind": event.kind, "seat": event.seat})
    return out


def _named(text: str, names: list[str], said: dict[str, str] | None) -> str:
    """`named`, remembered in `said` (when given) for the next audience."""
    if said is None:
        return named(text, names)
    out = said.get(text)
    if out is None:
        out = said[text] = named(text, names)
    return out


def next_views(room: Room, state: Any, new_events: list[Stamped],
               seats: list[dict[str, Any]] | None = None,
               all_events: list[Stamped] | None = None, *, undo_by: int | None = -1,
               moves: list[Played] | None = None) -> dict[Audience, Shown]:
    """Every audience's view of `state` after `new_events` (or, when given, with
    exactly `all_events`, as after an undo); a version moves on only where the
    content changed. Each audience's event list grows by what it may read, so a
    move costs the same early and late in a long game. `undo_by` is the seat
    whose last move could be taken back in `state` (the room's own by default);
    `moves`, the moves that led to `state` (the room's own by default).

    A take-back is offered only while its seat alone is to decide, so nobody
    else can move, in the open or in secret, before the offer goes."""
    seats = room.seats if seats is None else seats
    if undo_by == -1:
        undo_by = room.undo_by
    # A copy: the room's own list changes with its next move, and a view's content
    # may be worked out after that.
    moves = list(room.played) if moves is None else moves
    scene = Scene(room, state, seats, undo_by, moves)
    # A finished game's content is worked out now, with the room's record as it is
    # before the last move is installed (the breakdown reads it).
    now = scene.over
    names, said = scene.names, scene.said
    out: dict[Audience, Shown] = {}
    for a in audiences(room.record.players):
        make = partial(body, scene, a)
        content: dict[str, Any] | Callable[[], dict[str, Any]] = make() if now else make
        old = room.shown.get(a)
        after = None
        if all_events is not None or old is None:
            events = readable(all_events or new_events, a, names, said)
            if old is not None and old.events == events:
                content = content if isinstance(content, dict) else content()
                if old.body == content:
                    out[a] = old
                    continue
        else:
            fresh = readable(new_events, a, names, said)
            events = old.events + fresh if fresh else old.events
            if not fresh:
                content = content if isinstance(content, dict) else content()
                if old.body == content:
                    out[a] = old
                    continue
            after = old
        out[a] = Shown(0 if old is None else old.version + 1, content, events, after)
    return out


def changed(before: dict[Audience, Shown], after: dict[Audience, Shown]) -> set[Audience]:
    return {a for a, s in after.items() if before.get(a) is not s}
