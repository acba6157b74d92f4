"""Screenshots of the kiosk's touch page for the docs (docs/kiosk/*.png).

Starts a kiosk server on a fresh database, drives Chromium (through
Playwright, with a touch screen) through the setup screen and a game of each
family with fixed deals, and writes PNG screenshots: the setup screen, a line
game, Caminos, dice, a round's end, a game's end, a pass-and-play curtain, and
one portrait screen.

    python tools/kiosk_screenshots.py [--out docs/kiosk] [--chromium PATH]

Needs the kiosk extra (starlette, uvicorn), Playwright's Python package and
Chromium (Debian's ``chromium``; Playwright does not download one).
"""

from __future__ import annotations

import argparse
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
LANDSCAPE = {"width": 1280, "height": 800}
PORTRAIT = {"width": 768, "height": 1024}
#: Computer seats move this fast (seconds): quick, yet one move at a time.
PACE = "0.05"


@contextmanager
def kiosk_server(db: Path) -> Iterator[str]:
    """``python -m pintas kiosk`` on a free port; its URL while it runs."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    process = subprocess.Popen([sys.executable, "-m", "pintas", "kiosk", "--port", str(port),
                                "--db", str(db), "--pace", PACE],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/api/games", timeout=2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the kiosk server did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        process.kill()
        process.wait()


def new_page(browser: Browser, url: str, viewport: dict[str, int], query: str) -> Page:
    context = browser.new_context(has_touch=True, viewport=viewport,  # type: ignore[arg-type]
                                  device_scale_factor=1, locale="en-US")
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(f"{url}/?{query}")
    page.get_by_test_id("setup").wait_for()
    return page


def start(page: Page, game: str, choices: tuple[str, ...]) -> None:
    page.get_by_test_id(f"game-{game}").tap()
    for choice in choices:
        page.get_by_test_id(choice).tap()
    page.get_by_test_id("start").tap()
    page.get_by_test_id("play").wait_for()


#: What the page shows now, read at once (the page may change between two reads).
LOOK = """(until) => {
  const shown = (id) => !document.getElementById(id).hidden;
  const play = document.getElementById('play');
  return {
    until: until !== null && shown(until), round: shown('round-overlay'), curtain: shown('curtain'),
    ready: play.dataset.ready === '1', version: Number(play.dataset.version),
    moves: [...document.querySelectorAll('#moves [data-move]:enabled')].map((b) => b.dataset.move),
  };
}"""


def play(page: Page, taps: int, rng: random.Random, until: str | None = None,
         then: str = "true") -> None:
    """Tap ``taps`` moves (or until the overlay ``until`` shows), then more
    until the page's script ``then`` holds on the person's turn, so the
    picture shows a table mid-play."""
    done = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        now = page.evaluate(LOOK, until)
        if now["until"]:
            return
        if now["round"]:
            page.get_by_test_id("round-continue").tap()
        elif now["curtain"]:
            page.get_by_test_id("curtain-show").tap()
        elif now["ready"] and now["moves"]:
            if done >= taps and until is None and page.evaluate(f"() => {then}"):
                page.wait_for_timeout(400)  # the last picture settles
                return
            moves = now["moves"]
            move = "bank" if "bank" in moves and rng.random() < 0.5 else rng.choice(moves)
            page.locator(f'#moves [data-move="{move}"]').tap()
            page.wait_for_function(
                "(v) => Number(document.getElementById('play').dataset.version) > v",
                arg=now["version"])
            done += 1
        else:
            page.wait_for_timeout(40)
    raise RuntimeError(f"the game did not get there in time ({done} taps)")


def shoot(page: Page, out: Path, name: str) -> None:
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    page.context.close()
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def screenshots(browser: Browser, url: str, out: Path) -> None:
    page = new_page(browser, url, LANDSCAPE, "lang=en")
    page.get_by_test_id("game-dominican").tap()
    shoot(page, out, "setup")

    page = new_page(browser, url, LANDSCAPE, "lang=es&seed=21")
    start(page, "dominican", ("opt-teams-pairs",))
    play(page, 4, random.Random(1))
    shoot(page, out, "dominican")

    page = new_page(browser, url, LANDSCAPE, "lang=en&seed=8")
    start(page, "caminos", ("opt-players-3",))
    play(page, 4, random.Random(2))
    shoot(page, out, "caminos")

    page = new_page(browser, url, LANDSCAPE, "lang=pt&seed=5")
    start(page, "dice_of_doom", ("opt-players-3",))
    play(page, 5, random.Random(3),
         then="document.querySelectorAll('#moves [data-kind=keep]').length > 2")
    shoot(page, out, "dice_of_doom")

    page = new_page(browser, url, LANDSCAPE, "lang=en&seed=13")
    start(page, "muggins", ("opt-players-3",))
    play(page, 0, random.Random(4), until="round-overlay")
    shoot(page, out, "round_end")

    page = new_page(browser, url, LANDSCAPE, "lang=en&seed=2")
    start(page, "caminos_two_paths", ("opt-players-3", "opt-rounds-1"))
    play(page, 0, random.Random(5), until="end-overlay")
    shoot(page, out, "game_end")

    page = new_page(browser, url, LANDSCAPE, "lang=en&seed=3")
    start(page, "capicua", ("opt-teams-alone", "opt-players-2", "seat-1-human"))
    page.wait_for_function("() => document.getElementById('play').dataset.ready === '1'")
    page.locator("#moves [data-move]").first.tap()  # the other person's turn comes
    page.get_by_test_id("curtain").wait_for()
    shoot(page, out, "curtain")

    page = new_page(browser, url, PORTRAIT, "lang=en&seed=9")
    start(page, "caminos_no_renewal", ("opt-players-2",))
    play(page, 5, random.Random(6))
    shoot(page, out, "portrait")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "kiosk",
                        help="folder of the PNG files (default docs/kiosk)")
    parser.add_argument("--chromium", default=shutil.which("chromium"),
                        help="the Chromium to drive (default: chromium on PATH)")
    args = parser.parse_args(argv)
    if not args.chromium:
        parser.error("no Chromium: install Debian's chromium or give --chromium PATH")
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, kiosk_server(Path(scratch) / "k.db") as url, \
            sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=args.chromium, headless=True)
        try:
            screenshots(browser, url, out)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
