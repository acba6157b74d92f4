#!/usr/bin/env bash
# boards/run.sh - the core on emulated Cortex-M boards (docs/embedded.md).
#
#  1. cross-builds the core alone (cmake/arm-none-eabi.cmake, -Os, -Werror)
#     for cortex-m0plus and cortex-m4, and as docs/embedded.md copies it into
#     an Arduino sketch; prints its flash per game (M0+);
#  2. builds the firmware example (game.c), the conformance program and the
#     measuring program for the host, for QEMU's mps2-an385 (Cortex-M3) and
#     for QEMU's microbit (Cortex-M0, 16 KiB of RAM);
#  3. runs them: each board must reach its exit with status 0 before a
#     timeout, and print the same lines as the host but the first (the
#     board's name); the conformance program's dice solver may say "skipped"
#     where the board has no RAM for it, nothing else may differ;
#  4. prints the measuring program's figures (run under -icount shift=0, so
#     that times are instructions) and how long each board took.
#
# Usage: boards/run.sh [-b BUILD_DIR] [-t TIMEOUT_SECONDS]
#   -b  keep the builds and outputs in BUILD_DIR (default: a temporary
#       directory, removed at the end)
#   -t  the longest a board may run one program (default 300 s)
#
# Needs cmake, a host C compiler and, on Debian or Ubuntu (installed by
# nothing here):
#   apt-get install --no-install-recommends gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=""
limit=300
while getopts "b:t:" opt; do
  case $opt in
    b) build=$OPTARG ;;
    t) limit=$OPTARG ;;
    *) sed -n '/^# Usage/,/^#       directory/p' "$0"; exit 2 ;;
  esac
done
if [ -z "$build" ]; then
  build=$(mktemp -d)
  trap 'rm -rf "$build"' EXIT
fi
mkdir -p "$build"
build=$(cd "$build" && pwd)
toolchain=$root/cmake/arm-none-eabi.cmake
jobs=2

for tool in cmake arm-none-eabi-gcc arm-none-eabi-size qemu-system-arm timeout; do
  command -v "$tool" >/dev/null || { echo "boards/run.sh: $tool is missing (see the header)"; exit 1; }
done

step() { printf '\n== %s\n' "$*"; }

# cmake_build DIR ARGS...: configure (quietly) and build; warnings fail the
# core's build by -Werror, and the programs' by their own -Werror.
cmake_build() {
  local dir=$1
  shift
  cmake "$@" -B "$dir" >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; return 1; }
  cmake --build "$dir" -j "$jobs" >"$dir.build.log" 2>&1 || { cat "$dir.build.log"; return 1; }
  if grep -i "warning" "$dir.build.log"; then
    echo "warnings in $dir"
    return 1
  fi
}

step "the core alone, cross-compiled with -Werror"
for cpu in cortex-m0plus cortex-m4; do
  cmake_build "$build/core-$cpu" -S "$root" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DPINTAS_ARM_CPU=$cpu
  echo "ok $cpu: $(arm-none-eabi-size -t "$build/core-$cpu/libpintas.a" | tail -n 1 | awk '{print $1}') bytes of code"
done

step "the Arduino layout (docs/embedded.md): csrc copied into a sketch's src/, no include path"
sketch=$build/arduino/sketch
rm -rf "$build/arduino"
mkdir -p "$sketch/src/pintas/pintas" "$build/arduino/obj"
cp "$root"/csrc/*.c "$root"/csrc/*.h "$sketch/src/pintas/"
cp "$root"/csrc/include/pintas/*.h "$sketch/src/pintas/pintas/"
for src in "$sketch"/src/pintas/*.c; do
  arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -Os -std=gnu11 -Wall -Wextra -Werror \
    -c "$src" -o "$build/arduino/obj/$(basename "$src" .c).o"
done
cat >"$sketch/sketch.cpp" <<'EOF'
extern "C" {
#include "src/pintas/pintas/pintas.h"
}
static pintas_line_state game;
int start_game(unsigned long seed)
{
    pintas_line_rules rules;
    static pintas_line_event events[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0;
    pintas_line_rules_preset(&rules, PINTAS_LINE_DOMINICAN, 4, 1);
    return pintas_line_new(&game, &rules, seed, events, PINTAS_LINE_MAX_EVENTS, &n);
}
EOF
if command -v arm-none-eabi-g++ >/dev/null; then
  arm-none-eabi-g++ -mcpu=cortex-m0plus -mthumb -Os -std=gnu++11 -Wall -Wextra -Werror \
    -c "$sketch/sketch.cpp" -o "$build/arduino/obj/sketch.o"
  echo "ok: the core's C files and a C++ sketch that includes pintas.h"
else
  echo "ok: the core's C files (no arm-none-eabi-g++ for the C++ sketch)"
fi

step "flash per game: the core's objects, cortex-m0plus, -Os (arm-none-eabi-size, text + data)"
objects=$build/core-cortex-m0plus/CMakeFiles/pintas_core.dir/csrc
counted="" whole=0
flash() { # NAME FILE...: the objects' text + data
  local name=$1 total=0 f
  shift
  for f in "$@"; do
    total=$((total + $(arm-none-eabi-size "$objects/$f.c.obj" | awk 'NR == 2 {print $1 + $2}')))
  done
  counted="$counted $*" whole=$((whole + total))
  printf '  %-44s %6d B  (%s)\n' "$name" "$total" "$*"
}
flash "shared by every game" common rng tiles settings
flash "line games: rules, play, save/load" line line_save
flash "line games: search bots (search, infer)" line_search line_infer
flash "line games: batch simulation" line_sim
flash "Caminos: rules, play, save/load" caminos caminos_save
flash "Caminos: search bots" caminos_search
flash "Caminos: batch simulation" caminos_sim
flash "dice: scoring, play, save/load" dice_score dice_game
flash "dice: the optimal-policy solver" dice_solve
flash "dice: the policy book reader" dice_book
flash "dice: playing to win (2 players)" dice_win
flash "engine tables, actions, observations" engine actions observe observe_state
flash "hashes: BLAKE2b, SHA-256, HMAC, MT19937" hash
flash "saves: the container, each game's part, texts" save save_line save_caminos save_dice save_text
flash "notation, why a move or a deal is refused" deal notation notation_line notation_caminos notation_dice notation_tables \
  line_why caminos_why dice_why
flash "views of a seat" line_view caminos_view dice_view
flash "exact determinization of a view" determinize
flash "players: random, greedy, suit; dice" line_players caminos_players caminos_pick dice_players
flash "texts of events and words" texts line_texts caminos_texts dice_texts
flash "many games at once, for training (a host's)" vector
# Every object of the core is on one line above, so the lines add up to the whole.
for f in "$objects"/*.c.obj; do
  case " $counted " in
    *" $(basename "$f" .c.obj) "*) ;;
    *) echo "boards/run.sh: $(basename "$f" .c.obj).c is on no flash line"; exit 1 ;;
  esac
done
printf '  %-44s %6d B\n' "the whole core" "$whole"

step "flash per game: linked from the core for cortex-m0plus with --gc-sections (compiler runtime, memcpy/memset included)"
linked() { # NAME SYMBOL...: text + data of a program made of what SYMBOL... need
  local name=$1 roots=() s
  shift
  for s in "$@"; do roots+=("-Wl,--undefined=$s"); done
  arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -nostartfiles --specs=nano.specs -Wl,--gc-sections \
    -Wl,--entry="$1" "${roots[@]}" "$build/core-cortex-m0plus/libpintas.a" -o "$build/linked.elf"
  printf '  %-52s %6d B\n' "$name" "$(arm-none-eabi-size "$build/linked.elf" | awk 'NR == 2 {print $1 + $2}')"
}
play="new legal check play"
save="save load"
with() { local game=$1 f; shift; for f in "$@"; do printf 'pintas_%s_%s ' "$game" "$f"; done; }
# shellcheck disable=SC2046
{
  linked "line games (Muggins, Capicua, Dominican): play" $(with line rules_preset $play)
  linked "line games: play, state image save, load" $(with line rules_preset $play $save)
  linked "line games: play, save, load, search bot" $(with line rules_preset $play $save search)
  linked "Caminos: play" $(with caminos rules_preset $play)
  linked "Caminos: play, save, load" $(with caminos rules_preset $play $save)
  linked "Caminos: play, save, load, search bot" $(with caminos rules_preset $play $save search)
  linked "dice (Dice of Doom, Farkle): play" $(with dice rules_dice_of_doom rules_farkle $play)
  linked "dice: play, save, load" $(with dice rules_dice_of_doom rules_farkle $play $save)
  linked "dice: play, save, load, solver and policy" \
    $(with dice rules_dice_of_doom rules_farkle $play $save solve solve_workspace_size \
      policy_best_keep policy_should_bank)
  linked "dice: play from a policy book" \
    $(with dice rules_dice_of_doom rules_farkle $play book_open book_choose)
  linked "every game through the engine tables" pintas_line_engine pintas_caminos_engine pintas_dice_engine
  linked "line games: play, whole checksummed saves (pintas_save_line_part)" \
    $(with line rules_preset $play) pintas_save_write_part pintas_save_load_part pintas_save_line_part
  linked "line games: play, saves, notation, refusals, views, suit player" \
    $(with line rules_preset $play move_parse parse_in move_print why refusal_text record_clear \
      record_update view_of suit_weights_for suit_choose) \
    pintas_save_write_part pintas_save_load_part pintas_save_line_part
  linked "Caminos: the same" \
    $(with caminos rules_preset $play move_parse parse_in move_print why refusal_text record_start \
      record_update view_of suit_weights_default suit_choose) \
    pintas_save_write_part pintas_save_load_part pintas_save_caminos_part
  linked "any game's saves (pintas_save_write, pintas_save_load)" pintas_save_write pintas_save_load
}

step "the programs: host, mps2-an385 (cortex-m3), microbit (cortex-m0)"
cmake_build "$build/host" -S "$root/boards"
echo "ok host"
cmake_build "$build/mps2-an385" -S "$root/boards" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
  -DPINTAS_ARM_CPU=cortex-m3 -DPINTAS_BOARD=mps2-an385
echo "ok mps2-an385"
cmake_build "$build/microbit" -S "$root/boards" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
  -DPINTAS_ARM_CPU=cortex-m0 -DPINTAS_BOARD=microbit
echo "ok microbit"
for board in mps2-an385 microbit; do
  echo "$board (text data bss, bytes):"
  for program in game conformance measure; do
    arm-none-eabi-size "$build/$board/$program.elf" | awk -v p="$program" 'NR == 2 {printf "  %-12s %7d %5d %6d\n", p, $1, $2, $3}'
  done
done

# run_board BOARD PROGRAM [QEMU ARGS...]: run PROGRAM.elf on BOARD, output in
# $build/BOARD.PROGRAM.txt; fails unless QEMU exits with status 0 in time.
run_board() {
  local board=$1 program=$2 start end status=0
  shift 2
  start=$(date +%s.%N)
  timeout "$limit" qemu-system-arm -M "$board" -nographic \
    -semihosting-config enable=on,target=native "$@" \
    -kernel "$build/$board/$program.elf" </dev/null >"$build/$board.$program.txt" 2>&1 || status=$?
  end=$(date +%s.%N)
  seconds=$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", b - a}')
  if [ "$status" != 0 ]; then
    tail -n 20 "$build/$board.$program.txt"
    if [ "$status" = 124 ]; then
      echo "$board: $program did not reach its exit in ${limit}s"
    else
      echo "$board: $program exited with status $status"
    fi
    return 1
  fi
}

# same_lines HOST BOARD: the same lines but the first; a board's line
# "KEY: skipped: ..." stands for the host's line "KEY: ...".
same_lines() {
  local host=$1 board=$2
  if [ "$(wc -l <"$host")" != "$(wc -l <"$board")" ]; then
    echo "$(wc -l <"$board") lines on the board, $(wc -l <"$host") on the host:"
    diff <(sed 1d "$host") <(sed 1d "$board") | head -n 20
    return 1
  fi
  paste -d '\n' <(sed 1d "$host") <(sed 1d "$board") | awk '
    NR % 2 == 1 { host = $0; next }
    $0 != host {
      key = $0
      if (sub(/: skipped: .*/, "", key) && index(host, key ": ") == 1) { skipped++; next }
      printf "differs:\n  host:  %s\n  board: %s\n", host, $0
      bad = 1
    }
    END { if (skipped) printf "  (%d lines skipped on the board)\n", skipped; exit bad }'
}

step "host"
"$build/host/game" >"$build/host.game.txt"
"$build/host/conformance" >"$build/host.conformance.txt"
"$build/host/measure" >"$build/host.measure.txt"
echo "ok: $(sed -n 2p "$build/host.conformance.txt")"

failed=0
for board in mps2-an385 microbit; do
  step "$board"
  for program in game conformance; do
    if run_board "$board" "$program" && same_lines "$build/host.$program.txt" "$build/$board.$program.txt"; then
      echo "ok $program: the host's lines, ${seconds}s"
    else
      echo "FAILED: $program on $board"
      failed=1
    fi
  done
  if run_board "$board" measure -icount shift=0; then
    echo "measure (-icount shift=0), ${seconds}s:"
    sed 1d "$build/$board.measure.txt"
  else
    echo "FAILED: measure on $board"
    failed=1
  fi
done

echo
if [ "$failed" != 0 ]; then
  echo "boards: FAILED"
  exit 1
fi
echo "boards: ok (the core builds for Cortex-M0+/M4, and the boards print what the host prints)"
