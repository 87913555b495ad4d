"""A chosen seed voids hidden information (issue 38): it is announced to every seat and predicts every
deck (Race), the random objective and marker numbers (1944 18.2/18.5) and every die. A game with two or
more human seats and hidden information is therefore always dealt a secret server seed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from westfront.server.app import create_app
from westfront.server.service import Settings


@pytest.fixture
def strict(db_url: str, fog_game: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, Settings(ai_time=0.2, chosen_seeds=False))) as c:
        yield c


def create(c: TestClient, game: str, seats: dict[str, str], seed: int | None, **options: object) -> object:
    body = {"game": game, "seats": seats, "options": options} | ({"seed": seed} if seed is not None else {})
    return c.post("/api/games", json=body)


@pytest.mark.parametrize(("game", "seats", "options"), [
    ("dday-to-the-rhine", {"allied": "human", "german": "human"}, {"phantoms": True}),  # 1944 18.5
    ("second-front-now", {"allied": "human", "german": "human"}, {}),  # SFN 10.6
    ("race-to-the-rhine", {"patton": "human", "patch_devers": "human"}, {"players": 2}),  # Race: the decks
])
def test_a_chosen_seed_is_refused_when_two_humans_play_a_game_that_hides_things(strict, game, seats, options):
    r = create(strict, game, seats, 7, **options)
    assert r.status_code == 400, r.text
    assert "secret server seed" in r.json()["detail"] and "leave 'seed' out" in r.json()["detail"]
    ok = create(strict, game, seats, None, **options)
    assert ok.status_code == 200, ok.text
    gid, tok = ok.json()["id"], next(iter(ok.json()["seats"].values()))["token"]
    assert strict.get(f"/api/games/{gid}", params={"token": tok}).json()["seed"] is None


def test_a_chosen_seed_stays_allowed_where_nobody_is_kept_in_the_dark(strict):
    # one human against the computer: the seed tells the human nothing a person could exploit against another
    assert create(strict, "dday-to-the-rhine", {"allied": "human", "german": "ai:random"}, 7).status_code == 200
    # a game that hides nothing
    assert create(strict, "skirmish", {"blue": "human", "red": "human"}, 7).status_code == 200


def test_the_operator_setting_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("WESTFRONT_CHOSEN_SEEDS", "1")
    assert Settings().chosen_seeds
    monkeypatch.delenv("WESTFRONT_CHOSEN_SEEDS")
    assert not Settings().chosen_seeds
