/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scenario loader: INI text -> TbScenario (see scenario_load.h and
 * docs/scenarios.md).  GKeyFile parses the values; since it keeps no line
 * numbers, the file text is scanned here once to remember the line of
 * every [section] and key (and to reject lines GKeyFile would refuse or
 * silently merge: text outside key = value, duplicate keys).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "scenario/scenario_load.h"
#include "sim/profile.h"
#include "traffic/trf.h"

/* ---- small parsers ---- */

int tb_parse_time_ns(const char *s, uint64_t *ns)
{
    static const struct { const char *unit; double mult; } units[] = {
        {"ns", 1.0}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9},
    };
    char *end;
    double v;

    if (!s || !*s) {
        return -1;
    }
    if (strcmp(s, "0") == 0) {
        *ns = 0;
        return 0;
    }
    if (!g_ascii_isdigit(s[0]) && s[0] != '.') {
        return -1;
    }
    v = g_ascii_strtod(s, &end);
    if (end == s || !isfinite(v) || v < 0) {
        return -1;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(units); i++) {
        if (strcmp(end, units[i].unit) == 0) {
            double t = v * units[i].mult;
            if (t > 1e15) {
                return -1;
            }
            *ns = (uint64_t)llround(t);
            return 0;
        }
    }
    return -1;
}

int tb_parse_mac(const char *s, uint8_t mac[6])
{
    return trf_parse_mac(s, mac);
}

int tb_parse_ipv4(const char *s, uint32_t *ip)
{
    return trf_parse_ipv4(s, ip);
}

void tb_format_mac(const uint8_t mac[6], char buf[18])
{
    g_snprintf(buf, 18, "%02x:%02x:%02x:%02x:%02x:%02x", mac[0], mac[1],
               mac[2], mac[3], mac[4], mac[5]);
}

void tb_format_ipv4(uint32_t ip, char buf[16])
{
    g_snprintf(buf, 16, "%u.%u.%u.%u", ip >> 24, (ip >> 16) & 255,
               (ip >> 8) & 255, ip & 255);
}

/* ---- loader state and messages ---- */

typedef struct Ld {
    const char *file;      /* name used in messages */
    char *dir;             /* for relative paths in the file */
    GKeyFile *kf;
    GHashTable *line;      /* "group\037key" or "group" -> line (int) */
    GHashTable *setarg;    /* "group\037key" -> --set argument */
    char *err;             /* first error */
    TbScenario *sc;
} Ld;

static char *lkey(const char *grp, const char *key)
{
    return key ? g_strconcat(grp, "\037", key, NULL) : g_strdup(grp);
}

/* "file:line: " or "--set ARG: " for (grp, key); key NULL = the section */
static char *where(Ld *ld, const char *grp, const char *key)
{
    char *k = lkey(grp, key);
    const char *arg = g_hash_table_lookup(ld->setarg, k);
    gpointer ln = g_hash_table_lookup(ld->line, k);
    char *w;

    if (arg && (key || !ln)) {
        w = g_strdup_printf("--set %s: ", arg);
    } else if (ln) {
        w = g_strdup_printf("%s:%d: ", ld->file, GPOINTER_TO_INT(ln));
    } else if (!key) {
        w = g_strdup_printf("%s: ", ld->file);
    } else {
        /* a key only implied (missing): point at its section */
        g_free(k);
        return where(ld, grp, NULL);
    }
    g_free(k);
    return w;
}

G_GNUC_PRINTF(4, 5)
static int fail(Ld *ld, const char *grp, const char *key, const char *fmt,
                ...)
{
    va_list ap;
    char *msg, *w;

    if (ld->err) {
        return -1;
    }
    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    w = where(ld, grp, key);
    if (key) {
        ld->err = g_strdup_printf("%s[%s] %s: %s", w, grp, key, msg);
    } else {
        ld->err = g_strdup_printf("%s[%s]: %s", w, grp, msg);
    }
    g_free(w);
    g_free(msg);
    return -1;
}

/* Raw value, trimmed; NULL if absent.  Caller frees. */
static char *val(Ld *ld, const char *grp, const char *key)
{
    char *v = g_key_file_get_string(ld->kf, grp, key, NULL);
    return v ? g_strstrip(v) : NULL;
}

static int get_u64(Ld *ld, const char *grp, const char *key, uint64_t *out,
                   uint64_t min, uint64_t max)
{
    char *v = val(ld, grp, key), *end;
    guint64 x;
    int r = 0;

    if (!v) {
        return 0;
    }
    errno = 0;
    x = g_ascii_strtoull(v, &end, 10);
    if (!g_ascii_isdigit(v[0]) || *end || errno) {
        r = fail(ld, grp, key, "'%s' is not a number", v);
    } else if (x < min || x > max) {
        r = fail(ld, grp, key, "%s is out of range %" G_GUINT64_FORMAT
                 "..%" G_GUINT64_FORMAT, v, min, max);
    } else {
        *out = x;
    }
    g_free(v);
    return r;
}

static int get_u32(Ld *ld, const char *grp, const char *key, uint32_t *out,
                   uint32_t min, uint32_t max)
{
    uint64_t x = *out;
    if (get_u64(ld, grp, key, &x, min, max) < 0) {
        return -1;
    }
    *out = (uint32_t)x;
    return 0;
}

static int get_double(Ld *ld, const char *grp, const char *key, double *out,
                      double min, double max)
{
    char *v = val(ld, grp, key), *end;
    double x;
    int r = 0;

    if (!v) {
        return 0;
    }
    x = g_ascii_strtod(v, &end);
    if (!*v || *end || !isfinite(x) || !(g_ascii_isdigit(v[0]) || v[0] == '.')) {
        r = fail(ld, grp, key, "'%s' is not a number", v);
    } else if (x < min || x > max) {
        r = fail(ld, grp, key, "%s is out of range %g..%g", v, min, max);
    } else {
        *out = x;
    }
    g_free(v);
    return r;
}

static int get_bool(Ld *ld, const char *grp, const char *key, int *out)
{
    char *v = val(ld, grp, key);
    int r = 0;

    if (!v) {
        return 0;
    }
    if (!g_ascii_strcasecmp(v, "true") || !g_ascii_strcasecmp(v, "yes") ||
        !strcmp(v, "1")) {
        *out = 1;
    } else if (!g_ascii_strcasecmp(v, "false") ||
               !g_ascii_strcasecmp(v, "no") || !strcmp(v, "0")) {
        *out = 0;
    } else {
        r = fail(ld, grp, key, "'%s' is not a boolean (true/false, 1/0)", v);
    }
    g_free(v);
    return r;
}

static int get_time(Ld *ld, const char *grp, const char *key, uint64_t *out)
{
    char *v = val(ld, grp, key);
    int r = 0;

    if (!v) {
        return 0;
    }
    if (tb_parse_time_ns(v, out) < 0) {
        r = fail(ld, grp, key, "'%s' is not a time (a number with a unit: "
                 "ns, us, ms or s)", v);
    }
    g_free(v);
    return r;
}

static int get_mac(Ld *ld, const char *grp, const char *key, uint8_t mac[6])
{
    char *v = val(ld, grp, key);
    int r = 0;

    if (!v) {
        return 0;
    }
    if (tb_parse_mac(v, mac) < 0) {
        r = fail(ld, grp, key, "'%s' is not a MAC address "
                 "(aa:bb:cc:dd:ee:ff)", v);
    }
    g_free(v);
    return r;
}

static int get_ip(Ld *ld, const char *grp, const char *key, uint32_t *ip)
{
    char *v = val(ld, grp, key);
    int r = 0;

    if (!v) {
        return 0;
    }
    if (tb_parse_ipv4(v, ip) < 0) {
        r = fail(ld, grp, key, "'%s' is not an IPv4 address (a.b.c.d)", v);
    }
    g_free(v);
    return r;
}

/* "a.b.c.d/len" */
static int get_cidr(Ld *ld, const char *grp, const char *key, uint32_t *ip,
                    uint32_t *len)
{
    char *v = val(ld, grp, key), *slash, *end;
    int r = 0;
    guint64 l;

    if (!v) {
        return 0;
    }
    slash = strchr(v, '/');
    if (!slash) {
        r = fail(ld, grp, key, "'%s' is not an address with prefix length "
                 "(a.b.c.d/len)", v);
        goto out;
    }
    *slash = 0;
    l = g_ascii_strtoull(slash + 1, &end, 10);
    if (tb_parse_ipv4(v, ip) < 0 || !g_ascii_isdigit(slash[1]) || *end ||
        l > 32) {
        *slash = '/';
        r = fail(ld, grp, key, "'%s' is not an address with prefix length "
                 "(a.b.c.d/len, len 0..32)", v);
        goto out;
    }
    *len = (uint32_t)l;
out:
    g_free(v);
    return r;
}

static int get_str(Ld *ld, const char *grp, const char *key, char *buf,
                   size_t size)
{
    char *v = val(ld, grp, key);
    int r = 0;

    if (!v) {
        return 0;
    }
    if (strlen(v) >= size) {
        r = fail(ld, grp, key, "value longer than %zu characters", size - 1);
    } else {
        g_strlcpy(buf, v, size);
    }
    g_free(v);
    return r;
}

/* A path: relative ones against the scenario's directory (or, for a
 * --set value, the current directory). */
static int get_path(Ld *ld, const char *grp, const char *key, char *buf,
                    size_t size)
{
    char *v = val(ld, grp, key), *k, *p;
    int r = 0;

    if (!v) {
        return 0;
    }
    k = lkey(grp, key);
    if (g_path_is_absolute(v) || g_hash_table_lookup(ld->setarg, k) ||
        !ld->dir) {
        p = g_strdup(v);
    } else {
        p = g_build_filename(ld->dir, v, NULL);
    }
    if (!*v) {
        r = fail(ld, grp, key, "empty path");
    } else if (strlen(p) >= size) {
        r = fail(ld, grp, key, "path longer than %zu characters", size - 1);
    } else {
        g_strlcpy(buf, p, size);
    }
    g_free(k);
    g_free(p);
    g_free(v);
    return r;
}

static int has(Ld *ld, const char *grp, const char *key)
{
    return g_key_file_has_key(ld->kf, grp, key, NULL);
}

/* Every key of @grp must be in @known (NULL-terminated) or @known2. */
static int check_keys(Ld *ld, const char *grp, const char *const *known,
                      const char *const *known2)
{
    gsize n;
    char **keys = g_key_file_get_keys(ld->kf, grp, &n, NULL);
    int r = 0;

    for (gsize i = 0; keys && i < n && r == 0; i++) {
        int ok = 0;
        for (const char *const *k = known; k && *k && !ok; k++) {
            ok = strcmp(*k, keys[i]) == 0;
        }
        for (const char *const *k = known2; k && *k && !ok; k++) {
            ok = strcmp(*k, keys[i]) == 0;
        }
        if (!ok) {
            r = fail(ld, grp, keys[i], "unknown key");
        }
    }
    g_strfreev(keys);
    return r;
}

/* ---- sections ---- */

static const char *const scenario_keys[] = {"name", "description", NULL};

static const char *const host_keys[] = {
    "profile", "profile_path", "cpus", "cpu_mhz", "hz", "netdev_budget",
    "netdev_budget_usecs", "netdev_max_backlog", "dev_weight",
    "max_softirq_restart", "max_softirq_time_us", "ip_forward",
    "netif_rx_throttle",
    "sink_udp_port", "sink_rcvbuf", "sink_read_size", "sink_cpu", NULL};

static const char *const driver_keys[] = {
    "mode", "RxDescriptors", "TxDescriptors", "RxIntDelay", "RxAbsIntDelay",
    "TxIntDelay", "TxAbsIntDelay", "InterruptThrottleRate", "XsumRX",
    "copybreak", "weight", "FlowControl", NULL};

static const char *const nic_keys[] = {
    "chip", "mac", "ip", "peer_mac", "bus", "link_mbps", "txqueuelen", "irq",
    "cpu", NULL};

static const char *const route_keys[] = {"dst", "dev", "via", NULL};

static const char *const traffic_keys[] = {
    "kind", "nic", "start", "pace", "pps", "mbps", "multiplier", "loop",
    "count", "frame_size", "imix", "flows", "src_mac", "dst_mac", "src_ip",
    "dst_ip", "udp_src_port", "udp_dst_port", "udp_payload", "pcap",
    "rewrite_dst_mac", NULL};

static const char *const run_keys[] = {"duration", "drain", "sample", "seed",
                                       NULL};

static int load_host(Ld *ld)
{
    const char *g = "host";
    TbHostCfg *h = &ld->sc->host;

    if (!g_key_file_has_group(ld->kf, g)) {
        return 0;
    }
    if (check_keys(ld, g, host_keys, NULL) < 0) {
        return -1;
    }
    if (has(ld, g, "profile")) {
        char *v = val(ld, g, "profile");
        int isfile = strchr(v, '/') || g_str_has_suffix(v, ".ini");
        g_free(v);
        if (isfile) {
            if (get_path(ld, g, "profile", h->profile_path,
                         sizeof(h->profile_path)) < 0) {
                return -1;
            }
            char *base = g_path_get_basename(h->profile_path);
            if (g_str_has_suffix(base, ".ini")) {
                base[strlen(base) - 4] = 0;
            }
            g_strlcpy(h->profile, base, sizeof(h->profile));
            g_free(base);
        } else if (get_str(ld, g, "profile", h->profile,
                           sizeof(h->profile)) < 0) {
            return -1;
        } else if (!has(ld, g, "profile_path")) {
            /* a name must resolve now, so the error points at the key */
            char *found = tb_profile_find(h->profile, ld->sc->file);
            if (!found) {
                return fail(ld, g, "profile", "no profile '%s' (looked for "
                            "profiles/%s.ini; set E1KLAB_PROFILE_DIR or "
                            "[host] profile_path)", h->profile, h->profile);
            }
            g_free(found);
        }
    }
    if (has(ld, g, "profile_path")) {
        /* an explicit profile file, relative to the scenario file */
        if (get_path(ld, g, "profile_path", h->profile_path,
                     sizeof(h->profile_path)) < 0) {
            return -1;
        }
        if (!g_file_test(h->profile_path, G_FILE_TEST_IS_REGULAR)) {
            return fail(ld, g, "profile_path", "%s: no such file",
                        h->profile_path);
        }
        if (!has(ld, g, "profile")) {
            char *base = g_path_get_basename(h->profile_path);
            if (g_str_has_suffix(base, ".ini")) {
                base[strlen(base) - 4] = 0;
            }
            g_strlcpy(h->profile, base, sizeof(h->profile));
            g_free(base);
        }
    }
    if (get_u32(ld, g, "cpus", &h->cpus, 1, 8) < 0 ||
        get_u32(ld, g, "sink_cpu", &h->sink_cpu, 0, 7) < 0 ||
        get_u32(ld, g, "cpu_mhz", &h->cpu_mhz, 0, 100000) < 0 ||
        get_u32(ld, g, "hz", &h->hz, 10, 10000) < 0 ||
        get_u32(ld, g, "netdev_budget", &h->netdev_budget, 1, 1000000) < 0 ||
        get_u32(ld, g, "netdev_budget_usecs", &h->netdev_budget_usecs, 1,
                10000000) < 0 ||
        get_u32(ld, g, "netdev_max_backlog", &h->netdev_max_backlog, 1,
                10000000) < 0 ||
        get_u32(ld, g, "dev_weight", &h->dev_weight, 1, 100000) < 0 ||
        get_u32(ld, g, "max_softirq_restart", &h->max_softirq_restart, 1,
                1000) < 0 ||
        get_u32(ld, g, "max_softirq_time_us", &h->max_softirq_time_us, 1,
                10000000) < 0 ||
        get_bool(ld, g, "ip_forward", (int *)&h->ip_forward) < 0 ||
        get_bool(ld, g, "netif_rx_throttle", (int *)&h->netif_rx_throttle) < 0 ||
        get_u32(ld, g, "sink_udp_port", &h->sink_udp_port, 0, 65535) < 0 ||
        get_u32(ld, g, "sink_rcvbuf", &h->sink_rcvbuf, 1, 1u << 30) < 0 ||
        get_u32(ld, g, "sink_read_size", &h->sink_read_size, 1,
                1u << 20) < 0) {
        return -1;
    }
    return 0;
}

static int load_driver_keys(Ld *ld, const char *g, struct e1k_drv_params *p)
{
    if (has(ld, g, "mode")) {
        char *v = val(ld, g, "mode");
        int m = e1k_drv_mode_parse(v);
        if (m < 0) {
            fail(ld, g, "mode", "'%s' is not a driver mode (legacy, "
                 "napi-twist, napi, napi-dynitr)", v);
            g_free(v);
            return -1;
        }
        p->mode = (enum e1k_drv_mode)m;
        g_free(v);
    }
    if (get_u32(ld, g, "RxDescriptors", &p->RxDescriptors, 80, 4096) < 0 ||
        get_u32(ld, g, "TxDescriptors", &p->TxDescriptors, 80, 4096) < 0 ||
        get_u32(ld, g, "RxIntDelay", &p->RxIntDelay, 0, 65535) < 0 ||
        get_u32(ld, g, "RxAbsIntDelay", &p->RxAbsIntDelay, 0, 65535) < 0 ||
        get_u32(ld, g, "TxIntDelay", &p->TxIntDelay, 0, 65535) < 0 ||
        get_u32(ld, g, "TxAbsIntDelay", &p->TxAbsIntDelay, 0, 65535) < 0 ||
        get_u32(ld, g, "InterruptThrottleRate", &p->InterruptThrottleRate, 0,
                100000) < 0 ||
        get_u32(ld, g, "XsumRX", &p->XsumRX, 0, 1) < 0 ||
        get_u32(ld, g, "copybreak", &p->copybreak, 0, 16384) < 0 ||
        get_u32(ld, g, "weight", &p->weight, 1, 4096) < 0 ||
        get_u32(ld, g, "FlowControl", &p->FlowControl, 0, 3) < 0) {
        return -1;
    }
    return 0;
}

/* A message "KEY: text" from e1k_drv_params_check(): point at KEY in
 * section @g if given there, else in [driver]. */
static int drv_fail(Ld *ld, const char *g, const char *msg)
{
    const char *colon = strstr(msg, ": ");
    char *key = colon ? g_strndup(msg, (gsize)(colon - msg)) : NULL;
    int r;

    if (key && has(ld, g, key)) {
        r = fail(ld, g, key, "%s", colon + 2);
    } else if (key && has(ld, "driver", key)) {
        r = fail(ld, "driver", key, "%s", colon + 2);
    } else {
        r = fail(ld, g, NULL, "driver parameters: %s", msg);
    }
    g_free(key);
    return r;
}

static int valid_ifname(const char *n)
{
    size_t l = strlen(n);
    if (l == 0 || l >= 16) {
        return 0;
    }
    for (const char *p = n; *p; p++) {
        if (!g_ascii_isalnum(*p) && *p != '_' && *p != '-') {
            return 0;
        }
    }
    return 1;
}

static int load_nic(Ld *ld, const char *g, const struct e1k_drv_params *base)
{
    TbScenario *sc = ld->sc;
    const char *name = g + 4;
    TbNicCfg *n;
    const char *msg;

    if (!valid_ifname(name)) {
        return fail(ld, g, NULL, "'%s' is not an interface name (1-15 "
                    "letters, digits, '-' or '_')", name);
    }
    if (sc->nnics >= TB_MAX_NICS) {
        return fail(ld, g, NULL, "more than %d NICs", TB_MAX_NICS);
    }
    if (check_keys(ld, g, nic_keys, driver_keys) < 0) {
        return -1;
    }
    n = &sc->nic[sc->nnics];
    memset(n, 0, sizeof(*n));
    g_strlcpy(n->name, name, sizeof(n->name));
    n->chip = E1K_CHIP_82545EM;
    g_strlcpy(n->bus_name, "pci64-66", sizeof(n->bus_name));
    e1k_bus_parse(n->bus_name, &n->bus);
    n->link_mbps = 1000;
    n->txqueuelen = 1000;
    n->irq = 16 + sc->nnics;
    n->peer_mac[0] = 0x02;
    n->peer_mac[4] = 0x01;
    n->peer_mac[5] = (uint8_t)(sc->nnics + 1);
    n->drv = *base;

    if (has(ld, g, "chip")) {
        char *v = val(ld, g, "chip");
        if (!g_ascii_strcasecmp(v, "82540EM")) {
            n->chip = E1K_CHIP_82540EM;
        } else if (!g_ascii_strcasecmp(v, "82545EM")) {
            n->chip = E1K_CHIP_82545EM;
        } else {
            fail(ld, g, "chip", "'%s' is not a supported chip (82540EM, "
                 "82545EM)", v);
            g_free(v);
            return -1;
        }
        g_free(v);
    }
    if (!has(ld, g, "mac")) {
        return fail(ld, g, NULL, "missing required key 'mac'");
    }
    if (get_mac(ld, g, "mac", n->mac) < 0) {
        return -1;
    }
    if (n->mac[0] & 1) {
        return fail(ld, g, "mac", "a station address must be unicast");
    }
    if (get_cidr(ld, g, "ip", &n->ip, &n->prefix_len) < 0 ||
        get_mac(ld, g, "peer_mac", n->peer_mac) < 0) {
        return -1;
    }
    if (has(ld, g, "bus")) {
        char *v = val(ld, g, "bus");
        if (e1k_bus_parse(v, &n->bus) < 0 ||
            strlen(v) >= sizeof(n->bus_name)) {
            fail(ld, g, "bus", "'%s' is not a bus (pci32-33, pci64-66, "
                 "pcix133)", v);
            g_free(v);
            return -1;
        }
        g_strlcpy(n->bus_name, v, sizeof(n->bus_name));
        g_free(v);
    }
    if (get_u32(ld, g, "link_mbps", &n->link_mbps, 10, 1000) < 0 ||
        get_u32(ld, g, "txqueuelen", &n->txqueuelen, 1, 1000000) < 0 ||
        get_u32(ld, g, "irq", &n->irq, 0, 255) < 0) {
        return -1;
    }
    if (has(ld, g, "cpu")) {
        uint32_t cpu = 0;
        if (get_u32(ld, g, "cpu", &cpu, 0, 7) < 0) {
            return -1;
        }
        n->cpu_plus1 = cpu + 1;
    }
    if (n->link_mbps != 10 && n->link_mbps != 100 && n->link_mbps != 1000) {
        return fail(ld, g, "link_mbps", "%u is not a link speed (10, 100, "
                    "1000)", n->link_mbps);
    }
    if (load_driver_keys(ld, g, &n->drv) < 0) {
        return -1;
    }
    msg = e1k_drv_params_check(&n->drv);
    if (msg) {
        return drv_fail(ld, g, msg);
    }
    for (uint32_t i = 0; i < sc->nnics; i++) {
        if (!memcmp(sc->nic[i].mac, n->mac, 6)) {
            return fail(ld, g, "mac", "same address as [nic.%s]",
                        sc->nic[i].name);
        }
    }
    sc->nnics++;
    return 0;
}

static int nic_index(const TbScenario *sc, const char *name)
{
    for (uint32_t i = 0; i < sc->nnics; i++) {
        if (!strcmp(sc->nic[i].name, name)) {
            return (int)i;
        }
    }
    return -1;
}

static uint32_t prefix_mask(uint32_t len)
{
    return len ? 0xffffffffu << (32 - len) : 0;
}

static int load_route(Ld *ld, const char *g)
{
    TbScenario *sc = ld->sc;
    TbRouteCfg *r;
    char *dev;

    if (check_keys(ld, g, route_keys, NULL) < 0) {
        return -1;
    }
    if (sc->nroutes >= TB_MAX_ROUTES) {
        return fail(ld, g, NULL, "more than %d routes", TB_MAX_ROUTES);
    }
    r = &sc->route[sc->nroutes];
    memset(r, 0, sizeof(*r));
    if (!has(ld, g, "dst")) {
        return fail(ld, g, NULL, "missing required key 'dst'");
    }
    if (!has(ld, g, "dev")) {
        return fail(ld, g, NULL, "missing required key 'dev'");
    }
    if (get_cidr(ld, g, "dst", &r->prefix, &r->prefix_len) < 0 ||
        get_ip(ld, g, "via", &r->gateway) < 0) {
        return -1;
    }
    r->prefix &= prefix_mask(r->prefix_len);
    dev = val(ld, g, "dev");
    r->nic = nic_index(sc, dev);
    if (r->nic < 0) {
        fail(ld, g, "dev", "unknown nic '%s' (no [nic.%s] section)", dev,
             dev);
        g_free(dev);
        return -1;
    }
    g_free(dev);
    sc->nroutes++;
    return 0;
}

/* "64:7,594:4,1518:1" */
static int get_imix(Ld *ld, const char *g, TbTrafficCfg *t)
{
    char *v = val(ld, g, "imix");
    char **parts;
    int r = 0;

    if (!v) {
        return 0;
    }
    parts = g_strsplit(v, ",", -1);
    t->imix_n = 0;
    for (int i = 0; parts[i] && r == 0; i++) {
        char *p = g_strstrip(parts[i]), *colon = strchr(p, ':'), *e1, *e2;
        guint64 size, w;
        if (t->imix_n >= TB_MAX_IMIX) {
            r = fail(ld, g, "imix", "more than %d entries", TB_MAX_IMIX);
            break;
        }
        if (!colon) {
            r = fail(ld, g, "imix", "'%s' is not SIZE:WEIGHT", p);
            break;
        }
        *colon = 0;
        size = g_ascii_strtoull(p, &e1, 10);
        w = g_ascii_strtoull(colon + 1, &e2, 10);
        if (!g_ascii_isdigit(*p) || *e1 || !g_ascii_isdigit(colon[1]) ||
            *e2 || size < 64 || size > 16128 || w < 1 || w > 1000000) {
            *colon = ':';
            r = fail(ld, g, "imix", "'%s' is not SIZE:WEIGHT with SIZE "
                     "64..16128 bytes and WEIGHT 1..1000000", p);
            break;
        }
        t->imix_size[t->imix_n] = (uint32_t)size;
        t->imix_weight[t->imix_n] = (uint32_t)w;
        t->imix_n++;
    }
    if (r == 0 && t->imix_n == 0) {
        r = fail(ld, g, "imix", "empty mix");
    }
    g_strfreev(parts);
    g_free(v);
    return r;
}

static int load_traffic(Ld *ld, const char *g)
{
    TbScenario *sc = ld->sc;
    TbTrafficCfg *t;
    const TbNicCfg *nic;
    int pace_given = has(ld, g, "pace");

    if (check_keys(ld, g, traffic_keys, NULL) < 0) {
        return -1;
    }
    if (sc->nsources >= TB_MAX_SOURCES) {
        return fail(ld, g, NULL, "more than %d traffic sections",
                    TB_MAX_SOURCES);
    }
    t = &sc->traffic[sc->nsources];
    memset(t, 0, sizeof(*t));
    g_strlcpy(t->name, g[7] == '.' ? g + 8 : "", sizeof(t->name));
    t->multiplier = 1.0;
    t->loop = 1;
    t->frame_size = 64;
    t->flows = 1;
    t->udp_src_port = 9;
    t->udp_dst_port = sc->host.sink_udp_port ? sc->host.sink_udp_port : 9;

    if (has(ld, g, "kind")) {
        char *v = val(ld, g, "kind");
        if (!strcmp(v, "pktgen")) {
            t->kind = TB_TRAFFIC_PKTGEN;
        } else if (!strcmp(v, "pcap")) {
            t->kind = TB_TRAFFIC_PCAP;
        } else {
            fail(ld, g, "kind", "'%s' is not a traffic kind (pktgen, pcap)",
                 v);
            g_free(v);
            return -1;
        }
        g_free(v);
    }
    if (sc->nnics == 0) {
        return fail(ld, g, NULL, "no [nic.NAME] section to feed");
    }
    if (has(ld, g, "nic")) {
        char *v = val(ld, g, "nic");
        t->nic = nic_index(sc, v);
        if (t->nic < 0) {
            fail(ld, g, "nic", "unknown nic '%s' (no [nic.%s] section)", v, v);
            g_free(v);
            return -1;
        }
        g_free(v);
    } else if (sc->nnics > 1) {
        return fail(ld, g, NULL, "missing required key 'nic' (the scenario "
                    "has more than one NIC)");
    }
    nic = &sc->nic[t->nic];
    memcpy(t->src_mac, nic->peer_mac, 6);
    t->src_ip = 0xc6120001;                      /* 198.18.0.1 */
    t->dst_ip = nic->ip ? nic->ip : 0xc6120101;  /* 198.18.1.1 */

    if (pace_given) {
        char *v = val(ld, g, "pace");
        static const char *const names[] = {"captured", "pps", "mbps",
                                             "topspeed"};
        int found = -1;
        for (int i = 0; i < 4; i++) {
            if (!strcmp(v, names[i])) {
                found = i;
            }
        }
        if (found < 0 || (found == TB_PACE_CAPTURED &&
                          t->kind != TB_TRAFFIC_PCAP)) {
            fail(ld, g, "pace", found < 0 ? "'%s' is not a pace (captured, "
                 "pps, mbps, topspeed)" : "'%s' needs kind = pcap", v);
            g_free(v);
            return -1;
        }
        t->pace = (TbPace)found;
        g_free(v);
    } else if (has(ld, g, "pps")) {
        t->pace = TB_PACE_PPS;
    } else if (has(ld, g, "mbps")) {
        t->pace = TB_PACE_MBPS;
    } else {
        t->pace = t->kind == TB_TRAFFIC_PCAP ? TB_PACE_CAPTURED
                                             : TB_PACE_TOPSPEED;
    }
    if (get_time(ld, g, "start", &t->start_ns) < 0 ||
        get_double(ld, g, "pps", &t->pps, 0.001, 1e9) < 0 ||
        get_double(ld, g, "mbps", &t->mbps, 0.001, 1e6) < 0 ||
        get_double(ld, g, "multiplier", &t->multiplier, 1e-6, 1e6) < 0 ||
        get_u32(ld, g, "loop", &t->loop, 1, 1000000) < 0 ||
        get_u64(ld, g, "count", &t->count, 0, UINT64_C(1) << 40) < 0 ||
        get_u32(ld, g, "frame_size", &t->frame_size, 64, 16128) < 0 ||
        get_imix(ld, g, t) < 0 ||
        get_u32(ld, g, "flows", &t->flows, 1, 65536) < 0 ||
        get_mac(ld, g, "src_mac", t->src_mac) < 0 ||
        get_mac(ld, g, "dst_mac", t->dst_mac) < 0 ||
        get_ip(ld, g, "src_ip", &t->src_ip) < 0 ||
        get_ip(ld, g, "dst_ip", &t->dst_ip) < 0 ||
        get_u32(ld, g, "udp_src_port", &t->udp_src_port, 0, 65535) < 0 ||
        get_u32(ld, g, "udp_dst_port", &t->udp_dst_port, 0, 65535) < 0 ||
        get_u32(ld, g, "udp_payload", &t->udp_payload, 18, 16082) < 0 ||
        get_path(ld, g, "pcap", t->pcap, sizeof(t->pcap)) < 0 ||
        get_bool(ld, g, "rewrite_dst_mac", &t->rewrite_dst_mac) < 0) {
        return -1;
    }
    if (t->pace == TB_PACE_PPS && !has(ld, g, "pps")) {
        return fail(ld, g, NULL, "missing required key 'pps' (pace = pps)");
    }
    if (t->pace == TB_PACE_MBPS && !has(ld, g, "mbps")) {
        return fail(ld, g, NULL, "missing required key 'mbps' (pace = mbps)");
    }
    if (t->kind == TB_TRAFFIC_PCAP) {
        if (!t->pcap[0]) {
            return fail(ld, g, NULL, "missing required key 'pcap' (kind = "
                        "pcap)");
        }
        static const char *const pktgen_only[] = {
            "frame_size", "imix", "flows", "src_mac", "dst_mac", "src_ip",
            "dst_ip", "udp_src_port", "udp_dst_port", "udp_payload", NULL};
        for (const char *const *k = pktgen_only; *k; k++) {
            if (has(ld, g, *k)) {
                return fail(ld, g, *k, "only for kind = pktgen");
            }
        }
    } else {
        static const char *const pcap_only[] = {"pcap", "rewrite_dst_mac",
                                                "loop", "multiplier", NULL};
        for (const char *const *k = pcap_only; *k; k++) {
            if (has(ld, g, *k)) {
                return fail(ld, g, *k, "only for kind = pcap");
            }
        }
        if (t->udp_payload && (has(ld, g, "frame_size") ||
                               has(ld, g, "imix"))) {
            return fail(ld, g, "udp_payload", "conflicts with %s",
                        has(ld, g, "imix") ? "imix" : "frame_size");
        }
        if (t->imix_n && has(ld, g, "frame_size")) {
            return fail(ld, g, "imix", "conflicts with frame_size");
        }
        if (t->count == 0 && sc->run.duration_ns == 0) {
            return fail(ld, g, "count", "needed (pktgen sends forever "
                        "without it) unless [run] duration is set");
        }
    }
    sc->nsources++;
    return 0;
}

static int load_run(Ld *ld)
{
    const char *g = "run";
    TbRunCfg *r = &ld->sc->run;

    if (!g_key_file_has_group(ld->kf, g)) {
        return 0;
    }
    if (check_keys(ld, g, run_keys, NULL) < 0 ||
        get_time(ld, g, "duration", &r->duration_ns) < 0 ||
        get_time(ld, g, "drain", &r->drain_ns) < 0 ||
        get_time(ld, g, "sample", &r->sample_ns) < 0 ||
        get_u64(ld, g, "seed", &r->seed, 0, UINT64_MAX) < 0) {
        return -1;
    }
    if (r->sample_ns < 1000) {
        return fail(ld, g, "sample", "must be at least 1us");
    }
    return 0;
}

/* ---- text scan: line numbers and lines GKeyFile would refuse ---- */

static int scan_lines(Ld *ld, const char *data, size_t len)
{
    char *text = g_strndup(data, len);
    char **lines = g_strsplit(text, "\n", -1);
    char *grp = NULL;
    int r = 0;

    for (int i = 0; lines[i] && r == 0; i++) {
        char *l = g_strstrip(lines[i]);
        int ln = i + 1;
        if (!*l || *l == '#' || *l == ';') {
            continue;
        }
        if (*l == '[') {
            char *end = strchr(l, ']');
            if (!end || end[1] || end == l + 1) {
                ld->err = g_strdup_printf("%s:%d: malformed section header "
                                          "'%s'", ld->file, ln, l);
                r = -1;
                break;
            }
            g_free(grp);
            grp = g_strndup(l + 1, (gsize)(end - l - 1));
            if (!g_hash_table_contains(ld->line, grp)) {
                g_hash_table_insert(ld->line, g_strdup(grp),
                                    GINT_TO_POINTER(ln));
            }
            continue;
        }
        char *eq = strchr(l, '=');
        if (!eq) {
            ld->err = g_strdup_printf("%s:%d: expected '[section]' or "
                                      "'key = value', got '%s'", ld->file,
                                      ln, l);
            r = -1;
            break;
        }
        if (!grp) {
            ld->err = g_strdup_printf("%s:%d: key outside any [section]",
                                      ld->file, ln);
            r = -1;
            break;
        }
        *eq = 0;
        char *key = lkey(grp, g_strstrip(l));
        if (g_hash_table_contains(ld->line, key)) {
            ld->err = g_strdup_printf("%s:%d: [%s] %s: duplicate key (first "
                                      "on line %d)", ld->file, ln, grp,
                                      g_strstrip(l),
                                      GPOINTER_TO_INT(g_hash_table_lookup(
                                          ld->line, key)));
            g_free(key);
            r = -1;
            break;
        }
        g_hash_table_insert(ld->line, key, GINT_TO_POINTER(ln));
    }
    g_free(grp);
    g_strfreev(lines);
    g_free(text);
    return r;
}

static int apply_sets(Ld *ld, const char *const *sets)
{
    for (const char *const *s = sets; s && *s; s++) {
        const char *eq = strchr(*s, '=');
        char *lhs, *dot;
        if (!eq) {
            ld->err = g_strdup_printf("--set %s: expected section.key=value",
                                      *s);
            return -1;
        }
        lhs = g_strndup(*s, (gsize)(eq - *s));
        dot = strrchr(lhs, '.');
        if (!dot || dot == lhs || !dot[1]) {
            ld->err = g_strdup_printf("--set %s: expected section.key=value",
                                      *s);
            g_free(lhs);
            return -1;
        }
        *dot = 0;
        g_key_file_set_value(ld->kf, lhs, dot + 1, eq + 1);
        g_hash_table_replace(ld->setarg, lkey(lhs, dot + 1), g_strdup(*s));
        if (!g_hash_table_contains(ld->setarg, lhs)) {
            g_hash_table_insert(ld->setarg, g_strdup(lhs), g_strdup(*s));
        }
        g_free(lhs);
    }
    return 0;
}

static void defaults(TbScenario *sc, const char *name)
{
    memset(sc, 0, sizeof(*sc));
    g_strlcpy(sc->file, name, sizeof(sc->file));
    char *base = g_path_get_basename(name);
    if (g_str_has_suffix(base, ".ini")) {
        base[strlen(base) - 4] = 0;
    }
    g_strlcpy(sc->name, base, sizeof(sc->name));
    g_free(base);
    g_strlcpy(sc->host.profile, "piii-933", sizeof(sc->host.profile));
    sc->host.cpus = 1;
    sc->host.cpu_mhz = 0;
    sc->host.hz = 1000;
    sc->host.netdev_budget = 300;
    sc->host.netdev_max_backlog = 1000;
    sc->host.dev_weight = 64;
    sc->host.max_softirq_restart = 10;
    sc->host.max_softirq_time_us = 2000;
    sc->host.ip_forward = 1;
    sc->host.sink_udp_port = 0;
    sc->host.sink_rcvbuf = 212992;
    sc->host.sink_read_size = 65536;
    sc->run.duration_ns = 0;
    sc->run.drain_ns = 10000000;   /* 10 ms */
    sc->run.sample_ns = 1000000;   /* 1 ms */
    sc->run.seed = 0;
}

static int load_all(Ld *ld)
{
    TbScenario *sc = ld->sc;
    struct e1k_drv_params base;
    gsize ngroups;
    char **groups;
    int r = 0;

    groups = g_key_file_get_groups(ld->kf, &ngroups);
    /* unknown sections first, in file order */
    for (gsize i = 0; i < ngroups && r == 0; i++) {
        const char *g = groups[i];
        if (strcmp(g, "scenario") && strcmp(g, "host") &&
            strcmp(g, "driver") && strcmp(g, "run") &&
            strcmp(g, "traffic") && !g_str_has_prefix(g, "nic.") &&
            !g_str_has_prefix(g, "route.") &&
            !g_str_has_prefix(g, "traffic.")) {
            r = fail(ld, g, NULL, "unknown section (known: scenario, host, "
                     "driver, nic.NAME, route.NAME, traffic, traffic.NAME, "
                     "run)");
        }
    }
    if (r == 0 && g_key_file_has_group(ld->kf, "scenario")) {
        r = check_keys(ld, "scenario", scenario_keys, NULL);
        if (r == 0) {
            r = get_str(ld, "scenario", "name", sc->name, sizeof(sc->name));
        }
    }
    if (r == 0) {
        r = load_host(ld);
    }
    if (r == 0 && !has(ld, "host", "netdev_budget_usecs")) {
        /* two jiffies, as net_rx_action's time limit */
        sc->host.netdev_budget_usecs = 2 * 1000000u / sc->host.hz;
    }
    if (r == 0) {
        r = load_run(ld);
    }
    e1k_drv_params_default(&base);
    if (r == 0 && g_key_file_has_group(ld->kf, "driver")) {
        r = check_keys(ld, "driver", driver_keys, NULL);
        if (r == 0) {
            r = load_driver_keys(ld, "driver", &base);
        }
        if (r == 0 && e1k_drv_params_check(&base)) {
            r = drv_fail(ld, "driver", e1k_drv_params_check(&base));
        }
    }
    for (gsize i = 0; i < ngroups && r == 0; i++) {
        if (g_str_has_prefix(groups[i], "nic.")) {
            r = load_nic(ld, groups[i], &base);
        }
    }
    if (r == 0 && sc->nnics == 0) {
        ld->err = g_strdup_printf("%s: no [nic.NAME] section", ld->file);
        r = -1;
    }
    /* on-link routes of every NIC with an address, then the static ones */
    for (uint32_t i = 0; i < sc->nnics && r == 0; i++) {
        if (sc->nic[i].ip) {
            TbRouteCfg *rt = &sc->route[sc->nroutes++];
            rt->prefix = sc->nic[i].ip & prefix_mask(sc->nic[i].prefix_len);
            rt->prefix_len = sc->nic[i].prefix_len;
            rt->nic = (int)i;
            rt->gateway = 0;
        }
    }
    for (gsize i = 0; i < ngroups && r == 0; i++) {
        if (g_str_has_prefix(groups[i], "route.")) {
            r = load_route(ld, groups[i]);
        }
    }
    for (gsize i = 0; i < ngroups && r == 0; i++) {
        if (!strcmp(groups[i], "traffic") ||
            g_str_has_prefix(groups[i], "traffic.")) {
            r = load_traffic(ld, groups[i]);
        }
    }
    if (r == 0 && sc->nsources == 0) {
        ld->err = g_strdup_printf("%s: no [traffic] section", ld->file);
        r = -1;
    }
    g_strfreev(groups);
    return r;
}

int tb_scenario_load_data(const char *data, ptrdiff_t len, const char *name,
                          const char *dir, const char *const *sets,
                          TbScenario *sc, char **err)
{
    Ld ld = {0};
    GError *ge = NULL;
    size_t n = len < 0 ? strlen(data) : (size_t)len;
    int r = -1;

    ld.file = name;
    ld.dir = dir ? g_strdup(dir) : NULL;
    ld.sc = sc;
    ld.kf = g_key_file_new();
    ld.line = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    ld.setarg = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                      g_free);
    defaults(sc, name);

    if (memchr(data, 0, n)) {
        ld.err = g_strdup_printf("%s: not a text file", name);
        goto out;
    }
    if (scan_lines(&ld, data, n) < 0) {
        goto out;
    }
    if (!g_key_file_load_from_data(ld.kf, data, n, G_KEY_FILE_NONE, &ge)) {
        ld.err = g_strdup_printf("%s: %s", name, ge->message);
        g_error_free(ge);
        goto out;
    }
    if (apply_sets(&ld, sets) < 0) {
        goto out;
    }
    r = load_all(&ld);
out:
    if (r < 0) {
        *err = ld.err ? ld.err : g_strdup_printf("%s: invalid scenario",
                                                 name);
        ld.err = NULL;
    }
    g_free(ld.err);
    g_free(ld.dir);
    g_key_file_free(ld.kf);
    g_hash_table_destroy(ld.line);
    g_hash_table_destroy(ld.setarg);
    return r;
}

int tb_scenario_load(const char *path, const char *const *sets,
                     TbScenario *sc, char **err)
{
    char *data = NULL, *dir;
    gsize len;
    GError *ge = NULL;
    int r;

    if (!g_file_get_contents(path, &data, &len, &ge)) {
        *err = g_strdup_printf("%s: cannot read scenario: %s", path,
                               g_strerror(ge->code == G_FILE_ERROR_NOENT
                                              ? ENOENT : EIO));
        if (ge->code != G_FILE_ERROR_NOENT) {
            g_free(*err);
            *err = g_strdup(ge->message);
        }
        g_error_free(ge);
        return -1;
    }
    if (strlen(path) >= TB_PATH_LEN) {
        g_free(data);
        *err = g_strdup_printf("%s: path too long", path);
        return -1;
    }
    dir = g_path_get_dirname(path);
    r = tb_scenario_load_data(data, (ptrdiff_t)len, path, dir, sets, sc, err);
    g_free(dir);
    g_free(data);
    return r;
}
