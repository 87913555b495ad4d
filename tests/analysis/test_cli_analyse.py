"""`westfront analyse SAVE` (issue 36): a PNG chart and a JSON file of the post-game analysis."""

from __future__ import annotations

import json
import subprocess
import sys

from .test_chances import finished


def wf(*args):
    return subprocess.run([sys.executable, "-m", "westfront", *args], capture_output=True, text=True, timeout=300)


def test_writes_png_and_json(tmp_path):
    # skirmish 4: a finished game's record, saved as the UI's Save button saves it
    s = finished()
    save = tmp_path / "game.json"
    save.write_text(s.to_json(), encoding="utf-8")
    p = wf("analyse", str(save), "--out", str(tmp_path / "out"))
    assert p.returncode == 0, p.stderr
    png = (tmp_path / "out.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000
    d = json.loads((tmp_path / "out.json").read_text())
    assert d["format"] == "westfront-analysis/1" and d["game"] == "skirmish"
    assert len(d["points"]) == len(s.history) + 1
    assert len(d["turning_points"]) == 3
    assert "turning point 1: action" in p.stdout


def test_default_output_beside_the_save_never_replaces_it(tmp_path):
    # a save is JSON too: the analysis goes to g.analysis.json, and the save g.json still loads as the game
    from westfront import api

    save = tmp_path / "g.json"
    text = finished(seed=0).to_json()
    save.write_text(text, encoding="utf-8")
    assert wf("analyse", str(save)).returncode == 0
    assert (tmp_path / "g.analysis.png").exists()
    assert json.loads((tmp_path / "g.analysis.json").read_text())["format"] == "westfront-analysis/1"
    assert save.read_text(encoding="utf-8") == text and api.from_json(text).is_terminal()


def test_an_out_stem_naming_the_save_is_refused(tmp_path):
    save = tmp_path / "g.json"
    text = finished(seed=0).to_json()
    save.write_text(text, encoding="utf-8")
    p = wf("analyse", str(save), "--out", str(tmp_path / "g"))
    assert p.returncode == 1 and "would overwrite the save" in p.stderr
    assert save.read_text(encoding="utf-8") == text and not (tmp_path / "g.png").exists()


def test_clear_errors_for_bad_saves(tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text("this is no save", encoding="utf-8")
    p = wf("analyse", str(junk))
    assert p.returncode == 1 and "not a westfront save" in p.stderr and "Traceback" not in p.stderr
    p = wf("analyse", str(tmp_path / "missing.json"))
    assert p.returncode == 1 and "cannot read" in p.stderr
    from westfront import api

    s = api.load("skirmish", seed=1)
    s.apply(s.legal_actions()[0])
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(s.to_json(), encoding="utf-8")
    p = wf("analyse", str(unfinished))
    assert p.returncode == 1 and "not over" in p.stderr
    assert not (tmp_path / "unfinished.png").exists()
