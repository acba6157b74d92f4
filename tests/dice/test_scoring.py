"""Scoring dice: dice.score, dice.keeps, dice.is_doom, dice.keep_score.

The heart of this file is an independent pure-Python scorer written from the
text of docs/rules.md section 3 (not from the C code): a recursive search over every
way to split a kept set into combinations, checked against the C tables over
every multiset of 1..6 dice for both presets, with and without a pool.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest

from pintas import dice
from pintas.errors import NotationError, PintasError

DOOM = dice.Rules.dice_of_doom()
FARKLE = dice.Rules.farkle()

Counts = tuple[int, int, int, int, int, int]  # how many dice show 1, 2, ..., 6
NONE = -(10**9)  # "no split": some die cannot be placed


def counts_of(values: tuple[int, ...] | list[int]) -> Counts:
    c = Counter(values)
    return (c[1], c[2], c[3], c[4], c[5], c[6])


def values_of(counts: Counts) -> tuple[int, ...]:
    return tuple(f for f in range(1, 7) for _ in range(counts[f - 1]))


def minus(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def plus(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def unit(face: int, n: int = 1) -> Counts:
    c = [0] * 6
    c[face - 1] = n
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def fits(part: Counts, of: Counts) -> bool:
    return all(p <= o for p, o in zip(part, of, strict=True))


# ---- docs/rules.md section 3, Dice of Doom -------------------------------------
# A single 1 = 1000; a single 5 = 500; three or more of a kind of face f =
# f x 100, all of them kept as one set; a straight of five (1-5 or 2-6) or six
# (1-6) = 1000 plus 1000 per 1 and 500 per 5 in it; three pairs = 1000 plus the
# 1s and 5s in it; two triplets = 1000 plus the 1s and 5s in it. Pairs and
# triplets are of different faces: four of a kind and a pair are not three
# pairs, six of a kind is one set (f x 100), not two triplets.

DOOM_SINGLE = {1: 1000, 5: 500}


def doom_bonus(part: Counts) -> int:
    """The bonus of a straight, three pairs or two triplets: 1000 per 1, 500 per 5."""
    return 1000 * part[0] + 500 * part[4]


def doom_combinations(counts: Counts, face: int,
                      kind_faces: frozenset[int]) -> Iterator[tuple[Counts, int, frozenset[int]]]:
    """Every combination that holds a die showing ``face`` and fits in ``counts``:
    (its dice, its value, the faces that have had their one of-a-kind set)."""
    if face in DOOM_SINGLE:
        yield unit(face), DOOM_SINGLE[face], kind_faces
    if face not in kind_faces:
        for n in range(3, counts[face - 1] + 1):
            yield unit(face, n), 100 * face, kind_faces | {face}
    for faces in ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6)):
        if face in faces:
            part = counts_of(list(faces))
            if fits(part, counts):
                yield part, 1000 + doom_bonus(part), kind_faces
    for others in itertools.combinations([f for f in range(1, 7) if f != face], 2):
        part = counts_of([face, face, *others, *others])
        if fits(part, counts):
            yield part, 1000 + doom_bonus(part), kind_faces
    for other in range(1, 7):
        if other != face:
            part = counts_of([face] * 3 + [other] * 3)
            if fits(part, counts):
                yield part, 1000 + doom_bonus(part), kind_faces


# ---- docs/rules.md section 3, preset farkle ------------------------------------
# Single 1 = 100, single 5 = 50, three 1s = 1000, three f = 100 f, only within
# one roll: the classic three-of-a-kind, so six of a kind is two triplets.

def farkle_combinations(counts: Counts, face: int,
                        kind_faces: frozenset[int]) -> Iterator[tuple[Counts, int, frozenset[int]]]:
    if face == 1:
        yield unit(1), 100, kind_faces
    if face == 5:
        yield unit(5), 50, kind_faces
    if counts[face - 1] >= 3:
        yield unit(face, 3), 1000 if face == 1 else 100 * face, kind_faces


COMBINATIONS = {"dice_of_doom": doom_combinations, "farkle": farkle_combinations}


@cache
def best_split(scoring: str, counts: Counts, kind_faces: frozenset[int] = frozenset()) -> int:
    """The best split of the dice into combinations, every die in one; NONE if impossible.
    Some combination must hold a die of the lowest face present: try each."""
    if sum(counts) == 0:
        return 0
    face = next(f for f in range(1, 7) if counts[f - 1])
    best = NONE
    for part, value, used in COMBINATIONS[scoring](counts, face, kind_faces):
        rest = best_split(scoring, minus(counts, part), used)
        if rest != NONE:
            best = max(best, value + rest)
    return best


def sub_multisets(counts: Counts) -> Iterator[Counts]:
    """Every non-empty sub-multiset."""
    for c in itertools.product(*(range(n + 1) for n in counts)):
        if sum(c):
            yield (c[0], c[1], c[2], c[3], c[4], c[5])


def brute_doom(rules: dice.Rules, counts: Counts) -> bool:
    return rules.doom and counts[5] >= 2


def brute_keeps(rules: dice.Rules, roll: Counts, pool: Counts) -> dict[tuple[int, ...], int]:
    """Legal keeps: with combine_kept the pool must stay fully scoring and the keep
    makes the pool's gain; without, the keep scores alone."""
    if brute_doom(rules, roll):
        return {}
    out = {}
    base = best_split(rules.scoring, pool) if rules.combine_kept else 0
    for keep in sub_multisets(roll):
        whole = best_split(rules.scoring, plus(pool, keep) if rules.combine_kept else keep)
        if whole != NONE:
            out[values_of(keep)] = whole - base
    return out


def brute_score(rules: dice.Rules, roll: Counts) -> int:
    return max(brute_keeps(rules, roll, (0, 0, 0, 0, 0, 0)).values(), default=0)


ALL_ROLLS: list[Counts] = [
    c for c in itertools.product(range(7), repeat=6) if 1 <= sum(c) <= 6  # type: ignore[misc]
]


def test_every_multiset_is_enumerated() -> None:
    assert len(ALL_ROLLS) == 923


@pytest.mark.parametrize("rules", [DOOM, FARKLE], ids=["dice_of_doom", "farkle"])
def test_score_matches_the_brute_force_on_every_roll(rules: dice.Rules) -> None:
    for counts in ALL_ROLLS:
        values = list(values_of(counts))
        assert dice.score(values, rules) == brute_score(rules, counts), values
        if rules == DOOM:
            assert dice.score(values) == dice.score(tuple(values), None) == brute_score(
                rules, counts)
        whole = best_split(rules.scoring, counts)
        assert dice.keep_score(values, rules) == (None if whole == NONE else whole), values
        assert dice.is_doom(values, rules) == brute_doom(rules, counts)


@pytest.mark.parametrize("rules", [DOOM, FARKLE, DOOM.replace(combine_kept=False),
                                   FARKLE.replace(combine_kept=True)],
                         ids=["dice_of_doom", "farkle", "doom-separate", "farkle-combined"])
def test_keeps_match_the_brute_force_with_every_pool(rules: dice.Rules) -> None:
    pools = [c for c in ALL_ROLLS if sum(c) <= 5
             and (not rules.combine_kept or best_split(rules.scoring, c) != NONE)]
    pools.append((0, 0, 0, 0, 0, 0))
    checked = 0
    for pool in pools:
        for roll in ALL_ROLLS:
            if sum(roll) + sum(pool) > 6 or (sum(pool) > 0 and (sum(roll) + sum(pool)) % 2 == 1):
                continue  # half the pooled cases are plenty; all empty-pool cases run
            got = {k.dice: k.points for k in dice.keeps(values_of(roll), values_of(pool), rules)}
            assert got == brute_keeps(rules, roll, pool), (values_of(roll), values_of(pool))
            checked += 1
    assert checked > 900


def test_default_rules_are_dice_of_doom() -> None:
    assert dice.score([1, 5, 6, 4, 4, 3]) == 1500
    assert dice.score([1, 5, 6, 4, 4, 3], rules=DOOM) == 1500
    assert dice.score([1, 5, 6, 4, 4, 3], rules=FARKLE) == 150
    assert dice.keeps([5]) == dice.keeps([5], (), DOOM)


# ---- the worked examples of docs/rules.md section 3 -----------------------------

def test_worked_turn_1_5_6_4_4_3() -> None:
    # the worked turn: the 1 can be kept for 1000 with five dice to roll, or the
    # 1 and the 5 for 1500 with four dice to roll
    assert dice.keeps([1, 5, 6, 4, 4, 3]) == [
        dice.Keep((1, 5), 1500), dice.Keep((1,), 1000), dice.Keep((5,), 500)]
    assert dice.score([1, 5, 6, 4, 4, 3]) == 1500


def test_ones_and_fives_score_alone() -> None:
    assert dice.keep_score([1]) == 1000
    assert dice.keep_score([5]) == 500
    assert dice.keep_score([1, 1, 5]) == 2500
    for face in (2, 3, 4, 6):
        assert dice.keep_score([face]) is None


def test_three_or_more_of_a_kind_is_face_times_100() -> None:
    # three 5s as a set are 500, and four 5s also 500 -- but a 5 alone is worth
    # 500, so four 5s kept score best as singles.
    assert dice.keep_score([4, 4, 4]) == 400
    assert dice.keep_score([4, 4, 4, 4]) == 400
    assert dice.keep_score([4, 4, 4, 4, 4, 4]) == 400  # one set, not two triplets
    assert dice.keep_score([2, 2, 2, 2, 2]) == 200
    assert dice.keep_score([6, 6, 6]) == 600
    assert dice.keep_score([5, 5, 5]) == 1500
    assert dice.keep_score([5, 5, 5, 5]) == 2000
    assert dice.score([5, 5, 5, 5]) == 2000
    assert dice.keep_score([1, 1, 1]) == 3000
    assert dice.keep_score([4, 4]) is None


def test_straights() -> None:
    # a straight of all six dice, 1-6, is 2500 points
    assert dice.keep_score([1, 2, 3, 4, 5, 6]) == 2500
    assert dice.score([6, 5, 4, 3, 2, 1]) == 2500
    assert dice.keep_score([1, 2, 3, 4, 5]) == 2500
    assert dice.keep_score([2, 3, 4, 5, 6]) == 1500
    assert dice.keep_score([1, 1, 2, 3, 4, 5]) == 3500  # a five-straight and a single 1
    assert dice.keep_score([2, 3, 4, 5]) is None


def test_three_pairs() -> None:
    assert dice.keep_score([2, 2, 3, 3, 4, 4]) == 1000
    assert dice.keep_score([1, 1, 5, 5, 2, 2]) == 4000
    assert dice.keep_score([2, 2, 2, 2, 3, 3]) is None  # four of a kind and a pair
    assert dice.score([2, 2, 2, 2, 3, 3]) == 200


def test_two_triplets() -> None:
    assert dice.keep_score([2, 2, 2, 3, 3, 3]) == 1000
    assert dice.keep_score([1, 1, 1, 5, 5, 5]) == 5500
    assert dice.keep_score([4, 4, 4, 6, 6, 6]) == 1000


def test_doom_is_any_two_sixes_and_scores_nothing() -> None:
    for roll in ([6, 6], [6, 6, 1, 1, 1, 1], [1, 2, 3, 4, 6, 6], [6, 6, 6, 6, 6, 6]):
        assert dice.is_doom(roll)
        assert dice.score(roll) == 0
        assert dice.keeps(roll) == []
    assert not dice.is_doom([6, 1, 2, 3, 4, 5])
    assert not dice.is_doom([6, 6, 1], FARKLE)
    assert dice.score([6, 6, 6, 1], FARKLE) == 700
    assert dice.is_doom([6, 6], DOOM.replace(doom_loses="score"))
    assert not dice.is_doom([6, 6], DOOM.replace(doom=False))


def test_roll_out_has_no_keep() -> None:
    assert dice.score([2, 3, 4, 6, 2, 3]) == 0
    assert dice.keeps([2, 3, 4, 6, 2, 3]) == []
    assert dice.keeps([2, 2, 3, 3, 4, 6]) == []


def test_farkle_combinations() -> None:
    assert dice.keep_score([1], FARKLE) == 100
    assert dice.keep_score([5], FARKLE) == 50
    assert dice.keep_score([1, 1, 1], FARKLE) == 1000
    assert dice.keep_score([3, 3, 3], FARKLE) == 300
    assert dice.keep_score([2, 2, 2, 2, 2, 2], FARKLE) == 400  # two triplets
    assert dice.keep_score([2, 2, 2, 2], FARKLE) is None
    assert dice.keep_score([1, 2, 3, 4, 5, 6], FARKLE) is None  # no straights
    assert dice.keep_score([2, 2, 3, 3, 4, 4], FARKLE) is None  # no pairs
    assert dice.score([1, 2, 3, 4, 5, 6], FARKLE) == 150


# ---- combining across rolls -----------------------------------------------------

def test_a_pool_completes_a_straight() -> None:
    # Kept 1 and 5 (1500); the next roll's 2, 3, 4 complete 1-5 (2500): +1000.
    got = {k.dice: k.points for k in dice.keeps([2, 3, 4, 2], pool=[1, 5])}
    assert got[(2, 3, 4)] == 1000
    assert (2, 3) not in got and (4,) not in got
    # Scored separately (combine_kept off) 2, 3, 4 do not score.
    assert dice.keeps([2, 3, 4, 2], pool=[1, 5], rules=DOOM.replace(combine_kept=False)) == []


def test_a_pool_grows_a_set_even_for_no_points() -> None:
    got = {k.dice: k.points for k in dice.keeps([2, 3, 4], pool=[2, 2, 2])}
    assert got == {(2,): 0}
    assert dice.keeps([5, 3, 4], pool=[5, 5]) == [dice.Keep((5,), 500)]


def test_keeps_are_sorted_best_first() -> None:
    ks = dice.keeps([1, 1, 5, 2, 3, 4])
    points = [k.points for k in ks]
    assert points == sorted(points, reverse=True)
    assert ks[0] == dice.Keep((1, 1, 2, 3, 4, 5), 3500)
    # equal points: fewer dice first
    ks = dice.keeps([2, 2, 2, 2, 3, 5], pool=())
    assert [k.dice for k in ks if k.points == 700] == [(2, 2, 2, 5), (2, 2, 2, 2, 5)]


# ---- values and input checking ----------------------------------------------------

def test_keep_records() -> None:
    k = dice.Keep([5, 1], 1500)
    assert k.dice == (1, 5) and k.points == 1500
    assert tuple(k) == ((1, 5), 1500) and k[1] == 1500 and len(k) == 2
    assert repr(k) == "Keep((1, 5), 1500)" and str(k) == "1 5: 1500"
    assert k.move == dice.Move.keep([1, 5])
    assert {k, dice.Keep((1, 5), 1500)} == {k}
    with pytest.raises(AttributeError):
        k.points = 3  # type: ignore[misc]


@pytest.mark.parametrize("bad", [[], [0], [7], [1, 2, 3, 4, 5, 6, 1], [1.0], ["1"], [True],
                                 None, 5, "x", [1, -1], [2**70]])
def test_bad_dice_are_rejected_with_the_input_quoted(bad: object) -> None:
    with pytest.raises(NotationError) as info:
        dice.score(bad)  # type: ignore[arg-type]
    assert repr(bad)[:10] in str(info.value) or str(len(bad)) in str(info.value)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)


def test_other_sequences_and_text_are_dice_too() -> None:
    assert dice.score((1, 5)) == 1500
    assert dice.score(range(1, 7)) == 2500
    assert dice.score("1 5 6 4 4 3") == 1500
    assert dice.score("156443") == 1500
    assert dice.is_doom("6,6")


def test_bad_pools_and_rules_are_rejected() -> None:
    with pytest.raises(PintasError, match=r"\[2\]"):
        dice.keeps([1], pool=[2])  # a pool must score in full
    with pytest.raises(NotationError, match="at most 6"):
        dice.keeps([1, 1, 1], pool=[5, 5, 5, 5])
    with pytest.raises(NotationError):
        dice.keeps([1], pool=[1, 1, 1, 1, 1, 1])
    with pytest.raises(PintasError, match="Rules"):
        dice.score([1], rules="farkle")  # type: ignore[arg-type]
