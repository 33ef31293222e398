/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Trace events of the device model (E1kPort.trace): the guest
 * programming errors fire with the documented id and arguments, notable
 * events (reset, link, ITR, RX overrun run) fire once each, a
 * well-behaved driver run raises no error event, and installing the
 * callback changes nothing in the device state.
 */
#include <string.h>

#include "e1000_core.h"
#include "e1000_drv_internal.h"
#include "fake_os.h"

#define MEM (16u << 20)

static const uint8_t station[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

/* The last event is @ev with arguments @a, @b. */
static void assert_last(TestPort *tp, E1kTraceEvent ev, uint64_t a,
                        uint64_t b)
{
    const TpTrace *t;
    g_assert_cmpuint(tp->traces->len, >, 0);
    t = &g_array_index(tp->traces, TpTrace, tp->traces->len - 1);
    g_assert_cmpint(t->ev, ==, ev);
    g_assert_cmphex(t->a, ==, a);
    g_assert_cmphex(t->b, ==, b);
}

/* Ring registers (SDM 13.4.27-31, 13.4.37-41): misaligned base, length
 * zero or not a multiple of 128, index beyond a configured ring. */
static void test_ring_errors(void)
{
    TestPort *tp = tp_new(MEM, NULL);

    tp_wr(tp, E1K_RDBAL, TP_MEM_BASE + 8);
    assert_last(tp, E1K_TRACE_RING_BASE, E1K_RDBAL, TP_MEM_BASE + 8);
    g_assert_cmphex(tp_rd(tp, E1K_RDBAL), ==, TP_MEM_BASE); /* as before */
    tp_wr(tp, E1K_TDLEN, 0x404);
    assert_last(tp, E1K_TRACE_RING_LEN, E1K_TDLEN, 0x404);
    tp_wr(tp, E1K_RDLEN, 0);
    assert_last(tp, E1K_TRACE_RING_LEN, E1K_RDLEN, 0);
    /* no ring yet: an index is not judged */
    tp_wr(tp, E1K_RDT, 40);
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_RING_INDEX), ==, 0);
    tp_wr(tp, E1K_RDLEN, 32 * 16); /* 32 descriptors, fine */
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_RING_LEN), ==, 2);
    tp_wr(tp, E1K_RDT, 31);
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_RING_INDEX), ==, 0);
    tp_wr(tp, E1K_RDT, 32);
    assert_last(tp, E1K_TRACE_RING_INDEX, E1K_RDT, 32);
    tp_wr(tp, E1K_TDLEN, 8 * 16);
    tp_wr(tp, E1K_TDH, 9);
    assert_last(tp, E1K_TRACE_RING_INDEX, E1K_TDH, 9);
    g_assert_cmpuint(tp_trace_errors(tp), ==, 5);
    tp_free(tp);
}

/* Register map misuse: read-only registers (STATUS, a statistics
 * counter), offsets with no register, illegal access sizes. */
static void test_register_errors(void)
{
    TestPort *tp = tp_new(MEM, NULL);
    uint32_t status = tp_rd(tp, E1K_STATUS);

    tp_wr(tp, E1K_STATUS, 0);
    assert_last(tp, E1K_TRACE_RO_WRITE, E1K_STATUS, 0);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS), ==, status);
    tp_wr(tp, E1K_GPRC, 7);
    assert_last(tp, E1K_TRACE_RO_WRITE, E1K_GPRC, 7);
    tp_wr(tp, 0x0FF00, 1);
    assert_last(tp, E1K_TRACE_UNKNOWN_REG, 0x0FF00, 1);
    g_assert_cmphex(tp_rd(tp, 0x0FF00), ==, 0);
    assert_last(tp, E1K_TRACE_UNKNOWN_REG, 0x0FF00, 0);
    g_assert_cmphex(e1k_mmio_read(tp->dev, E1K_CTRL, 3), ==, 0);
    assert_last(tp, E1K_TRACE_BAD_ACCESS, E1K_CTRL, 3);
    e1k_mmio_write(tp->dev, E1K_MMIO_SIZE, 1, 4);
    assert_last(tp, E1K_TRACE_BAD_ACCESS, E1K_MMIO_SIZE, 4);
    e1k_io_write(tp->dev, 2, 1, 4);
    assert_last(tp, E1K_TRACE_BAD_ACCESS, 2, 4);
    /* side-effect-free peeks are not guest accesses */
    g_assert_cmphex(e1k_peek_reg(tp->dev, 0x0FF04), ==, 0);
    g_assert_cmpuint(tp_trace_errors(tp), ==, 7);
    tp_free(tp);
}

/* MDIC to a PHY address other than 1 (SDM 13.4.5); EERD beyond the
 * 64-word EEPROM (SDM 13.4.4). */
static void test_mdic_eeprom_errors(void)
{
    TestPort *tp = tp_new(MEM, NULL);

    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_READ | 2u << E1K_MDIC_PHY_SHIFT);
    g_assert_true(tp_rd(tp, E1K_MDIC) & E1K_MDIC_ERROR);
    assert_last(tp, E1K_TRACE_MDIC_ERROR, 2, 2);
    tp_wr(tp, E1K_EERD, E1K_EERD_START | 100u << E1K_EERD_ADDR_SHIFT);
    assert_last(tp, E1K_TRACE_EEPROM_ADDR, 100, 0);
    tp_wr(tp, E1K_EERD, E1K_EERD_START | 3u << E1K_EERD_ADDR_SHIFT);
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_EEPROM_ADDR), ==, 1);
    tp_free(tp);
}

/* Shift the 9 bits of @cmd (start bit, 2 opcode bits, 6 address bits)
 * into the EEPROM over Microwire on EECD, MSB first (SDM 5.3). */
static void uwire_cmd(TestPort *tp, uint32_t cmd)
{
    const uint32_t base = E1K_EECD_REQ | E1K_EECD_CS;
    tp_wr(tp, E1K_EECD, base);
    for (int i = 8; i >= 0; i--) {
        uint32_t di = (cmd >> i) & 1u ? E1K_EECD_DI : 0;
        tp_wr(tp, E1K_EECD, base | di);
        tp_wr(tp, E1K_EECD, base | di | E1K_EECD_SK);
        tp_wr(tp, E1K_EECD, base | di);
    }
}

/* A Microwire opcode other than READ (here WRITE, 101b with the start
 * bit) is ignored and traced once; a READ is not an error. */
static void test_eeprom_opcode(void)
{
    TestPort *tp = tp_new(MEM, NULL);

    uwire_cmd(tp, (E1K_UWIRE_READ << 6) | 3u);
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_EEPROM_OPCODE), ==, 0);
    tp_wr(tp, E1K_EECD, 0); /* CS low: back to idle */
    uwire_cmd(tp, (5u << 6) | 9u);
    assert_last(tp, E1K_TRACE_EEPROM_OPCODE, 5, 9);
    g_assert_cmpuint(tp_trace_errors(tp), ==, 1);
    tp_free(tp);
}

/* A transmit ring outside host memory: the descriptor fetch faults
 * (the port's DMA status) and is traced with its address and size. */
static void test_dma_fault(void)
{
    TestPort *tp = tp_new(MEM, NULL);
    const uint64_t ring = TP_MEM_BASE + MEM; /* just past the end */

    tp_wr(tp, E1K_TDBAL, (uint32_t)ring);
    tp_wr(tp, E1K_TDBAH, (uint32_t)(ring >> 32));
    tp_wr(tp, E1K_TDLEN, 8 * 16);
    tp_wr(tp, E1K_TCTL, E1K_TCTL_EN | E1K_TCTL_PSP);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->dma_faults, >, 0);
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_DMA_READ_FAULT), ==,
                     tp->dma_faults);
    g_assert_cmphex(tp_trace_last(tp, E1K_TRACE_DMA_READ_FAULT)->a, ==, ring);
    g_assert_cmpuint(tp_trace_last(tp, E1K_TRACE_DMA_READ_FAULT)->b, ==, 16);
    tp_free(tp);
}

/* Notable events: power-on reset at creation, CTRL.RST, ITR changes,
 * link down/up, and an RX overrun run traced at its first drop only. */
static void test_notable_events(void)
{
    TestPort *tp = tp_new(MEM, NULL);
    uint8_t *fr = tp_frame(station, 1514);
    unsigned overruns = 0;

    g_assert_cmpuint(tp->traces->len, ==, 1);
    assert_last(tp, E1K_TRACE_RESET, 1, 0);
    tp_wr(tp, E1K_ITR, 500);
    assert_last(tp, E1K_TRACE_ITR, 0, 500);
    tp_wr(tp, E1K_ITR, 500); /* unchanged: silent */
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_ITR), ==, 1);
    e1k_set_link(tp->dev, 0);
    assert_last(tp, E1K_TRACE_LINK, 0, 0);
    e1k_set_link(tp->dev, 1);
    assert_last(tp, E1K_TRACE_LINK, 1, 1000);
    /* receiver on, no descriptors: the packet buffer fills up */
    tp_wr(tp, E1K_RCTL, E1K_RCTL_EN | E1K_RCTL_UPE);
    for (unsigned i = 0; i < 100; i++) {
        overruns += tp_rx(tp, fr, 1514) == E1K_RX_OVERRUN;
    }
    g_assert_cmpuint(overruns, >, 1);
    g_assert_cmpuint(tp_trace_count(tp, E1K_TRACE_RX_OVERRUN), ==, 1);
    g_assert_cmpuint(tp_trace_last(tp, E1K_TRACE_RX_OVERRUN)->a, ==, 1);
    tp_wr(tp, E1K_CTRL, E1K_CTRL_RST);
    assert_last(tp, E1K_TRACE_RESET, 0, 0);
    g_assert_cmpuint(tp_trace_errors(tp), ==, 0);
    g_free(fr);
    tp_free(tp);
}

/* The text of an event: name, then the details. */
static void test_format(void)
{
    char buf[96];
    int n = e1k_trace_format(E1K_TRACE_RING_LEN, E1K_RDLEN, 0x404, buf,
                             sizeof(buf));
    g_assert_cmpstr(buf, ==, "ring-len offset 0x02808 = 0x00000404, zero "
                    "or not a multiple of 128");
    g_assert_cmpint(n, ==, (int)strlen(buf));
    g_assert_cmpint(e1k_trace_format(E1K_TRACE_LINK, 1, 100, buf, 8), ==,
                    (int)strlen("link up 100 Mb/s"));
    g_assert_cmpstr(buf, ==, "link up");   /* truncated to 8 bytes */
    e1k_trace_format(E1K_TRACE_LINK, 0, 0, buf, sizeof(buf));
    g_assert_cmpstr(buf, ==, "link down");
    e1k_trace_format(E1K_TRACE_RESET, 0, 0, buf, sizeof(buf));
    g_assert_cmpstr(buf, ==, "reset CTRL.RST");
    g_assert_cmpstr(e1k_trace_name(E1K_TRACE_COUNT), ==, "?");
    g_assert_true(e1k_trace_is_error(E1K_TRACE_DMA_WRITE_FAULT));
    g_assert_false(e1k_trace_is_error(E1K_TRACE_RESET));
}

/* A well-behaved driver (probe, open, link up, RX and TX traffic, close)
 * makes no programming error; its notable events are the resets and the
 * link coming up. */
static void test_driver_run_silent(void)
{
    const enum e1k_drv_mode modes[] = { E1K_MODE_NAPI, E1K_MODE_LEGACY,
                                        E1K_MODE_NAPI_DYNITR };
    for (unsigned m = 0; m < G_N_ELEMENTS(modes); m++) {
        struct e1k_drv_params p;
        FakeOs *f = fos_new(MEM, NULL);
        static const uint8_t peer[6] = { 0x02, 0, 0, 0, 0, 0x99 };

        e1k_drv_params_default(&p);
        p.mode = modes[m];
        fos_up(f, &p);
        for (uint32_t i = 0; i < 200; i++) {
            uint8_t *rx = tp_frame(station, 60 + i * 7);
            uint8_t *tx = tp_frame(peer, 60 + i * 5);
            fos_inject(f, rx, 60 + i * 7);
            g_assert_cmpint(e1k_drv_xmit(f->a, fos_skb_from(f, tx,
                                                            60 + i * 5)),
                            ==, 0);
            fos_run(f, fos_wire_ns(1514));
            g_free(rx);
            g_free(tx);
        }
        fos_run(f, 10000000);
        g_assert_cmpuint(f->rx->len, ==, 200);
        g_assert_cmpuint(f->tp->tx->len, ==, 200);
        e1k_drv_close(f->a);
        g_assert_cmpuint(tp_trace_errors(f->tp), ==, 0);
        g_assert_cmpuint(tp_trace_count(f->tp, E1K_TRACE_RESET), >=, 2);
        g_assert_cmpuint(tp_trace_count(f->tp, E1K_TRACE_LINK), >=, 1);
        g_assert_cmpuint(tp_trace_last(f->tp, E1K_TRACE_LINK)->a, ==, 1);
        e1k_drv_remove(f->a);
        f->a = NULL;
        fos_free(f);
    }
}

/* Tracing changes nothing: the same register and frame sequence with
 * and without the callback leaves byte-identical device state. */
static void test_trace_no_side_effect(void)
{
    TestPort *tp[2];
    uint8_t *blob[2];
    size_t len = 0;
    uint8_t *fr = tp_frame(station, 1514);

    for (int i = 0; i < 2; i++) {
        tp[i] = tp_new(MEM, NULL);
        if (i == 1) {
            tp[i]->dev->port.trace = NULL;
        }
        tp_wr(tp[i], E1K_RDBAL, TP_MEM_BASE + 4);
        tp_wr(tp[i], E1K_RDLEN, 0x404);
        tp_wr(tp[i], E1K_RDT, 500);
        tp_wr(tp[i], E1K_STATUS, 0);
        tp_wr(tp[i], E1K_MDIC, E1K_MDIC_OP_READ | 3u << E1K_MDIC_PHY_SHIFT);
        tp_wr(tp[i], E1K_RCTL, E1K_RCTL_EN | E1K_RCTL_UPE);
        for (int k = 0; k < 60; k++) {
            tp_rx(tp[i], fr, 1514);
        }
        tp_advance(tp[i], 1000000);
        len = e1k_save_size(tp[i]->dev);
        blob[i] = g_malloc(len);
        g_assert_cmpuint(e1k_save(tp[i]->dev, blob[i], len), ==, len);
    }
    g_assert_cmpuint(tp[0]->traces->len, >, 4);
    g_assert_cmpuint(tp[1]->traces->len, ==, 1); /* the creation reset */
    g_assert_cmpmem(blob[0], len, blob[1], len);
    for (int i = 0; i < 2; i++) {
        g_free(blob[i]);
        tp_free(tp[i]);
    }
    g_free(fr);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/trace/ring-errors", test_ring_errors);
    g_test_add_func("/trace/register-errors", test_register_errors);
    g_test_add_func("/trace/mdic-eeprom-errors", test_mdic_eeprom_errors);
    g_test_add_func("/trace/eeprom-opcode", test_eeprom_opcode);
    g_test_add_func("/trace/dma-fault", test_dma_fault);
    g_test_add_func("/trace/notable-events", test_notable_events);
    g_test_add_func("/trace/format", test_format);
    g_test_add_func("/trace/driver-run-silent", test_driver_run_silent);
    g_test_add_func("/trace/no-side-effect", test_trace_no_side_effect);
    return g_test_run();
}
