/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The sections of a scenario file: each applies its defaults, parses its
 * keys through the key registry (scenario_keys.c) and checks the rules
 * that span keys: profile vs profile_path, netdev_budget_usecs from hz,
 * the driver's own parameter check, interface names, unicast and unique
 * station addresses, link speeds, NIC references, pps/mbps for their pace
 * (the pace itself: scenario_pace.c), keys
 * of one traffic kind only, udp_payload vs imix vs frame_size, and the
 * count a pktgen source needs without a run duration, CPU numbers within
 * host.cpus, the profile file (read here so that its errors point at
 * the key) and a capture that is a regular file.
 */
#include <string.h>
#include <sys/stat.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "scenario/scenario_ld.h"
#include "scenario/scenario_load.h"
#include "sim/profile.h"
#include "traffic/trf.h"

/** The ceiling of simulated time in s, for messages (docs/scenarios.md). */
#define TIME_MAX_S ((double)TRF_TIME_MAX_NS / 1e9)

/* ---- [scenario], [run] ---- */

int tb_ld_scenario(TbLd *ld)
{
    const char *g = "scenario";

    if (!tb_ld_has_group(ld, g)) {
        return 0;
    }
    if (tb_ld_check_keys(ld, g, TB_SEC_SCENARIO, -1) < 0) {
        return -1;
    }
    return tb_ld_keys(ld, g, TB_SEC_SCENARIO, ld->sc, NULL, NULL);
}

int tb_ld_run(TbLd *ld)
{
    const char *g = "run";
    TbRunCfg *r = &ld->sc->run;

    if (!tb_ld_has_group(ld, g)) {
        return 0;
    }
    if (tb_ld_check_keys(ld, g, TB_SEC_RUN, -1) < 0 ||
        tb_ld_keys(ld, g, TB_SEC_RUN, r, NULL, NULL) < 0) {
        return -1;
    }
    if (r->sample_ns < 1000) {
        return tb_ld_fail(ld, g, "sample", "must be at least 1us");
    }
    return 0;
}

/* ---- [host] ---- */

/* h->profile = base name of h->profile_path without ".ini" */
static void profile_from_path(TbHostCfg *h)
{
    char *base = g_path_get_basename(h->profile_path);

    if (g_str_has_suffix(base, ".ini")) {
        base[strlen(base) - 4] = 0;
    }
    g_strlcpy(h->profile, base, sizeof(h->profile));
    g_free(base);
}

/* profile = NAME (looked up now, so the error points at the key) or a
 * file (a value with '/' or ending in ".ini") */
static int host_profile(TbLd *ld, TbHostCfg *h)
{
    const char *g = "host";
    TbKeyDef as_path = *tb_key_find(TB_SEC_HOST, "profile_path");
    char *v, *found;
    int isfile;

    if (!tb_ld_has(ld, g, "profile")) {
        return 0;
    }
    v = tb_ld_val(ld, g, "profile");
    isfile = strchr(v, '/') || g_str_has_suffix(v, ".ini");
    g_free(v);
    if (isfile) {
        as_path.key = "profile";
        if (tb_ld_key(ld, g, &as_path, h) < 0) {
            return -1;
        }
        profile_from_path(h);
        return 0;
    }
    if (tb_ld_key(ld, g, tb_key_find(TB_SEC_HOST, "profile"), h) < 0) {
        return -1;
    }
    if (tb_ld_has(ld, g, "profile_path")) {
        return 0;
    }
    found = tb_profile_find(h->profile, ld->sc->file);
    if (!found) {
        return tb_ld_fail(ld, g, "profile", "no profile '%s' (looked for "
                          "profiles/%s.ini; set E1KLAB_PROFILE_DIR or "
                          "[host] profile_path)", h->profile, h->profile);
    }
    g_free(found);
    return 0;
}

/* profile_path = an explicit profile file, relative to the scenario */
static int host_profile_path(TbLd *ld, TbHostCfg *h)
{
    const char *g = "host";

    if (!tb_ld_has(ld, g, "profile_path")) {
        return 0;
    }
    if (tb_ld_key(ld, g, tb_key_find(TB_SEC_HOST, "profile_path"), h) < 0) {
        return -1;
    }
    if (!g_file_test(h->profile_path, G_FILE_TEST_IS_REGULAR)) {
        return tb_ld_fail(ld, g, "profile_path", "%s: no such file",
                          h->profile_path);
    }
    if (!tb_ld_has(ld, g, "profile")) {
        profile_from_path(h);
    }
    return 0;
}

/* The profile the run will use (profile_path, or the file the name
 * finds), read now: a missing, non-regular or malformed file is an error
 * at the key that chose it (at [host] for the default name).  What was
 * read is kept in h->prof for the run. */
static int host_profile_load(TbLd *ld, TbHostCfg *h)
{
    const char *key = tb_ld_has(ld, "host", "profile_path") ? "profile_path"
                      : tb_ld_has(ld, "host", "profile")    ? "profile"
                                                            : NULL;
    char *path = h->profile_path[0] ? g_strdup(h->profile_path)
                                    : tb_profile_find(h->profile,
                                                      ld->sc->file);
    TbProfile *prof = g_new0(TbProfile, 1);
    char *why = NULL;
    int r = 0;

    if (!path) {
        r = tb_ld_fail(ld, "host", key, "no profile '%s' (looked for "
                       "profiles/%s.ini; set E1KLAB_PROFILE_DIR or [host] "
                       "profile_path)", h->profile, h->profile);
    } else if (!g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
        r = tb_ld_fail(ld, "host", key, "%s: not a regular file", path);
    } else if (tb_profile_load(prof, path, h->cpu_mhz, &why) < 0) {
        r = tb_ld_fail(ld, "host", key, "%s", why);
    } else if (strlen(path) < sizeof(h->prof_file)) {
        h->prof = *prof;
        g_strlcpy(h->prof_file, path, sizeof(h->prof_file));
        h->prof_cpu_mhz = h->cpu_mhz;
    }
    g_free(why);
    g_free(prof);
    g_free(path);
    return r;
}

/* sink_cpu within host.cpus (a NIC's cpu: nic_rules) */
static int host_rules(TbLd *ld, TbHostCfg *h)
{
    if (h->sink_cpu >= h->cpus) {
        return tb_ld_fail(ld, "host", "sink_cpu", "%u is not a CPU of the "
                          "host (cpus = %u: 0..%u)", h->sink_cpu, h->cpus,
                          h->cpus - 1);
    }
    return host_profile_load(ld, h);
}

int tb_ld_host(TbLd *ld)
{
    const char *g = "host";
    TbHostCfg *h = &ld->sc->host;

    if (tb_ld_has_group(ld, g) &&
        (tb_ld_check_keys(ld, g, TB_SEC_HOST, -1) < 0 ||
         host_profile(ld, h) < 0 || host_profile_path(ld, h) < 0 ||
         tb_ld_keys(ld, g, TB_SEC_HOST, h, NULL, NULL) < 0)) {
        return -1;
    }
    if (host_rules(ld, h) < 0) {
        return -1;
    }
    if (!tb_ld_has(ld, g, "netdev_budget_usecs")) {
        /* two jiffies, as net_rx_action's time limit */
        h->netdev_budget_usecs = 2 * 1000000u / h->hz;
    }
    return 0;
}

/* ---- [driver] and the driver keys of [nic.NAME] ---- */

/* A message "KEY: text" from e1k_drv_params_check(): point at KEY in
 * section @g if given there, else in [driver]. */
static int drv_fail(TbLd *ld, const char *g, const char *msg)
{
    const char *colon = strstr(msg, ": ");
    char *key = colon ? g_strndup(msg, (gsize)(colon - msg)) : NULL;
    int r;

    if (key && tb_ld_has(ld, g, key)) {
        r = tb_ld_fail(ld, g, key, "%s", colon + 2);
    } else if (key && tb_ld_has(ld, "driver", key)) {
        r = tb_ld_fail(ld, "driver", key, "%s", colon + 2);
    } else {
        r = tb_ld_fail(ld, g, NULL, "driver parameters: %s", msg);
    }
    g_free(key);
    return r;
}

/* the driver keys of @g over *p, then the driver's own check */
static int driver_keys(TbLd *ld, const char *g, struct e1k_drv_params *p)
{
    const char *msg;

    if (tb_ld_keys(ld, g, TB_SEC_DRIVER, p, NULL, NULL) < 0) {
        return -1;
    }
    msg = e1k_drv_params_check(p);
    return msg ? drv_fail(ld, g, msg) : 0;
}

int tb_ld_driver(TbLd *ld, struct e1k_drv_params *base)
{
    e1k_drv_params_default(base);
    if (!tb_ld_has_group(ld, "driver")) {
        return 0;
    }
    if (tb_ld_check_keys(ld, "driver", TB_SEC_DRIVER, -1) < 0) {
        return -1;
    }
    return driver_keys(ld, "driver", base);
}

/* ---- [nic.NAME] ---- */

bool tb_ld_valid_name(const char *n, size_t size)
{
    size_t l = strlen(n);

    if (l == 0 || l >= size) {
        return false;
    }
    for (const char *p = n; *p; p++) {
        if (!g_ascii_isalnum(*p) && *p != '_' && *p != '-') {
            return false;
        }
    }
    return true;
}

/* NIC number @i named @name: table defaults, then the numbered ones */
static void nic_defaults(TbNicCfg *n, uint32_t i, const char *name,
                         const struct e1k_drv_params *base)
{
    memset(n, 0, sizeof(*n));
    tb_keys_default(TB_SEC_NIC, n);
    g_strlcpy(n->name, name, sizeof(n->name));
    n->irq = 16 + i;
    n->peer_mac[0] = 0x02;
    n->peer_mac[4] = 0x01;
    n->peer_mac[5] = (uint8_t)(i + 1);
    n->drv = *base;
}

/* rules on a parsed NIC: IRQ CPU within host.cpus; link speed; station
 * address unique */
/* [nic] partner: the description parsed into the NIC's partner fields;
 * its fastest mode at or below link_mbps must be at link_mbps (the model's
 * rule, e1k_config_valid). */
static int partner_rule(TbLd *ld, const char *g, TbNicCfg *n)
{
    E1kConfig c;

    e1k_config_default(&c);
    c.link_mbps = n->link_mbps;
    if (e1k_partner_parse(n->partner, &c) < 0) {
        return tb_ld_fail(ld, g, "partner", "'%s' is not auto, auto:MODES "
                          "or forced:MODE (modes 10half, 10full, 100half, "
                          "100full, 1000half, 1000full joined by +)",
                          n->partner);
    }
    if (!(e1k_partner_modes(&c) &
          (n->link_mbps == 1000 ? E1K_LP_1000HD | E1K_LP_1000FD
           : n->link_mbps == 100 ? E1K_LP_100HD | E1K_LP_100FD
                                 : E1K_LP_10HD | E1K_LP_10FD))) {
        return tb_ld_fail(ld, g, "partner", "'%s' has no mode at link_mbps "
                          "%u (the partner's top speed)", n->partner,
                          n->link_mbps);
    }
    n->partner_modes = c.partner_modes;
    n->partner_autoneg = c.partner_autoneg;
    return 0;
}

static int nic_rules(TbLd *ld, const char *g, TbNicCfg *n)
{
    const TbScenario *sc = ld->sc;

    if (n->cpu_plus1 > sc->host.cpus) {
        return tb_ld_fail(ld, g, "cpu", "%u is not a CPU of the host "
                          "([host] cpus = %u: 0..%u)", n->cpu_plus1 - 1,
                          sc->host.cpus, sc->host.cpus - 1);
    }
    if (n->chip == TB_CHIP_82598EB) {
        if (tb_ld_nic_82598(ld, g, n) < 0) {
            return -1;
        }
    } else if (tb_ld_nic_not_82598(ld, g) < 0) {
        return -1;
    } else if (n->link_mbps != 10 && n->link_mbps != 100 &&
               n->link_mbps != 1000) {
        return tb_ld_fail(ld, g, "link_mbps", "%u is not a link speed (10, "
                          "100, 1000)", n->link_mbps);
    } else if (partner_rule(ld, g, n) < 0 ||
               driver_keys(ld, g, &n->drv) < 0) {
        return -1;
    }
    for (uint32_t i = 0; i < sc->nnics; i++) {
        if (!memcmp(sc->nic[i].mac, n->mac, 6)) {
            return tb_ld_fail(ld, g, "mac", "same address as [nic.%s]",
                              sc->nic[i].name);
        }
    }
    return 0;
}

int tb_ld_nic(TbLd *ld, const char *g, const struct e1k_drv_params *base)
{
    TbScenario *sc = ld->sc;
    const char *name = g + 4;
    TbNicCfg *n = &sc->nic[sc->nnics];

    if (!tb_ld_valid_name(name, 16)) {   /* IFNAMSIZ */
        return tb_ld_fail(ld, g, NULL, "'%s' is not an interface name (1-15 "
                          "letters, digits, '-' or '_')", name);
    }
    if (sc->nnics >= TB_MAX_NICS) {
        return tb_ld_fail(ld, g, NULL, "more than %d NICs", TB_MAX_NICS);
    }
    if (tb_ld_check_keys(ld, g, TB_SEC_NIC, TB_SEC_DRIVER) < 0) {
        return -1;
    }
    nic_defaults(n, sc->nnics, name, base);
    if (tb_ld_keys(ld, g, TB_SEC_NIC, n, "chip", "mac") < 0) {
        return -1;
    }
    if (n->mac[0] & 1) {
        return tb_ld_fail(ld, g, "mac", "a station address must be unicast");
    }
    if (!memcmp(n->mac, (const uint8_t[6]){0}, 6)) {
        return tb_ld_fail(ld, g, "mac", "00:00:00:00:00:00 is not a station "
                          "address");
    }
    if (tb_ld_keys(ld, g, TB_SEC_NIC, n, "ip", NULL) < 0 ||
        nic_rules(ld, g, n) < 0) {
        return -1;
    }
    sc->nnics++;
    return 0;
}

/* ---- [route.NAME] ---- */

/* A section @g of kind @sec that adds entry @n of at most @max (@what,
 * for the message): its keys known, room left, *base (@size bytes) the
 * table defaults. */
static int named_start(TbLd *ld, const char *g, TbKeySec sec, uint32_t n,
                       uint32_t max, const char *what, void *base,
                       size_t size)
{
    if (tb_ld_check_keys(ld, g, sec, -1) < 0) {
        return -1;
    }
    if (n >= max) {
        return tb_ld_fail(ld, g, NULL, "more than %u %s", max, what);
    }
    memset(base, 0, size);
    tb_keys_default(sec, base);
    return 0;
}

/* The NIC named by @key of @g: its index, or -1 (error set). */
static int nic_ref(TbLd *ld, const char *g, const char *key)
{
    const TbScenario *sc = ld->sc;
    char *v = tb_ld_val(ld, g, key);
    int r = -1;

    for (uint32_t i = 0; i < sc->nnics && r < 0; i++) {
        if (!strcmp(sc->nic[i].name, v)) {
            r = (int)i;
        }
    }
    if (r < 0) {
        tb_ld_fail(ld, g, key, "unknown nic '%s' (no [nic.%s] section)", v,
                   v);
    }
    g_free(v);
    return r;
}

int tb_ld_route(TbLd *ld, const char *g)
{
    TbScenario *sc = ld->sc;
    TbRouteCfg *r = &sc->route[sc->nroutes];

    if (named_start(ld, g, TB_SEC_ROUTE, sc->nroutes, TB_MAX_ROUTES,
                    "routes", r, sizeof(*r)) < 0 ||
        tb_ld_required(ld, g, TB_SEC_ROUTE) < 0 ||
        tb_ld_keys(ld, g, TB_SEC_ROUTE, r, NULL, NULL) < 0) {
        return -1;
    }
    r->prefix &= r->prefix_len ? 0xffffffffu << (32 - r->prefix_len) : 0;
    r->nic = nic_ref(ld, g, "dev");
    if (r->nic < 0) {
        return -1;
    }
    sc->nroutes++;
    return 0;
}

/* ---- [traffic], [traffic.NAME] ---- */

/* nic = NAME (required with several NICs), and the defaults from it */
static int traffic_nic(TbLd *ld, const char *g, TbTrafficCfg *t)
{
    const TbScenario *sc = ld->sc;
    const TbNicCfg *nic;

    if (tb_ld_has(ld, g, "nic")) {
        t->nic = nic_ref(ld, g, "nic");
        if (t->nic < 0) {
            return -1;
        }
    } else if (sc->nnics > 1) {
        return tb_ld_fail(ld, g, NULL, "missing required key 'nic' (the "
                          "scenario has more than one NIC)");
    }
    nic = &sc->nic[t->nic];
    memcpy(t->src_mac, nic->peer_mac, 6);
    t->dst_ip = nic->ip ? nic->ip : 0xc6120101;  /* 198.18.1.1 */
    return 0;
}

/* the first of @keys (NULL-terminated) given in @g, or NULL */
static const char *first_given(TbLd *ld, const char *g,
                               const char *const *keys)
{
    for (const char *const *k = keys; *k; k++) {
        if (tb_ld_has(ld, g, *k)) {
            return *k;
        }
    }
    return NULL;
}

/* rules of a pcap source */
static int traffic_pcap_rules(TbLd *ld, const char *g, const TbTrafficCfg *t)
{
    static const char *const pktgen_only[] = {
        "frame_size", "imix", "flows", "src_mac", "dst_mac", "src_ip",
        "dst_ip", "udp_src_port", "udp_dst_port", "udp_payload", NULL};
    const char *k;

    GStatBuf st;

    if (!t->pcap[0]) {
        return tb_ld_fail(ld, g, NULL, "missing required key 'pcap' (kind = "
                          "pcap)");
    }
    /* a FIFO or device would block or never end; a missing file is the
     * run's error (it names the capture) */
    if (g_stat(t->pcap, &st) == 0 && !S_ISREG(st.st_mode)) {
        return tb_ld_fail(ld, g, "pcap", "%s: not a regular file", t->pcap);
    }
    k = first_given(ld, g, pktgen_only);
    return k ? tb_ld_fail(ld, g, k, "only for kind = pktgen") : 0;
}

/* rules of a pktgen source */
static int traffic_pktgen_rules(TbLd *ld, const char *g,
                                const TbTrafficCfg *t)
{
    static const char *const pcap_only[] = {"pcap", "rewrite_dst_mac",
                                            "loop", "multiplier", NULL};
    const char *k = first_given(ld, g, pcap_only);
    int imix = tb_ld_has(ld, g, "imix");
    int frame_size = tb_ld_has(ld, g, "frame_size");

    if (k) {
        return tb_ld_fail(ld, g, k, "only for kind = pcap");
    }
    if (t->udp_payload && (frame_size || imix)) {
        return tb_ld_fail(ld, g, "udp_payload", "conflicts with %s",
                          imix ? "imix" : "frame_size");
    }
    if (t->imix_n && frame_size) {
        return tb_ld_fail(ld, g, "imix", "conflicts with frame_size");
    }
    if (t->count == 0 && ld->sc->run.duration_ns == 0) {
        return tb_ld_fail(ld, g, "count", "needed (pktgen sends forever "
                          "without it) unless [run] duration is set");
    }
    return 0;
}

/* largest pktgen frame, bytes incl. FCS */
static uint32_t pktgen_max_frame(const TbTrafficCfg *t)
{
    uint32_t m = t->udp_payload ? t->udp_payload + 46 : t->frame_size;

    for (uint32_t i = 0; i < t->imix_n; i++) {
        m = t->imix_size[i] > m ? t->imix_size[i] : m;
    }
    return m;
}

/* pcap: frames replayed (loop x records, capped by count) into *@frames,
 * largest frame incl. FCS into *@max_frame; returns their time at
 * captured pace in s: passes (frames / records rounded up) x capture span
 * / multiplier (0 if unreadable: the run reports it) */
static double pcap_span_s(const TbTrafficCfg *t, uint64_t *frames,
                          uint32_t *max_frame)
{
    uint64_t records, span;
    uint32_t max_len;

    *frames = 0;
    *max_frame = 64;
    if (trf_pcap_span(t->pcap, &records, &max_len, &span) < 0 ||
        records == 0) {
        return 0;
    }
    *frames = records * t->loop;
    if (t->count && t->count < *frames) {
        *frames = t->count;
    }
    *max_frame = max_len + 4;
    return (double)((*frames + records - 1) / records) * (double)span /
           1e9 / t->multiplier;
}

/* Simulated time of a source's frames after start, s (an upper bound):
 * frames / pps, frames x largest frame at mbps or at link speed (frames of
 * a pcap source: loop x records, capped by count); at captured pace:
 * pcap_span_s.  0 when the source is unbounded (pktgen count 0: [run]
 * duration bounds it). */
static double traffic_span_s(const TbScenario *sc, const TbTrafficCfg *t)
{
    uint64_t frames = t->count;
    uint32_t max_frame = pktgen_max_frame(t);
    double bits, pass_s = 0;

    if (t->kind == TB_TRAFFIC_PCAP) {
        pass_s = pcap_span_s(t, &frames, &max_frame);
    }
    bits = (double)frames * 8.0 * max_frame;
    switch (t->pace) {
    case TB_PACE_CAPTURED:
        return pass_s;
    case TB_PACE_PPS:
        return (double)frames / t->pps;
    case TB_PACE_MBPS:
        return bits / (t->mbps * 1e6);
    default:
        return (bits + (double)frames * 160.0) /
               (sc->nic[t->nic].link_mbps * 1e6);
    }
}

uint64_t tb_scenario_expected_ns(const TbScenario *sc)
{
    double end = 0;

    if (sc->run.duration_ns) {
        return sc->run.duration_ns;
    }
    for (uint32_t i = 0; i < sc->nsources; i++) {
        const TbTrafficCfg *t = &sc->traffic[i];
        double e;
        if (t->kind == TB_TRAFFIC_PKTGEN && t->count == 0) {
            return 0;
        }
        e = (double)t->start_ns / 1e9 + traffic_span_s(sc, t);
        end = e > end ? e : end;
    }
    return (uint64_t)(end * 1e9) + sc->run.drain_ns;
}

/* start + the source's span within the ceiling of simulated time (a
 * time value itself is within it: tb_parse_time_ns) */
static int traffic_time_rules(TbLd *ld, const char *g, const TbTrafficCfg *t)
{
    static const char *const span_keys[] = {"count", "loop", "multiplier",
                                            "pps", "mbps", "pcap", NULL};
    const char *k = first_given(ld, g, span_keys);
    double span = traffic_span_s(ld->sc, t);

    if ((double)t->start_ns / 1e9 + span > TIME_MAX_S) {
        return tb_ld_fail(ld, g, k, "the frames would take %.0f s of "
                          "simulated time after start, past the ceiling "
                          "(%.0f s)", span, TIME_MAX_S);
    }
    return 0;
}

static int traffic_rules(TbLd *ld, const char *g, const TbTrafficCfg *t)
{
    if (t->pace == TB_PACE_PPS && !tb_ld_has(ld, g, "pps")) {
        return tb_ld_fail(ld, g, NULL, "missing required key 'pps' (pace = "
                          "pps)");
    }
    if (t->pace == TB_PACE_MBPS && !tb_ld_has(ld, g, "mbps")) {
        return tb_ld_fail(ld, g, NULL, "missing required key 'mbps' (pace = "
                          "mbps)");
    }
    if (tb_ld_has(ld, g, "topspeed") && !t->topspeed) {
        return tb_ld_fail(ld, g, "topspeed", "'false' names no pace: leave "
                          "the key out or give the pace");
    }
    if (t->kind == TB_TRAFFIC_PCAP ? traffic_pcap_rules(ld, g, t) < 0
                                   : traffic_pktgen_rules(ld, g, t) < 0) {
        return -1;
    }
    return traffic_time_rules(ld, g, t);
}

int tb_ld_traffic(TbLd *ld, const char *g)
{
    TbScenario *sc = ld->sc;
    TbTrafficCfg *t = &sc->traffic[sc->nsources];

    if (named_start(ld, g, TB_SEC_TRAFFIC, sc->nsources, TB_MAX_SOURCES,
                    "traffic sections", t, sizeof(*t)) < 0) {
        return -1;
    }
    g_strlcpy(t->name, g[7] == '.' ? g + 8 : "", sizeof(t->name));
    t->udp_dst_port = sc->host.sink_udp_port ? sc->host.sink_udp_port : 9;
    if (tb_ld_keys(ld, g, TB_SEC_TRAFFIC, t, "kind", "kind") < 0) {
        return -1;
    }
    if (sc->nnics == 0) {
        return tb_ld_fail(ld, g, NULL, "no [nic.NAME] section to feed");
    }
    if (traffic_nic(ld, g, t) < 0 || tb_ld_traffic_pace(ld, g, t) < 0 ||
        tb_ld_keys(ld, g, TB_SEC_TRAFFIC, t, "start", NULL) < 0 ||
        traffic_rules(ld, g, t) < 0) {
        return -1;
    }
    sc->nsources++;
    return 0;
}

/* ---- the files a run reads ---- */

char **tb_scenario_inputs(const TbScenario *sc)
{
    GPtrArray *a = g_ptr_array_new();
    char *prof = sc->host.profile_path[0]
                     ? g_strdup(sc->host.profile_path)
                     : tb_profile_find(sc->host.profile, sc->file);

    g_ptr_array_add(a, g_strdup(sc->file));
    g_ptr_array_add(a, prof ? prof : g_strdup(""));
    for (uint32_t i = 0; i < sc->nsources; i++) {
        if (sc->traffic[i].kind == TB_TRAFFIC_PCAP) {
            g_ptr_array_add(a, g_strdup(sc->traffic[i].pcap));
        }
    }
    g_ptr_array_add(a, NULL);
    return (char **)g_ptr_array_free(a, FALSE);
}
