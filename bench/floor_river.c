/* The floor of board_strengths on the river (bench/floors.py compiles it with gcc into a temporary directory and
   loads it with ctypes; it is not part of the package): every holding against every holding on one river board
   as a plain C loop. Rank the 1,081 holdings of two unseen cards (HandRanker's tables, poker/ranking/_rank.h),
   counting-sort them by value, and sweep the values upward keeping the holdings below in all and per card: a
   holding (i, j) beats the holdings below its value less those holding card i or card j (card removal), ties
   the same count taken after its run of equal values (itself, counted in both cards, added back once) less the beaten. hs = (beaten + tied / 2) / 990, written in
   holding order (the unseen cards' pairs in lexicographic order), as poker.board_strengths orders its rows. */
#include <stdint.h>
#include <string.h>
#include "_rank.h"

#define UNSEEN 47
#define PAIRS (UNSEEN * (UNSEEN - 1) / 2)
#define VALUES 8192

int
floor_river(const uint8_t *board, double *hs)
{
    uint64_t key = POKER_KEY_START, bits = 0;
    uint64_t keys[UNSEEN], card_bits[UNSEEN];
    uint8_t first[PAIRS], second[PAIRS];
    int16_t value[PAIRS];
    int order[PAIRS], count[VALUES + 1];
    int below_card[UNSEEN], beaten[PAIRS];
    int n = 0;
    for (int i = 0; i < 5; i++) {
        key += poker_card_keys[board[i]];
        bits |= POKER_CARD_BIT(board[i]);
    }
    for (int card = 0; card < 52; card++)
        if (!(bits & POKER_CARD_BIT(card))) {
            keys[n] = poker_card_keys[card];
            card_bits[n++] = POKER_CARD_BIT(card);
        }
    if (n != UNSEEN)
        return -1;
    memset(count, 0, sizeof count);
    for (int i = 0, r = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, r++) {
            first[r] = (uint8_t)i;
            second[r] = (uint8_t)j;
            value[r] = (int16_t)poker_value(key + keys[i] + keys[j], bits | card_bits[i] | card_bits[j]);
            count[value[r] + 1]++;
        }
    for (int v = 0; v < VALUES; v++)
        count[v + 1] += count[v];
    for (int r = 0; r < PAIRS; r++)
        order[count[value[r]]++] = r;
    memset(below_card, 0, sizeof below_card);
    int below = 0;
    for (int start = 0, stop; start < PAIRS; start = stop) {
        int v = value[order[start]];
        for (stop = start; stop < PAIRS && value[order[stop]] == v; stop++) {
            int r = order[stop];
            beaten[r] = below - below_card[first[r]] - below_card[second[r]];
        }
        for (int t = start; t < stop; t++) {
            int r = order[t];
            below++;
            below_card[first[r]]++;
            below_card[second[r]]++;
        }
        for (int t = start; t < stop; t++) {
            int r = order[t];
            int tied = below - below_card[first[r]] - below_card[second[r]] + 1 - beaten[r];
            hs[r] = ((double)beaten[r] + (double)tied / 2) / (double)(PAIRS - 2 * (UNSEEN - 1) + 1);
        }
    }
    return 0;
}
