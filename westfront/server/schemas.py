"""Request and response bodies of the HTTP API (they make the OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

MAX_SEED = 2**63 - 1
GAME_ID = r"^[A-Za-z0-9_-]{1,24}$"
MAX_DEPTH = 32  # nesting a request body may have (options are flat; saves travel as text)
MAX_SAVE_CHARS = 1_500_000  # a finished 1944 campaign save is about 30 KB


def bad_text(obj: Any, depth: int = 0) -> str | None:
    """Why JSON-decoded ``obj`` cannot be taken (too deep, or text that is not valid Unicode)."""
    if depth > MAX_DEPTH:
        return f"nested deeper than {MAX_DEPTH} levels"
    if isinstance(obj, str):
        try:
            obj.encode("utf-8")
        except UnicodeEncodeError:
            return "text holds a lone surrogate (not valid Unicode)"
        if "\x00" in obj:
            return "text holds a NUL character (\\u0000)"  # PostgreSQL text cannot store one
        return None
    if isinstance(obj, dict):
        items: Any = [x for kv in obj.items() for x in kv]
    elif isinstance(obj, list):
        items = obj
    else:
        return None
    for x in items:
        why = bad_text(x, depth + 1)
        if why:
            return why
    return None


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _valid_text(cls, data: Any) -> Any:
        why = bad_text(data)
        if why:
            raise ValueError(why)
        return data


class CreateGame(_Body):
    game: str = Field(max_length=64, description="game id from /api/catalog")
    scenario: str | None = Field(default=None, max_length=64, description="default: the game's first scenario")
    options: dict[str, Any] = Field(default_factory=dict, max_length=64,
                                    description="optional rules; unknown names are refused")
    seed: StrictInt | None = Field(default=None, ge=0, le=MAX_SEED,
                                   description="default: a secret server seed. A chosen seed is announced to "
                                               "every seat of a game with more than one human seat, and refused "
                                               "in such a game when it hides information (400)")
    seats: dict[str, str] = Field(max_length=8, description='every side: "human" or "ai:<level>"')


class ImportGame(_Body):
    save: str = Field(max_length=MAX_SAVE_CHARS, description="the text of a westfront save file")
    seats: dict[str, str] = Field(max_length=8, description='every side: "human" or "ai:<level>"')


class ActionRequest(_Body):
    token: str = Field(max_length=64)
    version: StrictInt = Field(ge=0, le=2**31 - 1, description="the version the client saw; a stale one gets 409")
    action: str = Field(max_length=500, description='action text from "actions", e.g. "move b-inf-1"')
    diff: StrictBool = Field(default=False, description="answer with view_patch against the view of `version` "
                                                  "(when the server still has it) instead of the full view")


class UndoRequest(_Body):
    token: str = Field(max_length=64)
    version: StrictInt = Field(ge=0, le=2**31 - 1, description="the version the client saw; a stale one gets 409")


class ClaimRequest(_Body):
    token: str = Field(max_length=64, description="the token of the invite link")


class Claimed(BaseModel):
    id: str
    game: str
    side: str
    token: str = Field(description="the seat's new secret token; the invite link's token no longer works")
    version: int
    url: str


class NotifyRequest(_Body):
    token: str = Field(max_length=64)
    webhook: str | None = Field(default=None, max_length=480, description="http(s) URL POSTed on your turn")
    email: str | None = Field(default=None, max_length=254, description="address mailed on your turn")


class NotifySettings(BaseModel):
    side: str
    webhook: str | None
    email: str | None


class ChatRequest(_Body):
    token: str = Field(max_length=64)
    text: str = Field(max_length=2000, description="the message (at most 500 characters; no control characters)")


class ChatMessage(BaseModel):
    id: int
    side: str
    text: str
    at: float = Field(description="server time (Unix seconds)")


class ChatPosted(BaseModel):
    message: ChatMessage


class ChatLog(BaseModel):
    seat: str
    messages: list[ChatMessage]


class PreviewRequest(_Body):
    token: str = Field(max_length=64)
    actions: list[Annotated[str, Field(max_length=500)]] = Field(
        max_length=500, description="action texts (each at most 500 characters)")


class WhyRequest(_Body):
    token: str = Field(max_length=64)
    action: str = Field(max_length=500, description="an action text this seat might send")


class WhyNot(BaseModel):
    version: int
    legal: bool
    reason: str | None = Field(description="the refusal the action would get now (its rule and the actual reason); null when legal")


class SeatInfo(BaseModel):
    kind: str
    token: str | None
    url: str | None


class Created(BaseModel):
    id: str
    version: int
    seats: dict[str, SeatInfo]


class SeatView(BaseModel):
    """Everything one seat may know about a game right now."""

    id: str
    game: str
    version: int
    seat: str | None
    seats: dict[str, str]
    view: dict[str, Any] | None = Field(default=None, description="absent when view_patch is sent")
    view_patch: dict[str, Any] | None = Field(default=None, description="changes against the view of view_base")
    view_base: int | None = None
    prompt: str | None
    current_player: str | None
    your_turn: bool
    actions: list[str]
    log: list[dict[str, Any]]
    log_start: int
    log_len: int
    result: dict[str, Any] | None
    status: str
    thinking: str | None
    can_undo: bool
    undo_reason: str | None
    n_actions: int
    seed: int | None = Field(default=None, description="the dice seed when the creator chose it (announced to all)")
    engagement: dict[str, Any] | None = Field(
        default=None, description="the attack under way as this seat may see it: targets, attackers (view ids), declared")
    places: dict[str, list[str]] = Field(
        default_factory=dict, description="for the seat to move: the hexes a choice concerns when its words name "
                                          "a region or a numbered combat rather than a hex (action text -> hexes)")


class Previews(BaseModel):
    version: int
    previews: dict[str, Any]


class LogEntry(BaseModel):
    ordinal: int
    side: str
    action: str | None = Field(description="null when the action would reveal hidden information to this seat")
    hash: str | None = Field(description="State.hash() after the action; null for a seat that cannot see "
                                         "everything in a game with hidden information")
    barrier: bool
    version: int


class Record(BaseModel):
    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    seed: int | None = Field(description="null until the game is over (it would predict the dice), unless the "
                                         "creator chose it: then it is announced to every seat")
    seed_public: bool = Field(description="the seed was chosen by the creator or comes from an imported save")
    setup_hash: str | None
    version: int
    status: str
    actions: list[LogEntry]


class ReplayFrame(BaseModel):
    id: str
    at: int
    n_actions: int
    side: str | None
    view: dict[str, Any]
    log: list[dict[str, Any]]
    action: str | None
    actor: str | None
    sides: list[str]
    plans: dict[str, Any] | None = None  # once the game is over: each AI seat's plan at this frame (issue 21)


class Analysis(BaseModel):
    """The post-game analysis (westfront.analysis, docs/analysis.md)."""

    id: str
    format: str
    game: str
    scenario: str
    sides: list[str]
    n_actions: int
    stride: int
    points: list[dict[str, Any]]  # {at, turn, chances: {side: 0..1}}
    turning_points: list[dict[str, Any]]  # {at, action, actor, turn, turn_label, before, after, swing, gainer}
    result: dict[str, Any] | None
    model: dict[str, Any]
    victory: dict[str, Any] | None  # {label, turns: [{turn, at, values: {side: points}}]}
    losses: dict[str, int]


class LobbyGame(BaseModel):
    id: str
    game: str
    title: str
    scenario: str
    status: str
    version: int
    actions: int
    to_move: str | None
    turn_label: str | None
    result: dict[str, Any] | None
    seats: dict[str, str]
    thinking: bool
    created_at: float
    updated_at: float


class LessonTry(_Body):
    at: StrictInt = Field(ge=0, le=10_000, description="the steps done on the frame the move was made on")
    action: str | None = Field(default=None, max_length=500,
                               description="action text; null for a step that only asks to read on")
    show: StrictBool = Field(default=False, description="play the example's own move instead")


class LessonList(BaseModel):
    games: dict[str, list[dict[str, Any]]]


class LessonFrame(BaseModel):
    """A lesson's position after ``at`` steps (westfront/server/lessons.py, docs/lessons.md)."""

    lesson: dict[str, Any]
    at: int
    n_steps: int
    done: bool
    step: dict[str, Any] | None
    previous: dict[str, Any] | None
    viewer: str | None
    view: dict[str, Any]
    actions: list[str]
    places: dict[str, Any]
    engagement: dict[str, Any] | None
    checks: list[dict[str, Any]]
    results: list[dict[str, Any]]
    log: list[dict[str, Any]]
    outcome: str | None


class LessonAnswer(BaseModel):
    ok: bool
    refusal: str | None
    hint: str | None
    frame: LessonFrame | None


class Problem(BaseModel):
    detail: str
    version: int | None = None


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "malformed request or an action the rules forbid (reason cites the rule)"},
    413: {"model": Problem, "description": "request body larger than the server accepts"},
    403: {"model": Problem, "description": "missing or wrong seat token"},
    404: {"model": Problem, "description": "no such game"},
    409: {"model": Problem, "description": "stale version: someone moved first"},
    429: {"model": Problem, "description": "too many requests in a short time (chat: 5 per 10 s per seat)"},
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The documented error responses of a route."""
    return {c: ERRORS[c] for c in codes}
