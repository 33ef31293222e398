/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The QEMU glue every e1klab device shares (e1klab_glue.h): the port on
 * QEMU, the replay and its timer, the capture and stats files, the
 * netdev, the model state in the VM state.  No register or timing logic
 * lives here.
 */
#include "qemu/osdep.h"
#include "qemu/timer.h"
#include "qemu/error-report.h"
#include "qemu/log.h"
#include "qapi/error.h"
#include "hw/core/cpu.h"
#include "hw/pci/pci.h"
#include "net/net.h"
#include "sysemu/sysemu.h"

#include "e1klab_glue.h"
#include "trace.h"

/* ------------------------------------------------------------ port */

static bool e1klab_dma_hits_bar(E1klabGlue *g, uint64_t addr, uint32_t len)
{
    pcibus_t bar = pci_get_bar_addr(g->pd, 0);

    if (bar == PCI_BAR_UNMAPPED) {
        return false;
    }
    /* [addr, addr+len) overlaps [bar, bar+bar0_size) */
    return addr < bar + g->bar0_size && bar < addr + (uint64_t)len;
}

static bool e1klab_dma_ok(E1klabGlue *g, uint64_t addr, uint32_t len)
{
    if (len == 0) {
        return true;
    }
    if (addr + (uint64_t)len < addr) {
        return false;               /* wraps the 64-bit address space */
    }
    return !e1klab_dma_hits_bar(g, addr, len);
}

static int e1klab_port_dma_read(void *opaque, uint64_t addr, void *buf,
                                uint32_t len)
{
    E1klabGlue *g = opaque;

    if (!e1klab_dma_ok(g, addr, len)) {
        return -1;
    }
    return pci_dma_read(g->pd, addr, buf, len) == MEMTX_OK ? 0 : -1;
}

static int e1klab_port_dma_write(void *opaque, uint64_t addr, const void *buf,
                                 uint32_t len)
{
    E1klabGlue *g = opaque;

    if (!e1klab_dma_ok(g, addr, len)) {
        return -1;
    }
    return pci_dma_write(g->pd, addr, buf, len) == MEMTX_OK ? 0 : -1;
}

static void e1klab_port_set_irq(void *opaque, int level)
{
    E1klabGlue *g = opaque;

    pci_set_irq(g->pd, level != 0);
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
    E1klabGlue *g = opaque;

    if (!g->model_timer) {
        return;                     /* during the model's creation */
    }
    if (deadline_ns == UINT64_MAX) {
        timer_del(g->model_timer);
    } else {
        g->model_rearms++;
        e1klab_timer_mod_ns(g->model_timer, deadline_ns);
    }
}

/* Append @frame to the capture file, time-stamped with the virtual clock.
 * The file is buffered by stdio: it is flushed when the VM state is saved
 * and at exit, not after every frame. */
static void e1klab_capture_frame(E1klabGlue *g, const uint8_t *frame,
                                 uint32_t len)
{
    struct pcap_pkthdr h;
    uint64_t now;

    if (!g->cap_dump) {
        return;
    }
    now = (uint64_t)qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    memset(&h, 0, sizeof(h));
    h.ts.tv_sec = (time_t)(now / 1000000000u);
    h.ts.tv_usec = (suseconds_t)(now % 1000000000u); /* nanosecond file */
    h.caplen = len;
    h.len = len;
    pcap_dump((u_char *)g->cap_dump, &h, frame);
}

static void e1klab_port_tx_frame(void *opaque, const uint8_t *frame,
                                 uint32_t len)
{
    E1klabGlue *g = opaque;

    e1klab_capture_frame(g, frame, len);
    if (g->nic) {
        qemu_send_packet(qemu_get_queue(g->nic), frame, (int)len);
    }
}

/*
 * Model trace events as QEMU trace events: guest programming errors as
 * e1klab_guest_error and, as QEMU devices report them, under
 * -d guest_errors; notable events as e1klab_event.  The text is only
 * built when one of these outputs is enabled.
 */
static void e1klab_port_trace(void *opaque, unsigned ev, uint64_t a,
                              uint64_t b)
{
    E1klabGlue *g = opaque;
    bool err = g->ops->trace_is_error(ev);
    const char *id;
    char text[160];

    if (err ? !trace_event_get_state_backends(TRACE_E1KLAB_GUEST_ERROR) &&
              !qemu_loglevel_mask(LOG_GUEST_ERROR)
            : !trace_event_get_state_backends(TRACE_E1KLAB_EVENT)) {
        return;
    }
    id = DEVICE(g->pd)->id ? DEVICE(g->pd)->id : "";
    g->ops->trace_format(ev, a, b, text, sizeof(text));
    if (err) {
        trace_e1klab_guest_error(id, text);
        qemu_log_mask(LOG_GUEST_ERROR, "e1klab %s: %s\n", id, text);
    } else {
        trace_e1klab_event(id, text);
    }
}

void e1klab_glue_port(E1klabGlue *g, NicPort *port)
{
    memset(port, 0, sizeof(*port));
    port->opaque = g;
    port->dma_read = e1klab_port_dma_read;
    port->dma_write = e1klab_port_dma_write;
    port->set_irq = e1klab_port_set_irq;
    port->now_ns = e1klab_port_now_ns;
    port->deadline_changed = e1klab_port_deadline_changed;
    port->tx_frame = e1klab_port_tx_frame;
    port->trace = e1klab_port_trace;
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
    E1klabGlue *g = opaque;

    g->model_fires++;
    g->model_fires_halted += e1klab_guest_halted();
    g->ops->run_until(g->dev, (uint64_t)qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
}

/* ------------------------------------------------------------ replay */

static void e1klab_replay_rearm(E1klabGlue *g)
{
    uint64_t t = g->rp ? e1kr_next_ns(g->rp) : E1KR_NONE;

    if (t == E1KR_NONE) {
        timer_del(g->replay_timer);
    } else {
        e1klab_timer_mod_ns(g->replay_timer, t);
    }
}

static void e1klab_replay_start(E1klabGlue *g, uint64_t start_ns)
{
    char err[256];

    g->replay_armed = 1;
    if (e1kr_start(g->rp, start_ns, err, sizeof(err)) < 0) {
        error_report("e1klab: replay: %s", err);
    }
    e1klab_replay_rearm(g);
}

static void e1klab_replay_timer_cb(void *opaque)
{
    E1klabGlue *g = opaque;
    uint64_t now = (uint64_t)qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    char err[256];

    g->replay_fires++;
    if (!g->replay_armed) {
        /* The start delay elapsed (replay-after-rx-enable=off). */
        e1klab_replay_start(g, now);
        return;
    }
    /* Deliver every frame whose arrival time has been reached. */
    while (e1kr_next_ns(g->rp) <= now) {
        uint32_t len;
        const uint8_t *f = e1kr_frame(g->rp, &len);
        if (f && g->replay_to_netdev) {
            /* Generator mode: the frame leaves through the netdev; what
             * the peer does with it (drop, queue) is the peer's business. */
            qemu_send_packet(qemu_get_queue(g->nic), f, (int)len);
        } else if (f) {
            g->ops->receive(g->dev, f, len);
        }
        if (e1kr_advance(g->rp, err, sizeof(err)) < 0) {
            error_report("e1klab: replay: %s", err);
            break;
        }
    }
    if (e1kr_next_ns(g->rp) == E1KR_NONE && g->ops->replay_done) {
        g->ops->replay_done(g);
    }
    e1klab_replay_rearm(g);
}

void e1klab_glue_check_rxen(E1klabGlue *g)
{
    if (!g->rp || g->replay_armed || !g->replay_after_rx_enable) {
        return;
    }
    if (g->ops->rx_enabled(g->dev)) {
        uint64_t now = (uint64_t)qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
        e1klab_replay_start(g, now + g->replay_start_ns);
    }
}

/* ------------------------------------------------------------ netdev */

static bool e1klab_can_receive(NetClientState *nc)
{
    /* Never hold frames back: the model drops when its buffer is full. */
    return true;
}

static ssize_t e1klab_receive(NetClientState *nc, const uint8_t *buf,
                              size_t size)
{
    E1klabGlue *g = qemu_get_nic_opaque(nc);
    uint8_t pad[60];

    if (size > UINT32_MAX) {
        return size;
    }
    if (size < sizeof(pad)) {
        /* A sender pads runts to the 60-byte minimum (+ FCS). */
        memset(pad, 0, sizeof(pad));
        memcpy(pad, buf, size);
        g->ops->receive(g->dev, pad, sizeof(pad));
    } else {
        g->ops->receive(g->dev, buf, (uint32_t)size);
    }
    return size;
}

static void e1klab_link_status_changed(NetClientState *nc)
{
    E1klabGlue *g = qemu_get_nic_opaque(nc);

    g->ops->set_link(g->dev, !nc->link_down);
}

static NetClientInfo e1klab_net_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .can_receive = e1klab_can_receive,
    .receive = e1klab_receive,
    .link_status_changed = e1klab_link_status_changed,
};

/* ------------------------------------------------------------ stats file */

static void e1klab_write_stats(E1klabGlue *g)
{
    E1krStats rs;
    FILE *f;

    if (!g->stats_path || !g->dev) {
        return;
    }
    f = fopen(g->stats_path, "w");
    if (!f) {
        error_report("e1klab: %s: %s", g->stats_path, strerror(errno));
        return;
    }
    g->ops->write_totals(g, f);
    if (g->rp) {
        E1krCursor c;
        e1kr_stats(g->rp, &rs);
        e1kr_cursor(g->rp, &c);
        fprintf(f, "replay.offered=%" PRIu64 "\n", rs.offered);
        fprintf(f, "replay.offered_bytes=%" PRIu64 "\n", rs.offered_bytes);
        fprintf(f, "replay.padded=%" PRIu64 "\n", rs.padded);
        fprintf(f, "replay.oversize=%" PRIu64 "\n", rs.oversize);
        fprintf(f, "replay.truncated=%" PRIu64 "\n", rs.truncated);
        fprintf(f, "replay.loops=%" PRIu64 "\n", rs.loops);
        fprintf(f, "replay.start_ns=%" PRIu64 "\n", c.start_ns);
        fprintf(f, "replay.last_ns=%" PRIu64 "\n", c.prev_end_ns);
    }
    fprintf(f, "qemu.model_timer_fires=%" PRIu64 "\n", g->model_fires);
    fprintf(f, "qemu.model_timer_fires_halted=%" PRIu64 "\n",
            g->model_fires_halted);
    fprintf(f, "qemu.model_timer_rearms=%" PRIu64 "\n", g->model_rearms);
    fprintf(f, "qemu.replay_timer_fires=%" PRIu64 "\n", g->replay_fires);
    /* No "now" here: QEMU handles the guest's power-off asynchronously,
     * so the exit instant varies by a few ns between identical runs. */
    fclose(f);
}

static void e1klab_exit_notify(Notifier *n, void *data)
{
    E1klabGlue *g = container_of(n, E1klabGlue, exit_notifier);

    e1klab_write_stats(g);
    if (g->cap_dump) {
        pcap_dump_flush(g->cap_dump);
    }
}

/* ------------------------------------------------------------ realize */

static bool e1klab_setup_replay(E1klabGlue *g, const uint8_t mac[6],
                                Error **errp)
{
    E1krProps p = {
        .replay = g->replay, .pace = g->replay_pace,
        .pps = g->replay_pps, .mbps = g->replay_mbps,
        .multiplier = g->replay_multiplier, .loop = g->replay_loop,
        .count = g->replay_count, .size = g->replay_size,
        .flows = g->replay_flows,
        .src_ip = g->replay_src_ip, .dst_ip = g->replay_dst_ip,
        .src_mac = g->replay_src_mac, .dst_mac = g->replay_dst_mac,
        .sport = g->replay_sport, .dport = g->replay_dport,
        .rewrite_dst_mac = g->replay_rewrite_dst_mac,
        .link_mbps = g->link_mbps,
    };
    TrfCfg rc;
    char err[512];

    if (!g->replay || !g->replay[0]) {
        return true;
    }
    if (e1kr_cfg_from_props(&p, mac, &rc, err, sizeof(err)) < 0 ||
        !(g->rp = e1kr_new(&rc, err, sizeof(err)))) {
        error_setg(errp, "e1klab: %s", err);
        return false;
    }
    return true;
}

/* Open the capture file (property capture) for transmitted frames:
 * nanosecond pcap, Ethernet link type.  false with *errp set. */
static bool e1klab_open_capture(E1klabGlue *g, Error **errp)
{
    if (!g->capture || !g->capture[0]) {
        return true;
    }
    g->cap_pc = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 65535,
                    PCAP_TSTAMP_PRECISION_NANO);
    g->cap_dump = g->cap_pc ? pcap_dump_open(g->cap_pc, g->capture) : NULL;
    if (!g->cap_dump) {
        /* libpcap's message names the file */
        error_setg(errp, "e1klab: capture: %s",
                   g->cap_pc ? pcap_geterr(g->cap_pc) : "pcap failed");
        return false;
    }
    return true;
}

/* Close the capture file, if open (flushes it). */
static void e1klab_close_capture(E1klabGlue *g)
{
    if (g->cap_dump) {
        pcap_dump_close(g->cap_dump);
        g->cap_dump = NULL;
    }
    if (g->cap_pc) {
        pcap_close(g->cap_pc);
        g->cap_pc = NULL;
    }
}

bool e1klab_glue_prepare(E1klabGlue *g, PCIDevice *pd,
                         const E1klabModelOps *ops, const uint8_t mac[6],
                         Error **errp)
{
    g->pd = pd;
    g->ops = ops;
    if (!e1klab_setup_replay(g, mac, errp)) {
        return false;
    }
    if (!e1klab_open_capture(g, errp)) {
        e1klab_glue_abandon(g);
        return false;
    }
    return true;
}

void e1klab_glue_abandon(E1klabGlue *g)
{
    e1klab_close_capture(g);
    e1kr_free(g->rp);
    g->rp = NULL;
}

void e1klab_glue_start(E1klabGlue *g, void *dev, uint64_t bar0_size)
{
    DeviceState *d = DEVICE(g->pd);

    g->dev = dev;
    g->bar0_size = bar0_size;
    g->model_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, e1klab_model_timer_cb,
                                  g);
    g->replay_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                   e1klab_replay_timer_cb, g);
    /* Pick up a deadline armed while the timer did not exist yet. */
    e1klab_port_deadline_changed(g, g->ops->next_deadline(dev));

    g->nic = qemu_new_nic(&e1klab_net_info, &g->conf,
                          object_get_typename(OBJECT(d)), d->id,
                          &d->mem_reentrancy_guard, g);
    qemu_format_nic_info_str(qemu_get_queue(g->nic), g->conf.macaddr.a);

    if (g->rp && !g->replay_after_rx_enable) {
        /* Start at the absolute virtual time replay-start-ns. */
        e1klab_timer_mod_ns(g->replay_timer, g->replay_start_ns);
    }
    g->exit_notifier.notify = e1klab_exit_notify;
    qemu_add_exit_notifier(&g->exit_notifier);
}

void e1klab_glue_exit(E1klabGlue *g)
{
    qemu_remove_exit_notifier(&g->exit_notifier);
    e1klab_write_stats(g);
    timer_free(g->model_timer);
    timer_free(g->replay_timer);
    g->model_timer = g->replay_timer = NULL;
    qemu_del_nic(g->nic);
    g->nic = NULL;
    e1klab_glue_abandon(g);
    g_free(g->blob);
    g->blob = NULL;
}

bool e1klab_glue_add_pm(PCIDevice *pd, uint8_t offset, uint16_t pmc,
                        Error **errp)
{
    if (pci_add_capability(pd, PCI_CAP_ID_PM, offset, PCI_PM_SIZEOF,
                           errp) < 0) {
        return false;
    }
    pci_set_word(pd->config + offset + PCI_PM_PMC, pmc);
    pci_set_word(pd->wmask + offset + PCI_PM_CTRL,
                 PCI_PM_CTRL_STATE_MASK | PCI_PM_CTRL_PME_ENABLE |
                 PCI_PM_CTRL_DATA_SEL_MASK);
    pci_set_word(pd->w1cmask + offset + PCI_PM_CTRL,
                 PCI_PM_CTRL_PME_STATUS);
    return true;
}

/* ------------------------------------------------------------ VM state */

/* Drop the migration scratch copy of the model state. */
static void e1klab_drop_blob(E1klabGlue *g)
{
    g_free(g->blob);
    g->blob = NULL;
    g->blob_len = 0;
}

int e1klab_glue_pre_save(E1klabGlue *g)
{
    size_t n = g->ops->save_size(g->dev);

    g_free(g->blob);
    g->blob = g_malloc(n);
    if (g->ops->save(g->dev, g->blob, n) != n || n > UINT32_MAX) {
        error_report("e1klab: saving the model state failed");
        return -1;
    }
    g->blob_len = (uint32_t)n;
    if (g->cap_dump) {
        pcap_dump_flush(g->cap_dump);   /* the frames sent before the cut */
    }
    memset(&g->rp_cursor, 0, sizeof(g->rp_cursor));
    if (g->rp) {
        e1kr_cursor(g->rp, &g->rp_cursor);
    }
    return 0;
}

int e1klab_glue_post_save(E1klabGlue *g)
{
    e1klab_drop_blob(g);
    return 0;
}

int e1klab_glue_pre_load(E1klabGlue *g)
{
    e1klab_drop_blob(g);
    return 0;
}

/*
 * restore-model=off: the stream gives the PCI configuration space (BARs,
 * command register, as the guest's firmware and kernel set them) and the
 * virtual time; the model keeps this instance's power-on state, built
 * from its own properties, and catches up to the restored clock on its
 * next deadline.  For starting runs from a snapshot of a guest whose
 * driver never touched the device (docs/full-system.md "Boot once").
 * Refuses a saved replay that had already started.
 */
static int e1klab_post_load_own(E1klabGlue *g)
{
    int started = g->rp_cursor.started;

    e1klab_drop_blob(g);
    memset(&g->rp_cursor, 0, sizeof(g->rp_cursor));
    e1klab_port_deadline_changed(g, g->ops->next_deadline(g->dev));
    if (started) {
        error_report("e1klab: restore-model=off: the saved replay had "
                     "already started");
        return -EINVAL;
    }
    return 0;
}

int e1klab_glue_post_load(E1klabGlue *g)
{
    char err[256];
    int rc = 0;

    if (!g->restore_model) {
        return e1klab_post_load_own(g);
    }
    if (g->ops->restore(g->dev, g->blob, g->blob_len) < 0) {
        error_report("e1klab: saved device state is malformed");
        rc = -EINVAL;
    }
    e1klab_drop_blob(g);
    /* The model re-announced its deadline; make sure the timer matches. */
    e1klab_port_deadline_changed(g, g->ops->next_deadline(g->dev));
    if (g->rp) {
        if (e1kr_seek(g->rp, &g->rp_cursor, err, sizeof(err)) < 0) {
            error_report("e1klab: replay: %s", err);
            rc = -EINVAL;
        }
        g->replay_armed = g->rp_cursor.started;
        if (g->replay_armed) {
            e1klab_replay_rearm(g);
        } else if (!g->replay_after_rx_enable) {
            /* not started yet: wait for the absolute start time again */
            e1klab_timer_mod_ns(g->replay_timer, g->replay_start_ns);
        } else {
            timer_del(g->replay_timer);
        }
    }
    return rc;
}
