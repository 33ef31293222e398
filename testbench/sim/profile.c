/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Cost profile loader (GKeyFile INI). */
#include "sim/profile.h"

#include <glib.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *const cost_names[TB_COST_COUNT] = {
    [TB_COST_IRQ_DELIVERY] = "irq_delivery",
    [TB_COST_IRQ_ENTRY] = "irq_entry",
    [TB_COST_IRQ_EXIT] = "irq_exit",
    [TB_COST_MMIO_WRITE] = "mmio_write",
    [TB_COST_SKB_ALLOC] = "skb_alloc",
    [TB_COST_SKB_FREE] = "skb_free",
    [TB_COST_RX_CLEAN] = "rx_clean",
    [TB_COST_RX_REFILL] = "rx_refill",
    [TB_COST_NETIF_RX] = "netif_rx",
    [TB_COST_NETIF_RECEIVE_SKB] = "netif_receive_skb",
    [TB_COST_IP_FORWARD] = "ip_forward",
    [TB_COST_IP_LOCAL_DELIVER] = "ip_local_deliver",
    [TB_COST_QDISC_ENQUEUE] = "qdisc_enqueue",
    [TB_COST_QDISC_DEQUEUE] = "qdisc_dequeue",
    [TB_COST_XMIT] = "xmit",
    [TB_COST_TX_CLEAN] = "tx_clean",
    [TB_COST_SOFTIRQ_ENTRY] = "softirq_entry",
    [TB_COST_NAPI_POLL] = "napi_poll",
    [TB_COST_ISR] = "isr",
    [TB_COST_CONTEXT_SWITCH] = "context_switch",
    [TB_COST_COPY_TO_USER_PER_BYTE] = "copy_to_user_per_byte",
    [TB_COST_SOCKET_RECV] = "socket_recv",
    [TB_COST_TIMER_TICK] = "timer_tick",
    [TB_COST_COPY_FROM_USER_PER_BYTE] = "copy_from_user_per_byte",
    [TB_COST_SOCKET_SEND] = "socket_send",
    [TB_COST_TCP_RCV] = "tcp_rcv",
    [TB_COST_TCP_XMIT] = "tcp_xmit",
    [TB_COST_UDP_XMIT] = "udp_xmit",
    [TB_COST_UDP_RCV] = "udp_rcv",
    [TB_COST_TCP_SENDMSG] = "tcp_sendmsg",
    [TB_COST_LRO_SEGMENT] = "lro_segment",
    [TB_COST_SKB_REMOTE] = "skb_remote",
};

const char *tb_cost_name(TbCostId id)
{
    return (unsigned)id < TB_COST_COUNT ? cost_names[id] : "?";
}

/* Parse a non-negative finite number; false if malformed. */
static bool parse_num(const char *s, double *out)
{
    char *end;
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    if (!*s) {
        return false;
    }
    double v = g_ascii_strtod(s, &end);
    while (*end == ' ' || *end == '\t') {
        end++;
    }
    if (*end || !isfinite(v) || v < 0 || v > 1e9) {
        return false;
    }
    *out = v;
    return true;
}

static int fail(char **err, const char *path, const char *fmt, ...)
    G_GNUC_PRINTF(3, 4);
static int fail(char **err, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *m = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    *err = g_strdup_printf("%s: %s", path, m);
    g_free(m);
    return -1;
}

static int cost_index(const char *key, bool *is_ns)
{
    size_t kl = strlen(key);
    *is_ns = kl > 3 && strcmp(key + kl - 3, "_ns") == 0;
    for (int i = 0; i < TB_COST_COUNT; i++) {
        size_t nl = strlen(cost_names[i]);
        if (*is_ns ? (nl == kl - 3 && strncmp(key, cost_names[i], nl) == 0)
                   : strcmp(key, cost_names[i]) == 0) {
            return i;
        }
    }
    return -1;
}

/* Every section must be [cpu] or [costs], [cpu] hold only mhz.  0 or -1. */
static int check_layout(GKeyFile *kf, const char *path, char **err)
{
    char **groups = g_key_file_get_groups(kf, NULL);
    char **keys = g_key_file_get_keys(kf, "cpu", NULL, NULL);
    int rc = 0;
    for (char **g = groups; *g && rc == 0; g++) {
        if (strcmp(*g, "cpu") && strcmp(*g, "costs")) {
            rc = fail(err, path, "unknown section [%s]", *g);
        }
    }
    for (char **k = keys; keys && *k && rc == 0; k++) {
        if (strcmp(*k, "mhz")) {
            rc = fail(err, path, "[cpu] %s: unknown key", *k);
        }
    }
    g_strfreev(groups);
    g_strfreev(keys);
    return rc;
}

/* [cpu] mhz (1..100000) into *mhz.  0 or -1. */
static int read_mhz(GKeyFile *kf, const char *path, double *mhz, char **err)
{
    char *v = g_key_file_get_value(kf, "cpu", "mhz", NULL);
    int rc = 0;
    if (!v) {
        return fail(err, path, "[cpu] mhz: missing key");
    }
    if (!parse_num(v, mhz) || *mhz < 1 || *mhz > 100000) {
        rc = fail(err, path, "[cpu] mhz: bad value '%s' (1..100000 MHz)", v);
    }
    g_free(v);
    return rc;
}

/* One [costs] key @key: NAME in cycles (at p->mhz) or NAME_ns.  0 or -1. */
static int read_cost(GKeyFile *kf, const char *path, const char *key,
                     TbProfile *p, char **err)
{
    bool is_ns;
    int i = cost_index(key, &is_ns);
    double x;
    if (i < 0) {
        return fail(err, path, "[costs] %s: unknown key", key);
    }
    if (p->cycles[i] >= 0 || p->ns_given[i] >= 0) {
        return fail(err, path, "[costs] %s: given both in cycles and in ns",
                    key);
    }
    char *v = g_key_file_get_value(kf, "costs", key, NULL);
    int rc = 0;
    if (!parse_num(v, &x)) {
        rc = fail(err, path, "[costs] %s: bad value '%s' (a number >= 0)",
                  key, v);
    } else if (is_ns) {
        p->ns_given[i] = x;
        p->ps[i] = (uint64_t)llround(x * 1000.0);
    } else {
        p->cycles[i] = x;
        p->ps[i] = (uint64_t)llround(x * 1e6 / p->mhz);
    }
    g_free(v);
    return rc;
}

/* Every key of [costs], then every cost must have been given.  0 or -1. */
static int read_costs(GKeyFile *kf, const char *path, TbProfile *p,
                      char **err)
{
    char **keys = g_key_file_get_keys(kf, "costs", NULL, NULL);
    int rc = 0;
    for (char **k = keys; keys && *k && rc == 0; k++) {
        rc = read_cost(kf, path, *k, p, err);
    }
    g_strfreev(keys);
    for (int i = 0; i < TB_COST_COUNT && rc == 0; i++) {
        if (p->cycles[i] < 0 && p->ns_given[i] < 0) {
            rc = fail(err, path, "[costs] %s: missing key (cycles, or %s_ns)",
                      cost_names[i], cost_names[i]);
        }
    }
    return rc;
}

/* The profile's name: the file's base name without extension. */
static void set_name(TbProfile *p, const char *path)
{
    char *base = g_path_get_basename(path);
    char *dot = strrchr(base, '.');
    if (dot) {
        *dot = 0;
    }
    g_strlcpy(p->name, base, sizeof(p->name));
    g_free(base);
}

int tb_profile_load(TbProfile *p, const char *path, double mhz_override,
                    char **err)
{
    GKeyFile *kf = g_key_file_new();
    GError *ge = NULL;
    double mhz;
    int rc = -1;

    memset(p, 0, sizeof(*p));
    for (int i = 0; i < TB_COST_COUNT; i++) {
        p->cycles[i] = -1;
        p->ns_given[i] = -1;
    }
    if (!g_key_file_load_from_file(kf, path, G_KEY_FILE_NONE, &ge)) {
        fail(err, path, "cannot load profile: %s", ge->message);
        g_error_free(ge);
    } else {
        set_name(p, path);
        if (check_layout(kf, path, err) == 0
            && read_mhz(kf, path, &mhz, err) == 0) {
            p->mhz = mhz_override > 0 ? mhz_override : mhz;
            rc = read_costs(kf, path, p, err);
        }
    }
    g_key_file_free(kf);
    return rc;
}

char *tb_profile_find(const char *name, const char *scenario_file)
{
    char *file = g_strconcat(name, ".ini", NULL);
    char *cand[8] = { 0 };
    int n = 0;
    const char *envdir = g_getenv("E1KLAB_PROFILE_DIR");
    if (envdir && *envdir) {
        cand[n++] = g_build_filename(envdir, file, NULL);
    }
#ifdef TB_PROFILE_DIR
    cand[n++] = g_build_filename(TB_PROFILE_DIR, file, NULL);
#endif
    cand[n++] = g_build_filename("profiles", file, NULL);
    cand[n++] = g_build_filename("testbench", "profiles", file, NULL);
    if (scenario_file && *scenario_file) {
        char *dir = g_path_get_dirname(scenario_file);
        cand[n++] = g_build_filename(dir, "..", "profiles", file, NULL);
        cand[n++] = g_build_filename(dir, "profiles", file, NULL);
        g_free(dir);
    }
    char *found = NULL;
    for (int i = 0; i < n; i++) {
        if (!found && g_file_test(cand[i], G_FILE_TEST_IS_REGULAR)) {
            found = cand[i];
        } else {
            g_free(cand[i]);
        }
    }
    g_free(file);
    return found;
}
