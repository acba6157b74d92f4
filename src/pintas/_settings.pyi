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
