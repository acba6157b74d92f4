from collections.abc import Sequence

WHOLE: int
FLAG: int
CHOICE: int
LIMIT: int

Setting = tuple[str, str, int, int, int, tuple[str, ...], int, int]

def settings(family: int) -> tuple[Setting, ...]: ...
RANGE: int
TYPE: int
UNKNOWN: int

def core_values(family: int, rules: object) -> tuple[int, ...]: ...
def refusal(family: int, given: Sequence[object]) -> tuple[int, str, int] | None: ...

NO_LIMITS: int

Seating = tuple[str, int, bool]

def presets(family: int) -> tuple[tuple[str, tuple[str, ...], tuple[Seating, ...]], ...]: ...
def preset_settings(family: int, preset: int) -> dict[str, object]: ...
def preset_refusal(family: int, preset: int, refused: Sequence[str],
                   hints: Sequence[str | None], flags: int = ...) -> str: ...
