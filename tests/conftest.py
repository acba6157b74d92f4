"""Configuration of the pytest suites. Their helpers live in tests/support.py
and in each game's support module; LINE_CONFIGS is named here too, for the
suites that take it from here."""

from __future__ import annotations

from tests.domino.support import CONFIGS as LINE_CONFIGS

__all__ = ["LINE_CONFIGS"]
