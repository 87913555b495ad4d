"""Errors the game service raises, each with the HTTP status the API maps it to."""

from __future__ import annotations


class ServiceError(Exception):
    status = 500

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class BadRequest(ServiceError):
    """Malformed input or an action the rules forbid (the reason cites the rule)."""

    status = 400


class Forbidden(ServiceError):
    """Missing or wrong seat token, or information this seat may not see."""

    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    """The client's version is stale: someone else moved first."""

    status = 409

    def __init__(self, detail: str, version: int | None):
        super().__init__(detail)
        self.version = version


class TooMany(ServiceError):
    """Too many requests of one kind in a short time (e.g. chat messages): try again later."""

    status = 429


class Broken(ServiceError):
    """The stored record does not reproduce its hashes; the game is not served."""

    status = 500
