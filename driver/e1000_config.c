/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Settings ethtool changes while the driver runs: ring sizes (-G),
 * coalescing (-C) and offloads (-K), as the Linux e1000 driver applies
 * them ([LINUX-E1000] e1000_ethtool.c e1000_set_ringparam,
 * e1000_get/set_coalesce; e1000_main.c e1000_set_features).  Registers:
 * SDM 13.4.18 ITR, 13.4.30-31 RDTR/RADV, 13.4.41/44 TIDV/TADV, RXCSUM.
 */
#include "e1000_drv_internal.h"

/* Ring limits of the 82544 and later (Linux E1000_MAX_82544_RXD/TXD);
 * the minimum is the core's parameter minimum (e1000_param.c). */
#define RING_MIN 80u
#define RING_MAX 4096u
/* rx-usecs limits (Linux E1000_MAX_ITR_USECS, E1000_MIN_ITR_USECS). */
#define ITR_USECS_MAX 10000u
#define ITR_USECS_MIN 10u

void e1k_drv_get_rings(const struct e1k_adapter *a, uint32_t *rx,
                       uint32_t *tx, uint32_t *max)
{
    *rx = a->params.RxDescriptors;
    *tx = a->params.TxDescriptors;
    *max = RING_MAX;
}

/* @n clamped to the ring limits, up to a multiple of 8. */
static uint32_t ring_size(uint32_t n)
{
    n = n < RING_MIN ? RING_MIN : n > RING_MAX ? RING_MAX : n;
    return (n + 7u) & ~7u;
}

int e1k_drv_set_rings(struct e1k_adapter *a, uint32_t rx, uint32_t tx)
{
    uint32_t old_rx = a->params.RxDescriptors;
    uint32_t old_tx = a->params.TxDescriptors;
    bool was_up = a->up;

    a->params.RxDescriptors = ring_size(rx);
    a->params.TxDescriptors = ring_size(tx);
    if (!was_up) {
        return 0;
    }
    e1k_drv_close(a);
    if (e1k_drv_open(a) == 0) {
        return 0;
    }
    a->params.RxDescriptors = old_rx;
    a->params.TxDescriptors = old_tx;
    (void)e1k_drv_open(a);
    return -1;
}

uint32_t e1k_drv_get_rx_usecs(const struct e1k_adapter *a)
{
    uint32_t itr = a->params.InterruptThrottleRate;

    return itr <= 4u ? itr : 1000000u / itr;
}

int e1k_drv_set_rx_usecs(struct e1k_adapter *a, uint32_t usecs)
{
    if (usecs > ITR_USECS_MAX || usecs == 2u ||
        (usecs > 4u && usecs < ITR_USECS_MIN)) {
        return -1;
    }
    a->params.InterruptThrottleRate = usecs <= 4u ? usecs
                                                  : 1000000u / usecs;
    e1k_itr_init(a);
    /* e1000_set_coalesce: ITR at once, 20000 ints/s to start the dynamic
     * modes, the fixed rate otherwise, 0 when off; mode 4 starts as open
     * does, at the rate of a period without traffic */
    if (a->itr_setting == 4) {
        a->gorcl = a->gotcl = 0;
        e1k_itr_watchdog(a);
    } else {
        ew32(a, E1K_ITR, a->itr_setting ? e1k_itr_reg(a->itr) : 0);
    }
    return 0;
}

int e1k_drv_set_delays(struct e1k_adapter *a, uint32_t rdtr, uint32_t radv,
                       uint32_t tidv, uint32_t tadv)
{
    if (rdtr > 0xFFFFu || radv > 0xFFFFu || tidv > 0xFFFFu ||
        tadv > 0xFFFFu) {
        return -1;
    }
    a->params.RxIntDelay = rdtr;
    a->params.RxAbsIntDelay = radv;
    a->params.TxIntDelay = tidv;
    a->params.TxAbsIntDelay = tadv;
    ew32(a, E1K_RDTR, rdtr);
    ew32(a, E1K_RADV, radv);
    ew32(a, E1K_TIDV, tidv);
    ew32(a, E1K_TADV, tadv);
    a->txd_cmd = (a->txd_cmd & ~E1K_TXD_CMD_IDE) |
                 (tidv ? E1K_TXD_CMD_IDE : 0u);
    return 0;
}

void e1k_drv_set_offloads(struct e1k_adapter *a, bool rx_csum, bool tx_csum,
                          bool tso)
{
    uint32_t rxcsum;

    a->params.XsumRX = rx_csum;
    a->params.XsumTX = tx_csum;
    a->params.TSO = tso && tx_csum;
    rxcsum = er32(a, E1K_RXCSUM);
    rxcsum = rx_csum ? rxcsum | E1K_RXCSUM_TUOFL : rxcsum & ~E1K_RXCSUM_TUOFL;
    ew32(a, E1K_RXCSUM, rxcsum);
}
