/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Statistics registers (SDM 13.7): every counter clears on
 * read; the 64-bit pairs GORC, GOTC, TOR and TOT clear when their high
 * dword is read (reading the low dword has no side effect); all counters
 * stick at all-ones instead of wrapping.
 */
#include "e1000_core.h"

/** Bit of the counter at @off in counter_map (the map spans the 64
 *  dwords E1K_STATS_FIRST..E1K_STATS_LAST). */
#define C(off) (1ull << (((off) - E1K_STATS_FIRST) >> 2))

/** Every counter of the map (SDM 13.7, Table 13-112), one bit per dword;
 *  the dwords between them are reserved. */
static const uint64_t counter_map =
    C(E1K_CRCERRS) | C(E1K_ALGNERRC) | C(E1K_SYMERRS) | C(E1K_RXERRC) |
    C(E1K_MPC) | C(E1K_SCC) | C(E1K_ECOL) | C(E1K_MCC) | C(E1K_LATECOL) |
    C(E1K_COLC) | C(E1K_DC) | C(E1K_TNCRS) | C(E1K_SEC) | C(E1K_CEXTERR) |
    C(E1K_RLEC) | C(E1K_XONRXC) | C(E1K_XONTXC) | C(E1K_XOFFRXC) |
    C(E1K_XOFFTXC) | C(E1K_FCRUC) | C(E1K_PRC64) | C(E1K_PRC127) |
    C(E1K_PRC255) | C(E1K_PRC511) | C(E1K_PRC1023) | C(E1K_PRC1522) |
    C(E1K_GPRC) | C(E1K_BPRC) | C(E1K_MPRC) | C(E1K_GPTC) | C(E1K_GORCL) |
    C(E1K_GORCH) | C(E1K_GOTCL) | C(E1K_GOTCH) | C(E1K_RNBC) | C(E1K_RUC) |
    C(E1K_RFC) | C(E1K_ROC) | C(E1K_RJC) | C(E1K_MGTPRC) | C(E1K_MGTPDC) |
    C(E1K_MGTPTC) | C(E1K_TORL) | C(E1K_TORH) | C(E1K_TOTL) | C(E1K_TOTH) |
    C(E1K_TPR) | C(E1K_TPT) | C(E1K_PTC64) | C(E1K_PTC127) |
    C(E1K_PTC255) | C(E1K_PTC511) | C(E1K_PTC1023) | C(E1K_PTC1522) |
    C(E1K_MPTC) | C(E1K_BPTC) | C(E1K_TSCTC) | C(E1K_TSCTFC);

/** The 64-bit pairs' low dwords (cleared with the high one) and high
 *  dwords (reading one clears the pair): GORC, GOTC, TOR, TOT. */
static const uint64_t pair_low_map =
    C(E1K_GORCL) | C(E1K_GOTCL) | C(E1K_TORL) | C(E1K_TOTL);
static const uint64_t pair_high_map =
    C(E1K_GORCH) | C(E1K_GOTCH) | C(E1K_TORH) | C(E1K_TOTH);

/** The bit of @off in the maps above, 0 if @off is no counter dword. */
static inline uint64_t counter_bit(uint32_t off)
{
    if (off < E1K_STATS_FIRST || off > E1K_STATS_LAST || (off & 3u) != 0) {
        return 0;
    }
    return counter_map & C(off);
}

bool e1k_stats_is_counter(uint32_t off)
{
    return counter_bit(off) != 0;
}

void e1k_stat_add(E1kDev *s, uint32_t off, uint32_t n)
{
    uint32_t v = e1k_reg(s, off);
    e1k_reg_set(s, off, v > UINT32_MAX - n ? UINT32_MAX : v + n);
}

void e1k_stat_add64(E1kDev *s, uint32_t off_lo, uint64_t n)
{
    uint32_t lo = e1k_reg(s, off_lo);
    uint64_t v;

    if (n <= UINT32_MAX - lo) {
        /* the common case: no carry into the high dword, so no
         * saturation either; the high dword stays as it is */
        e1k_reg_set(s, off_lo, lo + (uint32_t)n);
        return;
    }
    v = (uint64_t)lo | (uint64_t)e1k_reg(s, off_lo + 4) << 32;
    v = v > UINT64_MAX - n ? UINT64_MAX : v + n;
    e1k_reg_set(s, off_lo, (uint32_t)v);
    e1k_reg_set(s, off_lo + 4, (uint32_t)(v >> 32));
}

void e1k_stat_size_bucket(E1kDev *s, uint32_t off_64, uint32_t len)
{
    uint32_t idx;
    /* Buckets by frame size incl. FCS: 64, 65-127, 128-255, 256-511,
     * 512-1023, 1024-1522 (SDM 13.7.11-16, 13.7.38-43).  Runts (< 64)
     * and frames above 1522 belong to no bucket.  Above 64 the bucket is
     * the power of two below the size: floor(log2 len) - 5 (6 for
     * 65-127 ... 10 for 1024-1522), 64 alone in the first. */
    if (len < 64 || len > 1522) {
        return;
    }
    idx = len == 64 ? 0 : 31u - (uint32_t)__builtin_clz(len) - 5u;
    e1k_stat_add(s, off_64 + 4 * idx, 1);
}

bool e1k_stats_read(E1kDev *s, uint32_t off, uint32_t *val)
{
    uint64_t bit = counter_bit(off);

    if (!bit) {
        return false;
    }
    *val = e1k_reg(s, off);
    if (pair_low_map & bit) {
        return true; /* cleared with the high dword */
    }
    e1k_reg_set(s, off, 0);
    if (pair_high_map & bit) {
        e1k_reg_set(s, off - 4, 0);
    }
    return true;
}
