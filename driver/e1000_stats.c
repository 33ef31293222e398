/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Statistics: accumulate the clear-on-read hardware counters into 64-bit
 * totals and map them to struct rtnl_link_stats64 (Linux
 * e1000_update_stats; SDM 13.7).
 *
 * The mapping follows the 2.4/2.5-era e1000 the seeds ran (4.3.2-k1,
 * 5.0.43-k1), which took the packet and byte counts from the hardware
 * counters rather than counting in software, and is checked against the
 * seed M3 netstat -i table (docs/driver.md "Statistics"):
 *   rx_packets = GPRC      tx_packets = GPTC
 *   rx_bytes   = GORC      tx_bytes   = GOTC
 *   multicast  = MPRC      collisions = COLC
 *   rx_dropped = RNBC      (netstat RX-DRP: frames that found no free
 *                           descriptor; M3: RX-DRP == RX-ERR)
 *   rx_errors  = RNBC + CRCERRS + ALGNERRC + RXERRC + CEXTERR + RUC + ROC
 *                          (netstat RX-ERR)
 *   rx_fifo_errors = rx_over_errors = MPC  (netstat RX-OVR: frames lost
 *                           because the packet buffer was full; M3 irq-off:
 *                           RX-OK + RX-OVR = 10,000,001 offered)
 *   rx_missed_errors = MPC
 *   rx_length_errors = RUC + ROC, rx_crc_errors = CRCERRS,
 *   rx_frame_errors = ALGNERRC
 *   tx_errors = ECOL + LATECOL, tx_aborted_errors = ECOL,
 *   tx_window_errors = LATECOL, tx_carrier_errors = TNCRS
 * net-tools prints rx_fifo_errors as RX-OVR; rx_over_errors carries the
 * same count so a report that labels RX-OVR with rx_over_errors shows it.
 */
#include <stddef.h>
#include <string.h>

#include "e1000_drv_internal.h"

/* Read a 64-bit low/high counter pair; the high read clears both. */
static uint64_t rd64(struct e1k_adapter *a, uint32_t lo)
{
    uint64_t l = er32(a, lo);
    uint64_t h = er32(a, lo + 4u);
    return h << 32 | l;
}

/** One statistics register the watchdog reads (SDM 13.7) into the
 *  struct e1k_hw_stats field at byte offset @field; @wide: a 64-bit
 *  low/high pair at @reg (rd64). */
struct e1k_stat_reg {
    uint32_t reg;
    uint32_t wide;
    size_t field;
};

#define STAT(r, f) { E1K_##r, 0, offsetof(struct e1k_hw_stats, f) }
#define STAT64(r, f) { E1K_##r, 1, offsetof(struct e1k_hw_stats, f) }

/* In the order Linux e1000_update_stats reads them: every read clears
 * the counter, so the order fixes what lands in which period. */
static const struct e1k_stat_reg stat_regs[] = {
    STAT(CRCERRS, crcerrs), STAT(ALGNERRC, algnerrc),
    STAT(SYMERRS, symerrs), STAT(RXERRC, rxerrc), STAT(MPC, mpc),
    STAT(SCC, scc), STAT(ECOL, ecol), STAT(MCC, mcc),
    STAT(LATECOL, latecol), STAT(COLC, colc), STAT(DC, dc),
    STAT(TNCRS, tncrs), STAT(SEC, sec), STAT(CEXTERR, cexterr),
    STAT(RLEC, rlec), STAT(XONRXC, xonrxc), STAT(XONTXC, xontxc),
    STAT(XOFFRXC, xoffrxc), STAT(XOFFTXC, xofftxc), STAT(FCRUC, fcruc),
    STAT(PRC64, prc64), STAT(PRC127, prc127), STAT(PRC255, prc255),
    STAT(PRC511, prc511), STAT(PRC1023, prc1023), STAT(PRC1522, prc1522),
    STAT(GPRC, gprc), STAT(BPRC, bprc), STAT(MPRC, mprc), STAT(GPTC, gptc),
    /* good octets of this period also feed InterruptThrottleRate mode 4
     * (e1000_watchdog keeps gorcl/gotcl as per-period deltas) */
    STAT64(GORCL, gorc), STAT64(GOTCL, gotc),
    STAT(RNBC, rnbc), STAT(RUC, ruc), STAT(RFC, rfc), STAT(ROC, roc),
    STAT(RJC, rjc), STAT64(TORL, tor), STAT64(TOTL, tot), STAT(TPR, tpr),
    STAT(TPT, tpt), STAT(PTC64, ptc64), STAT(PTC127, ptc127),
    STAT(PTC255, ptc255), STAT(PTC511, ptc511), STAT(PTC1023, ptc1023),
    STAT(PTC1522, ptc1522), STAT(MPTC, mptc), STAT(BPTC, bptc),
    STAT(TSCTC, tsctc), STAT(TSCTFC, tsctfc),
};

/* The netdev view of the hardware counters (Linux e1000_update_stats;
 * see the mapping at the top of this file).  tx_dropped is counted by
 * xmit itself (frames it had to discard) and kept. */
static void net_stats_from_hw(struct e1k_link_stats64 *n,
                              const struct e1k_hw_stats *s)
{
    *n = (struct e1k_link_stats64){
        .rx_packets = s->gprc, .tx_packets = s->gptc,
        .rx_bytes = s->gorc, .tx_bytes = s->gotc,
        .multicast = s->mprc, .collisions = s->colc,
        .rx_length_errors = s->ruc + s->roc,
        .rx_crc_errors = s->crcerrs, .rx_frame_errors = s->algnerrc,
        .rx_fifo_errors = s->mpc, .rx_over_errors = s->mpc,
        .rx_missed_errors = s->mpc,
        .rx_dropped = s->rnbc,
        .rx_errors = s->rnbc + s->crcerrs + s->algnerrc + s->rxerrc +
                     s->cexterr + s->ruc + s->roc,
        .tx_aborted_errors = s->ecol, .tx_window_errors = s->latecol,
        .tx_carrier_errors = s->tncrs,
        .tx_errors = s->ecol + s->latecol,
        .tx_dropped = n->tx_dropped,
    };
}

void e1k_update_stats(struct e1k_adapter *a)
{
    for (size_t i = 0; i < sizeof(stat_regs) / sizeof(stat_regs[0]); i++) {
        const struct e1k_stat_reg *r = &stat_regs[i];
        uint64_t *f = (uint64_t *)((uint8_t *)&a->stats + r->field);
        *f += r->wide ? rd64(a, r->reg) : er32(a, r->reg);
    }
    net_stats_from_hw(&a->net_stats, &a->stats);
}

void e1k_drv_get_stats64(struct e1k_adapter *a, struct e1k_link_stats64 *s)
{
    *s = a->net_stats;
}

void e1k_drv_update_stats(struct e1k_adapter *a)
{
    e1k_update_stats(a);
}
