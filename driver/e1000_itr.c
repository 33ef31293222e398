/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * InterruptThrottleRate: parameter modes and the dynamic ITR algorithm
 * (Linux e1000_param.c e1000_check_options, e1000_main.c
 * e1000_configure_rx, e1000_update_itr, e1000_set_itr, e1000_watchdog;
 * ITR units SDM 13.4.18).
 *
 * Modes of InterruptThrottleRate:
 *   0        no throttling: ITR is never written (stays 0)
 *   1, 3     dynamic: start at 20000 ints/s; after every completed poll
 *            (napi-dynitr) classify the traffic since the interrupt and
 *            move towards 70000 / 20000 / 4000 ints/s; 3 never picks
 *            70000 ("conservative")
 *   4        simplified: recomputed every watchdog run (2 s) from the
 *            good octets: 2000 (symmetric) .. 8000 (one-way) ints/s
 *   100..100000  fixed rate; itr_setting keeps value & ~3
 * The ITR register holds the minimum interval in 256 ns units:
 * ITR = 1e9 / (rate * 256).
 */
#include "e1000_drv_internal.h"

/* Target rates per class (Linux e1000_set_itr). */
#define E1K_ITR_LOWEST 70000u
#define E1K_ITR_LOW 20000u
#define E1K_ITR_BULK 4000u
/* Dynamic modes start here (Linux e1000_param.c). */
#define E1K_ITR_DYN_START 20000u
/* Links below 1000 Mb/s use a fixed rate (Linux e1000_set_itr). */
#define E1K_ITR_NOT_GIGABIT 4000u

enum e1k_latency e1k_itr_update_class(enum e1k_latency cls,
                                      uint64_t packets, uint64_t bytes)
{
    enum e1k_latency ret = cls;
    uint64_t per;

    if (packets == 0) {
        return cls;
    }
    per = bytes / packets;
    switch (cls) {
    case E1K_LOWEST_LATENCY:
        if (per > 8000) {
            ret = E1K_BULK_LATENCY;             /* jumbo frames */
        } else if (packets < 5 && bytes > 512) {
            ret = E1K_LOW_LATENCY;
        }
        break;
    case E1K_LOW_LATENCY:
        if (bytes > 10000) {
            /* jumbo frames (per > 8000) are caught by per > 1200 */
            if (packets < 10 || per > 1200) {
                ret = E1K_BULK_LATENCY;
            } else if (packets > 35) {
                ret = E1K_LOWEST_LATENCY;
            }
        } else if (per > 2000) {
            ret = E1K_BULK_LATENCY;
        } else if (packets <= 2 && bytes < 512) {
            ret = E1K_LOWEST_LATENCY;
        }
        break;
    case E1K_BULK_LATENCY:
        if (bytes > 25000) {
            if (packets > 35) {
                ret = E1K_LOW_LATENCY;
            }
        } else if (bytes < 6000) {
            ret = E1K_LOW_LATENCY;
        }
        break;
    }
    return ret;
}

uint32_t e1k_itr_class_rate(enum e1k_latency cls)
{
    switch (cls) {
    case E1K_LOWEST_LATENCY:
        return E1K_ITR_LOWEST;
    case E1K_LOW_LATENCY:
        return E1K_ITR_LOW;
    case E1K_BULK_LATENCY:
    default:
        return E1K_ITR_BULK;
    }
}

uint32_t e1k_itr_step(uint32_t old, uint32_t target)
{
    if (target > old) {
        uint32_t up = old + (target >> 2);
        return up < target ? up : target;
    }
    return target;
}

uint32_t e1k_itr_mode4(uint64_t gotcl, uint64_t gorcl)
{
    uint64_t goc = (gotcl + gorcl) / 10000u;
    uint64_t dif = (gotcl > gorcl ? gotcl - gorcl : gorcl - gotcl) / 10000u;

    return goc > 0 ? (uint32_t)(dif * 6000u / goc + 2000u) : 8000u;
}

uint32_t e1k_itr_reg(uint32_t rate)
{
    if (rate == 0) {
        return 0;
    }
    return (uint32_t)(1000000000ull / ((uint64_t)rate * 256u));
}

void e1k_itr_init(struct e1k_adapter *a)
{
    uint32_t v = a->params.InterruptThrottleRate;

    a->rx_itr = a->tx_itr = E1K_LOWEST_LATENCY;
    switch (v) {
    case 0:
        a->itr_setting = 0;
        a->itr = 0;
        break;
    case 1:
    case 3:
        a->itr_setting = v;
        a->itr = E1K_ITR_DYN_START;
        break;
    case 4:
        /* Linux keeps itr = 4 here; the first watchdog run computes the
         * real rate (see e1k_drv_open). */
        a->itr_setting = 4;
        a->itr = 4;
        break;
    default:
        a->itr_setting = v & ~3u;
        a->itr = v;
        break;
    }
    a->counters.itr_current = a->itr_setting == 4 ? 0 : a->itr;
}

void e1k_itr_configure(struct e1k_adapter *a)
{
    if (a->itr_setting != 0) {
        ew32(a, E1K_ITR, e1k_itr_reg(a->itr));
    }
}

/* Write a rate (ints/s) to ITR; count it if it differs from the last. */
static void itr_write(struct e1k_adapter *a, uint32_t rate)
{
    if (rate != a->itr) {
        a->counters.itr_changes++;
    }
    a->itr = rate;
    a->counters.itr_current = rate;
    ew32(a, E1K_ITR, e1k_itr_reg(rate));
}

void e1k_itr_set(struct e1k_adapter *a)
{
    uint32_t new_itr;
    uint32_t current;

    if (a->link_speed != 1000) {
        new_itr = E1K_ITR_NOT_GIGABIT;
    } else {
        a->tx_itr = e1k_itr_update_class(a->tx_itr, a->total_tx_packets,
                                         a->total_tx_bytes);
        if (a->itr_setting == 3 && a->tx_itr == E1K_LOWEST_LATENCY) {
            a->tx_itr = E1K_LOW_LATENCY;
        }
        a->rx_itr = e1k_itr_update_class(a->rx_itr, a->total_rx_packets,
                                         a->total_rx_bytes);
        if (a->itr_setting == 3 && a->rx_itr == E1K_LOWEST_LATENCY) {
            a->rx_itr = E1K_LOW_LATENCY;
        }
        current = a->rx_itr > a->tx_itr ? a->rx_itr : a->tx_itr;
        new_itr = e1k_itr_class_rate((enum e1k_latency)current);
    }
    if (new_itr != a->itr) {
        itr_write(a, e1k_itr_step(a->itr, new_itr));
    }
}

void e1k_itr_watchdog(struct e1k_adapter *a)
{
    if (a->itr_setting == 4) {
        itr_write(a, e1k_itr_mode4(a->gotcl, a->gorcl));
    }
}
