/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive DMA engine of the device model: delivery, FCS, SECRC, buffer
 * sizes, multi-descriptor frames, bus timing, write order, ring ownership
 * cases (docs/model-tests.md) and DMA faults (SDM 3.2, 3.2.3).
 */
#include <glib.h>
#include <string.h>

#include "e1000_core.h"
#include "rxtest.h"

/* Ethernet CRC32 known answer and the FCS residue property. */
static void test_crc32(void)
{
    static const uint8_t s[] = "123456789";
    uint8_t f[64];
    uint32_t c;

    g_assert_cmphex(e1k_crc32(s, 9), ==, 0xCBF43926u);
    for (unsigned i = 0; i < 60; i++) {
        f[i] = (uint8_t)(i * 7 + 3);
    }
    c = e1k_crc32(f, 60);
    g_assert_cmphex(c, ==, rxt_crc32(f, 60));
    f[60] = (uint8_t)c;
    f[61] = (uint8_t)(c >> 8);
    f[62] = (uint8_t)(c >> 16);
    f[63] = (uint8_t)(c >> 24);
    /* CRC over data+FCS leaves the 802.3 residue 0x2144DF1C (~0xDEBB20E3). */
    g_assert_cmphex(rxt_crc32(f, 64), ==, 0x2144DF1Cu);
}

/* A 60-byte frame lands in descriptor 0 with its FCS: length 64. */
static void test_deliver_basic(void)
{
    TestPort *tp = rxt_new();
    uint8_t *f = tp_frame(rxt_mac, 60);
    uint8_t *buf;
    uint32_t crc = rxt_crc32(f, 60);

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    g_assert_cmpint(tp_rx(tp, f, 60), ==, E1K_RX_QUEUED);
    tp_advance(tp, 100000);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 64);
    g_assert_cmphex(rxt_status(tp, 0), ==,
                    E1K_RXD_STAT_DD | E1K_RXD_STAT_EOP | E1K_RXD_STAT_IXSM);
    g_assert_cmphex(rxt_errors(tp, 0), ==, 0);
    g_assert_cmphex(rxt_special(tp, 0), ==, 0);
    buf = tp_ptr(tp, RXT_BUFS, 64);
    g_assert_cmpmem(buf, 60, f, 60);
    g_assert_cmphex(tp_le32(tp, RXT_BUFS + 60), ==, crc);
    g_assert_cmphex(rxt_crc32(buf, 64), ==, 0x2144DF1Cu);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 1);
    g_assert_cmpuint(rxt_status(tp, 1), ==, 0);
    g_assert_cmpuint(rxt_totals(tp).rx_desc_written, ==, 1);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    g_free(f);
    tp_free(tp);
}

/* The descriptor is written back after fetch+data+write-back bus time. */
static void test_bus_time(void)
{
    TestPort *tp = rxt_new();
    uint64_t t0 = 5000, d = rxt_dma_ns(1004);

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    tp_advance_to(tp, t0);
    g_assert_cmpuint(d, >, 0);
    /* 64-bit/66 MHz default: more than the bare data time */
    g_assert_cmpuint(d, >, rxt_xfer(1004));
    g_assert_cmpint(rxt_send(tp, rxt_mac, 1000), ==, E1K_RX_QUEUED);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, t0 + d);
    tp_advance_to(tp, t0 + d - 1);
    g_assert_cmpuint(rxt_status(tp, 0), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 0);
    tp_advance_to(tp, t0 + d);
    g_assert_cmphex(rxt_status(tp, 0) & 3u, ==, 3u);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 1004);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 1);
    tp_free(tp);
}

/* Two frames back to back: the second waits for the bus. */
static void test_bus_serialises(void)
{
    TestPort *tp = rxt_new();
    uint64_t d = rxt_dma_ns(64);

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    rxt_send(tp, rxt_mac, 60);
    rxt_send(tp, rxt_mac, 60);
    tp_advance_to(tp, 2 * d - 1);
    g_assert_cmphex(rxt_status(tp, 0) & 1u, ==, 1u);
    g_assert_cmphex(rxt_status(tp, 1), ==, 0);
    tp_advance_to(tp, 2 * d);
    g_assert_cmphex(rxt_status(tp, 1) & 3u, ==, 3u);
    tp_free(tp);
}

/* RCTL.SECRC: no FCS in memory or in the length. */
static void test_secrc(void)
{
    TestPort *tp = rxt_new();
    uint8_t *f = tp_frame(rxt_mac, 100);

    memset(tp_ptr(tp, RXT_BUFS, 2048), 0xEE, 2048);
    rxt_ring(tp, 8, 2048, 7, RXT_RCTL | E1K_RCTL_SECRC);
    /* tp_setup_rx does not touch buffers */
    g_assert_cmpint(tp_rx(tp, f, 100), ==, E1K_RX_QUEUED);
    tp_advance(tp, 100000);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 100);
    g_assert_cmpmem(tp_ptr(tp, RXT_BUFS, 100), 100, f, 100);
    g_assert_cmphex(tp_le32(tp, RXT_BUFS + 100), ==, 0xEEEEEEEEu);
    /* statistics still count the FCS (DA..CRC) */
    g_assert_cmpuint(rxt_totals(tp).gorc, ==, 104);
    g_free(f);
    tp_free(tp);
}

/* BSIZE 256: a 1000-byte frame (1004 with FCS) takes 4 descriptors;
 * only the last has EOP and the status; the others have length and DD. */
static void test_multi_desc(void)
{
    TestPort *tp = rxt_new();
    uint8_t *f = tp_frame(rxt_mac, 1000);
    uint8_t img[1004];
    uint32_t crc = rxt_crc32(f, 1000);
    uint32_t rctl = RXT_RCTL | (3u << E1K_RCTL_BSIZE_SHIFT);
    uint64_t d = rxt_dma_ns(256);

    memcpy(img, f, 1000);
    for (int i = 0; i < 4; i++) {
        img[1000 + i] = (uint8_t)(crc >> (8 * i));
    }
    rxt_ring(tp, 8, 256, 7, rctl);
    g_assert_cmpint(tp_rx(tp, f, 1000), ==, E1K_RX_QUEUED);
    /* one step per descriptor: the first completes after one step time */
    tp_advance_to(tp, d);
    g_assert_cmphex(rxt_status(tp, 0), ==, E1K_RXD_STAT_DD);
    g_assert_cmphex(rxt_status(tp, 1), ==, 0);
    tp_advance(tp, 100000);
    for (int i = 0; i < 3; i++) {
        g_assert_cmpuint(rxt_len(tp, i), ==, 256);
        g_assert_cmphex(rxt_status(tp, i), ==, E1K_RXD_STAT_DD);
        g_assert_cmpmem(tp_ptr(tp, RXT_BUFS + 256u * i, 256), 256,
                        img + 256 * i, 256);
    }
    g_assert_cmpuint(rxt_len(tp, 3), ==, 1004 - 768);
    g_assert_cmphex(rxt_status(tp, 3), ==,
                    E1K_RXD_STAT_DD | E1K_RXD_STAT_EOP | E1K_RXD_STAT_IXSM);
    g_assert_cmpmem(tp_ptr(tp, RXT_BUFS + 768, 236), 236, img + 768, 236);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 4);
    g_assert_cmpuint(rxt_totals(tp).rx_desc_written, ==, 4);
    g_free(f);
    tp_free(tp);
}

/* A frame larger than the descriptors left: it stops mid-frame and
 * resumes into the next descriptor when RDT moves. */
static void test_multi_desc_wait(void)
{
    TestPort *tp = rxt_new();
    uint32_t rctl = RXT_RCTL | (3u << E1K_RCTL_BSIZE_SHIFT);

    rxt_ring(tp, 8, 256, 2, rctl);
    rxt_send(tp, rxt_mac, 600); /* 604 bytes: 3 buffers */
    tp_advance(tp, 100000);
    g_assert_cmphex(rxt_status(tp, 0), ==, E1K_RXD_STAT_DD);
    g_assert_cmphex(rxt_status(tp, 1), ==, E1K_RXD_STAT_DD);
    g_assert_cmphex(rxt_status(tp, 2), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 2);
    tp_wr(tp, E1K_RDT, 5);
    tp_advance(tp, 100000);
    g_assert_cmpuint(rxt_len(tp, 2), ==, 604 - 512);
    g_assert_cmphex(rxt_status(tp, 2) & 3u, ==, 3u);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 3);
    tp_free(tp);
}

/* Frames ending in zero runs of every kind (none, shorter and longer
 * than E1K_ZERO_TAIL_MIN, the whole payload) over 256-byte buffers, the
 * descriptor steps ending inside the kept bytes, the zeros and the FCS,
 * until the packet buffer's array has wrapped several times: every
 * buffer holds exactly the frame's bytes and FCS (the packet buffer
 * keeps no zero tail, the steps write it). */
static void zero_tail_frames(TestPort *tp)
{
    uint32_t rctl = RXT_RCTL | (3u << E1K_RCTL_BSIZE_SHIFT);
    GRand *r = g_rand_new_with_seed(0x2E70u);
    uint8_t img[1504];

    rxt_ring(tp, 16, 256, 15, rctl);
    for (int k = 0; k < 900; k++) {
        uint32_t len = (uint32_t)g_rand_int_range(r, 60, 1501);
        uint32_t keep = k % 4 == 0 ? 14u
                        : (uint32_t)g_rand_int_range(r, 14, (int)len + 1);
        uint32_t rdh = tp_rd(tp, E1K_RDH), crc, n = 0;
        uint8_t *f = tp_frame(rxt_mac, len);

        f[12] = 0x88;
        f[13] = 0xB5; /* local experimental EtherType: no VLAN, no IP */
        for (uint32_t i = 14; i < len; i++) {
            f[i] = i < keep ? (uint8_t)(g_rand_int(r) | 1u) : 0u;
        }
        crc = rxt_crc32(f, len);
        memcpy(img, f, len);
        for (int i = 0; i < 4; i++) {
            img[len + i] = (uint8_t)(crc >> (8 * i));
        }
        g_assert_cmpint(tp_rx(tp, f, len), ==, E1K_RX_QUEUED);
        tp_advance(tp, 1000000);
        for (uint32_t i = rdh; n < len + 4u; i = (i + 1u) % 16u) {
            uint32_t want = len + 4u - n < 256u ? len + 4u - n : 256u;
            g_assert_cmpuint(rxt_len(tp, i), ==, want);
            g_assert_cmpmem(tp_ptr(tp, RXT_BUFS + 256u * i, want), want,
                            img + n, want);
            n += want;
        }
        /* hand the used descriptors back: 15 owned by hardware again */
        tp_wr(tp, E1K_RDT, (tp_rd(tp, E1K_RDH) + 15u) % 16u);
        g_free(f);
    }
    g_assert_cmpuint(rxt_totals(tp).rx_dma_errors, ==, 0);
    g_rand_free(r);
    tp_free(tp);
}

/* Through the port's callbacks: a run that wraps or includes the zeros
 * is gathered in the bounce buffer first. */
static void test_zero_tail_frames(void)
{
    zero_tail_frames(rxt_new());
}

/* Through a DMA window (the testbench's port): such a run is put
 * together directly in host memory. */
static void test_zero_tail_frames_window(void)
{
    TestPort *tp = tp_new_window(RXT_MEM_SIZE, NULL);
    rxt_set_ra(tp, 0, rxt_mac, 1);
    zero_tail_frames(tp);
}

/* The save blob of @a equals @b's (the whole device state). */
static void assert_same_state(TestPort *a, TestPort *b)
{
    size_t n = e1k_save_size(a->dev);
    uint8_t *x = g_malloc(n), *y = g_malloc(n);

    g_assert_cmpuint(e1k_save(a->dev, x, n), ==, n);
    g_assert_cmpuint(e1k_save(b->dev, y, n), ==, n);
    g_assert_cmpmem(x, n, y, n);
    g_free(x);
    g_free(y);
}

/* E1kRxKnown.fcs_fn: the FCS at @ctx. */
static uint32_t given_fcs(const void *ctx)
{
    return *(const uint32_t *)ctx;
}

/* e1k_receive_known with every true bound of the zero tail (from the
 * first zero after the last non-zero byte to past the frame's end), and
 * every other frame with its FCS given (every third: NULL, nothing
 * known), leaves the device exactly as
 * e1k_receive does (packet buffer, its zero-tail counts, FCS, checksums,
 * statistics: the save blobs are equal) and writes the same bytes into
 * host memory. */
static void test_receive_known_same(void)
{
    TestPort *a = rxt_new(), *b = rxt_new();
    uint32_t rctl = RXT_RCTL | (3u << E1K_RCTL_BSIZE_SHIFT);
    GRand *r = g_rand_new_with_seed(0x5A7Fu);

    rxt_ring(a, 16, 256, 15, rctl);
    rxt_ring(b, 16, 256, 15, rctl);
    for (int k = 0; k < 300; k++) {
        uint32_t len = (uint32_t)g_rand_int_range(r, 60, 1501);
        uint32_t keep = (uint32_t)g_rand_int_range(r, 14, (int)len + 1);
        uint32_t from = (uint32_t)g_rand_int_range(r, (int)keep,
                                                   (int)len + 9);
        uint8_t *f = tp_frame(rxt_mac, len);

        for (uint32_t i = 14; i < len; i++) {
            f[i] = i < keep ? (uint8_t)g_rand_int(r) : 0u;
        }
        uint32_t fcs = rxt_crc32(f, len);
        E1kRxKnown kn = { from, k % 2 ? given_fcs : NULL, &fcs };

        /* every third frame with nothing known (NULL) */
        g_assert_cmpint(tp_rx(a, f, len), ==,
                        e1k_receive_known(b->dev, f, len,
                                          k % 3 ? &kn : NULL));
        assert_same_state(a, b);
        tp_advance(a, 1000000);
        tp_advance(b, 1000000);
        g_assert_cmpmem(a->mem, RXT_MEM_SIZE, b->mem, RXT_MEM_SIZE);
        tp_wr(a, E1K_RDT, (tp_rd(a, E1K_RDH) + 15u) % 16u);
        tp_wr(b, E1K_RDT, (tp_rd(b, E1K_RDH) + 15u) % 16u);
        g_free(f);
    }
    assert_same_state(a, b);
    g_rand_free(r);
    tp_free(a);
    tp_free(b);
}

/* Buffer sizes from BSIZE/BSEX (SDM 3.2.2): the length of the first
 * descriptor of a 16380-byte frame shows the buffer size. */
static void test_bufsizes(void)
{
    static const struct { uint32_t bsex, bsize, bytes; } t[] = {
        { 0, 0, 2048 }, { 0, 1, 1024 }, { 0, 2, 512 }, { 0, 3, 256 },
        { 1, 1, 16384 }, { 1, 2, 8192 }, { 1, 3, 4096 },
    };
    for (unsigned k = 0; k < G_N_ELEMENTS(t); k++) {
        TestPort *tp = rxt_new();
        uint32_t rctl = RXT_RCTL | E1K_RCTL_LPE |
                        (t[k].bsize << E1K_RCTL_BSIZE_SHIFT) |
                        (t[k].bsex ? E1K_RCTL_BSEX : 0);
        uint32_t nd = 16384 / t[k].bytes + 1;
        rxt_ring(tp, 128, t[k].bytes, 127, rctl);
        g_assert_cmpint(rxt_send(tp, rxt_mac, 16380), ==, E1K_RX_QUEUED);
        tp_advance(tp, 10000000);
        g_assert_cmpuint(rxt_len(tp, 0), ==, t[k].bytes);
        g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==,
                         16384 % t[k].bytes ? nd : nd - 1);
        tp_free(tp);
    }
}

/* C01: RDLEN=0x4000 (1024 descriptors), BSIZE 2048, RDH=897, RDT=885. */
static void test_c01_tail_equals_head(void)
{
    TestPort *tp = rxt_new();
    uint8_t *f4 = tp_frame(rxt_mac, 200);

    rxt_ring(tp, 1024, 2048, 0, 0);
    tp_wr(tp, E1K_RDH, 897);
    tp_wr(tp, E1K_RDT, 885);
    tp_wr(tp, E1K_RCTL, RXT_RCTL);
    g_assert_cmphex(tp_rd(tp, E1K_RDLEN), ==, 0x4000);
    for (int i = 0; i < 3; i++) {
        g_assert_cmpint(rxt_send(tp, rxt_mac, 100), ==, E1K_RX_QUEUED);
        tp_advance(tp, 50000);
    }
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 900);
    for (uint32_t i = 897; i < 900; i++) {
        g_assert_cmphex(rxt_status(tp, i) & 3u, ==, 3u);
    }
    g_assert_cmpuint(tp_rd(tp, E1K_RNBC), ==, 0);

    tp_wr(tp, E1K_RDT, 900); /* RDH == RDT: hardware owns nothing */
    g_assert_cmpint(tp_rx(tp, f4, 200), ==, E1K_RX_QUEUED);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 900);
    g_assert_cmphex(rxt_status(tp, 900), ==, 0);
    g_assert_cmpuint(rxt_len(tp, 900), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_RNBC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_MPC), ==, 0);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXO, ==, 0);

    /* RDT=910: the waiting frame goes first, with no other prompting. */
    tp_wr(tp, E1K_RDT, 910);
    tp_advance(tp, rxt_dma_ns(204));
    g_assert_cmphex(rxt_status(tp, 900) & 3u, ==, 3u);
    g_assert_cmpuint(rxt_len(tp, 900), ==, 204);
    g_assert_cmpmem(tp_ptr(tp, RXT_BUFS + 900u * 2048, 200), 200, f4, 200);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 901);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 300), ==, E1K_RX_QUEUED);
    tp_advance(tp, 50000);
    g_assert_cmpuint(rxt_len(tp, 901), ==, 304);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 902);
    g_assert_cmpuint(tp_rd(tp, E1K_RNBC), ==, 0); /* cleared by read */
    g_assert_cmpuint(rxt_totals(tp).rnbc, ==, 1);
    g_assert_cmpuint(rxt_totals(tp).mpc, ==, 0);
    g_free(f4);
    tp_free(tp);
}

/* C02: all-zero ring, RDH=RDT=0, EN: nothing is written anywhere. */
static void test_c02_empty_ring(void)
{
    TestPort *tp = rxt_new();
    uint8_t *zero = g_malloc0(RXT_MEM_SIZE);

    tp_wr(tp, E1K_RDBAL, (uint32_t)RXT_RING);
    tp_wr(tp, E1K_RDBAH, 0);
    tp_wr(tp, E1K_RDLEN, 64 * 16);
    tp_wr(tp, E1K_RDH, 0);
    tp_wr(tp, E1K_RDT, 0);
    tp_wr(tp, E1K_RCTL, RXT_RCTL);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_QUEUED);
    tp_advance(tp, 10000000);
    g_assert_cmpmem(tp->mem, RXT_MEM_SIZE, zero, RXT_MEM_SIZE);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_RNBC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 0);
    g_assert_cmpuint(rxt_totals(tp).rx_desc_written, ==, 0);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    g_free(zero);
    tp_free(tp);
}

/* Descriptors with buffer address 0 (SDM 3.2.3): consumed with DD and
 * length 0, no data written; the frame continues in the next one. */
static void test_null_buffer_skipped(void)
{
    TestPort *tp = rxt_new();
    uint8_t *f = tp_frame(rxt_mac, 80);

    rxt_ring(tp, 8, 2048, 0, RXT_RCTL);
    tp_put_le64(tp, rxt_desc(1), 0);
    tp_wr(tp, E1K_RDT, 7);
    rxt_send(tp, rxt_mac, 60);
    tp_advance(tp, 100000);
    tp_rx(tp, f, 80);
    tp_advance(tp, 100000);
    g_assert_cmphex(rxt_status(tp, 1), ==, E1K_RXD_STAT_DD);
    g_assert_cmpuint(rxt_len(tp, 1), ==, 0);
    g_assert_cmphex(rxt_status(tp, 2) & 3u, ==, 3u);
    g_assert_cmpuint(rxt_len(tp, 2), ==, 84);
    g_assert_cmpmem(tp_ptr(tp, RXT_BUFS + 2 * 2048, 80), 80, f, 80);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 3);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    g_free(f);
    tp_free(tp);
}

/* All-zero ring handed to hardware (RDT=4): four null descriptors are
 * consumed, one per step, then the frame waits (bounded, no scan). */
static void test_all_null_owned(void)
{
    TestPort *tp = rxt_new();

    tp_wr(tp, E1K_RDBAL, (uint32_t)RXT_RING);
    tp_wr(tp, E1K_RDLEN, 8 * 16);
    tp_wr(tp, E1K_RDT, 4);
    tp_wr(tp, E1K_RCTL, RXT_RCTL);
    rxt_send(tp, rxt_mac, 60);
    tp_advance(tp, 10000000);
    for (int i = 0; i < 4; i++) {
        g_assert_cmphex(rxt_status(tp, i), ==, E1K_RXD_STAT_DD);
    }
    g_assert_cmphex(rxt_status(tp, 4), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 4);
    g_assert_cmpuint(tp_rd(tp, E1K_RNBC), ==, 1);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    tp_free(tp);
}

/* C03 (RX): RDLEN keeps bits 19:7; zero-length ring and indices beyond
 * the ring do no DMA; the frame waits until the ring is usable. */
static void test_c03_ring_lengths(void)
{
    TestPort *tp = rxt_new();

    rxt_ring(tp, 8, 2048, 0, 0);
    tp_wr(tp, E1K_RDLEN, 16);
    g_assert_cmphex(tp_rd(tp, E1K_RDLEN), ==, 0);
    tp_wr(tp, E1K_RDT, 1);
    tp_wr(tp, E1K_RCTL, RXT_RCTL);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_QUEUED);
    tp_advance(tp, 1000000);
    g_assert_cmphex(rxt_status(tp, 0), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 0);
    g_assert_cmpuint(rxt_totals(tp).rnbc, ==, 1);

    tp_wr(tp, E1K_RDLEN, 0);
    g_assert_cmphex(tp_rd(tp, E1K_RDLEN), ==, 0);
    tp_advance(tp, 1000000);
    g_assert_cmphex(rxt_status(tp, 0), ==, 0);

    /* 200 -> 128: 8 descriptors; RDH beyond the ring: no DMA */
    tp_wr(tp, E1K_RDH, 20);
    tp_wr(tp, E1K_RDLEN, 200);
    g_assert_cmphex(tp_rd(tp, E1K_RDLEN), ==, 128);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 20);
    /* RDT beyond the ring: no DMA either */
    tp_wr(tp, E1K_RDT, 9);
    tp_wr(tp, E1K_RDH, 0);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 0);
    g_assert_cmpuint(rxt_totals(tp).rx_desc_written, ==, 0);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    /* ring usable again: the waiting frame is delivered */
    tp_wr(tp, E1K_RDT, 7);
    tp_advance(tp, 1000000);
    g_assert_cmphex(rxt_status(tp, 0) & 3u, ==, 3u);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 1);
    g_assert_cmpuint(rxt_totals(tp).rnbc, ==, 1);
    /* last descriptor of the ring wraps RDH to 0 */
    tp_wr(tp, E1K_RDH, 7);
    tp_wr(tp, E1K_RDT, 0);
    rxt_send(tp, rxt_mac, 60);
    tp_advance(tp, 1000000);
    g_assert_cmphex(rxt_status(tp, 7) & 3u, ==, 3u);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 0);
    tp_free(tp);
}

/* RCTL.EN clear: frames are not received; frames already buffered wait
 * and are delivered when EN is set again. */
static void test_enable_kicks(void)
{
    TestPort *tp = rxt_new();

    rxt_ring(tp, 8, 2048, 0, RXT_RCTL);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_QUEUED);
    tp_wr(tp, E1K_RCTL, RXT_RCTL & ~E1K_RCTL_EN);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_DISABLED);
    g_assert_cmpuint(rxt_totals(tp).rx_disabled, ==, 1);
    tp_wr(tp, E1K_RDT, 4);
    tp_advance(tp, 1000000);
    g_assert_cmphex(rxt_status(tp, 0), ==, 0);
    tp_wr(tp, E1K_RCTL, RXT_RCTL);
    tp_advance(tp, 1000000);
    g_assert_cmphex(rxt_status(tp, 0) & 3u, ==, 3u);
    g_assert_cmphex(rxt_status(tp, 1), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 1);
    tp_free(tp);
}

/* Link down: frames are not received. */
static void test_link_down(void)
{
    TestPort *tp = rxt_new();
    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    e1k_set_link(tp->dev, 0);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_DISABLED);
    tp_free(tp);
}

/* Descriptor ring outside host memory: the frame is dropped and counted,
 * RDH stays, nothing loops; a usable ring works afterwards. */
static void test_dma_fault_desc(void)
{
    TestPort *tp = rxt_new();

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    tp_wr(tp, E1K_RDBAL, 0x1000);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_QUEUED);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(rxt_totals(tp).rx_dma_errors, ==, 1);
    g_assert_cmpuint(tp->dma_faults, ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 0);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    tp_wr(tp, E1K_RDBAL, (uint32_t)RXT_RING);
    rxt_send(tp, rxt_mac, 70);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 74);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 1);
    tp_free(tp);
}

/* Buffer outside host memory: the descriptor is written back with
 * DD|EOP and RXE, length 0; RDH advances; the next frame is fine. */
static void test_dma_fault_buffer(void)
{
    TestPort *tp = rxt_new();

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    tp_put_le64(tp, rxt_desc(0), 0x20);
    rxt_send(tp, rxt_mac, 60);
    rxt_send(tp, rxt_mac, 61);
    tp_advance(tp, 1000000);
    g_assert_cmphex(rxt_status(tp, 0), ==,
                    E1K_RXD_STAT_DD | E1K_RXD_STAT_EOP);
    g_assert_cmphex(rxt_errors(tp, 0), ==, E1K_RXD_ERR_RXE);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 0);
    g_assert_cmpuint(rxt_len(tp, 1), ==, 65);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 2);
    g_assert_cmpuint(rxt_totals(tp).rx_dma_errors, ==, 1);
    tp_free(tp);
}

/* ---- write order: a port that logs every DMA write ---- */

typedef struct LogPort {
    uint8_t mem[0x20000];
    uint64_t now;
    uint64_t waddr[64];
    uint32_t wlen[64];
    unsigned nw;
} LogPort;

static int lp_read(void *o, uint64_t a, void *b, uint32_t n)
{
    LogPort *p = o;
    if (a > sizeof(p->mem) || n > sizeof(p->mem) - a) {
        return -1;
    }
    memcpy(b, p->mem + a, n);
    return 0;
}

static int lp_write(void *o, uint64_t a, const void *b, uint32_t n)
{
    LogPort *p = o;
    if (a > sizeof(p->mem) || n > sizeof(p->mem) - a) {
        return -1;
    }
    memcpy(p->mem + a, b, n);
    g_assert_cmpuint(p->nw, <, 64);
    p->waddr[p->nw] = a;
    p->wlen[p->nw] = n;
    p->nw++;
    return 0;
}

static void lp_irq(void *o, int l) { (void)o; (void)l; }
static uint64_t lp_now(void *o) { return ((LogPort *)o)->now; }

/* A device @dev on LogPort @p with a ring of 8 descriptors at bus
 * address 0x100, buffers of 2048 bytes from 0x1000, RDT 7, rxt_mac in
 * RA[0] and reception on. */
static void lp_ring(LogPort *p, E1kDev *dev)
{
    for (int i = 0; i < 8; i++) { /* ring at 0x100, buffers at 0x1000 */
        uint64_t b = 0x1000u + 2048u * i;
        memcpy(p->mem + 0x100 + 16 * i, &b, 8); /* little-endian host */
    }
    e1k_mmio_write(dev, E1K_RAL(0), 0x12005452u, 4);
    e1k_mmio_write(dev, E1K_RAH(0), 0x5634u | E1K_RAH_AV, 4);
    e1k_mmio_write(dev, E1K_RDBAL, 0x100, 4);
    e1k_mmio_write(dev, E1K_RDLEN, 128, 4);
    e1k_mmio_write(dev, E1K_RDT, 7, 4);
    e1k_mmio_write(dev, E1K_RCTL, RXT_RCTL, 4);
}

/* DD is written last: after the data and after every other descriptor
 * byte, and never inside a larger write. */
static void test_dd_written_last(void)
{
    LogPort *p = g_new0(LogPort, 1);
    E1kPort port = { .opaque = p, .dma_read = lp_read, .dma_write = lp_write,
                     .set_irq = lp_irq, .now_ns = lp_now };
    E1kConfig cfg;
    E1kDev *dev;
    uint8_t *f = tp_frame(rxt_mac, 60);
    unsigned last;

    e1k_config_default(&cfg);
    dev = e1k_new(&cfg, &port);
    g_assert_nonnull(dev);
    lp_ring(p, dev);
    g_assert_cmpint(e1k_receive(dev, f, 60), ==, E1K_RX_QUEUED);
    g_assert_cmpuint(p->nw, ==, 0); /* nothing before the bus time */
    p->now = e1k_next_deadline(dev);
    e1k_run_until(dev, p->now);
    g_assert_cmpuint(p->nw, >=, 2);
    last = p->nw - 1;
    g_assert_cmphex(p->waddr[last], ==, 0x100 + E1K_RXD_STATUS);
    g_assert_cmpuint(p->wlen[last], ==, 1);
    g_assert_cmphex(p->mem[0x100 + E1K_RXD_STATUS] & 3u, ==, 3u);
    /* the data went first; no earlier write touched the status byte */
    g_assert_cmphex(p->waddr[0], ==, 0x1000);
    g_assert_cmpuint(p->wlen[0], ==, 64);
    for (unsigned i = 0; i < last; i++) {
        uint64_t st = 0x100 + E1K_RXD_STATUS;
        g_assert_false(p->waddr[i] <= st && st < p->waddr[i] + p->wlen[i]);
    }
    g_assert_cmpuint(p->mem[0x100 + E1K_RXD_LENGTH], ==, 64);
    e1k_free(dev);
    g_free(f);
    g_free(p);
}

static uint64_t lp_now_unused(void *o)
{
    (void)o;
    g_assert_not_reached(); /* the clock is read from now_var */
    return 0;
}

/* A port with a DMA window (E1kPort.dma_mem) over the first 0x1800 bytes
 * and its clock as a variable: DMA inside the window lands in memory with
 * no callback, DMA outside still goes through dma_write; windows without
 * memory or wrapping past 2^64 are refused. */
static void test_dma_window(void)
{
    LogPort *p = g_new0(LogPort, 1);
    E1kPort port = { .opaque = p, .dma_read = lp_read, .dma_write = lp_write,
                     .set_irq = lp_irq, .now_ns = lp_now_unused,
                     .dma_mem = p->mem, .dma_base = 0, .dma_size = 0x1800,
                     .now_var = &p->now };
    E1kPort bad = port;
    E1kConfig cfg;
    E1kDev *dev;
    uint8_t *f = tp_frame(rxt_mac, 60);

    e1k_config_default(&cfg);
    bad.dma_mem = NULL;
    g_assert_null(e1k_new(&cfg, &bad));
    bad.dma_mem = p->mem;
    bad.dma_base = UINT64_MAX - 7u;
    g_assert_null(e1k_new(&cfg, &bad));
    bad.dma_size = 8; /* up to the last bus address: accepted */
    dev = e1k_new(&cfg, &bad);
    g_assert_nonnull(dev);
    e1k_free(dev);

    dev = e1k_new(&cfg, &port);
    g_assert_nonnull(dev);
    lp_ring(p, dev);
    /* buffer 0 (0x1000) inside the window: no callback at all */
    g_assert_cmpint(e1k_receive(dev, f, 60), ==, E1K_RX_QUEUED);
    p->now = e1k_next_deadline(dev);
    e1k_run_until(dev, p->now);
    g_assert_cmpuint(p->nw, ==, 0);
    g_assert_cmpmem(p->mem + 0x1000, 60, f, 60);
    g_assert_cmpuint(p->mem[0x100 + E1K_RXD_LENGTH], ==, 64);
    g_assert_cmphex(p->mem[0x100 + E1K_RXD_STATUS] & 3u, ==, 3u);
    /* buffer 1 (0x1800) just past it: the data through dma_write, the
     * descriptor (0x110) still in the window */
    g_assert_cmpint(e1k_receive(dev, f, 60), ==, E1K_RX_QUEUED);
    p->now = e1k_next_deadline(dev);
    e1k_run_until(dev, p->now);
    g_assert_cmpuint(p->nw, ==, 1);
    g_assert_cmphex(p->waddr[0], ==, 0x1800);
    g_assert_cmpuint(p->wlen[0], ==, 64);
    g_assert_cmpmem(p->mem + 0x1800, 60, f, 60);
    g_assert_cmphex(p->mem[0x110 + E1K_RXD_STATUS] & 3u, ==, 3u);
    g_assert_cmpuint(e1k_peek_reg(dev, E1K_RDH), ==, 2);
    e1k_free(dev);
    g_free(f);
    g_free(p);
}

/* Save @a now, restore into @b at the same instant with the same host
 * memory, run both to 1 ms: every byte of host memory the same. */
static void save_run_both(TestPort *a, TestPort *b)
{
    size_t n = e1k_save_size(a->dev);
    uint8_t *blob = g_malloc(n);

    g_assert_cmpuint(e1k_save(a->dev, blob, n), ==, n);
    b->now = a->now;
    g_assert_cmpint(e1k_restore(b->dev, blob, n), ==, 0);
    memcpy(b->mem, a->mem, RXT_MEM_SIZE);
    tp_advance_to(a, 1000000);
    tp_advance_to(b, 1000000);
    g_assert_cmpmem(b->mem, RXT_MEM_SIZE, a->mem, RXT_MEM_SIZE);
    g_free(blob);
}

/* Save in the middle of a DMA step, restore into a new device: the step
 * completes there at the same time with the same result. */
static void test_save_restore_midflight(void)
{
    TestPort *a = rxt_new(), *b = rxt_new();
    uint64_t d = rxt_dma_ns(1004);

    rxt_ring(a, 8, 2048, 7, RXT_RCTL);
    rxt_ring(b, 8, 2048, 7, RXT_RCTL);
    rxt_send(a, rxt_mac, 1000);
    rxt_send(a, rxt_mac, 500);
    tp_advance(a, d / 2);
    save_run_both(a, b);
    g_assert_cmpuint(rxt_len(b, 0), ==, 1004);
    g_assert_cmpuint(rxt_len(b, 1), ==, 504);
    g_assert_cmpuint(tp_rd(b, E1K_RDH), ==, 2);
    tp_free(a);
    tp_free(b);
}

/* The same with frames whose zero tails the packet buffer does not keep,
 * over 256-byte buffers: saved while the first frame's steps are under
 * way, the restored device writes the same bytes (kept bytes, zeros and
 * FCS) at the same times. */
static void test_save_restore_zero_tail(void)
{
    TestPort *a = rxt_new(), *b = rxt_new();
    uint32_t rctl = RXT_RCTL | (3u << E1K_RCTL_BSIZE_SHIFT);

    rxt_ring(a, 16, 256, 15, rctl);
    rxt_ring(b, 16, 256, 15, rctl);
    for (uint32_t len = 1000; len <= 1100; len += 100) {
        uint8_t *f = tp_frame(rxt_mac, len);
        f[12] = 0x88;
        f[13] = 0xB5;
        for (uint32_t i = 14; i < len; i++) {
            f[i] = i < 100u ? (uint8_t)(i | 1u) : 0u;
        }
        g_assert_cmpint(tp_rx(a, f, len), ==, E1K_RX_QUEUED);
        g_free(f);
    }
    tp_advance(a, rxt_dma_ns(1004) / 2);
    save_run_both(a, b);
    g_assert_cmpuint(tp_rd(b, E1K_RDH), ==, 9);  /* 4 + 5 buffers */
    g_assert_cmpuint(rxt_len(b, 3), ==, 1004 - 3 * 256);
    tp_free(a);
    tp_free(b);
}

/* e1k_rx_validate (used by restore) refuses out-of-range RX state. */
static void test_validate(void)
{
    TestPort *a = rxt_new();
    E1kDev *c = g_malloc(sizeof(E1kDev));

    rxt_ring(a, 8, 2048, 0, RXT_RCTL);
    rxt_send(a, rxt_mac, 60);
    rxt_send(a, rxt_mac, 100);
    memcpy(c, a->dev, sizeof(E1kDev));
    g_assert_cmpint(e1k_rx_validate(c), ==, 0);
    c->rx.count = E1K_RX_FIFO_SLOTS + 1;
    g_assert_cmpint(e1k_rx_validate(c), ==, -1);
    memcpy(c, a->dev, sizeof(E1kDev));
    c->rx.used += 16; /* charges no longer add up */
    g_assert_cmpint(e1k_rx_validate(c), ==, -1);
    memcpy(c, a->dev, sizeof(E1kDev));
    c->rx.meta[c->rx.head].len = 60000;
    g_assert_cmpint(e1k_rx_validate(c), ==, -1);
    memcpy(c, a->dev, sizeof(E1kDev));
    c->rx.head = E1K_RX_FIFO_SLOTS;
    g_assert_cmpint(e1k_rx_validate(c), ==, -1);
    memcpy(c, a->dev, sizeof(E1kDev));
    c->rx.step_active = 1; /* no RXDMA timer armed */
    g_assert_cmpint(e1k_rx_validate(c), ==, -1);
    memcpy(c, a->dev, sizeof(E1kDev));
    c->rx.meta[c->rx.head].zeros = 101; /* more zeros than bytes */
    g_assert_cmpint(e1k_rx_validate(c), ==, -1);
    memcpy(c, a->dev, sizeof(E1kDev));
    c->rx.meta[c->rx.head].zeros = 1;   /* below E1K_ZERO_TAIL_MIN */
    g_assert_cmpint(e1k_rx_validate(c), ==, -1);
    g_free(c);
    tp_free(a);
}

/* Hostile guest: seeded random ring registers, descriptor contents and
 * frames.  The RX state stays valid after every step, every event burst
 * ends (tp_advance_to bounds it), and a sane ring afterwards receives. */
static void test_hostile_random(void)
{
    static const uint32_t regs[] = {
        E1K_RDBAL, E1K_RDBAH, E1K_RDLEN, E1K_RDH, E1K_RDT, E1K_RCTL,
        E1K_RDTR, E1K_RADV, E1K_RSRPD, E1K_RXCSUM, E1K_PBA,
    };
    TestPort *tp = rxt_new();
    GRand *r = g_rand_new_with_seed(20240611u);
    uint8_t *f = g_malloc0(20000);

    rxt_ring(tp, 64, 2048, 63, RXT_RCTL);
    for (int it = 0; it < 3000; it++) {
        uint32_t what = g_rand_int_range(r, 0, 10);
        if (what < 3) {
            uint32_t reg = regs[g_rand_int_range(r, 0, G_N_ELEMENTS(regs))];
            uint32_t v = g_rand_int(r);
            if (reg == E1K_RDBAL && (v & 1)) {
                v = (uint32_t)RXT_RING;
            } else if (reg == E1K_RDBAH && (v & 3)) {
                v = 0;
            } else if ((reg == E1K_RDH || reg == E1K_RDT) && (v & 1)) {
                v &= 0x7F;
            } else if (reg == E1K_RCTL) {
                v |= (v & 1) ? E1K_RCTL_EN : 0;
            } else if (reg == E1K_RDTR || reg == E1K_RADV) {
                v &= 0x800000FFu;
            }
            tp_wr(tp, reg, v);
        } else if (what < 5) {
            uint32_t i = g_rand_int_range(r, 0, 64);
            uint64_t a;
            switch (g_rand_int_range(r, 0, 3)) {
            case 0: a = 0; break;
            case 1: a = g_rand_int(r) | (uint64_t)g_rand_int(r) << 32; break;
            default: a = RXT_BUFS + g_rand_int_range(r, 0, 0x200000); break;
            }
            tp_put_le64(tp, rxt_desc(i), a);
        } else if (what < 8) {
            uint32_t len = g_rand_int_range(r, 0, 3) == 0
                ? (uint32_t)g_rand_int_range(r, 0, 20000)
                : (uint32_t)g_rand_int_range(r, 0, 1600);
            for (uint32_t k = 0; k < 64 && k < len; k++) {
                f[k] = (uint8_t)g_rand_int(r);
            }
            if (len >= 6 && (f[0] & 2)) {
                memcpy(f, (f[0] & 4) ? rxt_mac : rxt_bcast, 6);
            }
            e1k_receive(tp->dev, len ? f : NULL, len);
        } else {
            tp_advance(tp, g_rand_int_range(r, 0, 200000));
        }
        g_assert_cmpint(e1k_rx_validate(tp->dev), ==, 0);
        g_assert_cmpuint(tp_rd(tp, E1K_RDH), <=, 0xFFFF);
    }
    {
        /* the run really exercised delivery, faults and overruns */
        E1kTotals t = rxt_totals(tp);
        g_assert_cmpuint(t.gprc, >, 0);
        g_assert_cmpuint(t.rx_desc_written, >, 0);
        g_assert_cmpuint(t.rx_dma_errors, >, 0);
        g_assert_cmpuint(t.mpc, >, 0);
        g_assert_cmpuint(t.rnbc, >, 0);
    }
    /* a sane ring after all that: reception resumes */
    tp_advance(tp, 100000000);
    tp_wr(tp, E1K_RCTL, 0);
    tp_wr(tp, E1K_CTRL, E1K_CTRL_RST);
    tp_advance(tp, 1000);
    rxt_set_ra(tp, 0, rxt_mac, 1);
    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_QUEUED);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 64);
    g_assert_cmphex(rxt_status(tp, 0) & 3u, ==, 3u);
    g_free(f);
    g_rand_free(r);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rx/crc32", test_crc32);
    g_test_add_func("/rx/deliver-basic", test_deliver_basic);
    g_test_add_func("/rx/bus-time", test_bus_time);
    g_test_add_func("/rx/bus-serialises", test_bus_serialises);
    g_test_add_func("/rx/secrc", test_secrc);
    g_test_add_func("/rx/multi-desc-bsize256", test_multi_desc);
    g_test_add_func("/rx/multi-desc-waits-for-rdt", test_multi_desc_wait);
    g_test_add_func("/rx/zero-tail-frames", test_zero_tail_frames);
    g_test_add_func("/rx/receive-known-same",
                    test_receive_known_same);
    g_test_add_func("/rx/zero-tail-frames-window",
                    test_zero_tail_frames_window);
    g_test_add_func("/rx/bufsizes", test_bufsizes);
    g_test_add_func("/rx/c01-tail-equals-head", test_c01_tail_equals_head);
    g_test_add_func("/rx/c02-empty-ring", test_c02_empty_ring);
    g_test_add_func("/rx/null-buffer-skipped", test_null_buffer_skipped);
    g_test_add_func("/rx/all-null-owned", test_all_null_owned);
    g_test_add_func("/rx/c03-ring-lengths", test_c03_ring_lengths);
    g_test_add_func("/rx/enable-kicks", test_enable_kicks);
    g_test_add_func("/rx/link-down", test_link_down);
    g_test_add_func("/rx/dma-fault-desc", test_dma_fault_desc);
    g_test_add_func("/rx/dma-fault-buffer", test_dma_fault_buffer);
    g_test_add_func("/rx/dma-window", test_dma_window);
    g_test_add_func("/rx/dd-written-last", test_dd_written_last);
    g_test_add_func("/rx/save-restore-midflight",
                    test_save_restore_midflight);
    g_test_add_func("/rx/save-restore-zero-tail",
                    test_save_restore_zero_tail);
    g_test_add_func("/rx/validate", test_validate);
    g_test_add_func("/rx/hostile-random", test_hostile_random);
    return g_test_run();
}
