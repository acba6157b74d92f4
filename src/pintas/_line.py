"""Where pintas 0.1 kept the line games' moves and events: pickles made then name it."""

from .domino._engine import Event, Move

__all__ = ["Event", "Move"]
