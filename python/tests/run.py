"""Run the MicroPython test suite (python/tests/test_*.py) on a target, from CPython.

    python python/tests/run.py unix [--micropython PATH]
    python python/tests/run.py mpy --micropython PATH --mpy python/build/x64/pintas.mpy
    python python/tests/run.py qemu [--firmware PATH]

unix: MicroPython's unix port with pintas built in (python/build/micropython).
mpy: a stock MicroPython (no pintas inside) that imports the native module.
qemu: the Cortex-M3 board MPS2-AN385 emulated by qemu-system-arm, each test
script sent over its UART with MicroPython's tools/pyboard.py (pyserial).

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


def jobs(expected: dict, board: bool) -> list[tuple[str, str]]:
    """(name, script) of every run: each test file with the data it reads."""
    common = (HERE / "common.py").read_text()
    out = []
    budget = BOARD_BUDGET if board else 0
    splits = {"test_vectors": ("vectors", 4 if board else 100),
              "test_games": ("random", 25 if board else 1000),
              "test_players": ("players", 4 if board else 1000)}
    for path in sorted(HERE.glob("test_*.py")):
        body = path.read_text()
        key, size = splits.get(path.stem, (None, 0))
        parts = chunks(expected[key], size) if key else [None]
        for i, part in enumerate(parts):
            data = {"budget": budget}
            if key:
                data[key] = part
            else:
                data.update({k: v for k, v in expected.items() if k in ("saves", "legacy")})
            script = "\n".join([common, "EXPECTED = " + repr(data), body, RUNNER])
            out.append((f"{path.stem}[{i}]" if len(parts) > 1 else path.stem, script))
    return out


def run_local(binary: str, script: str, env: dict[str, str]) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "job.py"
        path.write_text(script)
        done = subprocess.run([binary, "-X", "heapsize=8M", str(path)], capture_output=True,
                              text=True, env=env, timeout=900)
        return done.stdout + done.stderr


def run_board(firmware: str, script: str, mpy_dir: Path) -> str:
    qemu = ("execpty:qemu-system-arm -semihosting -machine mps2-an385 -nographic "
            f"-monitor null -serial pty -kernel {firmware}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "job.py"
        path.write_text(script)
        done = subprocess.run([sys.executable, str(mpy_dir / "tools" / "pyboard.py"), "-d", qemu,
                               str(path)], capture_output=True, text=True, timeout=1800)
        return (done.stdout + done.stderr).replace("\r\n", "\n")


def micropython_dir() -> Path:
    if os.environ.get("MICROPY_DIR"):
        return Path(os.environ["MICROPY_DIR"])
    found = sorted(BUILD.glob("micropython-*/py/mpconfig.h"))
    if not found:
        raise SystemExit("no MicroPython tree: run python/build.sh first or set MICROPY_DIR")
    return found[-1].parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=("unix", "mpy", "qemu"))
    parser.add_argument("--micropython", default=str(BUILD / "micropython"))
    parser.add_argument("--mpy", help="the native module to load (target mpy)")
    parser.add_argument("--firmware", default=str(BUILD / "firmware-mps2-an385.elf"))
    parser.add_argument("-k", help="run only the scripts whose name contains this")
    args = parser.parse_args()
    board = args.target == "qemu"
    expected = make_expected.build(quick=board)
    env = dict(os.environ)
    if args.target == "mpy":
        if not args.mpy:
            parser.error("target mpy needs --mpy")
        folder = tempfile.mkdtemp()
        Path(folder, "pintas.mpy").write_bytes(Path(args.mpy).read_bytes())
        env["MICROPYPATH"] = folder
    passed = failed = 0
    for name, script in jobs(expected, board):
        if args.k and args.k not in name:
            continue
        start = time.time()
        if board:
            output = run_board(args.firmware, script, micropython_dir())
        else:
            output = run_local(args.micropython, script, env)
        lines = output.splitlines()
        oks = [line for line in lines if line.startswith("ok ")]
        fails = [line for line in lines if line.startswith("FAIL ")]
        expected_tests = script.count("\ndef test_")
        if fails or len(oks) != expected_tests:
            failed += max(len(fails), 1)
            passed += len(oks)
            print(f"{name}: FAILED ({time.time() - start:.1f} s)")
            print("\n".join("    " + line for line in lines[-40:]))
        else:
            passed += len(oks)
            print(f"{name}: {len(oks)} ok ({time.time() - start:.1f} s)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
