"""What people met at the kiosk's touch page, each pinned in a real browser
(headless Chromium on a touch screen, 1280x800 and 800x1280, against a real
kiosk server): round breaks that hold the clock, nothing cut off in portrait,
dice kept by tapping them, domino moves made on the table, rounds counted in
the open, the game's end told to each person, and the page's accessibility
(names, contrast, the keyboard alone).

Tables are brought to the moment a test needs through the API (the person's
moves chosen the same way each time, the computer seats seeded), then shown
by the page as a reload would: the table and its tokens in the page's local
storage. Needs what tests/kiosk/test_browser.py needs, and is skipped with it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import pytest

# (first: it skips this module too where the browser test cannot run)
from tests.kiosk import test_browser as shared
from tests.kiosk.server import KioskServer
from tests.kiosk.test_browser import (
    LANDSCAPE,
    PORTRAIT,
    check_all,
    check_contrast,
    check_layout,
    page_errors,
    set_up,
    snapshot,
    stored_table,
    tap_move,
    touch_screen,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

#: The fixtures of the browser test: one kiosk server and one Chromium for the module.
server = shared.server
browser = shared.browser

State = dict[str, Any]


# ---- tables through the API -------------------------------------------------------------


def create(server: KioskServer, game: str, seats: list[str], seed: int | None = None,
           options: dict[str, Any] | None = None, timer: int | None = None) -> State:
    body: dict[str, Any] = {"game": game, "seats": seats, "options": options or {}}
    if seed is not None:
        body["seed"] = seed
    if timer is not None:
        body["timer"] = timer
    created: State = server.call("POST", "/api/tables", body)
    return created


def look(server: KioskServer, created: State, seat: int = 0, **query: Any) -> State:
    """The table as ``seat`` sees it (query: since, after, wait, ...)."""
    tail = f"?{urlencode(query)}" if query else ""
    state: State = server.call("GET", f"/api/tables/{created['id']}{tail}",
                               token=created["tokens"][str(seat)])
    return state


def first_move(state: State) -> str:
    move: str = state["legal_moves"][0]
    return move


def drive(server: KioskServer, created: State, until: Callable[[State], bool],
          pick: Callable[[State], str] = first_move, seconds: float = 60.0) -> State:
    """Play every human seat's moves (``pick``) and go on after each round's
    end, until ``until`` holds of seat 0's view; that view."""
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, "the table did not get there in time"
        acted = False
        seen: State | None = None
        for seat, token in created["tokens"].items():
            state = look(server, created, int(seat))
            if seen is None:
                seen = state
                if until(state):
                    return state
                assert not state["is_over"], "the game ended first"
            pause = state["break"]
            path = f"/api/tables/{created['id']}"
            if pause and int(seat) in pause["waiting"]:
                server.call("POST", path + "/continue", {"round": pause["round"]}, token=token)
                acted = True
            elif state["your_turn"]:
                server.call("POST", path + "/moves",
                            {"move": pick(state), "version": state["version"]}, token=token)
                acted = True
        if not acted and seen is not None:
            look(server, created, 0, after=seen["revision"], wait=2)


def show(page: Page, created: State, seat: int = 0, seats: list[int] | None = None) -> None:
    """The page shows the table, holding the tokens of ``seats`` (default: all)."""
    tokens = {s: t for s, t in created["tokens"].items() if seats is None or int(s) in seats}
    stored = {"id": created["id"], "tokens": tokens, "seat": seat, "seenRounds": 0,
              "seenTimedOut": 0}
    page.evaluate("(t) => localStorage.setItem('pintas.kiosk.table', JSON.stringify(t))", stored)
    page.reload()
    page.wait_for_function("() => document.getElementById('play').dataset.version !== undefined")


def ready(page: Page) -> None:
    page.wait_for_function("() => document.getElementById('play').dataset.ready === '1'")


def ready_past_rounds(page: Page) -> None:
    """The page ready for a move, any round's end that came first continued
    (a few random moves can end a round: a dice turn doomed, a block)."""
    for _ in range(5):
        page.wait_for_function("() => document.getElementById('play').dataset.ready === '1' "
                               "|| !document.getElementById('round-overlay').hidden")
        if page.get_by_test_id("round-overlay").is_hidden():
            return
        page.get_by_test_id("round-continue").tap()
        page.get_by_test_id("round-overlay").wait_for(state="hidden")
    raise AssertionError("five rounds ended without a move of the page's seat")


@contextmanager
def screen(browser: Browser, server: KioskServer, viewport: dict[str, int] | None = None,
           lang: str = "en") -> Iterator[Page]:
    with touch_screen(browser, server, viewport, query=f"lang={lang}") as page:
        yield page
        assert page_errors(page) == []


# ---- 1. a round's end pauses the table -------------------------------------------------


def test_a_rounds_end_holds_the_clock_and_shows_the_ended_round(browser: Browser,
                                                               server: KioskServer) -> None:
    """The move clock ran on behind the "Round over" window, and the computers
    played the next round behind it: now the table pauses until the person
    goes on, the window shows the round that ended (the status line and the
    log too), and the person's clock starts afresh after Continue."""
    created = create(server, "muggins", ["human", "suit"], seed=0, timer=15)
    ended = drive(server, created, lambda s: s["break"] is not None)
    assert ended["view"]["round"] == 2 and ended["timer"] is None
    with screen(browser, server) as page:
        show(page, created)
        page.get_by_test_id("round-overlay").wait_for()
        assert page.get_by_test_id("round-title").inner_text() == "Round 1 over"
        assert page.locator("#timer").is_hidden()
        # the page shows the round that ended: its number, and the log up to its end
        assert "Round 1" in page.get_by_test_id("facts").inner_text()
        kinds = page.locator("#log li").evaluate_all("(items) => items.map((i) => i.dataset.kind)")
        assert "deal" not in kinds[-3:] and kinds[-1] in ("score", "round_end"), kinds
        # the break's own countdown, not the move clock
        wait = page.get_by_test_id("round-wait")
        assert 40 < int(wait.get_attribute("data-seconds") or "0") <= 60
        assert "next round starts in" in wait.inner_text()
        check_all(page)
        page.wait_for_timeout(1500)
        later = look(server, created)
        assert later["version"] == ended["version"] and later["break"] is not None
        assert later["timer"] is None
        page.get_by_test_id("round-continue").tap()
        page.get_by_test_id("round-overlay").wait_for(state="hidden")
        ready(page)
        clock = page.get_by_test_id("timer")
        assert clock.is_visible() and float(clock.get_attribute("data-remaining") or 0) > 11
        assert look(server, created)["break"] is None
        assert "Round 2" in page.get_by_test_id("facts").inner_text()


def test_the_round_window_goes_when_the_break_ends_without_it(browser: Browser,
                                                              server: KioskServer) -> None:
    """With another person at a device of their own, Continue leaves the
    window up, waiting for them; when the break ends without this screen
    (the other person went on, or its time ran out), the window goes."""
    created = create(server, "dominican", ["human", "human", "suit", "suit"], seed=0,
                     options={"mode": "pairs"})
    drive(server, created, lambda s: s["break"] is not None)
    with screen(browser, server, PORTRAIT) as page:
        show(page, created, seats=[0])
        page.get_by_test_id("round-overlay").wait_for()
        assert page.get_by_test_id("round-wait").is_hidden()  # no clock: no countdown
        page.get_by_test_id("round-continue").tap()
        wait = page.get_by_test_id("round-wait")
        wait.wait_for()
        assert wait.inner_text() == "Waiting for Player 2"
        assert page.get_by_test_id("round-continue").is_hidden()
        assert look(server, created)["break"]["waiting"] == [1]
        check_all(page)
        server.call("POST", f"/api/tables/{created['id']}/continue", {"round": 1},
                    token=created["tokens"]["1"])
        page.get_by_test_id("round-overlay").wait_for(state="hidden")
        assert "Round 2" in page.get_by_test_id("facts").inner_text()


# ---- 2. nothing cut off or below the fold --------------------------------------------------


LAYOUTS = [
    ("dominican", ("opt-teams-pairs",), "es", 21),
    ("caminos", ("opt-players-3",), "pt", 8),
    ("dice_of_doom", ("opt-players-2",), "en", 1998),
]


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
@pytest.mark.parametrize(("game", "choices", "lang", "seed"), LAYOUTS,
                         ids=[g[0] for g in LAYOUTS])
def test_nothing_is_cut_off_or_below_the_fold(browser: Browser, server: KioskServer,
                                              viewport: dict[str, int], game: str,
                                              choices: tuple[str, ...], lang: str,
                                              seed: int) -> None:
    """Portrait: the newest line of the log was below the screen, which could
    not scroll, and the title was cut ("Dominó dominicano · …"). Now every
    part of the play screen is on it, no text is cut, every move shows without
    scrolling (the 15 keeps of a roll too), and the log's newest line shows."""
    with touch_screen(browser, server, viewport, query=f"lang={lang}&seed={seed}") as page:
        set_up(page, game, choices)
        for _ in range(3):
            ready(page)
            now = snapshot(page)
            check_layout(page)
            tap_move(page, sorted(now.moves)[0] if game != "dice_of_doom" else now.moves[0],
                     now.version)
        ready(page)
        check_layout(page)
        check_all(page)
        # the table was dealt from a chosen seed, and says so
        assert page.get_by_test_id("notice").is_visible()
        assert page.get_by_test_id("bar-title").inner_text() in (
            "Dominó dominicano", "Caminos", "Dice of Doom")
        assert page_errors(page) == []


# ---- 3. dice ----------------------------------------------------------------------------------

#: Seeds of Dice of Doom (a person, then the computer) whose first roll is
#: 1 1 1 5 5 5 (fifteen keeps, and hot dice if all are kept), and two sixes (doom).
FIFTEEN_KEEPS = 1998
DOOM = 4


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_dice_are_kept_by_tapping_them(browser: Browser, server: KioskServer,
                                       viewport: dict[str, int]) -> None:
    """Keep buttons showed dice and no points, 15 of them went below the fold,
    and after hot dice "Rolled" still showed the six dice kept. Now the person
    taps the dice to keep on the table, sees the keep and its points before a
    button makes it, every keep button shows its points and fits, and after
    hot dice no die is left rolled."""
    with touch_screen(browser, server, viewport, query=f"lang=en&seed={FIFTEEN_KEEPS}") as page:
        set_up(page, "dice_of_doom", ("opt-players-2",))
        ready(page)
        tap_move(page, "roll", snapshot(page).version)
        ready(page)
        state = look(server, stored_table_of(page))
        assert sorted(state["view"]["last_roll"]) == [1, 1, 1, 5, 5, 5]
        points = {m["move"]: m["points"] for m in state["moves"]}
        assert len(points) == 15
        check_layout(page)
        for move, value in points.items():
            button = page.locator(f'#moves [data-move="{move}"]')
            assert button.inner_text().strip() == f"+{value:,}", move
            assert button.get_attribute("aria-label") == f"Keep {move[5:]} for {value:,}"
        # choose a 1 and a 5 on the table: the keep and its points show first
        dice = page.get_by_test_id("die")
        assert dice.count() == 6
        preview = page.get_by_test_id("keep-preview")
        assert preview.inner_text() == "Tap the dice to keep"
        assert page.get_by_test_id("keep-chosen").is_disabled()
        faces = dice.evaluate_all("(ds) => ds.map((d) => Number(d.dataset.die))")
        dice.nth(faces.index(1)).tap()
        dice.nth(faces.index(5)).tap()
        one_five = points["keep 1 5"]
        assert preview.inner_text() == f"Keep 1 5: +{one_five:,} (this turn {one_five:,})"
        chosen = page.locator('#moves [data-move="keep 1 5"]').get_attribute("class")
        assert chosen == "move keep chosen"
        # all six: hot dice
        for i, _ in enumerate(faces):
            if dice.nth(i).get_attribute("aria-pressed") == "false":
                dice.nth(i).tap()
        assert preview.inner_text().startswith(f"Keep 1 1 1 5 5 5: +{points['keep 1 1 1 5 5 5']:,}")
        version = snapshot(page).version
        page.get_by_test_id("keep-chosen").tap()
        page.wait_for_function("(v) => Number(document.getElementById('play').dataset.version) > v",
                               arg=version)
        rolled = page.get_by_test_id("rolled")
        assert rolled.locator(".die-shown, .die-button").count() == 0
        assert page.get_by_test_id("dice-banner").get_attribute("data-mark") == "hot"
        assert "Hot dice" in page.get_by_test_id("dice-banner").inner_text()
        assert look(server, stored_table_of(page))["view"]["turn_total"] == 5500
        check_layout(page)
        check_all(page)


def test_a_doom_roll_is_marked_with_its_reason(browser: Browser, server: KioskServer) -> None:
    """A doom roll had no mark and no reason: now the roll that ended the turn
    stays on the table while the next player plays, its sixes marked, and
    says "two sixes" (the log too)."""
    # the other person plays elsewhere (and not yet): the table stays as the doom left it
    created = create(server, "dice_of_doom", ["human", "human"], seed=DOOM)
    server.call("POST", f"/api/tables/{created['id']}/moves", {"move": "roll", "version": 0},
                token=created["tokens"]["0"])
    assert look(server, created)["to_move"] == 1
    with screen(browser, server, PORTRAIT) as page:
        show(page, created, seats=[0])
        banner = page.get_by_test_id("last-turn")
        banner.wait_for()
        assert banner.get_attribute("data-mark") == "doom"
        assert "two sixes" in banner.inner_text() and "Player 1" in banner.inner_text()
        assert banner.locator(".die-shown").count() == 6
        assert banner.locator(".doomed").count() == 2
        assert page.get_by_test_id("rolled").locator(".die-shown").count() == 0
        assert "(two sixes)" in " ".join(page.locator("#log li").all_inner_texts())
        check_layout(page)
        check_all(page)


def stored_table_of(page: Page) -> State:
    """The table the page shows, as :func:`look` takes it."""
    table = stored_table(page)
    return {"id": table["id"], "tokens": table["tokens"]}


# ---- 4. domino moves on the table -------------------------------------------------------------

#: Each target on the table and what lies under it in the picture: the end
#: tile of that side, its halves, the pips of each half.
UNDER_TARGETS = r"""() => {
  const table = document.getElementById('table');
  const svg = table.querySelector('.table-picture svg');
  const tiles = [...svg.querySelectorAll('g.tile[data-index]')]
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
  const box = (n) => {
    const r = n.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height];
  };
  const halves = (tile) => {
    const [x, y, w, h] = box(tile.querySelector('.tile-body'));
    const parts = w >= h ? [[x, y, w / 2, h], [x + w / 2, y, w / 2, h]]
                         : [[x, y, w, h / 2], [x, y + h / 2, w, h / 2]];
    return parts.map((p) => ({
      box: p,
      pips: [...tile.querySelectorAll('.pip')].filter((c) => {
        const [cx, cy] = [c.getBoundingClientRect().x + c.getBoundingClientRect().width / 2,
                          c.getBoundingClientRect().y + c.getBoundingClientRect().height / 2];
        return cx > p[0] && cx < p[0] + p[2] && cy > p[1] && cy < p[1] + p[3];
      }).length,
    }));
  };
  const first = svg.querySelector('g.tile[data-first]');
  const fb = first ? box(first.querySelector('.tile-body')) : null;
  const turned = fb !== null && tiles.some((t) => {
    const b = box(t.querySelector('.tile-body'));
    return Math.abs((b[1] + b[3] / 2) - (fb[1] + fb[3] / 2)) > Math.max(b[3], fb[3]);
  });
  const ends = {};
  for (const end of ['L', 'R']) {
    const tile = tiles.length === 1 ? tiles[0] : (end === 'L' ? tiles[0] : tiles[tiles.length - 1]);
    if (tile) {
      ends[end] = { tile: tile.dataset.tile, box: box(tile.querySelector('.tile-body')),
                    halves: halves(tile) };
    }
  }
  return {
    turned, ends,
    targets: [...table.querySelectorAll('.target')].map((t) => ({
      play: t.dataset.play, label: t.getAttribute('aria-label'), box: box(t),
    })),
  };
}"""


def centre(box: list[float]) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_a_domino_move_is_made_on_the_table(browser: Browser, server: KioskServer,
                                            viewport: dict[str, int]) -> None:
    """Dominican: identical "Right on 6" buttons told apart by a small tile,
    the right end on the left of the screen once the line turned, hand tiles
    that could not be tapped. Now the person taps a hand tile, then the
    glowing end of the line, which is where that end is in the picture; the
    buttons stay, each with a name of its own."""
    with touch_screen(browser, server, viewport, query="lang=en&seed=21") as page:
        set_up(page, "dominican", ("opt-teams-pairs",))
        turned = False
        made = 0
        for now in shared.snapshots_in_round(page, 60):
            if made >= 7:
                break
            if not (now.ready and now.moves):
                page.wait_for_timeout(30)
                continue
            state = look(server, stored_table_of(page))
            names = page.locator("#moves [data-move]").evaluate_all(
                "(bs) => bs.map((b) => b.getAttribute('aria-label'))")
            assert len(set(names)) == len(names) and all(names), names
            plays = [m for m in state["moves"] if m["kind"] == "play"]
            if not plays:
                tap_move(page, now.moves[0], now.version)
                continue
            # a tile the person can play is a button; the others are not
            buttons = page.locator("#hand button[data-tile]")
            assert sorted(buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.tile)")) == \
                sorted({m["tile"] for m in plays})
            move = sorted(plays, key=lambda m: (m["end"] != "R", m["move"]))[0]
            page.locator(f'#hand button[data-tile="{move["tile"]}"]').tap()
            under = page.evaluate(UNDER_TARGETS)
            on_tile = {m["move"] for m in plays if m["tile"] == move["tile"]}
            assert {t["play"] for t in under["targets"]} == on_tile
            line = state["view"]["line"]
            for target in under["targets"]:
                assert min(target["box"][2:]) >= 64
                end = target["play"][-1]
                if not line:
                    continue
                open_number = state["view"]["ends"][0 if end == "L" else 1]
                side = "left" if end == "L" else "right"
                assert target["label"] == f"{move['tile']} on the {side} end ({open_number})"
                halves = under["ends"][end]["halves"]
                # the target is on the half of the end tile that shows the open number
                spot = centre(target["box"])
                nearest = min(halves, key=lambda h: distance(centre(h["box"]), spot))
                assert nearest["pips"] == open_number, (end, under)
                tile_box = under["ends"][end]["box"]
                assert distance(centre(tile_box), centre(target["box"])) < \
                    max(tile_box[2], tile_box[3]) + 40, (end, under)
                turned = turned or under["turned"]
            page.locator(f'#table .target[data-play="{move["move"]}"]').tap()
            page.wait_for_function(
                "(v) => Number(document.getElementById('play').dataset.version) > v",
                arg=now.version)
            played = [e for e in look(server, stored_table_of(page))["log"]
                      if e["kind"] == "play" and e["seat"] == 0]
            assert (played[-1]["tile"], played[-1]["end"]) == (move["tile"], move["end"])
            made += 1
        assert made >= 4
        assert turned, "the line never turned a corner: no end checked after a turn"
        check_all(page)


def test_pass_alone_lights_no_tile(browser: Browser, server: KioskServer) -> None:
    """Pass as the only move lit every hand tile as if it could be played (the
    hand was not drawn again when the turn came with nothing to play)."""
    with touch_screen(browser, server, LANDSCAPE, query="lang=en&seed=0") as page:
        set_up(page, "dominican", ("opt-teams-pairs",))
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline, "no turn with Pass alone"
            now = snapshot(page)
            assert not (now.round or now.end), "the round ended first"
            if not (now.ready and now.moves):
                page.wait_for_timeout(30)
                continue
            if now.moves == ["pass"]:
                break
            # the first legal move, as the server lists them (seed 0: a pass comes soon)
            tap_move(page, look(server, stored_table_of(page))["legal_moves"][0], now.version)
        assert page.locator("#hand > [data-tile]").count() >= 1
        assert page.locator("#hand button, #hand .playable").count() == 0
        assert page.locator("#hand > .tile:not(.idle)").count() == 0
        assert page.locator("#table .target").count() == 0


# ---- 5. a round's end counted in the open ---------------------------------------------------

#: (game, seats, options, seed): round 1 ends, with the person's moves the
#: first legal ones, in each way the counting can tell.
ROUND_ENDS: list[tuple[str, int, dict[str, Any], int]] = [
    ("muggins", 2, {}, 0),  # out: the others' pips, to the nearest 5
    ("muggins", 3, {}, 1),  # blocked: each scores the others' less their own
    ("muggins", 3, {}, 22),  # blocked with a tie: nobody scores
    ("dominican", 4, {"mode": "pairs"}, 8),  # blocked: the fewest pips takes every pip
    ("dominican", 4, {"mode": "pairs"}, 4),  # out, and a capicúa's bonus
    ("capicua", 4, {"pairs": False}, 1),  # blocked: the fewest pips, worth points
    ("caminos", 3, {"rounds": 2}, 3),  # a point less for every tile left
]


def test_a_rounds_end_shows_every_hands_pips_the_sums_and_why(browser: Browser,
                                                             server: KioskServer) -> None:
    """The round's end showed no pip counts, no sums, and no reason a blocked
    round was won. Now: each hand's pips, each step of the counting with its
    sums ("a + b + c = n"), and why the round ended."""
    with screen(browser, server) as page:
        for game, seats, options, seed in ROUND_ENDS:
            created = create(server, game, ["human"] + ["suit"] * (seats - 1), seed=seed,
                             options=options)
            state = drive(server, created, lambda s: s["break"] is not None)
            round_ = state["rounds"][0]
            show(page, created)
            overlay = page.get_by_test_id("round-overlay")
            overlay.wait_for()
            label = f"{game} {seed}"
            reason = page.get_by_test_id("round-reason").inner_text()
            end = next(e for e in round_["events"] if e["kind"] == "round_end")
            words = {"block": "blocked", "block_tie": "tie"}.get(end["reason"])
            assert (words or f"Player {end['seat'] + 1}") in reason, (label, reason)
            rows = overlay.locator(".round-hand")
            assert rows.count() == seats
            if game == "caminos":
                counts = overlay.locator("[data-testid=round-count]").all_inner_texts()
                assert counts == [f"{len(h)} tile{'' if len(h) == 1 else 's'}"
                                  for h in round_["hands"]], label
            else:
                pips = overlay.locator("[data-testid=round-pips]").all_inner_texts()
                assert pips == [f"{p} pip{'' if p == 1 else 's'}" for p in round_["pips"]], label
            steps = overlay.locator("#round-points li[data-key]").all_inner_texts()
            assert len(steps) == len(round_["counting"]), label
            for step, text in zip(round_["counting"], steps, strict=True):
                for name in ("others", "every"):
                    if isinstance(step.get(name), list) and len(step[name]) > 1:
                        total = " + ".join(str(n) for n in step[name]) + f" = {step['total']}"
                        assert total in text, (label, text)
                for name in ("points", "pips", "diff"):
                    if name in step:
                        assert str(step[name]) in text, (label, name, text)
                for name in ("winner", "seat"):
                    if name in step:
                        assert f"Player {step[name] + 1}" in text, (label, text)
                if step["key"] == "muggins_each_seat":
                    said = (f"{step['others']} \u2212 {step['own']} = {step['diff']}"
                            f" \u2192 {step['points']}")
                    assert said in text, text
                if step["key"] == "caminos_tiles":
                    assert all(f"Player {s + 1} {-n}" in text for s, n in enumerate(step["tiles"]))
            check_all(page)
            server.call("POST", f"/api/tables/{created['id']}/continue", {"round": 1},
                        token=created["tokens"]["0"])
            overlay.wait_for(state="hidden")


# ---- 6. the game's end, for each person -----------------------------------------------------


def test_the_games_end_tells_each_person_whether_they_won(browser: Browser,
                                                          server: KioskServer) -> None:
    """"¡Gana Pareja 2 y 4!" never told the person their team had lost."""
    lost = create(server, "dominican", ["human", "suit", "suit", "suit"], seed=11,
                  options={"mode": "pairs", "target": 50})
    state = drive(server, lost, lambda s: s["is_over"])
    assert state["winners"] == [1]
    shared = create(server, "dominican", ["human", "human", "suit", "suit"], seed=0,
                    options={"mode": "pairs", "target": 50})
    state = drive(server, shared, lambda s: s["is_over"])
    assert state["winners"] == [1]
    with screen(browser, server, PORTRAIT, lang="es") as page:
        show(page, lost)
        # the last round's count first, then the game's end
        page.get_by_test_id("round-overlay").wait_for()
        page.get_by_test_id("round-continue").tap()
        page.get_by_test_id("end-overlay").wait_for()
        winner = page.get_by_test_id("end-winner")
        assert winner.inner_text() == "Tu pareja pierde: gana Pareja 2 y 4."
        assert winner.get_attribute("data-outcome") == "lost"
        check_all(page)
        # two people at one screen, in two teams: each is told
        show(page, shared)
        page.get_by_test_id("round-overlay").wait_for()
        page.get_by_test_id("round-continue").tap()
        page.get_by_test_id("end-overlay").wait_for()
        assert page.get_by_test_id("end-winner").inner_text() == "¡Gana Pareja 2 y 4!"
        people = page.get_by_test_id("end-people").locator("li")
        assert people.all_inner_texts() == ["Jugador 1 perdió", "Jugador 2 ganó"]
        check_all(page)


# ---- 7. smaller things ------------------------------------------------------------------------


def test_the_scores_keep_their_height_beside_the_clock(browser: Browser,
                                                       server: KioskServer) -> None:
    """The score pills doubled in height when a clock was on."""
    with touch_screen(browser, server, LANDSCAPE, query="lang=en") as page:
        set_up(page, "farkle", ("opt-players-2", "timer-15"))
        ready(page)
        assert page.get_by_test_id("timer").is_visible()
        heights = page.evaluate("""() => {
          const pill = () => document.querySelector('#scores .score')
            .getBoundingClientRect().height;
          const timer = document.getElementById('timer');
          const shown = pill();
          timer.hidden = true;
          const hidden = pill();
          timer.hidden = false;
          return [shown, hidden];
        }""")
        assert abs(heights[0] - heights[1]) < 1 and heights[0] < 70, heights


def test_team_tiles_are_told_seat_by_seat(browser: Browser, server: KioskServer) -> None:
    """"7 + 6 tiles" in a team's pill was never explained."""
    with touch_screen(browser, server, PORTRAIT, query="lang=en&seed=21") as page:
        set_up(page, "dominican", ("opt-teams-pairs",))
        ready(page)
        sizes = look(server, stored_table_of(page))["view"]["hand_sizes"]
        assert page.get_by_test_id("score-tiles-0").inner_text() == \
            f"Player 1: {sizes[0]} tiles · Player 3: {sizes[2]} tiles"
        assert page.get_by_test_id("score-tiles-1").inner_text() == \
            f"Player 2: {sizes[1]} tiles · Player 4: {sizes[3]} tiles"


def test_portuguese_caminos_labels_and_spanish_pile(browser: Browser, server: KioskServer) -> None:
    """Portuguese Caminos move labels wrapped ("Caminho / 2 / frente ▶");
    Spanish called Caminos' pile "Pozo" on top and "montón" in the log."""
    with touch_screen(browser, server, PORTRAIT, query="lang=pt&seed=8") as page:
        set_up(page, "caminos", ("opt-players-3",))
        for _ in range(6):
            ready(page)
            now = snapshot(page)
            places = [m for m in now.moves if " front " in m or " back " in m]
            if places:
                break
            tap_move(page, now.moves[0], now.version)
        assert places, "no place move offered"
        check_layout(page)  # one line each, nothing cut
        button = page.locator(f'#moves [data-move="{places[0]}"]')
        number, side = re.fullmatch(r".+ (front|back) (\d)", places[0]).group(2, 1)  # type: ignore[union-attr]
        assert button.locator(".move-word").inner_text() == f"Caminho {number}"
        assert button.locator(".move-sub").inner_text() == ("frente" if side == "front" else "trás")
        page.get_by_test_id("lang-es").tap()
        text = page.evaluate("() => document.getElementById('play').innerText")
        assert "Montón:" in page.get_by_test_id("facts").inner_text()
        assert "Pozo" not in text and "pozo" not in text


def test_tiles_are_sized_to_the_table(browser: Browser, server: KioskServer) -> None:
    """The tiles were small in a mostly empty table, above all in portrait
    (Caminos tiles about 60 px wide in a 770 x 570 table)."""
    with touch_screen(browser, server, PORTRAIT, query="lang=en&seed=8") as page:
        set_up(page, "caminos", ("opt-players-3",))
        ready(page)
        sizes = page.evaluate("""() => {
          const table = document.getElementById('table').getBoundingClientRect();
          const tiles = [...document.querySelectorAll('#table g.tile .tile-body')]
            .map((t) => t.getBoundingClientRect())
            .map((r) => Math.max(r.width, r.height));
          const hand = [...document.querySelectorAll('#hand [data-tile]')]
            .map((t) => t.getBoundingClientRect());
          return {table: [table.width, table.height], tiles,
                  hand: hand.map((r) => [r.width, r.height, r.top])};
        }""")
        assert sizes["tiles"] and min(sizes["tiles"]) >= 0.12 * min(sizes["table"]), sizes
        # the hand's tiles fill its row: one row, each at least 48 px wide
        assert all(w >= 48 for w, _, _ in sizes["hand"]), sizes
        tops = [top for _, _, top in sizes["hand"]]
        assert max(tops) - min(tops) < 20, sizes
    with touch_screen(browser, server, LANDSCAPE, query="lang=en&seed=21") as page:
        set_up(page, "dominican", ("opt-teams-pairs",))
        ready(page)
        width = page.evaluate("""() => {
          const table = document.getElementById('table').getBoundingClientRect();
          const tile = document.querySelector('#table g.tile .tile-body').getBoundingClientRect();
          return Math.max(tile.width, tile.height) / Math.min(table.width, table.height);
        }""")
        assert width >= 0.25, width


# ---- the server's other answers ------------------------------------------------------------------


def test_a_stopped_table_and_the_servers_refusals(browser: Browser, server: KioskServer) -> None:
    """A table the server stopped says why instead of "thinking…"; "New game"
    leaves the table for every seat the screen holds, even when the server
    cannot be reached; too many tables is said on the setup screen; a damaged
    table is left with a word."""
    with screen(browser, server) as page:
        set_up(page, "farkle", ("opt-players-2", "seat-1-human"))
        ready(page)
        table = stored_table(page)

        def stopped(route: Any) -> None:
            try:
                answer = route.fetch()
                body = answer.json()
                body["fault"] = "player 2's computer failed: out of memory"
                body["your_turn"], body["legal_moves"], body["moves"] = False, [], []
                route.fulfill(response=answer, json=body)
            except Exception:  # the page went on: a long poll left behind
                pass

        page.route(re.compile(r".*/api/tables/[0-9a-f]+\?.*"), stopped)
        page.reload()
        fault = page.get_by_test_id("fault")
        fault.wait_for()
        assert fault.inner_text() == "player 2's computer failed: out of memory"
        assert page.get_by_test_id("turn").inner_text() == "This game has stopped"
        check_all(page)
        page.unroute(re.compile(r".*/api/tables/[0-9a-f]+\?.*"))
        # New game: a DELETE for each seat, and the setup screen even though they fail
        deletes: list[str] = []

        def refuse(route: Any) -> None:
            deletes.append(route.request.headers.get("authorization", ""))
            route.abort()

        page.route(re.compile(r".*/api/tables/[0-9a-f]+$"), refuse)
        page.get_by_test_id("new-game").tap()
        page.get_by_test_id("confirm-yes").tap()
        page.get_by_test_id("setup").wait_for()
        page.wait_for_timeout(200)
        assert sorted(deletes) == sorted(f"Bearer {t}" for t in table["tokens"].values())
        page.unroute(re.compile(r".*/api/tables/[0-9a-f]+$"))
        # too many tables
        page.route(re.compile(r".*/api/tables$"), lambda route: route.fulfill(
            status=429, json={"error": "too_many_tables", "message": "20 tables are open"}))
        page.get_by_test_id("start").tap()
        error = page.get_by_test_id("setup-error")
        error.wait_for()
        assert "20 tables are open" in error.inner_text() and "too many" in error.inner_text()
        assert page.get_by_test_id("start").is_enabled()
        page.unroute(re.compile(r".*/api/tables$"))
        # a damaged table
        page.route(re.compile(r".*/api/tables/[0-9a-f]+\?.*"), lambda route: route.fulfill(
            status=410, json={"error": "corrupt_table", "message": "damaged"}))
        page.get_by_test_id("start").tap()
        page.get_by_test_id("toast").wait_for()
        assert page.get_by_test_id("toast").inner_text() == "That game is damaged and cannot go on."
        page.get_by_test_id("setup").wait_for()


# ---- accessibility -----------------------------------------------------------------------------


def test_every_screen_names_its_controls_and_meets_contrast(browser: Browser,
                                                            server: KioskServer) -> None:
    """The setup screen in each language, the confirmation, the curtain
    between two people, the toast: every control named, every colour pair at
    WCAG AA (the play screens and the round's and game's ends are checked by
    the tests above)."""
    with screen(browser, server, lang="es") as page:
        for lang in ("es", "pt", "en"):
            page.get_by_test_id(f"lang-{lang}").tap()
            for game in ("dominican", "caminos_two_paths", "farkle"):
                page.get_by_test_id(f"game-{game}").tap()
                check_all(page)
        page.get_by_test_id("seat-1-human").tap()
        page.get_by_test_id("start").tap()
        ready(page)
        page.get_by_test_id("new-game").tap()
        page.get_by_test_id("confirm").wait_for()
        check_all(page)
        page.get_by_test_id("confirm-no").tap()
        while not snapshot(page).curtain:
            now = snapshot(page)
            if now.ready and now.moves:
                tap_move(page, "bank" if "bank" in now.moves else now.moves[0], now.version)
            else:
                page.wait_for_timeout(30)
        page.get_by_test_id("curtain").wait_for()
        check_all(page)
        page.evaluate("() => { const t = document.getElementById('toast');"
                      " t.textContent = 'That move was refused.'; t.hidden = false; }")
        check_contrast(page)


#: The focused element, and whether its focus shows (a ring of 3 px or more).
FOCUSED = """() => {
  const n = document.activeElement;
  if (!n || n === document.body) return null;
  const s = getComputedStyle(n);
  return {
    testid: n.dataset.testid || null, move: n.dataset.move || null, tile: n.dataset.tile || null,
    play: n.dataset.play || null, tag: n.tagName,
    ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 3,
  };
}"""


def test_a_whole_game_with_the_keyboard_alone(browser: Browser, server: KioskServer) -> None:
    """Tab, Enter and Space only: the setup, the moves (a hand tile, then its
    place on the table), Continue after each round, and a new game; the
    focus always shows."""
    with screen(browser, server, lang="en") as page:

        def focus(wanted: Callable[[dict[str, Any]], bool], presses: int = 80) -> dict[str, Any]:
            for _ in range(presses):
                page.keyboard.press("Tab")
                now = page.evaluate(FOCUSED)
                if now is not None:
                    assert now["ring"], f"no visible focus on {now}"
                    if wanted(now):
                        return dict(now)
            raise AssertionError("the keyboard never got there")

        focus(lambda f: f["testid"] == "game-caminos")
        page.keyboard.press("Enter")
        focus(lambda f: f["testid"] == "opt-players-2")
        page.keyboard.press("Space")
        focus(lambda f: f["testid"] == "opt-rounds-2")
        page.keyboard.press("Enter")
        focus(lambda f: f["testid"] == "start")
        page.keyboard.press("Space")
        page.get_by_test_id("play").wait_for()
        rounds = 0
        moves = 0
        deadline = time.monotonic() + 90
        while True:
            assert time.monotonic() < deadline
            now = snapshot(page)
            if now.end:
                break
            if now.round:
                # the window takes the focus: Continue is one key away
                assert page.evaluate(FOCUSED)["testid"] == "round-continue"
                page.keyboard.press("Enter")
                page.get_by_test_id("round-overlay").wait_for(state="hidden")
                rounds += 1
                continue
            if not (now.ready and now.moves):
                page.wait_for_timeout(30)
                continue
            focused = focus(lambda f: f["tag"] == "BUTTON" and (f["tile"] or f["move"]) is not None)
            page.keyboard.press("Enter")
            if focused["tile"] is not None:
                # a hand tile: the focus goes on to the places it may go
                page.wait_for_function("() => document.activeElement.dataset.play !== undefined")
                assert page.evaluate(FOCUSED)["ring"]
                page.keyboard.press("Space")
            page.wait_for_function(
                "(v) => Number(document.getElementById('play').dataset.version) > v "
                "|| !document.getElementById('round-overlay').hidden", arg=now.version)
            moves += 1
        assert rounds == 2 and moves > 5
        focus(lambda f: f["testid"] == "end-new-game", presses=5)
        page.keyboard.press("Enter")
        page.get_by_test_id("setup").wait_for()
        assert page.evaluate("() => localStorage.getItem('pintas.kiosk.table')") is None


def test_a_new_picture_keeps_the_focus_and_a_resize_keeps_the_hand(browser: Browser,
                                                                   server: KioskServer) -> None:
    """The table's box changes (the screen grows narrower): the page asks for a
    picture of the new size. The target the keyboard was on is focused again
    in the new picture, and the hand's tiles, of the same size as before, are
    the same tiles (not swapped for equal ones)."""
    with touch_screen(browser, server, query="lang=en&seed=5") as page:
        set_up(page, "caminos", ("opt-players-2",))
        ready(page)
        page.locator("#hand button[data-tile]").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.dataset.play !== undefined")
        target = page.evaluate("() => document.activeElement.dataset.play")
        size = page.evaluate(PICTURE_SIZE)
        page.evaluate("() => document.querySelectorAll('#hand > [data-tile]')"
                      ".forEach((t) => { t.dataset.seen = '1'; })")
        page.set_viewport_size({"width": 1000, "height": 800})
        page.wait_for_function(f"(size) => ({PICTURE_SIZE})() !== size", arg=size)
        assert page.evaluate("() => document.activeElement.dataset.play") == target
        assert page.evaluate(FOCUSED)["ring"]
        tiles = page.locator("#hand > [data-tile]").evaluate_all(
            "(tiles) => tiles.map((t) => t.dataset.seen === '1')")
        assert tiles and all(tiles)


#: The size of the table's picture, as the server drew it.
PICTURE_SIZE = """() => {
  const svg = document.querySelector('#table .table-picture svg');
  return svg ? svg.getAttribute('width') + 'x' + svg.getAttribute('height') : '';
}"""


#: The server's Content-Security-Policy for the page.
def test_the_page_keeps_to_its_content_security_policy(browser: Browser,
                                                       server: KioskServer) -> None:
    """No inline script, no style element, no style attribute in the markup or
    in any markup the script writes: under the policy the server sends, the
    page plays, tiles tapped and dice kept, without one refusal
    (tests/kiosk/test_browser_csp.py plays each family's moves too)."""
    from pintas.kiosk.guard import CSP

    static = Path(__file__).resolve().parents[2] / "src" / "pintas" / "kiosk" / "static"
    html = (static / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert "<style" not in html and "style=" not in html
    assert not re.search(r"\bon[a-z]+=", html)
    with touch_screen(browser, server, PORTRAIT, query="lang=en") as page:
        refused: list[str] = []
        page.on("console", lambda message: refused.append(message.text)
                if "Content Security Policy" in message.text else None)
        answer = page.reload()
        assert answer is not None and answer.headers["content-security-policy"] == CSP
        page.get_by_test_id("setup").wait_for()
        for game, choices in (("dominican", ("opt-teams-pairs",)), ("dice_of_doom", ())):
            set_up(page, game, choices)
            for _ in range(3):
                ready_past_rounds(page)
                now = snapshot(page)
                tap_move(page, now.moves[0], now.version)
            ready_past_rounds(page)
            tile = page.locator("#hand button[data-tile]")
            if tile.count():
                tile.first.tap()
            page.get_by_test_id("new-game").tap()
            page.get_by_test_id("confirm-yes").tap()
            page.get_by_test_id("setup").wait_for()
        assert refused == []
