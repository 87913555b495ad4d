"""The README's board screenshots (docs/img/board/<game>-desktop.png and -phone.png), remade.

Each game is played in this process by the heuristic players for a fixed number of actions from a
fixed seed (a position of the same stage each time; the heuristic players are not exactly repeatable,
so the position itself may differ), stopped on a decision of the side shown, imported into a
``westfront serve`` child process (temporary SQLite file) with that side human and the other side
the computer, and opened in Debian's chromium at 1440x900 and at 390x844 (a phone). The PNGs are
reduced to a 256-colour palette when Pillow is installed, so each stays well under 400 KB.

    python bench/readme_screenshots.py                      # all five games
    python bench/readme_screenshots.py onslaught --out /tmp/shots

Look at the pictures before committing them.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from westfront import api  # noqa: E402
from westfront.ai import get_agent  # noqa: E402

# game: (scenario or None for the default, side shown, actions the heuristic players take first, seed)
SCENES: dict[str, tuple[str | None, str, int, int]] = {
    "dday-to-the-rhine": (None, "allied", 40, 3),
    "onslaught": (None, "allied", 30, 3),
    "dday-3rd": (None, "allied", 60, 3),
    "second-front-now": (None, "allied", 60, 3),
    "race-to-the-rhine": (None, "patton", 14, 3),
}
SIZES = {"desktop": (1440, 900), "phone": (390, 844)}


def position(game: str, scenario: str | None, side: str, actions: int, seed: int) -> tuple[str, dict[str, str]]:
    """The save text of a game played ``actions`` moves by the heuristic players, stopped on ``side``'s
    decision, and the seats to import it with (``side`` human, every other side the computer)."""
    info = api.registry.info(game)
    s = api.load(game, scenario or info.scenarios[0].id, {}, seed)
    players = list(getattr(s, "seats", None) or info.players)  # Race's scenarios seat some commanders only
    agents = {p: get_agent("heuristic", seed=seed + i) for i, p in enumerate(players)}
    n = 0
    while not s.is_terminal() and (n < actions or s.current_player() != side):
        mover = s.current_player()
        s.apply(str(agents[mover].choose(s, mover)))
        n += 1
        if n > actions + 400:
            raise RuntimeError(f"{game}: {side} never came to decide")
    return s.to_json(), {p: ("human" if p == side else "ai:random") for p in players}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "westfront", "serve", "--port", str(port), "--db", f"sqlite:///{db}",
                             "--ai-delay", "0.25", "--ai-time", "0.5"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(url + "/api/catalog", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def shrink(path: Path) -> None:
    """A 256-colour palette (the board's flat colours survive it); skipped without Pillow."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def shoot(page: Any, url: str, out: Path) -> None:
    page.goto(url)
    page.wait_for_selector("svg.map .base [data-hex]")
    page.wait_for_function("() => document.querySelector('[data-testid=prompt]').innerText.trim() !== ''")
    page.wait_for_timeout(1200)
    page.screenshot(path=str(out))
    shrink(out)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=list(SCENES))
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img" / "board")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="westfront-shots-"))
    proc, url = serve(tmp / "shots.db")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu"])
            for game in args.games:
                scenario, side, actions, seed = SCENES[game]
                save, seats = position(game, scenario, side, actions, seed)
                for name, (w, h) in SIZES.items():
                    # one import per picture: opening an invite link claims the seat for that browser only
                    r = httpx.post(url + "/api/games/import", json={"save": save, "seats": seats}, timeout=60)
                    r.raise_for_status()
                    link = r.json()["seats"][side]["url"]
                    page = browser.new_page(viewport={"width": w, "height": h}, device_scale_factor=1,
                                            is_mobile=w < 500, has_touch=w < 500)
                    target = args.out / f"{game}-{name}.png"
                    shoot(page, url + link if link.startswith("/") else link, target)
                    print(f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}: "
                          f"{target.stat().st_size // 1024} KB")
                    page.close()
            browser.close()
    finally:
        proc.kill()
        proc.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
