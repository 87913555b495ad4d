"""``westfront simulate``, ``tournament`` and ``replay-record`` as a user runs them."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import westfront
from westfront.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_simulate_writes_every_file_and_the_html_shows_existing_plots(tmp_path):
    out = tmp_path / "sim"
    r = run("simulate", "skirmish", "--agents", "random,random", "--games", "4", "--workers", "1", "--seed", "3",
            "--option", "combat=dice", "--out", str(out))
    assert r.exit_code == 0, r.output
    for f in ("records.jsonl", "games.parquet", "games.csv", "turns.parquet", "turns.csv", "summary.json",
              "report.html"):
        assert (out / f).is_file(), f
    games = pq.read_table(out / "games.parquet").to_pylist()
    assert [g["seed"] for g in games] == [3, 4, 5, 6]
    assert all(json.loads(g["options"])["combat"] == "dice" for g in games)
    assert len((out / "games.csv").read_text().splitlines()) == 5
    assert pq.read_table(out / "turns.parquet").num_rows >= 4 * 6
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 4 and set(summary["win_rate_by_side"]) == {"blue", "red"}
    assert sum(d["wins"] for d in summary["win_rate_by_side"].values()) + summary["draws"]["games"] == 4
    srcs = re.findall(r'<img src="([^"]+)"', (out / "report.html").read_text())
    assert {"plots/win_rate_by_side.png", "plots/victory_levels.png", "plots/decided_turn.png",
            "plots/combat_heatmap.png"} <= set(srcs)
    for src in srcs:
        assert (out / src).is_file() and (out / src).read_bytes()[:4] == b"\x89PNG"


def test_simulate_onslaught_capped_then_replay_record_and_save(tmp_path):
    out = tmp_path / "ons"
    r = run("simulate", "onslaught", "--games", "2", "--workers", "2", "--max-actions", "200", "--out", str(out))
    assert r.exit_code == 0, r.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["truncated"] == 2
    save = tmp_path / "g.json"
    r = run("replay-record", str(out), "--seed", "1", "--save", str(save))
    assert r.exit_code == 0 and "verified" in r.output
    assert westfront.from_json(save.read_text(), verify=True).hash() == json.loads(
        (out / "records.jsonl").read_text().splitlines()[1])["hash"]


def test_tournament_table_and_json(tmp_path):
    out = tmp_path / "t.json"
    recs = tmp_path / "t.jsonl"
    r = run("tournament", "skirmish", "--agents", "random,random-b", "--games", "4", "--workers", "2",
            "--json", str(out), "--records", str(recs))
    assert r.exit_code == 0, r.output
    assert "Elo" in r.output
    doc = json.loads(out.read_text())
    (p,) = doc["pairings"]
    assert p["games"] == 4 and p["a_wins"] + p["b_wins"] + p["draws"] == 4
    assert set(p["by_side_of_a"]) == {"blue", "red"} and all(v["a_games"] == 2 for v in p["by_side_of_a"].values())
    assert {e["agent"] for e in doc["elo"]} == {"random", "random-b"}
    assert len(doc["games_detail"]) == 4
    assert doc["per_agent"]["random"]["mean_s_per_decision"] > 0
    r = run("replay-record", str(recs))
    assert r.exit_code == 0 and r.output.count("verified") == 4


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "nogame", "--out", "x"], "unknown game 'nogame'"),
    (["simulate", "skirmish", "--agents", "nobody", "--out", "x"], "unknown agent 'nobody'"),
    (["simulate", "skirmish", "--games", "0", "--out", "x"], "--games must be at least 1"),
    (["simulate", "skirmish", "--workers", "0", "--out", "x"], "--workers must be at least 1"),
    (["simulate", "skirmish", "--option", "nope=1", "--out", "x"], "has no option nope"),
    (["simulate", "skirmish", "--scenario", "moon", "--out", "x"], "has no scenario 'moon'"),
    (["simulate", "skirmish", "--agents", "random,random,random", "--out", "x"], "2 sides"),
    (["tournament", "skirmish", "--agents", "random", "--games", "2"], "at least two different agents"),
    (["tournament", "onslaught", "--agents", "random,ghost", "--games", "2"], "unknown agent 'ghost'"),
    (["replay-record", "no/such/records.jsonl"], "no records file"),
    (["simulate", "skirmish", "--ray", "127.0.0.1:1", "--out", "x"], "cannot reach Ray at '127.0.0.1:1'"),
])
def test_bad_input_exits_2_with_one_line(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0]
    assert not (tmp_path / "x").exists()


def test_bad_input_exit_code_from_the_shell():
    p = subprocess.run([sys.executable, "-m", "westfront", "tournament", "skirmish", "--agents", "random,x",
                        "--games", "0"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and p.stderr.strip() == "error: --games must be at least 1, got 0"
