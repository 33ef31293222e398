/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Extended transmit descriptors: context + data descriptors, TCP and UDP
 * segmentation (SDM 3.3.6-3.3.7, 3.5-3.6), checksum offload with a zero
 * UDP checksum (sent as 0xFFFF) and hostile TSO chains.  Every
 * checksum the model inserts is verified here with an independent
 * RFC 1071 sum over the pseudo-header and the segment.
 */
#include "txtest.h"

#define EOP E1K_TXD_CMD_EOP
#define IFCS E1K_TXD_CMD_IFCS
#define RS E1K_TXD_CMD_RS
#define TSE E1K_TXD_CMD_TSE
#define IXSM E1K_TXD_POPTS_IXSM
#define TXSM E1K_TXD_POPTS_TXSM
#define TCTL_STD (E1K_TCTL_EN | E1K_TCTL_PSP)

#define ETH_LEN 14
#define IP_OFF 14
#define L4_OFF 34
#define TCP_HDR 54 /* Ethernet + IPv4 + TCP, no options */
#define UDP_HDR 42 /* Ethernet + IPv4 + UDP */
#define IP_ID0 0x1234
#define SEQ0 0x11223344u

static const uint8_t saddr[4] = { 10, 0, 0, 1 };
static const uint8_t daddr[4] = { 10, 0, 0, 2 };

static E1kTotals totals(TestPort *tp)
{
    E1kTotals t;
    e1k_totals(tp->dev, &t);
    return t;
}

/* Pseudo-header sum (folded, not complemented) for @proto and L4
 * length @l4len (RFC 793/768). */
static uint32_t pseudo_sum(uint8_t proto, uint32_t l4len)
{
    uint8_t ph[12];
    memcpy(ph, saddr, 4);
    memcpy(ph + 4, daddr, 4);
    ph[8] = 0;
    ph[9] = proto;
    txt_put_be16(ph + 10, (uint16_t)l4len);
    return txt_sum(0, ph, 12);
}

/* Ethernet + IPv4 header at @p (total length @totlen, checksum @csum). */
static void put_eth_ip(uint8_t *p, uint8_t proto, uint16_t totlen,
                       int ip_csum)
{
    memcpy(p, txt_ucast, 6);
    memcpy(p + 6, "\x02\x00\x00\x00\x00\x01", 6);
    p[12] = 0x08;
    p[13] = 0x00;
    memset(p + IP_OFF, 0, 20);
    p[IP_OFF] = 0x45;
    txt_put_be16(p + IP_OFF + 2, totlen);
    txt_put_be16(p + IP_OFF + 4, IP_ID0);
    p[IP_OFF + 6] = 0x40; /* DF */
    p[IP_OFF + 8] = 64;
    p[IP_OFF + 9] = proto;
    memcpy(p + IP_OFF + 12, saddr, 4);
    memcpy(p + IP_OFF + 16, daddr, 4);
    if (ip_csum) {
        txt_put_be16(p + IP_OFF + 10,
                     (uint16_t)~txt_sum(0, p + IP_OFF, 20));
    }
}

/* A TSO prototype as Linux e1000_tso prepares it: IP total length and
 * checksum 0, TCP checksum seeded with the pseudo-header sum without
 * length; flags FIN|PSH|ACK; then @paylen payload bytes. */
static void put_tcp_tso(uint8_t *p, uint32_t paylen)
{
    uint8_t *t = p + L4_OFF;
    put_eth_ip(p, 6, 0, 0);
    memset(t, 0, 20);
    txt_put_be16(t, 1000);
    txt_put_be16(t + 2, 2000);
    t[4] = (uint8_t)(SEQ0 >> 24);
    t[5] = (uint8_t)(SEQ0 >> 16);
    t[6] = (uint8_t)(SEQ0 >> 8);
    t[7] = (uint8_t)SEQ0;
    t[8] = 0x55;
    t[12] = 0x50;
    t[13] = 0x19;
    txt_put_be16(t + 14, 0xFFFF);
    txt_put_be16(t + 16, (uint16_t)pseudo_sum(6, 0));
    for (uint32_t i = 0; i < paylen; i++) {
        p[TCP_HDR + i] = (uint8_t)(i * 7 + 3);
    }
}

/* Standard TCP TSO context at ring slot @i. */
static void ctx_tcp(TestPort *tp, uint32_t i, uint32_t paylen, uint8_t hdrlen,
                    uint16_t mss)
{
    txt_ctx(tp, i, IP_OFF, IP_OFF + 10, L4_OFF - 1, L4_OFF, L4_OFF + 16, 0,
            paylen, E1K_TXC_TUCMD_TCP | E1K_TXC_TUCMD_IP | E1K_TXC_TUCMD_TSE,
            hdrlen, mss);
}

/* Check segment @seg of a TCP TSO chain built by put_tcp_tso. */
static void check_tcp_segment(const TpFrame *f, const uint8_t *proto,
                              uint32_t seg, uint32_t mss, uint32_t pay,
                              int last)
{
    const uint8_t *ip = f->data + IP_OFF, *t = f->data + L4_OFF;

    g_assert_cmpuint(f->len, ==, TCP_HDR + pay);
    g_assert_cmpmem(f->data, ETH_LEN, proto, ETH_LEN);
    g_assert_cmpuint(txt_be16(ip + 2), ==, 40 + pay);
    g_assert_cmpuint(txt_be16(ip + 4), ==, IP_ID0 + seg);
    g_assert_cmphex(txt_sum(0, ip, 20), ==, 0xFFFF); /* valid header */
    g_assert_cmpmem(ip + 12, 8, proto + IP_OFF + 12, 8);
    g_assert_cmpuint(txt_be32(t + 4), ==, SEQ0 + seg * mss);
    g_assert_cmphex(t[13], ==, last ? 0x19 : 0x10);
    g_assert_cmphex(txt_sum(pseudo_sum(6, 20 + pay), t, 20 + pay), ==,
                    0xFFFF);
    g_assert_cmpmem(f->data + TCP_HDR, pay, proto + TCP_HDR + seg * mss,
                    pay);
}

/* C12 good chain: HDRLEN 54, MSS 1000, PAYLEN 2500 in two data
 * descriptors (the first reaches h+m before EOP): 3 segments. */
static void test_c12_good_chain(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    uint8_t *p = tp_ptr(tp, TXT_BUFS, TCP_HDR + 2500);
    E1kTotals t;

    put_tcp_tso(p, 2500);
    ctx_tcp(tp, 0, 2500, TCP_HDR, 1000);
    txt_data(tp, 1, TXT_BUFS, TCP_HDR + 1500, TSE | IFCS, IXSM | TXSM, 0);
    txt_data(tp, 2, TXT_BUFS + TCP_HDR + 1500, 1000, TSE | IFCS | EOP | RS,
             0, 0);
    tp_wr(tp, E1K_TDT, 3);
    tp_advance(tp, 200000);

    g_assert_cmpuint(tp->tx->len, ==, 3);
    check_tcp_segment(txt_frame(tp, 0), p, 0, 1000, 1000, 0);
    check_tcp_segment(txt_frame(tp, 1), p, 1, 1000, 1000, 0);
    check_tcp_segment(txt_frame(tp, 2), p, 2, 1000, 500, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 3);
    g_assert_cmphex(txt_sta(tp, 2), ==, E1K_TXD_STA_DD);
    g_assert_cmphex(txt_sta(tp, 1), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TSCTC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_GPTC), ==, 3);
    g_assert_cmpuint(tp_rd(tp, E1K_GOTCL), ==, 3 * (TCP_HDR + 4) + 2500);
    t = totals(tp);
    g_assert_cmpuint(t.tx_frames_dropped, ==, 0);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    tp_free(tp);
}

/* Header alone in its own descriptor, payload split at odd places. */
static void test_tso_odd_split(void)
{
    TestPort *tp = txt_new(NULL, 16, TCTL_STD);
    uint8_t *p = tp_ptr(tp, TXT_BUFS, TCP_HDR + 3000);

    put_tcp_tso(p, 3000);
    ctx_tcp(tp, 0, 3000, TCP_HDR, 1460);
    txt_data(tp, 1, TXT_BUFS, 20, TSE | IFCS, IXSM | TXSM, 0);
    txt_data(tp, 2, TXT_BUFS + 20, TCP_HDR - 20 + 7, TSE | IFCS, 0, 0);
    txt_data(tp, 3, TXT_BUFS + TCP_HDR + 7, 2000, TSE | IFCS, 0, 0);
    txt_data(tp, 4, TXT_BUFS + TCP_HDR + 2007, 993, TSE | IFCS | EOP | RS,
             0, 0);
    tp_wr(tp, E1K_TDT, 5);
    tp_advance(tp, 200000);
    g_assert_cmpuint(tp->tx->len, ==, 3);
    check_tcp_segment(txt_frame(tp, 0), p, 0, 1460, 1460, 0);
    check_tcp_segment(txt_frame(tp, 1), p, 1, 1460, 1460, 0);
    check_tcp_segment(txt_frame(tp, 2), p, 2, 1460, 80, 1);
    tp_free(tp);
}

/* UDP segmentation (TUCMD.TCP=0): UDP length and checksum per segment. */
static void test_udp_segmentation(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    uint8_t *p = tp_ptr(tp, TXT_BUFS, UDP_HDR + 2200);
    uint8_t *u = p + L4_OFF;

    put_eth_ip(p, 17, 0, 0);
    txt_put_be16(u, 5000);
    txt_put_be16(u + 2, 6000);
    txt_put_be16(u + 4, 0);
    txt_put_be16(u + 6, (uint16_t)pseudo_sum(17, 0));
    for (uint32_t i = 0; i < 2200; i++) {
        p[UDP_HDR + i] = (uint8_t)(i * 13 + 1);
    }
    txt_ctx(tp, 0, IP_OFF, IP_OFF + 10, L4_OFF - 1, L4_OFF, L4_OFF + 6, 0,
            2200, E1K_TXC_TUCMD_IP | E1K_TXC_TUCMD_TSE, UDP_HDR, 1000);
    txt_data(tp, 1, TXT_BUFS, UDP_HDR + 2200, TSE | IFCS | EOP | RS,
             IXSM | TXSM, 0);
    tp_wr(tp, E1K_TDT, 2);
    tp_advance(tp, 200000);
    g_assert_cmpuint(tp->tx->len, ==, 3);
    for (uint32_t s = 0; s < 3; s++) {
        const TpFrame *f = txt_frame(tp, s);
        uint32_t pay = s < 2 ? 1000 : 200;
        const uint8_t *ip = f->data + IP_OFF, *o = f->data + L4_OFF;
        uint16_t c = txt_be16(o + 6);
        g_assert_cmpuint(f->len, ==, UDP_HDR + pay);
        g_assert_cmpuint(txt_be16(ip + 2), ==, 28 + pay);
        g_assert_cmpuint(txt_be16(ip + 4), ==, IP_ID0 + s);
        g_assert_cmphex(txt_sum(0, ip, 20), ==, 0xFFFF);
        g_assert_cmpuint(txt_be16(o + 4), ==, 8 + pay);
        g_assert_cmphex(c, !=, 0);
        g_assert_cmphex(txt_sum(pseudo_sum(17, 8 + pay), o, 8 + pay), ==,
                        0xFFFF);
        g_assert_cmpmem(f->data + UDP_HDR, pay, p + UDP_HDR + 1000 * s, pay);
    }
    tp_free(tp);
}

/* C11: a UDP datagram whose checksum computes to 0 goes out with 0xFFFF;
 * the IP header checksum is left as the driver wrote it, and with IXSM
 * the device computes the same correct value. */
static void test_c11_udp_zero_checksum(void)
{
    for (int ixsm = 0; ixsm <= 1; ixsm++) {
        TestPort *tp = txt_new(NULL, 8, TCTL_STD);
        const uint32_t pay = 50, len = UDP_HDR + pay;
        uint8_t *p = tp_ptr(tp, TXT_BUFS, len);
        uint8_t *u = p + L4_OFF;
        uint8_t ip_ok[20];
        uint32_t s;
        const TpFrame *f;

        put_eth_ip(p, 17, 20 + 8 + pay, 1);
        memcpy(ip_ok, p + IP_OFF, 20);
        txt_put_be16(u, 5000);
        txt_put_be16(u + 2, 6000);
        txt_put_be16(u + 4, 8 + pay);
        /* CHECKSUM_PARTIAL seed: pseudo-header sum with the length */
        txt_put_be16(u + 6, (uint16_t)pseudo_sum(17, 8 + pay));
        for (uint32_t i = 0; i < pay; i++) {
            u[8 + i] = (uint8_t)(i + 0x40);
        }
        /* Adjust the first payload word so the sum is all ones: the
         * complemented checksum is then 0. */
        u[8] = u[9] = 0;
        s = txt_sum(0, u, 8 + pay);
        txt_put_be16(u + 8, (uint16_t)(0xFFFFu - s));
        g_assert_cmphex(txt_sum(0, u, 8 + pay), ==, 0xFFFF);
        if (ixsm) {
            p[IP_OFF + 10] = p[IP_OFF + 11] = 0; /* device computes it */
        }
        txt_ctx(tp, 0, IP_OFF, IP_OFF + 10, L4_OFF - 1, L4_OFF, L4_OFF + 6,
                0, 0, E1K_TXC_TUCMD_IP, 0, 0);
        txt_data(tp, 1, TXT_BUFS, len, IFCS | EOP | RS,
                 TXSM | (ixsm ? IXSM : 0), 0);
        tp_wr(tp, E1K_TDT, 2);
        tp_advance(tp, 100000);
        g_assert_cmpuint(tp->tx->len, ==, 1);
        f = txt_frame(tp, 0);
        g_assert_cmpuint(f->len, ==, len);
        g_assert_cmphex(txt_be16(f->data + L4_OFF + 6), ==, 0xFFFF);
        g_assert_cmpmem(f->data + IP_OFF, 20, ip_ok, 20);
        g_assert_cmphex(txt_sum(0, f->data + IP_OFF, 20), ==, 0xFFFF);
        /* A receiver accepts 0xFFFF: pseudo-header + datagram = ~0. */
        g_assert_cmphex(txt_sum(pseudo_sum(17, 8 + pay), f->data + L4_OFF,
                                8 + pay), ==, 0xFFFF);
        tp_free(tp);
    }
}

/* TCP checksum offload without TSE: TUCSE=0 sums to the end. */
static void test_tcp_checksum_offload(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    const uint32_t pay = 301, len = TCP_HDR + pay;
    uint8_t *p = tp_ptr(tp, TXT_BUFS, len);
    const TpFrame *f;

    put_tcp_tso(p, pay);
    put_eth_ip(p, 6, 40 + pay, 1);
    txt_put_be16(p + L4_OFF + 16, (uint16_t)pseudo_sum(6, 20 + pay));
    txt_ctx(tp, 0, IP_OFF, IP_OFF + 10, L4_OFF - 1, L4_OFF, L4_OFF + 16, 0,
            0, E1K_TXC_TUCMD_IP | E1K_TXC_TUCMD_TCP, 0, 0);
    txt_data(tp, 1, TXT_BUFS, 100, IFCS, TXSM, 0);
    txt_data(tp, 2, TXT_BUFS + 100, len - 100, IFCS | EOP | RS, 0, 0);
    tp_wr(tp, E1K_TDT, 3);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    f = txt_frame(tp, 0);
    g_assert_cmpuint(f->len, ==, len);
    g_assert_cmphex(txt_sum(pseudo_sum(6, 20 + pay), f->data + L4_OFF,
                            20 + pay), ==, 0xFFFF);
    g_assert_cmphex(f->data[L4_OFF + 13], ==, 0x19); /* flags as given */
    tp_free(tp);
}

/* Run a hostile chain: descriptors 0..@n-1 already in the ring, then a
 * good legacy frame at @n; check that the chain ended within bounds
 * with TDH == TDT, @frames TSO frames sent before the good one, @dropped
 * and @bad counted, and no DMA fault. */
static void run_hostile(TestPort *tp, uint32_t n, guint frames,
                        uint64_t dropped, uint64_t bad)
{
    E1kTotals t;
    txt_put_frame(tp, TXT_BUFS + 0x20000, txt_ucast, 80);
    txt_legacy(tp, n, TXT_BUFS + 0x20000, 80, EOP | IFCS | RS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, n + 1);
    tp_advance(tp, 500000);
    t = totals(tp);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, n + 1);
    g_assert_cmpuint(tp->tx->len, ==, frames + 1);
    g_assert_cmpuint(txt_frame(tp, frames)->len, ==, 80);
    g_assert_cmpuint(t.tx_frames_dropped, ==, dropped);
    g_assert_cmpuint(t.tx_bad_desc, ==, bad);
    g_assert_cmpuint(t.tx_dma_errors, ==, 0);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    g_assert_cmphex(txt_sta(tp, n), ==, E1K_TXD_STA_DD);
    g_assert_cmphex(txt_sta(tp, n - 1), ==, E1K_TXD_STA_DD);
}

/* Good TSO data (two data descriptors, EOP+RS on the second). */
static TestPort *hostile_setup(uint32_t paylen, uint8_t hdrlen, uint16_t mss)
{
    TestPort *tp = txt_new(NULL, 16, TCTL_STD);
    put_tcp_tso(tp_ptr(tp, TXT_BUFS, TCP_HDR + 2500), 2500);
    ctx_tcp(tp, 0, paylen, hdrlen, mss);
    txt_data(tp, 1, TXT_BUFS, TCP_HDR + 1500, TSE | IFCS, IXSM | TXSM, 0);
    txt_data(tp, 2, TXT_BUFS + TCP_HDR + 1500, 1000, TSE | IFCS | EOP | RS,
             0, 0);
    return tp;
}

static void test_c12_mss_zero(void)
{
    TestPort *tp = hostile_setup(2500, TCP_HDR, 0);
    run_hostile(tp, 3, 0, 1, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_TSCTFC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_TSCTC), ==, 0);
    tp_free(tp);
}

/* HDRLEN larger than all the data of the chain. */
static void test_c12_hdrlen_exceeds_data(void)
{
    TestPort *tp = txt_new(NULL, 16, TCTL_STD);
    put_tcp_tso(tp_ptr(tp, TXT_BUFS, TCP_HDR + 100), 100);
    ctx_tcp(tp, 0, 100, TCP_HDR, 1000);
    txt_data(tp, 1, TXT_BUFS, 40, TSE | IFCS | EOP | RS, IXSM | TXSM, 0);
    run_hostile(tp, 2, 0, 1, 1);
    tp_free(tp);
}

/* HDRLEN + MSS beyond the model's segment buffer (255 + 16200). */
static void test_c12_hdrlen_too_large(void)
{
    TestPort *tp = hostile_setup(2500, 255, 16200);
    run_hostile(tp, 3, 0, 1, 1);
    tp_free(tp);
}

/* PAYLEN smaller than the data: the segment reaching PAYLEN is the last
 * one; the surplus data drops the rest of the chain. */
static void test_c12_paylen_short(void)
{
    TestPort *tp = hostile_setup(1000, TCP_HDR, 1000);
    uint8_t *p = tp_ptr(tp, TXT_BUFS, TCP_HDR + 2500);
    run_hostile(tp, 3, 1, 1, 1);
    check_tcp_segment(txt_frame(tp, 0), p, 0, 1000, 1000, 1);
    tp_free(tp);
}

/* PAYLEN larger than the data: full segments leave, the incomplete
 * last one is dropped at EOP. */
static void test_c12_paylen_long(void)
{
    TestPort *tp = hostile_setup(5000, TCP_HDR, 1000);
    uint8_t *p = tp_ptr(tp, TXT_BUFS, TCP_HDR + 2500);
    run_hostile(tp, 3, 2, 1, 1);
    check_tcp_segment(txt_frame(tp, 0), p, 0, 1000, 1000, 0);
    check_tcp_segment(txt_frame(tp, 1), p, 1, 1000, 1000, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TSCTFC), ==, 1);
    tp_free(tp);
}

/* A legacy descriptor inside a TSE chain whose first descriptor already
 * reached HDRLEN + MSS: the segment completed before it has left, the
 * rest of the chain (legacy + data up to EOP) is dropped. */
static void test_c12_mixed_legacy(void)
{
    TestPort *tp = txt_new(NULL, 16, TCTL_STD);
    uint8_t *p = tp_ptr(tp, TXT_BUFS, TCP_HDR + 2600);

    put_tcp_tso(p, 2600);
    ctx_tcp(tp, 0, 2600, TCP_HDR, 1000);
    txt_data(tp, 1, TXT_BUFS, TCP_HDR + 1500, TSE | IFCS, IXSM | TXSM, 0);
    txt_legacy(tp, 2, TXT_BUFS + TCP_HDR + 1500, 100, IFCS | RS, 0, 0, 0);
    txt_data(tp, 3, TXT_BUFS + TCP_HDR + 1600, 1000, TSE | IFCS | EOP | RS,
             0, 0);
    run_hostile(tp, 4, 1, 1, 1);
    check_tcp_segment(txt_frame(tp, 0), p, 0, 1000, 1000, 0);
    g_assert_cmphex(txt_sta(tp, 2), ==, E1K_TXD_STA_DD);
    tp_free(tp);
}

/* A context descriptor inside a chain ends it as malformed. */
static void test_c12_context_inside_chain(void)
{
    TestPort *tp = hostile_setup(2500, TCP_HDR, 1000);
    /* slot 2 becomes a context; slot 3 the EOP data descriptor */
    ctx_tcp(tp, 2, 2500, TCP_HDR, 1000);
    txt_data(tp, 3, TXT_BUFS + TCP_HDR + 1500, 1000, TSE | IFCS | EOP | RS,
             0, 0);
    run_hostile(tp, 4, 1, 1, 1);
    tp_free(tp);
}

/* DTALEN of 1 MB running past the end of guest memory: segments are
 * sent until the data fetch that crosses the end faults once; the
 * chain ends, no endless retry. */
static void test_tso_huge_dtalen_faults_once(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    E1kTotals t;

    put_tcp_tso(tp_ptr(tp, TXT_BUFS, TCP_HDR + 100), 100);
    ctx_tcp(tp, 0, 0xFFFFF, TCP_HDR, 1000);
    txt_data(tp, 1, TXT_BUFS, 0xFFFFF, TSE | IFCS | EOP | RS, IXSM | TXSM,
             0);
    tp_wr(tp, E1K_TDT, 2);
    tp_advance(tp, 50000000);
    t = totals(tp);
    /* Memory after TXT_BUFS: 0xF0000 = 983040 bytes; chunk k (k = 0..)
     * ends at 54 + 1000 (k + 1): chunk 982 crosses the end. */
    g_assert_cmpuint(tp->tx->len, ==, 982);
    g_assert_cmpuint(t.tx_dma_errors, ==, 1);
    g_assert_cmpuint(tp->dma_faults, ==, 1);
    g_assert_cmpuint(t.tx_frames_dropped, ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 2);
    g_assert_cmphex(txt_sta(tp, 1), ==, E1K_TXD_STA_DD);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tso/c12-good-chain", test_c12_good_chain);
    g_test_add_func("/tso/odd-split", test_tso_odd_split);
    g_test_add_func("/tso/udp-segmentation", test_udp_segmentation);
    g_test_add_func("/tso/c11-udp-zero-checksum", test_c11_udp_zero_checksum);
    g_test_add_func("/tso/tcp-checksum-offload", test_tcp_checksum_offload);
    g_test_add_func("/tso/c12-mss-zero", test_c12_mss_zero);
    g_test_add_func("/tso/c12-hdrlen-exceeds-data",
                    test_c12_hdrlen_exceeds_data);
    g_test_add_func("/tso/c12-hdrlen-too-large", test_c12_hdrlen_too_large);
    g_test_add_func("/tso/c12-paylen-short", test_c12_paylen_short);
    g_test_add_func("/tso/c12-paylen-long", test_c12_paylen_long);
    g_test_add_func("/tso/c12-mixed-legacy", test_c12_mixed_legacy);
    g_test_add_func("/tso/c12-context-inside-chain",
                    test_c12_context_inside_chain);
    g_test_add_func("/tso/huge-dtalen-faults-once",
                    test_tso_huge_dtalen_faults_once);
    return g_test_run();
}
