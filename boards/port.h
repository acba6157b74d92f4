/* port.h - what the programs of boards/ need from the machine they run on: a
 * console, a way to stop with an exit code, a clock, and spare RAM.
 *
 * Two implementations: port_host.c (any hosted C library) and qemu/port.c
 * (semihosting and SysTick on the QEMU Cortex-M boards). A real board supplies
 * the same five functions from its own UART, timer and linker script.
 */
#ifndef PINTAS_BOARDS_PORT_H
#define PINTAS_BOARDS_PORT_H

#include <stddef.h>
#include <stdint.h>

/* The board's name, e.g. "mps2-an385" or "host". */
const char *port_name(void);

/* Write a NUL-terminated string to the console. */
void port_write(const char *s);

/* Stop the program with `code` (0: success). Does not return. */
void port_exit(int code);

/* A free-running count of clock ticks, and the ticks in a second (0 when the
 * port has no clock; then port_ticks returns 0). On QEMU the clock runs in
 * virtual time: with -icount shift=0 each instruction takes exactly 1 ns. */
uint64_t port_ticks(void);
uint32_t port_tick_hz(void);

/* RAM that no one else uses, aligned for double, and its size in bytes
 * (0 on a board whose RAM is all taken by the program and its stack). */
void *port_arena(size_t *size);

/* The lowest address the stack may reach, or NULL if unknown: the programs
 * fill the stack's free part with a pattern and read back how deep it went. */
void *port_stack_limit(void);

#endif /* PINTAS_BOARDS_PORT_H */
