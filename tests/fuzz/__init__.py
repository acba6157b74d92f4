"""Property-based tests: no Python value can crash the process or slip through.

Every public and private callable of the games, views, moves, events, rules,
deals, paths and players is called with arbitrary values, and views, moves,
deals, rules and saves are built from arbitrary values (by hand, by
``dataclasses.replace``, from bytes). Only a :class:`~pintas.errors.PintasError`
or a TypeError may escape, and a refused call leaves the game as it was.

The suites run a modest number of examples (a few tens of seconds in all).
The default profile draws the same examples every run;
``HYPOTHESIS_PROFILE=random`` draws new ones, and
``HYPOTHESIS_PROFILE=long python -m pytest tests/fuzz`` runs the long profile,
a hundred times as many.
"""
