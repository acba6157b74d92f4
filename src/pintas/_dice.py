"""Where pintas 0.1 kept the dice moves, events, keeps and solver: pickles made then name it."""

from .dice._engine import Event, Keep, Move
from .dice._search import solve_turn

__all__ = ["Event", "Keep", "Move", "solve_turn"]
