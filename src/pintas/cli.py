"""The terminal front end: ``python -m pintas play dominican`` and ``python -m pintas tournament``.

``play <game>``: you take one seat against computer players of a chosen
strength (``--opponents random|greedy|suit|search``) at any game and preset.
The board is redrawn before each of your moves with the legal moves listed;
moves are typed in notation (``6|4``, ``6|4L``, ``draw``, ``pass``; Caminos
``5|3 front 2``; dice ``roll``, ``keep 1 5``, ``bank``) or by their number in
the list; bad input is explained and asked again.

``tournament``: a paired-deal tournament (see :mod:`pintas.tournament`) with a
progress bar on stderr and the results table on stdout; ``--jobs`` spreads it
over processes.

Only the standard library is used here. Errors are reported as one line and an
exit status (2 for bad options, 1 when you quit, 130 on Ctrl-C), never as a
traceback.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import secrets
import signal
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from . import caminos, cli_caminos, cli_dice, dice, domino, tournament
from ._prompt import ask_choice
from .errors import PintasError, RulesError

PRESETS = ("dominican", "muggins", "capicua")
CAMINOS_PRESETS = ("caminos", "caminos_no_renewal", "caminos_two_paths")
DICE_PRESETS = cli_dice.PRESETS
ALL_GAMES = PRESETS + CAMINOS_PRESETS + DICE_PRESETS
STRENGTHS = ("random", "greedy", "suit", "search")
#: The default opponents: the strongest players that still answer at once.
DEFAULT_OPPONENTS = "suit"
#: What the strength words mean at dice, which has its own players.
DICE_STRENGTHS = {"random": "random", "greedy": "threshold", "suit": "threshold",
                  "search": "optimal"}

InputFn = Callable[[str], str]
PlayerFactory = Callable[[int], Any]


# ---- line games ------------------------------------------------------------------


def build_rules(args: argparse.Namespace) -> domino.Rules:
    """The line-game rules the command line asks for."""
    if args.game == "dominican":
        return domino.Rules.dominican(mode=args.mode, target=args.target or 200)
    if args.game == "muggins":
        return domino.Rules.muggins(players=args.players, target=args.target or 200)
    return domino.Rules.capicua(players=args.players, pairs=args.pairs, target=args.target or 20)


def render(view: domino.View) -> str:
    """The board as ``view.seat`` sees it."""
    rules = view.rules
    lines = [f"--- {rules}, round {view.round} ---"]
    sides = ", ".join(
        f"{_side_name(rules, side)} {points}" for side, points in enumerate(view.scores))
    lines.append(f"scores: {sides}")
    table = " ".join(f"[{a}|{b}]" for a, b in view.line) or "(empty: the leader opens)"
    lines.append(f"table:  {table}")
    if view.ends is not None:
        lines.append(f"ends:   {view.ends[0]} (L) and {view.ends[1]} (R)")
    others = ", ".join(f"seat {s}: {n}" for s, n in enumerate(view.hand_sizes) if s != view.seat)
    lines.append(f"tiles in hand: {others}" + (
        f"; boneyard: {view.boneyard_size}" if rules.draws else ""))
    lines.append(f"your hand (seat {view.seat}): {' '.join(f'[{t}]' for t in view.hand)}")
    return "\n".join(lines)


def _side_name(rules: domino.Rules, side: int) -> str:
    if rules.pairs:
        return f"team {side} (seats {side} & {side + 2})"
    return f"seat {side}"


def ask_move(view: domino.View, game: domino.Game, ask: InputFn, out: TextIO) -> domino.Move | None:
    """Ask until the player types a legal move; None if they quit."""
    help_text = ("type a tile (6|4), a tile and an end (6|4L / 6|4R), 'draw', 'pass', "
                 "or the number of a legal move; 'quit' leaves\n")
    return ask_choice([(m, str(m)) for m in view.legal_moves()], game.parse_move, help_text,
                      ask, out)


def play(rules: domino.Rules, human: int, seed: int | None, ask: InputFn, out: TextIO,
         opponents: str = DEFAULT_OPPONENTS) -> int:
    """Run one line game in the terminal; 0 when it ends, 1 if the player quits.

    The other seats are ``opponents`` players (a spec of :mod:`pintas.tournament`).
    """
    game = domino.Game(rules, seed=seed)
    bots = _seat_players(opponents, rules, seed, rules.players, human)
    out.write(_introduction(rules, human, opponents))
    if not _play_turns(game, human, bots, render, ask_move, ask, out):
        return 1
    winner = game.winner
    out.write("\nfinal scores: " + ", ".join(
        f"{_side_name(rules, side)} {points}" for side, points in enumerate(game.scores)) + "\n")
    if winner is not None and game.rules.side_of(human) == winner:
        out.write("your team wins!\n" if rules.pairs else "you win!\n")
    else:
        out.write(f"{_side_name(rules, winner or 0)} wins\n")
    return 0


def _introduction(rules: domino.Rules | caminos.Rules, human: int, opponents: str) -> str:
    others = [s for s in range(rules.players) if s != human]
    text = f"you are seat {human}"
    if isinstance(rules, domino.Rules) and rules.pairs:
        partner = (human + 2) % 4
        text += f", partner of seat {partner} (team {rules.side_of(human)})"
    return (f"{text}; seat{'s' if len(others) > 1 else ''} "
            f"{', '.join(map(str, others))}: {opponents} player{'s' if len(others) > 1 else ''}\n")


def _play_turns(game: Any, human: int, bots: dict[int, Any],
                show: Callable[[Any], str],
                ask_for: Callable[[Any, Any, InputFn, TextIO], Any | None],
                ask: InputFn, out: TextIO) -> bool:
    """Play a line game or Caminos to its end; False if the player quits.
    Events of the other seats are shown as that seat's view would tell them."""
    for event in game.events:
        out.write(f"  {event if event.seat == human else event.hidden()}\n")
    while not game.is_over:
        seat = game.to_move
        if seat == human:
            view = game.view(human)
            out.write("\n" + show(view) + "\n")
            move = ask_for(view, game, ask, out)
            if move is None:
                out.write("bye\n")
                return False
        else:
            move = bots[seat].choose(game.view(seat))
        for event in game.play(move):
            out.write(f"  {event if event.seat == human else event.hidden()}\n")
    return True


# ---- Caminos and dice ---------------------------------------------------------------


def play_caminos(rules: caminos.Rules, human: int, seed: int | None, ask: InputFn,
                 out: TextIO, opponents: str = DEFAULT_OPPONENTS) -> int:
    """Run one Caminos game in the terminal; 0 when it ends, 1 if the player quits."""
    game = caminos.Game(rules, seed=seed)
    bots = _seat_players(opponents, rules, seed, rules.players, human)
    out.write(_introduction(rules, human, opponents))
    if not _play_turns(game, human, bots, cli_caminos.render, cli_caminos.ask_move, ask, out):
        return 1
    out.write(f"\nfinal scores: {', '.join(f'seat {s} {p}' for s, p in enumerate(game.scores))}\n")
    winners = game.winners
    if human in winners:
        others = [str(s) for s in winners if s != human]
        out.write("you win!\n" if not others else
                  f"you share the win with seat{'s' if len(others) > 1 else ''} "
                  f"{', '.join(others)}!\n")
    else:
        names = ", ".join(map(str, winners))
        out.write(f"seat {names} wins\n" if len(winners) == 1 else f"seats {names} share the win\n")
    return 0


def dice_spec(opponents: str) -> str:
    """The dice player a strength word stands for (``search`` -> ``optimal``);
    dice specs (``threshold:N``, ``optimal``) pass through.

    >>> dice_spec("search"), dice_spec("threshold:500")
    ('optimal', 'threshold:500')
    """
    return DICE_STRENGTHS.get(opponents, opponents)


def _seat_players(spec: str, rules: tournament.AnyRules, seed: int | None, seats: int,
                  human: int) -> dict[int, Any]:
    """A fresh ``spec`` player for every seat but the human's, each seeded from
    the game's seed (or the OS) so that a seeded game replays the same."""
    base = secrets.randbits(64) if seed is None else seed
    return {seat: tournament.make_player(spec, rules, tournament.derive_seed(base, seat))
            for seat in range(seats) if seat != human}


# ---- the command line ---------------------------------------------------------------


class _UsageError(Exception):
    """argparse found bad options: reported in one line, not by exiting."""


class _Exit(Exception):
    """argparse wanted to exit (after --help): the status to return."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that writes to the caller's stream and raises instead of exiting."""

    out: TextIO = sys.stdout

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            self.out.write(message)

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message}")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self.out.write(message)
        raise _Exit(status)


def _spec_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def make_parser(out: TextIO = sys.stdout) -> argparse.ArgumentParser:
    """The parser of ``python -m pintas`` (help text goes to ``out``)."""
    parser = _Parser(prog="pintas", description="Domino and dice games in the terminal.")
    parser.out = out
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("play", help="play a game against computer players",
                       description="Play a game against computer players.")
    p.add_argument("game", choices=ALL_GAMES, help="which game")
    p.add_argument("--mode", default="pairs", choices=tuple(domino.MODES),
                   help="Dominican mode (default pairs)")
    p.add_argument("--players", type=int, default=None,
                   help="seats (Muggins 3, Capicua 4, Caminos 3, dice 2 by default)")
    p.add_argument("--pairs", action="store_true", help="Capicua in pairs (4 players)")
    p.add_argument("--target", type=int, default=None, help="points to win")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
    p.add_argument("--opponents", default=None, metavar="STRENGTH",
                   help="computer players: random, greedy, suit or search[:SAMPLES] "
                        f"(default {DEFAULT_OPPONENTS}); at dice random, threshold[:N] or "
                        "optimal (default; greedy/suit mean threshold, search optimal)")
    t = sub.add_parser("tournament", help="a paired-deal tournament between computer players",
                       description="A paired-deal tournament: the same deals replayed with "
                                   "the seats rotated; prints each player's results and the "
                                   "paired margins with 95%% confidence intervals.")
    t.add_argument("--game", default="dominican", choices=ALL_GAMES,
                   help="which game (default dominican)")
    t.add_argument("--mode", default="pairs", choices=tuple(domino.MODES),
                   help="Dominican mode (default pairs)")
    t.add_argument("--seats", type=int, default=None,
                   help="seats (Muggins 3, Capicua 4, Caminos 3 by default; dice: one per "
                        "player)")
    t.add_argument("--pairs", action="store_true", help="Capicua in pairs (4 players)")
    t.add_argument("--target", type=int, default=None, help="points to win a game")
    t.add_argument("--players", type=_spec_list, default=None, metavar="A,B,...",
                   help="player types, e.g. search,suit or search:500,greedy (default "
                        "greedy,random; dice optimal,threshold)")
    t.add_argument("--games", type=int, default=100, metavar="N",
                   help="deals (default 100); each is played once per seating")
    t.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="worker processes (default 1; 0: one per CPU)")
    t.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    for each in (p, t):
        each.out = out
    return parser


def main(argv: Sequence[str] | None = None, ask: InputFn = input,
         out: TextIO = sys.stdout, err: TextIO | None = None) -> int:
    """Entry point of ``python -m pintas``; returns the exit status.

    Messages and boards go to ``out``; the tournament's progress bar to ``err``
    (default: standard error).
    """
    try:
        args = make_parser(out).parse_args(argv)
    except _UsageError as exc:
        out.write(f"{exc}\n(see: python -m pintas --help)\n")
        return 2
    except _Exit as exc:
        return exc.status
    try:
        if args.command == "tournament":
            return _tournament_command(args, out, sys.stderr if err is None else err)
        return _play_command(args, ask, out)
    except PintasError as exc:
        out.write(f"pintas: {exc}\n")
        return 2
    except KeyboardInterrupt:
        out.write("\nbye\n" if args.command == "play" else "\ninterrupted\n")
        return 1 if args.command == "play" else 130


def _play_command(args: argparse.Namespace, ask: InputFn, out: TextIO) -> int:
    if args.game in DICE_PRESETS:
        return _play_dice(args, ask, out)
    args.opponents = args.opponents or DEFAULT_OPPONENTS
    if args.players is None:
        args.players = 4 if args.game == "capicua" else 3
    rules: domino.Rules | caminos.Rules
    if args.game in CAMINOS_PRESETS:
        if args.target is not None:
            raise RulesError(f"Caminos is played over three rounds, without a target: "
                             f"got --target {args.target}")
        rules = cli_caminos.build_rules(args.game, args.players)
    else:
        rules = build_rules(args)
    _check_seat(args.seat, rules.players)
    tournament.parse_player(args.opponents, rules)
    if isinstance(rules, caminos.Rules):
        return play_caminos(rules, args.seat, args.seed, ask, out, args.opponents)
    return play(rules, args.seat, args.seed, ask, out, args.opponents)


def _check_seat(seat: int, seats: int) -> None:
    if not 0 <= seat < seats:
        raise RulesError(f"--seat must be 0..{seats - 1}: got {seat}")


def _play_dice(args: argparse.Namespace, ask: InputFn, out: TextIO) -> int:
    rules = cli_dice.build_rules(args.game, args.target)
    players = 2 if args.players is None else args.players
    if not 1 <= players <= dice.MAX_PLAYERS:
        raise RulesError(f"players must be a whole number 1..{dice.MAX_PLAYERS}: got {players}")
    _check_seat(args.seat, players)
    spec = dice_spec(args.opponents or "optimal")
    tournament.parse_player(spec, rules)
    bots = _seat_players(spec, rules, args.seed, players, args.seat)
    if players > 1:
        out.write(f"you are seat {args.seat}; the others are {spec} players\n")
    return cli_dice.play(rules, players, args.seat, args.seed, ask, out,
                         opponent=bots.__getitem__)


# ---- the tournament command ---------------------------------------------------------------


class ProgressBar:
    """``progress(done, total)`` drawn as a one-line text bar on ``stream``,
    redrawn in place at most once per percent."""

    def __init__(self, stream: TextIO, label: str = "games", width: int = 30) -> None:
        self.stream, self.label, self.width = stream, label, width
        self.start = time.perf_counter()
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        percent = 100 * done // max(1, total)
        if percent == self.shown and done < total:
            return
        self.shown = percent
        filled = self.width * done // max(1, total)
        elapsed = time.perf_counter() - self.start
        left = elapsed * (total - done) / done if done else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {percent:3d}% "
                          f"{done}/{total} {self.label}, {elapsed:.0f} s, ~{left:.0f} s left ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def _quiet_worker() -> None:
    # Ctrl-C reaches every process of the terminal's group: the parent reports
    # it; the workers must not each print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _tournament_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    dice_game = args.game in DICE_PRESETS
    if args.seats is not None and dice_game:
        raise RulesError("at dice every player type has one seat: drop --seats")
    rules = tournament.rules_for(args.game, mode=args.mode, players=args.seats,
                                 pairs=args.pairs, target=args.target)
    players = args.players or (["optimal", "threshold"] if dice_game else ["greedy", "random"])
    if args.jobs < 0:
        raise RulesError(f"--jobs must be 0 (one per CPU) or more: got {args.jobs}")
    if args.games < 1 or args.seed < 0:
        raise RulesError(f"--games must be 1 or more and --seed 0 or more: got --games "
                         f"{args.games} --seed {args.seed}")
    event = tournament.Tournament(rules, players, deals=args.games, seed=args.seed)
    progress = None if args.quiet else ProgressBar(err)
    jobs = args.jobs or os.cpu_count() or 1
    if jobs == 1:
        results = event.run(progress=progress)
    else:
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=jobs,
                                                      initializer=_quiet_worker)
        try:
            results = event.run(pool, progress=progress)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    out.write(f"{results}\nreproduce: {_command_line(args, event)}\n")
    return 0


def _command_line(args: argparse.Namespace, event: tournament.Tournament) -> str:
    words = ["python -m pintas tournament", f"--game {args.game}"]
    if args.game == "dominican" and args.mode != "pairs":
        words.append(f"--mode {args.mode}")
    if args.seats is not None:
        words.append(f"--seats {args.seats}")
    if args.pairs:
        words.append("--pairs")
    if args.target is not None:
        words.append(f"--target {args.target}")
    words += [f"--players {','.join(event.players)}", f"--games {event.deals}",
              f"--seed {event.seed}"]
    if args.jobs != 1:
        words.append(f"--jobs {args.jobs}")
    return " ".join(words)
