"""Screenshots of the kiosk's touch page for the docs (docs/kiosk/*.png).

Starts a kiosk server on a fresh database (one that lets a table's creator
choose its seed), drives Chromium (through Playwright, with a touch screen)
through the setup screen and a game of each family with fixed deals, and
writes PNG screenshots: the setup screen, a line game with a tile chosen and
the ends it may go to glowing, Caminos, dice chosen to keep, a round's end
and how it was counted, a game's end, a pass-and-play curtain, and one
portrait screen.

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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
LANDSCAPE = {"width": 1280, "height": 800}
PORTRAIT = {"width": 800, "height": 1280}
#: Computer seats move this fast (seconds): quick, yet one move at a time.
PACE = "0.05"


@contextmanager
def kiosk_server(db: Path) -> Iterator[str]:
    """``python -m pintas kiosk`` on a free port; its URL while it runs."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    process = subprocess.Popen([sys.executable, "-m", "pintas", "kiosk", "--port", str(port),
                                "--db", str(db), "--pace", PACE, "--allow-seeds",
                                "--create-per-minute", "0"],
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
    until: until !== null && shown(until), curtain: shown('curtain'),
    round: shown('round-overlay') && !document.getElementById('round-continue').disabled
      && !document.getElementById('round-continue').hidden,
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


def choose_tile(page: Page) -> None:
    """Tap the person's first playable tile: the places it may go glow."""
    page.locator("#hand button[data-tile]").first.tap()
    page.locator("#table .target").first.wait_for()


def choose_dice(page: Page) -> None:
    """Tap the first two dice of the roll that make a keep together."""
    dice = page.get_by_test_id("die")
    for i in range(dice.count()):
        for j in range(i + 1, dice.count()):
            dice.nth(i).tap()
            dice.nth(j).tap()
            if page.get_by_test_id("keep-chosen").is_enabled():
                return
            dice.nth(i).tap()
            dice.nth(j).tap()
    raise RuntimeError("no two dice make a keep")


def shoot(page: Page, out: Path, name: str) -> None:
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    page.context.close()
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


@dataclass(frozen=True)
class Shot:
    """One screenshot of a game being played: the page's query (language and
    seed), the game and its setup choices, and how far to play."""

    name: str
    query: str
    game: str
    choices: tuple[str, ...]
    taps: int
    rng: int
    until: str | None = None
    then: str = "true"
    viewport: dict[str, int] = field(default_factory=lambda: LANDSCAPE)
    finish: Callable[[Page], None] | None = None


#: A person's turn with a tile to play on the line's two ends.
BOTH_ENDS = ("new Set([...document.querySelectorAll('#moves [data-kind=play]')]"
             ".map((b) => b.dataset.move.slice(-1))).size === 2")

SHOTS = (
    Shot("dominican", "lang=es&seed=21", "dominican", ("opt-teams-pairs",), 4, 1,
         then=BOTH_ENDS, finish=choose_tile),
    Shot("caminos", "lang=en&seed=8", "caminos", ("opt-players-3",), 4, 2,
         then="document.querySelector('#hand button[data-tile]') !== null",
         finish=choose_tile),
    Shot("dice_of_doom", "lang=pt&seed=5", "dice_of_doom", ("opt-players-3",), 5, 3,
         then="document.querySelectorAll('#moves [data-kind=keep]').length > 2",
         finish=choose_dice),
    Shot("round_end", "lang=en&seed=13", "muggins", ("opt-players-3",), 0, 4,
         until="round-overlay"),
    Shot("game_end", "lang=en&seed=2", "caminos_two_paths", ("opt-players-3", "opt-rounds-1"),
         0, 5, until="end-overlay"),
    Shot("portrait", "lang=es&seed=9", "dominican", ("opt-teams-pairs",), 6, 6,
         viewport=PORTRAIT),
)


def screenshots(browser: Browser, url: str, out: Path) -> None:
    page = new_page(browser, url, LANDSCAPE, "lang=en")
    page.get_by_test_id("game-dominican").tap()
    shoot(page, out, "setup")

    for shot in SHOTS:
        page = new_page(browser, url, shot.viewport, shot.query)
        start(page, shot.game, shot.choices)
        play(page, shot.taps, random.Random(shot.rng), until=shot.until, then=shot.then)
        if shot.finish is not None:
            shot.finish(page)
            page.wait_for_timeout(300)
        shoot(page, out, shot.name)

    page = new_page(browser, url, LANDSCAPE, "lang=en&seed=3")
    start(page, "capicua", ("opt-teams-alone", "opt-players-2", "seat-1-human"))
    page.wait_for_function("() => document.getElementById('play').dataset.ready === '1'")
    page.locator("#moves [data-move]").first.tap()  # the other person's turn comes
    page.get_by_test_id("curtain").wait_for()
    shoot(page, out, "curtain")


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
