/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598 model: the transmit path (datasheet 3.5.3).  Advanced data and
 * context descriptors, legacy descriptors, DD write-back under WTHRESH
 * and head write-back, 10GBASE wire time (67.2 ns a 64-byte frame),
 * checksum offload and TSO, VLAN insertion and padding, round robin
 * between queues, malformed chains, the MAC loopback of Linux's ixgbe
 * self-test.
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_core.h"
#include "ixgport.h"

#define MEM (16u << 20)
#define TXRING(q) (XP_MEM_BASE + 0x10000u * (q))
#define TXBUF (XP_MEM_BASE + 0x400000u)
#define RXRING (XP_MEM_BASE + 0x800000u)
#define RXBUFS (XP_MEM_BASE + 0x900000u)
#define HEADWB (XP_MEM_BASE + 0x3F0000u)
/* TXDCTL as Linux's ixgbe programs it: PTHRESH 32, HTHRESH 1, WTHRESH 8
 * (1 with a low interrupt rate) (ixgbe_configure_tx_ring) */
#define TXDCTL_LINUX (32u | 1u << 8 | 8u << 16)
#define EOP_RS_IFCS (IXG_TXD_CMD_EOP | IXG_TXD_CMD_RS | IXG_TXD_CMD_IFCS)

static const XpFrame *txf(XpPort *xp, guint i)
{
    g_assert_cmpuint(i, <, xp->tx->len);
    return &g_array_index(xp->tx, XpFrame, i);
}

static IxgTotals totals(XpPort *xp)
{
    IxgTotals t;
    ixg_totals(xp->dev, &t);
    return t;
}

/** IVAR entry @i valid, pointing at EICR bit / vector @v. */
static void ivar_set(XpPort *xp, uint32_t i, uint32_t v)
{
    uint32_t r = xp_rd(xp, IXG_IVAR(i >> 2)), sh = 8u * (i & 3u);
    xp_wr(xp, IXG_IVAR(i >> 2),
          (r & ~(0xFFu << sh)) | ((v | IXG_IVAR_VALID) << sh));
}

/** Put @n frames of @len bytes (a 2 KB data buffer each, queue @q's
 *  from TXBUF + 128 KB q)
 *  on queue @q from ring index @at, not yet handed over. */
static void put_frames(XpPort *xp, uint32_t q, uint32_t at, uint32_t n,
                       uint32_t len, uint32_t dcmd)
{
    for (uint32_t i = 0; i < n; i++) {
        uint64_t b = TXBUF + 0x20000ull * q + 2048ull * ((at + i) % 64u);
        uint8_t *f = xp_frame(ixg_config(xp->dev)->mac, len);
        f[14] = (uint8_t)(at + i);
        f[15] = (uint8_t)q;
        memcpy(xp_ptr(xp, b, len), f, len);
        xp_put_txd(xp, TXRING(q), at + i, b, len, dcmd,
                   len << IXG_ATXD_PAYLEN_SHIFT);
        g_free(f);
    }
}

/** An advanced context descriptor at @ring[@idx]. */
static void put_ctx(XpPort *xp, uint64_t ring, uint32_t idx, uint32_t mac,
                    uint32_t ip, uint32_t l4, uint32_t mss, uint32_t tucmd,
                    uint32_t ctx)
{
    uint64_t a = ring + 16ull * idx;
    xp_put_le32(xp, a, ip | mac << IXG_ACTX_MACLEN_SHIFT);
    xp_put_le32(xp, a + 4, 0);
    xp_put_le32(xp, a + 8, tucmd | IXG_ATXD_DTYP_CTXT << IXG_ATXD_DTYP_SHIFT |
                           IXG_TXD_CMD_DEXT << 24);
    xp_put_le32(xp, a + 12, mss << IXG_ACTX_MSS_SHIFT |
                            l4 << IXG_ACTX_L4LEN_SHIFT |
                            ctx << IXG_ATXD_IDX_SHIFT);
}

/** Status dword of advanced descriptor @i of queue @q's ring. */
static uint32_t txd_sta(XpPort *xp, uint32_t q, uint32_t i)
{
    return xp_le32(xp, TXRING(q) + 16ull * i + 12);
}

/* ---------------------------------------------------------------- */

/* One frame: on the wire as given (the FCS is the wire's), DD written
 * back, TDH moved, the queue cause through IVAR, the counters. */
static void test_basic(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    ivar_set(xp, IXG_IVAR_TX_BASE + 0, 5);
    xp_setup_txq(xp, 0, TXRING(0), 64, 0);
    put_frames(xp, 0, 0, 1, 100, EOP_RS_IFCS);
    xp_wr(xp, IXG_TDT(0), 1);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->tx->len, ==, 1);
    g_assert_cmpuint(txf(xp, 0)->len, ==, 100);
    g_assert_cmpmem(txf(xp, 0)->data, 100, xp_ptr(xp, TXBUF, 100), 100);
    g_assert_cmphex(txd_sta(xp, 0, 0) & IXG_TXD_STAT_DD, !=, 0);
    g_assert_cmpuint(xp_rd(xp, IXG_TDH(0)), ==, 1);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 1u << 5);
    g_assert_cmpuint(xp_rd(xp, IXG_GPTC), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_GOTCH), ==, 104);
    g_assert_cmpuint(xp_rd(xp, IXG_TPT), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_PTC127), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_QPTC(0)), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_QBTC(0)), ==, 100);
    g_assert_cmpuint(xp_rd(xp, IXG_QPTC(0)), ==, 0);   /* clear on read */
    xp_free(xp);
}

/* 10GBASE: 64-byte frames (60 + FCS) leave 84 byte times = 67.2 ns
 * apart (preamble 8, frame 64, gap 12; [IEEE-802.3] clause 4.4.2), with
 * Linux's TXDCTL and 512 frames queued at once. */
static void test_wire_rate(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint64_t t0, t1;

    xp_setup_txq(xp, 0, TXRING(0), 1024, TXDCTL_LINUX);
    put_frames(xp, 0, 0, 512, 60, IXG_TXD_CMD_EOP | IXG_TXD_CMD_IFCS);
    xp_wr(xp, IXG_TDT(0), 512);
    xp_advance(xp, 1000000);
    g_assert_cmpuint(xp->tx->len, ==, 512);
    /* from the 32nd frame on (the pipeline filled) */
    t0 = txf(xp, 31)->time_ns;
    t1 = txf(xp, 511)->time_ns;
    g_assert_cmpuint(t1 - t0, >=, 480u * 672u / 10u);
    g_assert_cmpuint(t1 - t0, <=, 480u * 672u / 10u + 1u);
    for (guint i = 32; i < 512; i++) {
        uint64_t d = txf(xp, i)->time_ns - txf(xp, i - 1)->time_ns;
        g_assert_cmpuint(d, >=, 67);
        g_assert_cmpuint(d, <=, 68);
    }
    g_test_message("first frame out after %" G_GUINT64_FORMAT " ns; "
                   "descriptor reads %" G_GUINT64_FORMAT
                   ", data reads %" G_GUINT64_FORMAT,
                   txf(xp, 0)->time_ns, totals(xp).tx_desc_reads,
                   totals(xp).tx_data_reads);
    xp_free(xp);
}

/* 1 Gb/s link mode: 672 ns a 64-byte frame. */
static void test_wire_rate_1g(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    xp_wr(xp, IXG_AUTOC, IXG_AUTOC_LMS_1G_NO_AN);
    xp_setup_txq(xp, 0, TXRING(0), 64, TXDCTL_LINUX);
    put_frames(xp, 0, 0, 20, 60, IXG_TXD_CMD_EOP | IXG_TXD_CMD_IFCS);
    xp_wr(xp, IXG_TDT(0), 20);
    xp_advance(xp, 1000000);
    g_assert_cmpuint(txf(xp, 19)->time_ns - txf(xp, 9)->time_ns, ==, 6720);
    xp_free(xp);
}

/* WTHRESH (3.5.3.x): DD of RS descriptors in bursts of WTHRESH; the rest
 * on SWFLSH.  Head write-back (3.5.3.7): TDH to TDWBAL/H, descriptors
 * untouched. */
static void test_wthresh_and_head_wb(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    xp_setup_txq(xp, 0, TXRING(0), 64, TXDCTL_LINUX);
    put_frames(xp, 0, 0, 20, 60, EOP_RS_IFCS);
    xp_wr(xp, IXG_TDT(0), 20);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->tx->len, ==, 20);
    g_assert_cmpuint(totals(xp).tx_wb_writes, ==, 2);
    g_assert_cmpuint(totals(xp).tx_desc_written, ==, 16);
    g_assert_cmphex(txd_sta(xp, 0, 15) & IXG_TXD_STAT_DD, !=, 0);
    g_assert_cmphex(txd_sta(xp, 0, 16) & IXG_TXD_STAT_DD, ==, 0);
    xp_wr(xp, IXG_TXDCTL(0), xp_rd(xp, IXG_TXDCTL(0)) | IXG_TXDCTL_SWFLSH);
    g_assert_cmphex(txd_sta(xp, 0, 19) & IXG_TXD_STAT_DD, !=, 0);
    g_assert_cmpuint(totals(xp).tx_wb_writes, ==, 3);
    /* head write-back */
    xp_put_le32(xp, HEADWB, 0xDEADBEEFu);
    xp_wr(xp, IXG_TDWBAL(0), (uint32_t)HEADWB | IXG_TDWBAL_HEAD_WB_EN);
    xp_wr(xp, IXG_TDWBAH(0), (uint32_t)(HEADWB >> 32));
    xp_wr(xp, IXG_TXDCTL(0), TXDCTL_LINUX & ~(8u << 16));
    xp_wr(xp, IXG_TXDCTL(0), (TXDCTL_LINUX & ~(8u << 16)) | IXG_TXDCTL_ENABLE);
    put_frames(xp, 0, 20, 3, 60, EOP_RS_IFCS);
    xp_wr(xp, IXG_TDT(0), 23);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp_le32(xp, HEADWB), ==, 23);
    g_assert_cmphex(txd_sta(xp, 0, 22) & IXG_TXD_STAT_DD, ==, 0);
    xp_free(xp);
}

/* Descriptors without RS are not written back. */
static void test_no_rs_no_dd(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    xp_setup_txq(xp, 0, TXRING(0), 64, 0);
    put_frames(xp, 0, 0, 4, 60, IXG_TXD_CMD_EOP | IXG_TXD_CMD_IFCS);
    xp_put_le32(xp, TXRING(0) + 16 * 3 + 8, xp_le32(xp, TXRING(0) + 56) |
                IXG_TXD_CMD_RS << 24);
    xp_wr(xp, IXG_TDT(0), 4);
    xp_advance(xp, 100000);
    for (uint32_t i = 0; i < 3; i++) {
        g_assert_cmphex(txd_sta(xp, 0, i) & IXG_TXD_STAT_DD, ==, 0);
    }
    g_assert_cmphex(txd_sta(xp, 0, 3) & IXG_TXD_STAT_DD, !=, 0);
    g_assert_cmpuint(totals(xp).tx_desc_written, ==, 1);
    xp_free(xp);
}

/* ---------------------------------------------------------------- */

/** True if @f (an IPv4/TCP or UDP frame with a 14-byte MAC header) has
 *  a good IPv4 header checksum and a good L4 checksum. */
static bool ip_l4_ok(const uint8_t *f, uint32_t len)
{
    const uint8_t *ip = f + 14;
    uint32_t ihl = (ip[0] & 15u) * 4u, l4len = len - 14u - ihl, sum;

    if (xp_inet_csum(0, ip, ihl) != 0) {
        return false;
    }
    sum = ((uint32_t)ip[12] << 8 | ip[13]) + ((uint32_t)ip[14] << 8 | ip[15]) +
          ((uint32_t)ip[16] << 8 | ip[17]) + ((uint32_t)ip[18] << 8 | ip[19]) +
          ip[9] + l4len;
    return xp_inet_csum(sum, ip + ihl, l4len) == 0;
}

/* Advanced context + data with IXSM and TXSM: the IPv4 header and TCP
 * checksums inserted (3.5.3.4), the driver having zeroed the IP one and
 * seeded the TCP one with the pseudo-header sum. */
static void test_checksum_offload(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint8_t *f = xp_ip_frame(ixg_config(xp->dev)->mac, 0xC0A80001u,
                             0xC0A80002u, 4000, 80, 1, 300);
    uint8_t *ip = f + 14, *tcp = f + 34;
    uint32_t ps;

    /* what the driver leaves for the hardware */
    ip[10] = ip[11] = 0;
    ps = 0xC0A8u + 0x0001u + 0xC0A8u + 0x0002u + 6u + 266u;
    ps = (ps & 0xFFFFu) + (ps >> 16);
    tcp[16] = (uint8_t)(ps >> 8);
    tcp[17] = (uint8_t)ps;
    memcpy(xp_ptr(xp, TXBUF, 300), f, 300);
    xp_setup_txq(xp, 0, TXRING(0), 64, 0);
    put_ctx(xp, TXRING(0), 0, 14, 20, 0, 0,
            IXG_ACTX_TUCMD_IPV4 | IXG_ACTX_TUCMD_L4T_TCP, 1);
    xp_put_txd(xp, TXRING(0), 1, TXBUF, 300, EOP_RS_IFCS,
               IXG_ATXD_POPTS_IXSM | IXG_ATXD_POPTS_TXSM |
               1u << IXG_ATXD_IDX_SHIFT | 300u << IXG_ATXD_PAYLEN_SHIFT);
    xp_wr(xp, IXG_TDT(0), 2);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->tx->len, ==, 1);
    g_assert_true(ip_l4_ok(txf(xp, 0)->data, 300));
    /* without the offload bits the frame goes as it is (not valid) */
    xp_put_txd(xp, TXRING(0), 2, TXBUF, 300, EOP_RS_IFCS,
               1u << IXG_ATXD_IDX_SHIFT | 300u << IXG_ATXD_PAYLEN_SHIFT);
    xp_wr(xp, IXG_TDT(0), 3);
    xp_advance(xp, 100000);
    g_assert_false(ip_l4_ok(txf(xp, 1)->data, 300));
    g_free(f);
    xp_free(xp);
}

/* TSO (3.5.3.5): a 54-byte header and 3000 payload bytes with MSS 1000
 * become three frames with their own IP length, ID, TCP sequence and
 * checksums; PSH/FIN only on the last.  The chain's bytes come in the
 * @nbuf buffers of @cut bytes each; @window: the model reads host memory
 * in place (the testbench), else through the port's callbacks (QEMU).
 * @vlan non-zero: the context's VLAN field holds it and the data
 * descriptors set DCMD.VLE: every segment carries the tag (VLNCTRL.VET
 * 0x8100) after its MAC addresses (3.5.3.3). */
static void tso_check(bool window, const uint32_t *cut, uint32_t nbuf,
                      uint32_t vlan)
{
    XpPort *xp = xp_new(MEM, NULL, window);
    uint32_t len = 54 + 3000, at = 0, t = vlan ? 4u : 0u;
    uint32_t vle = vlan ? IXG_TXD_CMD_VLE : 0u;
    uint8_t *f = xp_ip_frame(ixg_config(xp->dev)->mac, 0x0A000001u,
                             0x0A000002u, 5000, 80, 1, len);
    uint8_t *ip = f + 14, *tcp = f + 34;
    uint32_t ps;

    ip[2] = ip[3] = 0;              /* tot_len 0, as ixgbe_tso leaves it */
    ip[10] = ip[11] = 0;
    tcp[4] = 0x10;                  /* sequence 0x10000000 */
    tcp[13] = 0x19;                 /* ACK PSH FIN */
    ps = 0x0A00u + 0x0001u + 0x0A00u + 0x0002u + 6u;
    tcp[16] = (uint8_t)(ps >> 8);
    tcp[17] = (uint8_t)ps;
    memcpy(xp_ptr(xp, TXBUF, len), f, len);
    xp_setup_txq(xp, 0, TXRING(0), 64, 0);
    put_ctx(xp, TXRING(0), 0, 14, 20, 20, 1000,
            IXG_ACTX_TUCMD_IPV4 | IXG_ACTX_TUCMD_L4T_TCP, 0);
    xp_put_le32(xp, TXRING(0), 20u | 14u << IXG_ACTX_MACLEN_SHIFT |
                                   vlan << IXG_ACTX_VLAN_SHIFT);
    xp_wr(xp, IXG_VLNCTRL, 0x8100u);
    for (uint32_t b = 0; b < nbuf; b++) {
        bool last = b + 1u == nbuf;
        xp_put_txd(xp, TXRING(0), 1 + b, TXBUF + at, cut[b],
                   (last ? EOP_RS_IFCS : IXG_TXD_CMD_IFCS) | IXG_TXD_CMD_TSE |
                       vle,
                   b ? 0 : IXG_ATXD_POPTS_IXSM | IXG_ATXD_POPTS_TXSM |
                           3000u << IXG_ATXD_PAYLEN_SHIFT);
        at += cut[b];
    }
    g_assert_cmpuint(at, ==, len);
    xp_wr(xp, IXG_TDT(0), 1 + nbuf);
    xp_advance(xp, 200000);
    g_assert_cmpuint(xp->tx->len, ==, 3);
    for (guint i = 0; i < 3; i++) {
        const uint8_t *s = txf(xp, i)->data;
        uint32_t seq = (uint32_t)s[t + 38] << 24 | s[t + 39] << 16 |
                       s[t + 40] << 8 | s[t + 41];
        g_assert_cmpuint(txf(xp, i)->len, ==, 1054 + t);
        if (vlan) {
            g_assert_cmpmem(s, 12, f, 12);
            g_assert_cmphex((uint32_t)s[12] << 8 | s[13], ==, 0x8100);
            g_assert_cmphex((uint32_t)s[14] << 8 | s[15], ==, vlan);
        }
        s += t;   /* from here as without a tag */
        g_assert_cmpuint((uint32_t)s[16] << 8 | s[17], ==, 1040);
        g_assert_cmpuint((uint32_t)s[18] << 8 | s[19], ==, i);
        g_assert_cmphex(seq, ==, 0x10000000u + 1000u * i);
        g_assert_cmphex(s[47], ==, i == 2 ? 0x19 : 0x10);
        g_assert_true(ip_l4_ok(s, 1054));
        g_assert_cmpmem(s + 54, 1000, f + 54 + 1000 * i, 1000);
    }
    g_assert_cmphex(txd_sta(xp, 0, nbuf) & IXG_TXD_STAT_DD, !=, 0);
    g_free(f);
    xp_free(xp);
}

/* Header and payload in two buffers, as the stack hands them; and a
 * header split across buffers, segments straddling them: the same three
 * frames whether host memory is read in place or through the port. */
static void test_tso(void)
{
    static const uint32_t two[] = { 54, 3000 };
    static const uint32_t odd[] = { 40, 1514, 7, 1493 };

    tso_check(true, two, 2, 0);
    tso_check(false, two, 2, 0);
    tso_check(true, odd, 4, 0);
    tso_check(false, odd, 4, 0);
}

/* Advanced descriptors with DCMD.VLE insert the VLAN field of the context
 * the frame names (3.5.3.3, 3.5.3.2.2), here in each TSO segment: read in
 * place and through the port's callbacks. */
static void test_tso_vle(void)
{
    static const uint32_t two[] = { 54, 3000 };

    tso_check(true, two, 2, 0x2123);
    tso_check(false, two, 2, 0x2123);
}

/* A frame keeps the context its descriptors found (3.5.3.5): Linux's
 * driver writes every context into slot 0, so a TSO frame is often
 * followed at once by a checksum-only context (MSS 0, L4LEN 0) in the
 * same slot and a small frame, all in one TDT write.  The TSO frame's
 * data is still being read when the engine parses the next context:
 * the TSO frame must still be cut into its three MSS segments, and the
 * small frame get its checksums, nothing dropped. */
static void test_tso_context_reuse(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint32_t len = 54 + 3000;
    uint8_t *f = xp_ip_frame(ixg_config(xp->dev)->mac, 0x0A000001u,
                             0x0A000002u, 5000, 80, 1, len);
    uint8_t *g = xp_ip_frame(ixg_config(xp->dev)->mac, 0x0A000001u,
                             0x0A000002u, 5000, 80, 1, 300);
    uint32_t ps = 0x0A00u + 0x0001u + 0x0A00u + 0x0002u + 6u;
    uint32_t pg = ps + 266u;

    f[16] = f[17] = f[24] = f[25] = 0;   /* tot_len, IP checksum */
    f[47] = 0x10;                        /* ACK */
    f[50] = (uint8_t)(ps >> 8);
    f[51] = (uint8_t)ps;
    g[24] = g[25] = 0;
    g[50] = (uint8_t)(pg >> 8);
    g[51] = (uint8_t)pg;
    memcpy(xp_ptr(xp, TXBUF, len), f, len);
    memcpy(xp_ptr(xp, TXBUF + 0x2000, 300), g, 300);
    xp_setup_txq(xp, 0, TXRING(0), 64, 0);
    put_ctx(xp, TXRING(0), 0, 14, 20, 20, 1000,
            IXG_ACTX_TUCMD_IPV4 | IXG_ACTX_TUCMD_L4T_TCP, 0);
    xp_put_txd(xp, TXRING(0), 1, TXBUF, 54, IXG_TXD_CMD_TSE | IXG_TXD_CMD_IFCS,
               IXG_ATXD_POPTS_IXSM | IXG_ATXD_POPTS_TXSM |
               3000u << IXG_ATXD_PAYLEN_SHIFT);
    xp_put_txd(xp, TXRING(0), 2, TXBUF + 54, 3000,
               EOP_RS_IFCS | IXG_TXD_CMD_TSE, 0);
    put_ctx(xp, TXRING(0), 3, 14, 20, 0, 0,
            IXG_ACTX_TUCMD_IPV4 | IXG_ACTX_TUCMD_L4T_TCP, 0);
    xp_put_txd(xp, TXRING(0), 4, TXBUF + 0x2000, 300, EOP_RS_IFCS,
               IXG_ATXD_POPTS_IXSM | IXG_ATXD_POPTS_TXSM |
               300u << IXG_ATXD_PAYLEN_SHIFT);
    xp_wr(xp, IXG_TDT(0), 5);
    xp_advance(xp, 200000);
    g_assert_cmpuint(totals(xp).tx_bad_desc, ==, 0);
    g_assert_cmpuint(totals(xp).tx_frames_dropped, ==, 0);
    g_assert_cmpuint(xp->tx->len, ==, 4);
    for (guint i = 0; i < 3; i++) {
        g_assert_cmpuint(txf(xp, i)->len, ==, 1054);
        g_assert_true(ip_l4_ok(txf(xp, i)->data, 1054));
        g_assert_cmpmem(txf(xp, i)->data + 54, 1000, f + 54 + 1000 * i,
                        1000);
    }
    g_assert_cmpuint(txf(xp, 3)->len, ==, 300);
    g_assert_true(ip_l4_ok(txf(xp, 3)->data, 300));
    g_assert_cmphex(txd_sta(xp, 0, 4) & IXG_TXD_STAT_DD, !=, 0);
    g_free(f);
    g_free(g);
    xp_free(xp);
}

/* Legacy descriptor (3.5.3.2.1) with CMD.IC (checksum from CSS to the
 * end at CSO) and VLE (the tag inserted with VLNCTRL.VET); padding of a
 * short frame with HLREG0.TXPADEN. */
static void test_legacy_vlan_pad(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint8_t *f = xp_ip_frame(ixg_config(xp->dev)->mac, 0x0A000001u,
                             0x0A000002u, 7, 9, 0, 100);
    uint64_t a = TXRING(0);
    const uint8_t *o;

    f[40] = f[41] = 0;               /* UDP checksum left to the device */
    memcpy(xp_ptr(xp, TXBUF, 100), f, 100);
    xp_setup_txq(xp, 0, TXRING(0), 64, 0);
    /* checksum from the UDP header (34) into its field (40): no pseudo
     * header, so only the sum is checked */
    xp_put_le64(xp, a, TXBUF);
    xp_put_le32(xp, a + 8, 100u | 40u << 16 |
                (IXG_TXD_CMD_EOP | IXG_TXD_CMD_IFCS | IXG_TXD_CMD_IC |
                 IXG_TXD_CMD_RS | IXG_TXD_CMD_VLE) << 24);
    xp_put_le32(xp, a + 12, 34u << 8 | 0x0123u << 16);
    xp_wr(xp, IXG_VLNCTRL, 0x88A8u);
    xp_wr(xp, IXG_TDT(0), 1);
    xp_advance(xp, 100000);
    o = txf(xp, 0)->data;
    g_assert_cmpuint(txf(xp, 0)->len, ==, 104);
    g_assert_cmphex(o[12] << 8 | o[13], ==, 0x88A8);
    g_assert_cmphex(o[14] << 8 | o[15], ==, 0x0123);
    g_assert_cmphex(xp_inet_csum(0, o + 38, 66), ==, 0);
    g_assert_cmphex(xp_ptr(xp, a, 16)[IXG_LTXD_STA] & IXG_TXD_STAT_DD, !=, 0);
    /* a 30-byte frame padded to 60 */
    put_frames(xp, 0, 1, 1, 30, EOP_RS_IFCS);
    xp_wr(xp, IXG_TDT(0), 2);
    xp_advance(xp, 100000);
    g_assert_cmpuint(txf(xp, 1)->len, ==, 60);
    xp_wr(xp, IXG_HLREG0, xp_rd(xp, IXG_HLREG0) & ~IXG_HLREG0_TXPADEN);
    put_frames(xp, 0, 2, 1, 30, EOP_RS_IFCS);
    xp_wr(xp, IXG_TDT(0), 3);
    xp_advance(xp, 100000);
    g_assert_cmpuint(txf(xp, 2)->len, ==, 30);
    g_free(f);
    xp_free(xp);
}

/* Round robin between queues with work (no DCB). */
static void test_round_robin(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    for (uint32_t q = 0; q < 2; q++) {
        xp_setup_txq(xp, q, TXRING(q), 64, TXDCTL_LINUX);
        put_frames(xp, q, 0, 10, 60, EOP_RS_IFCS);
    }
    xp_wr(xp, IXG_TDT(0), 10);
    xp_wr(xp, IXG_TDT(1), 10);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->tx->len, ==, 20);
    for (guint i = 0; i < 20; i++) {
        g_assert_cmpuint(txf(xp, i)->data[15], ==, i & 1u);
        g_assert_cmpuint(txf(xp, i)->data[14], ==, i / 2);
    }
    xp_free(xp);
}

/* A chain that mixes legacy and advanced descriptors is dropped, its RS
 * descriptors still get DD, the queue goes on. */
static void test_bad_chain(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint64_t a = TXRING(0) + 16;

    xp_setup_txq(xp, 0, TXRING(0), 64, 0);
    put_frames(xp, 0, 0, 1, 60, IXG_TXD_CMD_IFCS);           /* no EOP */
    xp_put_le64(xp, a, TXBUF);
    xp_put_le32(xp, a + 8, 60u | (IXG_TXD_CMD_EOP | IXG_TXD_CMD_RS) << 24);
    put_frames(xp, 0, 2, 1, 60, EOP_RS_IFCS);
    xp_wr(xp, IXG_TDT(0), 3);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->tx->len, ==, 1);
    g_assert_cmpuint(totals(xp).tx_bad_desc, ==, 1);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_TX_BAD_DESC), ==, 1);
    g_assert_cmphex(xp_ptr(xp, a, 16)[IXG_LTXD_STA] & IXG_TXD_STAT_DD, !=, 0);
    g_assert_cmpuint(xp_rd(xp, IXG_TDH(0)), ==, 3);
    xp_free(xp);
}

/* Link down: the queues stop (TXDCTL.ENABLE reads 0); frames wait and
 * go when the link returns. */
static void test_link_down(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    xp_setup_txq(xp, 0, TXRING(0), 64, 0);
    ixg_set_link(xp->dev, 0);
    g_assert_cmphex(xp_rd(xp, IXG_TXDCTL(0)) & IXG_TXDCTL_ENABLE, ==, 0);
    put_frames(xp, 0, 0, 2, 60, EOP_RS_IFCS);
    xp_wr(xp, IXG_TDT(0), 2);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->tx->len, ==, 0);
    ixg_set_link(xp->dev, 1);
    xp_advance(xp, 2000000);
    g_assert_cmpuint(xp->tx->len, ==, 2);
    xp_free(xp);
}

/* ---------------------------------------------------------------- */

/* Linux's ixgbe loopback test for the 82598 (ixgbe_setup_loopback_test,
 * ixgbe_run_loopback_test): MAC loopback (HLREG0.LPBK), FCTRL
 * BAM|SBP|MPE, AUTOC = its reset value | FLU (the test fails when AUTOC
 * reads 0), Atlas transmit lanes off; 64 frames of 1024 bytes come back
 * on queue 0 with their length, none reach the wire. */
static void test_linux_loopback(void)
{
    IxgConfig cfg;
    XpPort *xp;
    uint8_t *f, bc[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
    uint32_t autoc, atlas;

    ixg_config_default(&cfg);
    cfg.link_up = 0;                   /* no partner: FLU brings it up */
    xp = xp_new(MEM, &cfg, true);
    autoc = xp_rd(xp, IXG_AUTOC);
    g_assert_cmphex(autoc, !=, 0);
    xp_wr(xp, IXG_HLREG0, xp_rd(xp, IXG_HLREG0) | IXG_HLREG0_LPBK);
    xp_wr(xp, IXG_FCTRL, xp_rd(xp, IXG_FCTRL) | IXG_FCTRL_BAM |
          IXG_FCTRL_SBP | IXG_FCTRL_MPE);
    xp_wr(xp, IXG_AUTOC, autoc | IXG_AUTOC_FLU);
    xp_wr(xp, IXG_ATLASCTL, IXG_ATLASCTL_READ_CMD | 0x24u << 8);
    atlas = xp_rd(xp, IXG_ATLASCTL) & 0xFFu;
    xp_wr(xp, IXG_ATLASCTL, 0x24u << 8 | atlas | 0x10u);
    xp_setup_rxq(xp, 0, RXRING, 512, RXBUFS, 2048, 511, 0x080420u);
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN | IXG_RXCTRL_DMBYPS);
    xp_setup_txq(xp, 0, TXRING(0), 512, 32u | 1u << 8 | 1u << 16);
    f = xp_frame(bc, 1024);
    memset(f + 12, 0xFF, 500);
    memset(f + 512, 0xAA, 511);
    for (uint32_t i = 0; i < 64; i++) {
        memcpy(xp_ptr(xp, TXBUF + 2048ull * i, 1024), f, 1024);
        xp_put_txd(xp, TXRING(0), i, TXBUF + 2048ull * i, 1024, EOP_RS_IFCS,
                   1024u << IXG_ATXD_PAYLEN_SHIFT);
    }
    xp_wr(xp, IXG_TDT(0), 64);
    xp_advance(xp, 2000000);
    xp_wr(xp, IXG_RXDCTL(0), xp_rd(xp, IXG_RXDCTL(0)) | IXG_RXDCTL_SWFLSH);
    g_assert_cmpuint(xp->tx->len, ==, 0);
    for (uint32_t i = 0; i < 64; i++) {
        g_assert_cmphex(xp_le32(xp, RXRING + 16 * i + 8) & IXG_RXD_STAT_DD,
                        !=, 0);
        g_assert_cmpuint(xp_le32(xp, RXRING + 16 * i + 12) & 0xFFFFu, ==,
                         1024);
        g_assert_cmphex(txd_sta(xp, 0, i) & IXG_TXD_STAT_DD, !=, 0);
        g_assert_cmpmem(xp_ptr(xp, RXBUFS + 2048ull * i, 1024), 1024, f,
                        1024);
    }
    g_free(f);
    xp_free(xp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe/tx/basic", test_basic);
    g_test_add_func("/ixgbe/tx/wire-rate-10g", test_wire_rate);
    g_test_add_func("/ixgbe/tx/wire-rate-1g", test_wire_rate_1g);
    g_test_add_func("/ixgbe/tx/wthresh-head-wb", test_wthresh_and_head_wb);
    g_test_add_func("/ixgbe/tx/no-rs-no-dd", test_no_rs_no_dd);
    g_test_add_func("/ixgbe/tx/checksum-offload", test_checksum_offload);
    g_test_add_func("/ixgbe/tx/tso", test_tso);
    g_test_add_func("/ixgbe/tx/tso-vle", test_tso_vle);
    g_test_add_func("/ixgbe/tx/tso-context-reuse", test_tso_context_reuse);
    g_test_add_func("/ixgbe/tx/legacy-vlan-pad", test_legacy_vlan_pad);
    g_test_add_func("/ixgbe/tx/round-robin", test_round_robin);
    g_test_add_func("/ixgbe/tx/bad-chain", test_bad_chain);
    g_test_add_func("/ixgbe/tx/link-down", test_link_down);
    g_test_add_func("/ixgbe/tx/linux-loopback", test_linux_loopback);
    return g_test_run();
}
