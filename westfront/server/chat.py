"""Chat between the seats of a game (issue 35): checks on a message's text and the limits.

Chat is not part of the game: messages never enter the action log, the state hash,
saves or replays, and they do not bump the game's version. Only the game's seat
tokens may read or write them; the browser shows them as text (never as HTML).
"""

from __future__ import annotations

import unicodedata

MAX_CHARS = 500  # characters of one message
RATE_COUNT = 5  # at most this many messages ...
RATE_WINDOW = 10.0  # ... per seat in this many seconds
HISTORY = 200  # messages a GET returns at most (the newest)


def bad_chat_text(text: str) -> str | None:
    """Why ``text`` cannot be a chat message (None when it can)."""
    if not text.strip():
        return "a chat message needs some text"
    if len(text) > MAX_CHARS:
        return f"a chat message has at most {MAX_CHARS} characters (this one has {len(text)})"
    if "\x00" in text:
        return "a chat message may not hold a NUL character (\\u0000)"
    for ch in text:
        if ch != "\n" and unicodedata.category(ch) == "Cc":
            return f"a chat message may not hold control characters (U+{ord(ch):04X})"
    return None
