/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Scenario -> QEMU command line (qemu_cmdline.h; mapping documented in
 * docs/full-system.md, "e1klab run --backend qemu"). */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "ixgbe_drv.h"
#include "sim/profile.h"
#include "qemu/qemu_cmdline.h"
#include "scenario/scenario_load.h"
#include "traffic/traffic.h"

#ifndef E1KLAB_SOURCE_ROOT
#define E1KLAB_SOURCE_ROOT "."
#endif

/* Frames a plan may iterate per source before giving up (a pcap looped
 * without end or a generator far beyond what a guest run can take). */
#define PLAN_MAX_FRAMES UINT64_C(200000000)

static const char *base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

static void tsec(const TbTrafficCfg *t, char *buf, size_t n)
{
    g_snprintf(buf, n, "[traffic%s%s]", t->name[0] ? "." : "", t->name);
}

static int plan_source(const TbScenario *sc, int i, TbQemuPlan *p,
                       char **err)
{
    const TbTrafficCfg *t = &sc->traffic[i];
    const TbNicCfg *nic = &sc->nic[t->nic];
    TbSource *src;
    uint64_t limit = sc->run.duration_ns ? sc->run.duration_ns : UINT64_MAX;
    uint64_t ts, n = 0;
    const uint8_t *fr;
    uint32_t len;
    char sec[TB_NAME_LEN + 16];
    int r;

    tsec(t, sec, sizeof(sec));
    src = tb_source_new(t, nic->mac, nic->link_mbps, err);
    if (!src) {
        return -1;
    }
    p->first_ns[i] = p->last_ns[i] = t->start_ns;
    while ((r = tb_source_next(src, &ts, &fr, &len, err)) == 1) {
        if (ts > limit) {
            break;
        }
        if (n == 0) {
            p->first_ns[i] = ts;
        }
        p->last_ns[i] = ts;
        if (++n > PLAN_MAX_FRAMES) {
            tb_source_free(src);
            *err = g_strdup_printf("%s: %s: more than %" PRIu64 " frames: "
                                   "too long for a guest run (set count or "
                                   "[run] duration)", base(sc->file), sec,
                                   PLAN_MAX_FRAMES);
            return -1;
        }
    }
    tb_source_free(src);
    if (r < 0) {
        return -1;
    }
    p->count[i] = n;
    return 0;
}

/* 1 if @r is the on-link route of its NIC's own address (the guest's
 * kernel adds it with the address) */
static int connected(const TbScenario *sc, const TbRouteCfg *r)
{
    const TbNicCfg *n = &sc->nic[r->nic];
    uint32_t mask = r->prefix_len ? ~0u << (32 - r->prefix_len) : 0;

    return r->gateway == 0 && n->ip && r->prefix_len == n->prefix_len &&
           (n->ip & mask) == (r->prefix & mask);
}

/* The CPU clock (MHz): [host] cpu_mhz, else the cost profile's.  0 or
 * -1 with *err (profile not found or bad). */
static int plan_mhz(const TbScenario *sc, double *mhz, char **err)
{
    const TbHostCfg *h = &sc->host;
    TbProfile prof;
    char *path;
    int r;

    *mhz = h->cpu_mhz;
    if (*mhz > 0) {
        return 0;
    }
    path = h->profile_path[0]
               ? g_strdup(h->profile_path)
               : tb_profile_find(h->profile[0] ? h->profile : "piii-933",
                                 sc->file);
    if (!path) {
        *err = g_strdup_printf("%s: [host] profile '%s' not found (set "
                               "E1KLAB_PROFILE_DIR or host.profile_path)",
                               base(sc->file), h->profile);
        return -1;
    }
    r = tb_profile_load(&prof, path, 0, err);
    g_free(path);
    if (r == 0) {
        *mhz = prof.mhz;
    }
    return r < 0 ? -1 : 0;
}

/* Interface names the guest can give: 1-15 of [A-Za-z0-9_-], not the
 * e1kt* names it uses while renaming.  0 or -1 with *err. */
static int plan_ifnames(const TbScenario *sc, char **err)
{
    for (uint32_t i = 0; i < sc->nnics; i++) {
        const char *n = sc->nic[i].name;
        size_t l = strlen(n);
        if (l == 0 || l > 15 || strspn(n, "abcdefghijklmnopqrstuvwxyz"
                                          "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789_-") != l ||
            !strncmp(n, "e1kt", 4)) {
            *err = g_strdup_printf("%s: [nic.%s]: the guest cannot use this "
                                   "interface name (1-15 of [A-Za-z0-9_-], "
                                   "not e1kt*)", base(sc->file), n);
            return -1;
        }
    }
    return 0;
}

/* Every route but a NIC's on-link one needs a gateway.  0 or -1. */
static int plan_routes(const TbScenario *sc, char **err)
{
    for (uint32_t i = 0; i < sc->nroutes; i++) {
        if (sc->route[i].gateway == 0 && !connected(sc, &sc->route[i])) {
            *err = g_strdup_printf("%s: [route.*] to %s: the qemu backend "
                                   "needs a gateway (via)", base(sc->file),
                                   sc->nic[sc->route[i].nic].name);
            return -1;
        }
    }
    return 0;
}

/* What the device's replay can do with source @t (@fed: NICs already
 * fed by an earlier source): one source per NIC, pktgen with one frame
 * size, a whole pps or mbps up to 2^32-1.  0 or -1. */
static int plan_source_ok(const TbScenario *sc, const TbTrafficCfg *t,
                          const int *fed, char **err)
{
    const char *f = base(sc->file);
    char sec[TB_NAME_LEN + 16];

    tsec(t, sec, sizeof(sec));
    if (fed[t->nic]) {
        *err = g_strdup_printf("%s: %s: the qemu backend takes one "
                               "traffic source per NIC (%s is fed "
                               "twice)", f, sec, sc->nic[t->nic].name);
        return -1;
    }
    if (t->kind == TB_TRAFFIC_PKTGEN && t->imix_n) {
        *err = g_strdup_printf("%s: %s imix: not available with the "
                               "qemu backend (the device's generator "
                               "sends one frame size)", f, sec);
        return -1;
    }
    if ((t->pace == TB_PACE_PPS &&
         (t->pps != floor(t->pps) || t->pps > 4294967295.0)) ||
        (t->pace == TB_PACE_MBPS &&
         (t->mbps != floor(t->mbps) || t->mbps > 4294967295.0))) {
        *err = g_strdup_printf("%s: %s %s: the qemu backend takes a "
                               "whole number up to 4294967295", f, sec,
                               t->pace == TB_PACE_PPS ? "pps" : "mbps");
        return -1;
    }
    return 0;
}

/* Driver settings no guest driver can take: a NAPI weight other than
 * Linux's 64 (neither e1klab.ko nor e1000 has a weight parameter) and
 * per-port copybreak (a single module parameter).  The stock driver's
 * own limits are the loader's (scenario_guest.c).  0 or -1. */
static int plan_driver(const TbScenario *sc, char **err)
{
    for (uint32_t i = 0; i < sc->nnics; i++) {
        const struct e1k_drv_params *d = &sc->nic[i].drv;
        if (d->weight != 64) {
            *err = g_strdup_printf("%s: [nic.%s] weight %u: the guest's "
                                   "driver polls with NAPI weight 64 (no "
                                   "parameter)", base(sc->file),
                                   sc->nic[i].name, d->weight);
            return -1;
        }
        if (sc->nic[i].mtu != 1500 || sc->nic[i].promisc) {
            *err = g_strdup_printf("%s: [nic.%s] mtu %u, promisc %s: the "
                                   "guest sets neither (MTU 1500, not "
                                   "promiscuous)", base(sc->file),
                                   sc->nic[i].name, sc->nic[i].mtu,
                                   sc->nic[i].promisc ? "true" : "false");
            return -1;
        }
        if (d->XsumTX || d->TSO) {
            *err = g_strdup_printf("%s: [nic.%s] %s 1: the guest's driver "
                                   "offers no transmit offload (testbench "
                                   "only)", base(sc->file), sc->nic[i].name,
                                   d->TSO ? "TSO" : "XsumTX");
            return -1;
        }
        if (sc->nic[i].fault_tx_stall_ns || sc->nic[i].fault_rx_stall_ns) {
            *err = g_strdup_printf("%s: [nic.%s] fault_%s_stall_at: fault "
                                   "injection is testbench only",
                                   base(sc->file), sc->nic[i].name,
                                   sc->nic[i].fault_tx_stall_ns ? "tx"
                                                                : "rx");
            return -1;
        }
        if (d->copybreak != sc->nic[0].drv.copybreak) {
            *err = g_strdup_printf("%s: [nic.%s] copybreak %u: the guest's "
                                   "driver takes one copybreak for all "
                                   "ports (%u on %s)", base(sc->file),
                                   sc->nic[i].name, d->copybreak,
                                   sc->nic[0].drv.copybreak,
                                   sc->nic[0].name);
            return -1;
        }
    }
    return 0;
}

/* The 82598EB on this backend: -device e1klab-82598eb driven by
 * e1klab_ixgbe.ko, with every NIC an 82598EB: the guest loads one driver
 * module (e1klab.ko drives only the e1000s), whose per-port parameter
 * arrays are positional.  0 or -1 with *err. */
static int plan_chips(const TbScenario *sc, char **err)
{
    uint32_t n598 = 0;

    for (uint32_t i = 0; i < sc->nnics; i++) {
        n598 += sc->nic[i].chip == TB_CHIP_82598EB;
    }
    for (uint32_t i = 0; n598 && i < sc->nnics; i++) {
        const TbNicCfg *n = &sc->nic[i];
        if (n->chip != TB_CHIP_82598EB) {
            *err = g_strdup_printf("%s: [nic.%s] chip %s: the qemu backend "
                                   "runs an 82598EB only when every NIC is "
                                   "one (the guest loads one driver "
                                   "module: e1klab_ixgbe.ko drives no "
                                   "e1000)", base(sc->file),
                                   n->name, tb_chip_name(n->chip));
            return -1;
        }
        if (sc->guest.driver == TB_GUEST_STOCK) {
            *err = g_strdup_printf("%s: [nic.%s] chip 82598EB: [guest] "
                                   "driver = stock is Linux's e1000; the "
                                   "82598EB runs with driver = e1klab",
                                   base(sc->file), n->name);
            return -1;
        }
    }
    return 0;
}

int tb_qemu_plan(const TbScenario *sc, TbQemuPlan *p, char **err)
{
    uint64_t end_ns = 0;
    int fed[TB_MAX_NICS] = {0};
    double s;

    memset(p, 0, sizeof(*p));
    if (plan_chips(sc, err) < 0 || plan_mhz(sc, &p->mhz, err) < 0) {
        return -1;
    }
    p->ixgbe = sc->nnics && sc->nic[0].chip == TB_CHIP_82598EB;
    s = round(log2(1000.0 / p->mhz));
    p->shift = s > 0 ? (uint32_t)s : 0;
    p->cpus = tb_guest_cpus(sc);
    if (plan_ifnames(sc, err) < 0 || plan_routes(sc, err) < 0 ||
        plan_driver(sc, err) < 0) {
        return -1;
    }
    for (uint32_t i = 0; i < sc->nsources; i++) {
        const TbTrafficCfg *t = &sc->traffic[i];
        if (plan_source_ok(sc, t, fed, err) < 0 ||
            plan_source(sc, (int)i, p, err) < 0) {
            return -1;
        }
        fed[t->nic] = 1;
        if (p->last_ns[i] > end_ns) {
            end_ns = p->last_ns[i];
        }
    }
    /* the guest sleeps this long after its setup (which ends after the
     * receiver is enabled), then waits until its counters stop moving */
    p->wait_s = (uint32_t)((TB_QEMU_REPLAY_DELAY_NS + end_ns +
                            sc->run.drain_ns + 999999999u) / 1000000000u) + 1;
    return 0;
}

static char *find_file(const char *env, const char *dflt_dir,
                       const char *name)
{
    const char *e = g_getenv(env);
    if (e && *e) {
        return name ? g_build_filename(e, name, NULL) : g_strdup(e);
    }
    return g_build_filename(E1KLAB_SOURCE_ROOT, dflt_dir, name, NULL);
}

int tb_qemu_find(TbQemuPaths *paths, bool ixgbe, char **err)
{
    char *const *f[3] = {&paths->qemu, &paths->kernel, &paths->initrd};

    paths->qemu = find_file("E1KLAB_QEMU", "qemu-build/build",
                            "qemu-system-x86_64");
    {
        /* $E1KLAB_QEMU names the binary itself */
        const char *e = g_getenv("E1KLAB_QEMU");
        if (e && *e) {
            g_free(paths->qemu);
            paths->qemu = g_strdup(e);
        }
    }
    paths->kernel = find_file("E1KLAB_GUEST", "qemu-build/guest", "vmlinuz");
    paths->initrd = find_file("E1KLAB_GUEST", "qemu-build/guest",
                              ixgbe ? "initrd-ixgbe.gz" : "initrd.gz");
    for (int i = 0; i < 3; i++) {
        char **fp = (char **)f[i];
        char *abs = g_canonicalize_filename(*fp, NULL);
        const char *path;
        g_free(*fp);
        *fp = abs;
        path = abs;
        if (access(path, i == 0 ? X_OK : R_OK) != 0) {
            *err = g_strdup_printf("%s: missing: run scripts/build-qemu.sh "
                                   "and guest-images/build.sh (or set "
                                   "E1KLAB_QEMU / E1KLAB_GUEST)", path);
            return -1;
        }
    }
    return 0;
}

void tb_qemu_paths_clear(TbQemuPaths *paths)
{
    g_free(paths->qemu);
    g_free(paths->kernel);
    g_free(paths->initrd);
    memset(paths, 0, sizeof(*paths));
}

char *tb_qemu_qesc(const char *s)
{
    GString *g = g_string_new(NULL);
    for (; *s; s++) {
        g_string_append_c(g, *s);
        if (*s == ',') {
            g_string_append_c(g, ',');
        }
    }
    return g_string_free(g, FALSE);
}

static void add_mac(GString *g, const char *prop, const uint8_t mac[6])
{
    char m[18];
    tb_format_mac(mac, m);
    g_string_append_printf(g, ",%s=%s", prop, m);
}

static void add_ip(GString *g, const char *prop, uint32_t ip)
{
    char a[16];
    tb_format_ipv4(ip, a);
    g_string_append_printf(g, ",%s=%s", prop, a);
}

static const char *const pace_names[] = {"captured", "pps", "mbps",
                                         "topspeed"};

static void replay_props(GString *g, const TbScenario *sc,
                         const TbQemuPlan *p, int i)
{
    const TbTrafficCfg *t = &sc->traffic[i];

    g_string_append_printf(g, ",replay-start-ns=%" PRIu64,
                           TB_QEMU_REPLAY_DELAY_NS + t->start_ns);
    if (t->kind == TB_TRAFFIC_PKTGEN) {
        g_string_append(g, ",replay=gen");
        g_string_append_printf(g, ",replay-size=%u,replay-flows=%u",
                               t->frame_size, t->flows ? t->flows : 1);
        add_ip(g, "replay-src-ip", t->src_ip);
        add_ip(g, "replay-dst-ip", t->dst_ip);
        add_mac(g, "replay-src-mac", t->src_mac);
        {
            static const uint8_t zero[6];
            add_mac(g, "replay-dst-mac",
                    memcmp(t->dst_mac, zero, 6) ? t->dst_mac
                                                : sc->nic[t->nic].mac);
        }
        g_string_append_printf(g, ",replay-sport=%u,replay-dport=%u",
                               t->udp_src_port, t->udp_dst_port);
    } else {
        /* QEMU runs in its own directory: an absolute path */
        char *abs = g_canonicalize_filename(t->pcap, NULL);
        char *e = tb_qemu_qesc(abs);
        g_free(abs);
        g_string_append_printf(g, ",replay=%s,replay-loop=%u", e,
                               t->loop ? t->loop : 1);
        g_free(e);
        if (t->rewrite_dst_mac) {
            g_string_append(g, ",replay-rewrite-dst-mac=on");
        }
    }
    g_string_append_printf(g, ",replay-pace=%s", pace_names[t->pace & 3]);
    if (t->pace == TB_PACE_PPS) {
        g_string_append_printf(g, ",replay-pps=%.0f", t->pps);
    } else if (t->pace == TB_PACE_MBPS) {
        g_string_append_printf(g, ",replay-mbps=%.0f", t->mbps);
    } else if (t->pace == TB_PACE_CAPTURED) {
        char m[G_ASCII_DTOSTR_BUF_SIZE];
        g_string_append_printf(g, ",replay-multiplier=%s",
                               g_ascii_dtostr(m, sizeof(m), t->multiplier));
    }
    /* the planned count: also cuts the replay where [run] duration ends
     * (a whole capture is left uncut, so its end counts the pass) */
    if (t->kind == TB_TRAFFIC_PKTGEN || t->count || sc->run.duration_ns) {
        g_string_append_printf(g, ",replay-count=%" PRIu64, p->count[i]);
    }
}

/* The guest's kernel command line, interface names: eth0, eth1 ... in
 * PCI order unless the scenario renames them. */
static void append_ifnames(GString *app, const TbScenario *sc)
{
    int renamed = 0;

    for (uint32_t i = 0; i < sc->nnics; i++) {
        char want[16];
        g_snprintf(want, sizeof(want), "eth%u", i);
        renamed |= strcmp(sc->nic[i].name, want) != 0;
    }
    if (renamed) {
        g_string_append(app, " e1klab.ifnames=");
        for (uint32_t i = 0; i < sc->nnics; i++) {
            g_string_append_printf(app, "%s%s", i ? "," : "",
                                   sc->nic[i].name);
        }
    }
}

/* Driver module parameters: one value per NIC (Intel e1000 arrays);
 * copybreak is a single value (plan_driver: the same on every NIC).
 * e1klab.ko also takes each NIC's `mode` (docs/full-system.md). */
/* e1klab_ixgbe.ko's parameters (plan_chips: all NICs are 82598EBs):
 * the 82598EB core's, from tb_nic_ixg_params. */
static void append_modparams_82598(GString *app, const TbScenario *sc)
{
    struct ixg_drv_params p[TB_MAX_NICS];

    for (uint32_t i = 0; i < sc->nnics; i++) {
        tb_nic_ixg_params(&sc->nic[i], &p[i]);
    }
    g_string_append(app, " e1klab.driver=e1klab_ixgbe e1klab.modparams=mode=");
    for (uint32_t i = 0; i < sc->nnics; i++) {
        g_string_append_printf(app, "%s%s", i ? "," : "",
                               e1k_drv_mode_name(p[i].mode));
    }
#define ARR(field)                                                         \
    do {                                                                   \
        g_string_append(app, ":" #field "=");                              \
        for (uint32_t i = 0; i < sc->nnics; i++) {                         \
            g_string_append_printf(app, "%s%u", i ? "," : "", p[i].field); \
        }                                                                  \
    } while (0)
    ARR(TxDescriptors);
    ARR(RxDescriptors);
    ARR(InterruptThrottleRate);
    ARR(XsumRX);
    ARR(queues);
    ARR(LRO);
    ARR(udp_rss);
#undef ARR
}

static void append_modparams(GString *app, const TbScenario *sc)
{
    if (sc->nnics && sc->nic[0].chip == TB_CHIP_82598EB) {
        append_modparams_82598(app, sc);  /* plan_chips: all are */
        return;
    }
    if (sc->guest.driver == TB_GUEST_E1KLAB) {
        g_string_append(app, " e1klab.driver=e1klab e1klab.modparams=mode=");
        for (uint32_t i = 0; i < sc->nnics; i++) {
            g_string_append_printf(app, "%s%s", i ? "," : "",
                                   e1k_drv_mode_name(sc->nic[i].drv.mode));
        }
        g_string_append(app, ":");
    } else {
        g_string_append(app, " e1klab.modparams=");
    }
#define ARR(field, sep)                                                    \
    do {                                                                   \
        g_string_append(app, sep #field "=");                              \
        for (uint32_t i = 0; i < sc->nnics; i++) {                         \
            g_string_append_printf(app, "%s%u", i ? "," : "",              \
                                   sc->nic[i].drv.field);                  \
        }                                                                  \
    } while (0)
    ARR(TxDescriptors, "");
    ARR(RxDescriptors, ":");
    ARR(RxIntDelay, ":");
    ARR(RxAbsIntDelay, ":");
    ARR(TxIntDelay, ":");
    ARR(TxAbsIntDelay, ":");
    ARR(InterruptThrottleRate, ":");
    ARR(XsumRX, ":");
    ARR(FlowControl, ":");
#undef ARR
    g_string_append_printf(app, ":copybreak=%u", sc->nic[0].drv.copybreak);
}

/* Kernel parameters (sysctl) and the interfaces' addresses. */
static void append_host(GString *app, const TbScenario *sc)
{
    g_string_append_printf(app,
                           " e1klab.sysctl=net.core.netdev_max_backlog=%u"
                           " e1klab.sysctl=net.core.netdev_budget=%u"
                           " e1klab.sysctl=net.core.netdev_budget_usecs=%u"
                           " e1klab.sysctl=net.core.dev_weight=%u"
                           " e1klab.ip_forward=%u",
                           sc->host.netdev_max_backlog,
                           sc->host.netdev_budget,
                           sc->host.netdev_budget_usecs,
                           sc->host.dev_weight, sc->host.ip_forward ? 1 : 0);
    for (uint32_t i = 0; i < sc->nnics; i++) {
        if (sc->nic[i].ip) {
            char ip[16];
            tb_format_ipv4(sc->nic[i].ip, ip);
            g_string_append_printf(app, " e1klab.addr=%s,%s/%u",
                                   sc->nic[i].name, ip,
                                   sc->nic[i].prefix_len);
        }
    }
}

/* Route @i (not an on-link one), and the gateway's MAC: the NIC's peer
 * (a permanent ARP entry), once per gateway and NIC. */
static void append_route(GString *app, const TbScenario *sc, uint32_t i)
{
    const TbRouteCfg *r = &sc->route[i];
    const char *dev = sc->nic[r->nic].name;
    char net[16], gw[16], mac[18];
    int dup = 0;

    tb_format_ipv4(r->prefix, net);
    tb_format_ipv4(r->gateway, gw);
    if (r->prefix_len == 0) {
        g_string_append_printf(app, " e1klab.route=default,%s,%s", gw, dev);
    } else {
        g_string_append_printf(app, " e1klab.route=%s/%u,%s,%s", net,
                               r->prefix_len, gw, dev);
    }
    for (uint32_t j = 0; j < i; j++) {
        dup |= sc->route[j].gateway == r->gateway &&
               sc->route[j].nic == r->nic;
    }
    if (!dup) {
        tb_format_mac(sc->nic[r->nic].peer_mac, mac);
        g_string_append_printf(app, " e1klab.neigh=%s,%s,%s", gw, mac, dev);
    }
}

/* With several vCPUs: each NIC's interrupt vectors to its CPU. */
static void append_affinity(GString *app, const TbScenario *sc,
                            const TbQemuPlan *p)
{
    for (uint32_t i = 0; p->cpus > 1 && i < sc->nnics; i++) {
        const TbNicCfg *n = &sc->nic[i];
        if (n->nirq_cpus) {
            /* irq_affinity: vector v on entry v mod n (the guest's
             * irq-affinity.sh goes round the list the same way) */
            g_string_append_printf(app, " e1klab.affinity=%s", n->name);
            for (uint32_t k = 0; k < n->nirq_cpus; k++) {
                g_string_append_printf(app, ",%u", n->irq_cpus[k]);
            }
            continue;
        }
        g_string_append_printf(app, " e1klab.affinity=%s,%u",
                               n->name, tb_guest_nic_cpu(sc, i));
    }
}

char *tb_qemu_words(const TbScenario *sc, const TbQemuPlan *p)
{
    GString *app = g_string_new("e1klab.mode=forward");

    append_ifnames(app, sc);
    append_affinity(app, sc, p);
    append_modparams(app, sc);
    append_host(app, sc);
    for (uint32_t i = 0; i < sc->nroutes; i++) {
        if (!connected(sc, &sc->route[i])) {
            append_route(app, sc, i);
        }
    }
    g_string_append_printf(app, " e1klab.wait=%u", p->wait_s);
    return g_string_free(app, FALSE);
}

/* ",@prop=@work/@nic@suffix", the path escaped for QEMU. */
static void add_work_file(GString *d, const char *prop, const char *work,
                          const char *nic, const char *suffix)
{
    char *path = g_strdup_printf("%s/%s%s", work, nic, suffix);
    char *e = tb_qemu_qesc(path);

    g_string_append_printf(d, ",%s=%s", prop, e);
    g_free(e);
    g_free(path);
}

char *tb_qemu_device_slot(const TbScenario *sc, uint32_t i)
{
    E1kChip c = sc->nic[i].chip;

    return g_strdup_printf("%s,addr=%02x.0",
                           c == TB_CHIP_82598EB   ? "e1klab-82598eb"
                           : c == E1K_CHIP_82540EM ? "e1klab-82540em"
                                                   : "e1klab-82545em",
                           4 + i);
}

char *tb_qemu_device_arg(const TbScenario *sc, const TbQemuPlan *p,
                         const char *work, int capture, uint32_t i)
{
    const TbNicCfg *n = &sc->nic[i];
    char *slot = tb_qemu_device_slot(sc, i);
    GString *d = g_string_new(slot);

    g_free(slot);
    add_mac(d, "mac", n->mac);
    if (n->chip == TB_CHIP_82598EB) {
        /* links at 10000 (scenario_82598.c), no link partner setting */
        g_string_append_printf(d, ",bus-timing=%s", n->bus_name);
    } else {
        g_string_append_printf(d, ",bus-timing=%s,link-mbps=%u",
                               n->bus_name, n->link_mbps);
    }
    if (n->chip != TB_CHIP_82598EB && strcmp(n->partner, "auto") != 0) {
        g_string_append_printf(d, ",link-partner=%s", n->partner);
    }
    add_work_file(d, "stats", work, n->name, ".stats");
    if (capture) {
        add_work_file(d, "capture", work, n->name, "-tx.pcap");
    }
    for (uint32_t s = 0; s < sc->nsources; s++) {
        /* a source with no frame to offer gets no replay at all */
        if (sc->traffic[s].nic == (int)i && p->count[s] > 0) {
            replay_props(d, sc, p, (int)s);
        }
    }
    return g_string_free(d, FALSE);
}

/* The machine: PC, 256 MiB, serial console on stdio, no default devices
 * and no network but ours, deterministic time (-icount, -rtc clock=vm),
 * the guest kernel and initrd; -smp with several vCPUs. */
static const char *const machine_args[] = {
    "-M", "pc", "-m", "256", "-nographic", "-no-reboot", "-nodefaults",
    "-serial", "stdio", "-net", "none",
    "-L", "/usr/share/qemu", "-L", "/usr/share/seabios",
};

void tb_qemu_argv_machine(GPtrArray *a, const TbQemuPlan *p,
                          const TbQemuPaths *paths, const char *append)
{
    g_ptr_array_add(a, g_strdup(paths->qemu));
    for (size_t i = 0; i < G_N_ELEMENTS(machine_args); i++) {
        g_ptr_array_add(a, g_strdup(machine_args[i]));
    }
    if (p->cpus > 1) {
        g_ptr_array_add(a, g_strdup("-smp"));
        g_ptr_array_add(a, g_strdup_printf("%u", p->cpus));
    }
    g_ptr_array_add(a, g_strdup("-icount"));
    g_ptr_array_add(a, g_strdup_printf("shift=%u,sleep=off", p->shift));
    g_ptr_array_add(a, g_strdup("-rtc"));
    g_ptr_array_add(a, g_strdup("clock=vm,base=2020-01-01"));
    g_ptr_array_add(a, g_strdup("-kernel"));
    g_ptr_array_add(a, g_strdup(paths->kernel));
    g_ptr_array_add(a, g_strdup("-initrd"));
    g_ptr_array_add(a, g_strdup(paths->initrd));
    g_ptr_array_add(a, g_strdup("-append"));
    g_ptr_array_add(a, g_strdup(append));
}

char **tb_qemu_argv(const TbScenario *sc, const TbQemuPlan *p,
                    const TbQemuPaths *paths, const char *work, int capture)
{
    GPtrArray *a = g_ptr_array_new();
    char *words = tb_qemu_words(sc, p);
    char *app = g_strconcat(TB_QEMU_BOOT_APPEND " ", words, NULL);

    tb_qemu_argv_machine(a, p, paths, app);
    g_free(app);
    g_free(words);
    for (uint32_t i = 0; i < sc->nnics; i++) {
        g_ptr_array_add(a, g_strdup("-device"));
        g_ptr_array_add(a, tb_qemu_device_arg(sc, p, work, capture, i));
    }
    g_ptr_array_add(a, NULL);
    return (char **)g_ptr_array_free(a, FALSE);
}
