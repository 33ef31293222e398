/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TbResults from a QEMU run (backend_qemu.h): the guest's result block
 * (qemu_guest.h) and the device's stats files.  The field-by-field
 * mapping, and which fields stay 0, is documented in docs/full-system.md
 * ("Report fields with --backend qemu").
 */
#include <string.h>

#include "qemu/backend_qemu.h"
#include "qemu/qemu_guest.h"

/* b - a, 0 if negative */
static uint64_t sub0(uint64_t b, uint64_t a)
{
    return b > a ? b - a : 0;
}

static uint64_t snmp(GPtrArray *s, const char *proto, const char *field)
{
    uint64_t v = 0;
    if (tb_guest_snmp(s, proto, field, &v) < 0) {
        return 0;
    }
    return v;
}

/* "@@ NAME" lines; an empty array if absent */
static GPtrArray *sect(const TbGuestBlock *b, const char *name)
{
    static GPtrArray *none;
    GPtrArray *l = tb_guest_section(b, name);
    if (l) {
        return l;
    }
    if (!none) {
        none = g_ptr_array_new();
    }
    return none;
}

static void cpu_times(const TbGuestBlock *b, TbResults *r)
{
    TbGuestCpu c0, c1;
    uint64_t busy, win;

    if (tb_guest_stat(sect(b, "stat_start"), &c0) < 0 ||
        tb_guest_stat(sect(b, "stat"), &c1) < 0) {
        return;
    }
    r->cpu.hardirq = sub0(c1.hardirq, c0.hardirq);
    r->cpu.softirq = sub0(c1.softirq, c0.softirq);
    r->cpu.process = sub0(c1.process, c0.process);
    /* the guest's window (setup to quiet counters) is longer than the
     * run's (init_ns .. sim_ns) and almost all idle outside the traffic:
     * idle is the run's window minus the busy time */
    busy = r->cpu.hardirq + r->cpu.softirq + r->cpu.process;
    win = sub0(r->sim_ns, r->init_ns);
    r->cpu.idle = sub0(win, busy);
}

/* Each NIC's stats file @work/NAME.stats as lines into @stats.  0, or -1
 * with *err naming the first NIC without one. */
static int read_stats(const TbScenario *sc, const char *work,
                      GPtrArray *stats[TB_MAX_NICS], char **err)
{
    for (uint32_t i = 0; i < sc->nnics; i++) {
        char *path = g_strdup_printf("%s/%s.stats", work, sc->nic[i].name);
        char *text = NULL;
        int ok = g_file_get_contents(path, &text, NULL, NULL);
        g_free(path);
        if (!ok) {
            *err = g_strdup_printf("qemu: the device wrote no stats file "
                                   "for %s", sc->nic[i].name);
            return -1;
        }
        stats[i] = tb_guest_lines(text);
        g_free(text);
    }
    return 0;
}

/* Offered load: the replay counters of each source's device; the run's
 * time origin, first and last offer, and end (as the testbench
 * defines it). */
static void offered_load(const TbScenario *sc, const TbQemuPlan *p,
                         GPtrArray *const stats[TB_MAX_NICS], TbResults *r)
{
    int have_first = 0;

    r->nsources = sc->nsources;
    for (uint32_t s = 0; s < sc->nsources; s++) {
        const TbTrafficCfg *t = &sc->traffic[s];
        GPtrArray *st = stats[t->nic];
        TbSourceStats *ss = &r->source[s];
        uint64_t start = 0, last = 0, origin;

        tb_guest_kv(st, "replay.offered", &ss->offered);
        tb_guest_kv(st, "replay.offered_bytes", &ss->offered_bytes);
        tb_guest_kv(st, "replay.padded", &ss->padded);
        tb_guest_kv(st, "replay.oversize", &ss->oversize);
        tb_guest_kv(st, "replay.truncated", &ss->truncated);
        tb_guest_kv(st, "replay.loops", &ss->loops);
        tb_guest_kv(st, "replay.start_ns", &start);
        tb_guest_kv(st, "replay.last_ns", &last);
        /* replay.start_ns = receiver enabled + delay + t->start_ns: the
         * traffic time origin is the testbench's "host ready" */
        origin = sub0(start, t->start_ns);
        if (s == 0) {
            r->init_ns = origin;
        }
        r->offered += ss->offered;
        r->offered_bytes += ss->offered_bytes;
        if (ss->offered) {
            uint64_t first = origin + p->first_ns[s];
            if (!have_first || first < r->first_offer_ns) {
                r->first_offer_ns = first;
            }
            have_first = 1;
            if (last > r->last_offer_ns) {
                r->last_offer_ns = last;
            }
        }
    }
    if (sc->run.duration_ns) {
        r->sim_ns = r->init_ns + sc->run.duration_ns;
    } else {
        r->sim_ns = (have_first ? r->last_offer_ns : r->init_ns) +
                    sc->run.drain_ns;
    }
}

/* Kernel log lines (@dm) that contain both @a and @b ("" matches any). */
static uint64_t count_lines(GPtrArray *dm, const char *a, const char *b)
{
    uint64_t n = 0;

    for (guint k = 0; k < dm->len; k++) {
        const char *l = g_ptr_array_index(dm, k);
        if (strstr(l, a) && strstr(l, b)) {
            n++;
        }
    }
    return n;
}

/* Interface @i: the device's totals, the driver's statistics, its
 * interrupt line and transmit timeouts; the NIC's dispositions added to
 * the run's. */
static void iface_result(const TbScenario *sc, const TbGuestBlock *b,
                         GPtrArray *stats, uint32_t i, TbResults *r)
{
    TbIfaceResult *f = &r->iface[i];
    char *sname = g_strdup_printf("stats %s", sc->nic[i].name);
    char *wd = g_strdup_printf("NETDEV WATCHDOG: %s ", sc->nic[i].name);
    char *et = g_strdup_printf("ethtool %s", sc->nic[i].name);

    g_strlcpy(f->name, sc->nic[i].name, sizeof(f->name));
    tb_guest_model_totals(stats, &f->nic);
    tb_guest_link_stats(sect(b, sname), &f->stats);
    tb_guest_drv_counters(sect(b, et), &f->drv);
    if (tb_guest_interrupts(sect(b, "interrupts"), f->name, &f->irq,
                            &f->interrupts) < 0) {
        f->irq = 0;
        f->interrupts = 0;
    }
    f->tx_timeouts = count_lines(sect(b, "dmesg"), wd, "timed out");
    f->wire_tx_frames = f->nic.tpt;
    f->wire_tx_bytes = f->nic.tot;
    r->rx_queued += f->nic.gprc;
    r->rx_filtered += f->nic.rx_filtered;
    r->rx_disabled += f->nic.rx_disabled;
    r->rx_overrun += f->nic.mpc;
    r->rx_bad_size += f->nic.ruc + f->nic.roc;
    g_free(sname);
    g_free(wd);
    g_free(et);
}

/* The kernel: /proc/net/snmp, softnet_stat, softirqs, stat. */
static void kernel_counters(const TbGuestBlock *b, TbResults *r)
{
    GPtrArray *sn = sect(b, "snmp");
    uint64_t v0, v1;

    r->forwarded = snmp(sn, "Ip", "ForwDatagrams");
    r->local_delivered = sub0(snmp(sn, "Ip", "InDelivers"),
                              snmp(sn, "Udp", "NoPorts") +
                              snmp(sn, "Udp", "InErrors"));
    /* IPv4 input that was neither forwarded nor delivered: header and
     * address errors, no route (IpExt InNoRoutes), reverse-path and
     * martian drops ...; plus datagrams UDP had no socket for.  A route
     * failure is not told apart from the rest: no_route stays 0. */
    r->no_route = 0;
    r->ip_dropped = sub0(snmp(sn, "Ip", "InReceives"),
                         r->forwarded + snmp(sn, "Ip", "InDelivers")) +
                    snmp(sn, "Udp", "NoPorts") + snmp(sn, "Udp", "InErrors");
    tb_guest_softnet(sect(b, "softnet_stat"), &r->backlog_drops,
                     &r->time_squeeze);
    if (tb_guest_softirqs(sect(b, "softirqs_start"), "NET_RX", &v0) == 0 &&
        tb_guest_softirqs(sect(b, "softirqs"), "NET_RX", &v1) == 0) {
        r->softirq_runs = sub0(v1, v0);
    }
    cpu_times(b, r);
}

/* The guest's `uname -r` from "@@ meta" (the last kernel= line), or
 * NULL; g_free. */
static char *guest_kernel(const TbGuestBlock *b)
{
    GPtrArray *meta = sect(b, "meta");
    char *kernel = NULL;

    for (guint k = 0; k < meta->len; k++) {
        const char *l = g_ptr_array_index(meta, k);
        if (!strncmp(l, "kernel=", 7)) {
            g_free(kernel);
            kernel = g_strdup(l + 7);
        }
    }
    return kernel;
}

int tb_qemu_results(const TbScenario *sc, const TbQemuPlan *p,
                    const char *console, size_t len, const char *work,
                    TbResults *r, char **kernel, uint64_t *log_lines,
                    uint64_t *link_up, char **err)
{
    TbGuestBlock *b = tb_guest_block_parse(console, len);
    GPtrArray *stats[TB_MAX_NICS] = {NULL};
    int rc = -1;

    memset(r, 0, sizeof(*r));
    *kernel = NULL;
    *log_lines = *link_up = 0;
    if (!b) {
        *err = g_strdup("qemu: the guest printed no complete result block");
        return -1;
    }
    if (read_stats(sc, work, stats, err) == 0) {
        offered_load(sc, p, stats, r);
        r->niface = sc->nnics;
        for (uint32_t i = 0; i < sc->nnics; i++) {
            iface_result(sc, b, stats[i], i, r);
        }
        *link_up = count_lines(sect(b, "dmesg"), "Link is Up", "");
        *log_lines = sect(b, "dmesg")->len;
        kernel_counters(b, r);
        *kernel = guest_kernel(b);
        rc = 0;
    }
    for (uint32_t i = 0; i < TB_MAX_NICS; i++) {
        if (stats[i]) {
            g_ptr_array_unref(stats[i]);
        }
    }
    tb_guest_block_free(b);
    return rc;
}
