"""Why the rules refuse an action: a `Refusal` names the rule behind it in a
player's words (`RuleWords`). Something that is not an action at all (see
`borough.core.game.Action`) is refused by its form alone, the same way in
every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from borough.core.errors import IllegalAction, RefusalCode


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse an action: the condition not met now, and the rule
    behind it, named by its id in the game's RULES.md and said in a player's words.

    `condition` alone is what `Game.explain` answers (and `apply` raises), so a
    refusal reads the same everywhere; `rule` and `words` let a table name the
    rule and link to it."""

    condition: str
    rule: str
    words: str

    def __str__(self) -> str:
        return self.condition

    def to_json(self) -> dict[str, str]:
        return {"condition": self.condition, "rule": self.rule, "words": self.words}


class RuleWords:
    """A game's rules in a player's words, by RULES.md id, for its refusals."""

    def __init__(self, words: dict[str, str]) -> None:
        self.words = dict(words)

    def refuse(self, rule: str, condition: str) -> Refusal:
        """The refusal of an action: `condition` is not met, as `rule` requires."""
        return Refusal(condition, rule, self.words[rule])



class Titled(Protocol):
    """What the refusal of a malformed action names: the game's title."""

    @property
    def title(self) -> str: ...


def well_formed(action: Any) -> bool:
    """A non-empty tuple of exact strs and ints, opening with a str."""
    if type(action) is not tuple or not action or type(action[0]) is not str:
        return False
    for part in action:  # a plain loop: this runs on every move applied
        kind = type(part)
        if kind is not str and kind is not int:
            return False
    return True


def check_form(game: Titled, action: Any) -> None:
    if not well_formed(action):
        raise IllegalAction(f"{action!r} is not an action of {game.title}.", RefusalCode.FORM)


def refusing_malformed(is_legal: Any) -> Any:
    """A game's own `is_legal`, put behind the form check every game shares."""

    def checked(self: Titled, state: Any, seat: int, action: Any) -> bool:
        check_form(self, action)
        return bool(is_legal(self, state, seat, action))

    checked.__doc__ = is_legal.__doc__
    checked.__name__ = is_legal.__name__
    checked._checks_form = True  # type: ignore[attr-defined]
    return checked
