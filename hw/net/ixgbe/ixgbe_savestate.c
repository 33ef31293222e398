/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Save and restore of the 82598 model: the family's blob (common/
 * nic_blob.h: magic "IXGS", version, payload size, hash) whose payload
 * is a byte copy of IxgDev from `cfg` to the end: configuration,
 * registers, timers, clock, PCIe link, interrupt state, built-in MSI-X
 * table, EEPROM, analog registers, both packet buffers, the queues and
 * frames in flight, totals.  Restore copies the payload into the live
 * device, validates it there (each part its own fields) and rebuilds
 * the derived state; a blob that fails any check leaves the device in
 * its power-on state.  Pending timers keep their instants: the next
 * call fires what is due when it was due, as the saved instance would.
 */
#include "ixgbe_core.h"
#include "nic_blob.h"

#define IXG_SAVE_MAGIC 0x53475849u   /* "IXGS" as little-endian bytes */
/** Blob layout version (1: this model's first layout; 2: a frame in
 *  flight carries its context, IxgTxFlight.cx). */
#define IXG_SAVE_VERSION 2u
#define IXG_SAVE_OFF offsetof(IxgDev, cfg)
#define IXG_SAVE_PAYLOAD (sizeof(IxgDev) - IXG_SAVE_OFF)
/** Furthest a restored timer or link booking may lie beyond the blob's
 *  clock: the longest legitimate delay is the link time (at most 1 s)
 *  or an EITR interval (16.8 ms); 10 s catches garbage. */
#define IXG_SAVE_HORIZON_NS 10000000000ull

size_t ixg_save_size(const IxgDev *dev)
{
    (void)dev;
    return NIC_BLOB_HDR + IXG_SAVE_PAYLOAD;
}

size_t ixg_save(const IxgDev *dev, uint8_t *buf, size_t len)
{
    if (!dev || !buf || len < ixg_save_size(dev)) {
        return 0;
    }
    nic_blob_write(buf, IXG_SAVE_MAGIC, IXG_SAVE_VERSION,
                   (const uint8_t *)dev + IXG_SAVE_OFF, IXG_SAVE_PAYLOAD);
    return ixg_save_size(dev);
}

/** True if @when lies more than the horizon after @now. */
static bool beyond(uint64_t when, uint64_t now)
{
    return when != NIC_NO_DEADLINE && when > now &&
           when - now > IXG_SAVE_HORIZON_NS;
}

/** Every field of a restored state that could steer the model out of
 *  range: configuration, timers, link and clock here, the rest in the
 *  parts that own it.  0 ok, -1 bad. */
static int state_validate(const IxgDev *t)
{
    if (!ixg_config_valid(&t->cfg) || t->ioaddr & ~0x1FFFCu ||
        t->cable > 1u || t->link_ok > 1u ||
        beyond(t->link.up_free_ns, t->now_ns) ||
        beyond(t->link.down_free_ns, t->now_ns)) {
        return -1;
    }
    for (uint32_t i = 0; i < IXG_TMR_COUNT; i++) {
        if (beyond(t->timer[i], t->now_ns)) {
            return -1;
        }
    }
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        if (beyond(t->vec[v].gate_ns, t->now_ns)) {
            return -1;
        }
    }
    if (ixg_regs_validate(t) != 0 || ixg_intr_validate(t) != 0 ||
        ixg_eeprom_validate(t) != 0 || ixg_rx_validate(t) != 0 ||
        ixg_stats_validate(t) != 0 ||
        ixg_tx_validate(t) != 0) {
        return -1;
    }
    return 0;
}

int ixg_restore(IxgDev *dev, const uint8_t *buf, size_t len)
{
    const uint8_t *payload;
    IxgConfig cfg;
    uint32_t host_mode, host_level;
    uint64_t now, old_now;

    if (!dev) {
        return -1;
    }
    now = dev->port.now_var ? *dev->port.now_var
                            : dev->port.now_ns(dev->port.opaque);
    cfg = dev->cfg;
    old_now = dev->now_ns;
    host_mode = dev->irq_mode;
    host_level = dev->irq_level;
    payload = nic_blob_check(buf, len, IXG_SAVE_MAGIC, IXG_SAVE_VERSION,
                             IXG_SAVE_PAYLOAD);
    if (payload) {
        memcpy((uint8_t *)dev + IXG_SAVE_OFF, payload, IXG_SAVE_PAYLOAD);
        if (state_validate(dev) == 0) {
            ixg_derive(dev);
            /* the INTx line as the host last saw it, and as restored */
            host_level = host_mode == IXG_IRQ_INTX ? host_level : 0u;
            if ((dev->irq_mode == IXG_IRQ_INTX ? dev->irq_level : 0u) !=
                host_level) {
                dev->port.set_irq(dev->port.opaque, (int)!host_level);
            }
            dev->announced_deadline = dev->tix.next_deadline;
            if (dev->port.deadline_changed) {
                dev->port.deadline_changed(dev->port.opaque,
                                           dev->announced_deadline);
            }
            return 0;
        }
    }
    /* a bad blob: the device as it was created, at the port's time */
    dev->cfg = cfg;
    dev->irq_mode = host_mode;
    dev->irq_level = host_level;
    dev->now_ns = now > old_now ? now : old_now;
    ixg_device_reset(dev, true);
    dev->announced_deadline = dev->tix.next_deadline;
    if (dev->port.deadline_changed) {
        dev->port.deadline_changed(dev->port.opaque,
                                   dev->announced_deadline);
    }
    return -1;
}
