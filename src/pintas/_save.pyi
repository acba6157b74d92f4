from typing import Any

FORMAT: int
HEADER_SIZE: int
CHECKSUM_SIZE: int
MAC_SIZE: int
KEYED: int
MAX_SAVE_SIZE: int

def write(game: Any, key: bytes | None = None, version: int = ...) -> bytes: ...
def read(cls: type[Any], data: bytes | bytearray | memoryview,
         key: bytes | None = None) -> Any: ...
