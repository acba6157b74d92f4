/* startup.c - the start of a Cortex-M firmware, for the QEMU boards (any
 * ARMv6-M or ARMv7-M core): the vector table, the reset handler that copies
 * .data from flash, clears .bss and calls main, and fault handlers that say
 * what happened on the console before stopping.
 *
 * The linker scripts of this directory place .vectors at the start of flash
 * and define the symbols used here.
 */
#include <stdint.h>

#include "../port.h"

int main(void);
void pintas_board_systick(void);

extern uint32_t __stack_top[];
extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];

void pintas_board_reset(void);

static void halt(const char *what)
{
    port_write(what);
    port_exit(3);
}

static void on_nmi(void)
{
    halt("fault: NMI\n");
}

static void on_hard_fault(void)
{
    halt("fault: hard fault\n");
}

static void on_other(void)
{
    halt("fault: unexpected exception\n");
}

/* The table the core reads at reset: the initial stack pointer, then the
 * handlers of exceptions 1..15 (reset, NMI, hard fault, ..., SysTick).
 * Exceptions 4..6 and 12 exist on ARMv7-M only; the ARMv6-M cores never
 * take them. */
typedef void (*pintas_board_handler)(void);
struct pintas_board_vectors {
    uint32_t *stack_top;
    pintas_board_handler handler[15];
};

__attribute__((section(".vectors"), used)) static const struct pintas_board_vectors vectors = {
    __stack_top,
    {
        pintas_board_reset,    /* 1 reset */
        on_nmi,                /* 2 NMI */
        on_hard_fault,         /* 3 hard fault */
        on_other,              /* 4 memory management */
        on_other,              /* 5 bus fault */
        on_other,              /* 6 usage fault */
        0, 0, 0, 0,            /* 7..10 reserved */
        on_other,              /* 11 SVCall */
        on_other,              /* 12 debug monitor */
        0,                     /* 13 reserved */
        on_other,              /* 14 PendSV */
        pintas_board_systick,  /* 15 SysTick */
    },
};

void pintas_board_reset(void)
{
    uint32_t *src = __data_load, *dst = __data_start;
    while (dst < __data_end)
        *dst++ = *src++;
    for (dst = __bss_start; dst < __bss_end; ++dst)
        *dst = 0;
    port_exit(main());
}
