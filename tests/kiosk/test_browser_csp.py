"""The kiosk's page works under its Content-Security-Policy: Chromium loads it
from a real server, starts a game of each family and plays a few moves by
tapping, and nothing on the page breaks the policy (no console message of a
violation, no ``securitypolicyviolation`` event, no script error).

Needs what tests/kiosk/test_browser.py needs, and is skipped (or fails, with
PINTAS_BROWSER_REQUIRED=1) as that file is.
"""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Browser, ConsoleMessage

from pintas.kiosk.guard import CSP
from tests.kiosk import test_browser as shared
from tests.kiosk.server import KioskServer
from tests.kiosk.test_browser import (  # (skips or fails this module as it does its own)
    GAMES,
    LANDSCAPE,
    choose,
    set_up,
    snapshot,
    tap_move,
)

#: Moves each game plays.
TAPS = 4
#: Notes every policy violation the page sees, before any script of its own runs.
WATCH = """window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(e.violatedDirective + ' ' + e.blockedURI);
});"""


#: The fixtures of the browser test: one kiosk server and one Chromium for the module.
server = shared.server
browser = shared.browser


@pytest.mark.parametrize("game", ["dominican", "caminos", "farkle"])
def test_the_page_plays_under_its_content_security_policy(browser: Browser,
                                                          server: KioskServer,
                                                          game: str) -> None:
    choices = next(g[1] for g in GAMES if g[0] == game)
    context = browser.new_context(has_touch=True, locale="en-US",
                                  viewport=LANDSCAPE)  # type: ignore[arg-type]
    context.set_default_timeout(20_000)
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        console: list[str] = []
        errors: list[str] = []

        def noted(message: ConsoleMessage) -> None:
            console.append(f"{message.type}: {message.text}")

        page.on("console", noted)
        page.on("pageerror", lambda error: errors.append(str(error)))
        answer = page.goto(f"{server.url}/?lang=en&seed=9")
        assert answer is not None and answer.headers["content-security-policy"] == CSP
        assert answer.headers["x-frame-options"] == "DENY"
        page.get_by_test_id("setup").wait_for()
        set_up(page, game, choices)
        rng = random.Random(9)
        taps = 0
        deadline = time.monotonic() + 60
        while taps < TAPS:
            assert time.monotonic() < deadline, f"only {taps} moves in a minute"
            now = snapshot(page)
            if now.end:
                break
            if now.round:
                page.get_by_test_id("round-continue").tap()
                continue
            if not (now.ready and now.moves):
                page.wait_for_timeout(30)
                continue
            tap_move(page, choose(now.moves, rng), now.version)
            taps += 1
        assert taps > 0
        page.wait_for_timeout(300)   # the last answer drawn
        pictures = page.evaluate("() => document.querySelectorAll('svg').length")
        assert pictures > 0   # the server's pictures (or the page's dice) are on the page
        violations = page.evaluate("() => window.__violations")
        assert violations == []
        refused = [m for m in console if "Content Security Policy" in m or "Refused to" in m]
        assert refused == []
        assert errors == []
    finally:
        context.close()
