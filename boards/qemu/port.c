/* port.c - port.h on the QEMU Cortex-M boards: the console and the exit
 * through Arm semihosting (QEMU needs -semihosting-config enable=on), the
 * clock from SysTick, and RAM from the linker script's symbols.
 *
 * Semihosting: `bkpt 0xAB` with the operation in r0 and its argument in r1.
 * SYS_WRITE0 (0x04) writes a NUL-terminated string; SYS_EXIT_EXTENDED (0x20)
 * stops with an exit code (QEMU exits with it). On a real board without a
 * debugger attached the bkpt would stop the core: replace these two calls by
 * a UART and a reset.
 *
 * SysTick counts down from 2^24 - 1 on the core's clock (PINTAS_BOARD_HZ,
 * set by boards/CMakeLists.txt); its interrupt counts the wraps.
 */
#include <stdint.h>

#include "../port.h"

#ifndef PINTAS_BOARD_NAME
#error "PINTAS_BOARD_NAME must name the board"
#endif
#ifndef PINTAS_BOARD_HZ
#error "PINTAS_BOARD_HZ must give the core's clock"
#endif

#define SYS_WRITE0 0x04u
#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SCB_ICSR (*(volatile uint32_t *)0xE000ED04u)
#define ICSR_PENDSTSET (1u << 26)
#define SYST_RELOAD 0xFFFFFFu

extern uint32_t __arena_start[], __arena_end[], __stack_limit[];

static volatile uint32_t systick_wraps;

static uint32_t semihost(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

const char *port_name(void)
{
    return PINTAS_BOARD_NAME;
}

void port_write(const char *s)
{
    semihost(SYS_WRITE0, s);
}

void port_exit(int code)
{
    uint32_t block[2];
    block[0] = ADP_STOPPED_APPLICATION_EXIT;
    block[1] = (uint32_t)code;
    for (;;)
        semihost(SYS_EXIT_EXTENDED, block);
}

void pintas_board_systick(void)
{
    systick_wraps = systick_wraps + 1u;
}

uint64_t port_ticks(void)
{
    uint32_t wraps, count;
    if ((SYST_CSR & 1u) == 0) {
        SYST_RVR = SYST_RELOAD;
        SYST_CVR = 0;
        SYST_CSR = 7u; /* enable, interrupt, processor clock */
        while (SYST_CVR == 0) {
            /* the counter starts on the next tick, from SYST_RELOAD */
        }
    }
    /* With interrupts off, a wrap that has happened but is not yet counted
     * shows as a pending SysTick: count it and read the counter again. */
    __asm__ volatile("cpsid i" ::: "memory");
    wraps = systick_wraps;
    count = SYST_CVR;
    if (SCB_ICSR & ICSR_PENDSTSET) {
        wraps++;
        count = SYST_CVR;
    }
    __asm__ volatile("cpsie i" ::: "memory");
    return ((uint64_t)wraps << 24) + (SYST_RELOAD - count);
}

uint32_t port_tick_hz(void)
{
    return PINTAS_BOARD_HZ;
}

void *port_arena(size_t *size)
{
    *size = (size_t)((char *)__arena_end - (char *)__arena_start);
    return __arena_start;
}

void *port_stack_limit(void)
{
    return __stack_limit;
}
