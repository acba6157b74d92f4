"""The terminal front end, written once for every game: whole games play to the
end, bad input is explained and asked again, leaving is clean, each game's board
and notation read well, and the tournament command and the program itself run."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import pintas
from pintas import cli, dice, domino, registry, tournament
from pintas._prompt import ask_move
from pintas.dice import terminal
from pintas.domino import terminal as domino_terminal
from pintas.errors import IllegalMoveError, RulesError

# ---- input() for the tests ---------------------------------------------------------


def answers(*lines: str) -> tuple[cli.InputFn, list[str]]:
    """Types ``lines`` in order, then ends the input; the prompts asked are kept."""
    asked: list[str] = []
    feed: Iterator[str] = iter(lines)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return ask, asked


def always(text: str) -> cli.InputFn:
    """Types ``text`` at every prompt."""
    return lambda prompt: text


def interrupted(prompt: str) -> str:
    """Ctrl-C at the first prompt."""
    raise KeyboardInterrupt


def typist(out: io.StringIO, bank_at: int = 300) -> cli.InputFn:
    """Types dice moves as a person would: the first keep listed (by its dice),
    then rolls on until the turn total reaches ``bank_at`` and banks."""

    def ask(prompt: str) -> str:
        legal = out.getvalue().rsplit("legal: ", 1)[1].splitlines()[0]
        keep = re.match(r"1\) keep ([\d ]+) \(", legal)
        if keep:
            return f"keep {keep.group(1)}"
        total = re.search(r"bank (\d+)", legal)
        return "bank" if total and int(total.group(1)) >= bank_at else "roll"

    return ask


def words(text: str) -> str:
    """``text`` with its lines joined and its spaces single: as it reads, however wrapped."""
    return " ".join(text.split())


def main(argv: list[str], ask: cli.InputFn, out: io.StringIO | None = None) -> tuple[int, str]:
    """The command line run with ``ask`` for input: its exit status and all it
    wrote (to standard output and standard error, in order)."""
    out = io.StringIO() if out is None else out
    return cli.main(argv, ask=ask, out=out, err=out), out.getvalue()


def caminos(name: str, players: int, seat: int, seed: int | None = None) -> list[str]:
    """The command line of a Caminos game at the terminal against greedy players."""
    return ["play", name, "--players", str(players), "--seat", str(seat),
            "--opponents", "greedy"] + ([] if seed is None else ["--seed", str(seed)])


# ---- every game ----------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["play", "dominican", "--seed", "1"],
    ["play", "dominican", "--mode", "two", "--seed", "2", "--target", "100"],
    ["play", "dominican", "--mode", "three", "--seed", "2", "--target", "100"],
    ["play", "dominican", "--mode", "four", "--seed", "2", "--target", "100",
     "--opponents", "greedy"],
    ["play", "muggins", "--players", "2", "--seed", "3", "--target", "50"],
    ["play", "muggins", "--players", "4", "--seed", "3", "--target", "50",
     "--opponents", "random"],
    ["play", "capicua", "--pairs", "--seed", "4", "--seat", "2"],
    ["play", "capicua", "--players", "3", "--seed", "4", "--target", "10",
     "--opponents", "search:8"],
    ["play", "caminos", "--seed", "5"],
    ["play", "caminos_no_renewal", "--players", "4", "--seed", "5", "--opponents", "greedy"],
    ["play", "caminos_two_paths", "--players", "2", "--seed", "6", "--opponents", "search:8"],
])
def test_a_whole_game_can_be_played(argv: list[str]) -> None:
    status, text = main(argv, always("1"))
    assert status == 0
    assert "final scores" in text
    assert "your hand" in text
    assert "legal: 1) " in text
    assert "you win!" in text or " wins" in text or "share the win" in text


@pytest.mark.parametrize(("argv", "typed", "shown"), [
    (["play", "dominican", "--seed", "3"],
     ["hello", "7|7", "99", "0|0X", "help", "quit"],
     ["'hello'", "'7|7'", "there is no move 99", "type a tile"]),
    (caminos("caminos", 3, 0, 5),
     ["hello", "7|7", "99", "help", "", "6|6 sideways 1", "draw", "quit"],
     ["got 'hello'", "'7|7'", "there is no move 99: choose 1..6", "type a move:",
      "type a move:", "'sideways' in '6|6 sideways 1' is not a side",
      "'draw' is not legal now"]),
    (["play", "farkle", "--seed", "1"],
     ["hello", "9", "keep 6", "roll 1 2 3", "bank", "", "quit"],
     ["'hello'", "there is no move 9", "6 dice to roll, not 3", "cannot keep now",
      "must roll first", "type 'roll' (or, with your own dice"]),
], ids=["domino", "caminos", "dice"])
def test_bad_input_is_explained_and_asked_again(argv: list[str], typed: list[str],
                                                shown: list[str]) -> None:
    """Every line typed is answered (each explanation as often as listed) and asked again."""
    ask, asked = answers(*typed)
    status, text = main(argv, ask)
    assert status == 0  # quitting is no error
    flat = words(text)
    assert {line: flat.count(line) for line in shown} == Counter(shown)
    assert len(asked) == len(typed)
    assert text.endswith("bye\n")
    assert "Traceback" not in text


@pytest.mark.parametrize("argv", [
    ["play", "muggins", "--seed", "5"],
    caminos("caminos_two_paths", 2, 1, 5),
    ["play", "dice_of_doom", "--seed", "5"],
], ids=["domino", "caminos", "dice"])
def test_end_of_input_leaves_quietly(argv: list[str]) -> None:
    status, text = main(argv, answers()[0])
    assert status == 0
    assert text.endswith("bye\n")


@pytest.mark.parametrize("argv", [
    ["play", "muggins", "--players", "2"],
    ["play", "caminos", "--seed", "5"],
    caminos("caminos", 2, 0, 5),
    ["play", "farkle"],
], ids=["domino", "caminos-3", "caminos-2", "dice"])
def test_ctrl_c_leaves_quietly(argv: list[str]) -> None:
    status, text = main(argv, interrupted)
    assert status == 130
    assert text.endswith("bye\n")


@pytest.mark.parametrize(("argv", "message"), [
    ([], "required: command"),
    (["play"], "required: GAME"),
    (["play", "chess"], "invalid choice: 'chess'"),
    (["play", "muggins", "--players", "7"], "players must be"),
    (["play", "dominican", "--seat", "4"], "--seat must be 0..3"),
    (["play", "dominican", "--seat", "x"], "invalid int value: 'x'"),
    (["play", "dominican", "--opponents", "genius"], "no player 'genius'"),
    (["play", "caminos", "--target", "5"], "--target does not apply to caminos"),
    (["play", "muggins", "--pairs"], "--pairs does not apply to muggins (it takes --players, "
                                     "--target)"),
    (["play", "dominican", "--players", "3"], "--players does not apply to dominican"),
    (["play", "farkle", "--mode", "two"], "--mode does not apply to farkle"),
    (["play", "dominican", "--players", "x"], "--players is the number of players"),
    (caminos("caminos", 5, 0, 1), "players must be"),
    (caminos("caminos", 2, 2, 1), "--seat must be 0..1: got 2"),
    (["play", "capicua", "--pairs", "--players", "3"], "pairs needs 4 players"),
    (["play", "farkle", "--players", "9"], "players must be"),
    (["play", "farkle", "--seat", "2"], "--seat must be 0..1"),
    (["play", "dice_of_doom", "--target", "0"], "target must be"),
    (["play", "farkle", "--opponents", "suit:3"], "does not play dice"),
    (["play", "farkle", "--opponents", "optimal:3"], "bad player spec"),
    (["tournament", "--bots", "suit,chess"], "no player 'chess'"),
    (["tournament", "farkle", "--bots", "search,random"], "does not play dice"),
    (["tournament", "--deals", "0"], "--deals must be 1..100000: got 0"),
    (["tournament", "--games", "100000000"], "--deals must be 1..100000"),
    (["tournament", "--seed", "-1"], "--seed must be 0..18446744073709551615: got -1"),
    (["play", "dominican", "--seed", "-5"], "--seed must be 0..18446744073709551615: got -5"),
    (["play", "dominican", "--seed", str(2**64)], "--seed must be 0..18446744073709551615"),
    (["tournament", "--bots", "search"], "--bots needs two different computer players"),
    (["tournament", "--bots", "suit,suit"], "--bots needs two different computer players"),
    (["tournament", "--bots", ","], "--bots needs two different computer players to compare: "
                                    "got none"),
    (["tournament", "--jobs", "-1"], "--jobs must be"),
    (["tournament", "farkle", "--players", "3"], "--players does not apply to farkle"),
    (["tournament", "muggins", "--players", "2", "--bots", "a,b,c"], "no player"),
    (["tournament", "--players", "search,suit"],
     "--players is the number of players: got 'search,suit'; give the computer players "
     "with --bots search,suit"),
    (["tournament", "muggins", "--pairs"], "--pairs does not apply to muggins"),
    (["tournament", "caminos", "--target", "5"], "--target does not apply to caminos"),
    (["tournament", "farkle", "--game", "muggins"], "the game is given twice"),
    (["tournament", "--json", "--csv"], "not allowed with argument"),
    (["tournament", "muggins", "--players", "2", "--bots", "search,suit,greedy"],
     "--bots lists 3 computer players but muggins (2 players) to 200 has 2 seats"),
    (["tournament", "capicua", "--pairs", "--bots", "search,suit,greedy"],
     "in pairs each team is one computer player: give two --bots, not search,suit,greedy"),
    (["tournament", "farkle", "--bots", ",".join(["optimal", "random"] + ["threshold"] * 7)],
     "--bots lists 9 computer players: players must be"),
    (["play", "dominican", "--frobnicate"], "unrecognized arguments: --frobnicate"),
])
def test_every_bad_command_line_gets_one_clear_line(argv: list[str], message: str) -> None:
    status, text = main(argv, always("1"))
    assert status == 2
    assert message in words(text)
    assert "Traceback" not in text


def test_help_is_printed_and_exits_cleanly() -> None:
    out = io.StringIO()
    assert cli.main(["play", "--help"], out=out) == 0
    assert "--opponents" in out.getvalue() and "caminos_two_paths" in out.getvalue()
    out = io.StringIO()
    assert cli.main(["tournament", "--help"], out=out) == 0
    assert "--jobs" in out.getvalue()


def test_version_prints_the_package_version() -> None:
    status, text = main(["--version"], always("1"))
    assert status == 0
    assert text == f"pintas {pintas.__version__}\n"


def test_help_shows_percent_signs_once() -> None:
    for command in ("play", "tournament"):
        status, text = main([command, "--help"], always("1"))
        assert status == 0
        assert "%%" not in text
    assert "95%" in main(["tournament", "--help"], always("1"))[1]


def test_play_help_points_at_the_how_to_play_guides() -> None:
    text = " ".join(main(["play", "--help"], always("1"))[1].split())
    assert "docs/how-to-play.md" in text and "docs/como-jugar.md" in text


def test_the_opponents_are_the_strength_asked_for_and_replay_with_the_seed() -> None:
    argv = ["play", "muggins", "--seed", "8", "--target", "40", "--opponents", "search:6"]
    runs = [main(argv, always("1")) for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][0] == 0
    assert "you are player 1; players 2 and 3: search:6 players" in runs[0][1]
    _, text = main(["play", "dominican", "--seed", "8", "--opponents", "random"], always("1"))
    assert "you are player 1, partner of player 3 (team 1)" in text
    assert text != runs[0][1]


@pytest.mark.parametrize(("game", "level", "spec"), [
    ("dominican", "expert", "search:40"), ("muggins", "beginner", "random"),
    ("caminos", "club", "suit~50"), ("caminos", "beginner", "careless"),
    ("farkle", "master", "win"), ("farkle", "casual", "threshold:300"),
])
def test_the_opponents_may_be_a_level_of_the_dial(game: str, level: str, spec: str) -> None:
    status, text = main(["play", game, "--seed", "4", "--opponents", level], always("quit"))
    assert status == 0 and f"{spec} player" in words(text)
    assert main(["play", game, "--opponents", "grandmaster"], always("quit"))[0] == 2


# ---- the end of a round, the end of the game ------------------------------------------


def round_ends(rules: object, seeds: range) -> Iterator[tuple[Any, list[Any], str]]:
    """Every round's end in random games of ``rules``: the move's events and
    the round as the terminal tells it."""
    family = registry.family_of(rules)
    for seed in seeds:
        game = family.new_game(rules, None, seed)
        bots = [registry.make_player("random", rules, seed + s) for s in range(game.seats)]
        while not game.is_over:
            before = game.copy()
            seat = game.to_move
            assert seat is not None
            events = game.play(bots[seat].choose(game.view(seat)))
            told = family.terminal.round_summary(before, game, events, 80)
            if told is not None:
                yield game, events, told[1]


def scored(events: list[Any], reason: str | None = None) -> dict[int, int]:
    """Points scored at a round's end, seat by seat (0 when a seat scored nothing)."""
    out: dict[int, int] = {}
    for event in events:
        if event.kind == "score" and reason in (None, event.reason):
            out[event.seat] = out.get(event.seat, 0) + event.points
    return out


@pytest.mark.parametrize("rules", [
    domino.Rules.muggins(players=3, target=100), domino.Rules.muggins(players=2, target=100),
    domino.Rules.muggins(players=4, target=100, block_scoring="lowest_takes_all"),
], ids=["cascade-3", "cascade-2", "lowest-takes-all-4"])
def test_a_muggins_round_end_explains_its_points(rules: domino.Rules) -> None:
    """docs/rules.md 1.2: a domino scores the other hands' pips rounded to the
    nearest 5; a block, the others' pips less one's own (or, lowest takes all,
    the others' pips), rounded; a tie for the fewest pips scores nothing."""
    told = 0
    for _, events, text in round_ends(rules, range(12)):
        end = next(e for e in events if e.kind == "round_end")
        points = scored(events)
        assert re.search(r"player \d: (\[\d\|\d\] )+= \d+ pips?|player \d: out of tiles",
                         text)
        if end.reason == "block_tie":
            assert "nobody scores" in text and not points
        elif end.reason == "domino" or rules.block_scoring == "lowest_takes_all":
            shown = int(words(text).split("rounded to the nearest 5: ")[1].split()[0])
            assert scored(events, end.reason).get(end.seat, 0) == shown
        else:
            shown_each = re.findall(r"  player (\d): [-\d]+ - \d+ = -?\d+: scores (\d+)", text)
            # the placement that blocked may have scored fives too: only the block's points
            assert {int(player) - 1: int(shown) for player, shown in shown_each
                    if shown != "0"} == scored(events, end.reason)
            assert len(shown_each) == rules.players
        told += 1
    assert told > 20


@pytest.mark.parametrize("rules", [
    domino.Rules.capicua(players=4), domino.Rules.capicua(pairs=True),
    domino.Rules.capicua(players=2), domino.Rules.capicua(players=3, capicua=False),
], ids=["four", "pairs", "two", "three-no-capicua"])
def test_a_capicua_round_end_explains_its_points(rules: domino.Rules) -> None:
    """docs/rules.md 1.3: the other hands' pips T score 1 up to 2, 2 up to 20,
    then one a 10 begun; a capicúa doubles them."""
    told = 0
    for _, events, text in round_ends(rules, range(10)):
        end = next(e for e in events if e.kind == "round_end")
        worth = int(re.search(r"pips, worth (\d+)", words(text)).group(1))  # type: ignore[union-attr]
        assert scored(events, end.reason).get(end.seat) == worth
        assert ("a capicúa doubles it" in text) == bool(scored(events, "capicua"))
        told += 1
    assert told > 10


@pytest.mark.parametrize("rules", [
    domino.Rules.dominican(), domino.Rules.dominican(mode="three"),
    domino.Rules.dominican(mode="two", tranque="blocker"),
    domino.Rules.dominican(mode="four", tranque="blocker"),
], ids=["pairs", "three", "two-blocker", "four-blocker"])
def test_a_dominican_round_end_explains_its_points(rules: domino.Rules) -> None:
    """docs/rules.md 1.4: a domino scores the pips left in the other hands; a
    block, every pip in every hand, to the fewest pips (or the lower of the
    blocker and the next player)."""
    told = 0
    for _, events, text in round_ends(rules, range(6)):
        end = next(e for e in events if e.kind == "round_end")
        sums = re.search(r"(?:other hands|every hand): ([\d +=]+)", words(text))
        assert sums is not None
        total = int(sums.group(1).split()[-1])
        assert scored(events, end.reason) == {end.seat: total}
        if scored(events, "capicua"):
            assert "a capicúa: 25 more" in text
        told += 1
    assert told > 10


def test_a_caminos_round_end_shows_every_hand_and_its_cost() -> None:
    """docs/rules.md 2: -1 for every tile left in hand."""
    for rules in (registry.preset("caminos").rules(players=3),
                  registry.preset("caminos_two_paths").rules(players=4)):
        told = 0
        for _, events, text in round_ends(rules, range(3)):
            costs = {int(player) - 1: int(cost) for player, cost in
                     re.findall(r"^player (\d): (?:\[\d\|\d\] )+= (-\d+)$", text,
                                re.MULTILINE)}
            assert costs == scored(events)   # everybody may have gone out: then no costs
            assert "each player scores -1 for every tile left in hand" in text
            told += len(costs)
        assert told > 3


def test_the_game_shows_each_rounds_end_and_a_final_table() -> None:
    status, text = main(["play", "dominican", "--seed", "2", "--target", "60"], always("1"))
    assert status == 0
    assert "--- round 1 is over: " in text
    assert re.search(r"^player \d: (\[\d\|\d\] )+= \d+ pips$", text, re.MULTILINE)
    assert text.index("--- round 1 is over") < text.index("round 2 dealt")
    final = text.split("--- final scores ---\n")[1].splitlines()
    assert re.fullmatch(r"  team 1 \(players 1 & 3\)  +\d+(  wins|      )  \(your team\)",
                        final[0])
    assert re.fullmatch(r"  team 2 \(players 2 & 4\)  +\d+(  wins)?", final[1])
    assert final[2] in ("your team wins!", "team 2 (players 2 & 4) wins")


def test_muggins_shows_what_the_open_ends_add_up_to() -> None:
    game = domino.Game(domino.Rules.muggins(players=2), seed=1)
    game.play(game.legal_moves()[0])
    seat = game.to_move
    assert seat is not None
    text = domino_terminal.render(game.view(seat))
    count = domino_terminal.ends_count(game.view(seat).line)
    assert f"(the ends add up to {count})" in text.split("ends:")[0]
    capicua = domino.Game(domino.Rules.capicua(), seed=1)
    capicua.play(capicua.legal_moves()[0])
    assert "add up to" not in domino_terminal.render(capicua.view(1))


def test_a_pause_between_rounds_only_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Enter is asked for at a round's end when a person types at a terminal;
    piped input needs no line for it."""
    argv = ["play", "muggins", "--seed", "3", "--target", "100", "--opponents", "greedy"]
    asked: list[str] = []

    def typed(prompt: str) -> str:
        asked.append(prompt)
        return "1"

    monkeypatch.setattr("builtins.input", typed)
    monkeypatch.setattr(sys, "stdin", Terminal())   # a person at a terminal
    assert cli.main(argv, out=io.StringIO()) == 0
    assert "press Enter for the next round> " in asked
    monkeypatch.setattr(sys, "stdin", io.StringIO())   # piped
    asked.clear()
    assert cli.main(argv, out=io.StringIO()) == 0
    assert "press Enter for the next round> " not in asked and asked


# ---- Caminos ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "seat", "seed"), [
    ("caminos", 3, 0, 1),
    ("caminos_no_renewal", 2, 1, 2),
    ("caminos_two_paths", 4, 3, 3),
    ("caminos", 4, 2, 4),
])
def test_a_whole_caminos_game_shows_the_paths_and_the_reveal(name: str, players: int, seat: int,
                                                            seed: int) -> None:
    status, text = main(caminos(name, players, seat, seed), always("1"))
    assert status == 0
    assert "--- final scores ---\n  player 1 " in text
    assert f"you are player {seat + 1}" in text and f"your hand (player {seat + 1})" in text
    assert "paths:" in text and "path 1:" in text and "pile:" in text
    assert "who starts: each player reveals a tile" in text
    assert "win" in text.splitlines()[-1]
    assert "Traceback" not in text


def test_the_caminos_board_shows_paths_hands_counts_and_scores() -> None:
    status, text = main(caminos("caminos", 3, 0, 5), answers("reveal 6|6", "quit")[0])
    assert status == 0
    assert "--- caminos (3 players), round 1 of 3 ---" in text
    assert "scores: player 1 0, player 2 0, player 3 0" in text
    assert "path 1: back 4 (1 free) [4|6] front 6 (1 free)" in text
    assert "tiles in hand: player 2: 6, player 3: 6; pile: 5" in text
    assert "your hand (player 1): [1|1] [2|0] [2|2] [3|0] [3|3] [6|6]" in text
    assert "1) reveal 1|1" in text
    assert "player 2 chooses a tile to reveal" in text   # the bots' choices stay secret
    assert "player 1 chooses 6|6 to reveal" in text
    assert text.endswith("bye\n")


def test_caminos_moves_by_notation_and_short_forms() -> None:
    # seed 5: seat 0 (player 1) reveals 6|6, the bots start; then it plays typed moves
    script = iter(["6|6", "1|1 back 3"])

    def ask(prompt: str) -> str:
        try:
            return next(script)
        except StopIteration:
            return "1"

    status, text = main(caminos("caminos", 3, 0, 5), ask)
    assert status == 0
    assert "player 1 chooses 6|6 to reveal" in text
    assert "player 1 places 1|1 on the back of path 3" in text


def test_an_unseeded_caminos_game_runs() -> None:
    assert main(caminos("caminos_two_paths", 2, 0), always("1"))[0] == 0


# ---- dice ------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["play", "farkle", "--seed", "1", "--target", "1500"],
    ["play", "farkle", "--seed", "2", "--target", "1500", "--players", "3", "--seat", "1",
     "--opponents", "random"],
    ["play", "farkle", "--seed", "3", "--target", "1000", "--players", "1"],
    ["play", "dice_of_doom", "--seed", "4", "--target", "6000", "--opponents", "greedy"],
    ["play", "dice_of_doom", "--seed", "5", "--target", "6000", "--opponents", "threshold:2000"],
    ["play", "dice_of_doom", "--seed", "6", "--target", "6000", "--opponents", "search"],
])
def test_a_whole_dice_game_can_be_played_by_typing(argv: list[str]) -> None:
    out = io.StringIO()
    status, text = main(argv, typist(out), out)
    assert status == 0
    assert "you rolled: [" in text
    assert re.search(r"legal: 1\) keep [\d ]+ \(\+\d+\)", text)
    assert "player 1 banks" in text or "player 2 banks" in text
    assert "--- final scores ---" in text
    assert "you win!" in text or re.search(r"player \d wins", text)


def test_dice_numbers_pick_from_the_list_and_the_game_ends() -> None:
    status, text = main(["play", "farkle", "--seed", "7", "--target", "2000"], always("1"))
    assert status == 0
    assert "legal: 1) roll 6 dice" in text


def test_the_dice_board_shows_scores_turn_total_and_the_kept_dice() -> None:
    game = dice.Game(dice.Rules.farkle(), players=2, seed=1)
    game.play("roll 1 1 5 2 3 4")
    game.play("keep 1 1")
    view = game.view(0)
    text = terminal.render(view)
    assert "scores: you 0, player 2 0" in text
    assert "your turn total: 200; kept so far: [1] [1]; dice to roll: 4" in text
    game.play("roll 5 2 3 4")
    assert "you rolled: [5] [2] [3] [4]" in terminal.render(game.view(0))


def test_keeps_can_be_typed_as_bare_dice_and_short_words() -> None:
    game = dice.Game(dice.Rules.farkle(), players=2, seed=1)
    game.play("roll 1 1 5 2 3 4")
    view = game.view(0)
    out = io.StringIO()
    ask, _ = answers("1 5")
    assert ask_move(terminal, view, game, ask, out) == dice.Move.keep((1, 5))
    assert "1) keep 1 1 5 (+250)" in out.getvalue()
    game.play("keep 1 5")
    ask, _ = answers("b")
    assert ask_move(terminal, game.view(0), game, ask, out) == dice.Move.bank()
    ask, _ = answers("r")
    assert ask_move(terminal, game.view(0), game, ask, out) == dice.Move.roll()


def test_a_typed_roll_is_taken_when_the_computer_rolls() -> None:
    """Physical dice are welcome: ``roll`` and then the faces, on your turn."""
    ask, asked = answers("roll 1 5 6 4 4 3", "keep 1 5", "bank", "quit")
    status, text = main(["play", "farkle", "--seed", "1"], ask)
    assert status == 0
    assert "player 1 rolls 1 5 6 4 4 3" in text
    assert "player 1 keeps 1 5 for 150 (turn total 150)" in text
    assert "player 1 banks 150" in text
    assert asked == ["your move> "] * 4


def test_with_physical_dice_every_roll_is_typed_in() -> None:
    """``--dice physical``: each roll, the computer players' too, is asked for;
    bad faces are explained and asked again."""
    ask, asked = answers("1", "1 2 3", "1 5 6 4 4 9", "1 5 6 4 4 3", "keep 1 5", "bank",
                         "roll 2 2 3 4 6 6", "1", "quit")
    status, text = main(["play", "farkle", "--seed", "1", "--dice", "physical"], ask)
    assert status == 0
    flat = words(text)
    assert "the dice are yours to roll: type every roll, the computer players' too" in flat
    assert "player 1 rolls 1 5 6 4 4 3" in text and "player 1 banks 150" in text
    assert "6 dice to roll, not 3" in flat
    assert "'1 5 6 4 4 9': type the faces of the 6 dice, a number 1..6 for each" in flat
    assert "player 2 rolls 2 2 3 4 6 6" in text and "player 2 rolls out" in text
    you, bot = "you roll 6 dice: type the faces> ", "player 2 rolls 6 dice: type the faces> "
    assert asked == ["your move> ", you, you, you, "your move> ", "your move> ", bot,
                     "your move> ", you]


def test_the_terminal_counts_players_from_1_and_names_the_mover_of_a_refused_move() -> None:
    """docs/rules.md, "Seats and players": every line of the terminal game
    counts from 1, even where the API's message about a refused move names
    the seat it was given (from 0): at the terminal the mover is "you", or
    the player whose dice were typed in."""
    status, text = main(["play", "dominican", "--seed", "3", "--seat", "2"],
                        answers("6|1", "quit")[0])
    assert status == 0
    assert text.startswith("you are player 3, partner of player 1 (team 1); "
                           "players 1, 2 and 4: suit players\n")
    assert "scores: team 1 (players 1 & 3) 0, team 2 (players 2 & 4) 0" in text
    assert "your hand (player 3): " in text
    assert "'6|1' is not legal now for you: you do not hold 6|1" in words(text)
    assert not re.search(r"\bseats? \d", text)
    game = domino.Game(domino.Rules.dominican(), seed=3)
    with pytest.raises(IllegalMoveError, match=r"'6\|1' is not legal now for seat 0: "):
        game.parse_move("6|1")
    status, text = main(["play", "farkle", "--seed", "1", "--dice", "physical"],
                        answers("1", "1 5 6 4 4 3", "keep 1 5", "bank", "2 2 3", "quit")[0])
    assert status == 0
    assert ("'roll 2 2 3' is not legal now for player 2: there are 6 dice to roll, not 3"
            in words(text))


def test_physical_dice_need_a_game_of_dice() -> None:
    status, text = main(["play", "dominican", "--dice", "physical"], always("1"))
    assert status == 2 and "--dice does not apply to dominican" in words(text)
    assert main(["play", "farkle", "--dice", "loaded"], always("1"))[0] == 2


def test_dice_presets_and_strength_words() -> None:
    assert registry.preset("farkle").rules() == dice.Rules.farkle()
    assert registry.preset("dice_of_doom").rules(target=500).target == 500
    with pytest.raises(RulesError, match="no game 'yahtzee'"):
        registry.preset("yahtzee")
    strengths = registry.preset("farkle").family.strengths
    assert [strengths[s] for s in registry.STRENGTHS] == \
        ["random", "threshold", "threshold", "optimal"]


# ---- the tournament command ------------------------------------------------------------


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_tournament_command_prints_a_table_and_a_progress_bar() -> None:
    out, err = io.StringIO(), Terminal()
    argv = ["tournament", "capicua", "--pairs", "--target", "8",
            "--bots", "greedy,random", "--deals", "6", "--seed", "3"]
    assert cli.main(argv, out=out, err=err) == 0
    text = out.getvalue()
    assert "capicua (4 players in pairs) to 8: 6 deals x 2 seatings = 12 games" in text
    assert "greedy - random" in text and "points/round" in text
    assert ("reproduce: python -m pintas tournament capicua --pairs --target 8 "
            "--bots greedy,random --deals 6 --seed 3") in words(text.replace("\\\n", ""))
    bar = err.getvalue()
    assert "\r[" in bar and "100% 12/12 games" in bar and "\n" in bar
    again = io.StringIO()
    assert cli.main([*argv, "--quiet", "--jobs", "2"], out=again, err=(quiet := Terminal())) == 0
    assert "\r" not in quiet.getvalue()
    def table(text: str) -> str:   # without the times and the command line
        return text.split("reproduce:")[0].split("\n", 2)[2]

    assert table(again.getvalue()) == table(text)


def test_the_progress_bar_is_drawn_only_on_a_terminal() -> None:
    """A log or a pipe gets no carriage-return frames."""
    err = io.StringIO()
    argv = ["tournament", "muggins", "--target", "30", "--deals", "40"]
    assert cli.main(argv, out=io.StringIO(), err=err) == 0
    assert "\r" not in err.getvalue() and "[###" not in err.getvalue()


def test_the_ladder_command_measures_each_step_of_the_dial() -> None:
    out, err = io.StringIO(), Terminal()
    argv = ["ladder", "muggins", "--players", "2", "--target", "20", "--deals", "3", "--seed", "2"]
    assert cli.main(argv, out=out, err=err) == 0
    text = out.getvalue()
    steps = [line.replace("\N{MINUS SIGN}", "-").replace("\N{MULTIPLICATION SIGN}", "x")
             for line in text.splitlines() if line.startswith("| ")]
    assert [line.split(" | ")[1] for line in steps[1:]] == [
        "greedy - random", "suit - greedy", "search:40 - suit", "search - search:40"]
    assert all(" | 3 x 2 | " in line for line in steps[1:])
    assert ("reproduce: python -m pintas ladder muggins --players 2 --target 20 --deals 3 "
            "--seed 2") in words(text.replace("\\\n", ""))
    assert "100% 6/6 games of master - expert" in err.getvalue()
    again = io.StringIO()
    assert cli.main([*argv, "--jobs", "2", "--quiet"], out=again, err=io.StringIO()) == 0
    def table(text: str) -> list[str]:   # without the times
        return [line.rsplit(" | ", 2)[0] for line in text.splitlines() if line.startswith("| ")]

    assert table(again.getvalue()) == table(text)
    assert cli.main(["ladder", "farkle", "--deals", "0"], out=io.StringIO(),
                    err=io.StringIO()) == 2


def test_small_tournaments_warn_on_standard_error() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["tournament", "muggins", "--target", "30", "--deals", "5"]
    assert cli.main(argv, out=out, err=err) == 0
    assert "warning: only 5 deals" in err.getvalue() and "30 deals or more" in err.getvalue()
    assert "warning" not in out.getvalue()


def test_ctrl_c_prints_the_deals_finished_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    played = tournament.play_games
    calls = []

    def then_ctrl_c(*args: object) -> object:
        calls.append(1)
        if len(calls) > 3:
            raise KeyboardInterrupt
        return played(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament, "play_games", then_ctrl_c)
    out, err = io.StringIO(), io.StringIO()
    argv = ["tournament", "muggins", "--players", "2", "--target", "30", "--deals", "100"]
    assert cli.main(argv, out=out, err=err) == 130
    text = out.getvalue()
    assert "partial: interrupted after 6 of 100 deals" in text   # 3 batches of 2 deals
    assert "greedy - random" in text and "reproduce:" in text
    assert "Traceback" not in text + err.getvalue()


def test_the_tournament_writes_json() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["tournament", "capicua", "--pairs", "--target", "8", "--deals", "6", "--json"]
    assert cli.main(argv, out=out, err=err) == 0
    data = json.loads(out.getvalue(), parse_constant=lambda name: pytest.fail(name))
    assert data["game"] == "capicua" and data["rules"] == "capicua (4 players in pairs) to 8"
    assert data["players"] == ["greedy", "random"]
    assert (data["deals"], data["partial"]) == (6, False)
    assert {row["player"] for row in data["results"]} == {"greedy", "random"}
    assert data["margins"][0]["points"]["low"] <= data["margins"][0]["points"]["high"]
    assert data["command"].startswith("python -m pintas tournament capicua --pairs")
    assert "warning: only 6 deals" in err.getvalue()


def test_the_tournament_writes_csv() -> None:
    out = io.StringIO()
    argv = ["tournament", "muggins", "--target", "30", "--deals", "4", "--bots",
            "suit,greedy,random", "--csv"]
    assert cli.main(argv, out=out, err=io.StringIO()) == 0
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert [row["player"] for row in rows] == ["suit", "greedy", "random"]
    assert all(row["game"] == "muggins" and row["deals"] == "4" for row in rows)
    assert sum(float(row["wins"]) for row in rows) == float(rows[0]["games"])
    assert all(row["unit"] == "points/round" and float(row["mean_points"]) >= 0 for row in rows)


@pytest.mark.parametrize("game", ["muggins", "caminos", "farkle", "dominican"])
def test_the_tournament_command_runs_every_kind_of_game(game: str) -> None:
    out = io.StringIO()
    extra = {"muggins": ["--target", "40"], "dominican": ["--mode", "two", "--target", "40"],
             "farkle": ["--target", "800"], "caminos": []}[game]
    assert cli.main(["tournament", game, "--deals", "2", "--quiet", *extra],
                    out=out, err=io.StringIO()) == 0
    assert "paired margins over 2 deals" in out.getvalue()


def test_players_is_the_number_of_players_in_both_commands() -> None:
    """``--players N`` seats N players in play and in the tournament; the
    tournament's computer players are ``--bots``; the game comes first in both."""
    status, text = main(["tournament", "muggins", "--players", "4", "--target", "30",
                         "--bots", "search:4,suit,greedy,random", "--deals", "1", "--quiet"],
                        always("1"))
    assert status == 0
    assert text.startswith("muggins (4 players) to 30: 1 deals x 4 seatings")
    assert "reproduce: python -m pintas tournament muggins --players 4 --target 30 " in text
    assert "--bots search:4,suit,greedy,random --deals 1 --seed 0" in text
    status, text = main(["play", "muggins", "--players", "4", "--seed", "1", "--target", "20"],
                        always("1"))
    assert status == 0 and "players 2, 3 and 4: suit players" in text


def test_the_old_spellings_still_work_but_are_not_shown() -> None:
    """``--game``, ``--seats`` and ``--games`` stay as hidden aliases."""
    status, text = main(["tournament", "--game", "muggins", "--seats", "2", "--target", "30",
                         "--bots", "greedy,random", "--games", "1", "--quiet"], always("1"))
    assert status == 0 and text.startswith("muggins (2 players) to 30")
    status, text = main(["play", "caminos", "--seats", "2", "--seed", "1"], always("1"))
    assert status == 0 and "--- caminos (2 players)" in text
    for command in ("play", "tournament"):
        shown = main([command, "--help"], always("1"))[1]
        assert "--seats" not in shown and "--game " not in shown and "--players" in shown
    shown = main(["tournament", "--help"], always("1"))[1]
    assert "--bots" in shown and "--deals" in shown and "--games" not in shown


@pytest.mark.parametrize("argv", [
    ["play", "dominican", "--seed", "2", "--target", "60"],
    ["play", "capicua", "--pairs", "--seed", "4", "--target", "6"],
    ["play", "muggins", "--seed", "3", "--target", "60"],
    ["play", "caminos", "--seed", "5", "--players", "2"],
    ["play", "farkle", "--seed", "2", "--target", "1000"],
    ["play", "dice_of_doom", "--seed", "2", "--target", "3000"],
], ids=lambda argv: argv[1])
def test_the_words_are_those_of_the_rules(argv: list[str]) -> None:
    """In pairs a side is a team (with its players), else a player, counted
    from 1: never "side N" or "seat N"; and no reason is shown as an
    identifier (``roll_out``, ``pase_corrido``)."""
    status, text = main(argv, always("1"))
    assert status == 0
    assert not re.search(r"\b(sides?|seats?) \d", text)
    assert not re.search(r"\b(player|team) 0\b", text)
    assert not re.search(r"\b[a-z]+_[a-z]+\b", text.replace("dice_of_doom", ""))
    assert not re.search(r"\b1 (pips|dice)\b", text)
    if "--pairs" in argv or argv[1] == "dominican":
        assert re.search(r"team [12] \(players [1-4] & [1-4]\)", text)


# ---- the width of the terminal ------------------------------------------------------------


def short_game(preset: registry.Preset) -> list[str]:
    """Options for a short game of ``preset`` (a low target where it takes one)."""
    if "target" not in preset.options:
        return []
    return ["--target", "1000" if preset.family.name == "dice" else "30"]


def too_wide(text: str, width: int = 80) -> list[str]:
    return [line for line in text.splitlines() if len(line) > width]


@pytest.mark.parametrize("preset", registry.presets(), ids=lambda preset: preset.name)
def test_a_piped_game_of_every_preset_fits_80_columns(preset: registry.Preset,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole game typed through a pipe (the first legal move every time): no
    line is wider than the terminal, which is 80 columns when it is not a terminal."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    monkeypatch.setattr(sys, "__stdout__", io.StringIO())   # not a terminal: 80 columns
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    for seat in (0, 1):
        argv = ["play", preset.name, "--seed", str(seat + 3), "--seat", str(seat),
                "--opponents", "greedy", *short_game(preset)]
        assert cli.main(argv) == 0
    text = out.getvalue()
    assert "final scores" in text and "your move> 1\n" in text
    assert too_wide(text) == []


@pytest.mark.parametrize("preset", registry.presets(), ids=lambda preset: preset.name)
def test_the_tournament_of_every_preset_fits_80_columns(preset: registry.Preset,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out, err = io.StringIO(), io.StringIO()
    bots = {"dice": "optimal,threshold:2000,random"}.get(preset.family.name,
                                                         "search:2,suit,greedy,random")
    argv = ["tournament", preset.name, "--deals", "2", "--quiet", "--bots", bots,
            "--seed", "18446744073709551615", *short_game(preset)]
    if "players" in preset.options:
        argv += ["--players", "4"]   # a seat for each of the four bots
    if "mode" in preset.options:
        argv += ["--mode", "four"]
    assert cli.main(argv, out=out, err=err) == 0
    assert too_wide(out.getvalue()) == [] and too_wide(err.getvalue()) == []
    assert "warning: only 2 deals" in err.getvalue()


def test_help_errors_and_bad_input_fit_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    texts = [main(argv, answers("7|7", "hello there " * 10, "help", "quit")[0])[1] for argv in (
        ["play", "--help"], ["tournament", "--help"], ["play", "chess"],
        ["play", "muggins", "--pairs"], ["tournament", "--players", "search,suit,greedy"],
        ["play", "dominican", "--seed", "1"], ["play", "caminos", "--seed", "1"],
        ["play", "farkle", "--seed", "1"])]
    assert [too_wide(text, 60) for text in texts] == [[]] * len(texts)


# ---- the program -------------------------------------------------------------------------


def test_a_terminal_that_cannot_show_a_character_gets_a_question_mark() -> None:
    done = subprocess.run([sys.executable, "-m", "pintas", "tournament", "muggins", "--games",
                           "2", "--target", "30"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert " ? " in done.stdout   # the "±" of the intervals


def test_the_module_runs_as_a_program() -> None:
    done = subprocess.run([sys.executable, "-m", "pintas", "play", "dominican", "--seed", "9"],
                          input="quit\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert "your hand (player 1)" in done.stdout
    assert done.stderr == ""


def test_end_of_input_in_a_subprocess_is_no_traceback() -> None:
    done = subprocess.run([sys.executable, "-m", "pintas", "play", "farkle", "--seed", "2"],
                          input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout.endswith("\nbye\n")
    assert "your move> \n" in done.stdout   # the prompt's line is ended
    assert done.stderr == ""


def test_ctrl_c_in_a_subprocess_exits_130_without_a_traceback() -> None:
    game = subprocess.Popen([sys.executable, "-m", "pintas", "play", "dominican", "--seed", "9"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert game.stdout is not None
    while "your hand" not in game.stdout.readline():
        pass
    game.send_signal(signal.SIGINT)
    out, err = game.communicate(timeout=60)
    assert game.returncode == 130
    assert "Traceback" not in err and out.endswith("bye\n")


def test_errors_go_to_standard_error_and_exit_2() -> None:
    done = subprocess.run([sys.executable, "-m", "pintas", "play", "chess"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "invalid choice: 'chess'" in done.stderr
    done = subprocess.run([sys.executable, "-m", "pintas", "play", "dominican", "--target", "0"],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert "target" in done.stderr


@pytest.mark.parametrize("argv", [
    ["play", "muggins", "--seed", "4", "--target", "60"],
    ["tournament", "muggins", "--deals", "40", "--quiet"],
], ids=["play", "tournament"])
def test_a_reader_that_stops_early_ends_the_output_quietly(argv: list[str]) -> None:
    """``... | head -1``: once the reader has gone, the program stops writing,
    without a traceback."""
    program = subprocess.Popen([sys.executable, "-m", "pintas", *argv], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert program.stdout is not None
    program.stdout.close()   # the reader is gone before the first line
    _, err = program.communicate("1\n" * 2000, timeout=120)
    assert program.returncode == 1
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception" not in err
