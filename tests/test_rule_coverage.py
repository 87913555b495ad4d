"""The rule-coverage counter behind `westfront rules GAME` (westfront/testing/coverage.py)."""

from __future__ import annotations

from pathlib import Path

from westfront.testing.coverage import citations


def _cited(tmp_path: Path, text: str, prefixes: tuple[str, ...] = ("1944", "SFN")) -> list[str]:
    (tmp_path / "test_x.py").write_text(text)
    return [c for c, _, _ in citations(prefixes, tmp_path)]


def test_every_citation_on_a_comment_line_counts(tmp_path):
    assert _cited(tmp_path, "x = 1  # SFN 14.3 example, SFN 13.2/14.2\n") == ["14.3", "13.2", "14.2"]


def test_listed_sections_after_a_citation_count(tmp_path):
    assert _cited(tmp_path, "# 1944 11.0, 11.2 and 12.1; 17.2 & 18.5 or 19.0\n") == [
        "11", "11.2", "12.1", "17.2", "18.5", "19"]


def test_plain_numbers_and_words_are_not_citations(tmp_path):
    # a bare number after a citation is a count, not a section; "D-Day 3rd" is a name
    assert _cited(tmp_path, "# 1944 8.3, 8 units\n") == ["8.3"]
    assert _cited(tmp_path, "# DE-2-AD (D-Day 3rd)\n", ("D-Day",)) == []
    assert _cited(tmp_path, 'label = "1944 8.3"  # not a comment before the hash\n') == []


def test_a_sentence_ending_after_a_section_still_counts(tmp_path):
    assert _cited(tmp_path, "# see 1944 12.1/12.2.\n") == ["12.1", "12.2"]
