"""Every pintas preset as an OpenSpiel game: explicit chance, observations,
information states, and the public determinization for its searches.

:func:`register` registers each preset of :mod:`pintas.registry` with
OpenSpiel as the Python game ``pintas_<preset>`` (``pintas_dominican``,
``pintas_farkle``, ...); then ``pyspiel.load_game("pintas_dominican")``
makes it, and ``pyspiel.load_game("pintas_muggins(players=2,target=100)")``
sets its options.

- **Chance** is explicit: the pintas game is made with ``chance="external"``
  (docs/ai.md, "External chance"), so every deal is dealt a tile at a time,
  every boneyard draw, tie-break draw and dice roll is a chance node, with
  the exact probabilities of ``game.chance_outcomes()`` (as floats). Chance
  outcomes are the game's chance codes (``chance_count`` of them), player
  actions its action indices (``action_count``).
- **Players** are the seats; **returns** are ``game.returns()`` (win, draw
  or loss, zero-sum), only at the end.
- **Observation and information-state tensors** are the seat's view encoded
  (``View.encode``: what the seat may know, every entry 0 or 1), the same
  vector for both; the **information-state string** is the view's key in
  hexadecimal (the round's public record, the scores and the seat's hand:
  two histories the seat cannot tell apart give the same string), the
  **observation string** the encoded vector in hexadecimal.
- **Length**: OpenSpiel needs a bound on a game's length. Presets with none
  of their own take a round limit here (:data:`LIMITS`: ``max_rounds``,
  ``max_rolls`` for dice, ``max_round_moves`` for Caminos), which the game's
  parameters can change; the others take the same parameters,
  :data:`NO_LIMIT` (0) by default: none.
- **Determinization**: ``state.resample_from_infostate(player, sampler)``
  gives a state of a whole game consistent with what the player knows,
  uniformly among them (``view.sample_game``); OpenSpiel's ISMCTS bot
  (``open_spiel.python.algorithms.ismcts``) uses it.

OpenSpiel and numpy are needed by this module only (the ``openspiel``
extra): ``import pintas`` needs neither.

>>> import pyspiel
>>> from pintas import openspiel
>>> names = openspiel.register()
>>> game = pyspiel.load_game("pintas_dominican")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 28)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

import numpy as np
import pyspiel

from . import dice, registry
from .errors import RulesError

__all__ = ["LIMITS", "NO_LIMIT", "PREFIX", "game_name", "register"]

#: The prefix of every game's OpenSpiel name.
PREFIX = "pintas_"

#: The round limits a preset takes here when its rules bound no game's length.
LIMITS: Mapping[str, int] = {"max_rounds": 100, "max_rolls": 50, "max_round_moves": 255}

#: A round limit parameter's value for no limit (OpenSpiel's parameters have no None).
NO_LIMIT = 0

#: Random seeds drawn from a probability sampler (``resample_from_infostate``).
SEED_SPACE = 2 ** 63


def game_name(preset: str) -> str:
    """The OpenSpiel name of ``preset``: ``pintas_<preset>``."""
    return PREFIX + registry.preset(preset).name


def register() -> tuple[str, ...]:
    """Register every preset with OpenSpiel (once; later calls change
    nothing) and give their names, in the registry's order."""
    known = set(pyspiel.registered_names())
    names = []
    for preset in registry.presets():
        name = PREFIX + preset.name
        if name not in known:
            game_type, factory = _game_of(preset)
            pyspiel.register_game(game_type, factory)
        names.append(name)
    return tuple(names)


# ---- the parameters of each preset ---------------------------------------------------


def _is_plain(value: object) -> bool:
    return isinstance(value, (bool, int, float, str))


@cache
def _parameters(name: str) -> Mapping[str, Any]:
    """The preset's OpenSpiel parameters and their defaults: each option the
    preset takes whose default is a plain value (the rules' own where the
    preset leaves it), the seats of a dice game, and the round limits a game
    needs to be bounded, for the preset called ``name`` (made once a preset:
    every game made copies them)."""
    preset = registry.preset(name)
    rules = preset.rules()
    defaults: dict[str, Any] = {}
    for option, value in preset.options.items():
        value = getattr(rules, option, None) if value is None else value
        if _is_plain(value):
            defaults[option] = value
    family = preset.family
    if not family.seats_from_rules:
        defaults["players"] = family.default_seats
    probe = family.new_game(rules, seats=family.seats(rules, defaults.get("players")))
    for option, limit in LIMITS.items():
        if option in preset.options:
            defaults[option] = limit if probe.max_length is None else NO_LIMIT
    return MappingProxyType(defaults)


def _rules_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The rules options of the parameters ``options``: a limit of
    :data:`NO_LIMIT` is none."""
    return {option: None if option in LIMITS and value == NO_LIMIT else value
            for option, value in options.items()}


def _game_of(preset: registry.Preset) -> tuple[pyspiel.GameType, type[pyspiel.Game]]:
    """The OpenSpiel game type of ``preset`` and the class OpenSpiel makes its games with."""
    family = preset.family
    # a dice game's seats are the game's, 1 to dice.MAX_PLAYERS
    fewest, most = ((family.seats(preset.rules()),) * 2 if family.seats_from_rules
                    else (1, dice.MAX_PLAYERS))
    game_type = pyspiel.GameType(
        short_name=PREFIX + preset.name,
        long_name=f"pintas {preset.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_parameters(preset.name)),
    )

    class Game(_Game):
        _PRESET = preset
        _TYPE = game_type

    Game.__name__ = Game.__qualname__ = f"Game_{preset.name}"
    return game_type, Game


# ---- the game, its states, its observer --------------------------------------------


class _Game(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no annotations
    """One preset with its parameters (a subclass per preset sets ``_PRESET``)."""

    _PRESET: registry.Preset
    _TYPE: pyspiel.GameType

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        options = {**_parameters(self._PRESET.name), **given}
        family = self._PRESET.family
        seats = options.pop("players") if not family.seats_from_rules else None
        try:
            self.rules = self._PRESET.rules(**_rules_options(options))
        except RulesError as error:
            raise pyspiel.SpielError(f"{PREFIX}{self._PRESET.name}: {error}") from error
        self.family = family
        self.seats = family.seats(self.rules, seats)
        # every new game a copy of this one: a copy costs a fifth of a new game
        self._fresh = probe = family.new_game(self.rules, seats=self.seats, chance="external")
        if probe.max_length is None:
            raise pyspiel.SpielError(f"{PREFIX}{self._PRESET.name}: the parameters {given} "
                                     f"leave the game's length unbounded")
        low, high = probe.utility_range
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.action_count,
            max_chance_outcomes=probe.chance_count,
            num_players=self.seats,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=probe.max_length,
        )
        super().__init__(self._TYPE, info, given)
        view = probe.view(0)
        self.observation_size = len(view.encode())
        self.view_type = type(view)

    def new_pintas_game(self) -> Any:
        """A fresh pintas game of the parameters, with external chance."""
        return self._fresh.copy()

    def new_initial_state(self) -> State:
        """The game before its first deal or roll."""
        return State(self, self.new_pintas_game())

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> Observer:
        """The observer of a seat's view (the same for observations and
        information states: see the module)."""
        if params:
            raise pyspiel.SpielError(f"the observer takes no parameters: got {dict(params)}")
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return Observer(self.view_type, self.observation_size, perfect_recall)


class State(pyspiel.State):  # type: ignore[misc]  # pyspiel has no annotations
    """A position of a pintas game: ``game`` is the pintas game itself (the
    referee's: it sees every hand)."""

    def __init__(self, game: _Game, pintas_game: Any) -> None:
        super().__init__(game)
        self.game = pintas_game

    def current_player(self) -> int:
        game = self.game
        if game.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        to_move = game.to_move
        return int(pyspiel.PlayerId.TERMINAL) if to_move is None else int(to_move)

    def _legal_actions(self, player: int) -> list[int]:
        return self.game.legal_indices()  # type: ignore[no-any-return]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game.chance_probabilities()  # type: ignore[no-any-return]

    def _apply_action(self, action: int) -> None:
        game = self.game
        if game.is_chance:
            game.play_chance(action)
        else:
            game.play_index(action)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.game
        if player == pyspiel.PlayerId.CHANCE:
            return str(game.chance_text(action))
        return str(self.get_game().family.move_type.from_index(action))

    def is_terminal(self) -> bool:
        return bool(self.game.is_over)

    def returns(self) -> list[float]:
        return list(self.game.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> State:
        """A state of a whole game consistent with what ``player_id`` knows,
        uniformly among them, its hidden tiles drawn with a seed from
        ``probability_sampler`` (a uniform sampler of [0, 1))."""
        seed = int(probability_sampler() * SEED_SPACE)
        world = self.game.view(player_id).sample_game(seed)
        return State(self.get_game(), world)

    def __str__(self) -> str:
        return str(self.game)

    def __repr__(self) -> str:
        return f"<{self.get_game()} state: {self.game!r}>"


class Observer:
    """A seat's view of a state as OpenSpiel's Python observers give it:
    ``tensor`` (float32) and ``dict`` (its one part, ``"view"``), set by
    :meth:`set_from`; strings by :meth:`string_from`. The tensor is written
    straight from the game's state by the game binding's observer (the very
    bytes ``View.encode`` gives), without building a view."""

    def __init__(self, view_type: Any, size: int, perfect_recall: bool) -> None:
        self._encoded = np.zeros(size, np.uint8)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor}
        self._observe = view_type._binding().Observer().observe
        self._perfect_recall = perfect_recall

    def set_from(self, state: State, player: int) -> None:
        self._observe(state.game, player, self._encoded)
        np.copyto(self.tensor, self._encoded)

    def string_from(self, state: State, player: int) -> str:
        view = state.game.view(player)
        if self._perfect_recall:
            return view.key().hex()  # type: ignore[no-any-return]
        return bytes(view.encode()).hex()
