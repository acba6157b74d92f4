// cxx_api.cpp - the pintas C API from C++: every public header included (they
// must compile as C++ and declare their functions extern "C"), a Dominican
// game played to its end through the typed calls, and a game of each engine
// through the engine tables. Prints the library's version first.
#include "pintas/pintas.h"

#include "pintas/caminos.h"
#include "pintas/caminos_search.h"
#include "pintas/common.h"
#include "pintas/dice.h"
#include "pintas/engine.h"
#include "pintas/line.h"
#include "pintas/line_search.h"
#include "pintas/rng.h"
#include "pintas/tiles.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>

namespace {

// Plays the first legal move until the game is over; returns the number of moves, or -1.
long play_line(std::uint64_t seed, pintas_line_state &game)
{
    pintas_line_rules rules;
    pintas_line_event events[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    std::size_t n_events = 0, n_moves = 0;
    long played = 0;
    if (pintas_line_rules_preset(&rules, PINTAS_LINE_DOMINICAN, 4, 1) != PINTAS_OK ||
        pintas_line_new(&game, &rules, seed, events, PINTAS_LINE_MAX_EVENTS, &n_events) != PINTAS_OK)
        return -1;
    while (game.phase == PINTAS_LINE_PLAYING) {
        if (pintas_line_legal(&game, moves, PINTAS_LINE_MAX_MOVES, &n_moves) != PINTAS_OK ||
            n_moves == 0 ||
            pintas_line_play(&game, &moves[0], events, PINTAS_LINE_MAX_EVENTS, &n_events) != PINTAS_OK)
            return -1;
        ++played;
    }
    return played;
}

// The dice engine through its table: always roll, keep the first keep, bank
// once the turn holds 1000 points or more.
int play_dice(std::uint64_t seed, pintas_engine_status &status)
{
    const pintas_engine &e = pintas_dice_engine;
    pintas_dice_rules rules;
    pintas_dice_state game;
    pintas_dice_moves legal;
    pintas_dice_move move;
    pintas_engine_events events;
    std::size_t n = 0;
    if (pintas_dice_rules_farkle(&rules) != PINTAS_OK)
        return -1;
    rules.target = 2000;
    if (pintas_dice_new(&game, &rules, 2, 0, seed) != PINTAS_OK)
        return -1;
    while (e.turn(&game) >= 0) {
        move = pintas_dice_move();
        pintas_dice_legal(&game, &legal);
        if (legal.n_keeps > 0) {
            move.kind = PINTAS_DICE_KEEP;
            move.keep = legal.keeps[0].keep;
        } else if (legal.can_bank && pintas_dice_turn_total(&game) >= 1000) {
            move.kind = PINTAS_DICE_BANK;
        } else {
            move.kind = PINTAS_DICE_ROLL;
        }
        if (e.play(&game, &move, &events, e.max_events, &n) != PINTAS_OK)
            return -1;
    }
    return e.status(&game, &status);
}

}  // namespace

int main()
{
    pintas_line_state game;
    pintas_engine_status status;
    std::uint8_t save[PINTAS_LINE_SAVE_SIZE];
    long moves = play_line(2026, game);
    std::printf("%s\n", pintas_version());
    if (moves < 0 || pintas_line_save(&game, save, sizeof save) != PINTAS_OK) {
        std::printf("the line game failed\n");
        return 1;
    }
    std::printf("dominican: %ld moves, %u rounds, %ld - %ld\n", moves, unsigned(game.round),
                long(game.score[0]), long(game.score[1]));
    if (play_dice(7, status) != PINTAS_OK) {
        std::printf("the dice game failed\n");
        return 1;
    }
    std::printf("farkle: %ld - %ld, winners 0x%x\n", long(status.score[0]), long(status.score[1]),
                unsigned(status.winners));
    return 0;
}
