"""The terminal front end: ``python -m pintas play dominican``.

You take one seat against computer players; the board is redrawn after every
move, moves are typed in notation (``6|4``, ``6|4L``, ``draw``, ``pass``) or by
their number in the list, and bad input is explained and asked again.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from . import domino
from .errors import PintasError

PRESETS = ("dominican", "muggins", "capicua")

InputFn = Callable[[str], str]


def build_rules(args: argparse.Namespace) -> domino.Rules:
    """The rules the command line asks for."""
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
    legal = view.legal_moves()
    out.write("legal: " + "  ".join(f"{i}) {m}" for i, m in enumerate(legal, 1)) + "\n")
    while True:
        try:
            text = ask("your move> ").strip()
        except EOFError:
            return None
        if text.lower() in ("quit", "exit", "q"):
            return None
        if text.lower() in ("help", "?", "h"):
            out.write("type a tile (6|4), a tile and an end (6|4L / 6|4R), 'draw', 'pass', "
                      "or the number of a legal move; 'quit' leaves\n")
            continue
        if text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            out.write(f"  there is no move {text}: choose 1..{len(legal)}\n")
            continue
        try:
            return game.parse_move(text)
        except PintasError as exc:
            out.write(f"  {exc}\n")


def play(rules: domino.Rules, human: int, seed: int | None, ask: InputFn, out: TextIO) -> int:
    """Run one game in the terminal; 0 when it ends, 1 if the player quits."""
    game = domino.Game(rules, seed=seed)
    bots = random.Random(seed)
    for event in game.events:
        out.write(f"  {event.hidden() if event.seat != human else event}\n")
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        if seat == human:
            view = game.view(human)
            out.write("\n" + render(view) + "\n")
            move = ask_move(view, game, ask, out)
            if move is None:
                out.write("bye\n")
                return 1
        else:
            move = bots.choice(game.view(seat).legal_moves())
        for event in game.play(move):
            shown = event if event.seat == human else event.hidden()
            out.write(f"  {shown}\n")
    winner = game.winner
    out.write(f"\nfinal scores: {game.scores}\n")
    if winner is not None and game.rules.side_of(human) == winner:
        out.write("you win!\n")
    else:
        out.write(f"{_side_name(rules, winner or 0)} wins\n")
    return 0


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pintas", description="Domino games in the terminal.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game against computer players")
    p.add_argument("game", choices=PRESETS, help="which game")
    p.add_argument("--mode", default="pairs", choices=tuple(domino.MODES),
                   help="Dominican mode (default pairs)")
    p.add_argument("--players", type=int, default=None, help="seats (Muggins, Capicua)")
    p.add_argument("--pairs", action="store_true", help="Capicua in pairs (4 players)")
    p.add_argument("--target", type=int, default=None, help="points to win")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
    return parser


def main(argv: Sequence[str] | None = None, ask: InputFn = input,
         out: TextIO = sys.stdout) -> int:
    """Entry point of ``python -m pintas``; returns the exit status."""
    args = make_parser().parse_args(argv)
    if args.players is None:
        args.players = 4 if args.game == "capicua" else 3
    try:
        rules = build_rules(args)
        if not 0 <= args.seat < rules.players:
            raise PintasError(f"--seat must be 0..{rules.players - 1}: got {args.seat}")
    except PintasError as exc:
        out.write(f"pintas: {exc}\n")
        return 2
    try:
        return play(rules, args.seat, args.seed, ask, out)
    except KeyboardInterrupt:
        out.write("\nbye\n")
        return 1
