"""Request and response bodies of the HTTP API (they make the OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

MAX_SEED = 2**63 - 1
GAME_ID = r"^[A-Za-z0-9_-]{1,24}$"


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateGame(_Body):
    game: str = Field(max_length=64, description="game id from /api/catalog")
    scenario: str | None = Field(default=None, max_length=64, description="default: the game's first scenario")
    options: dict[str, Any] = Field(default_factory=dict, description="optional rules; unknown names are refused")
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED, description="default: a random seed, kept secret")
    seats: dict[str, str] = Field(description='every side: "human" or "ai:<level>"')


class ImportGame(_Body):
    save: str = Field(description="the text of a westfront save file")
    seats: dict[str, str] = Field(description='every side: "human" or "ai:<level>"')


class ActionRequest(_Body):
    token: str = Field(max_length=64)
    version: int = Field(description="the version the client saw; a stale one gets 409")
    action: str = Field(description='action text from "actions", e.g. "move b-inf-1"')


class TokenRequest(_Body):
    token: str = Field(max_length=64)


class PreviewRequest(_Body):
    token: str = Field(max_length=64)
    actions: list[str] = Field(max_length=500)


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
    view: dict[str, Any]
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


class Previews(BaseModel):
    version: int
    previews: dict[str, Any]


class LogEntry(BaseModel):
    ordinal: int
    side: str
    action: str | None = Field(description="null when the action would reveal hidden information to this seat")
    hash: str = Field(description="State.hash() after the action")
    barrier: bool
    version: int


class Record(BaseModel):
    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    seed: int | None = Field(description="null until the game is over (it would predict the dice)")
    setup_hash: str
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


class Problem(BaseModel):
    detail: str
    version: int | None = None


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "malformed request or an action the rules forbid (reason cites the rule)"},
    403: {"model": Problem, "description": "missing or wrong seat token"},
    404: {"model": Problem, "description": "no such game"},
    409: {"model": Problem, "description": "stale version: someone moved first"},
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The documented error responses of a route."""
    return {c: ERRORS[c] for c in codes}
