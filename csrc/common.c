/* common.c - status strings and the version. */
#include "pintas/common.h"

const char *pintas_status_str(int status)
{
    switch (status) {
    case PINTAS_OK: return "ok";
    case PINTAS_E_ARG: return "bad argument";
    case PINTAS_E_RULES: return "invalid rules";
    case PINTAS_E_ILLEGAL: return "illegal move";
    case PINTAS_E_OVER: return "game over";
    case PINTAS_E_BUFFER: return "buffer too small";
    case PINTAS_E_CORRUPT: return "corrupt state";
    case PINTAS_E_VERSION: return "unknown format version";
    case PINTAS_E_DEAL: return "invalid deal";
    case PINTAS_E_RANGE: return "out of range";
    case PINTAS_E_NOTATION: return "not notation";
    case PINTAS_E_NO_CHANCE: return "no chance event pending";
    case PINTAS_E_OUTCOME: return "not a possible chance outcome";
    case PINTAS_E_CHANCE: return "a chance event is pending";
    default: return "unknown status";
    }
}

const char *pintas_version(void)
{
    return "0.1.0";
}
