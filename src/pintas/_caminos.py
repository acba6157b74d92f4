"""Where pintas 0.1 kept Caminos' moves and events: pickles made then name it."""

from .caminos._engine import Event, Move

__all__ = ["Event", "Move"]
