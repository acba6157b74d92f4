/* The families' texts (csrc/line_texts.c, caminos_texts.c, dice_texts.c) as
 * one unit, in a module of every game: the relocatable link (Makefile) does
 * not merge equal strings across objects, the compiler does within one. The
 * domino-only module compiles line_texts.c alone. */
#include "../../csrc/line_texts.c"
#include "../../csrc/caminos_texts.c"
#include "../../csrc/dice_texts.c"
