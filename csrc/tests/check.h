/* check.h - a tiny assertion kit for the plain-C tests.
 *
 * CHECK(cond) records a pass or a failure (printing file:line and the
 * condition) and carries on; CHECK_EQ(a, b) also prints both values.
 * check_summary() prints "N passed, N failed" and returns the exit status.
 * Include it in one translation unit per test executable.
 */
#ifndef PINTAS_TEST_CHECK_H
#define PINTAS_TEST_CHECK_H

#include <stdio.h>

static int check_passed_;
static int check_failed_;

static inline int check_record_(int ok, const char *text, const char *file, int line)
{
    if (ok) {
        ++check_passed_;
    } else {
        ++check_failed_;
        fprintf(stderr, "%s:%d: CHECK failed: %s\n", file, line, text);
    }
    return ok;
}

static inline int check_eq_(long long a, long long b, const char *ta, const char *tb,
                            const char *file, int line)
{
    if (a == b) {
        ++check_passed_;
        return 1;
    }
    ++check_failed_;
    fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (%lld vs %lld)\n", file, line, ta, tb, a,
            b);
    return 0;
}

static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed_, check_failed_);
    return check_failed_ ? 1 : 0;
}

#define CHECK(cond) check_record_((cond) ? 1 : 0, #cond, __FILE__, __LINE__)
#define CHECK_EQ(a, b) check_eq_((long long)(a), (long long)(b), #a, #b, __FILE__, __LINE__)

#endif /* PINTAS_TEST_CHECK_H */
