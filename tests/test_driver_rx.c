/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Driver RX path over the real device model: frames delivered in order
 * with the FCS stripped in software, copybreak, RDT batching, checksum
 * offload, and the statistics mapping of RX drops.
 */
#include <string.h>

#include "e1000_core.h"
#include "e1000_drv_internal.h"
#include "fake_os.h"

#define MEM (16u << 20)

static const uint8_t station[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

/* Frame of @len bytes to the station address with a sequence number in
 * bytes 14..17. */
static uint8_t *seq_frame(uint32_t len, uint32_t seq)
{
    uint8_t *f = tp_frame(station, len);
    f[14] = (uint8_t)(seq >> 24);
    f[15] = (uint8_t)(seq >> 16);
    f[16] = (uint8_t)(seq >> 8);
    f[17] = (uint8_t)seq;
    return f;
}

static FakeOs *up(enum e1k_drv_mode mode, void (*tweak)(struct e1k_drv_params *))
{
    struct e1k_drv_params p;
    FakeOs *f = fos_new(MEM, NULL);
    e1k_drv_params_default(&p);
    p.mode = mode;
    if (tweak) {
        tweak(&p);
    }
    fos_up(f, &p);
    return f;
}

/* N frames of varied sizes arrive spaced at wire speed: all delivered, in
 * order, byte-exact, 4 bytes shorter than the buffer length hardware
 * wrote (FCS stripped in software; SECRC off). */
static void test_rx_in_order(void)
{
    const enum e1k_drv_mode modes[] = { E1K_MODE_NAPI, E1K_MODE_NAPI_TWIST,
                                        E1K_MODE_LEGACY,
                                        E1K_MODE_NAPI_DYNITR };
    for (unsigned m = 0; m < G_N_ELEMENTS(modes); m++) {
        FakeOs *f = up(modes[m], NULL);
        const uint32_t n = 300;
        uint8_t *frames[300];
        uint32_t lens[300];

        g_assert_false(e1k_peek_reg(f->tp->dev, E1K_RCTL) & E1K_RCTL_SECRC);
        for (uint32_t i = 0; i < n; i++) {
            lens[i] = 60 + (i * 97) % (1514 - 60 + 1);
            frames[i] = seq_frame(lens[i], i);
            fos_inject(f, frames[i], lens[i]);
            fos_run(f, fos_wire_ns(lens[i]));
        }
        fos_run(f, 2000000);
        g_assert_cmpuint(f->rx->len, ==, n);
        for (uint32_t i = 0; i < n; i++) {
            FosRx *r = &g_array_index(f->rx, FosRx, i);
            g_assert_cmpuint(r->len, ==, lens[i]);
            g_assert_cmpmem(r->data, r->len, frames[i], lens[i]);
            g_assert_cmpint(r->via_netif_rx, ==, modes[m] == E1K_MODE_LEGACY);
            g_free(frames[i]);
        }
        /* Every buffer handed up was freed by the stack; the ring holds
         * count - 1 buffers (one slot always empty). */
        g_assert_cmpuint(fos_skbs_in_use(f), ==, 255);
        struct e1k_drv_counters c;
        e1k_drv_get_counters(f->a, &c);
        g_assert_cmpuint(c.rx_cleaned, ==, n);
        g_assert_cmpuint(f->charges[E1K_COST_RX_CLEAN], ==, n);
        fos_free(f);
    }
}

static void copybreak_zero(struct e1k_drv_params *p)
{
    p->copybreak = 0;
}

/* Frames up to copybreak bytes are copied into a buffer of their size and
 * the ring buffer is reused; larger ones go up in the 2048-byte ring
 * buffer (Linux e1000_copybreak). */
static void test_rx_copybreak(void)
{
    for (int zero = 0; zero < 2; zero++) {
        FakeOs *f = up(E1K_MODE_NAPI, zero ? copybreak_zero : NULL);
        static const uint32_t lens[] = { 60, 200, 256, 257, 1000, 1514 };
        for (unsigned i = 0; i < G_N_ELEMENTS(lens); i++) {
            uint8_t *fr = seq_frame(lens[i], i);
            fos_inject(f, fr, lens[i]);
            fos_run(f, 1000000);
            g_free(fr);
        }
        g_assert_cmpuint(f->rx->len, ==, G_N_ELEMENTS(lens));
        for (unsigned i = 0; i < G_N_ELEMENTS(lens); i++) {
            FosRx *r = &g_array_index(f->rx, FosRx, i);
            bool copied = !zero && lens[i] <= 256;
            g_assert_cmpuint(r->room, ==, copied ? lens[i] : E1K_RXBUFFER_2048);
        }
        fos_free(f);
    }
}

/* A burst delivered in one poll returns buffers every 16 descriptors
 * (E1000_RX_BUFFER_WRITE) and writes RDT = next_to_use - 1. */
static void test_rx_rdt_batches(void)
{
    FakeOs *f = up(E1K_MODE_NAPI, NULL);
    uint8_t *fr = seq_frame(60, 0);
    uint32_t rdt_before = fos_writes_of(f, E1K_RDT, -1);

    /* Mask interrupts by hand so the 40 frames pile up in the ring. */
    tp_wr(f->tp, E1K_IMC, 0xFFFFFFFFu);
    for (int i = 0; i < 40; i++) {
        fos_inject(f, fr, 60);
        tp_advance(f->tp, fos_wire_ns(60));
    }
    tp_advance(f->tp, 1000000);
    g_assert_cmpuint(f->rx->len, ==, 0);
    f->napi_scheduled = true;
    fos_service(f);
    g_assert_cmpuint(f->rx->len, ==, 40);
    /* 16 + 16 in batches, then the remaining 8 at the end of the clean. */
    g_assert_cmpuint(fos_writes_of(f, E1K_RDT, FOS_CTX_POLL), ==, 3);
    g_assert_cmpuint(fos_writes_of(f, E1K_RDT, -1) - rdt_before, ==, 3);
    uint32_t ntu = f->a->rx_ring.next_to_use;
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_RDT), ==,
                     ntu == 0 ? f->a->rx_ring.count - 1 : ntu - 1);
    g_assert_cmpuint(f->a->rx_ring.next_to_clean, ==, 40);
    g_assert_cmpuint(f->charges[E1K_COST_RX_REFILL], ==, 255u + 40u);
    g_free(fr);
    fos_free(f);
}

/* IPv4/UDP frame with a correct UDP checksum (or a broken one). */
static uint8_t *udp_frame(uint32_t payload, bool good, uint32_t *len_out)
{
    uint32_t len = 14 + 20 + 8 + payload;
    uint8_t *f = g_malloc0(len);
    memcpy(f, station, 6);
    f[6] = 0x02; f[11] = 0x01;
    f[12] = 0x08; f[13] = 0x00;
    uint8_t *ip = f + 14;
    ip[0] = 0x45;
    ip[2] = (uint8_t)((20 + 8 + payload) >> 8);
    ip[3] = (uint8_t)(20 + 8 + payload);
    ip[8] = 64;
    ip[9] = 17;
    ip[12] = 10; ip[15] = 1;
    ip[16] = 10; ip[19] = 2;
    uint32_t s = 0;
    for (int i = 0; i < 20; i += 2) {
        s += (uint32_t)ip[i] << 8 | ip[i + 1];
    }
    while (s >> 16) s = (s & 0xFFFF) + (s >> 16);
    ip[10] = (uint8_t)(~s >> 8);
    ip[11] = (uint8_t)~s;
    uint8_t *u = ip + 20;
    u[0] = 0x30; u[1] = 0x39; u[2] = 0x00; u[3] = 0x35;
    u[4] = (uint8_t)((8 + payload) >> 8);
    u[5] = (uint8_t)(8 + payload);
    for (uint32_t i = 0; i < payload; i++) {
        u[8 + i] = (uint8_t)(i * 7);
    }
    /* Pseudo header + UDP. */
    s = 0;
    for (int i = 12; i < 20; i += 2) {
        s += (uint32_t)ip[i] << 8 | ip[i + 1];
    }
    s += 17 + 8 + payload;
    for (uint32_t i = 0; i < 8 + payload; i += 2) {
        s += (uint32_t)u[i] << 8 | (i + 1 < 8 + payload ? u[i + 1] : 0);
    }
    while (s >> 16) s = (s & 0xFFFF) + (s >> 16);
    uint16_t c = (uint16_t)~s;
    if (c == 0) c = 0xFFFF;
    if (!good) c ^= 0x0101;
    u[6] = (uint8_t)(c >> 8);
    u[7] = (uint8_t)c;
    *len_out = len;
    return f;
}

static void xsum_off(struct e1k_drv_params *p)
{
    p->XsumRX = 0;
}

/* XsumRX=1: a good UDP checksum marks the skb CHECKSUM_UNNECESSARY, a bad
 * one does not (TCPE); XsumRX=0: never (hardware not asked). */
static void test_rx_checksum(void)
{
    for (int off = 0; off < 2; off++) {
        FakeOs *f = up(E1K_MODE_NAPI, off ? xsum_off : NULL);
        uint32_t len;
        uint8_t *good = udp_frame(100, true, &len);
        uint8_t *bad = udp_frame(100, false, &len);
        fos_inject(f, good, len);
        fos_run(f, 1000000);
        fos_inject(f, bad, len);
        fos_run(f, 1000000);
        uint8_t *plain = seq_frame(100, 1);
        fos_inject(f, plain, 100);
        fos_run(f, 1000000);
        g_assert_cmpuint(f->rx->len, ==, 3);
        g_assert_cmpint(g_array_index(f->rx, FosRx, 0).csum_ok, ==, !off);
        g_assert_false(g_array_index(f->rx, FosRx, 1).csum_ok);
        g_assert_false(g_array_index(f->rx, FosRx, 2).csum_ok);
        g_assert_cmpuint(f->a->hw_csum_good, ==, off ? 0 : 1);
        g_assert_cmpuint(f->a->hw_csum_err, ==, off ? 0 : 1);
        g_free(good);
        g_free(bad);
        g_free(plain);
        fos_free(f);
    }
}

static void small_ring(struct e1k_drv_params *p)
{
    p->RxDescriptors = 80;
}

/* Jumbo frames: at MTU 1500 the NIC refuses an 8014-byte frame (ROC, no
 * LPE); after e1k_drv_change_mtu(8000) on the open interface (reopened
 * with LPE and 8192-byte buffers, the fake OS's largest skb) two arrive
 * whole and byte-exact; at MTU 9000 the packet buffer split changes. */
static void test_rx_jumbo(void)
{
    FakeOs *f = up(E1K_MODE_NAPI, NULL);
    uint8_t *fr = seq_frame(8014, 3);
    E1kTotals t;

    g_assert_cmpint(tp_rx(f->tp, fr, 8014), ==, E1K_RX_BAD_SIZE);
    g_assert_cmpint(e1k_drv_change_mtu(f->a, 8000), ==, 0);
    fos_run(f, 100000000);
    g_assert_true(f->carrier);
    for (int i = 0; i < 2; i++) {
        fos_inject(f, fr, 8014);
        fos_run(f, fos_wire_ns(8014));
    }
    fos_run(f, 2000000);
    g_assert_cmpuint(f->rx->len, ==, 2);
    for (guint i = 0; i < 2; i++) {
        FosRx *r = &g_array_index(f->rx, FosRx, i);
        g_assert_cmpmem(r->data, r->len, fr, 8014);
    }
    e1k_totals(f->tp->dev, &t);
    g_assert_cmpuint(t.roc, ==, 1);
    g_assert_cmpuint(t.gprc, ==, 2);
    /* MTU 9000 on the open interface: the receive packet buffer shrinks
     * to 40 KB (PBA, Linux e1000_reset for the 82545), taken at the MAC
     * reset the MTU change does before reopening */
    g_assert_cmpuint(f->tp->dev->rx.cap, ==, 48u * 1024u);
    g_assert_cmpint(e1k_drv_change_mtu(f->a, 9000), ==, 0);
    g_assert_cmpuint(e1k_reg(f->tp->dev, E1K_PBA) & E1K_PBA_RXA_MASK, ==, 40);
    g_assert_cmpuint(f->tp->dev->rx.cap, ==, 40u * 1024u);
    g_free(fr);
    fos_free(f);
}

/* Index of `ethtool -S` statistic @name in the driver core's table. */
static unsigned int ethtool_index(const char *name)
{
    for (unsigned int i = 0; i < E1K_ETHTOOL_STATS; i++) {
        if (!strcmp(e1k_drv_ethtool_name(i), name)) {
            return i;
        }
    }
    g_assert_not_reached();
}

/* The ethtool -S table reads the registers Intel's driver reads: RNBC,
 * MPC, GPRC, GORC (twice: rx_bytes and rx_long_byte_count), ROC; the
 * glue's tx_timeout_count is passed through; Intel's names come first;
 * e1k_drv_counters_from_ethtool gives the core's counters back. */
static void check_ethtool(struct e1k_adapter *a, const E1kTotals *t)
{
    uint64_t v[E1K_ETHTOOL_STATS];
    struct e1k_drv_counters c, back;

    e1k_drv_get_ethtool_stats(a, 7, v);
    g_assert_cmpuint(v[ethtool_index("rx_no_buffer_count")], ==, t->rnbc);
    g_assert_cmpuint(v[ethtool_index("rx_missed_errors")], ==, t->mpc);
    g_assert_cmpuint(v[ethtool_index("rx_packets")], ==, t->gprc);
    g_assert_cmpuint(v[ethtool_index("rx_bytes")], ==, t->gorc);
    g_assert_cmpuint(v[ethtool_index("rx_long_byte_count")], ==, t->gorc);
    g_assert_cmpuint(v[ethtool_index("rx_long_length_errors")], ==, t->roc);
    g_assert_cmpuint(v[ethtool_index("tx_timeout_count")], ==, 7);
    g_assert_cmpuint(v[ethtool_index("dropped_smbus")], ==, 0);
    g_assert_cmpuint(ethtool_index("dropped_smbus"), ==,
                     E1K_ETHTOOL_INTEL - 1);
    g_assert_cmpuint(ethtool_index("interrupts"), ==, E1K_ETHTOOL_INTEL);
    g_assert_null(e1k_drv_ethtool_name(E1K_ETHTOOL_STATS));
    e1k_drv_get_counters(a, &c);
    g_assert_cmpuint(c.polls, >, 0);
    memset(&back, 0xA5, sizeof(back));
    e1k_drv_counters_from_ethtool(v, &back);
    g_assert_cmpuint(back.interrupts, ==, c.interrupts);
    g_assert_cmpuint(back.interrupts_none, ==, c.interrupts_none);
    g_assert_cmpuint(back.polls, ==, c.polls);
    g_assert_cmpuint(back.polls_complete, ==, c.polls_complete);
    g_assert_cmpuint(back.polls_budget, ==, c.polls_budget);
    g_assert_cmpuint(back.rx_cleaned, ==, c.rx_cleaned);
    g_assert_cmpuint(back.tx_cleaned, ==, c.tx_cleaned);
    g_assert_cmpuint(back.rx_alloc_failed, ==, c.rx_alloc_failed);
    g_assert_cmpuint(back.tx_busy, ==, c.tx_busy);
    g_assert_cmpuint(back.resets, ==, c.resets);
    g_assert_cmpuint(back.itr_changes, ==, c.itr_changes);
    g_assert_cmpuint(back.itr_current, ==, c.itr_current);
}

/* Overload with the host not servicing the NIC: frames beyond the ring
 * and the packet buffer are dropped.  The watchdog's statistics map MPC to
 * rx_missed_errors / rx_fifo_errors / rx_over_errors (netstat RX-OVR),
 * RNBC to rx_dropped (RX-DRP), GPRC/GORC to rx_packets/rx_bytes
 * (docs/driver.md, seed M3). */
static void test_rx_overrun_stats(void)
{
    FakeOs *f = up(E1K_MODE_NAPI, small_ring);
    uint8_t *fr = seq_frame(60, 0);
    const uint32_t n = 2000;
    E1kTotals t;
    struct e1k_link_stats64 s;

    tp_wr(f->tp, E1K_IMC, 0xFFFFFFFFu);
    for (uint32_t i = 0; i < n; i++) {
        (void)tp_rx(f->tp, fr, 60);
        tp_advance(f->tp, fos_wire_ns(60));
    }
    tp_advance(f->tp, 1000000);
    e1k_totals(f->tp->dev, &t);
    g_assert_cmpuint(t.mpc, >, 0);
    g_assert_cmpuint(t.rnbc, >, 0);
    g_assert_cmpuint(t.gprc + t.mpc, ==, n);

    e1k_drv_watchdog(f->a);
    e1k_drv_get_stats64(f->a, &s);
    g_assert_cmpuint(s.rx_missed_errors, ==, t.mpc);
    g_assert_cmpuint(s.rx_fifo_errors, ==, t.mpc);
    g_assert_cmpuint(s.rx_over_errors, ==, t.mpc);
    g_assert_cmpuint(s.rx_dropped, ==, t.rnbc);
    g_assert_cmpuint(s.rx_errors, ==, t.rnbc);
    g_assert_cmpuint(s.rx_packets, ==, t.gprc);
    g_assert_cmpuint(s.rx_bytes, ==, t.gorc);
    g_assert_cmpuint(s.rx_length_errors, ==, 0);

    /* Statistics accumulate across watchdog runs (registers clear on
     * read): drain the ring, run again, nothing lost or doubled.  The
     * poll re-enables the interrupts masked by hand above. */
    f->napi_scheduled = true;
    fos_run(f, 10000000);
    e1k_drv_watchdog(f->a);
    fos_run(f, 10000000);
    e1k_totals(f->tp->dev, &t);
    e1k_drv_update_stats(f->a);
    e1k_drv_get_stats64(f->a, &s);
    g_assert_cmpuint(s.rx_packets, ==, t.gprc);
    g_assert_cmpuint(s.rx_missed_errors, ==, t.mpc);
    g_assert_cmpuint(f->rx->len, ==, t.gprc);
    check_ethtool(f->a, &t);
    g_free(fr);
    fos_free(f);
}

/* Allocation failures during refill are counted and the ring recovers
 * once memory is back. */
static void test_rx_alloc_failure(void)
{
    FakeOs *f = up(E1K_MODE_NAPI, NULL);
    uint8_t *fr = seq_frame(600, 0);
    struct e1k_drv_counters c;

    f->skb_alloc_fail = 1000000;
    for (int i = 0; i < 10; i++) {
        fos_inject(f, fr, 600);
        fos_run(f, 100000);
    }
    g_assert_cmpuint(f->rx->len, ==, 10);
    e1k_drv_get_counters(f->a, &c);
    g_assert_cmpuint(c.rx_alloc_failed, >, 0);
    f->skb_alloc_fail = 0;
    for (int i = 0; i < 10; i++) {
        fos_inject(f, fr, 600);
        fos_run(f, 100000);
    }
    g_assert_cmpuint(f->rx->len, ==, 20);
    g_assert_cmpuint(fos_skbs_in_use(f), ==, 255);
    g_free(fr);
    fos_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/driver/rx/in-order", test_rx_in_order);
    g_test_add_func("/driver/rx/jumbo", test_rx_jumbo);
    g_test_add_func("/driver/rx/copybreak", test_rx_copybreak);
    g_test_add_func("/driver/rx/rdt-batches", test_rx_rdt_batches);
    g_test_add_func("/driver/rx/checksum", test_rx_checksum);
    g_test_add_func("/driver/rx/overrun-stats", test_rx_overrun_stats);
    g_test_add_func("/driver/rx/alloc-failure", test_rx_alloc_failure);
    return g_test_run();
}
