#!/usr/bin/env bash
# Build pintas for MicroPython (docs/micropython.md):
#
#   bash python/build.sh unix          MicroPython's unix port with pintas built in:
#                                      python/build/micropython
#   bash python/build.sh stock         the same port without pintas (to load the .mpy):
#                                      python/build/micropython-stock
#   bash python/build.sh qemu          firmware of the Cortex-M3 board MPS2-AN385 (QEMU):
#                                      python/build/firmware-mps2-an385.elf
#   bash python/build.sh qemu-stock    the same firmware without pintas (to weigh it):
#                                      python/build/firmware-mps2-an385-stock.elf
#   bash python/build.sh natmod ARCH   the dynamic native module for ARCH (x64, armv6m,
#                                      armv7m, armv7emsp, ...): python/build/ARCH/pintas.mpy
#   bash python/build.sh natmod-domino ARCH
#                                      the same with the domino games only:
#                                      python/build/ARCH-domino/pintas.mpy
#
# A MicroPython source tree is taken from MICROPY_DIR; when it is not set, the
# release tarball is unpacked into python/build/ from PINTAS_MICROPYTHON_TARBALL
# (default: ../shared/vendor/micropython-1.28.0.tar.gz next to the repository).
# Builds run with `nice` and at most JOBS (default 2) jobs.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=$here/build
jobs=${JOBS:-2}
mkdir -p "$out"

# mpy_ld aims the module's entry jump at mpy_init as if the binding's code
# began right after that jump (4 bytes on Arm); code aligned to 8 (a double
# constant in a literal pool does it) starts 4 bytes later and the board jumps
# into the wrong place. Refuse to build such a module.
check_entry_jump() {
  case $1 in armv*) ;; *) return 0 ;; esac
  local align
  align=$(arm-none-eabi-readelf -SW "$2" | awk '$0 ~ / \.text  / {print $NF}')
  if [ "${align:-0}" -gt 4 ]; then
    echo "modpintas.c's code is aligned to $align bytes (a double constant?): the native module's entry jump would miss mpy_init" >&2
    exit 1
  fi
}

usage() {
  sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
}

# The MicroPython tree: MICROPY_DIR, or the tarball unpacked once.
micropython_dir() {
  if [ -n "${MICROPY_DIR:-}" ]; then
    (cd "$MICROPY_DIR" && pwd)
    return
  fi
  local tarball=${PINTAS_MICROPYTHON_TARBALL:-$root/../shared/vendor/micropython-1.28.0.tar.gz}
  local name
  name=$(basename "$tarball" .tar.gz)
  if [ ! -f "$out/$name/py/mpconfig.h" ]; then
    [ -f "$tarball" ] || { echo "no MicroPython tree: set MICROPY_DIR or PINTAS_MICROPYTHON_TARBALL" >&2; exit 1; }
    rm -rf "${out:?}/$name"
    tar -xzf "$tarball" -C "$out"
  fi
  echo "$out/$name"
}

mpy=$(micropython_dir)
make_() { nice -n 10 make -j"$jobs" "$@"; }

# A manifest freezes the Python layer (python/pintas.py) beside MicroPython's own;
# manifest checks want MPY_LIB_DIR to hold a README.md (the micropython-lib
# submodule is not needed).
lib_dir=$out/mpy-lib
mkdir -p "$lib_dir"
[ -f "$lib_dir/README.md" ] || echo "micropython-lib is not used by this build" >"$lib_dir/README.md"

mpy_cross() {
  [ -x "$mpy/mpy-cross/build/mpy-cross" ] || make_ -C "$mpy/mpy-cross" >/dev/null
}

# unix: the standard variant without what needs git submodules (ffi, btree, ssl).
unix_port() { # $1: build dir name, $2: with pintas (1/0)
  local manifest=$out/manifest-$1.py
  {
    echo 'include("$(MPY_DIR)/extmod/asyncio")'
    [ "$2" = 1 ] && echo "module(\"pintas.py\", base_path=\"$here\")"
  } >"$manifest"
  local modules=()
  [ "$2" = 1 ] && modules=(USER_C_MODULES="$here/modules")
  make_ -C "$mpy/ports/unix" BUILD="$out/$1" FROZEN_MANIFEST="$manifest" MPY_LIB_DIR="$lib_dir" \
    MICROPY_PY_FFI=0 MICROPY_PY_BTREE=0 MICROPY_PY_SSL=0 MICROPY_SSL_AXTLS=0 \
    MICROPY_SSL_MBEDTLS=0 "${modules[@]}" >/dev/null
}

case "${1:-}" in
  unix)
    mpy_cross
    unix_port unix-build 1
    cp "$out/unix-build/micropython" "$out/micropython"
    echo "$out/micropython"
    ;;
  stock)
    mpy_cross
    unix_port stock-build 0
    cp "$out/stock-build/micropython" "$out/micropython-stock"
    echo "$out/micropython-stock"
    ;;
  qemu | qemu-stock)
    mpy_cross
    # A heap of 256 KB, what a board such as a Raspberry Pi Pico 2 or an ESP32
    # gives MicroPython (the port's default is 140 KB; the emulated board has 4 MB).
    heap=${PINTAS_QEMU_HEAP:-262144}
    if [ "$1" = qemu ]; then
      manifest=$out/manifest-qemu.py
      echo "module(\"pintas.py\", base_path=\"$here\")" >"$manifest"
      with=(FROZEN_MANIFEST="$manifest" USER_C_MODULES="$here/modules")
      name=firmware-mps2-an385.elf
    else
      with=(FROZEN_MANIFEST=)
      name=firmware-mps2-an385-stock.elf
    fi
    # (one build folder per kind and heap size: make does not rebuild on a changed -D)
    make_ -C "$mpy/ports/qemu" BOARD=MPS2_AN385 BUILD="$out/$1-build-$heap" \
      MPY_LIB_DIR="$lib_dir" MICROPY_HEAP_SIZE="$heap" "${with[@]}" >/dev/null
    cp "$out/$1-build-$heap/firmware.elf" "$out/$name"
    echo "$out/$name"
    ;;
  natmod | natmod-domino)
    arch=${2:-}
    [ -n "$arch" ] || usage
    mpy_cross
    family=all
    kind=$arch
    if [ "$1" = natmod-domino ]; then
      family=domino
      kind=$arch-domino
    fi
    mkdir -p "$out/$kind"
    # From scratch (the native-module rules do not follow the headers), in the
    # build folder: the .mpy and mpy_ld's cache are written where make runs.
    dir=$out/natmod-$kind
    rm -rf "${dir:?}"
    mkdir -p "$dir"
    cp "$here/natmod/Makefile" "$dir/Makefile"
    # the module's Python layer: pintas.py without the dice solver's part (the
    # module has no solver unless PINTAS_SOLVER=1), and in the domino-only
    # module without its Caminos and dice part either
    py=$dir/py/pintas.py
    mkdir -p "$dir/py"
    cut=(-e '')
    [ "${PINTAS_SOLVER:-0}" = 1 ] || cut+=(-e '/^#- the dice solver/,/^#- end of the dice solver/d')
    [ "$family" = domino ] && cut+=(-e '/^#- caminos, dice/,/^#- end of the games/d')
    sed "${cut[@]}" "$here/pintas.py" >"$py"
    make_ -C "$dir" MPY_DIR="$mpy" ARCH="$arch" BUILD="$dir/obj" PINTAS_ROOT="$root" \
      PINTAS_FAMILY="$family" PINTAS_PY="$py" >/dev/null
    check_entry_jump "$arch" "$dir/obj/pintas.kept.o"
    mv "$dir/pintas.mpy" "$out/$kind/pintas.mpy"
    echo "$out/$kind/pintas.mpy"
    ;;
  *)
    usage
    ;;
esac
