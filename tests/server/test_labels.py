"""The labels catalog (names for ids a person would otherwise read) and the engagement a seat
is told about (the attack under way): served per game, public, and hidden-information safe."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from westfront import api
from westfront.core.state import State
from westfront.games import registry
from westfront.server.labels import labels_catalog
from westfront.server.mapview import render_map

from .conftest import view

GAMES = [g for g in registry.game_ids() if g != "fog-skirmish"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_serves_a_catalog_of_names(client, game):
    r = client.get(f"/api/labels/{game}")
    assert r.status_code == 200
    cat = r.json()
    assert cat["names"] and cat["players"] == list(registry.info(game).players)
    assert all(v.strip() for v in cat["names"].values())
    for p in cat["patterns"]:
        re.compile(p["match"])
    assert client.get("/api/labels/no-such-game").status_code == 404


def named(game: str, s: State, side: str | None) -> Any:
    """What the browser can name: the catalog, the view's units, the map's places, plain words."""
    cat = labels_catalog(game)
    units = {u["id"]: u for u in s.view(side).get("units", [])}
    data = render_map(game)
    places = {h["id"] for h in data.get("hexes", [])} | {n["id"] for n in data.get("nodes", [])}
    patterns = [re.compile(p["match"]) for p in cat["patterns"]]

    def ok(token: str) -> bool:
        if not re.search(r"[_\d-]", token) or token.isdigit() or token in places or token in cat["names"]:
            return True
        u = units.get(token)
        if u is not None and u.get("label") not in (None, "", "?"):
            return True
        return any(p.match(token) for p in patterns)

    return ok


@pytest.mark.parametrize("game", GAMES)
def test_every_action_argument_has_a_name(game):
    """Random play: every id an action names is one the page can show as a name (hex and space ids,
    plain numbers and words excepted)."""
    s = api.load(game, seed=3)
    rng = random.Random(3)
    unnamed: dict[str, str] = {}
    for _ in range(160):
        if s.is_terminal():
            break
        side = s.current_player()
        ok = named(game, s, side)
        acts = [str(a) for a in s.legal_actions()]
        for a in acts:
            for tok in a.split()[1:]:
                if not ok(tok):
                    unnamed.setdefault(tok, a)
        s.apply(rng.choice(acts))
    assert not unnamed, f"{game}: ids without a name: {unnamed}"


def german_attacks(s: State, rng: random.Random) -> str:
    acts = [str(a) for a in s.legal_actions()]
    if s.current_player() == "german":
        for pref in ("resolve", "add ", "attack "):
            c = [a for a in acts if a.startswith(pref)]
            if c:
                return rng.choice(c)
    return rng.choice([a for a in acts if not a.startswith("attack ")] or acts)


def imported(client, until: Any) -> tuple[str, dict[str, str], State]:
    s = api.load("dday-to-the-rhine", scenario="campaign", seed=2)
    rng = random.Random(2)
    for _ in range(600):
        if until(s):
            break
        s.apply(german_attacks(s, rng))
    assert until(s)
    r = client.post("/api/games/import", json={"save": s.to_json(), "seats": {"allied": "human", "german": "human"}})
    assert r.status_code == 200, r.text
    made = r.json()
    return made["id"], {side: made["seats"][side]["token"] for side in ("allied", "german")}, s


def test_an_attack_being_built_is_told_only_to_its_builder(client):
    # 1944 12.0: the German is still choosing attackers; the Allied seat is not told of it
    gid, tok, s = imported(client, lambda s: (s.frame() or {}).get("step") == "attack" and s.frame()["attackers"])
    f = s.frame()
    assert f is not None
    units = s.g["units"]
    mine = view(client, gid, tok["german"])["engagement"]
    assert mine["targets"] == [f["target"]] and not mine["declared"]
    assert sorted(mine["attackers"]) == sorted(units[u].get("hid") or u for u in f["attackers"])
    assert view(client, gid, tok["allied"])["engagement"] is None


def test_a_declared_attack_is_shown_to_the_defender(client):
    # 1944 4.1: asked for naval gunfire, the Allied player sees the hex and the German attackers
    gid, tok, s = imported(client, lambda s: (s.frame() or {}).get("step") == "naval_defence")
    combat = next(f for f in reversed(s.frames()) if f["step"] == "combat")
    for side in ("allied", "german"):
        eng = view(client, gid, tok[side])["engagement"]
        assert eng["declared"] and eng["targets"] == [combat["target"]]
        assert sorted(eng["attackers"]) == sorted(combat["attackers"])
    # and the preview of each answer gives the dice with and without the task force
    p = view(client, gid, tok["allied"])
    r = client.post(f"/api/games/{gid}/previews", json={"token": tok["allied"], "actions": p["actions"]}).json()
    dice = {a: pv["dice"]["defender"] for a, pv in r["previews"].items()}
    support = next(a for a in dice if a.startswith("support "))
    assert dice[support] == dice["decline"] + 1
