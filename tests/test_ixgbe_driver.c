/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The 82598EB driver core (driver/ixgbe_*.c) over the real 82598 model
 * through the fake OS of tests/xfos.c: probe and open (the EEPROM's MAC,
 * IVAR, GPIE, EIAM, EITR, RSS registers as Linux ixgbe programs them),
 * RSS queue choice against the model's own classifier, the four
 * policies' register traffic, EITR values of InterruptThrottleRate and
 * the dynamic mode, software LRO (merge, flush on a gap and on non-TCP,
 * counters), transmit with checksum offload and TSO.
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_drv.h"
#include "ixgbe_regs.h"
#include "xfos.h"

#define SRC_IP 0x0A000001u
#define DST_IP 0x0A000002u

static struct e1k_os *up(struct ixg_drv_params *p)
{
    struct e1k_os *os = xf_new();
    os->a = ixg_drv_probe(os, p);
    g_assert_nonnull(os->a);
    g_assert_cmpint(ixg_drv_open(os->a), ==, 0);
    xf_run_until(os, os->xp->now + 1000);
    return os;
}

static void down(struct e1k_os *os)
{
    ixg_drv_remove(os->a);
    xf_free(os);
}

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v >> 16);
    put16(p + 2, v & 0xFFFFu);
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

/* A TCP/IPv4 segment to the device: @seq, ACK 777 + @seq, window 4096 +
 * (@seq & 0xFF), flags ACK (| @flags), @plen payload bytes of value
 * seq & 0xFF, correct checksums (g_malloc'd). */
static uint8_t *tcp_seg(struct e1k_os *os, uint32_t seq, uint32_t plen,
                        uint8_t flags, uint32_t *len)
{
    *len = 54u + plen;
    uint8_t *f = xp_ip_frame(ixg_config(os->xp->dev)->mac, SRC_IP, DST_IP,
                             5000, 80, 1, *len);
    uint8_t *tcp = f + 34;
    uint32_t sum = (SRC_IP >> 16) + (SRC_IP & 0xFFFFu) + (DST_IP >> 16) +
                   (DST_IP & 0xFFFFu) + 6u + 20u + plen;
    put32(tcp + 4, seq);
    put32(tcp + 8, 777u + seq);                 /* ACK, window: per */
    tcp[13] = (uint8_t)(0x10u | flags);
    put16(tcp + 14, 4096u + (seq & 0xFFu));     /* segment */
    memset(tcp + 20, (int)(seq & 0xFFu), plen);
    put16(tcp + 16, 0);
    put16(tcp + 16, xp_inet_csum(sum, tcp, 20u + plen));
    return f;
}

/* Whether the TCP checksum of frame @f (TCP header and payload @n bytes)
 * verifies over the pseudo-header (RFC 793 3.1). */
static bool tcp_csum_valid(const uint8_t *f, uint32_t n)
{
    uint32_t sum = (SRC_IP >> 16) + (SRC_IP & 0xFFFFu) + (DST_IP >> 16) +
                   (DST_IP & 0xFFFFu) + 6u + n;
    return xp_inet_csum(sum, f + 34, n) == 0;
}

static void test_probe_open(void)
{
    struct ixg_drv_params p;
    ixg_drv_params_default(&p);
    p.queues = 4;
    p.udp_rss = 1;
    struct e1k_os *os = up(&p);

    g_assert_cmpmem(ixg_drv_mac(os->a), 6, ixg_config(os->xp->dev)->mac, 6);
    g_assert_true(xf_logged(os, "NIC Link is Up 10 Gbps"));
    g_assert_true(os->carrier);
    g_assert_cmpuint(ixg_drv_queues(os->a), ==, 4);
    /* INT_Alloc 0-3 (RX) and 64-67 (TX) -> vectors 0-3, 97 -> 4 */
    g_assert_cmphex(ixg_peek_reg(os->xp->dev, IXG_IVAR(0)), ==, 0x83828180u);
    g_assert_cmphex(ixg_peek_reg(os->xp->dev, IXG_IVAR(16)), ==,
                    0x83828180u);
    g_assert_cmphex(ixg_peek_reg(os->xp->dev, IXG_IVAR(24)) & 0xFF00u, ==,
                    0x8400u);
    /* InterruptThrottleRate 1 starts at 20000/s: 1e9/(256 x 20000) */
    g_assert_cmphex(xf_last_write(os, IXG_EITR(3)), ==, 195u | 195u << 16);
    g_assert_cmphex(xf_last_write(os, IXG_GPIE), ==,
                    IXG_GPIE_MSIX_MODE | IXG_GPIE_PBA_SUPPORT |
                    IXG_GPIE_OCD | IXG_GPIE_EIAME);
    g_assert_cmphex(xf_last_write(os, IXG_EIAM), ==, 0xFu);
    g_assert_cmphex(xf_last_write(os, IXG_EIAC), ==, 0xFu);
    g_assert_cmphex(xf_last_write(os, IXG_RETA(0)), ==, 0x33221100u);
    g_assert_cmphex(xf_last_write(os, IXG_RSSRK(0)), ==, 0xda565a6du);
    g_assert_cmphex(xf_last_write(os, IXG_MRQC), ==,
                    IXG_MRQC_RSSEN | IXG_MRQC_TCP_IPV4 | IXG_MRQC_IPV4 |
                    IXG_MRQC_TCP_IPV6 | IXG_MRQC_IPV6 | IXG_MRQC_UDP_IPV4 |
                    IXG_MRQC_UDP_IPV6);
    g_assert_cmphex(xf_last_write(os, IXG_SRRCTL(2)), ==,
                    2u | IXG_SRRCTL_DESCTYPE_ADV_ONEBUF);
    /* 511 buffers given: RDT = next_to_use */
    g_assert_cmpuint(xf_last_write(os, IXG_RDT(1)), ==, 511u);
    down(os);
}

static void test_params(void)
{
    struct ixg_drv_params p;
    ixg_drv_params_default(&p);
    g_assert_null(ixg_drv_params_check(&p));
    p.queues = 17;
    g_assert_nonnull(ixg_drv_params_check(&p));
    p.queues = 16;
    p.InterruptThrottleRate = 955;
    g_assert_nonnull(ixg_drv_params_check(&p));
    p.InterruptThrottleRate = 488281;
    g_assert_null(ixg_drv_params_check(&p));
    p.LRO = 1;
    p.mode = E1K_MODE_LEGACY;
    g_assert_nonnull(ixg_drv_params_check(&p));
    p.mode = E1K_MODE_NAPI;
    p.TSO = 1;
    g_assert_nonnull(ixg_drv_params_check(&p));
}

/* 64 UDP flows over 4 queues land where the model's RSS says, each
 * handed up by its queue's vector. */
static void test_rss_queues(void)
{
    struct ixg_drv_params p;
    ixg_drv_params_default(&p);
    p.queues = 4;
    p.udp_rss = 1;
    struct e1k_os *os = up(&p);
    uint32_t want[4] = {0};
    int expect[64];

    for (uint32_t i = 0; i < 64; i++) {
        uint8_t *f = xp_ip_frame(ixg_config(os->xp->dev)->mac, SRC_IP,
                                 DST_IP, (uint16_t)(1000 + i), 9, 0, 60);
        uint32_t hash, type;
        uint32_t q = ixg_rss_classify(os->xp->dev, f, 60, &hash, &type);
        g_assert_cmpuint(q, ==, ixg_drv_rss_queue(os->a, hash));
        expect[i] = (int)q;
        want[q]++;
        xf_receive(os, f, 60);
        xf_run_until(os, os->xp->now + 1000);
        g_free(f);
    }
    xf_run_until(os, os->xp->now + 1000000);
    g_assert_cmpuint(os->rx->len, ==, 64);
    for (guint i = 0; i < os->rx->len; i++) {
        const XfRx *r = &g_array_index(os->rx, XfRx, i);
        uint32_t sport = (uint32_t)r->data[34] << 8 | r->data[35];
        g_assert_cmpint(r->vector, ==, expect[sport - 1000]);
        g_assert_true(r->csum_ok);
    }
    for (uint32_t q = 0; q < 4; q++) {
        struct ixg_drv_queue_counters c;
        g_assert_cmpint(ixg_drv_get_queue_counters(os->a, q, &c), ==, 0);
        g_assert_cmpuint(c.rx_packets, ==, want[q]);
        g_assert_cmpuint(want[q], >, 0);
        g_assert_cmpuint(c.interrupts, >, 0);
        g_assert_cmpuint(c.interrupts, ==, ixg_vector_messages(
                             os->xp->dev, q));
    }
    down(os);
}

/* 300 frames 1 us apart on one queue in policy @mode. */
static struct e1k_os *run_policy(enum e1k_drv_mode mode)
{
    struct ixg_drv_params p;
    ixg_drv_params_default(&p);
    p.mode = mode;
    struct e1k_os *os = up(&p);
    for (uint32_t i = 0; i < 300; i++) {
        uint8_t *f = xp_ip_frame(ixg_config(os->xp->dev)->mac, SRC_IP,
                                 DST_IP, (uint16_t)i, 9, 0, 100);
        xf_receive(os, f, 100);
        g_free(f);
        xf_run_until(os, os->xp->now + 1000);
    }
    xf_run_until(os, os->xp->now + 1000000);
    g_assert_cmpuint(os->rx->len, ==, 300);
    for (guint i = 0; i < 300; i++) {
        const XfRx *r = &g_array_index(os->rx, XfRx, i);
        g_assert_cmpuint((uint32_t)r->data[34] << 8 | r->data[35], ==, i);
        g_assert_cmpuint(r->len, ==, 100);
        g_assert_true(r->via_netif_rx == (mode == E1K_MODE_LEGACY));
    }
    return os;
}

static void test_policies(void)
{
    struct ixg_drv_counters c;
    struct e1k_os *os = run_policy(E1K_MODE_NAPI);
    /* auto-mask: the handler touches no register; the poll re-enables */
    g_assert_cmpuint(os->reads_in_handler, ==, 0);
    g_assert_cmpuint(xf_writes_in(os, 1), ==, 0);
    ixg_drv_get_counters(os->a, &c);
    g_assert_cmpuint(c.polls_complete, >=, c.interrupts - c.interrupts_other);
    g_assert_cmpuint(c.interrupts, <, 300);
    down(os);

    os = run_policy(E1K_MODE_NAPI_TWIST);
    for (guint i = 0; i < os->writes->len; i++) {
        const XfWrite *w = &g_array_index(os->writes, XfWrite, i);
        g_assert_false(w->ctx == 2 && w->reg == IXG_EIMS);
    }
    g_assert_cmphex(xf_last_write(os, IXG_EIAM), ==, 0);
    down(os);

    os = run_policy(E1K_MODE_LEGACY);
    ixg_drv_get_counters(os->a, &c);
    g_assert_cmpuint(c.polls, ==, 0);
    down(os);
}

static void test_itr(void)
{
    struct ixg_drv_params p;
    ixg_drv_params_default(&p);
    p.InterruptThrottleRate = 8000;
    struct e1k_os *os = up(&p);
    g_assert_cmphex(xf_last_write(os, IXG_EITR(0)), ==, 488u | 488u << 16);
    down(os);

    p.InterruptThrottleRate = 0;
    os = up(&p);
    g_assert_cmphex(xf_last_write(os, IXG_EITR(0)), ==, 0);
    down(os);

    /* dynamic: 1514-byte frames every 1.2 us (~1.2 GB/s) are bulk: the
     * rate moves from 20000 towards 8000 a tenth at a time */
    p.InterruptThrottleRate = 1;
    p.mode = E1K_MODE_NAPI_DYNITR;
    os = up(&p);
    for (uint32_t i = 0; i < 2000; i++) {
        uint8_t *f = xp_ip_frame(ixg_config(os->xp->dev)->mac, SRC_IP,
                                 DST_IP, 7, 9, 0, 1514);
        xf_receive(os, f, 1514);
        g_free(f);
        xf_run_until(os, os->xp->now + 1200);
    }
    struct ixg_drv_queue_counters qc;
    ixg_drv_get_queue_counters(os->a, 0, &qc);
    g_assert_cmpuint(qc.itr, <, 20000u);
    g_assert_cmpuint(qc.itr, >=, 8000u);
    g_assert_cmpuint(xf_last_write(os, IXG_EITR(0)) & 0xFFFFu, ==,
                     1000000000u / (256u * qc.itr));
    struct ixg_drv_counters c;
    ixg_drv_get_counters(os->a, &c);
    g_assert_cmpuint(c.itr_changes, >, 0);
    down(os);
}

/* Segments @seqs arriving back to back within one EITR interval (its
 * counter reloaded first: 125 us), so that one poll sees them all. */
static void lro_feed(struct e1k_os *os, const uint32_t *seqs, uint32_t n,
                     uint32_t plen)
{
    ixg_mmio_write(os->xp->dev, IXG_EITR(0), 488u | 488u << 16, 4);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t len;
        uint8_t *f = tcp_seg(os, seqs[i], plen, 0, &len);
        xf_receive(os, f, len);
        g_free(f);
    }
    xf_run_until(os, os->xp->now + 1000000);
}

static void test_lro(void)
{
    struct ixg_drv_params p;
    struct ixg_drv_queue_counters c;
    ixg_drv_params_default(&p);
    p.LRO = 1;
    p.InterruptThrottleRate = 8000;   /* 125 us: a burst in one poll */
    struct e1k_os *os = up(&p);
    uint32_t seqs[8];

    for (uint32_t i = 0; i < 8; i++) {
        seqs[i] = 1000u + 1000u * i;
    }
    lro_feed(os, seqs, 8, 1000);
    g_assert_cmpuint(os->rx->len, ==, 1);
    const XfRx *r = &g_array_index(os->rx, XfRx, 0);
    g_assert_cmpuint(r->len, ==, 54u + 8000u);
    g_assert_cmpuint((uint32_t)r->data[16] << 8 | r->data[17], ==,
                     40u + 8000u);
    g_assert_cmphex(xp_inet_csum(0, r->data + 14, 20), ==, 0);
    g_assert_cmpuint(r->data[54 + 7999], ==, (1000u + 7000u) & 0xFFu);
    /* the first segment's sequence number; the last one's ACK and
     * window; a TCP checksum valid for the merged segment; gso_size the
     * segments' MSS (inet_lro's lro_flush) */
    g_assert_cmpuint(get32(r->data + 38), ==, 1000u);
    g_assert_cmpuint(get32(r->data + 42), ==, 777u + 8000u);
    g_assert_cmpuint((uint32_t)r->data[48] << 8 | r->data[49], ==,
                     4096u + (8000u & 0xFFu));
    g_assert_true(tcp_csum_valid(r->data, 20u + 8000u));
    g_assert_true(r->csum_ok);
    g_assert_cmpuint(r->gso_size, ==, 1000u);
    ixg_drv_get_queue_counters(os->a, 0, &c);
    g_assert_cmpuint(c.lro_aggregated, ==, 8);
    g_assert_cmpuint(c.lro_flushed, ==, 1);
    /* inet_lro's per-segment work, once per segment taken */
    g_assert_cmpuint(os->charges[E1K_COST_LRO_SEGMENT], ==, 8);

    /* a gap flushes: 0,1 | 3,4 */
    uint32_t gap[4] = { 20000, 21000, 23000, 24000 };
    lro_feed(os, gap, 4, 1000);
    g_assert_cmpuint(os->rx->len, ==, 3);
    g_assert_cmpuint(g_array_index(os->rx, XfRx, 1).len, ==, 54u + 2000u);
    g_assert_cmpuint(g_array_index(os->rx, XfRx, 2).len, ==, 54u + 2000u);
    ixg_drv_get_queue_counters(os->a, 0, &c);
    g_assert_cmpuint(c.lro_aggregated, ==, 12);
    g_assert_cmpuint(c.lro_flushed, ==, 3);
    g_assert_cmpuint(os->charges[E1K_COST_LRO_SEGMENT], ==, 12);

    /* a FIN is flagged: it flushes and goes up alone */
    uint32_t len;
    ixg_mmio_write(os->xp->dev, IXG_EITR(0), 488u | 488u << 16, 4);
    uint8_t *f = tcp_seg(os, 30000, 100, 0, &len);
    xf_receive(os, f, len);
    g_free(f);
    f = tcp_seg(os, 30100, 100, 0x01, &len);
    xf_receive(os, f, len);
    g_free(f);
    xf_run_until(os, os->xp->now + 1000000);
    g_assert_cmpuint(os->rx->len, ==, 5);
    g_assert_cmpuint(g_array_index(os->rx, XfRx, 4).data[47], ==, 0x11);
    /* the FIN is not taken into a session: not charged */
    g_assert_cmpuint(os->charges[E1K_COST_LRO_SEGMENT], ==, 13);

    /* odd payloads (the second starts at an odd offset of the merged
     * payload, its sum byte-swapped): the checksum still verifies */
    uint32_t odd[3] = { 40000, 40999, 41998 };
    lro_feed(os, odd, 3, 999);
    g_assert_cmpuint(os->rx->len, ==, 6);
    r = &g_array_index(os->rx, XfRx, 5);
    g_assert_cmpuint(r->len, ==, 54u + 2997u);
    g_assert_true(tcp_csum_valid(r->data, 20u + 2997u));
    g_assert_cmpuint(r->gso_size, ==, 999u);
    down(os);
}

static void test_tx(void)
{
    struct ixg_drv_params p;
    ixg_drv_params_default(&p);
    p.queues = 2;
    p.XsumTX = 1;
    p.TSO = 1;
    struct e1k_os *os = up(&p);
    const uint8_t *peer = (const uint8_t *)"\x02\x00\x00\x00\x00\x09";

    for (uint32_t i = 0; i < 10; i++) {
        uint8_t *f = xp_ip_frame(peer, SRC_IP, DST_IP, (uint16_t)i, 9, 0, 60);
        os->cpu = i & 1u;
        g_assert_cmpint(ixg_drv_xmit(os->a, xf_skb(os, f, 60)), ==, 0);
        g_free(f);
    }
    xf_run_until(os, os->xp->now + 1000000);
    g_assert_cmpuint(os->xp->tx->len, ==, 10);
    struct ixg_drv_queue_counters c0, c1;
    ixg_drv_get_queue_counters(os->a, 0, &c0);
    ixg_drv_get_queue_counters(os->a, 1, &c1);
    g_assert_cmpuint(c0.tx_packets, ==, 5);
    g_assert_cmpuint(c1.tx_packets, ==, 5);

    /* TSO: 3000 bytes of payload at MSS 1000 -> 3 segments with valid
     * IPv4 and TCP checksums */
    uint32_t len;
    uint8_t *f = tcp_seg(os, 5000, 3000, 0, &len);
    struct e1k_skb *skb = xf_skb(os, f, len);
    g_free(f);
    skb->csum_partial = true;
    skb->csum_start = 34;
    skb->csum_offset = 16;
    skb->gso_size = 1000;
    g_assert_cmpint(ixg_drv_xmit(os->a, skb), ==, 0);
    xf_run_until(os, os->xp->now + 1000000);
    g_assert_cmpuint(os->xp->tx->len, ==, 13);
    for (guint i = 10; i < 13; i++) {
        const XpFrame *w = &g_array_index(os->xp->tx, XpFrame, i);
        uint32_t sum = (SRC_IP >> 16) + (SRC_IP & 0xFFFFu) +
                       (DST_IP >> 16) + (DST_IP & 0xFFFFu) + 6u + 1020u;
        g_assert_cmpuint(w->len, ==, 1054u);
        g_assert_cmphex(xp_inet_csum(0, w->data + 14, 20), ==, 0);
        g_assert_cmphex(xp_inet_csum(sum, w->data + 34, 1020), ==, 0);
    }
    down(os);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe_driver/probe_open", test_probe_open);
    g_test_add_func("/ixgbe_driver/params", test_params);
    g_test_add_func("/ixgbe_driver/rss_queues", test_rss_queues);
    g_test_add_func("/ixgbe_driver/policies", test_policies);
    g_test_add_func("/ixgbe_driver/itr", test_itr);
    g_test_add_func("/ixgbe_driver/lro", test_lro);
    g_test_add_func("/ixgbe_driver/tx", test_tx);
    return g_test_run();
}
