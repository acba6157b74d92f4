from typing import TypeVar

GameT = TypeVar("GameT")

FORMAT: int
HEADER_SIZE: int
CHECKSUM_SIZE: int
MAC_SIZE: int
KEYED: int
MAX_SAVE_SIZE: int

def write(game: object, key: bytes | None = None, version: int = ...) -> bytes: ...
def read(cls: type[GameT], data: bytes | bytearray | memoryview,
         key: bytes | None = None) -> GameT: ...
