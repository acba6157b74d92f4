"""Run the MicroPython test suite (python/tests/test_*.py) on a target, from CPython.

    python python/tests/run.py unix [--micropython PATH]
    python python/tests/run.py mpy --micropython PATH --mpy python/build/x64/pintas.mpy
    python python/tests/run.py qemu [--firmware PATH]
    python python/tests/run.py mpy-qemu --firmware STOCK.elf --mpy python/build/armv7m/pintas.mpy
    python python/tests/run.py mpy-qemu --firmware STOCK.elf --family domino \
        --mpy python/build/armv7m-domino/pintas.mpy

unix: MicroPython's unix port with pintas built in (python/build/micropython).
mpy: a stock MicroPython (no pintas inside) that imports the native module.
qemu: the Cortex-M3 board MPS2-AN385 emulated by qemu-system-arm, each test
script sent over its UART with MicroPython's tools/pyboard.py (pyserial).
mpy-qemu: that board with firmware built without pintas (build.sh qemu-stock),
which imports the armv7m native module: the .mpy is sent once over the UART
and served from RAM by a small filesystem, then every test script runs in the
same session.

CPython's pintas computes what every test expects (make_expected.py); each
test file becomes a script, common.py + EXPECTED + the test file, run on the
target, whose tests print "ok NAME" or "FAIL NAME". The board gets fewer games,
in scripts small enough for its heap. Prints "N passed, N failed" and exits 1
on any failure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUILD = HERE.parent / "build"
sys.path.insert(0, str(HERE))

import make_expected  # noqa: E402

# (a session of the board runs scripts one after the other in one namespace)
CLEAN = """
for _name in [k for k in globals() if k.startswith("test_")]:
    del globals()[_name]
"""

RUNNER = """
import gc
_failed = 0
for _name in sorted([k for k in globals() if k.startswith("test_")]):
    gc.collect()
    try:
        globals()[_name]()
        print("ok", _name)
    except Exception as _exc:
        _failed += 1
        print("FAIL", _name, repr(_exc))
        import sys
        sys.print_exception(_exc)
"""

# The bytes the dice solver may take on the board (dice.cap_for; docs/micropython.md).
BOARD_BUDGET = 112000


def chunks(items: list, size: int) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)] or [[]]


# The test files a one-family module (build.sh natmod-domino) runs, on its games' data.
FAMILY_TESTS = ("test_deals", "test_games", "test_logfree", "test_moves", "test_players",
                "test_rules", "test_table", "test_tiles", "test_vectors")


def for_family(expected: dict, family: str) -> dict:
    """What the tests expect, for one family's games only."""
    out = dict(expected)
    out["vectors"] = [v for v in expected["vectors"] if v["family"] == family]
    for key in ("random", "players"):
        out[key] = [entry for entry in expected[key] if entry[0] == family]
    out["books"] = {}
    out["book_checks"] = []
    return out


def jobs(expected: dict, board: bool, family: str | None = None) -> list[tuple[str, str]]:
    """(name, script) of every run: each test file with the data it reads."""
    if family:
        expected = for_family(expected, family)
    common = (HERE / "common.py").read_text()
    out = []
    budget = BOARD_BUDGET if board else 0
    splits = {"test_vectors": ("vectors", 4 if board else 100),
              "test_games": ("random", 12 if board else 1000),
              "test_players": ("players", 4 if board else 1000)}
    for path in sorted(HERE.glob("test_*.py")):
        if family and path.stem not in FAMILY_TESTS:
            continue
        body = path.read_text()
        key, size = splits.get(path.stem, (None, 0))
        parts = chunks(expected[key], size) if key else [None]
        for i, part in enumerate(parts):
            data = {"budget": budget}
            if key:
                data[key] = part
            if key == "players":  # the books of the chunk's dice games
                data["books"] = {p[1]: expected["books"][p[1]] for p in part if p[0] == "dice"}
                data["book_checks"] = expected["book_checks"] if i == 0 else []
                if i == 0:
                    data["books"].update({c[0]: expected["books"][c[0]]
                                          for c in expected["book_checks"]})
            else:
                data.update({k: v for k, v in expected.items() if k in ("saves", "legacy")})
            script = "\n".join([CLEAN, common, "EXPECTED = " + repr(data), body, RUNNER])
            out.append((f"{path.stem}[{i}]" if len(parts) > 1 else path.stem, script))
    return out


def run_local(binary: str, script: str, env: dict[str, str]) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "job.py"
        path.write_text(script)
        done = subprocess.run([binary, "-X", "heapsize=8M", str(path)], capture_output=True,
                              text=True, env=env, timeout=900)
        return done.stdout + done.stderr


# A read-only filesystem in the board's RAM holding one file: /pintas.mpy.
RAM_FS = """
import io, os, sys

class _File(io.IOBase):
    def __init__(self, data):
        self.data, self.pos = data, 0

    def readinto(self, buf):
        n = min(len(buf), len(self.data) - self.pos)
        buf[:n] = memoryview(self.data)[self.pos:self.pos + n]
        self.pos += n
        return n

    def ioctl(self, request, arg):
        return 0

class _FS:
    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def chdir(self, path):
        pass

    def stat(self, path):
        if path == "/pintas.mpy":
            return (0x8000, 0, 0, 0, 0, 0, len(_MPY), 0, 0, 0)
        raise OSError(2)

    def open(self, path, mode):
        if path != "/pintas.mpy":
            raise OSError(2)
        return _File(_MPY)

os.mount(_FS(), "/ram")
sys.path.insert(0, "/ram")
"""


def run_board_session(firmware: str, mpy: bytes | None, scripts: list[tuple[str, str]],
                      mpy_dir: Path) -> list[tuple[str, str]]:
    """Run every script in one session of the board: after a soft reset each
    (a fresh heap), or, with the native module, all after sending it once."""
    import base64

    sys.path.insert(0, str(mpy_dir / "tools"))
    import pyboard

    qemu = ("execpty:qemu-system-arm -semihosting -machine mps2-an385 -nographic "
            f"-monitor null -serial pty -kernel {firmware}")
    board = pyboard.Pyboard(qemu)
    outputs = []
    try:
        board.enter_raw_repl()
        if mpy is not None:
            board.exec_("import binascii\n_MPY = bytearray()")
            text = base64.b64encode(mpy).decode()
            for at in range(0, len(text), 8192):
                board.exec_(f"_MPY.extend(binascii.a2b_base64({text[at:at + 8192]!r}))")
            board.exec_(RAM_FS)
        for name, script in scripts:
            if mpy is None:
                board.enter_raw_repl()  # a soft reset: every script gets the whole heap
            try:
                out, err = board.exec_raw(script, timeout=900)
                out = (out + err).decode()
            except pyboard.PyboardError as exc:
                out = str(exc)
            outputs.append((name, out.replace("\r\n", "\n")))
    finally:
        board.close()
    return outputs


def micropython_dir() -> Path:
    if os.environ.get("MICROPY_DIR"):
        return Path(os.environ["MICROPY_DIR"])
    found = sorted(BUILD.glob("micropython-*/py/mpconfig.h"))
    if not found:
        raise SystemExit("no MicroPython tree: run python/build.sh first or set MICROPY_DIR")
    return found[-1].parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=("unix", "mpy", "qemu", "mpy-qemu"))
    parser.add_argument("--micropython", default=str(BUILD / "micropython"))
    parser.add_argument("--mpy", help="the native module to load (target mpy)")
    parser.add_argument("--firmware", default=str(BUILD / "firmware-mps2-an385.elf"))
    parser.add_argument("-k", help="run only the scripts whose name contains this")
    parser.add_argument("--family", choices=("domino",),
                        help="a one-family module (build.sh natmod-domino): its games' tests")
    args = parser.parse_args()
    board = args.target in ("qemu", "mpy-qemu")
    expected = make_expected.build(quick=board)
    env = dict(os.environ)
    if args.target == "mpy":
        if not args.mpy:
            parser.error("target mpy needs --mpy")
        folder = tempfile.mkdtemp()
        Path(folder, "pintas.mpy").write_bytes(Path(args.mpy).read_bytes())
        env["MICROPYPATH"] = folder
    passed = failed = 0
    selected = [(name, script) for name, script in jobs(expected, board, args.family)
                if not args.k or args.k in name]
    start = time.time()
    if board:
        if args.target == "mpy-qemu" and not args.mpy:
            parser.error("target mpy-qemu needs --mpy")
        mpy = Path(args.mpy).read_bytes() if args.target == "mpy-qemu" else None
        results = run_board_session(args.firmware, mpy, selected, micropython_dir())
    else:
        results = [(name, run_local(args.micropython, script, env)) for name, script in selected]
    print(f"({len(selected)} scripts in {time.time() - start:.1f} s)")
    scripts = dict(selected)
    for name, output in results:
        script = scripts[name]
        lines = output.splitlines()
        oks = [line for line in lines if line.startswith("ok ")]
        fails = [line for line in lines if line.startswith("FAIL ")]
        expected_tests = script.count("\ndef test_")
        if fails or len(oks) != expected_tests:
            failed += max(len(fails), 1)
            passed += len(oks)
            print(f"{name}: FAILED")
            print("\n".join("    " + line for line in lines[-40:]))
        else:
            passed += len(oks)
            print(f"{name}: {len(oks)} ok")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
