"""The terminal front end: ``python -m pintas play dominican`` and ``python -m pintas tournament``.

``play <game>``: you take one seat against computer players of a chosen
strength (``--opponents beginner|casual|club|expert|master``, the levels of the
dial; or a player spec such as ``suit`` or ``search:500``) at any game and preset.
The board is redrawn before each of your moves with the legal moves listed;
moves are typed in notation (``6|4``, ``6|4L``, ``draw``, ``pass``; Caminos
``5|3 front 2``; dice ``roll``, ``keep 1 5``, ``bank``) or by their number in
the list; bad input is explained and asked again. At a round's end every hand
left is shown with its pips and how the points were reached (at a terminal,
the game then waits for Enter); at the game's end, a table of the scores and
the winner. Every line fits the terminal's width.

``tournament <game>``: a paired-deal tournament between computer players
(``--bots search,suit``; see :mod:`pintas.tournament`): the results table on
stdout (or ``--json``, ``--csv``), a progress bar on stderr when it is a
terminal, and warnings on stderr when the sample is too small to tell the
players apart; ``--jobs`` spreads it over processes. Ctrl-C prints the deals
finished so far, marked partial.

Both commands take the game first and its setup as options: ``--players N``
(how many players), ``--mode``, ``--pairs``, ``--target``. An option that
does not apply to the game is refused before anything is played. The old
spellings ``tournament --game G``, ``--seats N`` and ``--games N`` (deals)
still work, unlisted.

Only the standard library is used here. Exit status: 0 when the game or the
tournament ends, and when you leave (``quit``, or the end of input: Ctrl-D, or
the last line of piped input); 2 for bad options, with one line on standard
error; 130 on Ctrl-C; 1 when the reader of the output goes away (``| head``).
Never a traceback.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import io
import json
import os
import secrets
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO

from . import __version__, ladder, registry, tournament
from ._prompt import QUIT_WORDS, ask_line, ask_move, fit, refused_for, terminal_width, wrap_items
from ._words import player, players, team
from .errors import PintasError, RulesError
from .protocol import Game, Player

ALL_GAMES = tuple(p.name for p in registry.presets())
MODES = ("pairs", "four", "three", "two")
#: Who rolls the dice (``play --dice``): the computer, or the players by hand.
DICE = ("computer", "physical")
STRENGTHS = registry.STRENGTHS
LEVELS = registry.LEVELS
#: The tournament's game when none is named.
DEFAULT_GAME = "dominican"
#: The largest seed: seeds are 64-bit.
MAX_SEED = 2**64 - 1
#: The most deals a tournament plays (its games are listed up front).
MAX_DEALS = 100_000
#: The default opponents: the dial's middle level (the players that still answer at once).
DEFAULT_OPPONENTS = "club"

InputFn = Callable[[str], str]
#: Where ``play --help`` sends a new player (the guides are in the project's docs folder).
HOW_TO_PLAY = ("How to play each game, step by step: docs/how-to-play.md (English) and "
               "docs/como-jugar.md (Spanish), in the project's docs folder.")


# ---- one game in the terminal, for every game ------------------------------------


@dataclass(frozen=True)
class Screen:
    """The terminal a game is played at: how it reads a line, where it writes,
    how wide a line may be, and whether it waits for Enter at the end of a
    round (only when a person is typing)."""

    ask: InputFn
    out: TextIO
    width: int = 80
    pause: bool = False
    #: Every roll of the dice is rolled by hand and typed in (``--dice physical``).
    physical_dice: bool = False

    def show(self, text: str) -> None:
        """Write ``text`` as whole lines, each fitted to the width."""
        self.out.write(fit(text, self.width) + "\n")


def play(rules: Any, human: int, seed: int | None, screen: Screen,
         opponents: str = DEFAULT_OPPONENTS, seats: int | None = None) -> int:
    """Run one game of ``rules`` at the terminal ``screen``; 0 when it ends or
    the player leaves (``quit``, or the end of input).

    The human has seat ``human``; the other seats are ``opponents`` players (a
    level of :data:`LEVELS`, a strength word of :data:`STRENGTHS`, or a player
    spec); ``seats`` is for games that choose their seats (dice).
    """
    family = registry.family_of(rules)
    game = family.new_game(rules, seats, seed)
    spec = family.strength(opponents, rules, game.seats)
    _check_seat(human, game.seats)
    bots = _seat_players(spec, rules, seed, game.seats, human)
    screen.show(_introduction(game, human, spec))
    if screen.physical_dice:
        screen.show("the dice are yours to roll: type every roll, the computer players' too")
    if _play_turns(game, human, bots, family.terminal, screen):
        screen.show(_results(game, human))
    return 0


def _side_seats(game: Game, side: int) -> list[int]:
    return [s for s in range(game.seats) if game.side_of(s) == side]


def side_name(game: Game, side: int, human: int | None = None) -> str:
    """How a scoring side is named, counted from 1: a team with its players
    (``team 1 (players 1 & 3)``), else a player (``you`` for the human)."""
    seats = _side_seats(game, side)
    if len(seats) > 1:
        return team(side, seats)
    return "you" if seats[0] == human else player(seats[0])


def _introduction(game: Game, human: int, spec: str) -> str:
    others = [s for s in range(game.seats) if s != human]
    text = f"you are {player(human)}"
    side = game.side_of(human)
    partners = [s for s in _side_seats(game, side) if s != human]
    if partners:
        text += f", partner of {players(partners)} (team {side + 1})"
    if not others:
        return text
    return f"{text}; {players(others)}: {spec} player{'s' if len(others) > 1 else ''}"


def _results(game: Game, human: int) -> str:
    """The final table: every side's score, the winners marked, and the verdict."""
    names = [side_name(game, side) for side in range(len(game.scores))]
    width = max(map(len, names))
    mine = game.side_of(human)
    yours = "(your team)" if len(_side_seats(game, mine)) > 1 else "(you)"
    rows = []
    for side, (name, points) in enumerate(zip(names, game.scores, strict=True)):
        marks = ["wins" if side in game.winners else "    ", yours if side == mine else ""]
        rows.append(f"  {name:<{width}}  {points:>6}  {'  '.join(marks)}".rstrip())
    return "\n".join(["", "--- final scores ---", *rows, _verdict(game, human)])


def _verdict(game: Game, human: int) -> str:
    winners = game.winners
    mine = game.side_of(human)
    team = len(_side_seats(game, mine)) > 1
    if mine in winners and len(winners) == 1:
        return "your team wins!" if team else "you win!"
    if mine in winners:
        others = [side_name(game, w) for w in winners if w != mine]
        return f"you share the win with {', '.join(others)}!"
    if len(winners) == 1:
        return f"{side_name(game, winners[0])} wins"
    return f"{', '.join(side_name(game, w) for w in winners)} share the win"


def _play_turns(game: Game, human: int, bots: dict[int, Player], terminal: Any,
                screen: Screen) -> bool:
    """Play the game to its end; False if the player quits. Events of the other
    seats are shown as the human's view tells them."""
    _show_events(game.events, human, screen)
    while not game.is_over:
        move = _next_move(game, human, bots, terminal, screen)
        if move is None or not _play_and_show(game, move, human, terminal, screen):
            screen.show("bye")
            return False
    return True


def _next_move(game: Game, human: int, bots: dict[int, Player], terminal: Any,
               screen: Screen) -> Any | None:
    """The move of the seat to move: asked of the human (the table shown
    first), chosen by a bot; with physical dice, a roll's faces typed in.
    None if the player leaves."""
    seat = game.to_move
    assert seat is not None
    if seat == human:
        view = game.view(human)
        screen.show("\n" + terminal.render(view, screen.width))
        move = ask_move(terminal, view, game, screen.ask, screen.out, screen.width)
    else:
        move = bots[seat].choose(game.view(seat))
    if screen.physical_dice and move is not None:
        move = _rolled_by_hand(game, seat, move, human, terminal, screen)
    return move


def _play_and_show(game: Game, move: Any, human: int, terminal: Any, screen: Screen) -> bool:
    """Play ``move`` and show what it caused; when it ends a round, the round
    told in full before the next deal, and a pause for Enter where a person
    reads. False if the player leaves at that pause."""
    summary = getattr(terminal, "round_summary", None)
    before = game.copy() if summary is not None else None
    events = game.play(move)
    told = None if summary is None else summary(before, game, events, screen.width)
    if told is None:
        _show_events(events, human, screen)
        return True
    next_round, text = told
    _show_events(events[:next_round], human, screen)
    screen.show("\n" + text)
    if screen.pause and not game.is_over and not _enter_pressed(screen):
        return False
    _show_events(events[next_round:], human, screen)
    return True


def _enter_pressed(screen: Screen) -> bool:
    """Wait for Enter; False if the player leaves instead (``quit``, end of input)."""
    try:
        return screen.ask("press Enter for the next round> ").strip().lower() not in QUIT_WORDS
    except EOFError:
        return False


def _rolled_by_hand(game: Game, seat: int, move: Any, human: int, terminal: Any,
                    screen: Screen) -> Any | None:
    """``move``, or when it rolls the game's dice, the roll typed in by hand
    (whoever's it is); None if the player quits."""
    view = game.view(seat)
    who = "you" if seat == human else player(seat)
    prompt = terminal.hand_roll_prompt(view, move, who)
    if prompt is None:
        return move
    return ask_line(prompt, refused_for(seat, who, lambda text: terminal.hand_roll(text, view,
                                                                                     game)),
                    terminal.ROLL_HELP, screen.ask, screen.out, screen.width)


def _show_events(events: Sequence[Any], human: int, screen: Screen) -> None:
    """Each event as the human's seat sees it: the others' secrets hidden."""
    for event in events:
        screen.show(f"  {event if event.seat == human else event.hidden()}")


def _seat_players(spec: str, rules: Any, seed: int | None, seats: int,
                  human: int) -> dict[int, Player]:
    """A fresh ``spec`` player for every seat but the human's, each seeded from
    the game's seed (or the OS) so that a seeded game replays the same."""
    base = secrets.randbits(64) if seed is None else seed
    return {seat: registry.make_player(spec, rules, tournament.derive_seed(base, seat))
            for seat in range(seats) if seat != human}


def _check_seat(seat: int, seats: int) -> None:
    if not 0 <= seat < seats:
        raise RulesError(f"--seat must be 0..{seats - 1}: got {seat}")


# ---- the command line ---------------------------------------------------------------


class _UsageError(Exception):
    """argparse found bad options: reported in one line, not by exiting."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(f"{prog}: {message}")
        self.prog = prog


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
        raise _UsageError(self.prog, message)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self.out.write(message)
        raise _Exit(status)


def _spec_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _player_count(text: str | None, command: str) -> int | None:
    """``--players``: a number of players. In the tournament the option once
    named the computer players: say where they go now."""
    if text is None or text.strip().isdigit():
        return None if text is None else int(text)
    hint = f"; give the computer players with --bots {text}" if command == "tournament" else ""
    raise _UsageError(f"pintas {command}", f"--players is the number of players: got "
                                           f"{text!r}{hint}")


#: The options that set up the rules, each with the preset option it sets.
RULES_OPTIONS = {"--mode": "mode", "--players": "players", "--pairs": "pairs",
                 "--target": "target"}


def _add_game_options(parser: argparse.ArgumentParser, default_game: str | None) -> None:
    """What both commands share: the game, first, and the options of its setup."""
    games = f"which game: {', '.join(ALL_GAMES)}"
    if default_game is None:
        parser.add_argument("game", choices=ALL_GAMES, metavar="GAME", help=games)
    else:   # the game may be left out
        parser.add_argument("game", nargs="?", choices=ALL_GAMES, metavar="GAME",
                            help=f"{games} (default {default_game})")
    parser.add_argument("--mode", default=None, choices=MODES,
                        help="Dominican mode (default pairs)")
    parser.add_argument("--players", default=None, metavar="N",
                        help="how many players (Muggins 3, Capicua 4, Caminos 3 by default; "
                             "dice: 2 in play, one per bot in a tournament)")
    parser.add_argument("--seats", dest="players", help=argparse.SUPPRESS)  # its old name
    parser.add_argument("--pairs", action="store_true", help="Capicua in pairs (4 players)")
    parser.add_argument("--target", type=int, default=None, help="points to win a game")


def make_parser(out: TextIO | None = None) -> argparse.ArgumentParser:
    """The parser of ``python -m pintas`` (help text goes to ``out``, default
    standard output)."""
    parser = _Parser(prog="pintas", description="Domino and dice games in the terminal.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    parser.add_argument("--version", action="version", version=f"pintas {__version__}")
    p = sub.add_parser("play", help="play a game against computer players",
                       description="Play a game against computer players.",
                       epilog=HOW_TO_PLAY)
    _add_game_options(p, None)
    p.add_argument("--seat", type=int, default=0,
                   help="your seat, counted from 0 as in the API: seat 0 is player 1 "
                        "(default 0)")
    p.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
    p.add_argument("--dice", default=None, choices=DICE,
                   help="dice games: who rolls the dice: the computer (default; a roll "
                        "typed with its faces, 'roll 1 5 6 4 4 3', is taken too) or the "
                        "players (physical: every roll is typed in, the computer "
                        "players' too)")
    p.add_argument("--opponents", default=None, metavar="LEVEL",
                   help=f"computer players: a level of the dial, {', '.join(LEVELS)} "
                        f"(default {DEFAULT_OPPONENTS}; docs/strength.md), or a player: "
                        "random, greedy, suit or search[:SAMPLES]; at dice random, "
                        "threshold[:N], optimal or win (search: win in 2-player games it "
                        "has a table for, else optimal; greedy/suit mean threshold)")
    t = sub.add_parser("tournament", help="a paired-deal tournament between computer players",
                       description="A paired-deal tournament: the same deals replayed with "
                                   "the seats rotated; prints each player's results and the "
                                   "paired margins with 95% confidence intervals.")
    _add_game_options(t, DEFAULT_GAME)
    t.add_argument("--game", dest="game_option", default=None, choices=ALL_GAMES,
                   help=argparse.SUPPRESS)  # the old way to name the game
    t.add_argument("--bots", type=_spec_list, default=None, metavar="A,B,...",
                   help="the computer players, e.g. search,suit or search:500,greedy "
                        "(default greedy,random; dice threshold,random)")
    _add_run_options(t, 100)
    t.add_argument("--games", type=int, dest="deals",
                   help=argparse.SUPPRESS)  # its old name: it always counted deals
    written = t.add_mutually_exclusive_group()
    written.add_argument("--json", action="store_true",
                         help="the results as one JSON document: the game, its rules, the "
                              "players, each one's results, the margins with their "
                              "intervals, the deals played and whether they were all")
    written.add_argument("--csv", action="store_true", help="the results as CSV, a row a player")
    d = sub.add_parser("ladder", help="measure the difficulty dial, level against level",
                       description="The difficulty dial measured: a paired-deal tournament "
                                   "between each two adjacent levels "
                                   f"({', '.join(registry.LEVELS)}), printed as the "
                                   "table of docs/strength.md.")
    _add_game_options(d, DEFAULT_GAME)
    _add_run_options(d, 500)
    k = sub.add_parser("kiosk", help="serve the touch page and JSON API of a kiosk",
                       description="Serve the kiosk: a touch page to play every game, and "
                                   "its JSON API (docs/kiosk.md). Needs Starlette and uvicorn: "
                                   "python -m pip install 'starlette>=0.37' 'uvicorn>=0.29', "
                                   "or pintas installed with its kiosk extra.")
    k.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    k.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    k.add_argument("--db", default="pintas-kiosk.db", metavar="PATH|URL",
                   help="the SQLite file of the tables (default pintas-kiosk.db), or a "
                        "postgresql://user@host/database URL (psycopg 3: pintas's "
                        "postgresql extra); a "
                        "restart on the same database carries on every table")
    k.add_argument("--pace", type=float, default=0.8, metavar="SECONDS",
                   help="how long a computer player waits before it moves (default 0.8)")
    _kiosk_settings(k)
    for each in (parser, p, t, d, k):
        each.out = sys.stdout if out is None else out
    return parser


def _add_run_options(parser: argparse.ArgumentParser, deals: int) -> None:
    """What the tournament and the ladder share: how many deals, where, from what seed."""
    parser.add_argument("--deals", type=int, default=deals, metavar="N",
                        help=f"deals, 1..{MAX_DEALS} (default {deals}); each is played once "
                             "per seating")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help="worker processes (default 1; 0: one per CPU)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar (it is drawn only when stderr is a terminal)")


def _kiosk_settings(k: argparse.ArgumentParser) -> None:
    """The kiosk's options beyond where it listens (pintas.kiosk.settings)."""
    from .kiosk.settings import Settings

    d = Settings()
    k.add_argument("--allow-seeds", action="store_true",
                   help="let a table's creator choose its seed (every seat is told)")
    k.add_argument("--tables-per-client", type=int, default=d.tables_per_client, metavar="N",
                   help=f"unfinished tables one address may have (default {d.tables_per_client})")
    k.add_argument("--max-tables", type=int, default=d.max_tables, metavar="N",
                   help=f"unfinished tables in all (default {d.max_tables})")
    k.add_argument("--create-per-minute", type=float, default=d.create_per_minute,
                   metavar="R", help=f"tables one client (an IPv4 address, an IPv6 /64) may "
                   f"create a minute, after a burst of --create-burst (default "
                   f"{d.create_per_minute:g}; 0: no limit)")
    k.add_argument("--create-burst", type=int, default=d.create_burst, metavar="N",
                   help=f"tables one client may create at once (default {d.create_burst})")
    k.add_argument("--absent", type=float, default=d.absent_seconds, metavar="S",
                   help="seconds a person to move may be out of contact before the computer "
                   f"plays for them, as the clock does (default {d.absent_seconds:g}: never)")
    k.add_argument("--expire-hours", type=float, default=d.expire_hours, metavar="H",
                   help=f"a table is deleted this long after its last move "
                   f"(default {d.expire_hours:g})")
    k.add_argument("--idle", type=float, default=d.idle_seconds, metavar="SECONDS",
                   dest="idle_seconds", help=f"a table's clock and computer seats sleep when "
                   f"no seat has asked for this long (default {d.idle_seconds:g})")
    k.add_argument("--workers", type=int, default=d.workers, metavar="N",
                   help=f"threads that choose the computer seats' moves (default {d.workers})")
    k.add_argument("--break", type=float, default=d.break_seconds, metavar="SECONDS",
                   dest="break_seconds", help=f"with a clock, the longest a round's end waits "
                   f"for every person to go on (default {d.break_seconds:g})")
    k.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   dest="allowed_hosts", help="a host name the server answers to besides IP "
                   "addresses and localhost (repeat for more)")
    k.add_argument("--allowed-origin", action="append", default=[], metavar="ORIGIN",
                   dest="allowed_origins", help="an origin (scheme://host[:port]) whose pages "
                   "may change tables besides the server's own (repeat for more)")
    k.add_argument("--header-timeout", type=float, default=d.header_timeout, metavar="SECONDS",
                   help=f"how long a request's headers, and then its body, may take "
                   f"(default {d.header_timeout:g})")
    k.add_argument("--max-connections", type=int, default=None, metavar="N",
                   help="connections open at once (default: what the open-files limit "
                   "allows, less what the server keeps for itself); at the cap the slowest "
                   "are closed")


def kiosk_settings(args: argparse.Namespace) -> Any:
    """The kiosk's :class:`~pintas.kiosk.settings.Settings` of the command line
    (ValueError for a value out of range)."""
    from .kiosk.settings import Settings

    return Settings(
        pace=args.pace, allow_seeds=args.allow_seeds, tables_per_client=args.tables_per_client,
        max_tables=args.max_tables, create_per_minute=args.create_per_minute,
        create_burst=args.create_burst, expire_hours=args.expire_hours,
        idle_seconds=args.idle_seconds, workers=args.workers, break_seconds=args.break_seconds,
        allowed_hosts=tuple(args.allowed_hosts), allowed_origins=tuple(args.allowed_origins),
        header_timeout=args.header_timeout, body_timeout=args.header_timeout,
        max_connections=args.max_connections, absent_seconds=args.absent)


def _parse(argv: Sequence[str] | None, out: TextIO) -> argparse.Namespace:
    """The command line read and checked: every option given applies, and
    with a value it can take (else _UsageError)."""
    args = make_parser(out).parse_args(argv)
    prog = f"pintas {args.command}"
    if args.command == "kiosk":
        if not 0 < args.port < 65536:
            raise _UsageError(prog, f"--port must be 1..65535: got {args.port}")
        if not 0 <= args.pace <= 60:
            raise _UsageError(prog, f"--pace must be 0..60 seconds: got {args.pace}")
        try:
            args.settings = kiosk_settings(args)
        except ValueError as error:
            raise _UsageError(prog, str(error).replace("_", "-")) from None
        return args
    args.players = _player_count(args.players, args.command)
    if args.command == "tournament":
        _check_tournament_options(args, prog)
    if args.command == "ladder":
        args.game = args.game or DEFAULT_GAME
        _check_run_options(args, prog)
    preset = registry.preset(args.game)
    _check_setup_options(args, preset, prog)
    if getattr(args, "dice", None) and not hasattr(preset.family.terminal, "hand_roll"):
        raise _UsageError(prog, f"--dice does not apply to {args.game}: it has no dice")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise _UsageError(prog, f"--seed must be 0..{MAX_SEED}: got {args.seed}")
    return args


def _check_setup_options(args: argparse.Namespace, preset: registry.Preset, prog: str) -> None:
    takes = set(preset.options)
    if args.command == "play" and not preset.family.seats_from_rules:
        takes.add("players")   # the game chooses its seats (dice)
    given = {"--mode": args.mode, "--players": args.players, "--pairs": args.pairs or None,
             "--target": args.target}
    for flag, value in given.items():
        if value is not None and RULES_OPTIONS[flag] not in takes:
            raise _UsageError(prog, f"{flag} does not apply to {args.game} "
                                    f"({_what_applies(takes, args.command)})")


def _check_tournament_options(args: argparse.Namespace, prog: str) -> None:
    if args.game and args.game_option and args.game != args.game_option:
        raise _UsageError(prog, f"the game is given twice: {args.game} and --game "
                                f"{args.game_option}")
    args.game = args.game or args.game_option or DEFAULT_GAME
    if args.bots is not None and len(set(args.bots)) < 2:
        raise _UsageError(prog, f"--bots needs two different computer players to compare: "
                                f"got {','.join(args.bots) or 'none'}")
    _check_run_options(args, prog)


def _check_run_options(args: argparse.Namespace, prog: str) -> None:
    if not 1 <= args.deals <= MAX_DEALS:
        raise _UsageError(prog, f"--deals must be 1..{MAX_DEALS}: got {args.deals}")
    if args.jobs < 0:
        raise _UsageError(prog, f"--jobs must be 0 (one per CPU) or more: got {args.jobs}")


def _what_applies(takes: set[str], command: str) -> str:
    flags = [flag for flag, name in RULES_OPTIONS.items() if name in takes]
    seats = ("; in a tournament every bot has its seat" if command == "tournament"
             and "players" not in takes and "mode" not in takes else "")
    return (f"it takes {', '.join(flags)}" if flags else "it takes none of them") + seats


def main(argv: Sequence[str] | None = None, ask: InputFn | None = None,
         out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Entry point of ``python -m pintas``; returns the exit status.

    Boards, messages and results go to ``out`` (default: standard output);
    errors, warnings and the tournament's progress bar to ``err`` (default:
    standard error). ``ask`` reads a line (default: :func:`input`; when
    standard input is not a terminal, each line read is echoed, so that a
    piped game reads like one typed).
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    for stream in (out, err):
        _replace_what_cannot_be_written(stream)
    try:
        status = _run(argv, ask, out, err)
        out.flush()
    except BrokenPipeError:
        # The reader has gone (``| head -1``): stop quietly. Python's own
        # recipe: point the streams at devnull, so that the flush at exit
        # finds nowhere to fail.
        _write_nowhere(out, err)
        return 1
    return status


def _replace_what_cannot_be_written(stream: TextIO) -> None:
    # A terminal or file whose encoding lacks a character ("±", "ú") shows a
    # "?" for it rather than ending the program with a traceback.
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="replace")


def _write_nowhere(*streams: TextIO) -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in streams:
        try:
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError):  # not a file (a test's StringIO), or closed
            pass
    os.close(devnull)


def _run(argv: Sequence[str] | None, ask: InputFn | None, out: TextIO, err: TextIO) -> int:
    command = None
    try:
        args = _parse(argv, out)
        command = args.command
        if command == "tournament":
            return _tournament_command(args, out, err)
        if command == "ladder":
            return _ladder_command(args, out, err)
        if command == "kiosk":
            from .kiosk import serve

            return serve(args.host, args.port, args.db, args.settings, err)
        # Only a person at a terminal is asked to press Enter between rounds:
        # piped input must not need lines of its own for it.
        pause = ask is None and _is_terminal(sys.stdin)
        return _play_command(args, _typed_lines(out) if ask is None else ask, out, pause)
    except _UsageError as exc:
        err.write(fit(f"{exc}\n(see: python -m {exc.prog} --help)", terminal_width()) + "\n")
        return 2
    except _Exit as exc:
        return exc.status
    except PintasError as exc:
        err.write(fit(f"pintas: {exc}", terminal_width()) + "\n")
        return 2
    except KeyboardInterrupt:
        out.write("\nbye\n" if command == "play" else "\ninterrupted\n")
        return 130


def _typed_lines(out: TextIO) -> InputFn:
    """:func:`input`, ending the prompt's line when the input ends (Ctrl-D) and
    echoing each line when standard input is not a terminal (piped input)."""
    echo = not _is_terminal(sys.stdin)

    def ask(prompt: str) -> str:
        try:
            text = input(prompt)
        except EOFError:
            out.write("\n")
            raise
        if echo:
            out.write(text + "\n")
        return text

    return ask


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # closed, replaced or detached
        return False


def _preset_rules(args: argparse.Namespace) -> Any:
    """The rules the command line asks for: the options it gave, and only those."""
    preset = registry.preset(args.game)
    options = {"mode": args.mode, "target": args.target, "pairs": args.pairs or None}
    if preset.family.seats_from_rules:
        options["players"] = args.players
    return preset.rules(**options)


def _play_command(args: argparse.Namespace, ask: InputFn, out: TextIO, pause: bool) -> int:
    rules = _preset_rules(args)
    family = registry.family_of(rules)
    opponents = args.opponents or DEFAULT_OPPONENTS
    seats = None if family.seats_from_rules else args.players
    registry.parse_player(family.strength(opponents, rules, family.seats(rules, seats)), rules)
    screen = Screen(ask, out, terminal_width(), pause, physical_dice=args.dice == "physical")
    return play(rules, args.seat, args.seed, screen, opponents, seats)


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

    def stop(self) -> None:
        """End the bar's line when the run stops before its end (Ctrl-C)."""
        if 0 <= self.shown < 100:
            self.stream.write("\n")


def _quiet_worker() -> None:
    # Ctrl-C reaches every process of the terminal's group: the parent reports
    # it; the workers must not each print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _tournament_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    family = registry.preset(args.game).family
    rules = _preset_rules(args)
    bots = args.bots or [family.strengths["greedy"], family.strengths["random"]]
    _check_bots_fit(bots, rules, family)
    event = tournament.Tournament(rules, bots, deals=args.deals, seed=args.seed)
    # A bar redrawn with carriage returns is for a person watching, not for a log.
    # The bar's text takes about 50 columns besides the bar itself.
    bar = (None if args.quiet or not _is_terminal(err)
           else ProgressBar(err, width=max(10, min(30, terminal_width() - 50))))
    status = 0
    try:
        results = _run_tournament(event, args.jobs, bar)
    except tournament.Interrupted as stop:
        if bar is not None:
            bar.stop()
        results, status = stop.results, 130
    command = _command_line(args, event)
    out.write(_results_text(results, args, command))
    for warning in results.warnings():
        err.write(fit(f"pintas: warning: {warning}", terminal_width()) + "\n")
    return status


def _ladder_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``ladder``: each step of the dial measured; its table on ``out``."""
    rules = _preset_rules(args)
    bars: dict[str, ProgressBar] = {}
    width = max(10, min(30, terminal_width() - 60))

    def progress(step: str, done: int, total: int) -> None:
        bars.setdefault(step, ProgressBar(err, f"games of {step}", width))(done, total)

    workers = args.jobs or os.cpu_count() or 1
    pool = (None if workers == 1 else
            concurrent.futures.ProcessPoolExecutor(max_workers=workers,
                                                   initializer=_quiet_worker))
    try:
        steps = ladder.climb(rules, args.deals, args.seed, pool,
                             None if args.quiet or not _is_terminal(err) else progress)
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    command = " ".join(["python -m pintas ladder", *_setup_words(args),
                        f"--deals {args.deals}", f"--seed {args.seed}"]
                       + ([f"--jobs {args.jobs}"] if args.jobs != 1 else []))
    out.write(f"{rules}\n\n{ladder.table(steps)}\n\n"
              f"{_shell_lines('reproduce: ', command, terminal_width())}\n")
    return 0


def _check_bots_fit(bots: Sequence[str], rules: Any, family: registry.Family) -> None:
    """The computer players fit the table, in the command line's words (the
    tournament's own checks speak of its ``players`` argument)."""
    for bot in bots:
        registry.parse_player(bot, rules)   # each a computer player of this game
    seats = family.seats(rules, len(bots))
    if len(bots) > seats:
        raise _UsageError("pintas tournament", f"--bots lists {len(bots)} computer players but "
                                               f"{rules} has {seats} seats")
    try:
        game = family.new_game(rules, seats, 0)
    except RulesError as exc:   # dice: one seat a bot, and too many
        raise _UsageError("pintas tournament", f"--bots lists {len(bots)} computer players: "
                                               f"{exc}") from None
    teams = len({game.side_of(seat) for seat in range(seats)}) < seats
    if teams and len(set(bots)) > 2:
        raise _UsageError("pintas tournament", f"in pairs each team is one computer player: "
                                               f"give two --bots, not {','.join(bots)}")


def _run_tournament(event: tournament.Tournament, jobs: int,
                    bar: ProgressBar | None) -> tournament.TournamentResults:
    """Play the tournament here, or over ``jobs`` processes (0: one per CPU)."""
    # More workers than units of work would only wait.
    workers = min(jobs or os.cpu_count() or 1, -(-event.games // event.batch))
    if workers == 1:
        return event.run(progress=bar)
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers,
                                                  initializer=_quiet_worker)
    try:
        return event.run(pool, progress=bar)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _results_text(results: tournament.TournamentResults, args: argparse.Namespace,
                  command: str) -> str:
    """The results as the command line asks for them: a table (with the
    command that reproduces them), one JSON document, or CSV."""
    if args.json:
        document = {"game": args.game, **results.to_dict(), "command": command}
        return json.dumps(document, indent=2, allow_nan=False) + "\n"
    if args.csv:
        return _csv_text(results, args.game)
    width = terminal_width()
    return f"{fit(str(results), width)}\n{_shell_lines('reproduce: ', command, width)}\n"


def _shell_lines(head: str, command: str, width: int) -> str:
    """A command line after ``head``, broken between its options where it is
    too wide, with the shell's line continuation: it can still be copied and run."""
    first, *options = command.split(" --")
    lines = wrap_items(head, [first, *(f"--{option}" for option in options)], width - 2, " ")
    return " \\\n".join(lines)


def _csv_text(results: tournament.TournamentResults, game: str) -> str:
    """One row per player: what it won and scored, and what was played."""
    text = io.StringIO()
    table = csv.writer(text, lineterminator="\n")
    table.writerow(["game", "rules", "player", "games", "wins", "win_share", "mean_points",
                    "unit", "deals", "seed", "partial"])
    data = results.to_dict()
    for row in data["results"]:
        table.writerow([game, data["rules"], row["player"], data["games"],
                        tournament.whole_or_fraction(row["wins"]),
                        _csv_number(row["win_share"]), _csv_number(row["mean_points"]),
                        data["unit"], data["deals"], data["seed"], data["partial"]])
    return text.getvalue()


def _csv_number(value: float | None) -> str:
    return "" if value is None else f"{value:.6g}"


def _setup_words(args: argparse.Namespace) -> list[str]:
    """The game and the options of its setup, as a command line gives them."""
    words = [args.game]
    if args.mode is not None:
        words.append(f"--mode {args.mode}")
    if args.players is not None:
        words.append(f"--players {args.players}")
    if args.pairs:
        words.append("--pairs")
    if args.target is not None:
        words.append(f"--target {args.target}")
    return words


def _command_line(args: argparse.Namespace, event: tournament.Tournament) -> str:
    words = ["python -m pintas tournament", *_setup_words(args)]
    words += [f"--bots {','.join(event.players)}", f"--deals {event.deals}",
              f"--seed {event.seed}"]
    if args.jobs != 1:
        words.append(f"--jobs {args.jobs}")
    return " ".join(words)
