/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Host CPU cost profile: what each modelled kernel/driver operation costs
 * on a given CPU.  Loaded from an INI file (GKeyFile):
 *
 *   [cpu]
 *   mhz = 933                    ; core clock, MHz
 *   [costs]
 *   rx_clean = 300               ; CPU cycles (may be fractional)
 *   irq_delivery_ns = 2500       ; or a fixed time in ns (suffix _ns)
 *
 * Each cost is given either in cycles (key NAME, scaled by the clock) or
 * in ns (key NAME_ns, independent of the clock, e.g. the APIC bus delivery
 * of [Lundell2001]).  Every cost must be present; unknown keys are errors.
 * See testbench/profiles/piii-933.ini for the rationale of each number.
 */
#ifndef TB_PROFILE_H
#define TB_PROFILE_H

#include <stdint.h>

/** Modelled operations.  Per-frame unless noted. */
typedef enum TbCostId {
    TB_COST_IRQ_DELIVERY = 0, /**< IO-APIC message + EOI (per interrupt) */
    TB_COST_IRQ_ENTRY,        /**< do_IRQ entry, ack (per interrupt) */
    TB_COST_IRQ_EXIT,         /**< irq_exit, iret (per interrupt) */
    TB_COST_MMIO_WRITE,       /**< one posted writel */
    TB_COST_SKB_ALLOC,        /**< netdev_alloc_skb incl. data buffer */
    TB_COST_SKB_FREE,         /**< kfree_skb incl. data buffer */
    TB_COST_RX_CLEAN,         /**< driver: one RX descriptor cleaned */
    TB_COST_RX_REFILL,        /**< driver: one RX buffer given back */
    TB_COST_NETIF_RX,         /**< netif_rx: backlog enqueue */
    TB_COST_NETIF_RECEIVE_SKB,/**< protocol dispatch */
    TB_COST_IP_FORWARD,       /**< ip_rcv+route+ip_forward+neigh output */
    TB_COST_IP_LOCAL_DELIVER, /**< ip_rcv+ip_local_deliver (the IP part
                                   of local delivery; + udp_rcv for UDP) */
    TB_COST_QDISC_ENQUEUE,    /**< dev_queue_xmit + pfifo_fast enqueue */
    TB_COST_QDISC_DEQUEUE,    /**< qdisc_restart: one dequeue */
    TB_COST_XMIT,             /**< driver ndo_start_xmit body */
    TB_COST_TX_CLEAN,         /**< driver: one TX descriptor cleaned */
    TB_COST_SOFTIRQ_ENTRY,    /**< one __do_softirq round */
    TB_COST_NAPI_POLL,        /**< one napi poll call (net_rx_action) */
    TB_COST_ISR,              /**< driver ISR body (besides MMIO) */
    TB_COST_CONTEXT_SWITCH,   /**< process switch incl. cache effects */
    TB_COST_COPY_TO_USER_PER_BYTE, /**< per byte copied to user space */
    TB_COST_SOCKET_RECV,      /**< recvfrom() per datagram (syscall) */
    TB_COST_TIMER_TICK,       /**< timer interrupt handler body */
    TB_COST_COPY_FROM_USER_PER_BYTE, /**< per byte copied from user space */
    TB_COST_SOCKET_SEND,      /**< send()/sendto() per call: syscall and
                                   socket layers, netperf's loop */
    TB_COST_TCP_RCV,          /**< tcp_v4_rcv + tcp_rcv_established per
                                   segment in (incl. ACK processing) */
    TB_COST_TCP_XMIT,         /**< tcp_transmit_skb + ip_queue_xmit per
                                   segment out */
    TB_COST_UDP_XMIT,         /**< udp_sendmsg + ip_build_xmit per
                                   datagram out (besides the copy) */
    TB_COST_UDP_RCV,          /**< udp_rcv per datagram delivered (socket
                                   lookup, queue, wake the reader) */
    TB_COST_TCP_SENDMSG,      /**< tcp_sendmsg per send() call (besides
                                   socket_send, the copy and the segments
                                   sent) */
    TB_COST_LRO_SEGMENT,      /**< software LRO per segment taken into a
                                   session (header checks, session
                                   match, checksum fold, chaining) */
    TB_COST_SKB_REMOTE,       /**< an skb allocated or freed on another
                                   CPU than the one that last did: its
                                   head's cache lines move between the
                                   CPUs' caches (SMP only) */
    TB_COST_COUNT
} TbCostId;

/** A loaded profile.  Costs in picoseconds (so per-byte costs keep their
 *  fraction); use tb_profile_ns() for whole operations. */
typedef struct TbProfile {
    char name[64];
    double mhz;                      /**< clock used for cycle costs */
    uint64_t ps[TB_COST_COUNT];      /**< cost of each operation, ps */
    double cycles[TB_COST_COUNT];    /**< as given (cycles), or -1 if _ns */
    double ns_given[TB_COST_COUNT];  /**< as given (ns), or -1 if cycles */
} TbProfile;

/** Key name of a cost ("rx_clean", ...). */
const char *tb_cost_name(TbCostId id);

/**
 * Load @path.  @mhz_override > 0 replaces [cpu] mhz.  Returns 0, or -1
 * with *err set (g_malloc'd, "FILE: [costs] KEY: ..." / "FILE: ...").
 */
int tb_profile_load(TbProfile *p, const char *path, double mhz_override,
                    char **err);

/**
 * Find a profile file by name: $E1KLAB_PROFILE_DIR/NAME.ini, then the
 * source tree's testbench/profiles/NAME.ini (compile-time TB_PROFILE_DIR),
 * then profiles/NAME.ini and testbench/profiles/NAME.ini relative to the
 * working directory and to @scenario_file's directory (may be NULL).
 * Returns a g_malloc'd path or NULL.
 */
char *tb_profile_find(const char *name, const char *scenario_file);

/** Cost of one @id operation in ns (rounded to nearest). */
static inline uint64_t tb_profile_ns(const TbProfile *p, TbCostId id)
{
    return (p->ps[id] + 500) / 1000;
}

#endif /* TB_PROFILE_H */
