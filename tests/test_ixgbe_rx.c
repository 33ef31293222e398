/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598 model: the receive path (datasheet 3.5.2).  Descriptor formats
 * (legacy and advanced one-buffer write-back), the write-back rule of
 * RXDCTL.WTHRESH and the fetch rules of PTHRESH/HTHRESH counted in bus
 * transactions, the packet buffer (MPC, EICR.RX_MISS) with and without
 * SRRCTL.DROP_EN (RNBC), the L2 and VLAN filters, sizes and jumbo
 * frames, checksum offload, statistics clear-on-read.
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_core.h"
#include "ixgport.h"
#include "nic_crc32.h"

#define MEM (16u << 20)
#define RING (XP_MEM_BASE + 0x0000u)
#define RING1 (XP_MEM_BASE + 0x8000u)
#define BUFS (XP_MEM_BASE + 0x100000u)
#define BUFS1 (XP_MEM_BASE + 0x900000u)
/* RXDCTL as Linux's ixgbe programs the 82598: PTHRESH 32, HTHRESH 4,
 * WTHRESH 8 (ixgbe_configure_rx_ring) */
#define RXDCTL_LINUX 0x00080420u

static const uint8_t *mac(XpPort *xp)
{
    return ixg_config(xp->dev)->mac;
}

/** Queue 0: @ndesc descriptors of 2 KB buffers, tail @rdt, @rxdctl. */
static XpPort *rx_port(uint32_t ndesc, uint32_t rdt, uint32_t rxdctl)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    xp_setup_rxq(xp, 0, RING, ndesc, BUFS, 2048, rdt, rxdctl);
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN);
    return xp;
}

static IxgRxResult rx_len(XpPort *xp, uint32_t len)
{
    uint8_t *f = xp_frame(mac(xp), len);
    IxgRxResult r = ixg_receive(xp->dev, f, len);
    g_free(f);
    return r;
}

static IxgTotals totals(XpPort *xp)
{
    IxgTotals t;
    ixg_totals(xp->dev, &t);
    return t;
}

static uint32_t stat_wb(XpPort *xp, uint32_t i)
{
    return xp_le32(xp, RING + 16ull * i + 8);
}

/* ---------------------------------------------------------------- */

/* One frame, advanced one-buffer descriptor (3.5.2.4.2): the bytes in
 * the buffer, length and DD|EOP in the write-back, RDH moved, counters. */
static void test_advanced_basic(void)
{
    XpPort *xp = rx_port(64, 63, 0);
    uint8_t *f = xp_frame(mac(xp), 100);

    g_assert_cmpint(ixg_receive(xp->dev, f, 100), ==, IXG_RX_QUEUED);
    xp_advance(xp, 100000);
    g_assert_cmpmem(xp_ptr(xp, BUFS, 100), 100, f, 100);
    g_assert_cmphex(stat_wb(xp, 0) & 0xFFFFFu, ==,
                    IXG_RXD_STAT_DD | IXG_RXD_STAT_EOP);
    g_assert_cmpuint(xp_le32(xp, RING + 12) & 0xFFFFu, ==, 100);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 1);
    /* counters: octets with the FCS (4.4.3.9) */
    g_assert_cmpuint(xp_rd(xp, IXG_GPRC), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_GORCH), ==, 104);
    g_assert_cmpuint(xp_rd(xp, IXG_TPR), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_TORH), ==, 104);
    g_assert_cmpuint(xp_rd(xp, IXG_PRC127), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_QPRC(0)), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_QBRC(0)), ==, 100);
    /* clear on read */
    g_assert_cmpuint(xp_rd(xp, IXG_GPRC), ==, 0);
    g_assert_cmpuint(xp_rd(xp, IXG_QPRC(0)), ==, 0);
    g_assert_cmpuint(totals(xp).gprc, ==, 1);
    g_free(f);
    xp_free(xp);
}

/* Legacy descriptor (3.5.2.4.1): address kept, length, status byte;
 * with CRC stripping off the FCS lands in the buffer too. */
static void test_legacy_and_crc(void)
{
    XpPort *xp = rx_port(64, 63, 0);
    uint8_t *f = xp_frame(mac(xp), 60);
    uint32_t fcs = nic_crc32(f, 60);

    xp_wr(xp, IXG_SRRCTL(0), 2u | IXG_SRRCTL_DESCTYPE_LEGACY);
    xp_wr(xp, IXG_HLREG0, xp_rd(xp, IXG_HLREG0) & ~IXG_HLREG0_RXCRCSTRP);
    g_assert_cmpint(ixg_receive(xp->dev, f, 60), ==, IXG_RX_QUEUED);
    xp_advance(xp, 100000);
    g_assert_cmphex(xp_le64(xp, RING), ==, BUFS);
    g_assert_cmpuint(xp_le32(xp, RING + 8) & 0xFFFFu, ==, 64);
    g_assert_cmphex(xp_ptr(xp, RING, 16)[IXG_LRXD_STATUS], ==,
                    IXG_RXD_STAT_DD | IXG_RXD_STAT_EOP);
    g_assert_cmpmem(xp_ptr(xp, BUFS, 60), 60, f, 60);
    g_assert_cmphex(xp_le32(xp, BUFS + 60), ==, fcs);
    g_free(f);
    xp_free(xp);
}

/* WTHRESH (3.5.2.7, 4.4.3.5.6): used descriptors are written back in
 * bursts of WTHRESH; the rest waits for SWFLSH (or an interrupt). */
static void test_wthresh(void)
{
    XpPort *xp = rx_port(64, 63, 8u << IXG_RXDCTL_WTHRESH_SHIFT);

    for (int i = 0; i < 20; i++) {
        g_assert_cmpint(rx_len(xp, 60), ==, IXG_RX_QUEUED);
        xp_advance(xp, 2000);
        if (i == 6) {
            g_assert_cmphex(stat_wb(xp, 0) & IXG_RXD_STAT_DD, ==, 0);
        }
    }
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 20);
    g_assert_cmpuint(totals(xp).rx_wb_writes, ==, 2);
    g_assert_cmpuint(totals(xp).rx_desc_written, ==, 16);
    g_assert_cmphex(stat_wb(xp, 15) & IXG_RXD_STAT_DD, !=, 0);
    g_assert_cmphex(stat_wb(xp, 16) & IXG_RXD_STAT_DD, ==, 0);
    xp_wr(xp, IXG_RXDCTL(0), xp_rd(xp, IXG_RXDCTL(0)) | IXG_RXDCTL_SWFLSH);
    g_assert_cmpuint(totals(xp).rx_wb_writes, ==, 3);
    g_assert_cmphex(stat_wb(xp, 19) & IXG_RXD_STAT_DD, !=, 0);
    g_assert_cmphex(xp_rd(xp, IXG_RXDCTL(0)) & IXG_RXDCTL_SWFLSH, ==, 0);
    xp_free(xp);
}

/* WTHRESH 0 and 1: every descriptor is written back on its own. */
static void test_wthresh_zero(void)
{
    for (uint32_t w = 0; w <= 1; w++) {
        XpPort *xp = rx_port(64, 63, w << IXG_RXDCTL_WTHRESH_SHIFT);
        for (int i = 0; i < 20; i++) {
            rx_len(xp, 60);
            xp_advance(xp, 2000);
        }
        g_assert_cmpuint(totals(xp).rx_wb_writes, ==, 20);
        g_assert_cmphex(stat_wb(xp, 19) & IXG_RXD_STAT_DD, !=, 0);
        xp_free(xp);
    }
}

/* Descriptor fetches (3.5.2.6, RXDCTL 4.4.3.5.6) counted as read
 * transactions over 200 frames with 255 descriptors owned.  On demand
 * only (PTHRESH 0): a full cache (64) each time it runs dry: 4 reads.
 * With Linux's PTHRESH 32 / HTHRESH 4: a refill to 64 whenever fewer
 * than 32 are left: after 33 frames each, 7 reads. */
static void test_fetch_thresholds(void)
{
    static const struct { uint32_t rxdctl, reads; } cases[] = {
        { 0, 4 }, { RXDCTL_LINUX & ~(8u << 16), 7 },
    };

    for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
        XpPort *xp = rx_port(256, 255, cases[c].rxdctl);
        for (int i = 0; i < 200; i++) {
            g_assert_cmpint(rx_len(xp, 60), ==, IXG_RX_QUEUED);
            xp_advance(xp, 3000);
        }
        g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 200);
        g_assert_cmpuint(totals(xp).rx_desc_reads, ==, cases[c].reads);
        xp_free(xp);
    }
}

/* HTHRESH: no prefetch while fewer than HTHRESH descriptors are owned
 * beyond those on chip. */
static void test_hthresh_holds_prefetch(void)
{
    XpPort *xp = rx_port(256, 40, 32u | 16u << IXG_RXDCTL_HTHRESH_SHIFT);

    for (int i = 0; i < 10; i++) {
        rx_len(xp, 60);
        xp_advance(xp, 3000);
    }
    g_assert_cmpuint(totals(xp).rx_desc_reads, ==, 1);   /* the 40 */
    xp_wr(xp, IXG_RDT(0), 50);      /* 10 more: below HTHRESH 16 */
    xp_advance(xp, 3000);
    g_assert_cmpuint(totals(xp).rx_desc_reads, ==, 1);
    xp_wr(xp, IXG_RDT(0), 60);      /* 20 more: fetched */
    xp_advance(xp, 3000);
    g_assert_cmpuint(totals(xp).rx_desc_reads, ==, 2);
    xp_free(xp);
}

/* ---------------------------------------------------------------- */

/* No descriptors, SRRCTL.DROP_EN clear: frames wait in the packet
 * buffer (RNBC counts them) until it is full; then MPC and RX_MISS.
 * Each 1514-byte frame is charged 16 + 1520 bytes of the 512 KB buffer:
 * 341 fit. */
static void test_buffer_full_no_drop_en(void)
{
    XpPort *xp = rx_port(1024, 0, 0);
    uint32_t queued = 0, over = 0;

    xp_wr(xp, IXG_EIMS, IXG_EICR_RX_MISS);
    for (int i = 0; i < 400; i++) {
        IxgRxResult r = rx_len(xp, 1514);
        queued += r == IXG_RX_QUEUED;
        over += r == IXG_RX_OVERRUN;
        xp_advance(xp, 1230);
    }
    g_assert_cmpuint(queued, ==, 341);
    g_assert_cmpuint(over, ==, 59);
    g_assert_cmpuint(xp_rd(xp, IXG_MPC(0)), ==, 59);
    g_assert_cmpuint(xp_rd(xp, IXG_RNBC(0)), ==, 400);
    g_assert_cmpuint(xp_rd(xp, IXG_GPRC), ==, 341);
    g_assert_cmpint(xp->irq, ==, 1);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, IXG_EICR_RX_MISS |
                    IXG_EICR_OTHER);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_RX_OVERRUN), ==, 1);
    /* descriptors given: the waiting frames drain in order */
    xp_wr(xp, IXG_RDT(0), 1000);
    xp_advance(xp, 1000000);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 341);
    g_assert_cmpuint(xp_rd(xp, IXG_QPRC(0)), ==, 341);
    g_assert_cmpint(rx_len(xp, 1514), ==, IXG_RX_QUEUED);
    g_assert_cmpint(ixg_rx_validate(xp->dev), ==, 0);
    xp_free(xp);
}

/* SRRCTL.DROP_EN with the descriptor monitor on (RXCTRL.DMBYPS clear):
 * a frame with no descriptor is dropped on arrival, counted in RNBC, and
 * the buffer never fills (4.4.3.9, RNBC). */
static void test_drop_en(void)
{
    XpPort *xp = rx_port(1024, 0, 0);

    xp_wr(xp, IXG_SRRCTL(0), xp_rd(xp, IXG_SRRCTL(0)) | IXG_SRRCTL_DROP_EN);
    for (int i = 0; i < 400; i++) {
        g_assert_cmpint(rx_len(xp, 1514), ==, IXG_RX_NO_DESC);
        xp_advance(xp, 1230);
    }
    g_assert_cmpuint(xp_rd(xp, IXG_MPC(0)), ==, 0);
    g_assert_cmpuint(xp_rd(xp, IXG_RNBC(0)), ==, 400);
    g_assert_cmpuint(totals(xp).rx_nodesc_drops, ==, 400);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 0);
    /* with descriptors they pass */
    xp_wr(xp, IXG_RDT(0), 10);
    g_assert_cmpint(rx_len(xp, 1514), ==, IXG_RX_QUEUED);
    /* DMBYPS set (as Linux sets it on the 82598): frames wait again */
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN | IXG_RXCTRL_DMBYPS);
    xp_wr(xp, IXG_RDT(0), 1);
    xp_advance(xp, 100000);
    g_assert_cmpint(rx_len(xp, 1514), ==, IXG_RX_QUEUED);
    xp_free(xp);
}

/* A smaller RXPBSIZE0 takes effect at the next receive enable. */
static void test_rxpbsize(void)
{
    XpPort *xp = rx_port(1024, 0, 0);
    uint32_t queued = 0;

    xp_wr(xp, IXG_RXCTRL, 0);
    xp_wr(xp, IXG_RXPBSIZE(0), 64u * 1024u);
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN);
    for (int i = 0; i < 100; i++) {
        queued += rx_len(xp, 1514) == IXG_RX_QUEUED;
    }
    g_assert_cmpuint(queued, ==, 65536u / 1536u);
    xp_free(xp);
}

/* Head of line: a frame for a queue with no descriptors holds up the
 * frames behind it for another queue (one packet buffer, 3.5.2.5);
 * DROP_EN on the starved queue avoids it. */
static void test_head_of_line(void)
{
    for (int drop = 0; drop <= 1; drop++) {
        XpPort *xp = rx_port(64, 63, 0);
        uint8_t *f = xp_frame(mac(xp), 60);

        xp_setup_rxq(xp, 1, RING1, 64, BUFS1, 2048, 0, 0);   /* empty */
        xp_wr(xp, IXG_RDRXCTL, IXG_RDRXCTL_MVMEN);
        xp_wr(xp, IXG_SRRCTL(1), 2u | IXG_SRRCTL_DESCTYPE_ADV_ONEBUF |
              (drop ? IXG_SRRCTL_DROP_EN : 0u));
        /* RSS: every RETA entry to queue 1, then queue 0 */
        xp_wr(xp, IXG_MRQC, IXG_MRQC_RSSEN | IXG_MRQC_IPV4);
        for (uint32_t i = 0; i < 32; i++) {
            xp_wr(xp, IXG_RETA(i), 0x01010101u);
        }
        g_assert_cmpint(ixg_receive(xp->dev, f, 60), ==,
                        drop ? IXG_RX_NO_DESC : IXG_RX_QUEUED);
        xp_wr(xp, IXG_MRQC, 0);                      /* now queue 0 */
        g_assert_cmpint(ixg_receive(xp->dev, f, 60), ==, IXG_RX_QUEUED);
        xp_advance(xp, 100000);
        g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, drop ? 1 : 0);
        xp_free(xp);
        g_free(f);
    }
}

/* ---------------------------------------------------------------- */

/* L2 filter (3.5.2.1): exact RAL/RAH, broadcast with BAM, MTA hash with
 * MCSTCTRL.MFE (PIF set), promiscuous unicast and multicast. */
static void test_l2_filter(void)
{
    XpPort *xp = rx_port(256, 255, 0);
    uint8_t other[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
    uint8_t bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
    uint8_t mdns[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0xFB };
    uint8_t *f;
    uint32_t vec;

#define RX_TO(da, want)                                                  \
    do {                                                                 \
        f = xp_frame(da, 60);                                            \
        g_assert_cmpint(ixg_receive(xp->dev, f, 60), ==, want);          \
        g_free(f);                                                       \
    } while (0)

    RX_TO(other, IXG_RX_FILTERED);
    RX_TO(bcast, IXG_RX_FILTERED);
    RX_TO(mdns, IXG_RX_FILTERED);
    xp_wr(xp, IXG_RAL(1), 0x33221102u);
    xp_wr(xp, IXG_RAH(1), 0x5544u);                  /* AV clear */
    RX_TO(other, IXG_RX_FILTERED);
    xp_wr(xp, IXG_RAH(1), 0x5544u | IXG_RAH_AV);
    RX_TO(other, IXG_RX_QUEUED);
    xp_wr(xp, IXG_FCTRL, IXG_FCTRL_BAM);
    RX_TO(bcast, IXG_RX_QUEUED);
    /* the MTA vector of filter type 0: DA[4] >> 4 | DA[5] << 4 */
    vec = (mdns[4] >> 4 | (uint32_t)mdns[5] << 4) & 0xFFFu;
    xp_wr(xp, IXG_MTA(vec >> 5), 1u << (vec & 31u));
    RX_TO(mdns, IXG_RX_FILTERED);                    /* MFE clear */
    xp_wr(xp, IXG_MCSTCTRL, IXG_MCSTCTRL_MFE);
    RX_TO(mdns, IXG_RX_QUEUED);
    xp_wr(xp, IXG_MTA(vec >> 5), 0);
    RX_TO(mdns, IXG_RX_FILTERED);
    xp_wr(xp, IXG_FCTRL, IXG_FCTRL_BAM | IXG_FCTRL_MPE);
    RX_TO(mdns, IXG_RX_QUEUED);
    other[0] = 0x06;
    RX_TO(other, IXG_RX_FILTERED);
    xp_wr(xp, IXG_FCTRL, IXG_FCTRL_UPE);
    RX_TO(other, IXG_RX_QUEUED);
    xp_advance(xp, 100000);
    /* PIF: the exact matches no, the hash and promiscuous ones yes */
    g_assert_cmphex(stat_wb(xp, 0) & IXG_RXD_STAT_PIF, ==, 0);
    g_assert_cmphex(stat_wb(xp, 1) & IXG_RXD_STAT_PIF, ==, 0);
    g_assert_cmphex(stat_wb(xp, 2) & IXG_RXD_STAT_PIF, !=, 0);
    g_assert_cmphex(stat_wb(xp, 3) & IXG_RXD_STAT_PIF, !=, 0);
    g_assert_cmphex(stat_wb(xp, 4) & IXG_RXD_STAT_PIF, !=, 0);
    g_assert_cmpuint(xp_rd(xp, IXG_BPRC), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_MPRC), ==, 3);   /* broadcast too */
    /* rejected broadcasts still count in TPR (4.4.3.9) */
    g_assert_cmpuint(xp_rd(xp, IXG_TPR), ==, 6);
#undef RX_TO
    xp_free(xp);
}

/** A frame to @da tagged with @tci (EtherType 0x8100), @len bytes. */
static uint8_t *vlan_frame(const uint8_t *da, uint16_t tci, uint32_t len)
{
    uint8_t *f = xp_frame(da, len);
    memmove(f + 16, f + 12, len - 16);
    f[12] = 0x81;
    f[13] = 0x00;
    f[14] = (uint8_t)(tci >> 8);
    f[15] = (uint8_t)tci;
    return f;
}

/* VLAN (3.5.5): VFE filters by VFTA; VME strips the tag into the
 * descriptor (VP, VLAN field, length without the tag). */
static void test_vlan(void)
{
    XpPort *xp = rx_port(64, 63, 0);
    uint8_t *f = vlan_frame(mac(xp), 0x2064, 100);   /* PCP 1, VID 100 */

    xp_wr(xp, IXG_VLNCTRL, 0x8100u | IXG_VLNCTRL_VFE | IXG_VLNCTRL_VME);
    g_assert_cmpint(ixg_receive(xp->dev, f, 100), ==, IXG_RX_FILTERED);
    xp_wr(xp, IXG_VFTA(100 >> 5), 1u << (100 & 31));
    g_assert_cmpint(ixg_receive(xp->dev, f, 100), ==, IXG_RX_QUEUED);
    xp_advance(xp, 100000);
    g_assert_cmphex(stat_wb(xp, 0) & IXG_RXD_STAT_VP, !=, 0);
    g_assert_cmphex(xp_le32(xp, RING + 12), ==, 96u | 0x2064u << 16);
    g_assert_cmpmem(xp_ptr(xp, BUFS, 12), 12, f, 12);
    g_assert_cmpmem(xp_ptr(xp, BUFS + 12, 84), 84, f + 16, 84);
    /* without VME the tag stays */
    xp_wr(xp, IXG_VLNCTRL, 0x8100u | IXG_VLNCTRL_VFE);
    g_assert_cmpint(ixg_receive(xp->dev, f, 100), ==, IXG_RX_QUEUED);
    xp_advance(xp, 100000);
    g_assert_cmphex(xp_le32(xp, RING + 16 + 12), ==, 100u);
    g_free(f);
    xp_free(xp);
}

/* A frame that arrived while HLREG0.RXCRCSTRP was set and goes to host
 * memory after it was cleared still carries its FCS: the CRC-32 of the
 * frame as it came from the wire, the VLAN tag that VME stripped
 * included (the model computes it then, not on arrival). */
static void test_crc_strip_cleared(void)
{
    XpPort *xp = rx_port(64, 0, 0);    /* no descriptor yet */
    uint8_t *f = xp_frame(mac(xp), 60);
    uint8_t *t = vlan_frame(mac(xp), 0x2064, 100);

    xp_wr(xp, IXG_SRRCTL(0), 2u | IXG_SRRCTL_DESCTYPE_LEGACY);
    xp_wr(xp, IXG_VLNCTRL, 0x8100u | IXG_VLNCTRL_VME);
    g_assert_cmphex(xp_rd(xp, IXG_HLREG0) & IXG_HLREG0_RXCRCSTRP, !=, 0);
    g_assert_cmpint(ixg_receive(xp->dev, f, 60), ==, IXG_RX_QUEUED);
    g_assert_cmpint(ixg_receive(xp->dev, t, 100), ==, IXG_RX_QUEUED);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 0);   /* both wait */
    xp_wr(xp, IXG_HLREG0, xp_rd(xp, IXG_HLREG0) & ~IXG_HLREG0_RXCRCSTRP);
    xp_wr(xp, IXG_RDT(0), 63);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp_le32(xp, RING + 8) & 0xFFFFu, ==, 64);
    g_assert_cmpmem(xp_ptr(xp, BUFS, 60), 60, f, 60);
    g_assert_cmphex(xp_le32(xp, BUFS + 60), ==, nic_crc32(f, 60));
    /* tag stripped: 96 bytes and the FCS of the 100 on the wire */
    g_assert_cmpuint(xp_le32(xp, RING + 16 + 8) & 0xFFFFu, ==, 100);
    g_assert_cmpmem(xp_ptr(xp, BUFS + 2048 + 12, 84), 84, t + 16, 84);
    g_assert_cmphex(xp_le32(xp, BUFS + 2048 + 96), ==, nic_crc32(t, 100));
    g_free(t);
    g_free(f);
    xp_free(xp);
}

/* Sizes: under 64 bytes with FCS undersize (RUC), over 1518 (1522
 * tagged) oversize (ROC); HLREG0.JUMBOEN with MHADD.MFS takes jumbo
 * frames over several buffers, EOP on the last only. */
static void test_sizes_and_jumbo(void)
{
    XpPort *xp = rx_port(64, 63, 0);
    uint8_t *f = xp_frame(mac(xp), 9014), *t;

    g_assert_cmpint(ixg_receive(xp->dev, f, 59), ==, IXG_RX_BAD_SIZE);
    g_assert_cmpint(ixg_receive(xp->dev, f, 1515), ==, IXG_RX_BAD_SIZE);
    g_assert_cmpint(ixg_receive(xp->dev, f, 1514), ==, IXG_RX_QUEUED);
    t = vlan_frame(mac(xp), 5, 1518);
    g_assert_cmpint(ixg_receive(xp->dev, t, 1518), ==, IXG_RX_QUEUED);
    g_assert_cmpint(ixg_receive(xp->dev, t, 1519), ==, IXG_RX_BAD_SIZE);
    g_assert_cmpuint(xp_rd(xp, IXG_RUC), ==, 1);
    g_assert_cmpuint(xp_rd(xp, IXG_ROC), ==, 2);
    g_assert_cmpint(ixg_receive(xp->dev, f, 9014), ==, IXG_RX_BAD_SIZE);
    xp_wr(xp, IXG_HLREG0, xp_rd(xp, IXG_HLREG0) | IXG_HLREG0_JUMBOEN);
    xp_wr(xp, IXG_MHADD, 9018u << IXG_MHADD_MFS_SHIFT);
    g_assert_cmpint(ixg_receive(xp->dev, f, 9014), ==, IXG_RX_QUEUED);
    g_assert_cmpint(ixg_receive(xp->dev, f, 9015), ==, IXG_RX_BAD_SIZE);
    xp_advance(xp, 1000000);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 2 + 5);
    for (uint32_t i = 2; i < 7; i++) {
        g_assert_cmphex(stat_wb(xp, i) & 3u, ==,
                        i == 6 ? 3u : IXG_RXD_STAT_DD);
        g_assert_cmpuint(xp_le32(xp, RING + 16 * i + 12) & 0xFFFFu, ==,
                         i == 6 ? 9014u - 4u * 2048u : 2048u);
    }
    g_assert_cmpmem(xp_ptr(xp, BUFS + 2 * 2048, 2048), 2048, f, 2048);
    g_assert_cmpmem(xp_ptr(xp, BUFS + 6 * 2048, 822), 822, f + 8192, 822);
    g_free(t);
    g_free(f);
    xp_free(xp);
}

/* Checksum offload (3.5.2.11): IPCS and L4CS for good IPv4/TCP and UDP,
 * TCPE for a bad L4 checksum, IPE for a bad header checksum. */
static void test_checksums(void)
{
    XpPort *xp = rx_port(64, 63, 0);
    uint8_t *tcp = xp_ip_frame(mac(xp), 0x0A000001u, 0x0A000002u, 1000, 80,
                               1, 200);
    uint8_t *udp = xp_ip_frame(mac(xp), 0x0A000001u, 0x0A000002u, 1000, 53,
                               0, 200);
    uint32_t good = IXG_RXD_STAT_DD | IXG_RXD_STAT_EOP | IXG_RXD_STAT_IPCS |
                    IXG_RXD_STAT_L4CS;

    ixg_receive(xp->dev, tcp, 200);
    ixg_receive(xp->dev, udp, 200);
    tcp[60] ^= 0xFF;                                  /* payload */
    ixg_receive(xp->dev, tcp, 200);
    tcp[60] ^= 0xFF;
    tcp[14 + 8] -= 1;                                 /* TTL: header */
    ixg_receive(xp->dev, tcp, 200);
    xp_advance(xp, 100000);
    g_assert_cmphex(stat_wb(xp, 0), ==, good);
    g_assert_cmphex(stat_wb(xp, 1), ==, good | IXG_RXD_STAT_UDPCS);
    g_assert_cmphex(stat_wb(xp, 2), ==, good | IXG_RXDADV_ERR_TCPE);
    g_assert_cmphex(stat_wb(xp, 3) & IXG_RXDADV_ERR_IPE, !=, 0);
    g_assert_cmphex(xp_le32(xp, RING) & 0x3F0u, ==, IXG_ARXD_PKT_IPV4 |
                    IXG_ARXD_PKT_TCP);
    g_assert_cmphex(xp_le32(xp, RING + 16) & 0x3F0u, ==, IXG_ARXD_PKT_IPV4 |
                    IXG_ARXD_PKT_UDP);
    g_free(tcp);
    g_free(udp);
    xp_free(xp);
}

/* RDH belongs to the hardware while the queue runs; RXDCTL.ENABLE reads
 * the queue's state; disabled, the queue's frames wait. */
static void test_queue_enable(void)
{
    XpPort *xp = rx_port(64, 63, 0);

    xp_wr(xp, IXG_RDH(0), 5);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 0);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_RO_WRITE), ==, 1);
    xp_wr(xp, IXG_RXDCTL(0), 0);
    g_assert_cmphex(xp_rd(xp, IXG_RXDCTL(0)) & IXG_RXDCTL_ENABLE, ==, 0);
    xp_wr(xp, IXG_RDH(0), 5);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 5);
    g_assert_cmpint(rx_len(xp, 60), ==, IXG_RX_QUEUED);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 5);
    xp_wr(xp, IXG_RXDCTL(0), IXG_RXDCTL_ENABLE);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 6);
    g_assert_cmphex(stat_wb(xp, 5) & IXG_RXD_STAT_DD, !=, 0);
    /* the link down stops the queue too; RXDCTL shows it */
    ixg_set_link(xp->dev, 0);
    g_assert_cmphex(xp_rd(xp, IXG_RXDCTL(0)) & IXG_RXDCTL_ENABLE, ==, 0);
    xp_free(xp);
}

/* Receive disabled: nothing is taken; the statistics do not move. */
static void test_rx_disabled(void)
{
    XpPort *xp = rx_port(64, 63, 0);

    xp_wr(xp, IXG_RXCTRL, 0);
    g_assert_cmpint(rx_len(xp, 60), ==, IXG_RX_DISABLED);
    g_assert_cmpuint(xp_rd(xp, IXG_TPR), ==, 0);
    g_assert_cmpuint(totals(xp).rx_disabled, ==, 1);
    xp_free(xp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe/rx/advanced-basic", test_advanced_basic);
    g_test_add_func("/ixgbe/rx/legacy-and-crc", test_legacy_and_crc);
    g_test_add_func("/ixgbe/rx/wthresh", test_wthresh);
    g_test_add_func("/ixgbe/rx/wthresh-zero", test_wthresh_zero);
    g_test_add_func("/ixgbe/rx/fetch-thresholds", test_fetch_thresholds);
    g_test_add_func("/ixgbe/rx/hthresh", test_hthresh_holds_prefetch);
    g_test_add_func("/ixgbe/rx/buffer-full", test_buffer_full_no_drop_en);
    g_test_add_func("/ixgbe/rx/drop-en", test_drop_en);
    g_test_add_func("/ixgbe/rx/rxpbsize", test_rxpbsize);
    g_test_add_func("/ixgbe/rx/head-of-line", test_head_of_line);
    g_test_add_func("/ixgbe/rx/l2-filter", test_l2_filter);
    g_test_add_func("/ixgbe/rx/vlan", test_vlan);
    g_test_add_func("/ixgbe/rx/crc-strip-cleared", test_crc_strip_cleared);
    g_test_add_func("/ixgbe/rx/sizes-jumbo", test_sizes_and_jumbo);
    g_test_add_func("/ixgbe/rx/checksums", test_checksums);
    g_test_add_func("/ixgbe/rx/queue-enable", test_queue_enable);
    g_test_add_func("/ixgbe/rx/disabled", test_rx_disabled);
    return g_test_run();
}
