/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598EB model core: creation and reset, the entry points of ixgbe.h,
 * the timers and the deadline contract (the family's: nic_timers.h,
 * docs/model.md "Time contract"), DMA through the port and register
 * access by BAR.
 *
 * Every public entry point calls enter(), which reads the port clock and
 * fires every timer due at or before it (at most NIC_RUN_MAX_FIRINGS),
 * and ends with ixg_leave(), which announces the earliest deadline
 * through port.deadline_changed when it changed.  While a due timer
 * fires, s->now_ns is that timer's deadline; it never goes backwards.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ixgbe_core.h"

/* ------------------------------------------------------------------ */
/* Chips and config                                                    */

static const struct {
    const char *name;
    uint16_t device;
    uint32_t ports;
    uint32_t autoc;   /* AUTOC at reset: link mode and PMA of the media */
} chips[IXG_CHIP_COUNT] = {
    /* 10GBASE-CX4 (802.3ak): 10 Gb/s, no autonegotiation, CX4 PMA */
    [IXG_CHIP_82598EB_CX4] = { "82598EB-CX4", IXG_PCI_DEVICE_82598EB_CX4, 1,
        IXG_AUTOC_LMS_10G_NO_AN | IXG_AUTOC_10G_CX4 },
    /* fibre (10GBASE-SR/LR optics behind XAUI): 10 Gb/s, no AN */
    [IXG_CHIP_82598AF_SINGLE] = { "82598AF", IXG_PCI_DEVICE_82598AF_SINGLE, 1,
        IXG_AUTOC_LMS_10G_NO_AN | IXG_AUTOC_10G_XAUI },
    [IXG_CHIP_82598AF_DUAL] = { "82598AF-dual", IXG_PCI_DEVICE_82598AF_DUAL,
        2, IXG_AUTOC_LMS_10G_NO_AN | IXG_AUTOC_10G_XAUI },
};

uint16_t ixg_chip_device_id(IxgChip chip)
{
    return (unsigned)chip < IXG_CHIP_COUNT ? chips[chip].device : 0;
}

const char *ixg_chip_name(IxgChip chip)
{
    return (unsigned)chip < IXG_CHIP_COUNT ? chips[chip].name : "?";
}

int ixg_chip_parse(const char *name, IxgChip *chip)
{
    if (!name || !chip) {
        return -1;
    }
    if (strcasecmp(name, "82598eb") == 0) {
        *chip = IXG_CHIP_82598EB_CX4;
        return 0;
    }
    for (unsigned i = 0; i < IXG_CHIP_COUNT; i++) {
        if (strcasecmp(name, chips[i].name) == 0) {
            *chip = (IxgChip)i;
            return 0;
        }
    }
    return -1;
}

/** AUTOC's power-on value for the configured part. */
static uint32_t chip_autoc(const IxgDev *s)
{
    return chips[s->cfg.chip].autoc;
}

void ixg_config_default(IxgConfig *cfg)
{
    static const uint8_t mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x57 };

    if (!cfg) {
        return;
    }
    memset(cfg, 0, sizeof(*cfg));
    cfg->chip = IXG_CHIP_82598EB_CX4;
    memcpy(cfg->mac, mac, sizeof(mac));
    nic_bus_preset(NIC_BUS_PCIE1_X8, &cfg->bus);
    cfg->link_up = 1;
    cfg->link_ns = 1000000u;
}

bool ixg_config_valid(const IxgConfig *cfg)
{
    return (unsigned)cfg->chip < IXG_CHIP_COUNT &&
           nic_bus_valid(&cfg->bus) && cfg->bus.kind == NIC_BUS_PCIE &&
           (cfg->link_up == 0 || cfg->link_up == 1) &&
           cfg->msix_table <= 1u && cfg->lan_id < chips[cfg->chip].ports &&
           cfg->link_ns <= 10000000000ull / 10u;
}

/* ------------------------------------------------------------------ */
/* Timers and the deadline contract                                    */

/** Fire timer @id (already disarmed) in its owner. */
static void timer_dispatch(IxgDev *s, uint32_t id)
{
    switch (id) {
    case IXG_TMR_RXDMA:
        ixg_rx_timer(s);
        break;
    case IXG_TMR_TXDMA:
        ixg_tx_desc_timer(s);
        break;
    case IXG_TMR_TXDATA:
        ixg_tx_data_timer(s);
        break;
    case IXG_TMR_TXWIRE:
        ixg_txwire_done(s);
        break;
    case IXG_TMR_LINK:
        ixg_link_timer(s);
        break;
    default:
        if (id >= IXG_TMR_VEC0 && id < IXG_TMR_COUNT) {
            ixg_vec_timer(s, id - IXG_TMR_VEC0);
        }
        break;
    }
}

/** Fire every timer due at or before @target, at most
 *  NIC_RUN_MAX_FIRINGS; true if all were fired (the clock then moves to
 *  @target), false when the cap was hit (the clock stays at the last
 *  firing). */
static bool run_due(IxgDev *s, uint64_t target)
{
    for (uint32_t n = 0; n < NIC_RUN_MAX_FIRINGS; n++) {
        int id = nic_timer_pop_due(&s->tix, s->timer, target, &s->now_ns);
        if (id < 0) {
            return true;
        }
        timer_dispatch(s, (uint32_t)id);
    }
    return false;
}

/** The port's clock: its variable when it offers one, else a call. */
static uint64_t port_now(const IxgDev *s)
{
    return s->port.now_var ? *s->port.now_var
                           : s->port.now_ns(s->port.opaque);
}

/** Start of every public entry point other than run_until/run_due. */
static void enter(IxgDev *s)
{
    uint64_t now = port_now(s);

    if (now < s->tix.next_deadline) {
        if (now > s->now_ns) {
            s->now_ns = now;
        }
    } else if (!run_due(s, now) && now > s->now_ns) {
        s->now_ns = now;
    }
}

void ixg_leave(IxgDev *s)
{
    if (s->tix.next_deadline != s->announced_deadline) {
        s->announced_deadline = s->tix.next_deadline;
        if (s->port.deadline_changed) {
            s->port.deadline_changed(s->port.opaque, s->announced_deadline);
        }
    }
}

uint64_t ixg_next_deadline(const IxgDev *dev)
{
    return dev ? dev->tix.next_deadline : IXG_NO_DEADLINE;
}

void ixg_run_until(IxgDev *dev, uint64_t now_ns)
{
    if (!dev) {
        return;
    }
    run_due(dev, now_ns);
    ixg_leave(dev);
}

uint64_t ixg_run_due(IxgDev *dev, uint64_t now_ns)
{
    if (!dev) {
        return IXG_NO_DEADLINE;
    }
    run_due(dev, now_ns);
    dev->announced_deadline = dev->tix.next_deadline;
    return dev->tix.next_deadline;
}

/* ------------------------------------------------------------------ */
/* DMA                                                                 */

/** One DMA through the port; a fault (the range wraps, or the port
 *  refuses) is traced.  0 or -1. */
static int dma_xfer(IxgDev *s, uint64_t addr, void *buf, uint32_t len,
                    bool write)
{
    int rc;

    if (len == 0) {
        return 0;
    }
    if (addr > UINT64_MAX - len) {
        rc = -1;
    } else if (write) {
        rc = s->port.dma_write(s->port.opaque, addr, buf, len);
    } else {
        rc = s->port.dma_read(s->port.opaque, addr, buf, len);
    }
    if (rc != 0) {
        ixg_trace(s, write ? IXG_TRACE_DMA_WRITE_FAULT
                           : IXG_TRACE_DMA_READ_FAULT, addr, len);
        return -1;
    }
    return 0;
}

int ixg_dma_read_port(IxgDev *s, uint64_t addr, void *buf, uint32_t len)
{
    return dma_xfer(s, addr, buf, len, false);
}

int ixg_dma_write_port(IxgDev *s, uint64_t addr, const void *buf,
                       uint32_t len)
{
    return dma_xfer(s, addr, (void *)buf, len, true);
}

/* ------------------------------------------------------------------ */
/* Creation, reset, derived state                                      */

void ixg_derive(IxgDev *s)
{
    nic_timers_rebuild(&s->tix, s->timer, IXG_TMR_COUNT);
    nic_pcie_prepare(&s->cfg.bus, &s->pcie);
    s->wire_byte_ps = nic_eth_byte_ps(
        (ixg_reg(s, IXG_LINKS) & IXG_LINKS_SPEED_10G) ? 10000u : 1000u);
    ixg_rss_prepare(s);
    ixg_intr_route(s);
    ixg_rx_derive(s);
    s->tx_parsed = 0;   /* parsed again from the ring */
}

void ixg_device_reset(IxgDev *s, bool power_on)
{
    uint64_t link_t = s->timer[IXG_TMR_LINK];

    ixg_trace(s, IXG_TRACE_RESET, power_on, 0);
    for (uint32_t i = 0; i < IXG_TMR_COUNT; i++) {
        s->timer[i] = NIC_NO_DEADLINE;
    }
    if (!power_on) {
        s->timer[IXG_TMR_LINK] = link_t;  /* a link coming up stays so */
    }
    nic_timers_rebuild(&s->tix, s->timer, IXG_TMR_COUNT);
    ixg_regs_reset(s, power_on);
    ixg_reg_set(s, IXG_AUTOC, chip_autoc(s));
    ixg_reg_set(s, IXG_STATUS,
                (s->cfg.lan_id << IXG_STATUS_LAN_ID_SHIFT) | IXG_STATUS_GIO);
    s->ioaddr = 0;
    if (power_on) {
        ixg_eeprom_init(s);
        memset(s->analog, 0, sizeof(s->analog));
        memset(&s->totals, 0, sizeof(s->totals));
        memset(s->qtot, 0, sizeof(s->qtot));
        memset(s->vec_msgs, 0, sizeof(s->vec_msgs));
        memset(s->prc, 0, sizeof(s->prc));
        memset(s->ptc, 0, sizeof(s->ptc));
        memset(&s->link, 0, sizeof(s->link));
        s->cable = (uint32_t)s->cfg.link_up;
        ixg_link_power_on(s);
    } else {
        ixg_link_update(s);
    }
    ixg_eeprom_load_mac(s);
    ixg_stats_reset(s);   /* the counters read 0; the totals run on */
    ixg_intr_reset(s, power_on);
    ixg_rx_reset(s);
    ixg_tx_reset(s);
    ixg_derive(s);
    ixg_update_irq(s);
}

IxgDev *ixg_new(const IxgConfig *cfg, const IxgPort *port)
{
    IxgDev *s;

    if (!cfg || !nic_port_valid(port) || !ixg_config_valid(cfg)) {
        return NULL;
    }
    s = calloc(1, sizeof(*s));
    if (!s) {
        return NULL;
    }
    s->port = *port;
    s->cfg = *cfg;
    s->announced_deadline = IXG_NO_DEADLINE;
    s->now_ns = port_now(s);
    ixg_device_reset(s, true);
    ixg_leave(s);
    return s;
}

void ixg_free(IxgDev *dev)
{
    free(dev);
}

void ixg_reset(IxgDev *dev)
{
    if (!dev) {
        return;
    }
    enter(dev);
    ixg_device_reset(dev, true);
    ixg_leave(dev);
}

/* ------------------------------------------------------------------ */
/* Register access by BAR                                              */

/** True for a legal access of @size bytes at @offset in a BAR of
 *  @bar_size bytes: size 1, 2 or 4, naturally aligned, inside.  An
 *  illegal one is traced. */
static bool access_ok(IxgDev *s, uint32_t offset, unsigned size,
                      uint32_t bar_size)
{
    if ((size != 1 && size != 2 && size != 4) || offset >= bar_size ||
        (offset & (size - 1)) != 0) {
        ixg_trace(s, IXG_TRACE_BAD_ACCESS, offset, size);
        return false;
    }
    return true;
}

/** Byte-lane mask of an access of @size bytes. */
static uint32_t size_mask(unsigned size)
{
    return size >= 4 ? 0xFFFFFFFFu : ((1u << (8 * size)) - 1u);
}

/** Registers whose writes act per 1-bit (clear/set causes or masks): a
 *  sub-word write merges with 0, leaving the other bytes alone. */
static bool write_one_acts(uint32_t off)
{
    return off == IXG_EICR || off == IXG_EICS || off == IXG_EIMS ||
           off == IXG_EIMC;
}

static uint32_t mmio_read_core(IxgDev *s, uint32_t offset, unsigned size)
{
    uint32_t shift;

    if (size == 4 && (offset & 3u) == 0 && offset < IXG_MMIO_SIZE) {
        return ixg_reg_read(s, offset, true);
    }
    if (!access_ok(s, offset, size, IXG_MMIO_SIZE)) {
        return 0;
    }
    shift = 8u * (offset & 3u);
    return (ixg_reg_read(s, offset & ~3u, true) >> shift) & size_mask(size);
}

static void mmio_write_core(IxgDev *s, uint32_t offset, uint32_t value,
                            unsigned size)
{
    uint32_t off = offset & ~3u, shift, mask, cur;

    if (!access_ok(s, offset, size, IXG_MMIO_SIZE)) {
        return;
    }
    if (size == 4) {
        ixg_reg_write(s, off, value);
        return;
    }
    shift = 8u * (offset & 3u);
    mask = size_mask(size) << shift;
    cur = write_one_acts(off) ? 0 : ixg_reg_read(s, off, false);
    ixg_reg_write(s, off, (cur & ~mask) | ((value << shift) & mask));
}

uint32_t ixg_mmio_read(IxgDev *dev, uint32_t offset, unsigned size)
{
    uint32_t v;

    if (!dev) {
        return 0;
    }
    enter(dev);
    v = mmio_read_core(dev, offset, size);
    ixg_leave(dev);
    return v;
}

void ixg_mmio_write(IxgDev *dev, uint32_t offset, uint32_t value,
                    unsigned size)
{
    if (!dev) {
        return;
    }
    enter(dev);
    mmio_write_core(dev, offset, value, size);
    ixg_leave(dev);
}

/** IOADDR's writable bits: the 128 KB register window (datasheet
 *  4.4.2). */
#define IXG_IOADDR_MASK 0x0001FFFCu

uint32_t ixg_io_read(IxgDev *dev, uint32_t offset, unsigned size)
{
    uint32_t v = 0;

    if (!dev || !access_ok(dev, offset, size, IXG_IO_SIZE)) {
        return 0;
    }
    enter(dev);
    if (offset < 4) {
        v = (dev->ioaddr >> (8u * offset)) & size_mask(size);
    } else if (offset < 8) {
        v = mmio_read_core(dev, dev->ioaddr + (offset - 4), size);
    }
    ixg_leave(dev);
    return v;
}

void ixg_io_write(IxgDev *dev, uint32_t offset, uint32_t value,
                  unsigned size)
{
    if (!dev || !access_ok(dev, offset, size, IXG_IO_SIZE)) {
        return;
    }
    enter(dev);
    if (offset < 4) {
        uint32_t shift = 8u * offset, mask = size_mask(size) << shift;
        dev->ioaddr = ((dev->ioaddr & ~mask) | ((value << shift) & mask)) &
                      IXG_IOADDR_MASK;
    } else if (offset < 8) {
        mmio_write_core(dev, dev->ioaddr + (offset - 4), value, size);
    }
    ixg_leave(dev);
}

uint32_t ixg_msix_read(IxgDev *dev, uint32_t offset, unsigned size)
{
    uint32_t v;

    if (!dev || !access_ok(dev, offset, size, IXG_MSIX_BAR_SIZE)) {
        return 0;
    }
    enter(dev);
    v = (ixg_msix_table_read(dev, offset & ~3u) >> (8u * (offset & 3u))) &
        size_mask(size);
    ixg_leave(dev);
    return v;
}

void ixg_msix_write(IxgDev *dev, uint32_t offset, uint32_t value,
                    unsigned size)
{
    uint32_t off = offset & ~3u, shift, mask, cur;

    if (!dev || !access_ok(dev, offset, size, IXG_MSIX_BAR_SIZE)) {
        return;
    }
    enter(dev);
    shift = 8u * (offset & 3u);
    mask = size_mask(size) << shift;
    cur = ixg_msix_table_read(dev, off);
    ixg_msix_table_write(dev, off, (cur & ~mask) | ((value << shift) & mask));
    ixg_leave(dev);
}

void ixg_set_irq_mode(IxgDev *dev, IxgIrqMode mode, int func_masked)
{
    if (!dev || (unsigned)mode > IXG_IRQ_MSIX) {
        return;
    }
    enter(dev);
    ixg_intr_set_mode(dev, (uint32_t)mode, func_masked != 0);
    ixg_leave(dev);
}

IxgIrqMode ixg_irq_mode(const IxgDev *dev)
{
    return dev ? (IxgIrqMode)dev->irq_mode : IXG_IRQ_INTX;
}

uint32_t ixg_peek_reg(const IxgDev *dev, uint32_t offset)
{
    if (!dev || offset >= IXG_MMIO_SIZE) {
        return 0;
    }
    /* ixg_reg_read without side effects does not modify the device */
    return ixg_reg_read((IxgDev *)dev, offset & ~3u, false);
}

/* ------------------------------------------------------------------ */
/* Frames, link, accessors                                             */

/* ixg_receive_known's "nothing known" */
static const NicRxKnown rx_nothing_known = { UINT32_MAX, NULL, NULL };

IxgRxResult ixg_receive_known(IxgDev *dev, const uint8_t *frame,
                              uint32_t len, const NicRxKnown *known)
{
    IxgRxResult r;

    if (!dev) {
        return IXG_RX_DISABLED;
    }
    if (!frame && len) {
        return IXG_RX_BAD_SIZE;
    }
    enter(dev);
    r = ixg_rx_frame(dev, frame, len, known ? known : &rx_nothing_known);
    ixg_leave(dev);
    return r;
}

IxgRxResult ixg_receive(IxgDev *dev, const uint8_t *frame, uint32_t len)
{
    return ixg_receive_known(dev, frame, len, &rx_nothing_known);
}

void ixg_set_link(IxgDev *dev, int up)
{
    if (!dev) {
        return;
    }
    enter(dev);
    ixg_link_set_cable(dev, up != 0);
    ixg_leave(dev);
}

int ixg_irq_level(const IxgDev *dev)
{
    return dev && dev->irq_mode == IXG_IRQ_INTX ? (int)dev->irq_level : 0;
}

const IxgConfig *ixg_config(const IxgDev *dev)
{
    return dev ? &dev->cfg : NULL;
}

void ixg_totals(const IxgDev *dev, IxgTotals *out)
{
    if (dev && out) {
        *out = dev->totals;
    }
}

int ixg_queue_totals(const IxgDev *dev, uint32_t q, IxgQueueTotals *out)
{
    if (!dev || !out || q >= IXG_NUM_RX_QUEUES) {
        return -1;
    }
    *out = dev->qtot[q];
    return 0;
}

uint64_t ixg_vector_messages(const IxgDev *dev, uint32_t v)
{
    return dev && v < IXG_MSIX_VECTORS ? dev->vec_msgs[v] : 0;
}

uint32_t ixg_rss_classify(const IxgDev *dev, const uint8_t *frame,
                          uint32_t len, uint32_t *hash, uint32_t *type)
{
    uint32_t h = 0, t = 0, q = 0, l3 = 14;

    if (dev && frame && len >= 14u) {
        uint32_t vet = ixg_reg(dev, IXG_VLNCTRL) & IXG_VLNCTRL_VET;
        if (len >= 18u && ((uint32_t)frame[12] << 8 | frame[13]) == vet) {
            l3 = 18;
        }
        q = ixg_rss_queue(dev, frame, len, l3, &h, &t);
    }
    if (hash) {
        *hash = h;
    }
    if (type) {
        *type = t;
    }
    return q;
}
