/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the e1klab QEMU devices share (e1klab_pci.c: the e1000 parts,
 * e1klab_82598.c: the 82598EB): the model's port on QEMU (DMA, INTx, the
 * virtual clock, the deadline timer, transmitted frames, trace events),
 * the replay source and its timer (replay-* properties, e1klab_replay.h),
 * the capture and stats files, the netdev and the model state in the VM
 * state.  A device embeds one E1klabGlue, fills its model's operations
 * (E1klabModelOps) and calls the functions below from its realize, exit
 * and VM state hooks; only BARs, configuration space and the model's own
 * configuration stay in the device's file.
 *
 * Port contract (hw/net/common/nic_port.h): the port callbacks never call
 * back into the model; deadline_changed only re-arms one QEMUTimer on
 * QEMU_CLOCK_VIRTUAL, whose callback calls the model's run_until.
 */
#ifndef E1KLAB_GLUE_H
#define E1KLAB_GLUE_H

#include "qemu/osdep.h"
#include "qemu/notify.h"
#include "qemu/timer.h"
#include "hw/pci/pci.h"
#include "net/net.h"

#include <pcap/pcap.h>

#include "nic_port.h"
#include "e1klab_replay.h"

typedef struct E1klabGlue E1klabGlue;

/**
 * The model behind a device, as the glue uses it; @dev is the model
 * instance (E1kDev, IxgDev).  Every operation is mandatory.
 */
typedef struct E1klabModelOps {
    /** Run the model's events due at or before @now_ns (virtual ns). */
    void (*run_until)(void *dev, uint64_t now_ns);
    /** The model's earliest deadline (ns), UINT64_MAX if none. */
    uint64_t (*next_deadline)(const void *dev);
    /** A frame of @len bytes (no FCS) arrives now. */
    void (*receive)(void *dev, const uint8_t *frame, uint32_t len);
    /** The cable: @up 1 plugged, 0 pulled (the netdev's link state). */
    void (*set_link)(void *dev, int up);
    /** True once the guest has enabled the receiver (RCTL.EN,
     *  RXCTRL.RXEN): a replay with replay-after-rx-enable starts then. */
    bool (*rx_enabled)(const void *dev);
    /** The device's lines of the stats file ("model.NAME=N\n"). */
    void (*write_totals)(E1klabGlue *g, FILE *f);
    /** Save size, save into @buf (bytes written, 0 on error), restore
     *  (0 or -1): the model's own state blob. */
    size_t (*save_size)(const void *dev);
    size_t (*save)(const void *dev, uint8_t *buf, size_t len);
    int (*restore)(void *dev, const uint8_t *buf, size_t len);
    /** Trace event @ev: 1 if it is a guest programming error; its text. */
    int (*trace_is_error)(unsigned ev);
    int (*trace_format)(unsigned ev, uint64_t a, uint64_t b, char *buf,
                        size_t len);
    /** Optional: the replay has handed its last frame to the model (the
     *  device may record the state it reports in the stats file then,
     *  before the guest's shutdown resets the device).  @g: the glue. */
    void (*replay_done)(E1klabGlue *g);
} E1klabModelOps;

/** The shared part of an e1klab device's state (embedded, see above). */
struct E1klabGlue {
    PCIDevice *pd;
    const E1klabModelOps *ops;
    void *dev;               /* the model instance */
    uint64_t bar0_size;      /* DMA into [BAR0, BAR0 + size) is refused */
    NICState *nic;
    NICConf conf;
    QEMUTimer *model_timer;  /* fires at the model's next deadline */
    QEMUTimer *replay_timer; /* fires at the next replay arrival */
    Notifier exit_notifier;

    /* properties (E1KLAB_GLUE_PROPERTIES) */
    uint32_t link_mbps;      /* wire speed of replayed frames, Mb/s */
    char *replay;            /* capture path or "gen" */
    char *replay_pace;       /* captured|pps|mbps|topspeed (default: auto) */
    uint32_t replay_pps;
    uint32_t replay_mbps;
    char *replay_multiplier; /* decimal, default "1" */
    uint32_t replay_loop;
    uint64_t replay_count;
    uint32_t replay_size;
    uint32_t replay_flows;
    char *replay_src_ip, *replay_dst_ip;
    char *replay_src_mac, *replay_dst_mac;
    uint32_t replay_sport, replay_dport;
    bool replay_rewrite_dst_mac;
    uint64_t replay_start_ns;   /* delay before the first frame */
    bool replay_after_rx_enable;/* count the delay from RX enable */
    bool replay_to_netdev;   /* send replay frames out to the netdev */
    char *capture;           /* pcap of transmitted frames */
    char *stats_path;        /* key=value totals written at exit */
    bool restore_model;      /* incoming migration: load the model state */

    E1kReplay *rp;
    uint32_t replay_armed;   /* 1: start time fixed (cursor.started) */
    pcap_t *cap_pc;
    pcap_dumper_t *cap_dump;

    /* Host-cost counters, since this QEMU process started (not migrated):
     * expiries of the two timers, the model's with the guest's CPUs all
     * halted at that instant, and re-arms of the model timer
     * (docs/full-system.md "Device cost in QEMU"). */
    uint64_t model_fires, model_fires_halted, replay_fires, model_rearms;

    /* migration scratch */
    uint8_t *blob;
    uint32_t blob_len;
    E1krCursor rp_cursor;
};

/** The properties every e1klab device has (docs/full-system.md "The
 *  device"), for a state type @S whose E1klabGlue member is @g; link-mbps
 *  is the device's own. */
#define E1KLAB_GLUE_PROPERTIES(S, g)                                        \
    DEFINE_NIC_PROPERTIES(S, g.conf),                                       \
    DEFINE_PROP_STRING("replay", S, g.replay),                              \
    DEFINE_PROP_STRING("replay-pace", S, g.replay_pace),                    \
    DEFINE_PROP_UINT32("replay-pps", S, g.replay_pps, 0),                   \
    DEFINE_PROP_UINT32("replay-mbps", S, g.replay_mbps, 0),                 \
    DEFINE_PROP_STRING("replay-multiplier", S, g.replay_multiplier),        \
    DEFINE_PROP_UINT32("replay-loop", S, g.replay_loop, 1),                 \
    DEFINE_PROP_UINT64("replay-count", S, g.replay_count, 0),               \
    DEFINE_PROP_UINT32("replay-size", S, g.replay_size, E1KR_DEFAULT_SIZE), \
    DEFINE_PROP_UINT32("replay-flows", S, g.replay_flows, 1),               \
    DEFINE_PROP_STRING("replay-src-ip", S, g.replay_src_ip),                \
    DEFINE_PROP_STRING("replay-dst-ip", S, g.replay_dst_ip),                \
    DEFINE_PROP_STRING("replay-src-mac", S, g.replay_src_mac),              \
    DEFINE_PROP_STRING("replay-dst-mac", S, g.replay_dst_mac),              \
    DEFINE_PROP_UINT32("replay-sport", S, g.replay_sport,                   \
                       E1KR_DEFAULT_PORT),                                  \
    DEFINE_PROP_UINT32("replay-dport", S, g.replay_dport,                   \
                       E1KR_DEFAULT_PORT),                                  \
    DEFINE_PROP_BOOL("replay-rewrite-dst-mac", S, g.replay_rewrite_dst_mac, \
                     false),                                                \
    DEFINE_PROP_UINT64("replay-start-ns", S, g.replay_start_ns, 1000000000),\
    DEFINE_PROP_BOOL("replay-after-rx-enable", S, g.replay_after_rx_enable, \
                     true),                                                 \
    DEFINE_PROP_BOOL("replay-to-netdev", S, g.replay_to_netdev, false),     \
    DEFINE_PROP_STRING("capture", S, g.capture),                            \
    DEFINE_PROP_STRING("stats", S, g.stats_path),                           \
    DEFINE_PROP_BOOL("restore-model", S, g.restore_model, true)

/** The glue's VM state fields (after the device's own): the model blob
 *  and the replay cursor (raw struct, same host build only). */
#define E1KLAB_GLUE_VMSTATE_FIELDS(S, g)                                    \
    VMSTATE_UINT32(g.blob_len, S),                                          \
    VMSTATE_VBUFFER_ALLOC_UINT32(g.blob, S, 0, NULL, g.blob_len),           \
    VMSTATE_BUFFER_UNSAFE(g.rp_cursor, S, 0, sizeof(E1krCursor))

/*
 * The callbacks of one BAR of a device state type @S (members dev, the
 * model, and g, its glue): @P_read/@P_write and the MemoryRegionOps @P_ops.
 * Reads and writes go to the model's accessors @rd / @wr (which take
 * sub-word accesses); a write may be the guest enabling its receiver,
 * which starts a replay waiting for it.  @valid_max: the widest access the
 * guest may make (wider ones are split by QEMU into 4-byte accesses).
 */
#define E1KLAB_GLUE_BAR(P, S, rd, wr, valid_max)                            \
static uint64_t P##_read(void *opaque, hwaddr addr, unsigned size)          \
{                                                                           \
    return rd(((S *)opaque)->dev, (uint32_t)addr, size);                    \
}                                                                           \
static void P##_write(void *opaque, hwaddr addr, uint64_t val,              \
                      unsigned size)                                        \
{                                                                           \
    S *s_ = opaque;                                                         \
    wr(s_->dev, (uint32_t)addr, (uint32_t)val, size);                       \
    e1klab_glue_check_rxen(&s_->g);                                         \
}                                                                           \
static const MemoryRegionOps P##_ops = {                                    \
    .read = P##_read,                                                       \
    .write = P##_write,                                                     \
    .endianness = DEVICE_LITTLE_ENDIAN,                                     \
    .valid = { .min_access_size = 1, .max_access_size = (valid_max) },      \
    .impl = { .min_access_size = 1, .max_access_size = 4 },                 \
};

/** Fill @port's callbacks (opaque = @g): DMA through pci_dma_read/write,
 *  refused when the range wraps or overlaps BAR0; INTx through
 *  pci_set_irq; QEMU_CLOCK_VIRTUAL; the deadline timer; tx_frame to the
 *  capture and the netdev; trace to QEMU's trace events.  msi is left to
 *  the device. */
void e1klab_glue_port(E1klabGlue *g, NicPort *port);

/** Before the model exists: the replay (replay-* for a NIC whose station
 *  address is @mac, at g->link_mbps) and the capture file.  false with
 *  *errp set (nothing left open). */
bool e1klab_glue_prepare(E1klabGlue *g, PCIDevice *pd,
                         const E1klabModelOps *ops, const uint8_t mac[6],
                         Error **errp);

/** After the model @dev exists (BAR0 of @bar0_size bytes): the timers,
 *  the NIC on the netdev, the replay's absolute start, the exit hook
 *  that writes the stats file. */
void e1klab_glue_start(E1klabGlue *g, void *dev, uint64_t bar0_size);

/** Undo prepare/start (the stats file is written first); the device frees
 *  its model afterwards. */
void e1klab_glue_exit(E1klabGlue *g);

/** Undo prepare alone (realize failed before start). */
void e1klab_glue_abandon(E1klabGlue *g);

/** After a guest register write: start a replay waiting for RX enable. */
void e1klab_glue_check_rxen(E1klabGlue *g);

/** The PCI power management capability at @offset with capabilities
 *  word @pmc (PCI Power Management 1.1): PMCSR's power state, PME_En and
 *  data select writable, PME_Status write-1-to-clear.  false with *errp. */
bool e1klab_glue_add_pm(PCIDevice *pd, uint8_t offset, uint16_t pmc,
                        Error **errp);

/** VM state hooks (call from the device's own). */
int e1klab_glue_pre_save(E1klabGlue *g);
int e1klab_glue_post_save(E1klabGlue *g);
int e1klab_glue_pre_load(E1klabGlue *g);
int e1klab_glue_post_load(E1klabGlue *g);

#endif /* E1KLAB_GLUE_H */
