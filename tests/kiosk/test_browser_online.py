"""The kiosk's page at online tables, in a real browser (headless Chromium on
a touch screen, against a real kiosk server): a spectator's link shows the
table with no hand and follows the moves; an invitation link takes its seat
once, and a spent one says so; the creator's page shows the links to pass
on and each other person's connection; a rematch moves the page to the new
table.

Needs what tests/kiosk/test_browser.py needs, and is skipped with it.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

# (first: it skips this module too where the browser test cannot run)
from tests.kiosk import test_browser as shared
from tests.kiosk.server import KioskServer
from tests.kiosk.test_page import create, drive, look, show

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

#: The fixtures of the browser test: one kiosk server and one Chromium for the module.
server = shared.server
browser = shared.browser

State = dict[str, Any]


@contextmanager
def opened(browser: Browser, server: KioskServer, link: str) -> Iterator[Page]:
    """A fresh touch screen (its own localStorage) opened at ``link``."""
    context = browser.new_context(has_touch=True, locale="en-US",
                                  viewport=shared.LANDSCAPE)  # type: ignore[arg-type]
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server.url + link)
        yield page
        assert errors == []
    finally:
        context.close()


def version_of(page: Page) -> int:
    page.wait_for_function("() => document.getElementById('play').dataset.version !== undefined")
    return int(page.evaluate("() => document.getElementById('play').dataset.version"))


def markup(page: Page) -> str:
    """Everything the page holds: its markup, attributes included, and what
    its script keeps in memory and in storage."""
    text: str = page.evaluate("""() => document.documentElement.outerHTML
        + JSON.stringify(window.PintasKiosk.state()) + JSON.stringify({...localStorage})""")
    return text


def hands(server: KioskServer, made: State) -> set[str]:
    """Every tile in every hand now (each seat's token asks for its own)."""
    tiles: set[str] = set()
    for seat in made["tokens"]:
        tiles.update(look(server, made, int(seat))["view"]["hand"])
    return tiles


def online(server: KioskServer, body: State) -> State:
    made: State = server.call("POST", "/api/tables", body)
    return made


# ---- spectators ---------------------------------------------------------------------------


def test_a_spectator_sees_no_hand_and_follows_the_moves(browser: Browser,
                                                        server: KioskServer) -> None:
    made = online(server, {"game": "dominican", "seats": ["human"] * 4,
                           "options": {"mode": "pairs"}, "spectators": True})
    id, code = made["id"], made["spectators"]["code"]
    link = made["spectators"]["page"]
    assert link == f"/watch/{id}#{code}"
    with opened(browser, server, link) as page:
        assert version_of(page) == 0
        play = page.get_by_test_id("play")
        assert play.get_attribute("data-spectator") == "1"
        page.wait_for_function("() => document.querySelectorAll('#hand .tile.back').length === 28")
        held = hands(server, made)
        assert len(held) == 28
        # no hand's tile anywhere in the page, and nothing to tap to move
        assert [tile for tile in held if tile in markup(page)] == []
        assert page.locator("#moves button, #hand button, #table button").count() == 0
        assert page.get_by_test_id("share").is_hidden()
        assert "Watching" in page.get_by_test_id("facts").inner_text()
        # a seat moves: the spectator's page follows (socket or long poll)
        for version in (1, 2):
            mover = next(s for s in made["tokens"] if look(server, made, int(s))["your_turn"])
            state = look(server, made, int(mover))
            server.call("POST", f"/api/tables/{id}/moves",
                        {"move": state["legal_moves"][0], "version": state["version"]},
                        token=made["tokens"][mover])
            page.wait_for_function(
                f"() => document.getElementById('play').dataset.version === '{version}'")
        played = look(server, made, 0)["view"]["line"]
        shown = page.get_by_test_id("watch-line").locator("[data-tile]").all()
        assert len(shown) == len(played) >= 1
        assert page.locator("#hand .tile.back").count() == 28 - len(played)
        held = hands(server, made)
        assert [tile for tile in held if tile in markup(page)] == []
        shared.check_all(page)
        shared.check_layout(page)
        page.set_viewport_size({"width": 800, "height": 1280})
        shared.check_layout(page)
        # the spectator's code opens no seat: the page keeps no table of its own
        assert page.evaluate("() => localStorage.getItem('pintas.kiosk.table')") is None


def test_a_spectator_of_caminos_sees_each_path_and_no_hand(browser: Browser,
                                                           server: KioskServer) -> None:
    made = online(server, {"game": "caminos", "seats": ["human"] * 3,
                           "spectators": {"delay": 1}})
    with opened(browser, server, made["spectators"]["page"]) as page:
        version_of(page)
        paths = server.call("GET", f"/api/tables/{made['id']}/watch",
                            token=made["spectators"]["code"])["view"]["paths"]
        rows = page.get_by_test_id("watch-line").locator(".watch-row")
        assert rows.count() == len(paths)
        assert [rows.nth(i).inner_text() for i in range(len(paths))] == [
            p["centre"] for p in paths]
        held = hands(server, made)
        assert held and [tile for tile in held if tile in markup(page)] == []
        assert "moves behind: 1" in page.get_by_test_id("facts").inner_text()
        shared.check_all(page)


def test_a_wrong_spectator_link_says_so(browser: Browser, server: KioskServer) -> None:
    made = online(server, {"game": "dominican", "seats": ["human", "suit"],
                           "options": {"mode": "two"}, "spectators": True})
    with opened(browser, server, f"/watch/{made['id']}#{'x' * 24}") as page:
        page.get_by_test_id("setup").wait_for()
        assert "does not open any table" in page.get_by_test_id("toast").inner_text()
        assert page.evaluate("() => location.pathname") == "/"


# ---- invitations ----------------------------------------------------------------------------


def test_an_invitation_link_takes_its_seat_once(browser: Browser, server: KioskServer) -> None:
    made = online(server, {"game": "dominican", "seats": ["human", "human", "suit", "suit"],
                           "options": {"mode": "pairs"}, "invite": True})
    id = made["id"]
    invitation = made["invitations"]["1"]
    assert invitation["page"] == f"/join/{id}#{invitation['code']}"
    # the creator's page shows the link to pass on, and the seat as not come yet
    with shared.touch_screen(browser, server) as creator:
        stored = {"id": id, "tokens": made["tokens"], "seat": 0, "seenRounds": 0,
                  "seenTimedOut": 0, "invitations": {"1": invitation["code"]}}
        creator.evaluate("(t) => localStorage.setItem('pintas.kiosk.table', JSON.stringify(t))",
                         stored)
        creator.reload()
        shown = creator.get_by_test_id("share-link-invite-1")
        assert shown.inner_text() == server.url + invitation["page"]
        presence = creator.get_by_test_id("presence").locator("li[data-seat='1']")
        assert presence.get_attribute("data-state") == "open"
        shared.check_all(creator)
        shared.check_layout(creator)
        with opened(browser, server, invitation["page"]) as guest:
            guest.wait_for_function("() => document.getElementById('play').dataset.seat === '1'")
            kept = shared.stored_table(guest)
            assert kept["id"] == id and list(kept["tokens"]) == ["1"]
            assert kept["tokens"]["1"] != ""
            assert look(server, {"id": id, "tokens": kept["tokens"]}, 1)["seat"] == 1
            # the code is out of the address bar: a reload shows the table from storage
            assert guest.evaluate("() => location.pathname + location.hash") == "/"
            # the creator sees the guest come (a socket or long poll open: connected)
            creator.wait_for_function("""() => document.querySelector(
                "#presence li[data-seat='1']")?.dataset.state === 'connected'""", timeout=40_000)
            creator.get_by_test_id("share").wait_for(state="hidden", timeout=40_000)
            shared.check_all(guest)
            # the link opened again where it was used: the table, not a refusal
            guest.goto(server.url + invitation["page"])
            guest.wait_for_function("() => document.getElementById('play').dataset.seat === '1'")
            assert shared.stored_table(guest) == kept
        # the same link again: spent, and said so
        with opened(browser, server, invitation["page"]) as late:
            late.get_by_test_id("setup").wait_for()
            error = late.get_by_test_id("setup-error")
            error.wait_for()
            assert "used already" in error.inner_text()
            assert late.evaluate("() => localStorage.getItem('pintas.kiosk.table')") is None
        assert shared.page_errors(creator) == []


def test_the_setup_makes_an_online_table_with_links(browser: Browser,
                                                    server: KioskServer) -> None:
    with shared.touch_screen(browser, server) as page:
        page.get_by_test_id("game-dominican").tap()
        page.get_by_test_id("seat-1-human").tap()
        for choice in ("opt-invite-link", "opt-spectators-yes"):
            page.get_by_test_id(choice).tap()
            assert page.get_by_test_id(choice).get_attribute("aria-pressed") == "true"
        page.get_by_test_id("start").tap()
        page.get_by_test_id("share-link-watch").wait_for()
        kept = shared.stored_table(page)
        assert set(kept["tokens"]) == {"0"} and set(kept["invitations"]) == {"1"}
        watch = page.get_by_test_id("share-link-watch").inner_text()
        assert watch == f"{server.url}/watch/{kept['id']}#{kept['spectators']}"
        invite = page.get_by_test_id("share-link-invite-1").inner_text()
        assert invite == f"{server.url}/join/{kept['id']}#{kept['invitations']['1']}"
        # the spectators' code watches the table
        seen = server.call("GET", f"/api/tables/{kept['id']}/watch", token=kept["spectators"])
        assert seen["spectator"] is True
        shared.check_all(page)
        assert shared.page_errors(page) == []


# ---- a rematch ------------------------------------------------------------------------------


def test_a_rematch_moves_the_page_to_the_new_table(browser: Browser, server: KioskServer) -> None:
    made = create(server, "dominican", ["human", "suit", "suit", "suit"], seed=11,
                  options={"mode": "pairs", "target": 50})
    drive(server, made, lambda s: s["is_over"])
    with shared.touch_screen(browser, server) as page:
        show(page, made)
        page.get_by_test_id("round-overlay").wait_for()
        page.get_by_test_id("round-continue").tap()
        page.get_by_test_id("end-overlay").wait_for()
        page.get_by_test_id("end-rematch").tap()
        page.wait_for_function("(old) => JSON.parse(localStorage.getItem('pintas.kiosk.table'))"
                               ".id !== old", arg=made["id"])
        kept = shared.stored_table(page)
        assert kept["tokens"] == made["tokens"] and kept["seenRounds"] == 0
        page.wait_for_function("() => document.getElementById('play').dataset.over === '0'")
        assert page.get_by_test_id("end-overlay").is_hidden()
        # the old table names the new one for every seat; asking again gives the same
        assert look(server, made, 0)["rematch"] == kept["id"]
        again = server.call("POST", f"/api/tables/{made['id']}/rematch", token=made["tokens"]["0"])
        assert again["id"] == kept["id"]
        assert shared.page_errors(page) == []


# ---- the links' paths ---------------------------------------------------------------------


def test_the_links_paths_serve_the_page_under_its_policy(server: KioskServer) -> None:
    """``/watch/{id}`` and ``/join/{id}`` answer the page itself (the code is in
    the fragment, which no browser sends), under the page's strict policy."""
    with urllib.request.urlopen(server.url + "/", timeout=10) as answer:
        policy, page = answer.headers["Content-Security-Policy"], answer.read()
    assert "script-src 'self';" in policy and "unsafe" not in policy
    for path in ("/watch/3f0c9a61b2d4e587", "/join/3f0c9a61b2d4e587"):
        with urllib.request.urlopen(server.url + path, timeout=10) as answer:
            assert answer.status == 200
            assert answer.headers["Content-Security-Policy"] == policy
            assert answer.read() == page
    for path in ("/watch/", "/watch/a/b", "/join"):
        try:
            urllib.request.urlopen(server.url + path, timeout=10)
        except urllib.error.HTTPError as refused:
            assert refused.code == 404
        else:
            raise AssertionError(f"{path} answered")
