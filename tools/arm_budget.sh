#!/usr/bin/env bash
# Cross-compiles the C core for Cortex-M0+ and Cortex-M4 and checks the
# firmware budgets of docs/c-api.md ("Memory and stack budgets"):
#   - the worst stack of every public function on M0+ (tools/stack_budget.py
#     over gcc's -fstack-usage / -fcallgraph-info=su output): 2048 bytes, 4096
#     for the searches;
#   - what each object leaves undefined: memcpy and memset, the core's own
#     functions, and the compiler's runtime helpers for division and 64-bit
#     multiplication, never a 64-bit shift helper (__aeabi_llsl, __aeabi_llsr,
#     __aeabi_lasr); soft double helpers only in the dice solvers
#     (dice_solve.o, dice_win.o), the players (*_players.o) and the line
#     games' stronger search (line_infer.o).
# It also prints the code size of each object and, for 32-bit ARM, the size
# of every state and workspace struct (read from the symbol sizes of a probe
# object, so nothing has to run on the target); and, when qemu-system-arm is
# installed, the dice workspaces and policy books measured on an emulated
# Cortex-M (ARM_BUDGET_QEMU=0 skips that).
#
#   bash tools/arm_budget.sh OUTDIR
#
# OUTDIR gets cortex-m0plus/ and cortex-m4/ with the objects, .su and .ci
# files. Needs arm-none-eabi-gcc (12 or later) and python3; exits non-zero if a
# budget or a check fails. Environment: CC (default arm-none-eabi-gcc), NM,
# SIZE, PYTHON.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: bash tools/arm_budget.sh OUTDIR" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
CC=${CC:-arm-none-eabi-gcc}
NM=${NM:-arm-none-eabi-nm}
SIZE=${SIZE:-arm-none-eabi-size}
PYTHON=${PYTHON:-python3}
cd "$root"

flags=(-mthumb -Os -ffreestanding -std=c99 -Wall -Wextra -pedantic -Werror
       -fstack-usage -fcallgraph-info=su -Icsrc/include)
failed=0

for cpu in cortex-m0plus cortex-m4; do
  dir="$out/$cpu"
  rm -rf "$dir"
  mkdir -p "$dir"
  for src in csrc/*.c; do
    "$CC" -mcpu="$cpu" "${flags[@]}" -c "$src" -o "$dir/$(basename "$src" .c).o"
  done
done

echo "==== worst stack per public function, cortex-m0plus -Os"
# The saves call each game's engine and codec through tables of pointers:
# what those calls reach is what the tables hold (engine.c's adapters, the
# codecs of save_<game>.c; a tile game's start, its engine's start). The log
# callback is the host's, bounded here as if it were the core's worst. The
# notation's shared printers call each game's move text (notation_<game>.c:
# move_ok, put_move, fits, put_own) through its pintas__move_text. The
# tile games' masks list and number their moves through actions.c's own
# wrappers of each game's legal() and action().
reach=(--indirect '^actions\.c:tile_mask$=^csrc/actions\.c:(line|caminos)_(list|action)$'
       --indirect 'save\.c:pintas__start_tile_game$=^csrc/engine\.c:(line|caminos)_start$'
       --indirect '^notation\.c:pintas__(put_shown|put_moves)$=^csrc/notation_(line|caminos|dice)\.c:put_move$'
       --indirect '^notation\.c:pintas__move_print$=^csrc/notation_(line|caminos|dice)\.c:(move_ok|put_move)$'
       --indirect '^notation\.c:pintas__refusal_text$=^csrc/notation_(line|caminos|dice)\.c:(move_ok|fits|put_own)$'
       --indirect '^save\.c:=^csrc/engine\.c:(line|caminos|dice)_(start|set_deal|check|play|reseed|save|load)$|^csrc/save_(line|caminos|dice)\.c:')
if ! "$PYTHON" tools/stack_budget.py "$out/cortex-m0plus" --headers csrc/include/pintas "${reach[@]}"; then
  failed=1
fi
echo
echo "==== the same on cortex-m4 (for information)"
"$PYTHON" tools/stack_budget.py "$out/cortex-m4" --headers csrc/include/pintas "${reach[@]}" \
  | tail -n 1 || true

# What every object needs from outside the core.
check_undefined() {
  local cpu=$1 dir="$out/$1" own obj sym name bad=0
  own=$("$NM" --defined-only "$dir"/*.o | awk 'NF == 3 {print $3}' | sort -u)
  for obj in "$dir"/*.o; do
    name=$(basename "$obj")
    for sym in $("$NM" -u "$obj" | awk '{print $NF}' | sort -u); do
      if grep -qx -F -e "$sym" <<<"$own"; then
        continue
      fi
      case "$sym" in
        memcpy | memset) ;;
        __aeabi_llsl | __aeabi_llsr | __aeabi_lasr)
          echo "$cpu $name: 64-bit shift helper $sym"; bad=1 ;;
        __aeabi_idiv | __aeabi_uidiv | __aeabi_idivmod | __aeabi_uidivmod | \
        __aeabi_ldivmod | __aeabi_uldivmod | __aeabi_lmul | \
        __aeabi_memcpy* | __aeabi_memset* | __aeabi_memclr* | __aeabi_memmove* | \
        __gnu_thumb1_case_*) ;;
        __aeabi_d* | __aeabi_i2d | __aeabi_ui2d | __aeabi_l2d | __aeabi_ul2d | __aeabi_f2d)
          # the players score in double, as the Python players they match do,
          # and the stronger search weighs its samples and moves in double
          if [ "$name" != dice_solve.o ] && [ "$name" != dice_win.o ] &&
             [ "$name" != line_infer.o ] && [[ "$name" != *_players.o ]]; then
            echo "$cpu $name: soft double helper $sym outside the solver"; bad=1
          fi ;;
        *)
          echo "$cpu $name: needs $sym"; bad=1 ;;
      esac
    done
  done
  return $bad
}

echo
echo "==== undefined symbols (memcpy/memset, division, 64-bit multiply; doubles in the dice solvers)"
for cpu in cortex-m0plus cortex-m4; do
  if check_undefined "$cpu"; then
    echo "$cpu: ok ($("$NM" -u "$out/$cpu"/*.o | awk '$1 == "U" {print $2}' | grep -E '^(mem|__)' | sort -u | tr '\n' ' '))"
  else
    failed=1
  fi
done

echo
echo "==== code and data per object, cortex-m0plus -Os (bytes)"
"$SIZE" -t "$out/cortex-m0plus"/*.o | sed "s|$out/cortex-m0plus/||"

# sizeof each struct on 32-bit ARM: a probe object of arrays sized by sizeof,
# whose symbol sizes nm prints.
echo
echo "==== struct sizes on 32-bit ARM (sizeof)"
probe="$out/sizes.c"
{
  echo '#include "pintas/pintas.h"'
  for t in pintas_rng pintas_line_rules pintas_line_deal pintas_line_state pintas_line_move \
           pintas_line_event pintas_line_stats pintas_line_info pintas_line_knowledge \
           pintas_line_search_result \
           pintas_caminos_rules pintas_caminos_deal pintas_caminos_state pintas_caminos_move \
           pintas_caminos_event pintas_caminos_stats pintas_caminos_info \
           pintas_caminos_search_result \
           pintas_dice_rules pintas_dice_table pintas_dice_state pintas_dice_move \
           pintas_dice_event pintas_dice_moves pintas_dice_policy pintas_dice_book \
           pintas_engine_moves pintas_engine_events; do
    echo "const unsigned char sizeof_$t[sizeof($t)] = {0};"
  done
} >"$probe"
# types that do not exist (yet) in this tree are left out
grep -o 'sizeof_[a-z_]*' "$probe" | sed 's/sizeof_//' | while read -r t; do
  if ! printf '#include "pintas/pintas.h"\n%s *p;\n' "$t" |
       "$CC" -mcpu=cortex-m0plus -mthumb -std=c99 -Icsrc/include -x c -c - -o /dev/null 2>/dev/null; then
    sed -i "/sizeof_$t\[/d" "$probe"
  fi
done
"$CC" -mcpu=cortex-m0plus -mthumb -Os -std=c99 -Icsrc/include -c "$probe" -o "$out/sizes.o"
"$NM" -S "$out/sizes.o" | while read -r _ size _ sym; do
  case "$sym" in sizeof_*) printf '%-30s %7d\n' "${sym#sizeof_}" "$((16#$size))" ;; esac
done

# The dice solver's workspaces and the policy books of both presets, measured
# by the M0+ build of the core on an emulated Cortex-M3 (QEMU's MPS2 AN385:
# 4 MB of RAM, output by semihosting), when qemu-system-arm is there
# (ARM_BUDGET_QEMU=0 skips it). For information: nothing here fails the run.
if [ "${ARM_BUDGET_QEMU:-1}" != 0 ] && command -v qemu-system-arm >/dev/null; then
  echo
  echo "==== dice workspaces and books on the target (cortex-m0plus -Os code under qemu)"
  q="$out/qemu"
  mkdir -p "$q"
  cat >"$q/link.ld" <<'LD'
MEMORY { ROM (rx) : ORIGIN = 0x00000000, LENGTH = 4M
         RAM (rwx) : ORIGIN = 0x20000000, LENGTH = 4M }
ENTRY(reset)
SECTIONS {
  .text : { KEEP(*(.vectors)) *(.text*) *(.rodata*) KEEP(*(.init)) KEEP(*(.fini))
            . = ALIGN(4); __init_array_start = .; KEEP(*(.init_array*)) __init_array_end = .;
            __fini_array_start = .; KEEP(*(.fini_array*)) __fini_array_end = .; } > ROM
  .ARM.exidx : { *(.ARM.exidx*) } > ROM
  __etext = .;
  .data : AT(__etext) { __data_start__ = .; *(.data*) . = ALIGN(4); __data_end__ = .; } > RAM
  .bss (NOLOAD) : { __bss_start__ = .; *(.bss*) *(COMMON) . = ALIGN(8); __bss_end__ = .; } > RAM
  end = .; __end__ = .;
  __stack = ORIGIN(RAM) + LENGTH(RAM);
}
LD
  cat >"$q/probe.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pintas/pintas.h"
extern unsigned __etext, __data_start__, __data_end__, __bss_start__, __bss_end__, __stack;
extern void initialise_monitor_handles(void);
int main(void);
void _init(void) {}
void _fini(void) {}
void reset(void)
{
    memcpy(&__data_start__, &__etext, (size_t)((char *)&__data_end__ - (char *)&__data_start__));
    memset(&__bss_start__, 0, (size_t)((char *)&__bss_end__ - (char *)&__bss_start__));
    initialise_monitor_handles();
    exit(main());
}
__attribute__((section(".vectors"), used)) static void *const vectors[2] = {&__stack, (void *)reset};
int main(void)
{
    int which;
    for (which = 0; which < 2; ++which) {
        pintas_dice_rules r;
        const pintas_dice_policy *p = NULL;
        size_t small, full, len = 0;
        void *mem;
        if (which == 0)
            pintas_dice_rules_dice_of_doom(&r);
        else
            pintas_dice_rules_farkle(&r);
        small = pintas_dice_solve_workspace_size(&r);
        full = pintas_dice_solve_workspace_size_full(&r, 0);
        mem = malloc(small);
        if (mem == NULL || pintas_dice_solve(&r, 0, mem, small, &p) != PINTAS_OK)
            return 1;
        pintas_dice_policy_book(p, NULL, 0, &len);
        printf("%-13s workspace %lu bytes (every total: %lu), pools' values below %lu of %lu "
               "units; policy header %lu; book %lu bytes\n",
               which ? "farkle" : "dice_of_doom", (unsigned long)small, (unsigned long)full,
               (unsigned long)p->full_units, (unsigned long)p->cap_units,
               (unsigned long)sizeof(pintas_dice_policy), (unsigned long)len);
        free(mem);
    }
    return 0;
}
C
  if "$CC" -mcpu=cortex-m0plus -mthumb -Os -std=c99 -Icsrc/include -T "$q/link.ld" -nostartfiles \
       --specs=rdimon.specs "$q/probe.c" csrc/*.c -o "$q/probe.elf" &&
     timeout 600 qemu-system-arm -M mps2-an385 -nographic -semihosting -kernel "$q/probe.elf"; then
    :
  else
    echo "(could not build or run the probe under qemu)"
  fi
fi

echo
if [ "$failed" = 0 ]; then
  echo "arm budgets: ok"
else
  echo "arm budgets: FAILED"
fi
exit "$failed"
