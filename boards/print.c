/* print.c - see print.h. One line buffer: a line longer than it is written
 * in pieces, which join up again on the console. */
#include "print.h"

#include "port.h"

static char line[128];
static unsigned used;

static void flush(void)
{
    line[used] = '\0';
    port_write(line);
    used = 0;
}

void out_c(char c)
{
    if (used == sizeof line - 1)
        flush();
    line[used++] = c;
}

void out_s(const char *s)
{
    while (*s != '\0')
        out_c(*s++);
}

void out_u(uint32_t v)
{
    char digits[10];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v != 0);
    while (n > 0)
        out_c(digits[--n]);
}

void out_d(int32_t v)
{
    if (v < 0) {
        out_c('-');
        out_u(0u - (uint32_t)v);
    } else {
        out_u((uint32_t)v);
    }
}

void out_u64(uint64_t v)
{
    char digits[20];
    int n = 0;
    if (v <= UINT32_MAX) {
        out_u((uint32_t)v);
        return;
    }
    do {
        digits[n++] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v != 0);
    while (n > 0)
        out_c(digits[--n]);
}

void out_x(uint64_t v, int digits)
{
    out_s("0x");
    while (digits-- > 0)
        out_c("0123456789abcdef"[(v >> (4 * digits)) & 0xFu]);
}

void out_nl(void)
{
    out_c('\n');
    flush();
}
