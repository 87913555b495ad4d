"""Browser tests: Playwright (Python) driving Debian's chromium against a real server process."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.browser


class ServerProcess:
    """``westfront serve`` in a child process on a free port and a temporary SQLite file."""

    def __init__(self, db_path: Path, ai_delay: float = 0.25):
        self.port = free_port()
        self.db = f"sqlite:///{db_path}"
        self.ai_delay = ai_delay
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.log = open(ARTIFACTS / f"server-{self.port}.log", "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "westfront", "serve", "--port", str(self.port), "--db", self.db,
             "--ai-delay", str(self.ai_delay), "--ai-time", "0.5"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        wait_for(self._up, timeout=30, every=0.1)
        return self

    def _up(self) -> bool:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise RuntimeError(f"server exited with {self.proc.returncode}; see {self.log.name}")
        try:
            return httpx.get(self.url + "/api/catalog", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(15)
        self.log.close()

    def restart(self) -> None:
        self.kill()
        self.start()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    srv = ServerProcess(tmp_path / "play.db").start()
    yield srv
    srv.kill()


@pytest.fixture(scope="session")
def browser_context() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed (make test installs it: apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    # The suite shares two cores with servers, AI threads and other tests: give the page
    # time to react (assertions still fail on wrong content, just not on a slow machine).
    expect.set_options(timeout=20_000)
    profile = tempfile.mkdtemp(prefix="westfront-chromium-")
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1400, "height": 860})
        ctx.set_default_timeout(30_000)
        yield ctx
        ctx.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def page(browser_context: Any) -> Iterator[Any]:
    pg = browser_context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    pg.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


def shot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def end_phase(page: Any, verb: str = "end") -> None:
    """Click the phase-ending button and, when units could still act, confirm it."""
    page.click(f"button[data-action={verb}]")
    confirm = page.locator(f"[data-confirm='{verb}']")
    if confirm.count():
        confirm.click()


def start_from_lobby(page: Any, server: Any, game: str, level: str = "random") -> None:
    """Start ``game`` from the lobby against the computer, as a new player would (the lobby's default
    scenario, options and seats), and wait until the board has drawn."""
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("#ng-game", game)
    page.check("input[name=opponent][value=ai]")
    page.select_option("#ng-level", level)
    page.click("[data-testid=start]")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("svg.map .base [data-hex]")
