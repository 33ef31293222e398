/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Save and restore of a device model instance (docs/model.md
 * "Save/restore").
 *
 * The state is a plain struct whose saved part starts at
 * offsetof(E1kDev, cfg) and holds no pointers (the port before it is
 * host-specific and never saved).  A blob is a 16-byte header (magic,
 * version, payload size, payload hash; 32-bit host byte order) followed
 * by a byte copy of that part.  A restore checks the header, then lets
 * each part of the model validate its own fields, so a corrupted or
 * hostile blob can never steer an index or a timer out of range.
 */
#include <string.h>

#include "e1000_core.h"

#define E1K_SAVE_MAGIC   0x534B3145u /* "E1KS" */
/** Blob layout version.  2: the receive packet buffer holds each frame's
 *  FCS after its bytes (e1000_rxbuf.c), so a version-1 blob's buffer
 *  would be misread and is refused.  3: the transmit state keeps the
 *  current descriptor's decoded length and EOP (E1kTxState.desc_len,
 *  desc_eop).  4: a received frame's zero tail is not kept in the
 *  packet buffer (E1kRxFrameMeta.zeros, 16-bit data_off, the charge
 *  taken from wire_len).  5: the link partner in the configuration
 *  (partner_modes, partner_autoneg), the PHY's resolved link (settled,
 *  res_mode, res_flags), the PHY loop's frame (E1kTxState.loop*) and its
 *  timer E1K_TMR_LOOP. */
#define E1K_SAVE_VERSION 5u
#define E1K_SAVE_HDR     16u
/** Furthest in the future a restored timer may lie beyond the blob's
 *  now_ns (ns): the longest legitimate delay is 65535 x 1.024 us (67 ms)
 *  or the autonegotiation time; 10 s leaves ample room for queued bus
 *  work while catching garbage. */
#define E1K_SAVE_TIMER_HORIZON_NS 10000000000ull

/** Most bus transactions booked ahead of the clock at once: a receive
 *  step (descriptor fetch, buffer write, write-back) and one transmit
 *  step (e1000_rx.c, e1000_tx.c). */
#define E1K_SAVE_BUS_BOOKED 4u
/** Longest DMA transaction (bytes): a transmit buffer (16-bit length). */
#define E1K_SAVE_BUS_MAX_XFER 65536u

/* Every bus e1k_bus_valid accepts books less than the horizon, so the
 * bus check of state_validate never refuses a state e1k_new could reach:
 * the slowest bus (E1K_BUS_MIN_KHZ, 4 bytes wide, most overhead). */
_Static_assert((uint64_t)E1K_SAVE_BUS_BOOKED *
                   (E1K_BUS_MAX_OVERHEAD_CLOCKS +
                    E1K_SAVE_BUS_MAX_XFER / 4u) *
                   (1000000ull / E1K_BUS_MIN_KHZ) <
               E1K_SAVE_TIMER_HORIZON_NS,
               "bus bounds and the restore horizon disagree");

#define E1K_SAVE_OFF offsetof(E1kDev, cfg)
#define E1K_SAVE_PAYLOAD (sizeof(E1kDev) - E1K_SAVE_OFF)

/**
 * Integrity hash of a blob payload: FNV-1a style over 64-bit little-endian
 * words (then the tail bytes), folded to 32 bits.  Each step
 * h = (h ^ w) * P with P odd is a bijection of h, so any change confined
 * to one word (in particular any single corrupted byte) always changes the
 * result.  Not cryptographic: it catches corruption, not forgery.
 */
static uint32_t blob_hash(const uint8_t *p, size_t len)
{
    const uint64_t prime = 0x100000001B3ull;
    uint64_t h = 0xCBF29CE484222325ull;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * prime;
    }
    for (; i < len; i++) {
        h = (h ^ p[i]) * prime;
    }
    return (uint32_t)(h ^ (h >> 32));
}

static void put32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}

static uint32_t get32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

size_t e1k_save_size(const E1kDev *dev)
{
    (void)dev;
    return E1K_SAVE_HDR + E1K_SAVE_PAYLOAD;
}

size_t e1k_save(const E1kDev *dev, uint8_t *buf, size_t len)
{
    const uint8_t *payload;
    if (!dev || !buf || len < e1k_save_size(dev)) {
        return 0;
    }
    payload = (const uint8_t *)dev + E1K_SAVE_OFF;
    put32(buf, E1K_SAVE_MAGIC);
    put32(buf + 4, E1K_SAVE_VERSION);
    put32(buf + 8, (uint32_t)E1K_SAVE_PAYLOAD);
    put32(buf + 12, blob_hash(payload, E1K_SAVE_PAYLOAD));
    memcpy(buf + E1K_SAVE_HDR, payload, E1K_SAVE_PAYLOAD);
    return e1k_save_size(dev);
}

/** True if @when lies more than @horizon ns after @now (no overflow). */
static bool beyond(uint64_t when, uint64_t now, uint64_t horizon)
{
    return when > now && when - now > horizon;
}

/** Check every field of a restored state that could steer the model out
 *  of range: configuration, timers and bus booking here, the rest in the
 *  part that owns it.  0 ok, -1 bad. */
static int state_validate(const E1kDev *t)
{
    if (!e1k_config_valid(&t->cfg)) {
        return -1;
    }
    for (unsigned i = 0; i < E1K_TMR_COUNT; i++) {
        if (t->timer[i] != E1K_NO_DEADLINE &&
            beyond(t->timer[i], t->now_ns,
                   E1K_SAVE_TIMER_HORIZON_NS + t->cfg.autoneg_ns)) {
            return -1;
        }
    }
    /* the bus is not booked further ahead than any timer could be */
    if (beyond(t->bus_free_ns, t->now_ns, E1K_SAVE_TIMER_HORIZON_NS)) {
        return -1;
    }
    if (e1k_intr_validate(t) != 0 || e1k_regs_validate(t) != 0 ||
        e1k_eeprom_validate(t) != 0 || e1k_phy_validate(t) != 0 ||
        e1k_rx_validate(t) != 0 || e1k_tx_validate(t) != 0) {
        return -1;
    }
    return 0;
}

/** True if @buf holds a blob with this model's header and an intact
 *  payload of the right size. */
static bool blob_ok(const E1kDev *dev, const uint8_t *buf, size_t len)
{
    return buf && len == e1k_save_size(dev) &&
           get32(buf) == E1K_SAVE_MAGIC &&
           get32(buf + 4) == E1K_SAVE_VERSION &&
           get32(buf + 8) == (uint32_t)E1K_SAVE_PAYLOAD &&
           get32(buf + 12) == blob_hash(buf + E1K_SAVE_HDR,
                                        E1K_SAVE_PAYLOAD);
}

/** Move the model clock of the state about to be replaced up to the port
 *  clock without firing anything (a failed restore resets at that time). */
static void clock_forward(E1kDev *dev)
{
    uint64_t now = e1k_port_now(dev);
    if (now > dev->now_ns) {
        dev->now_ns = now;
    }
}

/** What a failed restore must give back before the power-on reset that
 *  follows it: the fields dev_reset() takes over rather than rebuilds. */
typedef struct {
    E1kConfig cfg;
    uint64_t now_ns, announced_deadline;
    uint32_t irq_level;
    E1kPhy phy;
} RestoreKeep;

/** Copy the payload of @buf into @dev and validate it there (no scratch
 *  instance: the state is ~330 KB).  0 on success; -1 with the fields of
 *  RestoreKeep put back, the rest left for the caller's power-on reset,
 *  which rebuilds every other saved field. */
static int restore_payload(E1kDev *dev, const uint8_t *buf, size_t len)
{
    RestoreKeep keep;
    if (!blob_ok(dev, buf, len)) {
        return -1;
    }
    keep.cfg = dev->cfg;
    keep.now_ns = dev->now_ns;
    keep.announced_deadline = dev->announced_deadline;
    keep.irq_level = dev->irq_level;
    keep.phy = dev->phy;
    memcpy((uint8_t *)dev + E1K_SAVE_OFF, buf + E1K_SAVE_HDR,
           E1K_SAVE_PAYLOAD);
    if (state_validate(dev) == 0) {
        return 0;
    }
    dev->cfg = keep.cfg;
    dev->now_ns = keep.now_ns;
    dev->announced_deadline = keep.announced_deadline;
    dev->irq_level = keep.irq_level;
    dev->phy = keep.phy;
    return -1;
}

int e1k_restore(E1kDev *dev, const uint8_t *buf, size_t len)
{
    uint32_t host_level;
    int ok;

    if (!dev) {
        return -1;
    }
    /* No catch-up: whatever the current state still had due is replaced,
     * so it must not produce callbacks first.  The clock only moves on. */
    clock_forward(dev);
    host_level = dev->irq_level;
    ok = restore_payload(dev, buf, len);
    if (ok == 0) {
        e1k_bus_prepare(dev);   /* the blob's cfg.bus, before any callback */
        e1k_loop_update(dev);
        /* The clock stays at the saved now_ns even when the host clock
         * is already past a due deadline: the next e1k_run_until() or
         * entry point fires what is due at its own instant, exactly as
         * the saved instance would have (moving the clock up here would
         * stamp that work, and the ITR window it opens, late). */
        /* Re-announce the line to the host only if it differs from the
         * level the host saw from this instance (set_irq reports changes
         * only), and always re-announce the deadline. */
        if (dev->irq_level != host_level) {
            dev->port.set_irq(dev->port.opaque, (int)dev->irq_level);
        }
        e1k_timers_changed(dev);
        e1k_announce_deadline(dev, dev->next_deadline);
    } else {
        e1k_power_on_reset(dev);
    }
    e1k_leave(dev);
    return ok;
}
