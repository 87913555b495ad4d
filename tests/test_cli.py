"""The command line, run as a user runs it (a subprocess of `python -m westfront`)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def wf(*args, check=True):
    p = subprocess.run([sys.executable, "-m", "westfront", *args], capture_output=True, text=True, timeout=300)
    if check and p.returncode != 0:
        raise AssertionError(f"westfront {' '.join(args)} failed:\n{p.stdout}\n{p.stderr}")
    return p


def test_help_lists_commands():
    out = wf("--help").stdout
    for cmd in ("games", "new", "replay", "rules", "bench", "serve"):
        assert cmd in out


def test_games_json():
    data = json.loads(wf("games", "--json").stdout)
    ids = {g["id"] for g in data}
    assert "skirmish" in ids
    sk = next(g for g in data if g["id"] == "skirmish")
    assert {s["id"] for s in sk["scenarios"]} == {"meeting", "river"}
    assert {o["id"] for o in sk["options"]} >= {"combat", "zoc"}


def test_games_prints_every_id_whole_on_a_narrow_terminal():
    # what a user types next (game, scenario and option ids) is never cut short ("dday-to-the-…" was)
    import os

    env = {**os.environ, "COLUMNS": "60"}
    p = subprocess.run([sys.executable, "-m", "westfront", "games"], capture_output=True, text=True, timeout=300,
                       env=env)
    words = set(p.stdout.replace(",", " ").split())
    for g in json.loads(wf("games", "--json").stdout):
        assert g["id"] in words
        assert {s["id"] for s in g["scenarios"]} <= words
        assert {o["id"] for o in g["options"]} <= words
    assert "…" not in p.stdout


def test_new_and_replay_verify(tmp_path):
    out = tmp_path / "g.json"
    wf("new", "skirmish", "--scenario", "river", "--option", "combat=fire", "--seed", "4", "--out", str(out))
    doc = json.loads(out.read_text())
    assert doc["scenario"] == "river" and doc["options"]["combat"] == "fire" and doc["seed"] == 4
    r = wf("replay", str(out), "--verify")
    assert "verified" in r.stdout


def test_replay_refuses_a_tampered_save(tmp_path):
    import westfront

    s = westfront.load("skirmish", seed=3)
    s.apply("end")
    doc = json.loads(s.to_json())
    doc["actions"] = ["end", "end", "end"]  # the record no longer matches the cached position
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    r = wf("replay", str(bad), "--verify", check=False)
    assert r.returncode == 1 and "error" in r.stderr and "Traceback" not in r.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\xff\xfe\x00garbage")
    r = wf("replay", str(garbage), check=False)
    assert r.returncode == 1 and "Traceback" not in r.stderr


@pytest.mark.parametrize("args,msg", [
    (("new", "nope", "--out", "x.json"), "unknown game"),
    (("new", "skirmish", "--scenario", "nope", "--out", "x.json"), "no scenario"),
    (("new", "skirmish", "--option", "zoc=sideways", "--out", "x.json"), "must be one of"),
])
def test_clear_errors(args, msg, tmp_path):
    r = wf(*args, check=False)
    assert r.returncode != 0 and msg in (r.stderr + r.stdout)


def test_rules_coverage_json():
    data = json.loads(wf("rules", "skirmish", "--json").stdout)
    assert data["summary"]["sections"] == 6
    # every skirmish rule is cited by at least one test (this suite cites them as `# skirmish N`)
    assert all(r["tests"] > 0 for r in data["sections"]), data["sections"]


def test_bench_quick_json():
    lines = wf("bench", "--json", "--quick", "--only", "kits").stdout.strip().splitlines()
    figs = [json.loads(x) for x in lines]
    names = {f["figure"] for f in figs}
    assert {"movement_reach_us", "supply_trace_us"} <= names
    for f in figs:
        assert f["same_hexes"] is True and f["ours_us"] > 0 and f["scipy_us"] > 0
