/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The `ethtool -S` statistics of the driver core: first the Intel e1000
 * driver's names, each read from the counter the Linux driver reads it
 * from ([LINUX-E1000] e1000_ethtool.c e1000_gstrings_stats, with the
 * netdev fields mapped as in e1000_stats.c), then the core's own event
 * counters.  One table for every user: the Linux module prints it
 * (driver/linux/e1klab_ethtool.c), the testbench reports the Intel part
 * (docs/report-schema.md, `interfaces[].ethtool`).
 */
#include <stddef.h>

#include "e1000_drv_internal.h"

/** Where a value comes from. */
enum e1k_es_src {
    ES_NET,   /* struct e1k_link_stats64 (the netdev view) */
    ES_HW,    /* struct e1k_adapter (hardware and core counters) */
    ES_CNT,   /* struct e1k_drv_counters */
    ES_TXTO,  /* the glue's ndo_tx_timeout count (an argument) */
};

/** One statistic: name, source, byte offset, 4 or 8 bytes. */
struct e1k_es {
    const char *name;
    uint8_t src;
    uint8_t size;
    uint16_t off;
};

#define NET(n, f) { n, ES_NET, 8, offsetof(struct e1k_link_stats64, f) }
#define HW(n, f) { n, ES_HW, 8, offsetof(struct e1k_adapter, f) }
#define CNT(n, f) { n, ES_CNT, sizeof(((struct e1k_drv_counters *)0)->f), \
                    offsetof(struct e1k_drv_counters, f) }

static const struct e1k_es es_table[] = {
    NET("rx_packets", rx_packets), NET("tx_packets", tx_packets),
    NET("rx_bytes", rx_bytes), NET("tx_bytes", tx_bytes),
    HW("rx_broadcast", stats.bprc), HW("tx_broadcast", stats.bptc),
    HW("rx_multicast", stats.mprc), HW("tx_multicast", stats.mptc),
    NET("rx_errors", rx_errors), NET("tx_errors", tx_errors),
    NET("rx_dropped", rx_dropped), NET("tx_dropped", tx_dropped),
    NET("multicast", multicast), NET("collisions", collisions),
    NET("rx_length_errors", rx_length_errors),
    NET("rx_over_errors", rx_over_errors),
    NET("rx_crc_errors", rx_crc_errors),
    NET("rx_frame_errors", rx_frame_errors),
    HW("rx_no_buffer_count", stats.rnbc),
    NET("rx_missed_errors", rx_missed_errors),
    NET("tx_aborted_errors", tx_aborted_errors),
    NET("tx_carrier_errors", tx_carrier_errors),
    NET("tx_fifo_errors", tx_fifo_errors),
    NET("tx_heartbeat_errors", tx_heartbeat_errors),
    NET("tx_window_errors", tx_window_errors),
    HW("tx_abort_late_coll", stats.latecol),
    HW("tx_deferred_ok", stats.dc),
    HW("tx_single_coll_ok", stats.scc),
    HW("tx_multi_coll_ok", stats.mcc),
    { "tx_timeout_count", ES_TXTO, 8, 0 },
    HW("tx_restart_queue", restart_queue),
    HW("rx_long_length_errors", stats.roc),
    HW("rx_short_length_errors", stats.ruc),
    HW("rx_align_errors", stats.algnerrc),
    HW("tx_tcp_seg_good", stats.tsctc),
    HW("tx_tcp_seg_failed", stats.tsctfc),
    HW("rx_flow_control_xon", stats.xonrxc),
    HW("rx_flow_control_xoff", stats.xoffrxc),
    HW("tx_flow_control_xon", stats.xontxc),
    HW("tx_flow_control_xoff", stats.xofftxc),
    HW("rx_long_byte_count", stats.gorc),
    HW("rx_csum_offload_good", hw_csum_good),
    HW("rx_csum_offload_errors", hw_csum_err),
    CNT("alloc_rx_buff_failed", rx_alloc_failed),
    /* SMBus management frames: Linux reads MGTPTC/MGTPRC/MGTPDC only on
     * parts with SMBus (82541/82547); on the 82540EM/82545EM they stay 0 */
    HW("tx_smbus", stats.mgptc), HW("rx_smbus", stats.mgprc),
    HW("dropped_smbus", stats.mgpdc),
    /* the driver core's own counters (struct e1k_drv_counters) */
    CNT("interrupts", interrupts),
    CNT("interrupts_none", interrupts_none),
    CNT("napi_polls", polls),
    CNT("napi_polls_complete", polls_complete),
    CNT("napi_polls_budget", polls_budget),
    CNT("rx_cleaned", rx_cleaned),
    CNT("tx_cleaned", tx_cleaned),
    CNT("tx_busy", tx_busy),
    CNT("resets", resets),
    CNT("itr_changes", itr_changes),
    CNT("itr_current", itr_current),
    /* frames the driver core dropped in RX clean (errors, split) */
    HW("rx_frames_dropped_sw", rx_frame_errors_sw),
};

#define ES_N (sizeof(es_table) / sizeof(es_table[0]))

_Static_assert(ES_N == E1K_ETHTOOL_STATS, "E1K_ETHTOOL_STATS");

const char *e1k_drv_ethtool_name(unsigned int i)
{
    return i < ES_N ? es_table[i].name : NULL;
}

void e1k_drv_get_ethtool_stats(struct e1k_adapter *a,
                               uint64_t tx_timeout_count, uint64_t *data)
{
    struct e1k_link_stats64 net;
    struct e1k_drv_counters cnt;
    const uint8_t *base[ES_TXTO + 1];

    e1k_drv_get_stats64(a, &net);
    e1k_drv_get_counters(a, &cnt);
    base[ES_NET] = (const uint8_t *)&net;
    base[ES_HW] = (const uint8_t *)a;
    base[ES_CNT] = (const uint8_t *)&cnt;
    base[ES_TXTO] = (const uint8_t *)&tx_timeout_count;
    for (unsigned int i = 0; i < ES_N; i++) {
        const struct e1k_es *s = &es_table[i];
        const uint8_t *p = base[s->src] + s->off;

        data[i] = s->size == 8 ? *(const uint64_t *)p
                               : *(const uint32_t *)p;
    }
}

void e1k_drv_counters_from_ethtool(const uint64_t *data,
                                   struct e1k_drv_counters *c)
{
    uint8_t *base = (uint8_t *)c;

    for (unsigned int i = 0; i < ES_N; i++) {
        const struct e1k_es *s = &es_table[i];

        if (s->src != ES_CNT) {
            continue;
        }
        if (s->size == 8) {
            *(uint64_t *)(base + s->off) = data[i];
        } else {
            *(uint32_t *)(base + s->off) =
                data[i] > 0xffffffffu ? 0xffffffffu : (uint32_t)data[i];
        }
    }
}
