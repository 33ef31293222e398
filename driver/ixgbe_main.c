/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The 82598EB driver core's entry points: parameters, probe, open,
 * close, the watchdog, statistics (Linux ixgbe_main.c ixgbe_probe,
 * ixgbe_open, ixgbe_close, ixgbe_watchdog, ixgbe_update_stats; the
 * out-of-tree ixgbe_param.c for the parameter names).
 */
#include "ixgbe_drv_internal.h"

void ixg_drv_params_default(struct ixg_drv_params *p)
{
    *p = (struct ixg_drv_params){
        .mode = E1K_MODE_NAPI, .queues = 1, .RxDescriptors = 512,
        .TxDescriptors = 512, .InterruptThrottleRate = 1, .XsumRX = 1,
        .XsumTX = 0, .TSO = 0, .LRO = 0, .lro_max_aggr = 32, .udp_rss = 0,
        .weight = 64, .napi_per_device = 0,
    };
}

static bool ring_ok(uint32_t n)
{
    return n >= 64u && n <= 4096u && n % 8u == 0;
}

const char *ixg_drv_params_check(const struct ixg_drv_params *p)
{
    uint32_t itr = p->InterruptThrottleRate;
    if ((unsigned)p->mode > E1K_MODE_NAPI_DYNITR) {
        return "mode: legacy, napi-twist, napi or napi-dynitr";
    }
    if (p->queues < 1 || p->queues > IXG_DRV_MAX_QUEUES) {
        return "queues: 1..16";
    }
    if (!ring_ok(p->RxDescriptors)) {
        return "RxDescriptors: 64..4096, a multiple of 8";
    }
    if (!ring_ok(p->TxDescriptors)) {
        return "TxDescriptors: 64..4096, a multiple of 8";
    }
    if (itr != 0 && itr != 1 && itr != 3 && (itr < 956u || itr > 488281u)) {
        return "InterruptThrottleRate: 0, 1, 3 or 956..488281";
    }
    if (p->XsumRX > 1 || p->XsumTX > 1 || p->TSO > 1 || p->LRO > 1 ||
        p->udp_rss > 1) {
        return "XsumRX, XsumTX, TSO, LRO, udp_rss: 0 or 1";
    }
    if (p->TSO && !p->XsumTX) {
        return "TSO: 1 needs XsumTX 1";
    }
    if (p->LRO && (!p->XsumRX || p->mode == E1K_MODE_LEGACY)) {
        return "LRO: 1 needs XsumRX 1 and a NAPI mode";
    }
    if (p->lro_max_aggr < 2 || p->lro_max_aggr > 64) {
        return "lro_max_aggr: 2..64";
    }
    if (p->weight < 1 || p->weight > 4096) {
        return "weight: 1..4096";
    }
    return NULL;
}

uint32_t ixg_drv_rx_buffer_len(uint32_t mtu)
{
    uint32_t frame = mtu + 14u + 4u;
    return frame <= 2048u ? 2048u : (frame + 1023u) & ~1023u;
}

struct ixg_adapter *ixg_drv_probe(struct e1k_os *os,
                                  const struct ixg_drv_params *p)
{
    const char *bad = ixg_drv_params_check(p);
    if (bad) {
        e1k_os_log(os, 0, "%s", bad);
        return NULL;
    }
    struct ixg_adapter *a = e1k_os_kzalloc(os, sizeof(*a));
    if (!a) {
        return NULL;
    }
    a->os = os;
    a->p = *p;
    a->num_q = p->queues;
    a->mtu = 1500;
    a->rx_buffer_len = ixg_drv_rx_buffer_len(a->mtu);
    if (ixg_hw_reset(a) || ixg_hw_validate_eeprom(a)) {
        e1k_os_kfree(os, a);
        return NULL;
    }
    ixg_hw_read_mac(a);
    e1k_os_log(os, 2, "Intel(R) 10 Gigabit Network Connection "
               "%02x:%02x:%02x:%02x:%02x:%02x", a->mac[0], a->mac[1],
               a->mac[2], a->mac[3], a->mac[4], a->mac[5]);
    e1k_os_netif_carrier(os, false);
    return a;
}

void ixg_drv_remove(struct ixg_adapter *a)
{
    if (a) {
        ixg_drv_close(a);
        e1k_os_kfree(a->os, a);
    }
}

const uint8_t *ixg_drv_mac(const struct ixg_adapter *a)
{
    return a->mac;
}

uint32_t ixg_drv_queues(const struct ixg_adapter *a)
{
    return a->num_q;
}

/* MSI-X vectors: one per queue pair and one more; fewer granted means
 * fewer queues (Linux ixgbe_acquire_msix_vectors). 0 or -1. */
static int setup_vectors(struct ixg_adapter *a)
{
    uint32_t got = e1k_os_enable_msix(a->os, a->p.queues + 1u);
    if (got < 2) {
        e1k_os_log(a->os, 0, "Unable to allocate MSI-X interrupts");
        return -1;
    }
    a->num_q = got - 1u < a->p.queues ? got - 1u : a->p.queues;
    a->num_vec = a->num_q + 1u;
    a->qv = e1k_os_kcalloc(a->os, a->num_q, sizeof(*a->qv));
    if (!a->qv) {
        return -1;
    }
    for (uint32_t q = 0; q < a->num_q; q++) {
        a->qv[q].a = a;
        a->qv[q].v = q;
        a->qv[q].eims_value = 1u << q;
    }
    return 0;
}

int ixg_drv_open(struct ixg_adapter *a)
{
    if (a->up) {
        return 0;
    }
    if (setup_vectors(a) || ixg_rings_alloc(a)) {
        ixg_rings_free(a);
        e1k_os_kfree(a->os, a->qv);
        a->qv = NULL;
        return -1;
    }
    ixg_wr(a, IXG_CTRL_EXT, ixg_rd(a, IXG_CTRL_EXT) | IXG_CTRL_EXT_DRV_LOAD);
    ixg_configure_msix(a);
    ixg_configure_tx(a);
    ixg_configure_rx(a);
    a->up = true;
    (void)ixg_hw_check_link(a);
    ixg_irq_enable(a);
    e1k_os_netif_wake_queue(a->os);
    return 0;
}

void ixg_drv_close(struct ixg_adapter *a)
{
    if (!a->up) {
        return;
    }
    ixg_drv_update_stats(a);
    ixg_wr(a, IXG_RXCTRL, 0);
    e1k_os_netif_stop_queue(a->os);
    ixg_irq_disable(a);
    for (uint32_t q = 0; q < a->num_q; q++) {
        ixg_wr(a, IXG_TXDCTL(q), 0);
        ixg_wr(a, IXG_RXDCTL(q), 0);
    }
    a->up = false;
    a->link_up = false;
    e1k_os_netif_carrier(a->os, false);
    ixg_rings_free(a);
    e1k_os_kfree(a->os, a->qv);
    a->qv = NULL;
}

int ixg_drv_change_mtu(struct ixg_adapter *a, uint32_t mtu)
{
    if (mtu < IXG_MTU_MIN || mtu > IXG_MTU_MAX || a->up) {
        return -1;
    }
    a->mtu = mtu;
    a->rx_buffer_len = ixg_drv_rx_buffer_len(mtu);
    return 0;
}

void ixg_drv_set_promisc(struct ixg_adapter *a, bool on)
{
    a->promisc = on;
    if (a->up) {
        uint32_t f = ixg_rd(a, IXG_FCTRL) & ~(IXG_FCTRL_UPE | IXG_FCTRL_MPE);
        ixg_wr(a, IXG_FCTRL, f | (on ? IXG_FCTRL_UPE | IXG_FCTRL_MPE : 0));
    }
}

void ixg_drv_watchdog(struct ixg_adapter *a)
{
    if (!a->up) {
        return;
    }
    (void)ixg_hw_check_link(a);
    ixg_drv_update_stats(a);
}

void ixg_drv_tx_timeout(struct ixg_adapter *a)
{
    e1k_os_log(a->os, 1, "Reset adapter");
    ixg_drv_close(a);
    (void)ixg_hw_reset(a);
    (void)ixg_drv_open(a);
}
