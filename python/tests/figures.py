"""Measure the figures of docs/micropython.md: flash, .mpy sizes, heap per game,
moves per second (MicroPython's unix port against CPython with the Cython
binding) and instructions per move on the emulated Cortex-M3 board.

    bash python/build.sh unix && bash python/build.sh qemu
    PINTAS_QEMU_HEAP=2097152 bash python/build.sh qemu-stock
    for a in x64 armv6m armv7m armv7emsp; do bash python/build.sh natmod $a; done
    bash python/build.sh natmod-domino armv7m
    python python/tests/figures.py
    python python/tests/figures.py --split   # where the board's instructions go

Needs CPython's pintas (the comparison) and qemu-system-arm. The board runs
with -icount shift=0: QEMU then advances the board's clock by 1 ns an
instruction, so the board's microsecond ticks count thousands of instructions.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUILD = HERE.parent / "build"
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

import run  # noqa: E402  (the test runner: where MicroPython's tools are)

# One loop on every implementation: whole games of uniformly random legal
# moves (random.Random(seed) on CPython, MT19937 in pintas on MicroPython).
LOOP = """
def setups():
    return {"dominican": lambda s: domino.Game(domino.Rules.dominican(), seed=s),
            "muggins-3": lambda s: domino.Game(domino.Rules.muggins(), seed=s),
            "caminos-3": lambda s: caminos.Game(caminos.Rules.base(), seed=s),
            "farkle-2": lambda s: dice.Game(dice.Rules.farkle(), players=2, seed=s)}

def loop(make, n, rng_of):
    moves, seed = 0, 0
    while moves < n:
        g = make(seed)
        rng = rng_of(seed)
        while not g.is_over and moves < n:
            g.play(rng.choice(g.legal_moves()))
            moves += 1
        seed += 1
    return moves
"""

# The C calls alone: legal() and play() on the game's bytearray, first move.
RAW_LOOP = """
def raw_loop(make, n):
    moves, seed = 0, 0
    while moves < n:
        g = make(seed)
        while not g.is_over and moves < n:
            _c.play(g._G, g._st, _c.legal(g._G, g._st)[0])
            moves += 1
        seed += 1
    return moves
"""

MICROPYTHON_BENCH = LOOP + """
import gc, time, pintas
from pintas import domino, caminos, dice
_c = pintas._c
""" + RAW_LOOP + """

def best(run, repeats):
    # the best of a few runs: the machine may be busy with other work
    times = []
    for _ in range(repeats):
        t = time.ticks_us()
        run()
        times.append(time.ticks_diff(time.ticks_us(), t))
    return min(times)

for name, make in setups().items():
    n = N
    api = best(lambda: loop(make, n, pintas._Random), REPEATS)
    raw = best(lambda: raw_loop(make, n), REPEATS)
    print("speed", name, n, api, raw)

"""

# One game a run (a fresh heap: no stale pointer on the C stack keeps garbage).
HEAP = LOOP + """
import gc, pintas
from pintas import domino, caminos, dice
make = setups()[NAME]
rng = pintas._Random(1)
gc.collect()
base = gc.mem_free()
g = make(1)
gc.collect()
made = base - gc.mem_free()
for _ in range(60):
    if g.is_over:
        break
    g.play(rng.choice(g.legal_moves()))
gc.collect()
print("heap", NAME, made, base - gc.mem_free())
"""

# A game made with log=False (its moves two bytes each in a bytearray, the
# round's events only), played for up to 1,000 moves: its heap beside that
# log (the two bytearrays' lengths) after 0, 60 and 1,000 moves, and the
# lengths. Long rules, so that the game lasts.
HEAP_FREE = """
import gc, pintas
from pintas import domino, caminos, dice
make = {"dominican": lambda: domino.Game(domino.Rules.dominican(target=1000), seed=1, log=False),
        "muggins-3": lambda: domino.Game(domino.Rules.muggins(target=1000), seed=1, log=False),
        "caminos-3": lambda: caminos.Game(caminos.Rules.base(), seed=1, log=False),
        "farkle-2": lambda: dice.Game(dice.Rules.farkle(target=50000), players=2, seed=1,
                                      log=False)}[NAME]
rng = pintas._Random(1)
gc.collect()
base = gc.mem_alloc()
g = make()
out = []
n = 0
for stop in (0, 60, 1000):
    while not g.is_over and n < stop:
        g.play(rng.choice(g.legal_moves()))
        n += 1
    gc.collect()
    out += [n, gc.mem_alloc() - base - len(g._log) - len(g._raw), len(g._log), len(g._raw)]
print("free", NAME, *out)
"""

IMPORT_COST = """
import gc
gc.collect()
a = gc.mem_free()
import pintas
gc.collect()
print("import", a - gc.mem_free())
import micropython
micropython.qstr_info()  # the names interned: their pools grow by doubling
"""


def size_of(paths: list[Path], tool: str = "arm-none-eabi-size") -> int:
    """text + data of object files or an ELF."""
    out = subprocess.run([tool, *map(str, paths)], capture_output=True, text=True,
                         check=True).stdout.splitlines()[1:]
    return sum(int(line.split()[0]) + int(line.split()[1]) for line in out)


def linked_sizes(map_file: Path) -> dict[str, int]:
    """Bytes each object file puts in the firmware, from the linker's map (the
    sections kept: the part after "Linker script and memory map")."""
    import re

    text = map_file.read_text()
    kept = text[text.index("Linker script and memory map"):]
    sizes: dict[str, int] = {}
    for match in re.finditer(r"^\s*(?:\.(?:text|rodata|data)\S*)?\s+0x[0-9a-f]+\s+(0x[0-9a-f]+)"
                             r"\s+(\S+\.o)$", kept, re.M):
        sizes[match.group(2)] = sizes.get(match.group(2), 0) + int(match.group(1), 16)
    return sizes


def flash() -> None:
    print("## Flash (MPS2-AN385 firmware, arm-none-eabi-size text + data)\n")
    full = size_of([BUILD / "firmware-mps2-an385.elf"])
    stock = size_of([BUILD / "firmware-mps2-an385-stock.elf"])
    print(f"- firmware without pintas: {stock} bytes; with pintas: {full} bytes; "
          f"added: {full - stock} bytes")
    linked = linked_sizes(sorted(BUILD.glob("qemu-build-*/firmware.map"))[0])
    groups = {"line games (domino)": "line", "Caminos": "caminos", "dice": "dice"}
    core = {name: size for name, size in linked.items() if "/csrc/" in name}
    for label, prefix in groups.items():
        size = sum(v for k, v in core.items() if Path(k).stem.startswith(prefix))
        print(f"- C core, {label}: {size} bytes (as linked)")
    shared = sum(v for k, v in core.items()
                 if not any(Path(k).stem.startswith(p) for p in groups.values()))
    print(f"- C core, shared (PRNG, tiles, engine tables): {shared} bytes")
    binding = sum(v for k, v in linked.items() if "/pintas/" in k and k.endswith(".o"))
    print(f"- the binding (modpintas.c, BLAKE2b, MT19937): {binding} bytes")
    mpy = subprocess.run([str(run.micropython_dir() / "mpy-cross" / "build" / "mpy-cross"),
                          "-march=armv7m", "-o", "/dev/stdout", str(HERE.parent / "pintas.py")],
                         capture_output=True, check=True).stdout
    print(f"- the Python layer pintas.py as bytecode (frozen): {len(mpy)} bytes\n")


def mpy_sizes() -> None:
    print("## Native modules (.mpy, core + binding + Python layer)\n")
    for arch in ("x64", "armv6m", "armv7m", "armv7emsp"):
        path = BUILD / arch / "pintas.mpy"
        if path.exists():
            print(f"- {arch}: {path.stat().st_size} bytes")
    print()


def run_micropython(script: str) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.py"
        path.write_text(script)
        return subprocess.run([str(BUILD / "micropython"), str(path)], capture_output=True,
                              text=True, check=True).stdout.splitlines()


def run_board(script: str) -> list[str]:
    qemu = ("execpty:qemu-system-arm -icount shift=0 -semihosting -machine mps2-an385 "
            f"-nographic -monitor null -serial pty -kernel {BUILD / 'firmware-mps2-an385.elf'}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.py"
        path.write_text(script)
        done = subprocess.run([sys.executable, str(run.micropython_dir() / "tools" / "pyboard.py"),
                               "-d", qemu, str(path)], capture_output=True, text=True,
                              timeout=1800)
        return done.stdout.replace("\r\n", "\n").splitlines()


def cpython_speed(n: int) -> dict[str, float]:
    import random

    from pintas import caminos, dice, domino

    space: dict[str, object] = {"domino": domino, "caminos": caminos, "dice": dice}
    exec(LOOP, space)
    out = {}
    for name, make in space["setups"]().items():  # type: ignore[operator]
        times = []
        for _ in range(5):  # the best of five: the machine may be busy with other work
            start = time.perf_counter()
            space["loop"](make, n, random.Random)  # type: ignore[operator]
            times.append(time.perf_counter() - start)
        out[name] = n / min(times)
    return out


def speed_and_heap() -> None:
    n = 20000
    unix = run_micropython(MICROPYTHON_BENCH.replace("n = N\n", f"n = {n}\n")
                           .replace("REPEATS", "5"))
    # (2,000 moves, the best of three runs: a garbage collection in the window
    # weighs less)
    board = run_board(MICROPYTHON_BENCH.replace("n = N\n", "n = 2000\n")
                      .replace("REPEATS", "3"))
    cpython = cpython_speed(n)
    print("## Speed: whole random games, the same loop everywhere\n")
    print("| game | CPython + Cython, moves/s | MicroPython unix, moves/s | "
          "unix, C calls alone | board, instructions/move | board, C calls alone |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    boards = {line.split()[1]: line.split() for line in board if line.startswith("speed")}
    for line in unix:
        if not line.startswith("speed"):
            continue
        _, name, moves, api, raw = line.split()
        b = boards.get(name)
        per = (f"{int(b[3]) * 1000 // int(b[2]):,}", f"{int(b[4]) * 1000 // int(b[2]):,}") \
            if b else ("?", "?")
        print(f"| {name} | {cpython[name]:,.0f} | {int(moves) * 1e6 / int(api):,.0f} | "
              f"{int(moves) * 1e6 / int(raw):,.0f} | {per[0]} | {per[1]} |")
    print("\n## Heap (gc.mem_free() before and after; bytes)\n")
    print("| game | unix: made | unix: after 60 moves | board: made | board: after 60 moves |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in ("dominican", "muggins-3", "caminos-3", "farkle-2"):
        script = HEAP.replace("NAME", repr(name))
        u = run_micropython(script)[-1].split()
        b = (run_board(script) or ["heap - ? ?"])[-1].split()
        print(f"| {name} | {u[2]} | {u[3]} | {b[2]} | {b[3]} |")
    print("\n## Heap of a game made with log=False, beside its log (bytes)\n")
    print("| game | board: made | board: after 60 moves | board: after N moves | N | "
          "moves' bytes | round's events' bytes | unix: after N moves |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in ("dominican", "muggins-3", "caminos-3", "farkle-2"):
        script = HEAP_FREE.replace("NAME", repr(name))
        u = run_micropython(script)[-1].split()
        b = (run_board(script) or ["free -" + " ?" * 12])[-1].split()
        print(f"| {name} | {b[3]} | {b[7]} | {b[11]} | {b[10]} | {b[12]} | {b[13]} | {u[11]} |")
    unix_import = run_micropython(IMPORT_COST)[0].split()[1]
    board_import = run_board(IMPORT_COST)
    board_import_cost = board_import[0].split()[1] if board_import else "?"
    print(f"\n- `import pintas` (frozen): {unix_import} bytes on unix (64-bit), "
          f"{board_import_cost} bytes on the board (32-bit)")
    # the native module on the board's stock firmware (a 2 MB heap: the file
    # itself is held in RAM by the runner's filesystem)
    for kind, label in (("armv7m", "pintas.mpy"), ("armv7m-domino", "domino-only pintas.mpy")):
        path = BUILD / kind / "pintas.mpy"
        if not path.exists():
            continue
        found = run.run_board_session(str(BUILD / "firmware-mps2-an385-stock.elf"),
                                      path.read_bytes(), [("import", IMPORT_COST)],
                                      run.micropython_dir())
        lines = found[0][1].splitlines()
        pools = [line for line in lines if line.startswith("qstr pool")]
        print(f"- `import pintas` from the armv7m {label} ({path.stat().st_size} bytes) "
              f"on the board: {lines[0].split()[1]} bytes ({pools[0] if pools else '?'})")
    print()


def native_parts() -> None:
    """Where a native module's bytes go: its code as kept by the relocatable
    link (only what mpy_init reaches), and its Python layer's bytecode."""
    print("## Native modules, armv7m: what is loaded into the heap (bytes)\n")
    print("| module | code (.text) | constants (.rodata, .data) | Python layer (bytecode) |")
    print("| --- | ---: | ---: | ---: |")
    for kind in ("armv7m", "armv7m-domino"):
        obj = BUILD / f"natmod-{kind}" / "obj"
        kept = obj / "pintas.kept.o"
        if not kept.exists():
            continue
        rows = subprocess.run(["arm-none-eabi-size", "-A", str(kept)], capture_output=True,
                              text=True, check=True).stdout.splitlines()
        sizes = {r.split()[0]: int(r.split()[1]) for r in rows if r.startswith(".")}
        code = sum(v for k, v in sizes.items() if k.startswith(".text"))
        data = sum(v for k, v in sizes.items() if k.startswith((".rodata", ".data")))
        py = sum(p.stat().st_size for p in obj.rglob("*.mpy") if p.name == "pintas.mpy")
        print(f"| {kind} | {code} | {data} | {py} |")
    print()
    # per source file, before the link keeps what mpy_init reaches
    objs = sorted((BUILD / "natmod-armv7m" / "obj").rglob("*.o"))
    objs = [o for o in objs if o.name not in ("pintas.kept.o", "pintas.all.o", "left_out.o")]
    if objs:
        rows = subprocess.run(["arm-none-eabi-size", *map(str, objs)], capture_output=True,
                              text=True, check=True).stdout.splitlines()[1:]
        sizes = sorted(((int(r.split()[0]) + int(r.split()[1]), Path(r.split()[5]).stem)
                        for r in rows), reverse=True)
        if not any(size for size, _ in sizes):
            # compiled for the link-time optimisation: no machine code yet
            print("(the objects hold no machine code before the link-time optimisation: "
                  "`PINTAS_LTO=0 bash python/build.sh natmod armv7m` for their sizes)\n")
            return
        print("| armv7m object (text + data, before the link) | bytes |")
        print("| --- | ---: |")
        for size, name in sizes:
            print(f"| {name} | {size} |")
        print()


# Where a move's instructions go on the board: QEMU runs the firmware one
# instruction a block (-singlestep -d exec,nochain) and logs each one's
# address, which the linker's map puts in a function of pintas's C (the core
# and the binding) or of MicroPython's. A run of N moves less a run of none;
# the board's idle wait for the UART, which varies from run to run, is left out.
SPLIT = LOOP + """
import pintas
from pintas import domino, caminos, dice
_c = pintas._c
""" + RAW_LOOP + """
if KIND == "api":
    loop(setups()[NAME], MOVES, pintas._Random)
else:
    raw_loop(setups()[NAME], MOVES)
"""
IDLE = ("uart_rx_chr", "mp_hal_stdin_rx_chr", "mp_hal_delay_ms")


def code_ranges(map_file: Path) -> list[tuple[int, int, str, bool]]:
    """(start, end, function, pintas's) of every function in the firmware, from
    the linker's map (one section a function)."""
    import re

    text = map_file.read_text()
    kept = text[text.index("Linker script and memory map"):]
    ranges: list[tuple[int, int, str, bool]] = []
    section = ""
    for line in kept.splitlines():
        alone = re.match(r"^ (\.text\S*)\s*$", line)
        if alone:
            section = alone.group(1)
            continue
        found = re.match(r"^ ?(\.text\S*)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.o)$", line)
        if found and (found.group(1) or section) and int(found.group(3), 16):
            start = int(found.group(2), 16)
            ranges.append((start, start + int(found.group(3), 16),
                           (found.group(1) or section)[6:],
                           "/csrc/" in found.group(4) or "pintas/" in found.group(4)))
        section = ""
    return sorted(ranges)


def traced(script: str, ranges: list[tuple[int, int, str, bool]]) -> dict[str, int]:
    """Instructions the board runs for script, by function ("C " + name for
    pintas's)."""
    import bisect
    import os
    import threading

    starts = [r[0] for r in ranges]
    counts: dict[bytes, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "exec.log"
        os.mkfifo(log)

        def read() -> None:
            with open(log, "rb", buffering=1 << 20) as f:
                for line in f:
                    if line.startswith(b"Trace"):
                        pc = line.split(b"/", 2)[1]
                        counts[pc] = counts.get(pc, 0) + 1

        reader = threading.Thread(target=read)
        reader.start()
        qemu = ("execpty:qemu-system-arm -icount shift=0 -semihosting -machine mps2-an385 "
                f"-singlestep -d exec,nochain -D {log} -nographic -monitor null -serial pty "
                f"-kernel {BUILD / 'firmware-mps2-an385.elf'}")
        path = Path(tmp) / "split.py"
        path.write_text(script)
        subprocess.run([sys.executable, str(run.micropython_dir() / "tools" / "pyboard.py"),
                        "-d", qemu, str(path)], capture_output=True, check=True, timeout=3000)
        reader.join()
    out: dict[str, int] = {}
    for pc, n in counts.items():
        at = bisect.bisect_right(starts, int(pc, 16)) - 1
        name = "?"
        if at >= 0 and int(pc, 16) < ranges[at][1]:
            name = ("C " if ranges[at][3] else "") + ranges[at][2]
        if name not in IDLE:
            out[name] = out.get(name, 0) + n
    return out


def split(moves: int = 300) -> None:
    print("## Board: where a move's instructions go (pintas's C, MicroPython's)\n")
    print("| game | loop | instructions a move | pintas's C (core, binding) | MicroPython |")
    print("| --- | --- | ---: | ---: | ---: |")
    ranges = code_ranges(sorted(BUILD.glob("qemu-build-*/firmware.map"))[0])
    for name in ("dominican", "muggins-3", "caminos-3", "farkle-2"):
        for kind, label in (("api", "the API's"), ("raw", "C calls alone")):
            script = SPLIT.replace("NAME", repr(name)).replace("KIND", repr(kind))
            done = traced(script.replace("MOVES", str(moves)), ranges)
            none = traced(script.replace("MOVES", "0"), ranges)
            diff = {k: done.get(k, 0) - none.get(k, 0) for k in done}
            total = sum(diff.values()) / moves
            c = sum(v for k, v in diff.items() if k.startswith("C ")) / moves
            print(f"| {name} | {label} | {total:,.0f} | {c:,.0f} | {total - c:,.0f} |")
    print()


if __name__ == "__main__":
    if sys.argv[1:] == ["--split"]:
        split()
        sys.exit()
    flash()
    mpy_sizes()
    native_parts()
    speed_and_heap()
