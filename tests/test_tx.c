/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit path of the device model: legacy descriptors, ring ownership
 * (register write order, odd ring lengths), DD write-back rules, checksum
 * and VLAN insertion, PSP padding, TX counters, wire timing ([IEEE-802.3]),
 * packet-buffer back-pressure, link down, DMA faults and bad chains.
 */
#include "txtest.h"

#define EOP E1K_TXD_CMD_EOP
#define IFCS E1K_TXD_CMD_IFCS
#define RS E1K_TXD_CMD_RS
#define TCTL_STD (E1K_TCTL_EN | E1K_TCTL_PSP)

static E1kTotals totals(TestPort *tp)
{
    E1kTotals t;
    e1k_totals(tp->dev, &t);
    return t;
}

/* C04: TCTL.EN first, ring registers afterwards, then TDT. */
static void test_c04_register_order(void)
{
    TestPort *tp = tp_new(TXT_MEM_SIZE, NULL);
    uint8_t *f;

    tp_wr(tp, E1K_TCTL, E1K_TCTL_EN);
    tp_wr(tp, E1K_TDBAL, (uint32_t)TXT_RING);
    tp_wr(tp, E1K_TDBAH, (uint32_t)(TXT_RING >> 32));
    tp_wr(tp, E1K_TDLEN, 8 * 16);
    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    txt_legacy(tp, 0, TXT_BUFS, 100, EOP | IFCS | RS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance(tp, 100000);

    g_assert_cmpuint(tp->tx->len, ==, 1);
    f = tp_frame(txt_ucast, 100);
    g_assert_cmpuint(txt_frame(tp, 0)->len, ==, 100);
    g_assert_cmpmem(txt_frame(tp, 0)->data, 100, f, 100);
    g_free(f);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 1);
    g_assert_cmphex(txt_sta(tp, 0), ==, E1K_TXD_STA_DD);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    tp_free(tp);
}

/* C04, class: base and length are read when used, not when written. */
static void test_c04_base_changed_before_tail(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    uint64_t ring2 = TXT_RING2;

    /* Ring 1 holds a 70-byte frame, ring 2 a 90-byte frame. */
    txt_put_frame(tp, TXT_BUFS, txt_ucast, 70);
    txt_put_frame(tp, TXT_BUFS + 0x1000, txt_ucast, 90);
    txt_legacy(tp, 0, TXT_BUFS, 70, EOP | IFCS, 0, 0, 0);
    tp_put_le64(tp, ring2, TXT_BUFS + 0x1000);
    tp_put_le16(tp, ring2 + 8, 90);
    *tp_ptr(tp, ring2 + 11, 1) = EOP | IFCS;
    tp_wr(tp, E1K_TDBAL, (uint32_t)ring2);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    g_assert_cmpuint(txt_frame(tp, 0)->len, ==, 90);
    tp_free(tp);
}

/* DD is written only for RS descriptors (SDM 3.3.3.1 note 2). */
static void test_dd_only_with_rs(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    E1kTotals t;

    txt_put_frame(tp, TXT_BUFS, txt_ucast, 64);
    txt_legacy(tp, 0, TXT_BUFS, 64, EOP | IFCS | RS, 0, 0, 0);
    txt_legacy(tp, 1, TXT_BUFS, 64, EOP | IFCS, 0, 0, 0);
    txt_legacy(tp, 2, TXT_BUFS, 64, EOP | IFCS | RS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, 3);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 3);
    g_assert_cmphex(txt_sta(tp, 0), ==, E1K_TXD_STA_DD);
    g_assert_cmphex(txt_sta(tp, 1), ==, 0);
    g_assert_cmphex(txt_sta(tp, 2), ==, E1K_TXD_STA_DD);
    t = totals(tp);
    g_assert_cmpuint(t.tx_desc_written, ==, 2);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 3);
    tp_free(tp);
}

/* A frame over several buffers, including a zero-length and a
 * null-address descriptor (no data, DD with RS; SDM 3.3.3). */
static void test_multi_buffer_frame(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    uint8_t *f = tp_frame(txt_ucast, 300);

    memcpy(tp_ptr(tp, TXT_BUFS, 100), f, 100);
    memcpy(tp_ptr(tp, TXT_BUFS + 0x1000, 200), f + 100, 200);
    txt_legacy(tp, 0, TXT_BUFS, 100, IFCS, 0, 0, 0);
    txt_legacy(tp, 1, TXT_BUFS + 0x800, 0, IFCS | RS, 0, 0, 0);
    txt_legacy(tp, 2, 0, 50, IFCS | RS, 0, 0, 0);
    txt_legacy(tp, 3, TXT_BUFS + 0x1000, 200, EOP | IFCS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, 4);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    g_assert_cmpuint(txt_frame(tp, 0)->len, ==, 300);
    g_assert_cmpmem(txt_frame(tp, 0)->data, 300, f, 300);
    g_assert_cmphex(txt_sta(tp, 1), ==, E1K_TXD_STA_DD);
    g_assert_cmphex(txt_sta(tp, 2), ==, E1K_TXD_STA_DD);
    g_assert_cmphex(txt_sta(tp, 3), ==, 0);
    g_free(f);
    tp_free(tp);
}

/* Legacy CMD.IC: checksum of CSS..end stored at CSO (SDM 3.3.3). */
static void test_legacy_ic_checksum(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    uint8_t *b = tp_ptr(tp, TXT_BUFS, 80);
    const uint8_t *o;
    uint16_t want;

    txt_put_frame(tp, TXT_BUFS, txt_ucast, 80);
    b[30] = 0x12; /* checksum field at offset 30: driver seed 0x1234 */
    b[31] = 0x34;
    /* expected: ~(sum of bytes 20..79 with the seed in place) */
    want = (uint16_t)~txt_sum(0, b + 20, 60);
    txt_legacy(tp, 0, TXT_BUFS, 80, EOP | IFCS | E1K_TXD_CMD_IC, 30, 20, 0);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance(tp, 100000);
    o = txt_frame(tp, 0)->data;
    g_assert_cmphex(txt_be16(o + 30), ==, want);
    /* The receiver's check: the range plus the seed (standing for a
     * pseudo-header outside the range) sums to all ones. */
    g_assert_cmphex(txt_sum(0x1234, o + 20, 60), ==, 0xFFFF);
    g_assert_cmpmem(o, 30, b, 30);
    g_assert_cmpmem(o + 32, 48, b + 32, 48);
    tp_free(tp);
}

/* VLE with CTRL.VME: VET and the special field inserted after the MAC
 * addresses (SDM 3.3.3, 13.4.1); without VME nothing is inserted. */
static void test_vlan_insert(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    uint8_t *f = tp_frame(txt_ucast, 100);
    const TpFrame *o;

    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    tp_wr(tp, E1K_CTRL, tp_rd(tp, E1K_CTRL) | E1K_CTRL_VME);
    g_assert_cmphex(tp_rd(tp, E1K_VET), ==, 0x8100);
    txt_legacy(tp, 0, TXT_BUFS, 100, EOP | IFCS | E1K_TXD_CMD_VLE, 0, 0,
               0x2005);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance(tp, 100000);
    o = txt_frame(tp, 0);
    g_assert_cmpuint(o->len, ==, 104);
    g_assert_cmpmem(o->data, 12, f, 12);
    g_assert_cmphex(txt_be16(o->data + 12), ==, 0x8100);
    g_assert_cmphex(txt_be16(o->data + 14), ==, 0x2005);
    g_assert_cmpmem(o->data + 16, 88, f + 12, 88);

    tp_wr(tp, E1K_CTRL, tp_rd(tp, E1K_CTRL) & ~E1K_CTRL_VME);
    txt_legacy(tp, 1, TXT_BUFS, 100, EOP | IFCS | E1K_TXD_CMD_VLE, 0, 0,
               0x2005);
    tp_wr(tp, E1K_TDT, 2);
    tp_advance(tp, 100000);
    g_assert_cmpuint(txt_frame(tp, 1)->len, ==, 100);
    g_assert_cmpmem(txt_frame(tp, 1)->data, 100, f, 100);
    g_free(f);
    tp_free(tp);
}

/* C10: with TCTL.PSP a 42-byte frame leaves as 60 bytes + FCS, padded
 * with zeros; without PSP as 42 bytes (a runt: not a good packet). */
static void test_c10_psp(void)
{
    for (int psp = 1; psp >= 0; psp--) {
        TestPort *tp = txt_new(NULL, 8,
                               E1K_TCTL_EN | (psp ? E1K_TCTL_PSP : 0));
        uint8_t *f = tp_frame(txt_bcast, 42);
        const TpFrame *o;
        static const uint8_t zero[18];

        txt_put_frame(tp, TXT_BUFS, txt_bcast, 42);
        txt_legacy(tp, 0, TXT_BUFS, 42, EOP | IFCS, 0, 0, 0);
        tp_wr(tp, E1K_TDT, 1);
        tp_advance(tp, 100000);
        o = txt_frame(tp, 0);
        g_assert_cmpuint(o->len, ==, psp ? 60 : 42);
        g_assert_cmpmem(o->data, 42, f, 42);
        if (psp) {
            g_assert_cmpmem(o->data + 42, 18, zero, 18);
        }
        g_assert_cmpuint(tp_rd(tp, E1K_TPT), ==, 1);
        g_assert_cmpuint(tp_rd(tp, E1K_TOTL), ==, psp ? 64 : 46);
        g_assert_cmpuint(tp_rd(tp, E1K_GPTC), ==, psp ? 1 : 0);
        g_assert_cmpuint(tp_rd(tp, E1K_GOTCL), ==, psp ? 64 : 0);
        g_assert_cmpuint(tp_rd(tp, E1K_PTC64), ==, psp ? 1 : 0);
        g_assert_cmpuint(tp_rd(tp, E1K_BPTC), ==, psp ? 1 : 0);
        g_free(f);
        tp_free(tp);
    }
}

/* C09 (transmit side): GPTC, GOTC (DA..CRC), BPTC, MPTC, TPT, TOT and
 * the size buckets count sent frames; they clear on read (GOTC and TOT
 * when the high half is read). */
static void test_c09_counters(void)
{
    TestPort *tp = txt_new(NULL, 16, TCTL_STD);
    const uint8_t *dst[5] = { txt_bcast, txt_bcast, txt_mcast, txt_ucast,
                              txt_ucast };
    const uint32_t len[5] = { 100, 100, 100, 100, 1514 };
    E1kTotals t;

    for (int i = 0; i < 5; i++) {
        txt_put_frame(tp, TXT_BUFS + 0x1000u * i, dst[i], len[i]);
        txt_legacy(tp, i, TXT_BUFS + 0x1000u * i, len[i], EOP | IFCS, 0, 0,
                   0);
    }
    tp_wr(tp, E1K_TDT, 5);
    tp_advance(tp, 200000);
    g_assert_cmpuint(tp->tx->len, ==, 5);

    g_assert_cmpuint(tp_rd(tp, E1K_GPTC), ==, 5);
    g_assert_cmpuint(tp_rd(tp, E1K_GOTCL), ==, 4 * 104 + 1518);
    g_assert_cmpuint(tp_rd(tp, E1K_GOTCH), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_GOTCL), ==, 0); /* cleared by GOTCH */
    g_assert_cmpuint(tp_rd(tp, E1K_TPT), ==, 5);
    g_assert_cmpuint(tp_rd(tp, E1K_TOTL), ==, 4 * 104 + 1518);
    g_assert_cmpuint(tp_rd(tp, E1K_TOTH), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_BPTC), ==, 2);
    g_assert_cmpuint(tp_rd(tp, E1K_MPTC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_PTC127), ==, 4);
    g_assert_cmpuint(tp_rd(tp, E1K_PTC1522), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_PTC64), ==, 0);
    /* every counter cleared by its read */
    g_assert_cmpuint(tp_rd(tp, E1K_GPTC), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TPT), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_BPTC), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_MPTC), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_PTC127), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_PTC1522), ==, 0);
    /* the report totals are cumulative */
    t = totals(tp);
    g_assert_cmpuint(t.gptc, ==, 5);
    g_assert_cmpuint(t.gotc, ==, 4 * 104 + 1518);
    g_assert_cmpuint(t.bptc, ==, 2);
    g_assert_cmpuint(t.mptc, ==, 1);
    tp_free(tp);
}

static void test_wire_timing_1000(void)
{
    txt_check_back_to_back(1000, TXT_TIPG_LINUX, 672);
}

static void test_wire_timing_100(void)
{
    txt_check_back_to_back(100, TXT_TIPG_LINUX, 6720);
}

/* IPGT = 20 clocks: gap 20 + 4 = 24 byte times (SDM 13.4.34). */
static void test_wire_timing_tipg(void)
{
    txt_check_back_to_back(1000, 20, (64 + 8 + 24) * 8);
}

/* The packet buffer (PBA.TXA) fills: fetching pauses until a frame has
 * left the wire, then resumes; nothing is lost. */
static void test_buffer_backpressure(void)
{
    E1kConfig cfg;
    TestPort *tp;
    uint64_t t_first;

    e1k_config_default(&cfg);
    cfg.link_mbps = 10; /* 1000-byte frame: 8 + 1004 bytes * 800 ns */
    tp = tp_new(TXT_MEM_SIZE, &cfg);
    /* RXA = 62 KB -> TXA = 2 KB after a MAC reset (SDM 13.4.16). */
    tp_wr(tp, E1K_PBA, 62);
    tp_wr(tp, E1K_CTRL, tp_rd(tp, E1K_CTRL) | E1K_CTRL_RST);
    g_assert_cmphex(tp_rd(tp, E1K_PBA), ==, 62u | 2u << 16);
    tp_wr(tp, E1K_TDBAL, (uint32_t)TXT_RING);
    tp_wr(tp, E1K_TDLEN, 8 * 16);
    tp_wr(tp, E1K_TIPG, TXT_TIPG_LINUX);
    tp_wr(tp, E1K_TCTL, TCTL_STD);
    for (int i = 0; i < 4; i++) {
        txt_put_frame(tp, TXT_BUFS + 0x1000u * i, txt_ucast, 1000);
        txt_legacy(tp, i, TXT_BUFS + 0x1000u * i, 1000, EOP | IFCS | RS, 0,
                   0, 0);
    }
    tp_wr(tp, E1K_TDT, 4);
    /* Each frame is charged 16 + 1008 = 1024 bytes: two fit. */
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 2);
    g_assert_cmphex(txt_sta(tp, 2), ==, 0);
    t_first = txt_bus(tp, 16) + txt_bus(tp, 1000) + 1012ull * 800;
    tp_advance_to(tp, t_first - 1);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 2);
    tp_advance_to(tp, t_first + 100000);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    g_assert_cmpuint(txt_frame(tp, 0)->time_ns, ==, t_first);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 3);
    tp_advance(tp, 10000000);
    g_assert_cmpuint(tp->tx->len, ==, 4);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 4);
    for (int i = 0; i < 4; i++) {
        g_assert_cmphex(txt_sta(tp, i), ==, E1K_TXD_STA_DD);
    }
    g_assert_cmpuint(totals(tp).tx_frames_dropped, ==, 0);
    tp_free(tp);
}

/* Link down: nothing is fetched or sent; link up resumes at once. */
static void test_link_down_stops(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);

    e1k_set_link(tp->dev, 0);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU, ==, 0);
    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    txt_legacy(tp, 0, TXT_BUFS, 100, EOP | IFCS | RS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 0);
    g_assert_cmphex(txt_sta(tp, 0), ==, 0);
    e1k_set_link(tp->dev, 1);
    tp_advance(tp, 1000000);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU, ==,
                    E1K_STATUS_LU);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 1);
    tp_free(tp);
}

/* TCTL.EN clear: descriptors are not processed until EN rises. */
static void test_tctl_en_gates(void)
{
    TestPort *tp = txt_new(NULL, 8, E1K_TCTL_PSP);

    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    txt_legacy(tp, 0, TXT_BUFS, 100, EOP | IFCS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    tp_wr(tp, E1K_TCTL, TCTL_STD);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    tp_free(tp);
}

/* C03: TDLEN=0, TDT or TDH beyond the ring: no DMA at all, TDH kept;
 * valid values resume. TDLEN keeps bits 19:7 only. */
static void test_c03_ring_bounds(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);

    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    for (int i = 0; i < 8; i++) {
        txt_legacy(tp, i, TXT_BUFS, 100, EOP | IFCS | RS, 0, 0, 0);
    }
    tp_wr(tp, E1K_TDLEN, 0);
    tp_wr(tp, E1K_TDT, 5);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 0);

    tp_wr(tp, E1K_TDLEN, 200); /* -> 128 bytes: 8 descriptors */
    g_assert_cmpuint(tp_rd(tp, E1K_TDLEN), ==, 128);
    tp_wr(tp, E1K_TDT, 0);
    tp_wr(tp, E1K_TDT, 100); /* beyond the ring */
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 0);

    tp_wr(tp, E1K_TDH, 9); /* beyond the ring */
    tp_wr(tp, E1K_TDT, 2);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 9);

    tp_wr(tp, E1K_TDH, 6); /* valid: 6, 7, 0, 1 then stop at 2 */
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 4);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 2);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    g_assert_cmphex(txt_sta(tp, 2), ==, 0);

    /* One-descriptor ring (TDLEN=16 -> 0): never processed. */
    tp_wr(tp, E1K_TDLEN, 16);
    g_assert_cmpuint(tp_rd(tp, E1K_TDLEN), ==, 0);
    tp_wr(tp, E1K_TDH, 0);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 4);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    tp_free(tp);
}

/* A data buffer outside guest memory: the frame is dropped and counted,
 * the descriptor still completes (DD, TDH); the next frame is fine. */
static void test_dma_fault_data(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    E1kTotals t;

    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    txt_legacy(tp, 0, TXT_BUFS, 50, IFCS, 0, 0, 0);
    txt_legacy(tp, 1, TXT_BAD_ADDR, 50, IFCS | RS, 0, 0, 0);
    txt_legacy(tp, 2, TXT_BUFS, 50, EOP | IFCS | RS, 0, 0, 0);
    txt_legacy(tp, 3, TXT_BUFS, 100, EOP | IFCS | RS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, 4);
    tp_advance(tp, 100000);
    t = totals(tp);
    g_assert_cmpuint(tp->dma_faults, ==, 1);
    g_assert_cmpuint(t.tx_dma_errors, ==, 1);
    g_assert_cmpuint(t.tx_frames_dropped, ==, 1);
    g_assert_cmpuint(t.tx_bad_desc, ==, 0);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    g_assert_cmpuint(txt_frame(tp, 0)->len, ==, 100);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 4);
    for (int i = 1; i < 4; i++) {
        g_assert_cmphex(txt_sta(tp, i), ==, E1K_TXD_STA_DD);
    }
    tp_free(tp);
}

/* A ring base outside guest memory: every fetch faults once, TDH still
 * reaches TDT, nothing is sent, no endless retry. */
static void test_dma_fault_ring(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    E1kTotals t;

    tp_wr(tp, E1K_TDBAL, (uint32_t)TXT_BAD_ADDR);
    tp_wr(tp, E1K_TDBAH, 0);
    tp_wr(tp, E1K_TDT, 3);
    tp_advance(tp, 100000);
    t = totals(tp);
    g_assert_cmpuint(tp->dma_faults, ==, 3);
    g_assert_cmpuint(t.tx_dma_errors, ==, 3);
    /* each fault is a trace event naming the descriptor's address */
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_DMA_READ_FAULT), ==, 3);
    g_assert_cmphex(tp_trace_last(tp, E1K_TRACE_DMA_READ_FAULT)->a, ==,
                    TXT_BAD_ADDR + 2 * 16);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 3);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    tp_free(tp);
}

/* A frame longer than the model's 16 KB buffer and an unknown DTYP are
 * dropped and counted; the chain is consumed up to its EOP. */
static void test_bad_chains(void)
{
    TestPort *tp = txt_new(NULL, 16, TCTL_STD);
    E1kTotals t;
    uint8_t *d;

    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    /* 2 x 9000 bytes > 16384 */
    txt_legacy(tp, 0, TXT_BUFS, 9000, IFCS, 0, 0, 0);
    txt_legacy(tp, 1, TXT_BUFS, 9000, IFCS | RS, 0, 0, 0);
    txt_legacy(tp, 2, TXT_BUFS, 100, EOP | IFCS | RS, 0, 0, 0);
    /* DEXT with DTYP 5 */
    txt_data(tp, 3, TXT_BUFS, 100, EOP | IFCS | RS, 0, 0);
    d = tp_ptr(tp, txt_desc(3) + 10, 1);
    *d = (uint8_t)((*d & 0x0F) | 0x50);
    /* then a good frame */
    txt_legacy(tp, 4, TXT_BUFS, 100, EOP | IFCS | RS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, 5);
    tp_advance(tp, 200000);
    t = totals(tp);
    g_assert_cmpuint(t.tx_bad_desc, ==, 2);
    g_assert_cmpuint(t.tx_frames_dropped, ==, 2);
    /* both drops are traced; b counts the frames dropped so far */
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_TX_BAD_DESC), ==, 2);
    g_assert_cmpuint(tp_trace_last(tp, E1K_TRACE_TX_BAD_DESC)->b, ==, 2);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    g_assert_cmpuint(txt_frame(tp, 0)->len, ==, 100);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 5);
    for (int i = 1; i < 5; i++) {
        g_assert_cmphex(txt_sta(tp, i), ==, E1K_TXD_STA_DD);
    }
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    tp_free(tp);
}

/* A chain without EOP longer than the ring is dropped; the engine keeps
 * consuming descriptors up to an EOP, then sends normally. */
static void test_chain_longer_than_ring(void)
{
    TestPort *tp = txt_new(NULL, 8, TCTL_STD);
    E1kTotals t;

    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    for (int i = 0; i < 8; i++) {
        txt_legacy(tp, i, TXT_BUFS, 10, IFCS, 0, 0, 0);
    }
    tp_wr(tp, E1K_TDT, 7);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 7);
    /* The driver keeps adding non-EOP descriptors: 7, 0, 1 (9 > 8). */
    tp_wr(tp, E1K_TDT, 2);
    tp_advance(tp, 100000);
    g_assert_cmpuint(totals(tp).tx_frames_dropped, ==, 1);
    txt_legacy(tp, 2, TXT_BUFS, 10, EOP | IFCS, 0, 0, 0); /* ends it */
    txt_legacy(tp, 3, TXT_BUFS, 100, EOP | IFCS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, 4);
    tp_advance(tp, 100000);
    t = totals(tp);
    g_assert_cmpuint(t.tx_frames_dropped, ==, 1);
    g_assert_cmpuint(t.tx_bad_desc, ==, 1);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    g_assert_cmpuint(txt_frame(tp, 0)->len, ==, 100);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 4);
    tp_free(tp);
}

/* Save in the middle of a transfer and restore into a fresh device:
 * the rest of the transmission is identical. */
static void test_save_restore_midway(void)
{
    TestPort *a = txt_new(NULL, 8, TCTL_STD);
    TestPort *b = tp_new(TXT_MEM_SIZE, NULL);
    size_t n = e1k_save_size(a->dev);
    uint8_t *blob = g_malloc(n);
    guint sent;

    for (int i = 0; i < 4; i++) {
        txt_put_frame(a, TXT_BUFS + 0x1000u * i, txt_ucast, 500 + i);
        txt_legacy(a, i, TXT_BUFS + 0x1000u * i, 500 + i, EOP | IFCS | RS,
                   0, 0, 0);
    }
    tp_wr(a, E1K_TDT, 4);
    tp_advance(a, 3000); /* frames in flight, descriptors pending */
    sent = a->tx->len;
    g_assert_cmpuint(sent, <, 4);
    g_assert_cmpuint(e1k_save(a->dev, blob, n), ==, n);
    memcpy(b->mem, a->mem, TXT_MEM_SIZE);
    b->now = a->now;
    g_assert_cmpint(e1k_restore(b->dev, blob, n), ==, 0);
    b->deadline = e1k_next_deadline(b->dev);
    tp_advance(a, 100000);
    tp_advance(b, 100000);
    g_assert_cmpuint(a->tx->len, ==, 4);
    g_assert_cmpuint(b->tx->len, ==, 4 - sent);
    for (guint i = 0; i < b->tx->len; i++) {
        const TpFrame *fb = txt_frame(b, i);
        const TpFrame *fa = txt_frame(a, sent + i);
        g_assert_cmpuint(fb->time_ns, ==, fa->time_ns);
        g_assert_cmpmem(fb->data, fb->len, fa->data, fa->len);
    }
    g_assert_cmpuint(tp_rd(b, E1K_TDH), ==, 4);
    g_free(blob);
    tp_free(a);
    tp_free(b);
}

/* Hostile guest: random descriptor bytes (half with buffer addresses in
 * memory), random TDH/TDT/TDLEN/contexts, 200 rounds with a fixed seed.
 * The model must not crash, fault more than it counts, or end in a
 * state its own validation rejects (checked by a save/restore). */
static void test_hostile_random(void)
{
    TestPort *tp = txt_new(NULL, 16, TCTL_STD);
    GRand *r = g_rand_new_with_seed(0xE1000u);
    size_t n = e1k_save_size(tp->dev);
    uint8_t *blob = g_malloc(n);
    E1kTotals t;

    for (uint32_t i = 0; i < 0x10000; i++) {
        *tp_ptr(tp, TXT_BUFS + i, 1) = (uint8_t)g_rand_int(r);
    }
    for (int round = 0; round < 200; round++) {
        for (uint32_t i = 0; i < 16; i++) {
            uint8_t *d = tp_ptr(tp, txt_desc(i), 16);
            for (int k = 0; k < 16; k++) {
                d[k] = (uint8_t)g_rand_int(r);
            }
            if (g_rand_boolean(r)) {
                tp_put_le64(tp, txt_desc(i),
                            TXT_BUFS + g_rand_int_range(r, 0, 0x8000));
                d[9] &= 0x3F; /* lengths up to 16 KB */
            }
            if (g_rand_int_range(r, 0, 4) == 0) {
                d[11] |= E1K_TXD_CMD_EOP;
            }
        }
        if (g_rand_int_range(r, 0, 8) == 0) {
            tp_wr(tp, E1K_TDLEN, g_rand_int_range(r, 0, 3) * 128);
            tp_wr(tp, E1K_TDH, g_rand_int_range(r, 0, 20));
        }
        tp_wr(tp, E1K_TDT, g_rand_int_range(r, 0, 18));
        tp_advance(tp, 2000000);
    }
    t = totals(tp);
    g_test_message("tpt %" G_GUINT64_FORMAT " bad %" G_GUINT64_FORMAT
                   " dropped %" G_GUINT64_FORMAT " dma %" G_GUINT64_FORMAT,
                   t.tpt, t.tx_bad_desc, t.tx_frames_dropped,
                   t.tx_dma_errors);
    g_assert_cmpuint(t.tx_dma_errors, ==, tp->dma_faults);
    g_assert_cmpuint(t.tx_bad_desc + t.tx_frames_dropped + t.tpt, >, 0);
    g_assert_cmpuint(e1k_save(tp->dev, blob, n), ==, n);
    g_assert_cmpint(e1k_restore(tp->dev, blob, n), ==, 0);
    g_free(blob);
    g_rand_free(r);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tx/c04-register-order", test_c04_register_order);
    g_test_add_func("/tx/c04-base-changed-before-tail",
                    test_c04_base_changed_before_tail);
    g_test_add_func("/tx/dd-only-with-rs", test_dd_only_with_rs);
    g_test_add_func("/tx/multi-buffer-frame", test_multi_buffer_frame);
    g_test_add_func("/tx/legacy-ic-checksum", test_legacy_ic_checksum);
    g_test_add_func("/tx/vlan-insert", test_vlan_insert);
    g_test_add_func("/tx/c10-psp", test_c10_psp);
    g_test_add_func("/tx/c09-counters", test_c09_counters);
    g_test_add_func("/tx/wire-timing-1000", test_wire_timing_1000);
    g_test_add_func("/tx/wire-timing-100", test_wire_timing_100);
    g_test_add_func("/tx/wire-timing-tipg", test_wire_timing_tipg);
    g_test_add_func("/tx/buffer-backpressure", test_buffer_backpressure);
    g_test_add_func("/tx/link-down-stops", test_link_down_stops);
    g_test_add_func("/tx/tctl-en-gates", test_tctl_en_gates);
    g_test_add_func("/tx/c03-ring-bounds", test_c03_ring_bounds);
    g_test_add_func("/tx/dma-fault-data", test_dma_fault_data);
    g_test_add_func("/tx/dma-fault-ring", test_dma_fault_ring);
    g_test_add_func("/tx/bad-chains", test_bad_chains);
    g_test_add_func("/tx/chain-longer-than-ring",
                    test_chain_longer_than_ring);
    g_test_add_func("/tx/save-restore-midway", test_save_restore_midway);
    g_test_add_func("/tx/hostile-random", test_hostile_random);
    return g_test_run();
}
