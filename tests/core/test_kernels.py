"""The compiled kernels (core/_kernels.pyx) against their pure-Python twins, and the fallback (issue 34).

Both paths must give identical results: the same set bits, labels, dilations and floods on positions of every
hex game, the same interned actions, and the same whole games. Without a built ``_kernels`` (no compiler on this
machine, or ``WESTFRONT_PURE_BUILD=1`` at install) the comparisons are skipped and the fallback tests still run.
"""

from __future__ import annotations

import importlib
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from westfront import api
from westfront.core import actions, bitboard, kernels, movement, supply
from westfront.core.mapdata import GameMap, load_map
from westfront.games import registry

ROOT = Path(__file__).resolve().parents[2]
HEX_GAMES = ("dday-3rd", "onslaught", "dday-to-the-rhine", "second-front-now", "skirmish")
PURE = bitboard.PURE_PYTHON


def compiled() -> ModuleType:
    try:
        return importlib.import_module("westfront.core._kernels")
    except ImportError:
        pytest.skip("the compiled kernels are not built here (no compiler, or a pure install)")


def game_map(gid: str) -> GameMap:
    return load_map(registry.module(gid).MAP_FILE)


def positions(gid: str, games: int = 2, every: int = 10, cap: int = 300) -> list[dict[str, int]]:
    """Per sampled position of random play: each side's occupied hexes (from the public view) as bitboards."""
    m = game_map(gid)
    out = []
    for seed in range(games):
        s = api.load(gid, seed=900 + seed)
        rnd = random.Random(seed)
        for n in range(cap):
            if s.is_terminal():
                break
            if n % every == 0:
                sides: dict[str, int] = {}
                for u in s.view(None)["units"]:
                    if u.get("hex") and u["hex"] in m.index:
                        sides[u["side"]] = sides.get(u["side"], 0) | 1 << m.index[u["hex"]]
                out.append(sides)
            legal = s.legal_actions()
            s.apply(legal[rnd.randrange(len(legal))])
    return out


@pytest.mark.parametrize("gid", HEX_GAMES)
def test_bits_pick_and_floods_match_on_positions_of_every_hex_game(gid):
    """Occupied hexes, their ZOC rings and floods around them: compiled == pure, on both sides of each position."""
    k = compiled()
    m = game_map(gid)
    labels = list(m.labels)
    dilators = [m.dilator(), m.dilator(["sea"])]
    rnd = random.Random(gid)
    everything = m.all_bb
    checked = 0
    for sides in positions(gid):
        for side, occupied in sides.items():
            enemy = 0
            for s, bb in sides.items():
                enemy |= bb if s != side else 0
            noise = 0
            for _ in range(rnd.randrange(0, 40)):
                noise |= 1 << rnd.randrange(len(labels))
            for bb in (occupied, enemy, noise, everything & ~occupied):
                assert k.bits(bb) == PURE["bits"](bb)
                assert k.pick(labels, bb) == PURE["pick"](labels, bb)
            passable = everything & ~enemy
            for d in dilators:
                ring = k.dilator_step(d, occupied)
                assert ring == PURE["step"](d, occupied)
                for limit in (1, 2, 5, 8, None):
                    assert k.dilator_flood(d, occupied, passable, limit) == PURE["flood"](d, occupied, passable, limit)
                assert k.dilator_flood_lines(d, occupied, passable) == PURE["flood_lines"](d, occupied, passable)
            checked += 1
    assert checked >= 8


@pytest.mark.parametrize("gid", HEX_GAMES)
def test_supply_distances_and_reach_costs_match_on_positions_of_every_hex_game(gid):
    """supply.bfs_distances (same dict, same order) and LayeredReach.cost from units' hexes: compiled == pure."""
    k = compiled()
    m = game_map(gid)
    dil = m.dilator(["sea"])
    rnd = random.Random(gid)
    checked = 0
    for sides in positions(gid):
        for side, occupied in sides.items():
            enemy = 0
            for s, bb in sides.items():
                enemy |= bb if s != side else 0
            starts = bitboard.PURE_PYTHON["bits"](occupied)
            for start in rnd.sample(starts, min(3, len(starts))):
                for passable in (~enemy, m.all_bb & ~enemy & ~dil.step(enemy)):
                    for limit in (0, 1, 5, 8, 24):
                        got = k.bfs_distances(m.nbrs, start, passable, limit)
                        want = supply._bfs_distances_py(m.nbrs, start, passable, limit)
                        assert list(got.items()) == list(want.items())
                    r = movement.layered_reach(start, rnd.choice((1, 4, 8)), [(m.dilator(), -1)],
                                               m.all_bb & ~enemy, stop=dil.step(enemy),
                                               whole=m.dilator() if rnd.random() < 0.3 else None)
                    got = k.layer_costs(r.start, r.layers, r.crossing, r.allowance)
                    want = movement._layer_costs_py(r.start, r.layers, r.crossing, r.allowance)
                    assert list(got.items()) == list(want.items())
                    checked += 1
    assert checked >= 8


def test_bfs_distances_refuses_what_would_overrun():
    k = compiled()
    with pytest.raises(IndexError):
        k.bfs_distances([(1,), (0,)], 5, -1, 3)
    with pytest.raises(ValueError):
        k.bfs_distances([(1,), (7,)], 0, -1, 3)


def test_bits_and_pick_edge_cases():
    k = compiled()
    for bb in (0, 1, 1 << 63, 1 << 64, (1 << 64) - 1, (1 << 200) | 1, (1 << 2000) - 1, 0b1011 << 1000):
        assert k.bits(bb) == PURE["bits"](bb)
    for fn in (k.bits, PURE["bits"]):
        with pytest.raises(ValueError):
            fn(-1)
    table = ["a", "b", "c"]
    assert k.pick(table, 0b101) == PURE["pick"](table, 0b101) == ["a", "c"]
    for fn in (k.pick, PURE["pick"]):
        with pytest.raises(IndexError):
            fn(table, 1 << 3)


def test_act_is_the_same_interned_action():
    """actions.act, compiled or not: the one shared instance per (verb, args), str()-ed arguments, refusals."""
    k = compiled()
    pure = actions._act_py
    for args in (("to", "0405"), ("move", "b-inf-1", "0405"), ("end",), ("to", 405), ("set", True)):
        assert k.act(*args) is pure(*args)
    with pytest.raises(ValueError):
        k.act("to", "two words")
    with pytest.raises(ValueError):
        pure("to", "two words")
    with pytest.raises(ValueError):
        k.act("to", ["unhashable"])
    for gid in HEX_GAMES:
        s = api.load(gid, seed=3)
        for a in s.legal_actions():
            assert k.act(a.verb, *a.args) is a is pure(a.verb, *a.args)


def test_the_package_uses_the_compiled_kernels_when_built():
    k = compiled()
    if kernels.KERNELS is None:
        assert os.environ.get("WESTFRONT_PURE", "") not in ("", "0")
        return
    assert bitboard.bits is k.bits and actions.act is k.act and bitboard.pick is k.pick


def _run(code: str, **env: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT), **env})
    return out.stdout.strip()


def test_westfront_pure_forces_the_fallback():
    got = _run("from westfront.core import kernels, bitboard, actions; "
               "print(kernels.KERNELS, bitboard.bits.__name__, actions.act.__name__, bitboard.Dilator.step.__qualname__)",
               WESTFRONT_PURE="1")
    assert got == "None _bits_py _act_py Dilator.step"


def test_a_missing_compiled_module_means_pure(monkeypatch):
    def refuse(name: str, *a: object) -> ModuleType:
        raise ImportError(name)

    monkeypatch.setattr(importlib, "import_module", refuse)
    monkeypatch.delenv("WESTFRONT_PURE", raising=False)
    assert kernels.load() is None


PLAY = """
import random
from westfront import api
for gid in {games!r}:
    s = api.load(gid, seed=11); rnd = random.Random(11); n = 0
    while not s.is_terminal() and n < {cap}:
        a = s.legal_actions(); s.apply(a[rnd.randrange(len(a))]); n += 1
    print(gid, n, s.hash())
"""


def test_whole_games_are_identical_on_both_paths():
    """Random play of every hex game with and without the kernels ends in the same position (same hash)."""
    compiled()
    code = PLAY.format(games=HEX_GAMES, cap=300)
    assert _run(code, WESTFRONT_PURE="0") == _run(code, WESTFRONT_PURE="1")


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler to break")
def test_a_failing_compiler_leaves_a_pure_install(tmp_path):
    """setup.py's build_ext: a compiler that fails is reported and skipped, the build succeeds without the module."""
    src = tmp_path / "src"
    (src / "westfront" / "core").mkdir(parents=True)
    for f in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / f, src / f)
    shutil.copy(ROOT / "westfront/core/_kernels.pyx", src / "westfront/core/_kernels.pyx")
    (src / "westfront" / "__init__.py").write_text("")
    (src / "westfront" / "core" / "__init__.py").write_text("")
    out = subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib", str(tmp_path / "lib"),
                          "--build-temp", str(tmp_path / "tmp")], cwd=src, capture_output=True, text=True,
                         timeout=300, env={**os.environ, "CC": "false", "LDSHARED": "false"})
    assert out.returncode == 0, out.stderr
    assert "compiled kernels not built" in out.stderr
    assert not list((tmp_path / "lib").rglob("_kernels*.so"))
