/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Test port of the 82598 model: see ixgport.h. */
#include "ixgport.h"

#include <string.h>

#include "ixgbe_regs.h"

static uint8_t *span(XpPort *xp, uint64_t addr, uint32_t len)
{
    if (addr < XP_MEM_BASE || addr - XP_MEM_BASE > xp->mem_size ||
        len > xp->mem_size - (addr - XP_MEM_BASE)) {
        xp->dma_faults++;
        return NULL;
    }
    return xp->mem + (addr - XP_MEM_BASE);
}

static int dma_read(void *o, uint64_t addr, void *buf, uint32_t len)
{
    uint8_t *p = span(o, addr, len);
    if (!p) {
        return -1;
    }
    memcpy(buf, p, len);
    return 0;
}

static int dma_write(void *o, uint64_t addr, const void *buf, uint32_t len)
{
    uint8_t *p = span(o, addr, len);
    if (!p) {
        return -1;
    }
    memcpy(p, buf, len);
    return 0;
}

static void set_irq(void *o, int level)
{
    XpPort *xp = o;
    XpIrq e = { xp->now, 0, (uint32_t)level };
    g_assert_cmpint(level, !=, xp->irq);   /* changes only */
    xp->irq = level;
    xp->irq_rises += level != 0;
    g_array_append_val(xp->irqs, e);
}

static void msi(void *o, uint32_t v)
{
    XpPort *xp = o;
    XpIrq e = { xp->now, 1, v };
    g_assert_cmpuint(v, <, IXG_MSIX_VECTORS);
    xp->msi[v]++;
    g_array_append_val(xp->irqs, e);
}

static uint64_t now_ns(void *o)
{
    return ((XpPort *)o)->now;
}

static void deadline(void *o, uint64_t d)
{
    ((XpPort *)o)->deadline = d;
}

static void tx_frame(void *o, const uint8_t *frame, uint32_t len)
{
    XpPort *xp = o;
    XpFrame f = { xp->now, len, g_memdup2(frame, len) };
    g_array_append_val(xp->tx, f);
}

static void trace(void *o, unsigned ev, uint64_t a, uint64_t b)
{
    XpPort *xp = o;
    XpTrace t = { xp->now, ev, a, b };
    g_assert_cmpuint(ev, <, IXG_TRACE_COUNT);
    g_array_append_val(xp->traces, t);
}

static void clear_frame(gpointer p)
{
    g_free(((XpFrame *)p)->data);
}

XpPort *xp_new(size_t mem_size, const IxgConfig *cfg, bool window)
{
    XpPort *xp = g_new0(XpPort, 1);
    IxgConfig def;
    IxgPort port = {
        .opaque = xp, .dma_read = dma_read, .dma_write = dma_write,
        .set_irq = set_irq, .now_ns = now_ns, .deadline_changed = deadline,
        .tx_frame = tx_frame, .trace = trace, .msi = msi,
    };

    if (!cfg) {
        ixg_config_default(&def);
        cfg = &def;
    }
    xp->mem = g_malloc0(mem_size);
    xp->mem_size = mem_size;
    if (window) {
        port.dma_mem = xp->mem;
        port.dma_base = XP_MEM_BASE;
        port.dma_size = mem_size;
    }
    xp->deadline = IXG_NO_DEADLINE;
    xp->irqs = g_array_new(FALSE, FALSE, sizeof(XpIrq));
    xp->tx = g_array_new(FALSE, FALSE, sizeof(XpFrame));
    g_array_set_clear_func(xp->tx, clear_frame);
    xp->traces = g_array_new(FALSE, FALSE, sizeof(XpTrace));
    xp->port = port;
    xp->dev = ixg_new(cfg, &port);
    g_assert_nonnull(xp->dev);
    return xp;
}

void xp_free(XpPort *xp)
{
    if (!xp) {
        return;
    }
    ixg_free(xp->dev);
    g_array_free(xp->irqs, TRUE);
    g_array_free(xp->tx, TRUE);
    g_array_free(xp->traces, TRUE);
    g_free(xp->mem);
    g_free(xp);
}

void xp_advance_to(XpPort *xp, uint64_t t)
{
    g_assert_cmpuint(t, >=, xp->now);
    for (unsigned guard = 0;; guard++) {
        uint64_t d = ixg_next_deadline(xp->dev);
        g_assert_cmpuint(d, ==, xp->deadline);
        if (d > t) {
            break;
        }
        g_assert_cmpuint(guard, <, 10000000u);
        if (d > xp->now) {
            xp->now = d;
        }
        xp->runs++;
        ixg_run_until(xp->dev, xp->now);
    }
    xp->now = t;
    ixg_run_until(xp->dev, t);
}

void xp_advance(XpPort *xp, uint64_t dt)
{
    xp_advance_to(xp, xp->now + dt);
}

uint32_t xp_rd(XpPort *xp, uint32_t off)
{
    return ixg_mmio_read(xp->dev, off, 4);
}

void xp_wr(XpPort *xp, uint32_t off, uint32_t val)
{
    ixg_mmio_write(xp->dev, off, val, 4);
}

uint8_t *xp_ptr(XpPort *xp, uint64_t addr, size_t len)
{
    g_assert_cmpuint(addr, >=, XP_MEM_BASE);
    g_assert_cmpuint(addr - XP_MEM_BASE + len, <=, xp->mem_size);
    return xp->mem + (addr - XP_MEM_BASE);
}

uint32_t xp_le32(XpPort *xp, uint64_t a)
{
    uint8_t *p = xp_ptr(xp, a, 4);
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

uint64_t xp_le64(XpPort *xp, uint64_t a)
{
    return (uint64_t)xp_le32(xp, a) | (uint64_t)xp_le32(xp, a + 4) << 32;
}

void xp_put_le32(XpPort *xp, uint64_t a, uint32_t v)
{
    uint8_t *p = xp_ptr(xp, a, 4);
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

void xp_put_le64(XpPort *xp, uint64_t a, uint64_t v)
{
    xp_put_le32(xp, a, (uint32_t)v);
    xp_put_le32(xp, a + 4, (uint32_t)(v >> 32));
}

unsigned xp_trace_count(const XpPort *xp, unsigned ev)
{
    unsigned n = 0;
    for (guint i = 0; i < xp->traces->len; i++) {
        n += g_array_index(xp->traces, XpTrace, i).ev == ev;
    }
    return n;
}

const XpTrace *xp_trace_last(const XpPort *xp, unsigned ev)
{
    for (guint i = xp->traces->len; i-- > 0;) {
        const XpTrace *t = &g_array_index(xp->traces, XpTrace, i);
        if (t->ev == ev) {
            return t;
        }
    }
    g_assert_not_reached();
    return NULL;
}

uint8_t *xp_frame(const uint8_t dst[6], uint32_t len)
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

uint16_t xp_inet_csum(uint32_t sum, const uint8_t *p, uint32_t n)
{
    for (uint32_t i = 0; i + 1 < n; i += 2) {
        sum += (uint32_t)p[i] << 8 | p[i + 1];
    }
    if (n & 1u) {
        sum += (uint32_t)p[n - 1] << 8;
    }
    while (sum >> 16) {
        sum = (sum & 0xFFFFu) + (sum >> 16);
    }
    return (uint16_t)~sum;
}

static void be16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void be32(uint8_t *p, uint32_t v)
{
    be16(p, v >> 16);
    be16(p + 2, v & 0xFFFFu);
}

uint8_t *xp_ip_frame(const uint8_t mac[6], uint32_t src, uint32_t dst,
                     uint16_t sport, uint16_t dport, int tcp, uint32_t len)
{
    uint8_t *f = xp_frame(mac, len);
    uint8_t *ip = f + 14, *l4 = ip + 20;
    uint32_t l4len = len - 34, sum;
    uint16_t c;

    g_assert_cmpuint(len, >=, 34u + (tcp ? 20u : 8u));
    memset(ip, 0, 20);
    ip[0] = 0x45;
    be16(ip + 2, len - 14);
    ip[8] = 64;
    ip[9] = tcp ? 6 : 17;
    be32(ip + 12, src);
    be32(ip + 16, dst);
    be16(ip + 10, xp_inet_csum(0, ip, 20));
    memset(l4, 0, tcp ? 20 : 8);
    be16(l4, sport);
    be16(l4 + 2, dport);
    if (tcp) {
        l4[12] = 5 << 4;
    } else {
        be16(l4 + 4, l4len);
    }
    sum = (src >> 16) + (src & 0xFFFFu) + (dst >> 16) + (dst & 0xFFFFu) +
          ip[9] + l4len;
    c = xp_inet_csum(sum, l4, l4len);
    be16(l4 + (tcp ? 16 : 6), c ? c : (tcp ? 0 : 0xFFFFu));
    return f;
}

void xp_setup_rxq(XpPort *xp, uint32_t q, uint64_t ring, uint32_t ndesc,
                  uint64_t bufs, uint32_t bufsize, uint32_t rdt,
                  uint32_t rxdctl)
{
    memset(xp_ptr(xp, ring, (size_t)ndesc * 16), 0, (size_t)ndesc * 16);
    for (uint32_t i = 0; i < ndesc; i++) {
        xp_put_le64(xp, ring + 16ull * i, bufs + (uint64_t)i * bufsize);
    }
    xp_wr(xp, IXG_SRRCTL(q & 15u), (bufsize / 1024u) |
          IXG_SRRCTL_DESCTYPE_ADV_ONEBUF);
    xp_wr(xp, IXG_RXDCTL(q), 0);
    xp_wr(xp, IXG_RDBAL(q), (uint32_t)ring);
    xp_wr(xp, IXG_RDBAH(q), (uint32_t)(ring >> 32));
    xp_wr(xp, IXG_RDLEN(q), ndesc * 16);
    xp_wr(xp, IXG_RDH(q), 0);
    xp_wr(xp, IXG_RDT(q), 0);
    xp_wr(xp, IXG_RXDCTL(q), rxdctl | IXG_RXDCTL_ENABLE);
    xp_wr(xp, IXG_RDT(q), rdt);
}

void xp_setup_txq(XpPort *xp, uint32_t q, uint64_t ring, uint32_t ndesc,
                  uint32_t txdctl)
{
    memset(xp_ptr(xp, ring, (size_t)ndesc * 16), 0, (size_t)ndesc * 16);
    xp_wr(xp, IXG_TXDCTL(q), 0);
    xp_wr(xp, IXG_TDBAL(q), (uint32_t)ring);
    xp_wr(xp, IXG_TDBAH(q), (uint32_t)(ring >> 32));
    xp_wr(xp, IXG_TDLEN(q), ndesc * 16);
    xp_wr(xp, IXG_TDH(q), 0);
    xp_wr(xp, IXG_TDT(q), 0);
    xp_wr(xp, IXG_TXDCTL(q), txdctl | IXG_TXDCTL_ENABLE);
}

void xp_put_txd(XpPort *xp, uint64_t ring, uint32_t idx, uint64_t buf,
                uint32_t len, uint32_t dcmd, uint32_t olinfo)
{
    uint64_t a = ring + 16ull * idx;
    xp_put_le64(xp, a, buf);
    xp_put_le32(xp, a + 8, len | (IXG_ATXD_DTYP_DATA << IXG_ATXD_DTYP_SHIFT) |
                           (dcmd | IXG_TXD_CMD_DEXT) << 24);
    xp_put_le32(xp, a + 12, olinfo);
}
