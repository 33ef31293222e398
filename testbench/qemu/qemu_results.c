/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TbResults from a QEMU run (backend_qemu.h): the guest's result block
 * (qemu_guest.h) and the device's stats files.  The field-by-field
 * mapping, and which fields stay 0, is documented in docs/full-system.md
 * ("Report fields with --backend qemu").
 */
#include <inttypes.h>
#include <string.h>

#include "ixgbe_drv.h"
#include "qemu/backend_qemu.h"
#include "qemu/qemu_guest.h"
#include "scenario/scenario_load.h"

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

/* @ns rounded to the nearest ms: the reported resolution.  The guest's
 * counters are ns, but where its reading after the traffic lands can
 * move by a few µs between two runs of the same scenario; whole ms keep
 * the report's bytes the same. */
static uint64_t round_ms(uint64_t ns)
{
    return (ns + 500000u) / 1000000u * 1000000u;
}

/* The one CPU all of NIC @i's vectors are pinned to (its irq_affinity
 * list, else its `cpu`), or UINT32_MAX if the list names several. */
static uint32_t nic_irq_cpu(const TbScenario *sc, uint32_t i)
{
    const TbNicCfg *n = &sc->nic[i];

    for (uint32_t k = 1; k < n->nirq_cpus; k++) {
        if (n->irq_cpus[k] != n->irq_cpus[0]) {
            return UINT32_MAX;
        }
    }
    return n->nirq_cpus ? n->irq_cpus[0] : tb_guest_nic_cpu(sc, i);
}

/* The NICs' interrupt handler time (e1klab.ko's and e1klab_ixgbe.ko's
 * hardirq_ns) on CPU @c: the ports whose vectors are all pinned there.
 * A port with vectors on several CPUs counts nowhere: its hardirq_ns is
 * one sum over them (docs/full-system.md "Our driver on the 82598EB"). */
static uint64_t hardirq_on(const TbScenario *sc, const TbGuestBlock *b,
                           uint32_t c)
{
    uint64_t sum = 0;

    for (uint32_t i = 0; i < sc->nnics; i++) {
        uint64_t v0 = 0, v1 = 0;
        if (nic_irq_cpu(sc, i) == c &&
            tb_guest_hardirq(sect(b, "cpu_start"), sc->nic[i].name,
                             &v0) == 0 &&
            tb_guest_hardirq(sect(b, "cpu_end"), sc->nic[i].name,
                             &v1) == 0) {
            sum += sub0(v1, v0);
        }
    }
    return sum;
}

/* cpu_times with several vCPUs: each CPU as cpu_times does for one (its
 * idle time, its tasks, its ksoftirqd, the handler time of the NICs
 * pinned to it) into r->cpus[], the sums into r->cpu.  0, or -1 with
 * *err if the guest shows another number of CPUs. */
static int cpu_times_smp(const TbScenario *sc, const TbGuestBlock *b,
                         const TbGuestCpu *c0, const TbGuestCpu *c1,
                         TbResults *r, char **err)
{
    uint32_t n = tb_guest_cpus(sc);
    uint64_t now = sub0(c1->now, c0->now);

    if (c0->ncpus != n || c1->ncpus != n || n > TB_RES_MAX_CPUS) {
        *err = g_strdup_printf("qemu: the guest shows %u CPUs, not the %u "
                               "of [guest] cpus", c1->ncpus, n);
        return -1;
    }
    r->ncpus = n;
    memset(&r->cpu, 0, sizeof(r->cpu));
    for (uint32_t c = 0; c < n; c++) {
        TbCpuTime *t = &r->cpus[c];
        uint64_t busy = sub0(now, sub0(c1->cpu_idle[c], c0->cpu_idle[c]));
        uint64_t tasks = sub0(c1->cpu_tasks[c], c0->cpu_tasks[c]);
        uint64_t ksoft = sub0(c1->cpu_ksoftirqd[c], c0->cpu_ksoftirqd[c]);
        uint64_t intr = sub0(busy, tasks) + ksoft;

        t->hardirq = round_ms(MIN(hardirq_on(sc, b, c), intr));
        t->softirq = sub0(round_ms(intr), t->hardirq);
        t->process = round_ms(sub0(tasks, ksoft));
        t->idle = sub0(sub0(r->sim_ns, r->init_ns),
                       t->hardirq + t->softirq + t->process);
        r->cpu.hardirq += t->hardirq;
        r->cpu.softirq += t->softirq;
        r->cpu.process += t->process;
        r->cpu.idle += t->idle;
    }
    return 0;
}

/* CPU times over the run's window (init_ns .. sim_ns) from the guest's
 * ns counters taken before the traffic and after it (docs/full-system.md
 * "CPU time"): busy = clock - idle; tasks' run time is process time but
 * ksoftirqd's, which is softirq time; the rest of the busy time is
 * interrupt context.  The kernel has no IRQ_TIME_ACCOUNTING: hardirq is
 * the time e1klab.ko measured in its interrupt handlers (0 with the
 * stock driver, whose handler time then stays in softirq), softirq the
 * rest of interrupt context.  0, or -1 with *err if the guest printed
 * no such counters. */
static int cpu_times(const TbScenario *sc, const TbGuestBlock *b,
                     TbResults *r, char **err)
{
    TbGuestCpu c0, c1;
    uint64_t busy, tasks, ksoft, intr, hard;

    if (tb_guest_cpu(sect(b, "cpu_start"), &c0) < 0 ||
        tb_guest_cpu(sect(b, "cpu_end"), &c1) < 0) {
        *err = g_strdup("qemu: the guest printed no CPU time counters "
                        "(@@ cpu_start, @@ cpu_end: rebuild the guest with "
                        "guest-images/build.sh)");
        return -1;
    }
    if (tb_guest_cpus(sc) > 1) {
        return cpu_times_smp(sc, b, &c0, &c1, r, err);
    }
    busy = sub0(sub0(c1.now, c0.now), sub0(c1.idle, c0.idle));
    tasks = sub0(c1.tasks, c0.tasks);
    ksoft = sub0(c1.ksoftirqd, c0.ksoftirqd);
    intr = sub0(busy, tasks) + ksoft;
    hard = MIN(sub0(c1.hardirq, c0.hardirq), intr);
    r->cpu.hardirq = round_ms(hard);
    r->cpu.softirq = sub0(round_ms(intr), r->cpu.hardirq);
    r->cpu.process = round_ms(sub0(tasks, ksoft));
    busy = r->cpu.hardirq + r->cpu.softirq + r->cpu.process;
    /* the guest's window (before the first frame to after the last) is
     * longer than the run's and idle outside the traffic */
    r->cpu.idle = sub0(sub0(r->sim_ns, r->init_ns), busy);
    return 0;
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

/* The guest's "affinity.@name=" result (guest-images/irq-affinity.sh),
 * or NULL. */
static const char *affinity_result(const TbGuestBlock *b, const char *name)
{
    char *key = g_strdup_printf("affinity.%s=", name);
    GPtrArray *res = sect(b, "result");
    const char *got = NULL;

    for (guint k = 0; k < res->len; k++) {
        const char *l = g_ptr_array_index(res, k);
        if (g_str_has_prefix(l, key)) {
            got = l + strlen(key);
        }
    }
    g_free(key);
    return got;
}

/* The CPU of every vector in an affinity result @got ("IRQ:CPU ...",
 * "shared:IRQ:CPU" for a line that follows another NIC's CPU): 0 and *cpu
 * when all vectors are on one CPU, *shared 1 if a line is shared; -1 if
 * a vector failed, there is none, or they are on several CPUs. */
static int affinity_cpu(const char *got, uint32_t *cpu, int *shared)
{
    char **v = g_strsplit(got, " ", -1);
    int rc = *v ? 0 : -1;

    *shared = 0;
    for (guint k = 0; v[k] && rc == 0; k++) {
        const char *t = v[k];
        guint64 q, c;
        char *e;
        if (g_str_has_prefix(t, "shared:")) {
            *shared = 1;
            t += 7;
        }
        q = g_ascii_strtoull(t, &e, 10);
        rc = e != t && *e == ':' && e[1] ? 0 : -1;
        c = rc == 0 ? g_ascii_strtoull(t = e + 1, &e, 10) : 0;
        rc = rc == 0 && e != t && !*e && (k == 0 || c == *cpu) ? 0 : -1;
        *cpu = (uint32_t)c;
        (void)q;
    }
    g_strfreev(v);
    return rc;
}

/* With several vCPUs, NIC @i's interrupt vectors are on its CPU: the
 * guest pinned them there and /proc/interrupts counts all of its
 * interrupts in that CPU's column.  A NIC without a `cpu` key whose line
 * it shares with an earlier NIC follows that NIC's CPU (the i440fx has
 * two INTx lines for the NICs); with a `cpu` given that is an error.
 * f->cpu gets the CPU.  0, or -1 with *err naming the key. */
static int iface_affinity(const TbScenario *sc, const TbGuestBlock *b,
                          uint32_t i, TbIfaceResult *f, char **err)
{
    const char *got = affinity_result(b, f->name);
    uint32_t want = tb_guest_nic_cpu(sc, i), cpu = 0;
    uint64_t on = 0;
    int shared = 0;

    if (!got || affinity_cpu(got, &cpu, &shared) < 0 ||
        (cpu != want && (!shared || sc->nic[i].cpu_plus1))) {
        *err = g_strdup_printf("qemu: [nic.%s] cpu = %u: the guest could "
                               "not pin %s's interrupt vectors there "
                               "(affinity.%s=%s; \"shared:IRQ:CPU\": a "
                               "NIC before it has the same line on CPU)",
                               f->name, want, f->name, f->name,
                               got ? got : "(none)");
        return -1;
    }
    f->cpu = cpu;
    if (tb_guest_interrupts_on(sect(b, "interrupts"), f->name, cpu,
                               &on) < 0 || on != f->interrupts) {
        *err = g_strdup_printf("qemu: [nic.%s] cpu = %u: the guest's "
                               "/proc/interrupts counts %" PRIu64 " of %s's "
                               "%" PRIu64 " interrupts on CPU %u", f->name,
                               cpu, on, f->name, f->interrupts, cpu);
        return -1;
    }
    return 0;
}

/* `ethtool -S` value @fmt (one %u: queue @q) of @lines; 0 if absent. */
static uint64_t qstat(GPtrArray *lines, const char *fmt, uint32_t q)
{
    char name[64];
    uint64_t v = 0;

    g_snprintf(name, sizeof(name), fmt, q);
    return tb_guest_ethtool(lines, name, &v) == 0 ? v : 0;
}

/* The CPU e1klab.affinity pinned vector @v of NIC @i to (the testbench's
 * rule: irq_affinity entry v mod n, else the NIC's CPU). */
static uint32_t vector_cpu(const TbScenario *sc, uint32_t i, uint32_t v)
{
    const TbNicCfg *n = &sc->nic[i];

    return n->nirq_cpus ? n->irq_cpus[v % n->nirq_cpus]
                        : tb_guest_nic_cpu(sc, i);
}

/* Queue pair @q of an 82598EB port from its vector's /proc/interrupts
 * line @vname (its count, all of it on its CPU with several vCPUs) and
 * the driver's ethtool -S queue counters.  0, or -1 with *err. */
static int queue_result(const TbScenario *sc, const TbGuestBlock *b,
                        uint32_t i, uint32_t q, const char *vname,
                        GPtrArray *et, TbQueueResult *x, char **err)
{
    uint64_t on = 0;

    x->cpu = vector_cpu(sc, i, q);
    if (tb_guest_cpus(sc) > 1 &&
        (tb_guest_interrupts_on(sect(b, "interrupts"), vname, x->cpu,
                                &on) < 0 || on != x->interrupts)) {
        *err = g_strdup_printf("qemu: [nic.%s] irq_affinity: the guest's "
                               "/proc/interrupts counts %" PRIu64 " of "
                               "%s's %" PRIu64 " interrupts on CPU %u",
                               sc->nic[i].name, on, vname, x->interrupts,
                               x->cpu);
        return -1;
    }
    x->tx_packets = qstat(et, "tx_queue_%u_packets", q);
    x->tx_bytes = qstat(et, "tx_queue_%u_bytes", q);
    x->rx_packets = qstat(et, "rx_queue_%u_packets", q);
    x->rx_bytes = qstat(et, "rx_queue_%u_bytes", q);
    x->polls = qstat(et, "queue_%u_polls", q);
    x->polls_complete = qstat(et, "queue_%u_polls_complete", q);
    x->polls_budget = qstat(et, "queue_%u_polls_budget", q);
    x->lro_aggregated = qstat(et, "queue_%u_lro_aggregated", q);
    x->lro_flushed = qstat(et, "queue_%u_lro_flushed", q);
    x->itr = (uint32_t)qstat(et, "queue_%u_itr", q);
    return 0;
}

/* An 82598EB port's interrupts and queue pairs: e1klab.ko names its
 * vectors as Linux ixgbe does, "IF-TxRx-N" per queue pair and "IF" for
 * the other causes; the port's count is all of its vectors'.  Queue
 * pairs: as many as the guest shows vectors for (at most `queues`).
 * 0, or -1 with *err. */
static int iface_queues(const TbScenario *sc, const TbGuestBlock *b,
                        uint32_t i, GPtrArray *et, TbIfaceResult *f,
                        char **err)
{
    GPtrArray *irq = sect(b, "interrupts");
    struct ixg_drv_params p;
    char vname[TB_NAME_LEN + 16];

    tb_nic_ixg_params(&sc->nic[i], &p);
    if (tb_guest_interrupts(irq, f->name, &f->irq, &f->interrupts) < 0) {
        *err = g_strdup_printf("qemu: the guest's /proc/interrupts has no "
                               "line naming %s", f->name);
        return -1;
    }
    for (uint32_t q = 0; q < p.queues && q < TB_MAX_QUEUES; q++) {
        TbQueueResult *x = &f->queue[q];
        uint32_t line;
        g_snprintf(vname, sizeof(vname), "%s-TxRx-%u", f->name, q);
        if (tb_guest_interrupts(irq, vname, &line, &x->interrupts) < 0) {
            break;
        }
        if (queue_result(sc, b, i, q, vname, et, x, err) < 0) {
            return -1;
        }
        f->interrupts += x->interrupts;
        f->nqueues = q + 1;
    }
    if (f->nqueues == 0) {
        *err = g_strdup_printf("qemu: the guest's /proc/interrupts has no "
                               "queue vector of %s (%s-TxRx-0)", f->name,
                               f->name);
        return -1;
    }
    f->cpu = vector_cpu(sc, i, f->nqueues);   /* the other causes' */
    return 0;
}

/* Interface @i: the device's totals, the driver's statistics, its
 * interrupt line and transmit timeouts; the NIC's dispositions added to
 * the run's.  0, or -1 with *err when the guest's /proc/interrupts has
 * no line for the interface (its count would be unknown, not 0). */
static int iface_result(const TbScenario *sc, const TbGuestBlock *b,
                        GPtrArray *stats, uint32_t i, TbResults *r,
                        char **err)
{
    TbIfaceResult *f = &r->iface[i];
    char *sname = g_strdup_printf("stats %s", sc->nic[i].name);
    char *wd = g_strdup_printf("NETDEV WATCHDOG: %s ", sc->nic[i].name);
    int rc = 0;
    char *et = g_strdup_printf("ethtool %s", sc->nic[i].name);

    g_strlcpy(f->name, sc->nic[i].name, sizeof(f->name));
    tb_guest_model_totals(stats, &f->nic);
    tb_guest_link_stats(sect(b, sname), &f->stats);
    tb_guest_ethtool_stats(sect(b, et), f->ethtool);
    e1k_drv_counters_from_ethtool(f->ethtool, &f->drv);
    if (sc->nic[i].chip == TB_CHIP_82598EB) {
        rc = iface_queues(sc, b, i, sect(b, et), f, err);
    } else if (tb_guest_interrupts(sect(b, "interrupts"), f->name, &f->irq,
                            &f->interrupts) < 0) {
        *err = g_strdup_printf("qemu: the guest's /proc/interrupts has no "
                               "line naming %s", f->name);
        rc = -1;
    } else if (tb_guest_cpus(sc) > 1) {
        rc = iface_affinity(sc, b, i, f, err);
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
    return rc;
}

/* Frames the guest's interfaces received (stats64 rx_packets, summed). */
static uint64_t rx_packets(const TbResults *r)
{
    uint64_t n = 0;

    for (uint32_t i = 0; i < r->niface; i++) {
        n += r->iface[i].stats.rx_packets;
    }
    return n;
}

/* The kernel: /proc/net/snmp, softnet_stat, softirqs, CPU time.  0 or
 * -1 with *err. */
static int kernel_counters(const TbScenario *sc, const TbGuestBlock *b,
                           TbResults *r, char **err)
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
    /* frames the interfaces received that never entered IPv4 input (ARP,
     * LLC, IS-IS, TIPC, ...: a protocol without handler is also counted
     * in the interface's rx_dropped), as the testbench's IPv4 input drops
     * every frame that is not IPv4; frames netif_rx refused (the
     * backlog's drops, non-NAPI drivers) never reached a protocol either
     * and are counted as backlog_drops only */
    tb_guest_softnet(sect(b, "softnet_stat"), &r->backlog_drops,
                     &r->time_squeeze);
    r->ip_dropped += sub0(rx_packets(r), snmp(sn, "Ip", "InReceives") +
                                         r->backlog_drops);
    if (tb_guest_softirqs(sect(b, "softirqs_start"), "NET_RX", &v0) == 0 &&
        tb_guest_softirqs(sect(b, "softirqs"), "NET_RX", &v1) == 0) {
        r->softirq_runs = sub0(v1, v0);
    }
    return cpu_times(sc, b, r, err);
}

/* The sections every forwarding run prints (guest-images/init); one
 * missing would read as zeros.  0, or -1 with *err naming it. */
static int required_sections(const TbScenario *sc, const TbGuestBlock *b,
                             char **err)
{
    static const char *const fixed[] = {"snmp", "softnet_stat",
                                        "softirqs_start", "softirqs",
                                        "interrupts", "dmesg"};
    char *name = NULL;

    for (size_t i = 0; i < G_N_ELEMENTS(fixed) && !name; i++) {
        if (!tb_guest_section(b, fixed[i])) {
            name = g_strdup(fixed[i]);
        }
    }
    for (uint32_t i = 0; i < sc->nnics && !name; i++) {
        char *s = g_strdup_printf("stats %s", sc->nic[i].name);
        if (!tb_guest_section(b, s)) {
            name = s;
        } else {
            g_free(s);
        }
    }
    if (name) {
        *err = g_strdup_printf("qemu: the guest's result block has no "
                               "\"@@ %s\" section", name);
        g_free(name);
        return -1;
    }
    return 0;
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
    if (required_sections(sc, b, err) == 0 &&
        read_stats(sc, work, stats, err) == 0) {
        offered_load(sc, p, stats, r);
        r->niface = sc->nnics;
        rc = 0;
        for (uint32_t i = 0; i < sc->nnics && rc == 0; i++) {
            rc = iface_result(sc, b, stats[i], i, r, err);
        }
        *link_up = count_lines(sect(b, "dmesg"), "Link is Up", "");
        *log_lines = sect(b, "dmesg")->len;
        if (rc == 0) {
            rc = kernel_counters(sc, b, r, err);
        }
        *kernel = guest_kernel(b);
    }
    for (uint32_t i = 0; i < TB_MAX_NICS; i++) {
        if (stats[i]) {
            g_ptr_array_unref(stats[i]);
        }
    }
    tb_guest_block_free(b);
    return rc;
}
