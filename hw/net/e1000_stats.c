/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Statistics registers (SDM 13.7): every counter clears on
 * read; the 64-bit pairs GORC, GOTC, TOR and TOT clear when their high
 * dword is read (reading the low dword has no side effect); all counters
 * stick at all-ones instead of wrapping.
 */
#include "e1000_core.h"

/** Offsets of every counter of the map (SDM 13.7, Table 13-112). */
static const uint16_t counters[] = {
    E1K_CRCERRS, E1K_ALGNERRC, E1K_SYMERRS, E1K_RXERRC, E1K_MPC, E1K_SCC,
    E1K_ECOL, E1K_MCC, E1K_LATECOL, E1K_COLC, E1K_DC, E1K_TNCRS, E1K_SEC,
    E1K_CEXTERR, E1K_RLEC, E1K_XONRXC, E1K_XONTXC, E1K_XOFFRXC,
    E1K_XOFFTXC, E1K_FCRUC, E1K_PRC64, E1K_PRC127, E1K_PRC255, E1K_PRC511,
    E1K_PRC1023, E1K_PRC1522, E1K_GPRC, E1K_BPRC, E1K_MPRC, E1K_GPTC,
    E1K_GORCL, E1K_GORCH, E1K_GOTCL, E1K_GOTCH, E1K_RNBC, E1K_RUC, E1K_RFC,
    E1K_ROC, E1K_RJC, E1K_MGTPRC, E1K_MGTPDC, E1K_MGTPTC, E1K_TORL,
    E1K_TORH, E1K_TOTL, E1K_TOTH, E1K_TPR, E1K_TPT, E1K_PTC64, E1K_PTC127,
    E1K_PTC255, E1K_PTC511, E1K_PTC1023, E1K_PTC1522, E1K_MPTC, E1K_BPTC,
    E1K_TSCTC, E1K_TSCTFC,
};

bool e1k_stats_is_counter(uint32_t off)
{
    for (size_t i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
        if (counters[i] == off) {
            return true;
        }
    }
    return false;
}

/** True if @off is the low dword of a 64-bit pair. */
static bool is_pair_low(uint32_t off)
{
    return off == E1K_GORCL || off == E1K_GOTCL || off == E1K_TORL ||
           off == E1K_TOTL;
}

/** True if @off is the high dword of a 64-bit pair. */
static bool is_pair_high(uint32_t off)
{
    return off == E1K_GORCH || off == E1K_GOTCH || off == E1K_TORH ||
           off == E1K_TOTH;
}

void e1k_stat_add(E1kDev *s, uint32_t off, uint32_t n)
{
    uint32_t v = e1k_reg(s, off);
    e1k_reg_set(s, off, v > UINT32_MAX - n ? UINT32_MAX : v + n);
}

void e1k_stat_add64(E1kDev *s, uint32_t off_lo, uint64_t n)
{
    uint64_t v = (uint64_t)e1k_reg(s, off_lo) |
                 (uint64_t)e1k_reg(s, off_lo + 4) << 32;
    v = v > UINT64_MAX - n ? UINT64_MAX : v + n;
    e1k_reg_set(s, off_lo, (uint32_t)v);
    e1k_reg_set(s, off_lo + 4, (uint32_t)(v >> 32));
}

void e1k_stat_size_bucket(E1kDev *s, uint32_t off_64, uint32_t len)
{
    uint32_t idx;
    /* Buckets by frame size incl. FCS: 64, 65-127, 128-255, 256-511,
     * 512-1023, 1024-1522 (SDM 13.7.11-16, 13.7.38-43).  Runts (< 64)
     * and frames above 1522 belong to no bucket. */
    if (len < 64 || len > 1522) {
        return;
    }
    if (len == 64) {
        idx = 0;
    } else if (len < 128) {
        idx = 1;
    } else if (len < 256) {
        idx = 2;
    } else if (len < 512) {
        idx = 3;
    } else if (len < 1024) {
        idx = 4;
    } else {
        idx = 5;
    }
    e1k_stat_add(s, off_64 + 4 * idx, 1);
}

bool e1k_stats_read(E1kDev *s, uint32_t off, uint32_t *val)
{
    if (!e1k_stats_is_counter(off)) {
        return false;
    }
    *val = e1k_reg(s, off);
    if (is_pair_low(off)) {
        return true; /* cleared with the high dword */
    }
    e1k_reg_set(s, off, 0);
    if (is_pair_high(off)) {
        e1k_reg_set(s, off - 4, 0);
    }
    return true;
}
