/* pintas/pintas.h - the whole public C API of pintas: include this one. */
#ifndef PINTAS_PINTAS_H
#define PINTAS_PINTAS_H

#include "common.h"
#include "rng.h"
#include "tiles.h"
#include "line.h"
#include "dice.h"
#include "caminos.h"
#include "line_search.h"
#include "line_infer.h"
#include "caminos_search.h"
#include "engine.h"
#include "hash.h"
#include "texts.h"
#include "views.h"
#include "determinize.h"
#include "players.h"
#include "save.h"
#include "notation.h"
#include "actions.h"
#include "observe.h"
#include "vector.h"
#include "settings.h"

#endif /* PINTAS_PINTAS_H */
