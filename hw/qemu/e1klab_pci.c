/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab-82540em / e1klab-82545em: a QEMU PCI device embedding the e1klab
 * device model (hw/net/e1000.h).  This file only connects the model's
 * E1kPort to QEMU: BARs, DMA, INTx, the virtual clock, the netdev, the
 * replay source (e1klab_replay.h), the capture file and the VM state.
 * No register or timing logic lives here.
 *
 * Port contract (hw/net/e1000.h): the callbacks below never call back into
 * the model; deadline_changed only re-arms one QEMUTimer on
 * QEMU_CLOCK_VIRTUAL, whose callback calls e1k_run_until().
 */
#include "qemu/osdep.h"
#include "qemu/timer.h"
#include "qemu/error-report.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/notify.h"
#include "qapi/error.h"
#include "hw/core/cpu.h"
#include "hw/pci/pci.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "net/net.h"
#include "sysemu/sysemu.h"
#include "qom/object.h"

#include <pcap/pcap.h>

#include "e1000.h"
#include "e1000_regs.h"
#include "e1klab_replay.h"
#include "trace.h"

#define TYPE_E1KLAB_BASE "e1klab-base"
OBJECT_DECLARE_SIMPLE_TYPE(E1klabState, E1KLAB_BASE)

/** Per-type data: chip, PCI IDs (Linux e1000_hw.h), the bus-timing used
 *  when the property is not given: the chip's own bus (SDM: the
 *  82540EM is a 32-bit PCI part, the 82545EM a 64-bit PCI/PCI-X one). */
typedef struct E1klabInfo {
    const char *name;
    E1kChip chip;
    uint16_t device_id;
    uint16_t subsys_vendor;
    uint16_t subsys_id;
    const char *default_bus;
} E1klabInfo;

struct E1klabState {
    PCIDevice parent_obj;

    MemoryRegion mmio;       /* BAR0, E1K_MMIO_SIZE bytes */
    MemoryRegion io;         /* BAR1, E1K_IO_SIZE bytes: IOADDR/IODATA */
    NICState *nic;
    NICConf conf;
    E1kDev *dev;
    QEMUTimer *model_timer;  /* fires at e1k_next_deadline() */
    QEMUTimer *replay_timer; /* fires at the next replay arrival */
    Notifier exit_notifier;

    /* properties */
    char *bus_timing;        /* "pci32-33" | "pci64-66" | "pcix133" */
    uint32_t link_mbps;      /* the partner's top speed; 0: from link-partner */
    char *link_partner;      /* e1k_partner_parse syntax (default "auto") */
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
    bool replay_after_rx_enable;/* count the delay from RCTL.EN's first 1 */
    bool replay_to_netdev;   /* send replay frames out to the netdev
                                (traffic generator for another NIC) */
    char *capture;           /* pcap of transmitted frames */
    char *stats_path;        /* key=value totals written at exit */
    bool restore_model;      /* incoming migration: load the saved model
                                state (off: keep this instance's own) */

    E1kReplay *rp;
    uint32_t replay_armed;   /* 1: start time fixed (cursor.started) */
    pcap_t *cap_pc;
    pcap_dumper_t *cap_dump;

    /* Host-cost counters, since this QEMU process started (not migrated):
     * expiries of the two timers, the model's with the guest's CPUs all
     * halted at that instant, and re-arms of the model timer.  Written
     * to the stats file as qemu.* (docs/full-system.md "Device cost"). */
    uint64_t model_fires, model_fires_halted, replay_fires, model_rearms;

    /* migration scratch */
    uint8_t *blob;
    uint32_t blob_len;
    E1krCursor rp_cursor;
};

static const E1klabInfo *object_class_get_class_data_e1klab(PCIDevice *pd);

/* ------------------------------------------------------------ port */

static bool e1klab_dma_hits_bar(E1klabState *s, uint64_t addr, uint32_t len)
{
    pcibus_t bar = pci_get_bar_addr(&s->parent_obj, 0);

    if (bar == PCI_BAR_UNMAPPED) {
        return false;
    }
    /* [addr, addr+len) overlaps [bar, bar+E1K_MMIO_SIZE) */
    return addr < bar + E1K_MMIO_SIZE && bar < addr + (uint64_t)len;
}

static bool e1klab_dma_ok(E1klabState *s, uint64_t addr, uint32_t len)
{
    if (len == 0) {
        return true;
    }
    if (addr + (uint64_t)len < addr) {
        return false;               /* wraps the 64-bit address space */
    }
    return !e1klab_dma_hits_bar(s, addr, len);
}

static int e1klab_port_dma_read(void *opaque, uint64_t addr, void *buf,
                                uint32_t len)
{
    E1klabState *s = opaque;

    if (!e1klab_dma_ok(s, addr, len)) {
        return -1;
    }
    return pci_dma_read(&s->parent_obj, addr, buf, len) == MEMTX_OK ? 0 : -1;
}

static int e1klab_port_dma_write(void *opaque, uint64_t addr, const void *buf,
                                 uint32_t len)
{
    E1klabState *s = opaque;

    if (!e1klab_dma_ok(s, addr, len)) {
        return -1;
    }
    return pci_dma_write(&s->parent_obj, addr, buf, len) == MEMTX_OK
           ? 0 : -1;
}

static void e1klab_port_set_irq(void *opaque, int level)
{
    E1klabState *s = opaque;

    pci_set_irq(&s->parent_obj, level != 0);
}

static uint64_t e1klab_port_now_ns(void *opaque)
{
    return (uint64_t)qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* Arm @t at absolute virtual time @when_ns (ns), clamped to the timer's
 * signed range (the model and the replay use uint64_t deadlines). */
static void e1klab_timer_mod_ns(QEMUTimer *t, uint64_t when_ns)
{
    timer_mod(t, when_ns > INT64_MAX ? INT64_MAX : (int64_t)when_ns);
}

static void e1klab_port_deadline_changed(void *opaque, uint64_t deadline_ns)
{
    E1klabState *s = opaque;

    if (!s->model_timer) {
        return;                     /* during e1k_new(), before realize ends */
    }
    if (deadline_ns == E1K_NO_DEADLINE) {
        timer_del(s->model_timer);
    } else {
        s->model_rearms++;
        e1klab_timer_mod_ns(s->model_timer, deadline_ns);
    }
}

/* Append @frame to the capture file, time-stamped with the virtual clock.
 * The file is buffered by stdio: it is flushed when the VM state is saved
 * and at exit (e1klab_exit_notify), not after every frame (that was one
 * write(2) per transmitted frame). */
static void e1klab_capture_frame(E1klabState *s, const uint8_t *frame,
                                 uint32_t len)
{
    struct pcap_pkthdr h;
    uint64_t now;

    if (!s->cap_dump) {
        return;
    }
    now = (uint64_t)qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    memset(&h, 0, sizeof(h));
    h.ts.tv_sec = (time_t)(now / 1000000000u);
    h.ts.tv_usec = (suseconds_t)(now % 1000000000u); /* nanosecond file */
    h.caplen = len;
    h.len = len;
    pcap_dump((u_char *)s->cap_dump, &h, frame);
}

static void e1klab_port_tx_frame(void *opaque, const uint8_t *frame,
                                 uint32_t len)
{
    E1klabState *s = opaque;

    e1klab_capture_frame(s, frame, len);
    if (s->nic) {
        qemu_send_packet(qemu_get_queue(s->nic), frame, (int)len);
    }
}

/*
 * Model trace events (E1kPort.trace) as QEMU trace events: guest
 * programming errors as e1klab_guest_error and, as QEMU devices report
 * them, under -d guest_errors; notable events as e1klab_event.  The text
 * is only built when one of these outputs is enabled.
 */
static void e1klab_port_trace(void *opaque, E1kTraceEvent ev, uint64_t a,
                              uint64_t b)
{
    E1klabState *s = opaque;
    bool err = e1k_trace_is_error(ev);
    const char *id;
    char text[160];

    if (err ? !trace_event_get_state_backends(TRACE_E1KLAB_GUEST_ERROR) &&
              !qemu_loglevel_mask(LOG_GUEST_ERROR)
            : !trace_event_get_state_backends(TRACE_E1KLAB_EVENT)) {
        return;
    }
    id = DEVICE(s)->id ? DEVICE(s)->id : "";
    e1k_trace_format(ev, a, b, text, sizeof(text));
    if (err) {
        trace_e1klab_guest_error(id, text);
        qemu_log_mask(LOG_GUEST_ERROR, "e1klab %s: %s\n", id, text);
    } else {
        trace_e1klab_event(id, text);
    }
}

/* True if every vCPU is halted with no work pending: the guest can do
 * nothing until an interrupt wakes it. */
static bool e1klab_guest_halted(void)
{
    CPUState *cpu;

    CPU_FOREACH(cpu) {
        if (!cpu->halted || cpu_has_work(cpu)) {
            return false;
        }
    }
    return true;
}

static void e1klab_model_timer_cb(void *opaque)
{
    E1klabState *s = opaque;

    s->model_fires++;
    s->model_fires_halted += e1klab_guest_halted();
    e1k_run_until(s->dev, (uint64_t)qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
}

/* ------------------------------------------------------------ replay */

static void e1klab_replay_rearm(E1klabState *s)
{
    uint64_t t = s->rp ? e1kr_next_ns(s->rp) : E1KR_NONE;

    if (t == E1KR_NONE) {
        timer_del(s->replay_timer);
    } else {
        e1klab_timer_mod_ns(s->replay_timer, t);
    }
}

static void e1klab_replay_start(E1klabState *s, uint64_t start_ns)
{
    char err[256];

    s->replay_armed = 1;
    if (e1kr_start(s->rp, start_ns, err, sizeof(err)) < 0) {
        error_report("e1klab: replay: %s", err);
    }
    e1klab_replay_rearm(s);
}

static void e1klab_replay_timer_cb(void *opaque)
{
    E1klabState *s = opaque;
    uint64_t now = (uint64_t)qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    char err[256];

    s->replay_fires++;
    if (!s->replay_armed) {
        /* The start delay elapsed (replay-after-rx-enable=off). */
        e1klab_replay_start(s, now);
        return;
    }
    /* Deliver every frame whose arrival time has been reached. */
    while (e1kr_next_ns(s->rp) <= now) {
        uint32_t len;
        const uint8_t *f = e1kr_frame(s->rp, &len);
        if (f && s->replay_to_netdev) {
            /* Generator mode: the frame leaves through the netdev; what
             * the peer does with it (drop, queue) is the peer's business. */
            qemu_send_packet(qemu_get_queue(s->nic), f, (int)len);
        } else if (f) {
            e1k_receive(s->dev, f, len);
        }
        if (e1kr_advance(s->rp, err, sizeof(err)) < 0) {
            error_report("e1klab: replay: %s", err);
            break;
        }
    }
    e1klab_replay_rearm(s);
}

/* After a register write: start the replay once the guest enabled RX. */
static void e1klab_replay_check_rxen(E1klabState *s)
{
    if (!s->rp || s->replay_armed || !s->replay_after_rx_enable) {
        return;
    }
    if (e1k_peek_reg(s->dev, E1K_RCTL) & E1K_RCTL_EN) {
        uint64_t now = (uint64_t)qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
        e1klab_replay_start(s, now + s->replay_start_ns);
    }
}

/* ------------------------------------------------------------ BARs */

/*
 * The callbacks of one BAR: reads and writes go to the model's accessors
 * @rd / @wr (e1k_mmio_* or e1k_io_*, which take sub-word accesses); a
 * write may be the guest enabling RX, which starts a replay waiting for
 * it.  @valid_max: the widest access the guest may make (wider ones are
 * split by QEMU into 4-byte accesses).
 */
#define E1KLAB_BAR(bar, rd, wr, valid_max)                                  \
static uint64_t e1klab_##bar##_read(void *opaque, hwaddr addr,              \
                                    unsigned size)                          \
{                                                                           \
    return rd(((E1klabState *)opaque)->dev, (uint32_t)addr, size);          \
}                                                                           \
static void e1klab_##bar##_write(void *opaque, hwaddr addr, uint64_t val,   \
                                 unsigned size)                             \
{                                                                           \
    E1klabState *s = opaque;                                                \
    wr(s->dev, (uint32_t)addr, (uint32_t)val, size);                        \
    e1klab_replay_check_rxen(s);                                            \
}                                                                           \
static const MemoryRegionOps e1klab_##bar##_ops = {                         \
    .read = e1klab_##bar##_read,                                            \
    .write = e1klab_##bar##_write,                                          \
    .endianness = DEVICE_LITTLE_ENDIAN,                                     \
    .valid = { .min_access_size = 1, .max_access_size = (valid_max) },      \
    .impl = { .min_access_size = 1, .max_access_size = 4 },                 \
};

E1KLAB_BAR(mmio, e1k_mmio_read, e1k_mmio_write, 8)
E1KLAB_BAR(io, e1k_io_read, e1k_io_write, 4)

/* ------------------------------------------------------------ netdev */

static bool e1klab_can_receive(NetClientState *nc)
{
    /* Never hold frames back: the model drops when its buffer is full. */
    return true;
}

static ssize_t e1klab_receive(NetClientState *nc, const uint8_t *buf,
                              size_t size)
{
    E1klabState *s = qemu_get_nic_opaque(nc);
    uint8_t pad[60];

    if (size > UINT32_MAX) {
        return size;
    }
    if (size < sizeof(pad)) {
        /* A sender pads runts to the 60-byte minimum (+ FCS). */
        memset(pad, 0, sizeof(pad));
        memcpy(pad, buf, size);
        e1k_receive(s->dev, pad, sizeof(pad));
    } else {
        e1k_receive(s->dev, buf, (uint32_t)size);
    }
    return size;
}

static void e1klab_link_status_changed(NetClientState *nc)
{
    E1klabState *s = qemu_get_nic_opaque(nc);

    e1k_set_link(s->dev, !nc->link_down);
}

static NetClientInfo e1klab_net_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .can_receive = e1klab_can_receive,
    .receive = e1klab_receive,
    .link_status_changed = e1klab_link_status_changed,
};

/* ------------------------------------------------------------ stats file */

static void e1klab_write_stats(E1klabState *s)
{
    E1kTotals t;
    E1krStats rs;
    FILE *f;

    if (!s->stats_path || !s->dev) {
        return;
    }
    f = fopen(s->stats_path, "w");
    if (!f) {
        error_report("e1klab: %s: %s", s->stats_path, strerror(errno));
        return;
    }
    e1k_totals(s->dev, &t);
#define P(name) fprintf(f, "model." #name "=%" PRIu64 "\n", (uint64_t)t.name);
    E1K_TOTALS_FIELDS(P)
#undef P
    if (s->rp) {
        E1krCursor c;
        e1kr_stats(s->rp, &rs);
        e1kr_cursor(s->rp, &c);
        fprintf(f, "replay.offered=%" PRIu64 "\n", rs.offered);
        fprintf(f, "replay.offered_bytes=%" PRIu64 "\n", rs.offered_bytes);
        fprintf(f, "replay.padded=%" PRIu64 "\n", rs.padded);
        fprintf(f, "replay.oversize=%" PRIu64 "\n", rs.oversize);
        fprintf(f, "replay.truncated=%" PRIu64 "\n", rs.truncated);
        fprintf(f, "replay.loops=%" PRIu64 "\n", rs.loops);
        fprintf(f, "replay.start_ns=%" PRIu64 "\n", c.start_ns);
        fprintf(f, "replay.last_ns=%" PRIu64 "\n", c.prev_end_ns);
    }
    fprintf(f, "qemu.model_timer_fires=%" PRIu64 "\n", s->model_fires);
    fprintf(f, "qemu.model_timer_fires_halted=%" PRIu64 "\n",
            s->model_fires_halted);
    fprintf(f, "qemu.model_timer_rearms=%" PRIu64 "\n", s->model_rearms);
    fprintf(f, "qemu.replay_timer_fires=%" PRIu64 "\n", s->replay_fires);
    /* No "now" here: QEMU handles the guest's power-off asynchronously,
     * so the exit instant varies by a few ns between identical runs. */
    fclose(f);
}

static void e1klab_exit_notify(Notifier *n, void *data)
{
    E1klabState *s = container_of(n, E1klabState, exit_notifier);

    e1klab_write_stats(s);
    if (s->cap_dump) {
        pcap_dump_flush(s->cap_dump);
    }
}

/* ------------------------------------------------------------ realize */

static bool e1klab_setup_replay(E1klabState *s, const uint8_t mac[6],
                                Error **errp)
{
    E1krProps p = {
        .replay = s->replay, .pace = s->replay_pace,
        .pps = s->replay_pps, .mbps = s->replay_mbps,
        .multiplier = s->replay_multiplier, .loop = s->replay_loop,
        .count = s->replay_count, .size = s->replay_size,
        .flows = s->replay_flows,
        .src_ip = s->replay_src_ip, .dst_ip = s->replay_dst_ip,
        .src_mac = s->replay_src_mac, .dst_mac = s->replay_dst_mac,
        .sport = s->replay_sport, .dport = s->replay_dport,
        .rewrite_dst_mac = s->replay_rewrite_dst_mac,
        .link_mbps = s->link_mbps,
    };
    TrfCfg rc;
    char err[512];

    if (!s->replay || !s->replay[0]) {
        return true;
    }
    if (e1kr_cfg_from_props(&p, mac, &rc, err, sizeof(err)) < 0 ||
        !(s->rp = e1kr_new(&rc, err, sizeof(err)))) {
        error_setg(errp, "e1klab: %s", err);
        return false;
    }
    return true;
}

/* Open the capture file (property capture) for transmitted frames:
 * nanosecond pcap, Ethernet link type.  false with *errp set. */
static bool e1klab_open_capture(E1klabState *s, Error **errp)
{
    if (!s->capture || !s->capture[0]) {
        return true;
    }
    s->cap_pc = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 65535,
                    PCAP_TSTAMP_PRECISION_NANO);
    s->cap_dump = s->cap_pc ? pcap_dump_open(s->cap_pc, s->capture) : NULL;
    if (!s->cap_dump) {
        /* libpcap's message names the file */
        error_setg(errp, "e1klab: capture: %s",
                   s->cap_pc ? pcap_geterr(s->cap_pc) : "pcap failed");
        return false;
    }
    return true;
}

/* Close the capture file, if open (flushes it). */
static void e1klab_close_capture(E1klabState *s)
{
    if (s->cap_dump) {
        pcap_dump_close(s->cap_dump);
        s->cap_dump = NULL;
    }
    if (s->cap_pc) {
        pcap_close(s->cap_pc);
        s->cap_pc = NULL;
    }
}

/* BAR0 (memory, E1K_MMIO_SIZE) and BAR1 (I/O, IOADDR/IODATA), and the
 * NIC on the netdev. */
static void e1klab_init_bars_and_nic(E1klabState *s, PCIDevice *pd)
{
    memory_region_init_io(&s->mmio, OBJECT(s), &e1klab_mmio_ops, s,
                          "e1klab-mmio", E1K_MMIO_SIZE);
    memory_region_init_io(&s->io, OBJECT(s), &e1klab_io_ops, s,
                          "e1klab-io", E1K_IO_SIZE);
    pci_register_bar(pd, 0, PCI_BASE_ADDRESS_SPACE_MEMORY, &s->mmio);
    pci_register_bar(pd, 1, PCI_BASE_ADDRESS_SPACE_IO, &s->io);

    s->nic = qemu_new_nic(&e1klab_net_info, &s->conf,
                          object_get_typename(OBJECT(s)), DEVICE(s)->id,
                          &DEVICE(s)->mem_reentrancy_guard, s);
    qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);
}

/* The link partner (link-partner, link-mbps) into @cfg; link-mbps 0
 * becomes the speed of the partner's fastest mode (1000 for "auto").
 * false with *errp set. */
static bool e1klab_link_config(E1klabState *s, E1kConfig *cfg, Error **errp)
{
    uint32_t m, at;

    if (s->link_partner &&
        e1k_partner_parse(s->link_partner, cfg) < 0) {
        error_setg(errp, "e1klab: link-partner '%s' is not auto, "
                   "auto:MODES or forced:MODE (modes 10half, 10full, "
                   "100half, 100full, 1000half, 1000full; MODES joined by +)",
                   s->link_partner);
        return false;
    }
    m = cfg->partner_modes;
    if (s->link_mbps == 0) {
        s->link_mbps = (m & (E1K_LP_1000HD | E1K_LP_1000FD)) ? 1000
                       : (m & (E1K_LP_100HD | E1K_LP_100FD)) ? 100 : 10;
    }
    if (s->link_mbps != 10 && s->link_mbps != 100 && s->link_mbps != 1000) {
        error_setg(errp, "e1klab: link-mbps must be 10, 100 or 1000 "
                   "(got %u)", s->link_mbps);
        return false;
    }
    cfg->link_mbps = s->link_mbps;
    at = s->link_mbps == 1000 ? E1K_LP_1000HD | E1K_LP_1000FD
         : s->link_mbps == 100 ? E1K_LP_100HD | E1K_LP_100FD
                               : E1K_LP_10HD | E1K_LP_10FD;
    if (!(e1k_partner_modes(cfg) & at)) {
        error_setg(errp, "e1klab: link-partner '%s' has no mode at "
                   "link-mbps %u (the partner's top speed)",
                   s->link_partner, s->link_mbps);
        return false;
    }
    return true;
}

/* The PCI power management capability at 0xDC (SDM 4.1, PCI Power
 * Management 1.1): PME from D0, D3hot and D3cold, device specific
 * initialisation; PMCSR's state, PME_En and data select writable,
 * PME_Status write-1-to-clear.  Linux's device_can_wakeup() needs it for
 * Wake on LAN (e1000_set_wol). */
#define E1KLAB_PM_CAP 0xDC
#define E1KLAB_PMC 0xC822u

static bool e1klab_add_pm(PCIDevice *pd, Error **errp)
{
    if (pci_add_capability(pd, PCI_CAP_ID_PM, E1KLAB_PM_CAP, PCI_PM_SIZEOF,
                           errp) < 0) {
        return false;
    }
    pci_set_word(pd->config + E1KLAB_PM_CAP + PCI_PM_PMC, E1KLAB_PMC);
    pci_set_word(pd->wmask + E1KLAB_PM_CAP + PCI_PM_CTRL,
                 PCI_PM_CTRL_STATE_MASK | PCI_PM_CTRL_PME_ENABLE |
                 PCI_PM_CTRL_DATA_SEL_MASK);
    pci_set_word(pd->w1cmask + E1KLAB_PM_CAP + PCI_PM_CTRL,
                 PCI_PM_CTRL_PME_STATUS);
    return true;
}

static void e1klab_realize(PCIDevice *pd, Error **errp)
{
    E1klabState *s = E1KLAB_BASE(pd);
    PCIDeviceClass *pc = PCI_DEVICE_GET_CLASS(pd);
    const E1klabInfo *info = object_class_get_class_data_e1klab(pd);
    E1kConfig cfg;
    E1kPort port = {
        .opaque = s,
        .dma_read = e1klab_port_dma_read,
        .dma_write = e1klab_port_dma_write,
        .set_irq = e1klab_port_set_irq,
        .now_ns = e1klab_port_now_ns,
        .deadline_changed = e1klab_port_deadline_changed,
        .tx_frame = e1klab_port_tx_frame,
        .trace = e1klab_port_trace,
    };

    (void)pc;
    pd->config[PCI_CACHE_LINE_SIZE] = 0x10;
    pd->config[PCI_INTERRUPT_PIN] = 1;          /* INTA# */

    qemu_macaddr_default_if_unset(&s->conf.macaddr);
    e1k_config_default(&cfg);
    cfg.chip = info->chip;
    memcpy(cfg.mac, s->conf.macaddr.a, 6);
    if (!e1klab_link_config(s, &cfg, errp) || !e1klab_add_pm(pd, errp)) {
        return;
    }
    if (e1k_bus_parse(s->bus_timing ? s->bus_timing : info->default_bus,
                      &cfg.bus) < 0) {
        error_setg(errp, "e1klab: bus-timing '%s' is not one of pci32-33, "
                   "pci64-66, pcix133", s->bus_timing);
        return;
    }
    if (!e1klab_setup_replay(s, cfg.mac, errp)) {
        return;
    }
    if (!e1klab_open_capture(s, errp)) {
        goto fail;
    }

    s->dev = e1k_new(&cfg, &port);
    if (!s->dev) {
        error_setg(errp, "e1klab: model rejected the configuration");
        goto fail;
    }
    s->model_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, e1klab_model_timer_cb,
                                  s);
    s->replay_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                   e1klab_replay_timer_cb, s);
    /* Pick up a deadline armed while the timer did not exist yet. */
    e1klab_port_deadline_changed(s, e1k_next_deadline(s->dev));

    e1klab_init_bars_and_nic(s, pd);

    if (s->rp && !s->replay_after_rx_enable) {
        /* Start at the absolute virtual time replay-start-ns. */
        e1klab_timer_mod_ns(s->replay_timer, s->replay_start_ns);
    }
    s->exit_notifier.notify = e1klab_exit_notify;
    qemu_add_exit_notifier(&s->exit_notifier);
    return;

fail:
    e1klab_close_capture(s);
    e1kr_free(s->rp);
    s->rp = NULL;
}

static void e1klab_exit(PCIDevice *pd)
{
    E1klabState *s = E1KLAB_BASE(pd);

    qemu_remove_exit_notifier(&s->exit_notifier);
    e1klab_write_stats(s);
    timer_free(s->model_timer);
    timer_free(s->replay_timer);
    s->model_timer = s->replay_timer = NULL;
    qemu_del_nic(s->nic);
    e1k_free(s->dev);
    s->dev = NULL;
    e1kr_free(s->rp);
    s->rp = NULL;
    e1klab_close_capture(s);
    g_free(s->blob);
    s->blob = NULL;
}

static void e1klab_qdev_reset(DeviceState *d)
{
    E1klabState *s = E1KLAB_BASE(d);

    e1k_reset(s->dev);
}

/* ------------------------------------------------------------ VM state */

/* Drop the migration scratch copy of the model state. */
static void e1klab_drop_blob(E1klabState *s)
{
    g_free(s->blob);
    s->blob = NULL;
    s->blob_len = 0;
}

static int e1klab_pre_save(void *opaque)
{
    E1klabState *s = opaque;
    size_t n = e1k_save_size(s->dev);

    g_free(s->blob);
    s->blob = g_malloc(n);
    if (e1k_save(s->dev, s->blob, n) != n || n > UINT32_MAX) {
        error_report("e1klab: e1k_save failed");
        return -1;
    }
    s->blob_len = (uint32_t)n;
    if (s->cap_dump) {
        pcap_dump_flush(s->cap_dump);   /* the frames sent before the cut */
    }
    memset(&s->rp_cursor, 0, sizeof(s->rp_cursor));
    if (s->rp) {
        e1kr_cursor(s->rp, &s->rp_cursor);
    }
    return 0;
}

static int e1klab_post_save(void *opaque)
{
    e1klab_drop_blob(opaque);
    return 0;
}

static int e1klab_pre_load(void *opaque)
{
    e1klab_drop_blob(opaque);
    return 0;
}

/*
 * restore-model=off: the stream gives the PCI configuration space (BARs,
 * command register, as the guest's firmware and kernel set them) and the
 * virtual time; the model keeps this instance's power-on state, built
 * from its own properties (mac in the EEPROM, bus-timing, link-mbps,
 * replay, capture, stats), and catches up to the restored clock on its
 * next deadline.  For starting runs from a snapshot of a guest whose
 * driver never touched the device, so that each run's configuration takes
 * effect (docs/full-system.md "Boot once").  Refuses a saved replay that
 * had already started.
 */
static int e1klab_post_load_own(E1klabState *s)
{
    int started = s->rp_cursor.started;

    e1klab_drop_blob(s);
    memset(&s->rp_cursor, 0, sizeof(s->rp_cursor));
    e1klab_port_deadline_changed(s, e1k_next_deadline(s->dev));
    if (started) {
        error_report("e1klab: restore-model=off: the saved replay had "
                     "already started");
        return -EINVAL;
    }
    return 0;
}

static int e1klab_post_load(void *opaque, int version_id)
{
    E1klabState *s = opaque;
    char err[256];
    int rc = 0;

    if (!s->restore_model) {
        return e1klab_post_load_own(s);
    }
    if (e1k_restore(s->dev, s->blob, s->blob_len) < 0) {
        error_report("e1klab: saved device state is malformed");
        rc = -EINVAL;
    }
    e1klab_drop_blob(s);
    /* The model re-announced its deadline; make sure the timer matches. */
    e1klab_port_deadline_changed(s, e1k_next_deadline(s->dev));
    if (s->rp) {
        if (e1kr_seek(s->rp, &s->rp_cursor, err, sizeof(err)) < 0) {
            error_report("e1klab: replay: %s", err);
            rc = -EINVAL;
        }
        s->replay_armed = s->rp_cursor.started;
        if (s->replay_armed) {
            e1klab_replay_rearm(s);
        } else if (!s->replay_after_rx_enable) {
            /* not started yet: wait for the absolute start time again */
            e1klab_timer_mod_ns(s->replay_timer, s->replay_start_ns);
        } else {
            timer_del(s->replay_timer);
        }
    }
    return rc;
}

static const VMStateDescription e1klab_vmstate = {
    .name = "e1klab",
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = e1klab_pre_save,
    .post_save = e1klab_post_save,
    .pre_load = e1klab_pre_load,
    .post_load = e1klab_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, E1klabState),
        VMSTATE_UINT32(blob_len, E1klabState),
        VMSTATE_VBUFFER_ALLOC_UINT32(blob, E1klabState, 0, NULL, blob_len),
        /* replay position: raw struct, same host build only */
        VMSTATE_BUFFER_UNSAFE(rp_cursor, E1klabState, 0, sizeof(E1krCursor)),
        VMSTATE_END_OF_LIST()
    },
};

/* ------------------------------------------------------------ types */

static Property e1klab_properties[] = {
    DEFINE_NIC_PROPERTIES(E1klabState, conf),
    DEFINE_PROP_STRING("bus-timing", E1klabState, bus_timing),
    DEFINE_PROP_UINT32("link-mbps", E1klabState, link_mbps, 0),
    DEFINE_PROP_STRING("link-partner", E1klabState, link_partner),
    DEFINE_PROP_STRING("replay", E1klabState, replay),
    DEFINE_PROP_STRING("replay-pace", E1klabState, replay_pace),
    DEFINE_PROP_UINT32("replay-pps", E1klabState, replay_pps, 0),
    DEFINE_PROP_UINT32("replay-mbps", E1klabState, replay_mbps, 0),
    DEFINE_PROP_STRING("replay-multiplier", E1klabState, replay_multiplier),
    DEFINE_PROP_UINT32("replay-loop", E1klabState, replay_loop, 1),
    DEFINE_PROP_UINT64("replay-count", E1klabState, replay_count, 0),
    DEFINE_PROP_UINT32("replay-size", E1klabState, replay_size,
                       E1KR_DEFAULT_SIZE),
    DEFINE_PROP_UINT32("replay-flows", E1klabState, replay_flows, 1),
    DEFINE_PROP_STRING("replay-src-ip", E1klabState, replay_src_ip),
    DEFINE_PROP_STRING("replay-dst-ip", E1klabState, replay_dst_ip),
    DEFINE_PROP_STRING("replay-src-mac", E1klabState, replay_src_mac),
    DEFINE_PROP_STRING("replay-dst-mac", E1klabState, replay_dst_mac),
    DEFINE_PROP_UINT32("replay-sport", E1klabState, replay_sport,
                       E1KR_DEFAULT_PORT),
    DEFINE_PROP_UINT32("replay-dport", E1klabState, replay_dport,
                       E1KR_DEFAULT_PORT),
    DEFINE_PROP_BOOL("replay-rewrite-dst-mac", E1klabState,
                     replay_rewrite_dst_mac, false),
    DEFINE_PROP_UINT64("replay-start-ns", E1klabState, replay_start_ns,
                       1000000000),
    DEFINE_PROP_BOOL("replay-after-rx-enable", E1klabState,
                     replay_after_rx_enable, true),
    DEFINE_PROP_BOOL("replay-to-netdev", E1klabState, replay_to_netdev,
                     false),
    DEFINE_PROP_STRING("capture", E1klabState, capture),
    DEFINE_PROP_STRING("stats", E1klabState, stats_path),
    DEFINE_PROP_BOOL("restore-model", E1klabState, restore_model, true),
    DEFINE_PROP_END_OF_LIST(),
};

static void e1klab_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);
    const E1klabInfo *info = data;

    k->realize = e1klab_realize;
    k->exit = e1klab_exit;
    k->romfile = NULL;
    k->vendor_id = E1K_PCI_VENDOR_INTEL;
    k->device_id = info->device_id;
    k->subsystem_vendor_id = info->subsys_vendor;
    k->subsystem_id = info->subsys_id;
    k->revision = 3;
    k->class_id = PCI_CLASS_NETWORK_ETHERNET;
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
    dc->desc = info->chip == E1K_CHIP_82540EM
        ? "e1klab model of the Intel 82540EM (PRO/1000 MT Desktop)"
        : "e1klab model of the Intel 82545EM (PRO/1000 MT Server)";
    dc->reset = e1klab_qdev_reset;
    dc->vmsd = &e1klab_vmstate;
    device_class_set_props(dc, e1klab_properties);
}

static const E1klabInfo e1klab_devices[] = {
    { "e1klab-82540em", E1K_CHIP_82540EM, E1K_PCI_DEVICE_82540EM,
      0x8086, 0x001E, "pci32-33" },
    { "e1klab-82545em", E1K_CHIP_82545EM, E1K_PCI_DEVICE_82545EM,
      0x8086, 0x1001, "pci64-66" },
};

static const E1klabInfo *object_class_get_class_data_e1klab(PCIDevice *pd)
{
    const char *name = object_get_typename(OBJECT(pd));

    for (size_t i = 0; i < ARRAY_SIZE(e1klab_devices); i++) {
        if (!strcmp(name, e1klab_devices[i].name)) {
            return &e1klab_devices[i];
        }
    }
    return &e1klab_devices[0];
}

static const TypeInfo e1klab_base_info = {
    .name = TYPE_E1KLAB_BASE,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(E1klabState),
    .abstract = true,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void e1klab_register_types(void)
{
    type_register_static(&e1klab_base_info);
    for (size_t i = 0; i < ARRAY_SIZE(e1klab_devices); i++) {
        TypeInfo ti = {
            .name = e1klab_devices[i].name,
            .parent = TYPE_E1KLAB_BASE,
            .class_init = e1klab_class_init,
            .class_data = (void *)&e1klab_devices[i],
        };
        type_register(&ti);
    }
}

type_init(e1klab_register_types)
