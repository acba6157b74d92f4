"""A whole view of each game: what one seat sees, as one picture.

From the top: the game and whose move it is, the scores, the other seats'
hands face down (the tile games), the table (the line, the paths, the dice)
and the seat's own hand, the tiles it may play outlined.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import caminos, dice, domino
from .._view import shown
from .._words import onlooker, player, players
from ..errors import RulesError, ViewError
from ..tiles import Tile
from ._base import El, Style, Svg, Value, check_box, document, style_of, text, text_width
from ._dice import dice_box, dice_parts
from ._line import _order, line_parts
from ._paths import paths_parts
from ._tiles import HAND_GAP, row, row_width

__all__ = ["view"]

#: The smallest box a whole view is drawn in.
LEAST = (240, 180)
#: The largest tiles of a hand, in pixels.
HAND_SIZE = 44.0


@dataclass(frozen=True)
class Frame:
    """The bands of a view, top to bottom, in a box of width x height."""

    width: float
    height: float
    pad: float
    words: float  # the font size

    @classmethod
    def of(cls, width: float, height: float) -> Frame:
        return cls(width, height, max(4.0, 0.015 * min(width, height)),
                   max(9.0, min(18.0, 0.03 * height, 0.028 * width)))

    @property
    def inner(self) -> float:
        return self.width - 2 * self.pad


def _fit(words: str, size: float, room: float) -> float:
    """The font size at most ``size`` at which ``words`` fit ``room`` pixels."""
    return max(1.0, min(size, room / max(text_width(words, 1.0), 1e-9)))


def _header(frame: Frame, title: str, status: str, style: Style) -> tuple[list[El], float]:
    """The game's name at the left, whose move it is at the right; and where it ends."""
    size = frame.words
    room = frame.inner
    title_size = _fit(title, size * 1.1, room * 0.55)
    status_size = _fit(status, size, room * 0.43)
    y = frame.pad + size * 1.1
    return [text(frame.pad, y, title, title_size, style.text, style, weight="bold",
                 data={"class": "title"}),
            text(frame.width - frame.pad, y, status, status_size, style.text, style,
                 anchor="end", data={"class": "status"})], y + size * 0.6


def _scores(frame: Frame, y: float, names: Sequence[str], scores: Sequence[int],
            mover: int | None, winners: Sequence[int], style: Style) -> tuple[list[El], float]:
    """A chip per side with its points (the side to move outlined); and where they end."""
    size = frame.words
    count = len(scores)
    gap = frame.pad
    height = size * 1.9
    longest = max(text_width(f"{n}: {s}", size) for n, s in zip(names, scores, strict=True))
    chip = min(longest + 2 * size, (frame.inner - (count - 1) * gap) / count)
    parts = []
    for side, (name, points) in enumerate(zip(names, scores, strict=True)):
        x = frame.pad + side * (chip + gap)
        words = f"{name}: {points}"
        to_move = side == mover
        won = side in winners
        parts.append(El("g", {"class": "score", "data-side": side, "data-score": points,
                              "data-to-move": "true" if to_move else None,
                              "data-winner": "true" if won else None}, [
            El("rect", {"x": x, "y": y, "width": chip, "height": height, "rx": height / 2,
                        "fill": style.face, "stroke": style.highlight if to_move else style.edge,
                        "stroke-width": size * (0.2 if to_move else 0.06)}),
            text(x + chip / 2, y + height / 2 + size * 0.35, words,
                 _fit(words, size, chip - size), style.text, style, anchor="middle",
                 weight="bold" if won else None)]))
    return parts, y + height


def _seats(frame: Frame, y: float, height: float, sizes: Sequence[int], seat: int | None,
           mover: int | None, style: Style) -> list[El]:
    """The other seats side by side, each with its hand face down."""
    others = [s for s in range(len(sizes)) if s != seat]
    gap = frame.pad
    cell = (frame.inner - (len(others) - 1) * gap) / len(others)
    size = frame.words
    parts = []
    for k, other in enumerate(others):
        x = frame.pad + k * (cell + gap)
        count = sizes[other]
        to_move = other == mover
        label = f"{player(other)}: {count} tile{'s' if count != 1 else ''}" + (
            " · to move" if to_move else "")
        room = height - size * 1.5
        u = min(room / 2, (cell - size) / max(count * (1 + HAND_GAP) - HAND_GAP, 1), HAND_SIZE)
        tiles_x = x + (cell - row_width(count, u, False)) / 2
        parts.append(El("g", {"class": "seat", "data-seat": other, "data-tiles": count,
                              "data-to-move": "true" if to_move else None}, [
            El("rect", {"x": x, "y": y, "width": cell, "height": height, "rx": size * 0.5,
                        "fill": "none", "stroke": style.highlight if to_move else "none",
                        "stroke-width": size * 0.15}),
            text(x + cell / 2, y + size * 1.1, label, _fit(label, size, cell - size),
                 style.text, style, anchor="middle"),
            *row(tiles_x, y + size * 1.4 + (room - 2 * u) / 2, u, [None] * count, False,
                 style)]))
    return parts


def _own(frame: Frame, y: float, height: float, seat: int | None, hand: Sequence[Tile],
         moves: Sequence[object], to_move: bool, style: Style) -> list[El]:
    """The seat's own hand, face up: each tile's legal moves in ``data-moves``
    (their notation, separated by commas), and outlined, when the seat is to
    move; the moves of no tile (``pass``, ``draw``) in the hand's ``data-moves``."""
    size = frame.words
    others = [str(m) for m in moves if getattr(m, "tile", None) is None]
    label = f"your hand ({onlooker(seat)})" + (" · your move" if to_move else "") + (
        ": " + " or ".join(others) if others else "")
    room = height - size * 1.5
    count = len(hand)
    u = min(room / 2, frame.inner / max(count * (1 + HAND_GAP) - HAND_GAP, 1), HAND_SIZE)
    x = frame.pad + (frame.inner - row_width(count, u, False)) / 2
    data: list[dict[str, Value]] = []
    outlines: list[str | None] = []
    for tile in hand:
        playable = [str(m) for m in moves if getattr(m, "tile", None) == tile]
        data.append({"data-moves": ",".join(playable) if playable else None})
        outlines.append(style.highlight if playable else None)
    return [El("g", {"class": "seat own", "data-seat": seat, "data-tiles": count,
                     "data-to-move": "true" if to_move else None,
                     "data-moves": ",".join(others) if others else None}, [
        text(frame.width / 2, y + size * 1.1, label, _fit(label, size, frame.inner),
             style.text, style, anchor="middle"),
        *row(x, y + size * 1.4 + (room - 2 * u) / 2, u, [t.ends for t in hand], False,
             style, data, outlines)])]


def _tile_bands(frame: Frame, top: float) -> tuple[float, float, float, float]:
    """Where the other seats, the table and the own hand go below ``top``:
    (others' height, table's top, table's height, own hand's top)."""
    size, pad, height = frame.words, frame.pad, frame.height
    others = max(3.2 * size, min(0.16 * height, 7 * size))
    own = max(4 * size, min(0.2 * height, 9 * size))
    table_top = top + pad + others + pad
    own_top = height - pad - own
    return others, table_top, own_top - pad - table_top, own_top


def _ground(frame: Frame, style: Style) -> El:
    return El("rect", {"class": "ground", "x": 0, "y": 0, "width": frame.width,
                       "height": frame.height, "fill": style.ground})


def _game_over(winners: str | None, many: bool = False) -> str:
    """The end of a game, naming its ``winners`` (one side, or ``many``)."""
    if winners is None:
        return "game over"
    return f"game over: {winners} {'share the win' if many else 'wins'}"


def _won(v: domino.View | dice.View) -> list[int]:
    """The winning sides of a view whose game is over: its winner, or, when
    the win is shared (the round limit), every side with the highest score."""
    if v.winner is not None:
        return [v.winner]
    best = max(v.scores)
    return [side for side, score in enumerate(v.scores) if score == best]


def _winners_text(names: list[str], won: list[int]) -> str:
    """``_game_over`` of the sides ``won``, named by ``names``."""
    named = [names[side] for side in won]
    text = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    return _game_over(text, many=len(named) > 1)


def _mover(v: domino.View | caminos.View | dice.View) -> str:
    """The player to move (the game is not over): "chance" while a game made
    with external chance waits for a chance outcome (no seat is to move)."""
    return "chance" if v.to_move is None else player(v.to_move)


def _domino(v: domino.View, frame: Frame, style: Style) -> tuple[list[El], str]:
    rules = v.rules
    names = [f"team {side + 1}" if rules.pairs else player(side) for side in range(rules.sides)]
    mover = None if v.to_move is None else rules.side_of(v.to_move)
    won = _won(v) if v.is_over else []
    if v.is_over:
        status = _winners_text(names, won)
    else:
        status = f"{_mover(v)} to move" + (
            f" · boneyard {v.boneyard_size}" if rules.draws else "")
    parts = [_ground(frame, style)]
    header, y = _header(frame, f"{rules}, round {v.round}", status, style)
    chips, y = _scores(frame, y, names, v.scores, mover, won, style)
    others, table_top, table_h, own_top = _tile_bands(frame, y)
    order = _order(v.placements)
    table, label = line_parts(frame.pad, table_top, frame.inner, table_h, v.line,
                              order.index(0) if v.line else None, order, 64.0, style)
    return _tile_view(v, frame, parts + header + chips, (y, others, own_top), table,
                      f"{rules}, round {v.round}, as {onlooker(v.seat)} sees it: {status}; "
                      f"{label}", style)


def _tile_view(v: domino.View | caminos.View, frame: Frame, parts: list[El],
               bands: tuple[float, float, float], table: list[El], label: str,
               style: Style) -> tuple[list[El], str]:
    """A tile game's view: ``parts`` (ground, header, scores), the other seats'
    hands, the ``table`` and the seat's own hand; its label ends with the hand."""
    y, others, own_top = bands
    to_move = v.to_move == v.seat and not v.is_over
    parts += [*_seats(frame, y + frame.pad, others, v.hand_sizes, v.seat, v.to_move, style),
              *table, *_own(frame, own_top, frame.height - frame.pad - own_top, v.seat,
                            list(v.hand), v.legal_moves(), to_move, style)]
    return parts, f"{label}; your hand {v.hand or 'is empty'}"


def _caminos(v: caminos.View, frame: Frame, style: Style) -> tuple[list[El], str]:
    rules = v.rules
    names = [player(s) for s in range(rules.players)]
    if v.is_over:
        status = _game_over(players(v.winners) if v.winners else None, len(v.winners) > 1)
    elif v.phase == "reveal":
        status = f"who starts: {_mover(v)} to reveal"
    else:
        status = f"{_mover(v)} to move · pile {v.pile_size}"
    parts = [_ground(frame, style)]
    header, y = _header(frame, f"{rules}, round {v.round} of {rules.rounds}", status, style)
    chips, y = _scores(frame, y, names, v.scores, v.to_move, v.winners, style)
    others, table_top, table_h, own_top = _tile_bands(frame, y)
    notes = []
    if v.phase == "reveal" and any(v.revealed):
        notes.append("revealed: " + ", ".join(f"{player(s)} {' '.join(map(str, tiles))}"
                                              for s, tiles in enumerate(v.revealed) if tiles))
    if v.out_seat is not None and not v.is_over:
        notes.append(f"{player(v.out_seat)} is out: {v.last_turns} last turn"
                     f"{'s' if v.last_turns != 1 else ''} left")
    note_h = 1.6 * frame.words if notes else 0.0
    table, label = paths_parts(frame.pad, table_top, frame.inner, table_h - note_h, v.paths,
                               rules.side_tiles, 56.0, style)
    for note in notes:
        table.append(text(frame.pad, table_top + table_h - 0.4 * frame.words, note,
                          _fit(note, frame.words, frame.inner), style.text, style,
                          data={"class": "note"}))
    return _tile_view(v, frame, parts + header + chips, (y, others, own_top), table,
                      f"{rules}, round {v.round}, as {onlooker(v.seat)} sees it: {status}; "
                      f"{label}", style)


_PHASES = {"roll": "roll", "keep": "keep", "bank_or_roll": "bank or roll"}


def _dice(v: dice.View, frame: Frame, style: Style) -> tuple[list[El], str]:
    names = ["you" if s == v.seat else player(s) for s in range(v.players)]
    won = _won(v) if v.is_over else []
    if v.is_over:
        status = _winners_text([player(s) for s in range(v.players)], won)
    else:
        status = f"{_mover(v)} to {_PHASES.get(v.phase, v.phase)}" + (
            f" · {v.final_turns_left} last turns" if v.final_turns_left else "")
    parts = [_ground(frame, style)]
    header, y = _header(frame, str(v.rules), status, style)
    chips, y = _scores(frame, y, names, v.scores, v.to_move, won, style)
    top = y + frame.pad
    height = frame.height - frame.pad - top
    size = frame.words
    if style.table is not None:
        parts.append(El("rect", {"class": "table", "x": frame.pad, "y": top,
                                 "width": frame.inner, "height": height,
                                 "rx": min(12.0, frame.inner / 20, height / 20),
                                 "fill": style.table}))
    turn = ("" if v.is_over else f"{_mover(v)}'s turn: ") + (
        f"{v.turn_total} at stake · {v.dice_to_roll} dice to roll")
    words = [text(frame.width / 2, top + size * 1.6, turn, _fit(turn, size * 1.1, frame.inner),
                  style.table_text, style, anchor="middle", data={"class": "turn"})]
    room_h = height - size * 2.6
    side = min(room_h / 2.6, (frame.inner - 2 * size) / 8.3, 72.0)
    width, dice_h = dice_box(side, v.last_roll, v.pool, True)
    rows = dice_parts(frame.pad + (frame.inner - width) / 2,
                      top + size * 2.2 + (room_h - dice_h) / 2, side, v.last_roll, v.pool,
                      True, style, style.table_text)
    parts += [*header, *chips, *words, El("g", {"class": "dice"}, rows)]
    rolled = " ".join(map(str, v.last_roll)) or "none"
    kept = " ".join(map(str, v.pool)) or "none"
    return parts, (f"{v.rules}, as {onlooker(v.seat)} sees it: {status}; last roll {rolled}, "
                   f"kept {kept}, {turn}")


def view(view: object, width: float = 800, height: float = 600, *,
         style: Style | None = None) -> Svg:
    """A whole view of any game (:class:`pintas.domino.View`,
    :class:`pintas.caminos.View`, :class:`pintas.dice.View`) in ``width`` x
    ``height`` pixels: the game and whose move it is, the scores, the other
    seats' hands face down, the table, and the seat's own hand with the tiles
    it may play outlined (their moves in ``data-moves``, separated by commas:
    ``5|3 front 2,5|3 back 4``). Every view's
    ``_repr_svg_`` draws it, so Jupyter shows views as pictures.

    >>> from pintas import dice, domino, svg
    >>> game = domino.Game(domino.Rules.muggins(players=2), seed=1)
    >>> game.to_move, game.legal_moves()
    (0, [Move('play', '6|6', 'L')])
    >>> picture = svg.view(game.view(0), 640, 480)
    >>> picture.count('data-face-down="true"'), picture.count('data-moves="6|6L"')
    (7, 1)
    >>> roll = dice.Game(players=2, seed=1)
    >>> _ = roll.play("roll 1 5 6 4 4 3")
    >>> svg.view(roll.view(0)).count('class="die"')
    6
    >>> svg.view("a view")
    Traceback (most recent call last):
    ...
    pintas.errors.ViewError: a view of a pintas game is drawn: got 'a view'
    """
    w, h = check_box(width, height)
    if w < LEAST[0] or h < LEAST[1]:
        raise RulesError(f"a whole view is drawn in at least {LEAST[0]} x {LEAST[1]} pixels: "
                         f"got {shown(width)} x {shown(height)}")
    st = style_of(style)
    frame = Frame.of(w, h)
    if isinstance(view, domino.View):
        parts, label = _domino(view, frame, st)
    elif isinstance(view, caminos.View):
        parts, label = _caminos(view, frame, st)
    elif isinstance(view, dice.View):
        parts, label = _dice(view, frame, st)
    else:
        raise ViewError(f"a view of a pintas game is drawn: got {shown(view)}")
    return document(w, h, label, parts, "view")
