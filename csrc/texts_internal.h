/* texts_internal.h - how the tables of texts.c and <game>_texts.c are
 * written: each family's table in a file of its own, so that a program that
 * links one family's table links none of the others' sentences (the
 * compiler keeps a file's strings together). */
#ifndef PINTAS_TEXTS_INTERNAL_H
#define PINTAS_TEXTS_INTERNAL_H

#include "pintas/texts.h"

/* A text with its length, counted by the compiler. */
#define PINTAS__TEXT(key, text) {key, text, (uint16_t)(sizeof(text) - 1)}
#define PINTAS__COUNT(table) (sizeof(table) / sizeof(table[0]))
#define PINTAS__TEXTS(table) {table, (uint16_t)PINTAS__COUNT(table), 0xFF, 0, 0, NULL, NULL}
/* A family's table of event texts, with its kinds' and reasons' names. */
#define PINTAS__EVENT_TEXTS(table, family, kinds, reasons) \
    {table, (uint16_t)PINTAS__COUNT(table), family, (uint8_t)PINTAS__COUNT(kinds), \
     (uint8_t)PINTAS__COUNT(reasons), kinds, reasons}

#endif
