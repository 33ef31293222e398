/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive address and VLAN filtering of the device model (SDM 13.5.1-3,
 * RCTL SDM 13.4.22): exact RA entries with AV, UPE,
 * MPE, BAM, the MTA hash for each MO, PIF, VLAN filter (VFE/VFTA) and
 * tag stripping (CTRL.VME, VP, special field).
 */
#include <glib.h>

#include "rxtest.h"

static const uint8_t other_uc[6] = { 0x02, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE };
static const uint8_t mc1[6] = { 0x01, 0x00, 0x5E, 0x7F, 0x12, 0xC4 };

static TestPort *filter_dev(uint32_t rctl)
{
    TestPort *tp = rxt_new();
    rxt_ring(tp, 64, 2048, 63, rctl);
    return tp;
}

/* Deliver and return the EOP status of the frame in descriptor RDH. */
static uint8_t deliver_status(TestPort *tp, const uint8_t *f, uint32_t len)
{
    uint32_t i = tp_rd(tp, E1K_RDH);
    g_assert_cmpint(tp_rx(tp, f, len), ==, E1K_RX_QUEUED);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, i + 1);
    return rxt_status(tp, i);
}

static void test_unicast_exact(void)
{
    TestPort *tp = filter_dev(RXT_RCTL);
    uint8_t *f = tp_frame(rxt_mac, 60);

    g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==, 0);
    g_assert_cmpint(rxt_send(tp, other_uc, 60), ==, E1K_RX_FILTERED);
    g_assert_cmpuint(rxt_totals(tp).rx_filtered, ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_GPRC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_TPR), ==, 1);
    /* RA0 without AV: the station address no longer matches */
    rxt_set_ra(tp, 0, rxt_mac, 0);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_FILTERED);
    g_free(f);
    tp_free(tp);
}

/* Any of the 16 entries; AV required; ASEL != 00 entries do not match a
 * destination. */
static void test_ra_entries(void)
{
    TestPort *tp = filter_dev(RXT_RCTL);
    uint8_t *f = tp_frame(other_uc, 60);

    rxt_set_ra(tp, 15, other_uc, 0);
    g_assert_cmpint(tp_rx(tp, f, 60), ==, E1K_RX_FILTERED);
    rxt_set_ra(tp, 15, other_uc, 1);
    g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==, 0);
    tp_wr(tp, E1K_RAH(15), tp_rd(tp, E1K_RAH(15)) | (1u << 16));
    g_assert_cmpint(tp_rx(tp, f, 60), ==, E1K_RX_FILTERED);
    /* an exact entry also admits a multicast address, without PIF */
    rxt_set_ra(tp, 7, mc1, 1);
    g_free(f);
    f = tp_frame(mc1, 60);
    g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==, 0);
    g_free(f);
    tp_free(tp);
}

/* UPE: any unicast, marked PIF; the station address stays exact. */
static void test_upe(void)
{
    TestPort *tp = filter_dev(RXT_RCTL | E1K_RCTL_UPE);
    uint8_t *f = tp_frame(other_uc, 60);
    uint8_t *g = tp_frame(rxt_mac, 60);

    g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==,
                    E1K_RXD_STAT_PIF);
    g_assert_cmphex(deliver_status(tp, g, 60) & E1K_RXD_STAT_PIF, ==, 0);
    /* UPE does not admit multicast */
    g_assert_cmpint(rxt_send(tp, mc1, 60), ==, E1K_RX_FILTERED);
    g_free(f);
    g_free(g);
    tp_free(tp);
}

/* MPE: any multicast, PIF. */
static void test_mpe(void)
{
    TestPort *tp = filter_dev(RXT_RCTL);
    uint8_t *f = tp_frame(mc1, 60);

    g_assert_cmpint(tp_rx(tp, f, 60), ==, E1K_RX_FILTERED);
    tp_wr(tp, E1K_RCTL, RXT_RCTL | E1K_RCTL_MPE);
    g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==,
                    E1K_RXD_STAT_PIF);
    g_assert_cmpint(rxt_send(tp, other_uc, 60), ==, E1K_RX_FILTERED);
    g_free(f);
    tp_free(tp);
}

/* BAM: broadcast accepted exactly (no PIF); without BAM rejected. */
static void test_bam(void)
{
    TestPort *tp = filter_dev(E1K_RCTL_EN);
    uint8_t *f = tp_frame(rxt_bcast, 60);

    g_assert_cmpint(tp_rx(tp, f, 60), ==, E1K_RX_FILTERED);
    tp_wr(tp, E1K_RCTL, E1K_RCTL_EN | E1K_RCTL_BAM);
    g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_BPRC), ==, 1);
    g_free(f);
    tp_free(tp);
}

/* Broadcast without BAM (SDM 13.4.22: "Ignore broadcast (unless it
 * matches through exact or imperfect filters)"): MPE, UPE and both
 * together do not admit it; an RA entry (exact, no PIF) or its MTA hash
 * bit (imperfect, PIF) does. */
static void test_bcast_needs_bam(void)
{
    static const uint32_t promisc[] = {
        E1K_RCTL_MPE, E1K_RCTL_UPE, E1K_RCTL_MPE | E1K_RCTL_UPE};
    TestPort *tp = filter_dev(E1K_RCTL_EN);
    uint8_t *f = tp_frame(rxt_bcast, 60);

    for (unsigned i = 0; i < G_N_ELEMENTS(promisc); i++) {
        tp_wr(tp, E1K_RCTL, E1K_RCTL_EN | promisc[i]);
        g_assert_cmpint(tp_rx(tp, f, 60), ==, E1K_RX_FILTERED);
    }
    g_assert_cmpuint(tp_rd(tp, E1K_BPRC), ==, 0);
    /* MPE with BAM: accepted exactly, counted as broadcast */
    tp_wr(tp, E1K_RCTL, E1K_RCTL_EN | E1K_RCTL_MPE | E1K_RCTL_BAM);
    g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==, 0);
    /* MO = 0: hash = (0xFFFF >> 4) & 0xFFF = 0xFFF, MTA[127] bit 31 */
    tp_wr(tp, E1K_RCTL, E1K_RCTL_EN | E1K_RCTL_MPE);
    tp_wr(tp, E1K_MTA + 4u * 127u, 1u << 31);
    g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==,
                    E1K_RXD_STAT_PIF);
    tp_wr(tp, E1K_MTA + 4u * 127u, 0);
    g_assert_cmpint(tp_rx(tp, f, 60), ==, E1K_RX_FILTERED);
    rxt_set_ra(tp, 3, rxt_bcast, 1);
    g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_BPRC), ==, 3);
    g_free(f);
    tp_free(tp);
}

/* MTA hash: 12 bits of ((DA[5] << 8) | DA[4]) >> {4,3,2,0} for MO=0..3;
 * word = hash >> 5, bit = hash & 31 (SDM 13.5.1). */
static void test_mta_mo(void)
{
    static const unsigned shift[4] = { 4, 3, 2, 0 };
    uint8_t *f = tp_frame(mc1, 60);
    uint32_t v = (uint32_t)mc1[5] << 8 | mc1[4]; /* 0xC412 */

    for (uint32_t mo = 0; mo < 4; mo++) {
        TestPort *tp = filter_dev(RXT_RCTL | mo << E1K_RCTL_MO_SHIFT);
        uint32_t h = (v >> shift[mo]) & 0xFFFu;
        /* every other MO's bit set, ours clear: rejected */
        for (uint32_t o = 0; o < 4; o++) {
            uint32_t ho = (v >> shift[o]) & 0xFFFu;
            if (ho != h) {
                tp_wr(tp, E1K_MTA + 4 * (ho >> 5),
                      tp_rd(tp, E1K_MTA + 4 * (ho >> 5)) | 1u << (ho & 31));
            }
        }
        g_assert_cmpint(tp_rx(tp, f, 60), ==, E1K_RX_FILTERED);
        tp_wr(tp, E1K_MTA + 4 * (h >> 5), 1u << (h & 31));
        g_assert_cmphex(deliver_status(tp, f, 60) & E1K_RXD_STAT_PIF, ==,
                        E1K_RXD_STAT_PIF);
        g_assert_cmpuint(tp_rd(tp, E1K_MPRC), ==, 1);
        tp_free(tp);
    }
    g_free(f);
}

/* Tagged frame: DA, SA, 0x8100, TCI, then EtherType 0x0800 and data. */
static uint8_t *tagged(const uint8_t *dst, uint32_t len, uint16_t tci)
{
    uint8_t *f = tp_frame(dst, len);
    f[12] = 0x81;
    f[13] = 0x00;
    f[14] = (uint8_t)(tci >> 8);
    f[15] = (uint8_t)tci;
    f[16] = 0x08;
    f[17] = 0x00;
    return f;
}

/* VFE: a tagged frame passes only if VFTA has its VID; untagged frames
 * are not affected. */
static void test_vlan_vfe(void)
{
    TestPort *tp = filter_dev(RXT_RCTL | E1K_RCTL_VFE);
    uint16_t vid = 100;
    uint8_t *f = tagged(rxt_mac, 64, vid);

    g_assert_cmpint(tp_rx(tp, f, 64), ==, E1K_RX_FILTERED);
    tp_wr(tp, E1K_VFTA + 4 * ((vid >> 5) & 0x7F), 1u << (vid & 31));
    g_assert_cmpint(tp_rx(tp, f, 64), ==, E1K_RX_QUEUED);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_QUEUED);
    /* another VID in the same word: rejected */
    g_free(f);
    f = tagged(rxt_mac, 64, vid + 1);
    g_assert_cmpint(tp_rx(tp, f, 64), ==, E1K_RX_FILTERED);
    /* VFE off: accepted */
    tp_wr(tp, E1K_RCTL, RXT_RCTL);
    g_assert_cmpint(tp_rx(tp, f, 64), ==, E1K_RX_QUEUED);
    g_free(f);
    tp_free(tp);
}

/* CTRL.VME strips the tag into the special field and sets VP; without
 * VME the tag stays in the data and VP is clear. */
static void test_vme_strip(void)
{
    TestPort *tp = filter_dev(RXT_RCTL);
    uint16_t tci = 0xA064; /* priority 5, VID 100 */
    uint8_t *f = tagged(rxt_mac, 64, tci);
    uint8_t exp[60];

    memcpy(exp, f, 12);
    memcpy(exp + 12, f + 16, 48);
    tp_wr(tp, E1K_CTRL, tp_rd(tp, E1K_CTRL) | E1K_CTRL_VME);
    g_assert_cmphex(deliver_status(tp, f, 64) & E1K_RXD_STAT_VP, ==,
                    E1K_RXD_STAT_VP);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 64);
    g_assert_cmphex(rxt_special(tp, 0), ==, tci);
    g_assert_cmpmem(tp_ptr(tp, RXT_BUFS, 60), 60, exp, 60);
    /* statistics count the frame as it was on the wire (68 bytes) */
    g_assert_cmpuint(rxt_totals(tp).gorc, ==, 68);

    tp_wr(tp, E1K_CTRL, tp_rd(tp, E1K_CTRL) & ~E1K_CTRL_VME);
    g_assert_cmphex(deliver_status(tp, f, 64) & E1K_RXD_STAT_VP, ==, 0);
    g_assert_cmpuint(rxt_len(tp, 1), ==, 68);
    g_assert_cmphex(rxt_special(tp, 1), ==, 0);
    g_assert_cmpmem(tp_ptr(tp, RXT_BUFS + 2048, 64), 64, f, 64);
    g_free(f);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rx/filter/unicast-exact", test_unicast_exact);
    g_test_add_func("/rx/filter/ra-entries", test_ra_entries);
    g_test_add_func("/rx/filter/upe", test_upe);
    g_test_add_func("/rx/filter/mpe", test_mpe);
    g_test_add_func("/rx/filter/bam", test_bam);
    g_test_add_func("/rx/filter/bcast-needs-bam", test_bcast_needs_bam);
    g_test_add_func("/rx/filter/mta-mo", test_mta_mo);
    g_test_add_func("/rx/filter/vlan-vfe", test_vlan_vfe);
    g_test_add_func("/rx/filter/vme-strip", test_vme_strip);
    return g_test_run();
}
