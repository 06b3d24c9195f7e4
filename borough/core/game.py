"""The interface every Borough game implements, and the shared checks around it.

A game is a forward model: pure logic over a plain-data state. Subclasses
supply the rules (`_setup`, `to_act`, `legal_actions`, `_apply`, ...); this base
class supplies what is the same for every game: option validation, legality
checks that leave the state untouched, JSON round trips and the fixed action
index space used by reinforcement learning. What a finished game reports is in
`borough.core.results`, why the rules refuse an action in `borough.core.refusals`.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any, ClassVar

from borough.core.errors import CorruptData, IllegalAction, RefusalCode
from borough.core.generators import generator_positions
from borough.core.refusals import Refusal, check_form, refusing_malformed, well_formed
from borough.core.results import Breakdown, MovesPlayed, Result
from borough.core.serial import freeze, from_plain, to_plain

Action = tuple[Any, ...]
"""An action: a tuple whose parts are exactly `str` or `int` (never `bool` or
`float`, which Python would otherwise match against 0, 1 or 12 in a lookup),
beginning with a string; hashable and JSON-able."""


@dataclass(frozen=True)
class Option:
    """One setup option: its allowed values, default and a one-line explanation.

    `tested` names the choices worth a test of their own where the others play
    alike but for a number (`Game.option_sets`); by default every choice.
    """

    name: str
    choices: tuple[Any, ...]
    default: Any
    help: str
    tested: tuple[Any, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"choices": list(self.choices), "default": self.default, "help": self.help}


@dataclass
class Event:
    """Something that happened, in words a player would use.

    `private_to` lists the seats allowed to read it; None means everyone.
    """

    text: str
    kind: str = "info"
    seat: int | None = None
    private_to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or (seat is not None and seat in self.private_to)

    def to_json(self) -> dict[str, Any]:
        audience = None if self.private_to is None else list(self.private_to)
        return {"text": self.text, "kind": self.kind, "seat": self.seat, "private_to": audience}


class ActionSpace:
    """A fixed numbering of every action a game can ever offer."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: list[Action] = list(actions)
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError("the action space lists an action twice")

    def __len__(self) -> int:
        return len(self.actions)


class Game(ABC):
    """Base class of every game. Subclasses fill in the class variables and rules."""

    name: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[tuple[int, ...]]
    option_list: tuple[Option, ...] = ()
    state_type: ClassVar[type]
    table_can_lose: ClassVar[bool] = False
    """True where the whole table often loses together (to the game itself), so a
    player's strength shows in its score over its rivals more than in its wins."""
    rule_words: ClassVar[dict[str, str]] = {}
    """The rules a refusal names, by RULES.md id, each in a player's words."""
    rules_version: ClassVar[int] = 1
    """Raised whenever a rule change could make an old record replay differently.

    Records carry the version they were made under; a record from other rules
    is refused by name instead of failing at some move. The game's RULES.md
    ends with a "Changes" list saying what each version changed.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game's own fast `is_legal` is written for well-formed actions; the
        # refusal of anything else is the same for every game, so it is put in
        # front of each override here rather than repeated in every game.
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("is_legal")
        if own is not None:
            cls._is_legal_formed = own  # type: ignore[method-assign]
            if not getattr(own, "_checks_form", False):
                cls.is_legal = refusing_malformed(own)  # type: ignore[method-assign]

    # ----------------------------------------------------------------- setup
    def player_counts(self) -> tuple[int, ...]:
        return self.seats

    def options(self) -> dict[str, dict[str, Any]]:
        return {o.name: o.to_json() for o in self.option_list}

    def unattended_options(self) -> dict[str, Any]:
        """Option values for games that bots play alone (arena, balance, RL), where
        they differ from the defaults a table of people gets: a safety net the book
        does not have, say, that keeps every such game finite. Their records name
        them like any other option."""
        return {}

    def resolve_options(self, players: int, options: dict[str, Any] | None, *,
                        unattended: bool = False) -> dict[str, Any]:
        """Validate a setup request; return the full option set with defaults
        (`unattended`: the defaults of games that bots play alone)."""
        if type(players) is not int or players not in self.seats:
            allowed = ", ".join(map(str, self.seats))
            raise ValueError(f"{self.title} is for {allowed} players, not {players!r}")
        given = dict(options or {})
        known = {o.name: o for o in self.option_list}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(sorted(known)) or "none"
            raise ValueError(f"unknown option {unknown[0]!r} for {self.title}; options: {names}")
        defaults = self.unattended_options() if unattended else {}
        out: dict[str, Any] = {}
        for name, opt in known.items():
            value = given.get(name, defaults.get(name, opt.default))
            value = _coerce(value, opt.choices)
            if value not in opt.choices:
                allowed = ", ".join(map(str, opt.choices))
                raise ValueError(f"option {name}={value!r} is not allowed; choose one of {allowed}")
            out[name] = value
        return out

    def cooperative(self, options: dict[str, Any]) -> bool:
        """True where, with these options, the seats share one score and one result."""
        return False

    def setup(self, players: int, seed: int = 0, options: dict[str, Any] | None = None) -> Any:
        if type(seed) is not int:
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
        return self._setup(players, seed, self.resolve_options(players, options))

    def option_sets(self) -> list[dict[str, Any]]:
        """Option combinations worth testing: every tested choice of every option."""
        sets: list[dict[str, Any]] = [{}]
        for opt in self.option_list:
            tested = opt.choices if opt.tested is None else opt.tested
            sets = [{**s, opt.name: c} for s in sets for c in tested]
        return sets

    # ------------------------------------------------------------ the rules
    @abstractmethod
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> Any: ...

    @abstractmethod
    def to_act(self, state: Any) -> tuple[int, ...]: ...

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    @abstractmethod
    def _apply(self, state: Any, seat: int, action: Action) -> list[Event]: ...

    @abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abstractmethod
    def result(self, state: Any) -> Result: ...

    @abstractmethod
    def observe(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    def observer(self, state: Any) -> Callable[[int | None], dict[str, Any]]:
        """`observe` of one state as a function of the audience, for a caller that
        shows the same state to several (a server's views after a move): a game may
        share the work their observations have in common. Each answer equals
        `observe(state, seat)` (the conformance suite checks it); the state must
        not change while the function is in use."""
        return partial(self.observe, state)

    @abstractmethod
    def clone(self, state: Any) -> Any: ...

    @abstractmethod
    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any: ...

    @abstractmethod
    def has_hidden_information(self, state: Any, seat: int) -> bool:
        """True when something unseen by `seat` could be otherwise (for the leak test)."""

    @abstractmethod
    def all_actions(self) -> Iterable[Action]:
        """Every action the game can ever offer, in a fixed order."""

    @abstractmethod
    def describe(self, action: Action, state: Any = None) -> str:
        """The action as a sentence a player would understand."""

    def describe_move(self, state: Any, seat: int, action: Action) -> str:
        """`action` in words for `seat`, whose move it is: a game where seats decide
        at once behind screens, each at its own step, words it with that seat's own
        step. It tells nothing the seat cannot see."""
        return self.describe(action, state)

    def what_it_uses(self, action: Action) -> str:
        """The components `action` uses, in words, for a balance report, which credits
        a component to the seats whose moves' words name it.

        The move's description by default. A game words it otherwise for a move whose
        description names components it does not use: a discard names the tile it
        gives up (nothing is used), a card's text lists the buildings it pays for
        (the card is used, not the buildings). So the report measures what the seats
        did with a component, not what their moves mentioned.
        """
        return self.describe(action)

    @abstractmethod
    def prompt(self, state: Any, seat: int) -> str:
        """The decision `seat` faces now, as one line in a player's words.

        It names what is being chosen ("Place the pollution token next to your
        Factory"), never how to click it, and tells nothing the seat cannot see.
        """

    def prompt_among(self, state: Any, seat: int, legal: list[Action]) -> str:
        """`prompt(state, seat)` for a seat that decides now, `legal` being its legal
        actions already listed (the server lists them for the seat's view): a game
        whose prompt reads them takes them from here instead of listing them again."""
        return self.prompt(state, seat)

    def public_action(self, state: Any, seat: int, action: Action) -> bool:
        """Whether every other seat may learn which action `seat` chose in `state`
        once it is applied (the table marks such moves on the board).

        The default is the only sound answer without knowing the game: yes when
        no seat has anything hidden. A game with secrets names its open choices.
        """
        return not any(self.has_hidden_information(state, s)
                       for s in range(self.num_seats(state)))

    @abstractmethod
    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        """An upper bound on the decisions in one game, for playout tests."""

    def is_legal(self, state: Any, seat: int, action: Action) -> bool:
        """Whether an action is among the legal ones for `seat` now; an action
        that is not well formed is refused with IllegalAction.

        Games may answer faster than building the whole list; the conformance
        suite checks that the two agree.
        """
        check_form(self, action)
        return action in self.legal_actions(state, seat)

    is_legal._checks_form = True  # type: ignore[attr-defined]

    def _is_legal_formed(self, state: Any, seat: int, action: Action) -> bool:
        """`is_legal` for an action already known to be well formed (the form
        check is then not repeated on every move `apply` judges)."""
        return action in self.legal_actions(state, seat)

    # ------------------------------------------------------------------ undo
    turn_over_words: ClassVar[str] = "your turn has ended"
    together_words: ClassVar[str] = "another seat decides at the same time"
    chance_words: ClassVar[str] = "the move drew at random"
    reveal_words: ClassVar[str] = "the move uncovered something hidden"

    def undoable(self, before: Any, seat: int, action: Action, after: Any) -> bool:
        """Whether `seat` may take back `action`, which turned `before` into `after`
        (`undo_refusal` says why not)."""
        return self.undo_refusal(before, seat, action, after) is None

    def undo_refusal(self, before: Any, seat: int, action: Action, after: Any) -> str | None:
        """None when `seat` may take back `action`, which turned `before` into
        `after`; otherwise why not, in a player's words.

        A move can be taken back only within its seat's turn: the seat alone is
        still to decide (nobody else can have acted since, openly or in secret),
        the game goes on (its record, seed included, is published once over), no
        generator in the state moved, and the move showed nobody anything hidden:
        `reveals_nothing` answers that part. The first two reasons rest on who is
        to act, which is public, and are given first, so the answer rests on what
        `seat` may see alone.
        """
        if self.is_over(after):
            return "the game is over"
        acting = self.to_act(after)
        if seat not in acting:
            return self.turn_over_words
        if len(acting) > 1:
            return self.together_words
        if self.generators(before) != self.generators(after):
            return self.chance_words
        if not self.reveals_nothing(before, seat, action, after):
            return self.reveal_reason(before, seat, action, after)
        return None

    def generators(self, state: Any) -> list[int]:
        """The positions of every seeded generator in `state`, in a fixed order: a
        move that changes them drew at random. By default found by walking the whole
        state; a game whose generators sit in known places says where (the
        conformance suite checks the two answers agree), which spares a walk over
        a large state at every move a server judges for a take-back."""
        return generator_positions(state)

    def reveal_reason(self, before: Any, seat: int, action: Action, after: Any) -> str:
        """What `action`, which `reveals_nothing` refused, uncovered, in a player's
        words (`reveal_words` unless the game tells it move by move)."""
        return self.reveal_words

    def reveals_nothing(self, before: Any, seat: int, action: Action, after: Any) -> bool:
        """Whether `action` by `seat` shows no seat anything it could not know before
        but what `seat` itself knew (its own hand, say, once played).

        With `hidden_parts` declared, the answer is that the parts hidden from
        `seat` (`hidden_from`) are unchanged. Without it, the only sound answer a
        game-agnostic check can give is yes when no seat had anything hidden at all.
        """
        hidden = self.hidden_from(before, seat)
        if hidden is None:
            return not any(self.has_hidden_information(before, s)
                           for s in range(self.num_seats(before)))
        return bool(hidden == self.hidden_from(after, seat))

    def hidden_parts(self, state: Any) -> Any:
        """Everything in `state` that some seat cannot see, as comparable data,
        or None when the game does not declare it.

        A game declares this only where no public outcome depends on a hidden
        part without changing it (a card that may interrupt from a hidden hand
        is such a dependence, unless `reveals_nothing` rules it out); the undo
        conformance test checks the claim.
        """
        return None

    def hidden_from(self, state: Any, seat: int) -> Any:
        """The parts of `state` that `seat` cannot see, as comparable data (by
        default every hidden part): a move that changes none of them uses nothing
        its seat did not know. None when the game does not declare its hidden parts."""
        return self.hidden_parts(state)

    def breakdown(self, state: Any, record: MovesPlayed) -> Breakdown | None:
        """The final scores of `state`, a finished game, in the parts the game's
        scoring summed, for the end screen; None where the game does not tell.

        `record` is the game's record up to `state`: a game whose state keeps only
        the totals tells the parts by replaying its moves from the setup.
        """
        return None

    def why_illegal(self, state: Any, seat: int, action: Action) -> Refusal | str | None:
        """A game-specific reason for an action outside the legal list: a
        `Refusal` naming the rule that is not met, where the game knows it."""
        return None

    def step_rule(self, state: Any, seat: int) -> tuple[str, str] | None:
        """The rule of the decision `seat` faces now, as (RULES.md id, the rule in a
        player's words), for a click that no move of the seat's fits; None where the
        game does not name it. It tells nothing the seat cannot see."""
        return None

    def refusal(self, state: Any, seat: int, action: Any) -> Refusal | str | None:
        """`explain` with the rule behind a refusal: None when `action` is legal for
        `seat` now, a `Refusal` where the game names the rule, else the reason."""
        action = freeze(action)
        check_form(self, action)
        return self._refusal(state, seat, action)

    # ------------------------------------------------- checks and plumbing
    def apply(self, state: Any, seat: int, action: Any) -> list[Event]:
        if not well_formed(action):  # a flat tuple of str and int is frozen already
            action = freeze(action)
            check_form(self, action)
        refused = self._refused(state, seat, action)
        if refused is not None:
            raise IllegalAction(str(refused[1]), refused[0])
        return self._apply(state, seat, action)

    def apply_trusted(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Internal: `apply` without the checks, for search and playouts.

        Only for an `action` just taken from `legal_actions(state, seat)` for the
        seat `to_act` names: that list already is the legality check, and a
        search re-checking every move it took from it spends a sixth of its time
        doing so. Anything else must go through `apply`, which refuses illegal
        moves and leaves the state untouched; this method does not (the
        conformance suite proves the two agree on legal moves).
        """
        return self._apply(state, seat, action)

    def explain(self, state: Any, seat: int, action: Any) -> str | None:
        """None when `action` is legal for `seat` now; otherwise the reason.

        Something that is not an action at all (see `Action`) is refused with
        IllegalAction rather than explained.
        """
        action = freeze(action)
        check_form(self, action)
        reason = self._refusal(state, seat, action)
        return None if reason is None else str(reason)

    def _refusal(self, state: Any, seat: int, action: Any) -> Refusal | str | None:
        refused = self._refused(state, seat, action)
        return None if refused is None else refused[1]

    def _refused(self, state: Any, seat: int, action: Any
                 ) -> tuple[RefusalCode, Refusal | str] | None:
        """None when `action` is legal for `seat` now; else the kind of refusal and
        the reason. The checks run in this order, so the kind is the first that holds."""
        if self.is_over(state):
            return RefusalCode.OVER, "The game is over; no more actions can be taken."
        if type(seat) is not int or not 0 <= seat < self.num_seats(state):
            return RefusalCode.SEAT, f"There is no seat {seat!r} in this game."
        acting = self.to_act(state)
        if seat not in acting:
            waiting = ", ".join(f"seat {s}" for s in acting)
            return (RefusalCode.TURN,
                    f"It is not seat {seat}'s turn to decide; waiting for {waiting}.")
        if action not in self.action_space.index:
            return RefusalCode.FORM, f"{action!r} is not an action of {self.title}."
        if self._is_legal_formed(state, seat, action):
            return None
        return RefusalCode.RULE, self.why_illegal(state, seat, action) or (
            f"{self.describe(action)} is not allowed now."
        )

    @abstractmethod
    def num_seats(self, state: Any) -> int: ...

    def to_json(self, state: Any) -> dict[str, Any]:
        return {"game": self.name, "state": to_plain(state)}

    def from_json(self, data: Any) -> Any:
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise CorruptData(f"not valid JSON: {exc}") from exc
        if not isinstance(data, dict) or data.get("game") != self.name:
            raise CorruptData(f"this is not a saved {self.title} state")
        state = from_plain(self.state_type, data.get("state"), "state")
        self.validate_state(state)
        return state

    def validate_state(self, state: Any) -> None:  # noqa: B027 - optional hook
        """Refuse a decoded state whose parts contradict each other."""

    @cached_property
    def action_space(self) -> ActionSpace:
        return ActionSpace(self.all_actions())

    def encode(self, action: Any) -> int:
        if well_formed(action):  # a flat tuple of str and int is frozen already
            found = self.action_space.index.get(action)
            if found is not None:
                return found
        action = freeze(action)
        check_form(self, action)
        try:
            return self.action_space.index[action]
        except KeyError:
            raise IllegalAction(f"{action!r} is not an action of {self.title}.",
                                RefusalCode.FORM) from None

    def decode(self, index: int) -> Action:
        if type(index) is not int or not 0 <= index < len(self.action_space):
            top = len(self.action_space) - 1
            raise IllegalAction(f"action index {index!r} is outside 0..{top}", RefusalCode.FORM)
        return self.action_space.actions[index]

    def num_actions(self, players: int | None = None) -> int:
        return len(self.action_space)


def _coerce(value: Any, choices: tuple[Any, ...]) -> Any:
    """Accept a number written as a string ("3" for 3) and a number for a choice that
    is a number written as a word (20 for "20")."""
    if value in choices:
        return value
    if type(value) is str:
        try:
            number = int(value)
        except ValueError:
            return value
        return number if number in choices else value
    if type(value) is int and str(value) in choices:
        return str(value)
    return value
