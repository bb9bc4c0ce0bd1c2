/* The floor of a flop's every-holding pass (bench/policy.py compiles it with gcc into a temporary directory and
   loads it with ctypes; it is not part of the package): the least work an exact count of every holding against
   every holding over the two cards to come does, as a plain C loop. For each of the 1,176 runouts (two of the 49
   unseen cards), rank the 1,081 holdings of two of the other 47 cards (HandRanker's tables, poker/ranking/_rank.h,
   keys summed incrementally), sort them by value (two counting passes, 7 and 6 bits, as the package's pass), and
   sweep the values upward keeping the holdings below in all and per card (card removal); per holding, add the
   holdings beaten plus half those tied, and the 990 it meets. Out: each holding's showdown equity E[HS] (the
   runouts' weighted mean strength, what range_statistics(board=flop).equity gives, to the last bit), in holding
   order. No transitions (Loki's PPOT needs the split by the value now on top of this). With `rank_only`, only
   the ranking (1,271,256 hands). */
#include <stdint.h>
#include <string.h>
#include "_rank.h"

#define UNSEEN 49
#define PAIRS (UNSEEN * (UNSEEN - 1) / 2)

int
floor_flop(const uint8_t *board, double *equity, int rank_only)
{
    uint64_t key = POKER_KEY_START, bits = 0;
    uint64_t keys[UNSEEN], card_bits[UNSEEN];
    uint8_t first[PAIRS], second[PAIRS];
    int row[PAIRS], order[PAIRS], spare[PAIRS], beaten[PAIRS];
    int16_t value[PAIRS];
    int64_t score2[PAIRS], met[PAIRS];
    int n = 0;
    for (int i = 0; i < 3; i++) {
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
    for (int i = 0, r = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, r++) {
            first[r] = (uint8_t)i;
            second[r] = (uint8_t)j;
        }
    memset(score2, 0, sizeof score2);
    memset(met, 0, sizeof met);
    int64_t checksum = 0;
    for (int p = 0; p < n; p++)
        for (int q = p + 1; q < n; q++) {
            uint64_t final_key = key + keys[p] + keys[q], final_bits = bits | card_bits[p] | card_bits[q];
            int m = 0;
            for (int i = 0; i < n; i++) {
                if (i == p || i == q)
                    continue;
                uint64_t key_i = final_key + keys[i], bits_i = final_bits | card_bits[i];
                int base = i * (2 * n - i - 1) / 2 - i - 1;
                for (int j = i + 1; j < n; j++) {
                    if (j == p || j == q)
                        continue;
                    row[m] = base + j;
                    value[m++] = (int16_t)poker_value(key_i + keys[j], bits_i | card_bits[j]);
                }
            }
            if (rank_only) {
                for (int k = 0; k < m; k++)
                    checksum += value[k];
                continue;
            }
            int low[129] = {0}, high[65] = {0};
            for (int k = 0; k < m; k++) {
                low[(value[k] & 127) + 1]++;
                high[(value[k] >> 7) + 1]++;
            }
            for (int b = 0; b < 128; b++)
                low[b + 1] += low[b];
            for (int b = 0; b < 64; b++)
                high[b + 1] += high[b];
            for (int k = 0; k < m; k++)
                spare[low[value[k] & 127]++] = k;
            for (int t = 0; t < m; t++)
                order[high[value[spare[t]] >> 7]++] = spare[t];
            int below = 0, below_card[UNSEEN] = {0};
            for (int start = 0, stop; start < m; start = stop) {
                int v = value[order[start]];
                for (stop = start; stop < m && value[order[stop]] == v; stop++) {
                    int r = row[order[stop]];
                    beaten[r] = below - below_card[first[r]] - below_card[second[r]];
                }
                for (int t = start; t < stop; t++) {
                    int r = row[order[t]];
                    below++;
                    below_card[first[r]]++;
                    below_card[second[r]]++;
                }
                for (int t = start; t < stop; t++) {
                    int r = row[order[t]];
                    int tied = below - below_card[first[r]] - below_card[second[r]] + 1 - beaten[r];
                    score2[r] += 2 * beaten[r] + tied;
                    met[r] += m - 2 * (UNSEEN - 3) + 1;
                }
            }
        }
    for (int r = 0; r < PAIRS; r++)
        equity[r] = rank_only ? (double)checksum : (double)score2[r] / (double)(2 * met[r]);
    return 0;
}
