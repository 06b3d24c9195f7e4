"""The shapes of every request and answer, strictly typed, for validation and OpenAPI.

Requests are strict: a number is never read from a string, a bool or a float,
and unknown fields are refused, so what the server acts on is exactly what the
client meant.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from borough.server.room_setup import MAX_SEED

Name = Annotated[str, StringConstraints(max_length=40)]
Part = Annotated[str, StringConstraints(max_length=40)] | int
Token = Annotated[str, StringConstraints(max_length=100)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatSpec(Strict):
    kind: Literal["human", "bot"]
    agent: Name | None = None
    name: Name | None = None


class CreateGame(Strict):
    game: Name
    players: int
    options: dict[Name, Name | int | bool] = Field(default_factory=dict, max_length=16)
    seed: int | None = Field(None, ge=0, lt=MAX_SEED, description=(
        "Leave out for a secret seed, published with the record once the game is over; "
        "a seed given here is shown to every seat as chosen by the creator."))
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    hints: bool | None = Field(None, description=(
        "Whether seats may ask for a suggested move. Leave out for the default: on when "
        "at most one seat is a person (against bots, or solo), off between people. "
        "Every player sees the choice."))


class ActionRequest(Strict):
    token: Token
    version: int = Field(description="The `version` of the seat's view the action was chosen "
                                     "from; an older one is refused as stale (409).")
    action: list[Part] = Field(min_length=1, max_length=8, description=(
        "The action as listed in the view's legal_actions: strings and whole numbers only."))


class TokenRequest(Strict):
    token: Token


class ExplainRequest(TokenRequest):
    action: list[Part] = Field(min_length=1, max_length=8, description=(
        "An action in the form of the view's legal_actions, legal now or not."))


class SuggestRequest(TokenRequest):
    version: int = Field(description="The `version` of the seat's view the suggestion is "
                                     "for; an older one is refused as stale (409).")


class BotRequest(TokenRequest):
    agent: Name = "medium"


CHAT_MOST = 500  # characters in one chat message
# Characters that turn the direction of the text around it: a message could make
# the words after it read differently.
TURNING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def chat_text(value: str) -> str:
    """A chat message as it is stored: plain text on one line, trimmed, not empty."""
    words = value.strip()
    if not words:
        raise ValueError("a message needs some text")
    for ch in words:
        if unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in TURNING:
            raise ValueError(f"a message cannot hold the character U+{ord(ch):04X}")
    return words


class ChatPost(TokenRequest):
    text: Annotated[str, StringConstraints(max_length=CHAT_MOST),
                    AfterValidator(chat_text)] = Field(description=(
        f"At most {CHAT_MOST} characters of plain text on one line (no control "
        "characters); spaces around it are trimmed and it cannot be empty. It is shown "
        "as text, never as markup."))


class ChatReaders(TokenRequest):
    spectators: bool = Field(description="True: this seat lets spectators read the chat.")


# ------------------------------------------------------------------ answers
class Open(BaseModel):
    """An answer whose listed fields are always there; more may be added."""

    model_config = ConfigDict(extra="allow")


class Error(BaseModel):
    error: str


class SeatLink(BaseModel):
    seat: int
    token: str
    name: str
    join_url: str


class Created(BaseModel):
    id: str
    seed: int | None = Field(description="Only when the creator chose it; else secret until "
                                         "the game is over.")
    seed_chosen: bool
    rated: bool = Field(description=(
        "Whether the game will be rated: it is once it ends with every person's seat "
        "played by an account (see unrated_because)."))
    unrated_because: str | None = Field(description=(
        "Why it will not be rated, known now: a chosen seed, suggestions on, a solo game."))
    seats: list[SeatLink]


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    agent: str | None
    name: str


class LegalAction(BaseModel):
    action: list[str | int]
    index: int
    text: str


class EventView(BaseModel):
    number: int = Field(description="The version of this view in which the event appeared.")
    text: str
    kind: str
    seat: int | None


class ResultView(Open):
    scores: list[int | float]
    winners: list[int]
    detail: dict[str, Any]


class RuleRef(BaseModel):
    id: str = Field(description="The rule's id in the game's RULES.md.")
    words: str = Field(description="The rule in a player's words.")
    href: str = Field(description="The rules page at that rule.")


class ScorePartView(BaseModel):
    title: str
    rule: str = Field(description="The RULES.md id that scores this part; empty if none.")
    values: list[int] = Field(description="Each seat's points from this part.")


class BreakdownView(BaseModel):
    parts: list[ScorePartView]
    tiebreak: str | None = Field(description="The tie-break that decided, in words.")
    scale: dict[str, Any] | None = Field(description=(
        "A solo score on the book's scale: steps ([lowest score, title], rising), "
        "below (under the lowest), reached (the rating reached) and score."))


class GameView(Open):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    seed_chosen: bool = Field(description="True when the creator chose the seed.")
    seat: int | None
    status: Literal["playing", "over"]
    version: int = Field(description="Raised only when what this seat may see changes.")
    to_act: list[int]
    your_turn: bool
    can_undo: bool = Field(description=(
        "True when the server would take back this seat's last move now: one made "
        "within the seat's turn (it alone is still to decide) that drew nothing and "
        "uncovered nothing. Taken back, the move before it may be offered in turn."))
    undo_refusal: str | None = Field(default=None, description=(
        "Why this seat cannot take back a move now, in a player's words (\"your turn "
        "has ended\", \"the draw revealed a card\"); null when it can, and for "
        "spectators. It rests only on what the seat may see."))
    observation: dict[str, Any]
    legal_actions: list[LegalAction]
    events: list[EventView]
    seats: list[SeatInfo]
    result: ResultView | None = None
    rule: RuleRef | None = Field(default=None, description=(
        "For the seat to act: the rule of the decision it faces, where the game "
        "names it."))
    breakdown: BreakdownView | None = Field(default=None, description=(
        "A finished game's scores in the parts the game's scoring summed; each seat's "
        "parts add up to its score. Absent while the game goes on."))
    hints: bool = Field(description="True when the seats may ask for a suggested move.")


class Effect(BaseModel):
    what: str = Field(description="The seat's score, a resource or a goal, in words.")
    before: float
    after: float
    need: float | None = Field(description="A goal's target; null for a score or resource.")


class SuggestedMove(BaseModel):
    action: list[str | int]
    index: int
    text: str
    value: float | None = Field(description="The level's value of the move for the seat, "
                                            "from 0 to 1; null where it was not weighed "
                                            "(an only move).")
    does: list[str] = Field(description="What the engine's log would say at once, as far "
                                        "as every state the seat cannot tell apart agrees.")
    effects: list[Effect] = Field(description="Certain changes to the seat's score, "
                                              "resources and goals, from the same preview.")


class Suggestion(BaseModel):
    version: int = Field(description="The view version the suggestion is for.")
    move: SuggestedMove
    level: str = Field(description="The level whose move this is.")
    second: SuggestedMove | None = Field(description="The next best move, if any.")
    sentence: str = Field(description="The suggested move, what it does now and why it "
                                      "beats the next best, in a few sentences.")
    reasons: list[str] = Field(description="The same sentences, one an item.")


class ReviewMark(BaseModel):
    number: int = Field(description="The decision's place in the game's record, from 1.")
    prompt: str
    played: str
    better: str
    cost: float = Field(description="Estimated cost, out of 100 for how the game went "
                                    "for the seat.")


class ReviewedSeat(BaseModel):
    seat: int
    name: str
    decisions: int = Field(description="The seat's decisions that had a choice.")
    judged: int = Field(description="Of them, judged within the review's CPU budget.")
    mistakes: list[ReviewMark] = Field(description="The dearest three, dearest first "
                                                   "(once the review is done).")


class GameReview(BaseModel):
    status: str = Field(description="running, done or failed.")
    done: int
    total: int | None = Field(description="Decisions to judge; null while counted.")
    reviewer: str
    complete: bool = Field(description="Done, with every decision judged.")
    seats: list[ReviewedSeat]


class ChatMessage(BaseModel):
    number: int = Field(description="1, 2, 3, ... within the game.")
    seat: int
    name: str
    text: str = Field(description="Plain text: show it as text, never as markup.")
    at: str = Field(description="When it was stored (ISO 8601, UTC).")


class ChatLog(BaseModel):
    available: bool = Field(description="The game has a chat: two or more of its seats "
                                         "are people, or someone wrote in it.")
    readable: bool = Field(description="The asker may read it: a person's seat, or a "
                                        "spectator of a chat the players opened.")
    seat: int | None = Field(description="The person's seat the token belongs to; null "
                                         "for a spectator or a bot's seat.")
    can_post: bool
    spectators: bool = Field(description="Every seat asked lets spectators read the chat.")
    allowed: list[int] = Field(description="The seats that let spectators read it.")
    asked: list[int] = Field(description="The seats whose leave spectators need: every "
                                         "person's seat now and every seat that wrote.")
    messages: list[ChatMessage]


class Explained(BaseModel):
    allowed: bool
    reason: str | None = Field(description="Why the rules refuse the action; null if allowed.")
    rule: RuleRef | None = Field(default=None, description=(
        "The rule behind a refusal, where the game names it; null otherwise."))


class LobbySeat(BaseModel):
    kind: str
    agent: str | None
    name: str


class LobbyRow(BaseModel):
    id: str
    game: str
    players: int
    status: Literal["playing", "over"]
    moves: int | None = Field(description="Only for finished games.")
    created: str
    seats: list[LobbySeat]


class BotInfo(BaseModel):
    name: str
    help: str = Field(description="What this bot does in this game, in one sentence.")


class About(BaseModel):
    goal: str = Field(description="The game's goal in one sentence.")
    minutes: list[int] = Field(description="A typical game's length, shortest and longest.")
    weight: str = Field(description="How much there is to learn: light to heavy.")
    usual_players: int = Field(description="The player count the game is usually played at.")
    options: dict[str, Any] = Field(
        description="Each option's label and each choice's wording, in players' words.")


class GameInfo(BaseModel):
    name: str
    title: str
    players: list[int]
    options: dict[str, Any]
    about: About
    tutorial: bool = Field(description="Whether the game has a guided first game.")
    bots: list[BotInfo] = Field(description="The bots a seat may take, levels first.")


class Meta(BaseModel):
    games: list[GameInfo]
    agents: list[str]


class Health(BaseModel):
    status: str
    rooms: int = Field(description="Games held in memory; the rest wait in the database.")
    sockets: int


class Guide(BaseModel):
    game: str
    title: str
    markdown: str = Field(description="The guide; each picture is an HTML comment marker.")
    about: About
    figures: list[dict[str, Any]] = Field(
        description="Each picture's setup, caption and position (a table view), in order.")


class TutorialStep(BaseModel):
    game: str
    title: str
    decision: int = Field(description="The person's decision shown, from 0.")
    decisions: int = Field(description="How many decisions the tutorial has.")
    intro: str
    ready: str
    done: bool = Field(description="True after the last decision: the tutorial is over.")
    text: str = Field(description="What to do now and why (the ready sentence once done).")
    wrong: str = Field(description="What a click anywhere else is answered with.")
    players: int
    view: dict[str, Any] = Field(description="The table's view, with the one move offered.")


class Rules(BaseModel):
    game: str
    title: str
    markdown: str


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the refusals a route really answers."""
    words = {
        400: "Malformed request: wrong types, unknown fields, or a setup the game refuses.",
        403: "The token belongs to no seat, or not to the seat that must act, or the "
             "seat may not do this (a bot's seat; suggestions turned off).",
        404: "No such game.",
        408: "The request body took too long to arrive.",
        409: "Stale version, not your turn (suggestions), game over, record not yet "
             "public, or a stored game that no longer replays.",
        413: "The request body is too large.",
        422: "The action is not legal now; the error says why.",
        429: "Too many requests from this client; see Retry-After.",
        503: "The server is busy; see Retry-After.",
        500: "The server failed; nothing was stored and the game goes on as before.",
    }
    return {code: {"model": Error, "description": words[code]} for code in codes}
