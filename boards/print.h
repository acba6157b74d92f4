/* print.h - lines of text for the console of port.h, without printf: each
 * out_* call appends to the current line, out_nl ends it and writes it. */
#ifndef PINTAS_BOARDS_PRINT_H
#define PINTAS_BOARDS_PRINT_H

#include <stdint.h>

void out_s(const char *s);
void out_c(char c);
void out_u(uint32_t v);   /* decimal */
void out_d(int32_t v);    /* decimal, with a sign when negative */
void out_u64(uint64_t v); /* decimal */
void out_x(uint64_t v, int digits); /* 0x and `digits` hex digits (the low ones) */
void out_nl(void);

#endif /* PINTAS_BOARDS_PRINT_H */
