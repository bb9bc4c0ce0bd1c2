/* What the C files of poker.stats._equity share (_equity.c says what the module does): its limits, card masks,
   and its two functions, each in its own file: exact_counts (_equity_exact.c) and sample (_equity_sampled.c). */
#ifndef POKER_EQUITY_H
#define POKER_EQUITY_H

#include "_rank.h"
#include "_core.h"

#define MAX_PLAYERS 10
#define BOARD_CARDS 5  /* a whole board; boards of 0 and 3 to 5 cards are completed to it */
#define SPLIT_UNIT 2520  /* the least common multiple of 1..10: a k-way split's share is SPLIT_UNIT / k units */
#define STATISTICS 6  /* sample's sums per player (and the totals' row): multiway._sample_task's */
#define DEAL_CHUNK (1 << 17)  /* deals sampled between two looks at signals: some 20 ms */

static inline int
bit_count(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* The mask of `count` card indices below 52; *twice set if one is there twice. */
static inline uint64_t
card_mask(const uint8_t *cards, Py_ssize_t count, int *twice)
{
    uint64_t mask = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        *twice |= (int)(mask >> cards[i] & 1);
        mask |= 1ULL << cards[i];
    }
    return mask;
}

/* The mask of the board and the dead cards; *twice set if a card is there twice (in one, or in both). */
static inline uint64_t
board_and_dead(const uint8_t *board, int board_size, const uint8_t *dead, int dead_size, int *twice)
{
    uint64_t known = card_mask(board, board_size, twice), dead_mask = card_mask(dead, dead_size, twice);
    *twice |= (known & dead_mask) != 0;
    return known | dead_mask;
}

POKER_LOCAL PyObject *exact_counts(PyObject *module, PyObject *args);
POKER_LOCAL PyObject *sample(PyObject *module, PyObject *args);

#endif
