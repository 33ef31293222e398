/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Test port: see testport.h. */
#include "testport.h"

#include <string.h>

/* Host memory for a DMA of @len bytes at bus address @addr, or NULL
 * (counted in dma_faults) if any byte lies outside it. */
static uint8_t *tp_dma_span(TestPort *tp, uint64_t addr, uint32_t len)
{
    if (addr < TP_MEM_BASE || addr - TP_MEM_BASE > tp->mem_size ||
        len > tp->mem_size - (addr - TP_MEM_BASE)) {
        tp->dma_faults++;
        return NULL;
    }
    return tp->mem + (addr - TP_MEM_BASE);
}

static int tp_dma_read(void *opaque, uint64_t addr, void *buf, uint32_t len)
{
    uint8_t *p = tp_dma_span(opaque, addr, len);
    if (!p) {
        return -1;
    }
    memcpy(buf, p, len);
    return 0;
}

static int tp_dma_write(void *opaque, uint64_t addr, const void *buf,
                        uint32_t len)
{
    uint8_t *p = tp_dma_span(opaque, addr, len);
    if (!p) {
        return -1;
    }
    memcpy(p, buf, len);
    return 0;
}

static void tp_set_irq(void *opaque, int level)
{
    TestPort *tp = opaque;
    TpEdge e = { tp->now, level };
    g_assert_cmpint(level, !=, tp->irq); /* the model reports changes only */
    tp->irq = level;
    if (level) {
        tp->irq_rises++;
    }
    g_array_append_val(tp->edges, e);
}

static uint64_t tp_now(void *opaque)
{
    return ((TestPort *)opaque)->now;
}

static void tp_deadline(void *opaque, uint64_t d)
{
    ((TestPort *)opaque)->deadline = d;
}

static void tp_tx(void *opaque, const uint8_t *frame, uint32_t len)
{
    TestPort *tp = opaque;
    TpFrame f = { tp->now, len, g_memdup2(frame, len) };
    g_array_append_val(tp->tx, f);
}

static void tp_trace(void *opaque, E1kTraceEvent ev, uint64_t a,
                     uint64_t b)
{
    TestPort *tp = opaque;
    TpTrace t = { tp->now, ev, a, b };
    g_assert_cmpuint(ev, <, E1K_TRACE_COUNT);
    g_array_append_val(tp->traces, t);
}

unsigned tp_trace_count(const TestPort *tp, E1kTraceEvent ev)
{
    unsigned n = 0;
    for (guint i = 0; i < tp->traces->len; i++) {
        n += g_array_index(tp->traces, TpTrace, i).ev == ev;
    }
    return n;
}

unsigned tp_trace_errors(const TestPort *tp)
{
    unsigned n = 0;
    for (guint i = 0; i < tp->traces->len; i++) {
        n += (unsigned)e1k_trace_is_error(
            g_array_index(tp->traces, TpTrace, i).ev);
    }
    return n;
}

const TpTrace *tp_trace_last(const TestPort *tp, E1kTraceEvent ev)
{
    for (guint i = tp->traces->len; i-- > 0;) {
        const TpTrace *t = &g_array_index(tp->traces, TpTrace, i);
        if (t->ev == ev) {
            return t;
        }
    }
    g_assert_not_reached();
    return NULL;
}

static void tp_clear_frame(gpointer p)
{
    g_free(((TpFrame *)p)->data);
}

/* tp_new, with @window: the port's DMA window (E1kPort.dma_mem) over
 * the whole memory from bus address 0. */
static TestPort *tp_new_port(size_t mem_size, const E1kConfig *cfg,
                             bool window)
{
    TestPort *tp = g_new0(TestPort, 1);
    E1kConfig def;
    E1kPort port = {
        .opaque = tp,
        .dma_read = tp_dma_read,
        .dma_write = tp_dma_write,
        .set_irq = tp_set_irq,
        .now_ns = tp_now,
        .deadline_changed = tp_deadline,
        .tx_frame = tp_tx,
        .trace = tp_trace,
    };
    if (!cfg) {
        e1k_config_default(&def);
        cfg = &def;
    }
    tp->mem = g_malloc0(mem_size);
    tp->mem_size = mem_size;
    if (window) {
        port.dma_mem = tp->mem;
        port.dma_base = 0;
        port.dma_size = mem_size;
    }
    tp->deadline = E1K_NO_DEADLINE;
    tp->edges = g_array_new(FALSE, FALSE, sizeof(TpEdge));
    tp->tx = g_array_new(FALSE, FALSE, sizeof(TpFrame));
    g_array_set_clear_func(tp->tx, tp_clear_frame);
    tp->traces = g_array_new(FALSE, FALSE, sizeof(TpTrace));
    tp->dev = e1k_new(cfg, &port);
    g_assert_nonnull(tp->dev);
    return tp;
}

TestPort *tp_new(size_t mem_size, const E1kConfig *cfg)
{
    return tp_new_port(mem_size, cfg, false);
}

TestPort *tp_new_window(size_t mem_size, const E1kConfig *cfg)
{
    return tp_new_port(mem_size, cfg, true);
}

void tp_free(TestPort *tp)
{
    if (!tp) {
        return;
    }
    e1k_free(tp->dev);
    g_array_free(tp->edges, TRUE);
    g_array_free(tp->tx, TRUE);
    g_array_free(tp->traces, TRUE);
    g_free(tp->mem);
    g_free(tp);
}

void tp_advance_to(TestPort *tp, uint64_t t)
{
    g_assert_cmpuint(t, >=, tp->now);
    for (unsigned guard = 0;; guard++) {
        uint64_t d = e1k_next_deadline(tp->dev);
        g_assert_cmpuint(d, ==, tp->deadline); /* announced correctly */
        if (d > t) {
            break;
        }
        g_assert_cmpuint(guard, <, 10000000u); /* no endless event storm */
        if (d > tp->now) {
            tp->now = d;
        }
        e1k_run_until(tp->dev, tp->now);
    }
    tp->now = t;
    e1k_run_until(tp->dev, t);
}

void tp_advance(TestPort *tp, uint64_t dt)
{
    tp_advance_to(tp, tp->now + dt);
}

uint32_t tp_rd(TestPort *tp, uint32_t off)
{
    return e1k_mmio_read(tp->dev, off, 4);
}

void tp_wr(TestPort *tp, uint32_t off, uint32_t val)
{
    e1k_mmio_write(tp->dev, off, val, 4);
}

uint8_t *tp_ptr(TestPort *tp, uint64_t addr, size_t len)
{
    g_assert_cmpuint(addr, >=, TP_MEM_BASE);
    g_assert_cmpuint(addr - TP_MEM_BASE + len, <=, tp->mem_size);
    return tp->mem + (addr - TP_MEM_BASE);
}

E1kRxResult tp_rx(TestPort *tp, const uint8_t *frame, uint32_t len)
{
    return e1k_receive(tp->dev, frame, len);
}

uint8_t *tp_frame(const uint8_t dst[6], uint32_t len)
{
    static const uint8_t src[6] = { 0x02, 0, 0, 0, 0, 0x01 };
    uint8_t *f = g_malloc0(len < 14 ? 14 : len);
    memcpy(f, dst, 6);
    memcpy(f + 6, src, 6);
    f[12] = 0x08;
    f[13] = 0x00;
    for (uint32_t i = 14; i < len; i++) {
        f[i] = (uint8_t)i;
    }
    return f;
}

void tp_setup_rx(TestPort *tp, uint64_t ring, uint32_t ndesc, uint64_t bufs,
                 uint32_t bufsize, uint32_t rdt, uint32_t rctl)
{
    uint8_t *r = tp_ptr(tp, ring, (size_t)ndesc * 16);
    memset(r, 0, (size_t)ndesc * 16);
    for (uint32_t i = 0; i < ndesc; i++) {
        tp_put_le64(tp, ring + 16ull * i, bufs + (uint64_t)i * bufsize);
    }
    tp_wr(tp, 0x2800, (uint32_t)ring);          /* RDBAL */
    tp_wr(tp, 0x2804, (uint32_t)(ring >> 32));  /* RDBAH */
    tp_wr(tp, 0x2808, ndesc * 16);              /* RDLEN */
    tp_wr(tp, 0x2810, 0);                       /* RDH */
    tp_wr(tp, 0x2818, rdt);                     /* RDT */
    tp_wr(tp, 0x0100, rctl);                    /* RCTL */
}

uint16_t tp_le16(TestPort *tp, uint64_t a)
{
    uint8_t *p = tp_ptr(tp, a, 2);
    return (uint16_t)(p[0] | p[1] << 8);
}

uint32_t tp_le32(TestPort *tp, uint64_t a)
{
    uint8_t *p = tp_ptr(tp, a, 4);
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

uint64_t tp_le64(TestPort *tp, uint64_t a)
{
    return (uint64_t)tp_le32(tp, a) | (uint64_t)tp_le32(tp, a + 4) << 32;
}

void tp_put_le16(TestPort *tp, uint64_t a, uint16_t v)
{
    uint8_t *p = tp_ptr(tp, a, 2);
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

void tp_put_le32(TestPort *tp, uint64_t a, uint32_t v)
{
    uint8_t *p = tp_ptr(tp, a, 4);
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

void tp_put_le64(TestPort *tp, uint64_t a, uint64_t v)
{
    tp_put_le32(tp, a, (uint32_t)v);
    tp_put_le32(tp, a + 4, (uint32_t)(v >> 32));
}
