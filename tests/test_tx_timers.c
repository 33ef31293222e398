/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit interrupt timing (SDM 3.3.3.1, 3.4.3, 13.4.18, 13.4.41,
 * 13.4.44): DD write-back time, TXDW immediate (RS without IDE), TIDV
 * (reloaded by every RS+IDE write-back), TADV (started once, not
 * restarted), an immediate interrupt halting TADV, TXQE when the ring
 * drains and TXD_LOW at TXDCTL.LWTHRESH.  Times are exact ns: every
 * descriptor costs a bus transaction of 16 bytes, its data one of its
 * length and the DD write-back one of 4 bytes (e1k_bus_xfer_ns).
 */
#include "txtest.h"

#define EOP E1K_TXD_CMD_EOP
#define IFCS E1K_TXD_CMD_IFCS
#define RS E1K_TXD_CMD_RS
#define IDE E1K_TXD_CMD_IDE
#define TCTL_STD (E1K_TCTL_EN | E1K_TCTL_PSP)
#define LEN 100u
#define US 1000u

/* Device with IMS = @ims, TIDV/TADV in 1.024 us units, frames ready. */
static TestPort *timers_new(uint32_t ims, uint32_t tidv, uint32_t tadv)
{
    TestPort *tp = txt_new(NULL, 16, TCTL_STD);
    txt_put_frame(tp, TXT_BUFS, txt_ucast, LEN);
    tp_wr(tp, E1K_TIDV, tidv);
    tp_wr(tp, E1K_TADV, tadv);
    tp_wr(tp, E1K_IMS, ims);
    return tp;
}

/* Time from the TDT write to the DD write-back of a lone descriptor. */
static uint64_t wb_delay(TestPort *tp)
{
    return txt_bus(tp, 16) + txt_bus(tp, LEN) + txt_bus(tp, 4);
}

/* Queue descriptor @i with @cmd and write TDT = i + 1 now. */
static void send(TestPort *tp, uint32_t i, uint8_t cmd)
{
    txt_legacy(tp, i, TXT_BUFS, LEN, EOP | IFCS | cmd, 0, 0, 0);
    tp_wr(tp, E1K_TDT, i + 1);
}

static uint64_t edge_time(TestPort *tp, guint i)
{
    g_assert_cmpuint(tp->edges->len, >, i);
    return g_array_index(tp->edges, TpEdge, i).time_ns;
}

/* DD appears exactly when the write-back transaction completes; RS
 * without IDE raises TXDW at that instant; TXQE at the same time since
 * the ring is then empty. */
static void test_txdw_immediate(void)
{
    TestPort *tp = timers_new(E1K_ICR_TXDW, 8, 32);
    uint64_t t_wb = wb_delay(tp);

    send(tp, 0, RS);
    tp_advance_to(tp, t_wb - 1);
    g_assert_cmphex(txt_sta(tp, 0), ==, 0);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_advance_to(tp, t_wb);
    g_assert_cmphex(txt_sta(tp, 0), ==, E1K_TXD_STA_DD);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(edge_time(tp, 0), ==, t_wb);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_TXDW | E1K_ICR_TXQE);
    g_assert_cmpint(tp->irq, ==, 0);
    /* no delayed interrupt follows (timers cleared) */
    tp_advance(tp, 200 * US);
    g_assert_cmpuint(tp->irq_rises, ==, 1);
    tp_free(tp);
}

/* RS+IDE: TXDW TIDV x 1.024 us after the write-back (TADV off). */
static void test_tidv(void)
{
    TestPort *tp = timers_new(E1K_ICR_TXDW, 8, 0);
    uint64_t t_irq = wb_delay(tp) + 8 * 1024;

    send(tp, 0, RS | IDE);
    tp_advance_to(tp, t_irq - 1);
    g_assert_cmphex(txt_sta(tp, 0), ==, E1K_TXD_STA_DD); /* not delayed */
    g_assert_cmpint(tp->irq, ==, 0);
    tp_advance_to(tp, t_irq);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(edge_time(tp, 0), ==, t_irq);
    g_assert_cmphex(tp_rd(tp, E1K_ICR) & E1K_ICR_TXDW, ==, E1K_ICR_TXDW);
    tp_free(tp);
}

/* A second RS+IDE write-back reloads TIDV. */
static void test_tidv_reload(void)
{
    TestPort *tp = timers_new(E1K_ICR_TXDW, 8, 0);
    uint64_t t1 = 5 * US;

    send(tp, 0, RS | IDE);
    tp_advance_to(tp, t1);
    send(tp, 1, RS | IDE);
    tp_advance_to(tp, wb_delay(tp) + 8 * 1024 + 1000);
    g_assert_cmpint(tp->irq, ==, 0); /* first countdown was reloaded */
    tp_advance(tp, 100 * US);
    g_assert_cmpuint(tp->irq_rises, ==, 1);
    g_assert_cmpuint(edge_time(tp, 0), ==, t1 + wb_delay(tp) + 8 * 1024);
    tp_free(tp);
}

/* TADV starts at the first RS+IDE write-back and is not restarted; its
 * expiry raises TXDW and also ends the pending TIDV countdown. */
static void test_tadv(void)
{
    TestPort *tp = timers_new(E1K_ICR_TXDW, 8, 12);
    uint64_t t_irq = wb_delay(tp) + 12 * 1024;

    send(tp, 0, RS | IDE);
    tp_advance_to(tp, 5 * US);
    send(tp, 1, RS | IDE);
    tp_advance_to(tp, 10 * US);
    send(tp, 2, RS | IDE);
    tp_advance_to(tp, t_irq - 1);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_advance_to(tp, t_irq);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(edge_time(tp, 0), ==, t_irq);
    g_assert_cmphex(tp_rd(tp, E1K_ICR) & E1K_ICR_TXDW, ==, E1K_ICR_TXDW);
    tp_advance(tp, 200 * US);
    g_assert_cmpuint(tp->irq_rises, ==, 1);
    tp_free(tp);
}

/* An immediate interrupt (RS without IDE) halts TADV and TIDV. */
static void test_immediate_halts_tadv(void)
{
    TestPort *tp = timers_new(E1K_ICR_TXDW, 100, 20);
    uint64_t t1 = 3 * US;

    send(tp, 0, RS | IDE);
    tp_advance_to(tp, t1);
    g_assert_cmpint(tp->irq, ==, 0);
    send(tp, 1, RS);
    tp_advance_to(tp, t1 + wb_delay(tp));
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(edge_time(tp, 0), ==, t1 + wb_delay(tp));
    tp_rd(tp, E1K_ICR);
    tp_advance(tp, 300 * US); /* past TADV (20.48 us) and TIDV (102.4) */
    g_assert_cmpuint(tp->irq_rises, ==, 1);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, 0);
    tp_free(tp);
}

/* TXQE: raised when the engine finds TDH == TDT after processing. */
static void test_txqe(void)
{
    TestPort *tp = timers_new(E1K_ICR_TXQE, 8, 0);
    uint64_t one = txt_bus(tp, 16) + txt_bus(tp, LEN);

    txt_legacy(tp, 0, TXT_BUFS, LEN, EOP | IFCS, 0, 0, 0);
    txt_legacy(tp, 1, TXT_BUFS, LEN, EOP | IFCS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, 2);
    tp_advance_to(tp, 2 * one - 1);
    g_assert_cmpint(tp->irq, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, 1);
    tp_advance_to(tp, 2 * one);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(edge_time(tp, 0), ==, 2 * one);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_TXQE); /* no RS */
    tp_free(tp);
}

/* TXD_LOW: pending descriptors fall from 8*LWTHRESH+1 to 8*LWTHRESH. */
static void test_txd_low(void)
{
    TestPort *tp = timers_new(E1K_ICR_TXD_LOW, 8, 0);
    uint64_t one = txt_bus(tp, 16) + txt_bus(tp, LEN);

    tp_wr(tp, E1K_TXDCTL, 1u << E1K_TXDCTL_LWTHRESH_SHIFT);
    for (uint32_t i = 0; i < 10; i++) {
        txt_legacy(tp, i, TXT_BUFS, LEN, EOP | IFCS, 0, 0, 0);
    }
    tp_wr(tp, E1K_TDT, 10); /* 10 pending; 8 after two descriptors */
    tp_advance_to(tp, 2 * one - 1);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_advance_to(tp, 2 * one);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(edge_time(tp, 0), ==, 2 * one);
    g_assert_cmphex(tp_rd(tp, E1K_ICR) & E1K_ICR_TXD_LOW, ==,
                    E1K_ICR_TXD_LOW);
    tp_advance(tp, 100 * US);
    g_assert_cmpuint(tp->irq_rises, ==, 1); /* once per crossing */
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tx/timers/txdw-immediate", test_txdw_immediate);
    g_test_add_func("/tx/timers/tidv", test_tidv);
    g_test_add_func("/tx/timers/tidv-reload", test_tidv_reload);
    g_test_add_func("/tx/timers/tadv", test_tadv);
    g_test_add_func("/tx/timers/immediate-halts-tadv",
                    test_immediate_halts_tadv);
    g_test_add_func("/tx/timers/txqe", test_txqe);
    g_test_add_func("/tx/timers/txd-low", test_txd_low);
    return g_test_run();
}
