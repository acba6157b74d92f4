"""docs/how-to-play.md and docs/como-jugar.md: their links lead somewhere, the
commands they show run, the moves they show are read as they say, and their
worked examples score what they say."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from pintas import caminos, cli, dice, domino, registry

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "docs" / "how-to-play.md", ROOT / "docs" / "como-jugar.md"]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped,
    spaces as hyphens (accented letters stay)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return {slug(h) for h in re.findall(r"^#+ (.*)$", text, re.M)}


def links(page: Path) -> list[str]:
    return LINK.findall(page.read_text())


@pytest.mark.parametrize("page", [*PAGES, ROOT / "README.md"], ids=lambda p: p.name)
def test_every_link_leads_to_a_file_and_heading(page: Path) -> None:
    for target in links(page):
        if target.startswith(("http://", "https://")):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        assert file.exists(), f"{page.name}: {target} leads nowhere"
        if anchor:
            assert anchor in anchors(file), f"{page.name}: no heading for {target}"


def test_the_pages_link_each_other_and_the_readme_links_both() -> None:
    english, spanish = PAGES
    assert "como-jugar.md" in links(english)
    assert "how-to-play.md" in links(spanish)
    readme = links(ROOT / "README.md")
    assert "docs/how-to-play.md" in readme and "docs/como-jugar.md" in readme


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_game_links_its_section_of_the_rules(page: Path) -> None:
    rules = {t.partition("#")[2] for t in links(page) if t.startswith("rules.md#")}
    assert {"11-what-every-line-game-shares", "12-muggins-to-200", "13-capicúa-to-20",
            "14-dominican-domino", "2-caminos", "3-dice-of-doom-and-farkle"} <= rules


def _commands(page: Path) -> list[str]:
    return re.findall(r"python -m pintas play[^`\n]*", page.read_text())


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_play_command_shown_starts_a_game(page: Path) -> None:
    """Each command starts its game and leaves on ``quit`` (``--help`` prints the help)."""
    commands = set(_commands(page))
    presets = {p.name for p in registry.presets()}
    assert {shlex.split(c)[4] for c in commands if not c.endswith("--help")} <= presets
    assert all(f"`{name}`" in page.read_text() for name in presets)
    for command in sorted(commands):
        out = io.StringIO()
        status = cli.main(shlex.split(command)[3:], ask=lambda prompt: "quit", out=out)
        if command.endswith("--help"):
            assert status == 0 and "--opponents" in out.getvalue()
        else:
            assert status == 0 and out.getvalue().endswith("bye\n"), command


# ---- the moves as the pages write them ----------------------------------------------------


def _line_game_needing(rules: domino.Rules, kind: str) -> domino.Game:
    """A seeded game played on to a position where ``kind`` (draw or pass) is legal."""
    for seed in range(100):
        game = domino.Game(rules, seed=seed)
        while not game.is_over:
            moves = game.legal_moves()
            if any(m.kind == kind for m in moves):
                return game
            game.play(moves[0])
    raise AssertionError(f"no {kind} found")


def test_line_game_moves_as_written() -> None:
    game = domino.Game(domino.Rules.dominican(), deal=domino.Deal(hands=[
        "6|6 6|4 5|1 5|0 3|3 2|1 1|0", "6|5 6|3 5|5 5|4 4|4 3|2 2|0",
        "6|2 6|1 6|0 5|3 4|3 4|1 2|2", "5|2 4|2 4|0 3|1 3|0 1|1 0|0"]))
    assert str(game.parse_move("6|6")) == "6|6L"          # the first tile goes at L
    game.play("6|6L")
    game.play("6|5L")                                      # ends 5 and 6
    assert game.ends == (5, 6)
    assert str(game.parse_move("6|2")) == "6|2R" == str(game.parse_move("2|6"))
    game.play("6|2R")                                      # ends 5 and 2: seat 3 holds 5|2
    for typed in ("5|2L", "5|2R"):
        assert str(game.parse_move(typed)) == typed
    drawing = _line_game_needing(domino.Rules.muggins(players=2), "draw")
    assert drawing.parse_move("robar") == drawing.parse_move("draw")
    passing = _line_game_needing(domino.Rules.dominican(), "pass")
    assert passing.parse_move("paso") == passing.parse_move("pass")


def test_caminos_moves_as_written() -> None:
    """The pages' forms of one placement: `5|1` on the front of path 2 (centre 5|3)."""
    deal = caminos.Deal.complete("6|6 5|3 4|4 2|2 0|0",
                                 ["6|5 5|1 4|3 3|2 3|1 2|0", "5|4 4|2 4|1 3|0 2|1 1|0",
                                  "6|4 6|3 6|2 6|1 6|0 1|1"], "5|5")
    game = caminos.Game(caminos.Rules.base(players=3), deal=deal)
    assert game.parse_move("reveal 6|5") == game.parse_move("6|5") == game.parse_move(
        "revelar 6|5")
    for reveal in ("6|5", "5|4", "6|4"):
        game.play(f"reveal {reveal}")
    assert game.to_move == 0                                # 6|5: the most pips
    front = game.parse_move("5|1 front 2")
    assert str(front) == "5|1 front 2"
    for typed in ("5|1 adelante 2", "5|1 f2", "5|1 2", "5|1"):
        assert game.parse_move(typed) == front, typed
    assert str(game.parse_move("3|2 atrás 2")) == "3|2 back 2" == str(
        game.parse_move("3|2 b2"))


# ---- the worked examples ------------------------------------------------------------------


def _play(game: dice.Game, moves: str) -> None:
    for move in moves.split(","):
        game.play(move.strip())


def test_dice_of_doom_example() -> None:
    """Keep 1 5 (1,500); 2 3 4 with them make the straight 1-5 (2,500): bank 2,500."""
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=1)
    _play(game, "roll 1 5 6 4 4 3, keep 1 5")
    assert game.view(0).turn_total == 1500
    _play(game, "roll 2 3 4 6, keep 2 3 4")
    assert game.view(0).turn_total == 2500
    _play(game, "bank")
    assert game.scores[0] == 2500


def test_dice_of_doom_keeps_shown_at_the_terminal() -> None:
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=1)
    game.play("roll 5 2 5 1 6 3")
    assert [(" ".join(map(str, k.dice)), k.points) for k in game.view(0).keeps()] == [
        ("1 5 5", 2000), ("1 5", 1500), ("1", 1000), ("5 5", 1000), ("5", 500)]


def test_farkle_example() -> None:
    """Keep 1 1 1 5 (1,050), then a 5 (50): bank 1,100."""
    game = dice.Game(dice.Rules.farkle(), players=2, seed=1)
    _play(game, "roll 1 1 1 5 2 3, keep 1 1 1 5")
    assert game.view(0).turn_total == 1050
    _play(game, "roll 5 4, keep 5, bank")
    assert game.scores[0] == 1100


def test_muggins_example() -> None:
    """5|5 opens for 10; 5|0 on it leaves the double and 0 open: 10 more."""
    game = domino.Game(domino.Rules.muggins(players=2), deal=domino.Deal(
        hands=["5|5 4|3 4|2 3|2 2|1 1|1 1|0", "5|0 6|5 6|4 6|3 5|4 4|4 3|3"],
        boneyard=["6|6", "6|2", "6|1", "6|0", "5|3", "5|2", "5|1", "4|1", "4|0", "3|1",
                  "3|0", "2|2", "2|0", "0|0"]))
    assert game.play("5|5")[-1] == domino.Event("score", seat=0, side=0, points=10,
                                                reason="fives")
    assert game.play("5|0L")[-1] == domino.Event("score", seat=1, side=1, points=10,
                                                 reason="fives")
