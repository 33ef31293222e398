/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Driver TX path over the real device model: frames appear on the wire in
 * order, descriptors carry EOP|IFCS|RS(+IDE), completed frames are freed, the
 * queue stops below MAX_SKB_FRAGS+7 free descriptors and wakes at 32 (Linux
 * e1000_xmit_frame, e1000_clean_tx_irq), and the stack sees NETDEV_TX_BUSY
 * when the ring is full.
 */
#include <string.h>

#include "e1000_core.h"
#include "e1000_drv_internal.h"
#include "fake_os.h"

#define MEM (16u << 20)

static const uint8_t peer[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };

static FakeOs *up(uint32_t txd, enum e1k_drv_mode mode)
{
    struct e1k_drv_params p;
    FakeOs *f = fos_new(MEM, NULL);
    e1k_drv_params_default(&p);
    p.TxDescriptors = txd;
    p.mode = mode;
    fos_up(f, &p);
    return f;
}

static void test_tx_wire(void)
{
    const enum e1k_drv_mode modes[] = { E1K_MODE_NAPI, E1K_MODE_LEGACY,
                                        E1K_MODE_NAPI_TWIST };
    for (unsigned m = 0; m < G_N_ELEMENTS(modes); m++) {
        FakeOs *f = up(256, modes[m]);
        uint32_t base = fos_skbs_in_use(f);
        const uint32_t n = 50;
        uint8_t *frames[50];
        uint32_t lens[50];

        for (uint32_t i = 0; i < n; i++) {
            lens[i] = 60 + (i * 131) % (1514 - 60 + 1);
            frames[i] = tp_frame(peer, lens[i]);
            frames[i][20] = (uint8_t)i;
            g_assert_cmpint(e1k_drv_xmit(f->a, fos_skb_from(f, frames[i],
                                                            lens[i])), ==, 0);
        }
        /* Last descriptor queued: EOP|IFCS|RS|IDE (TxIntDelay 8). */
        uint8_t *d = f->a->tx_ring.desc + (n - 1) * 16u;
        g_assert_cmphex(d[E1K_TXD_CMD], ==, E1K_TXD_CMD_EOP |
                        E1K_TXD_CMD_IFCS | E1K_TXD_CMD_RS | E1K_TXD_CMD_IDE);
        g_assert_cmpuint(e1k_get_le16(d + E1K_TXD_LENGTH), ==, lens[n - 1]);
        g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_TDT), ==, n);
        g_assert_cmpuint(f->charges[E1K_COST_XMIT], ==, n);

        fos_run(f, 5000000);
        g_assert_cmpuint(f->tp->tx->len, ==, n);
        for (uint32_t i = 0; i < n; i++) {
            TpFrame *w = &g_array_index(f->tp->tx, TpFrame, i);
            g_assert_cmpuint(w->len, ==, lens[i]);
            g_assert_cmpmem(w->data, w->len, frames[i], lens[i]);
            g_free(frames[i]);
        }
        /* TX clean freed every frame once the TX interrupt came. */
        g_assert_cmpuint(fos_skbs_in_use(f), ==, base);
        g_assert_cmpuint(f->a->tx_ring.next_to_clean, ==, n);
        g_assert_cmpuint(f->charges[E1K_COST_TX_CLEAN], ==, n);
        e1k_drv_update_stats(f->a);
        struct e1k_link_stats64 s;
        e1k_drv_get_stats64(f->a, &s);
        g_assert_cmpuint(s.tx_packets, ==, n);
        fos_free(f);
    }
}

/* Ring of 80: the queue stops once fewer than 24 descriptors are free
 * (after the 56th frame: 79 - 56 = 23), TX clean wakes it at >= 32. */
static void test_tx_stop_wake(void)
{
    FakeOs *f = up(80, E1K_MODE_NAPI);
    uint8_t *fr = tp_frame(peer, 60);
    uint32_t sent = 0;

    /* Keep the hardware from completing: TX off. */
    tp_wr(f->tp, E1K_TCTL, 0);
    while (!f->queue_stopped) {
        g_assert_cmpint(e1k_drv_xmit(f->a, fos_skb_from(f, fr, 60)), ==, 0);
        sent++;
        g_assert_cmpuint(sent, <=, 79);
    }
    g_assert_cmpuint(sent, ==, 56);
    g_assert_cmpuint(e1k_desc_unused(80, f->a->tx_ring.next_to_use,
                                     f->a->tx_ring.next_to_clean), ==, 23);
    /* A stack that ignores the stopped queue fills up to count + 2 free,
     * then gets NETDEV_TX_BUSY with the skb not consumed. */
    while (e1k_desc_unused(80, f->a->tx_ring.next_to_use,
                           f->a->tx_ring.next_to_clean) >= 3) {
        g_assert_cmpint(e1k_drv_xmit(f->a, fos_skb_from(f, fr, 60)), ==, 0);
        sent++;
    }
    struct e1k_skb *busy = fos_skb_from(f, fr, 60);
    g_assert_cmpint(e1k_drv_xmit(f->a, busy), ==, 1);
    struct e1k_drv_counters c;
    e1k_drv_get_counters(f->a, &c);
    g_assert_cmpuint(c.tx_busy, ==, 1);
    e1k_os_free_skb(f, busy);

    /* TX back on: everything goes out and the queue wakes. */
    tp_wr(f->tp, E1K_TCTL, E1K_TCTL_EN | E1K_TCTL_PSP);
    fos_run(f, 5000000);
    g_assert_cmpuint(f->tp->tx->len, ==, sent);
    g_assert_false(f->queue_stopped);
    g_assert_cmpuint(e1k_desc_unused(80, f->a->tx_ring.next_to_use,
                                     f->a->tx_ring.next_to_clean), ==, 79);
    g_free(fr);
    fos_free(f);
}

/* Frames larger than 4096 bytes (here 6000) are split over descriptors of at most
 * E1000_MAX_DATA_PER_TXD; only the last one has EOP/RS. */
static void test_tx_multi_desc(void)
{
    FakeOs *f = up(256, E1K_MODE_NAPI);
    uint32_t len = 4000 + 1904 + 96; /* 6000: two descriptors */
    uint8_t *fr = tp_frame(peer, len);
    g_assert_cmpint(e1k_drv_xmit(f->a, fos_skb_from(f, fr, len)), ==, 0);
    g_assert_cmpuint(f->a->tx_ring.next_to_use, ==, 2);
    uint8_t *d = f->a->tx_ring.desc;
    g_assert_cmpuint(e1k_get_le16(d + E1K_TXD_LENGTH), ==, 4096);
    g_assert_cmphex(d[E1K_TXD_CMD], ==, E1K_TXD_CMD_IFCS);
    g_assert_cmpuint(e1k_get_le16(d + 16 + E1K_TXD_LENGTH), ==, 6000 - 4096);
    g_assert_true(d[16 + E1K_TXD_CMD] & E1K_TXD_CMD_EOP);
    g_assert_cmpuint(f->a->tx_ring.buffer_info[0].next_to_watch, ==, 1);
    fos_run(f, 5000000);
    g_assert_cmpuint(f->tp->tx->len, ==, 1);
    TpFrame *w = &g_array_index(f->tp->tx, TpFrame, 0);
    g_assert_cmpmem(w->data, w->len, fr, len);
    g_assert_cmpuint(f->a->tx_ring.next_to_clean, ==, 2);
    g_free(fr);
    fos_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/driver/tx/wire", test_tx_wire);
    g_test_add_func("/driver/tx/stop-wake", test_tx_stop_wake);
    g_test_add_func("/driver/tx/multi-desc", test_tx_multi_desc);
    return g_test_run();
}
