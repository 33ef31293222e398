/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Audit tests (docs/model-tests.md): coverage of the 82540/82545 register
 * map (SDM 13.3-13.4) through the public API, the whole statistics
 * block 0x4000..0x40FC read twice after real traffic (SDM 13.7, the
 * counters case), and clear-on-read through the I/O BAR (SDM 4.1).
 */
#include "rxtest.h"

/* Register fields with widths stated in the SDM register sections
 * (13.4.18-13.4.46, e.g. RDTR 13.4.30, TIPG 13.4.34): writing all ones reads
 * back exactly the field bits. */
static const struct {
    uint32_t off;
    uint32_t bits;
    const char *what;
} field_regs[] = {
    { E1K_VET, 0x0000FFFFu, "VET (ethertype)" },
    { E1K_ITR, 0x0000FFFFu, "ITR INTERVAL b15:0" },
    { E1K_RDTR, 0x0000FFFFu, "RDTR delay b15:0, FPD reads 0" },
    { E1K_RADV, 0x0000FFFFu, "RADV b15:0" },
    { E1K_TIDV, 0x0000FFFFu, "TIDV b15:0" },
    { E1K_TADV, 0x0000FFFFu, "TADV b15:0" },
    { E1K_RXDCTL, 0x013F3F3Fu, "RXDCTL PTHRESH/HTHRESH/WTHRESH/GRAN" },
    { E1K_TXDCTL, 0xFF3F3F3Fu, "TXDCTL + LWTHRESH b31:25" },
    { E1K_RXCSUM, 0x000003FFu, "RXCSUM PCSS/IPOFL/TUOFL" },
    { E1K_TIPG, 0x3FFFFFFFu, "TIPG IPGT/IPGR1/IPGR2" },
    { E1K_RDLEN, 0x000FFF80u, "RDLEN LEN b19:7" },
    { E1K_TDLEN, 0x000FFF80u, "TDLEN LEN b19:7" },
    { E1K_RDBAL, 0xFFFFFFF0u, "RDBAL 16-byte aligned" },
    { E1K_RDH, 0x0000FFFFu, "RDH 16-bit" },
    { E1K_TDT, 0x0000FFFFu, "TDT 16-bit" },
};

/* Registers of the SDM 13.3 map without a stated field width: each is
 * decoded (a written pattern is stored, not dropped as an unknown
 * offset) and MAC reset clears it. */
static const uint32_t rw_regs[] = {
    E1K_CTRL_EXT, E1K_FCAL, E1K_FCAH, E1K_FCT, E1K_FCTTV, E1K_TXCW,
    E1K_AIT, E1K_LEDCTL, E1K_FCRTL, E1K_FCRTH, E1K_RDFH, E1K_RDFT,
    E1K_RDFHS, E1K_RDFTS, E1K_RDFPC, E1K_RSRPD, E1K_TDFH, E1K_TDFT,
    E1K_TDFHS, E1K_TDFTS, E1K_TDFPC, E1K_TSPMT, E1K_WUC, E1K_WUFC,
    E1K_MANC, E1K_IPAV, E1K_WUPL, E1K_RDBAH, E1K_TDBAH,
    E1K_MTA, E1K_MTA + 4 * 127, E1K_RAL(0), E1K_RAH(0), E1K_RAL(15),
    E1K_RAH(15), E1K_VFTA, E1K_VFTA + 4 * 127, E1K_IP4AT, E1K_IP6AT,
    E1K_WUPM, E1K_FFLT, E1K_FFMT, E1K_FFVT,
};

static void test_field_widths(void)
{
    TestPort *tp = tp_new(4096, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(field_regs); i++) {
        tp_wr(tp, field_regs[i].off, 0xFFFFFFFFu);
        if (tp_rd(tp, field_regs[i].off) != field_regs[i].bits) {
            g_error("%s at 0x%05x: read 0x%08x, want 0x%08x",
                    field_regs[i].what, field_regs[i].off,
                    tp_rd(tp, field_regs[i].off), field_regs[i].bits);
        }
        tp_wr(tp, field_regs[i].off, 0);
        g_assert_cmphex(tp_rd(tp, field_regs[i].off), ==, 0);
    }
    tp_free(tp);
}

static void test_map_decoded_and_reset(void)
{
    TestPort *tp = tp_new(4096, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(rw_regs); i++) {
        tp_wr(tp, rw_regs[i], 0x00000008u); /* bit 3: writable in all */
        if (tp_rd(tp, rw_regs[i]) != 8u) {
            g_error("register 0x%05x not decoded (read 0x%08x)", rw_regs[i],
                    tp_rd(tp, rw_regs[i]));
        }
    }
    tp_wr(tp, E1K_CTRL, E1K_CTRL_RST);
    for (size_t i = 0; i < G_N_ELEMENTS(rw_regs); i++) {
        if (rw_regs[i] == E1K_LEDCTL) {
            g_assert_cmphex(tp_rd(tp, rw_regs[i]), ==, 0x602u);
        } else if (rw_regs[i] == E1K_WUC) {
            /* APME from the EEPROM's init control 3 (SDM 13.6.1) */
            g_assert_cmphex(tp_rd(tp, rw_regs[i]), ==, E1K_WUC_APME);
        } else {
            g_assert_cmphex(tp_rd(tp, rw_regs[i]), ==, 0);
        }
    }
    tp_free(tp);
}

/* Read-only STATUS and RXCW ignore writes; write-only IMC reads 0. */
static void test_ro_wo(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint32_t st = tp_rd(tp, E1K_STATUS);
    tp_wr(tp, E1K_STATUS, ~st);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS), ==, st);
    tp_wr(tp, E1K_IMC, 0xFFFFFFFFu);
    g_assert_cmphex(tp_rd(tp, E1K_IMC), ==, 0);
    tp_free(tp);
}

/* Offsets of the statistics map (SDM 13.7). */
static gboolean is_stat(uint32_t off)
{
    static const uint32_t holes[] = { 0x4024, 0x402C, 0x4044, 0x4084,
                                      0x4098, 0x409C };
    for (size_t i = 0; i < G_N_ELEMENTS(holes); i++) {
        if (off == holes[i]) {
            return FALSE;
        }
    }
    return off >= 0x4000 && off <= 0x40FC;
}

/* Whole block through the public API: after RX and TX traffic (RX
 * frames of sizes in every bucket, a broadcast, a multicast, an
 * undersize frame, an oversize frame, an overrun; TX frames), every
 * counter offset 0x4000..0x40FC reads its value once and 0 the second
 * time; the 64-bit pairs are read low then high; holes read 0. */
static void test_stats_block_twice(void)
{
    TestPort *tp = rxt_new();
    static const uint8_t mc[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0x01 };
    static const uint32_t sizes[] = { 60, 100, 200, 400, 800, 1500 };
    uint32_t first[64];
    uint64_t txring = TP_MEM_BASE + 0x200000, txbuf = TP_MEM_BASE + 0x210000;

    rxt_ring(tp, 16, 2048, 15, RXT_RCTL | E1K_RCTL_MPE);
    for (size_t i = 0; i < G_N_ELEMENTS(sizes); i++) {
        g_assert_cmpint(rxt_send(tp, rxt_mac, sizes[i]), ==, E1K_RX_QUEUED);
    }
    g_assert_cmpint(rxt_send(tp, rxt_bcast, 60), ==, E1K_RX_QUEUED);
    g_assert_cmpint(rxt_send(tp, mc, 60), ==, E1K_RX_QUEUED);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 50), ==, E1K_RX_BAD_SIZE);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 1600), ==, E1K_RX_BAD_SIZE);
    tp_advance(tp, 1000000);
    /* TX: one broadcast 60-byte frame with PSP */
    {
        uint8_t *f = tp_frame(rxt_bcast, 60);
        memcpy(tp_ptr(tp, txbuf, 60), f, 60);
        g_free(f);
        tp_put_le64(tp, txring, txbuf);
        tp_put_le16(tp, txring + 8, 60);
        *tp_ptr(tp, txring + 11, 1) = E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS;
        tp_wr(tp, E1K_TDBAL, (uint32_t)txring);
        tp_wr(tp, E1K_TDLEN, 128);
        tp_wr(tp, E1K_TCTL, E1K_TCTL_EN | E1K_TCTL_PSP);
        tp_wr(tp, E1K_TDT, 1);
        tp_advance(tp, 100000);
        g_assert_cmpuint(tp->tx->len, ==, 1);
    }

    for (uint32_t off = 0x4000; off <= 0x40FC; off += 4) {
        first[(off - 0x4000) / 4] = tp_rd(tp, off);
        if (!is_stat(off)) {
            g_assert_cmphex(first[(off - 0x4000) / 4], ==, 0);
        }
    }
    /* values from the traffic above (8 good RX frames, 64..1504 bytes
     * with FCS; 2 bad-size; TX one 64-byte broadcast) */
    g_assert_cmpuint(first[(E1K_GPRC - 0x4000) / 4], ==, 8);
    g_assert_cmpuint(first[(E1K_TPR - 0x4000) / 4], ==, 10);
    g_assert_cmpuint(first[(E1K_BPRC - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_MPRC - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_RUC - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_ROC - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_PRC64 - 0x4000) / 4], ==, 3);
    g_assert_cmpuint(first[(E1K_PRC127 - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_PRC255 - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_PRC511 - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_PRC1023 - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_PRC1522 - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_GORCL - 0x4000) / 4], ==,
                     64 + 104 + 204 + 404 + 804 + 1504 + 64 + 64);
    g_assert_cmpuint(first[(E1K_TORL - 0x4000) / 4], ==,
                     64 + 104 + 204 + 404 + 804 + 1504 + 64 + 64 + 54 +
                         1604);
    g_assert_cmpuint(first[(E1K_GPTC - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_TPT - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_BPTC - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_PTC64 - 0x4000) / 4], ==, 1);
    g_assert_cmpuint(first[(E1K_GOTCL - 0x4000) / 4], ==, 64);
    g_assert_cmpuint(first[(E1K_TOTL - 0x4000) / 4], ==, 64);
    /* second pass: everything clear */
    for (uint32_t off = 0x4000; off <= 0x40FC; off += 4) {
        if (tp_rd(tp, off) != 0) {
            g_error("statistics offset 0x%04x not cleared by its read", off);
        }
    }
    tp_free(tp);
}

/* Reading the low half of a pair first returns it without clearing;
 * the high-half read clears both (SDM 13.7) — also when only the high
 * half is read. */
static void test_pair_high_only(void)
{
    TestPort *tp = rxt_new();
    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    rxt_send(tp, rxt_mac, 100);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp_rd(tp, E1K_GORCH), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_GORCL), ==, 0); /* cleared with high */
    g_assert_cmpuint(tp_rd(tp, E1K_TORL), ==, 104);
    g_assert_cmpuint(tp_rd(tp, E1K_TORL), ==, 104);
    g_assert_cmpuint(tp_rd(tp, E1K_TORH), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TORL), ==, 0);
    tp_free(tp);
}

/* I/O BAR (IOADDR/IODATA, SDM 4.1): a statistics counter read through
 * IODATA has its clear-on-read side effect; a 64-bit pair cleared by its
 * high half through IODATA; ICS through IODATA raises the line. */
static void test_iodata_stats(void)
{
    TestPort *tp = rxt_new();
    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    rxt_send(tp, rxt_mac, 100);
    tp_advance(tp, 100000);
    e1k_io_write(tp->dev, 0, E1K_GPRC, 4);
    g_assert_cmpuint(e1k_io_read(tp->dev, 4, 4), ==, 1);
    g_assert_cmpuint(e1k_io_read(tp->dev, 4, 4), ==, 0);
    e1k_io_write(tp->dev, 0, E1K_GORCL, 4);
    g_assert_cmpuint(e1k_io_read(tp->dev, 4, 4), ==, 104);
    e1k_io_write(tp->dev, 0, E1K_GORCH, 4);
    g_assert_cmpuint(e1k_io_read(tp->dev, 4, 4), ==, 0);
    g_assert_cmpuint(e1k_peek_reg(tp->dev, E1K_GORCL), ==, 0);
    /* IMS and ICS through IODATA (the frame's RXT0 acknowledged first) */
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_RXT0);
    e1k_io_write(tp->dev, 0, E1K_IMS, 4);
    e1k_io_write(tp->dev, 4, E1K_ICR_LSC, 4);
    e1k_io_write(tp->dev, 0, E1K_ICS, 4);
    e1k_io_write(tp->dev, 4, E1K_ICR_LSC, 4);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/audit/regs/field-widths", test_field_widths);
    g_test_add_func("/audit/regs/map-decoded-and-reset",
                    test_map_decoded_and_reset);
    g_test_add_func("/audit/regs/ro-wo", test_ro_wo);
    g_test_add_func("/audit/stats/block-read-twice", test_stats_block_twice);
    g_test_add_func("/audit/stats/pair-high-only", test_pair_high_only);
    g_test_add_func("/audit/io/iodata-stats", test_iodata_stats);
    return g_test_run();
}
