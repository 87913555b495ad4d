"""The rules reference (``data/rules_reference.toml`` of each game) is complete, short, keyed by
the game's own section ids, and written in the project's words: no run of twelve words of a
summary may appear verbatim in the rulebook (the guard against pasting rule text)."""

from __future__ import annotations

import os
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from westfront.games import registry

REPO = Path(__file__).resolve().parents[2]
GAMES_DIR = REPO / "westfront" / "games"
# the shared folder next to the checkout (``../shared``); worktrees under ``wt/`` find it one
# level further up; WESTFRONT_RULEBOOKS overrides both
RULEBOOK_DIRS = [Path(p) for p in filter(None, [os.environ.get("WESTFRONT_RULEBOOKS")])] + [
    REPO.parent / "shared" / "rulebooks", REPO.parent.parent / "shared" / "rulebooks"]
# game package -> rulebook file, for packages whose module may not be registered on this branch
RULEBOOKS = {
    "dday_to_the_rhine": "1944-dday-to-the-rhine.txt",
    "onslaught": "onslaught.txt",
    "second_front_now": "second-front-now.txt",
    "dday_3rd": "dday-3rd-edition.txt",
    "race_to_the_rhine": "race-to-the-rhine-dragoon.txt",
}
# games whose reference must summarise every section of RULE_SECTIONS
COMPLETE = {"dday-to-the-rhine", "onslaught", "skirmish", "race-to-the-rhine", "second-front-now", "dday-3rd"}
MAX_CHARS = 600
RUN = 12  # words in a row that may not be shared with the rulebook


def reference_files() -> list[Path]:
    return sorted(GAMES_DIR.glob("*/data/rules_reference.toml"))


def summaries(path: Path) -> list[tuple[str, str]]:
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    return [(str(s["id"]), str(s["summary"])) for s in doc.get("section", [])]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def runs(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


@cache
def rulebook_runs(file: str) -> frozenset[tuple[str, ...]] | None:
    for folder in RULEBOOK_DIRS:
        if (folder / file).exists():
            return frozenset(runs((folder / file).read_text(encoding="utf-8")))
    return None


def games_with_reference() -> list[str]:
    return [g for g in registry.game_ids()
            if (Path(registry.module(g).__file__ or "").parent / "data" / "rules_reference.toml").exists()]


def test_the_reference_files_exist_for_the_finished_games():
    have = set(games_with_reference())
    assert {"dday-to-the-rhine", "onslaught", "skirmish", "race-to-the-rhine"} <= have


@pytest.mark.parametrize("game", games_with_reference())
def test_every_summary_belongs_to_a_section_and_every_section_has_one(game):
    mod = registry.module(game)
    path = Path(mod.__file__ or "").parent / "data" / "rules_reference.toml"
    ids = [str(sec[0]) for sec in mod.RULE_SECTIONS]
    got = [sid for sid, _ in summaries(path)]
    assert len(got) == len(set(got)), f"{game}: a section is summarised twice"
    assert set(got) <= set(ids), f"{game}: summaries for unknown sections {sorted(set(got) - set(ids))}"
    if game in COMPLETE:
        assert set(ids) <= set(got), f"{game}: sections without a summary {[i for i in ids if i not in got]}"


@pytest.mark.parametrize("path", reference_files(), ids=lambda p: p.parent.parent.name)
def test_summaries_are_short_plain_text(path):
    for sid, text in summaries(path):
        assert text.strip(), f"{sid}: empty summary"
        assert len(text) <= MAX_CHARS, f"{sid}: {len(text)} characters (at most {MAX_CHARS})"


@pytest.mark.parametrize("path", [p for p in reference_files() if p.parent.parent.name in RULEBOOKS],
                         ids=lambda p: p.parent.parent.name)
def test_no_summary_copies_the_rulebook(path):
    book = rulebook_runs(RULEBOOKS[path.parent.parent.name])
    if book is None:
        pytest.skip(f"rulebook {RULEBOOKS[path.parent.parent.name]} not found in {[str(d) for d in RULEBOOK_DIRS]}:"
                    " the paste check needs ../shared/rulebooks next to the checkout")
    for sid, text in summaries(path):
        shared = runs(text) & book
        assert not shared, f"{sid}: {len(shared)} runs of {RUN} words copied from the rulebook, e.g. " \
                           f"{' '.join(next(iter(shared)))!r}"


def test_the_paste_guard_catches_a_copied_sentence():
    book = rulebook_runs("onslaught.txt")
    if book is None:
        pytest.skip("onslaught.txt not found: the paste check needs ../shared/rulebooks next to the checkout")
    for folder in RULEBOOK_DIRS:
        if (folder / "onslaught.txt").exists():
            text = (folder / "onslaught.txt").read_text(encoding="utf-8")
    sentence = max(text.split("."), key=len)
    assert runs(sentence.upper()) & book
    assert not runs("a unit moves one hex at a time and pays for the terrain it enters in points") & book


@pytest.mark.parametrize("game", ["dday-to-the-rhine", "onslaught", "skirmish", "race-to-the-rhine"])
def test_the_api_serves_a_summary_for_every_section(client, game):
    ref = client.get(f"/api/rules/{game}").json()
    missing = [s["id"] for s in ref["sections"] if not s["summary"]]
    assert ref["sections"] and not missing, f"{game}: no summary served for {missing}"
