"""How the game is won: the Rhine crossing with an unbroken chain (rttr How to win the game),
encirclement (rttr Encirclement), and Medals at the end (base, reconstructed)."""

from __future__ import annotations

from ...core.state import PureMemo, Result
from .board import board, static_sets
from .position import Position


def crossing_win(s: Position, commander: str, sid: str, came_from: str) -> bool:
    """rttr How to win the game: the Corps crossed the Rhine into one of its commander's Victory spaces, took
    it (Control placed), and an unbroken chain of his own Control markers leads back to his starting area."""
    b, g = s.board, s.graph
    area = b.areas[commander]
    if sid not in area.victory or s.controller(sid) != commander:
        return False
    if g.link_kind(came_from, sid) != "rhine_crossing":
        return False
    own = s.sets()["control:" + commander]
    chain = g.flood(g.bb([sid]), own)
    return bool(chain & g.bb(area.start))


def encircled_by(s: Position, before_cut: int) -> int:
    """rttr Encirclement: uncontrolled spaces newly cut off from every Axis source (Düsseldorf, and Karlsruhe
    with Patch-Devers). With no source left uncontrolled nothing is encircled (reconstructed).

    The effect is reconstructed (tables.toml [encirclement]) and kept within what the descriptions allow:
    only the empty spaces of the pocket give way — never one holding an Axis marker or flag, never a
    Fortified or a Victory space (a Victory space must be fought for: rttr How to win the game, Freiburg)."""
    uncontrolled = s.on_board() & ~s.sets()["control"]
    src = s.axis_sources() & uncontrolled
    if not src:
        return 0
    st = static_sets()
    holds = s.sets()["axis"] | st["fortified"] | st["victory"]
    return _cut_off(uncontrolled, src) & ~before_cut & ~holds


def cut_now(s: Position) -> int:
    uncontrolled = s.on_board() & ~s.sets()["control"]
    src = s.axis_sources() & uncontrolled
    return _cut_off(uncontrolled, src) if src else uncontrolled


def _cut_off_of(region: int, sources: int) -> int:
    return board().graph.cut_off(region, sources)  # type: ignore[no-any-return]


_cut_off = PureMemo(_cut_off_of)  # rttr Encirclement asks it twice per space taken, from a few marker sets


def final_scores(s: Position, wacht_am_rhein: bool) -> dict[str, float]:
    """Medals at the end; with Operation Wacht am Rhein each secondary objective under its commander's own
    Control adds Medals (effect reconstructed)."""
    scores = {c: float(s.gg["medals"][c]) for c in s.seats}
    if wacht_am_rhein:
        for c in s.seats:
            held = [x for x in s.board.areas[c].secondary_objectives if s.controller(x) == c]
            scores[c] += s.tables.wacht_am_rhein_medals * len(held)
    return scores


def solo_rank(s: Position, rounds: int | None) -> str:
    """The solitaire scoring card (reconstructed reading: rounds needed to cross the Rhine)."""
    if rounds is not None:
        for limit, title in s.tables.solo_ranks:
            if rounds <= limit:
                return title
    return s.tables.solo_last_rank


def medals_result(s: Position, wacht_am_rhein: bool) -> Result:
    scores = final_scores(s, wacht_am_rhein)
    if len(s.seats) == 1:
        only = s.seats[0]
        return Result(None, solo_rank(s, None), f"the Axis clock ran out before {s.commander_name(only)} crossed the Rhine", scores)
    top = max(scores.values())
    leaders = [c for c, v in scores.items() if v == top]
    if len(leaders) > 1:
        return Result(None, "shared", f"Medals tied at {top:g} between {', '.join(s.commander_name(c) for c in leaders)}",
                      scores)
    return Result(leaders[0], "marginal", f"{s.commander_name(leaders[0])} has the most Medals ({top:g})", scores)


TRACK_LABEL = "Medals"


def victory_track(s: Position) -> dict[str, float]:
    """Each commander's Medals now, for the post-game victory track (westfront.analysis.track)."""
    return {c: float(s.gg["medals"][c]) for c in s.seats}
