/* port_host.c - port.h on a hosted C library: stdout, exit, clock(), and a
 * static arena as large as the one the QEMU boards offer. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "port.h"

/* 1 MiB, as doubles for the alignment. */
static double arena[(1u << 20) / sizeof(double)];

const char *port_name(void)
{
    return "host";
}

void port_write(const char *s)
{
    fputs(s, stdout);
}

void port_exit(int code)
{
    fflush(stdout);
    exit(code);
}

uint64_t port_ticks(void)
{
    return (uint64_t)clock();
}

uint32_t port_tick_hz(void)
{
    return (uint32_t)CLOCKS_PER_SEC;
}

void *port_arena(size_t *size)
{
    *size = sizeof arena;
    return arena;
}

void *port_stack_limit(void)
{
    return NULL;
}
