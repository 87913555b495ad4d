"""The same server on a real PostgreSQL (a throw-away cluster started for the test)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from westfront.server.app import create_app

from .conftest import act, free_port, new_game, token, undo, view


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    bindir = _pg_bin()
    if bindir is None or shutil.which("runuser") is None or os.geteuid() != 0:
        pytest.skip("needs Debian's postgresql server binaries and root (to run them as the postgres user)")
    pytest.importorskip("psycopg")
    data = tempfile.mkdtemp(prefix="westfront-pg-")
    shutil.chown(data, "postgres", "postgres")
    port = free_port()

    def as_pg(*cmd: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *cmd], check=True, capture_output=True, timeout=60)

    as_pg(f"{bindir}/initdb", "-D", f"{data}/db", "-A", "trust", "-U", "postgres", "--no-sync")
    as_pg(f"{bindir}/pg_ctl", "-D", f"{data}/db", "-w", "-l", f"{data}/log",
          "-o", f"-p {port} -k {data} -h 127.0.0.1 -c fsync=off", "start")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        as_pg(f"{bindir}/pg_ctl", "-D", f"{data}/db", "-m", "immediate", "stop")
        shutil.rmtree(data, ignore_errors=True)


def test_play_undo_race_and_restart_on_postgresql(pg_url, fog_game, monkeypatch):
    monkeypatch.setenv("WESTFRONT_DATABASE_URL", pg_url)
    app = create_app()  # the URL comes from WESTFRONT_DATABASE_URL
    assert app.state.db_url.startswith("postgresql")
    with TestClient(app) as c:
        g = new_game(c)
        gid, tb = g["id"], token(g, "blue")
        assert act(c, gid, tb, "move b-inf-1", 0).status_code == 200
        assert act(c, gid, tb, "to 0303", 1).status_code == 200
        assert act(c, gid, tb, "end", 0).status_code == 409
        assert undo(c, gid, tb).status_code == 200
        codes: list[int] = []
        go = threading.Barrier(2)

        def race(action: str) -> None:
            go.wait()
            codes.append(act(c, gid, tb, action, 3).status_code)

        threads = [threading.Thread(target=race, args=(a,)) for a in ("to 0302", "cancel")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409]
        before = view(c, gid, tb)
    with TestClient(create_app(pg_url)) as c:
        assert view(c, gid, tb) == before
        rec = c.get(f"/api/games/{gid}/log", params={"token": tb}).json()
        assert len(rec["actions"]) == 2 and rec["version"] == 4


def test_bad_input_is_a_clear_400_on_postgresql(pg_url, fog_game):
    from .test_hardening import save_with_seed

    with TestClient(create_app(pg_url)) as c:
        before = len(c.get("/api/games").json())
        for body in ('{"game": "skirmish", "seats": {"blue": "human", "red": "human", "\\ud800": "human"}}',
                     '{"game": "skirmish", "options": {"\\ud800": true}, "seats": {"blue": "human", "red": "human"}}'):
            r = c.post("/api/games", content=body.encode(), headers={"content-type": "application/json"})
            assert r.status_code == 400 and "surrogate" in r.json()["detail"]
        seats = {"blue": "human", "red": "human"}
        for bad in (True, 2**256):
            assert c.post("/api/games/import", json={"save": save_with_seed(bad), "seats": seats}).status_code == 400
        big = c.post("/api/games/import", json={"save": save_with_seed(2**64 + 5), "seats": seats})
        assert big.status_code == 200, big.text[:300]
        gid, tb = big.json()["id"], big.json()["seats"]["blue"]["token"]
        assert len(c.get("/api/games").json()) == before + 1
    with TestClient(create_app(pg_url)) as c:
        assert c.get(f"/api/games/{gid}/log", params={"token": tb}).json()["seed"] == 2**64 + 5
