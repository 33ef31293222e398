/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scenario files as networks (topology.h).  The hosts are the
 * [host.NAME] sections, or, in a file without them, one unnamed host
 * whose sections are the file's own.  Each host is loaded by the host
 * loader (scenario_load.c, scenario_sections.c) with all its rules and
 * messages: an unnamed host from the file itself, a named one from a
 * view that gathers its sections under the names the host loader knows
 * (the messages name the sections as the file does); then the
 * [link.NAME] sections are checked against the hosts' NICs and the
 * [netperf] test against the hosts.
 */
#include <stdbool.h>
#include <string.h>

#include <glib.h>

#include "kernel/k_netperf.h"
#include "scenario/scenario_ld.h"
#include "scenario/scenario_load.h"
#include "scenario/topology.h"

/* The kinds of per-host section, "KIND.HOST[.NAME]". */
static const char *const host_kinds[] = {"nic.", "route.", "traffic."};

/* The group of file group @g in the view of host @h, or NULL if @g is
 * not part of it.  g_malloc'd. */
static char *view_name(const char *g, const char *h)
{
    if (!strcmp(g, "scenario") || !strcmp(g, "run")
        || !strcmp(g, "driver")) {
        return g_strdup(g);
    }
    if (g_str_has_prefix(g, "host.") && !strcmp(g + 5, h)) {
        return g_strdup("host");
    }
    size_t hl = strlen(h);
    for (size_t i = 0; i < G_N_ELEMENTS(host_kinds); i++) {
        size_t kl = strlen(host_kinds[i]);
        const char *rest = g + kl + hl;
        if (!g_str_has_prefix(g, host_kinds[i]) || strlen(g) < kl + hl
            || strncmp(g + kl, h, hl)) {
            continue;
        }
        if (*rest == '.' && rest[1]) {
            return g_strconcat(host_kinds[i], rest + 1, NULL);
        }
        if (!*rest && !strcmp(host_kinds[i], "traffic.")) {
            return g_strdup("traffic");
        }
    }
    return NULL;
}

/* The number of groups among @groups whose name starts with @prefix. */
static uint32_t count_prefix(char **groups, const char *prefix)
{
    uint32_t n = 0;
    for (int i = 0; groups[i]; i++) {
        n += g_str_has_prefix(groups[i], prefix);
    }
    return n;
}

/* The hosts of @t: the [host.NAME] groups in file order, or one unnamed
 * host; their arrays allocated. */
static int find_hosts(TbLd *ld, char **groups, TbTopology *t)
{
    uint32_t n = count_prefix(groups, "host.");

    t->host = g_new0(TbScenario, n ? n : 1);
    t->host_name = g_malloc0_n(n ? n : 1, sizeof(*t->host_name));
    t->nhosts = n ? 0 : 1;
    for (int i = 0; groups[i]; i++) {
        const char *name = groups[i] + 5;
        if (!g_str_has_prefix(groups[i], "host.")) {
            continue;
        }
        if (!tb_ld_valid_name(name, TB_NAME_LEN)) {
            return tb_ld_fail(ld, groups[i], NULL, "'%s' is not a host name "
                              "(1-31 letters, digits, '-' or '_')", name);
        }
        g_strlcpy(t->host_name[t->nhosts++], name, TB_NAME_LEN);
    }
    return 0;
}

/* Every group belongs to a host's view or is a link. */
static int check_groups(TbLd *ld, char **groups, const TbTopology *t)
{
    for (int i = 0; groups[i]; i++) {
        bool ok = (g_str_has_prefix(groups[i], "link.") && groups[i][5])
                  || (g_str_has_prefix(groups[i], "switch.")
                      && groups[i][7])
                  || (g_str_has_prefix(groups[i], "netperf.")
                      && groups[i][8])
                  || !strcmp(groups[i], "netperf")
                  || !strcmp(groups[i], "specweb");
        for (uint32_t h = 0; h < t->nhosts && !ok; h++) {
            char *v = view_name(groups[i], t->host_name[h]);
            ok = v != NULL;
            g_free(v);
        }
        if (!ok) {
            return tb_ld_fail(ld, groups[i], NULL, "unknown section in a "
                              "scenario with several hosts (known: "
                              "scenario, driver, run, host.HOST, "
                              "nic.HOST.NAME, route.HOST.NAME, traffic.HOST, "
                              "traffic.HOST.NAME, link.NAME, switch.NAME, "
                              "netperf, netperf.NAME, specweb)");
        }
    }
    return 0;
}

/* The view of host @h: its groups renamed into a new key file; ld->gmap
 * maps them back. */
static GKeyFile *make_view(TbLd *ld, GKeyFile *file, char **groups,
                           const char *h)
{
    GKeyFile *kf = g_key_file_new();
    for (int i = 0; groups[i]; i++) {
        char *v = view_name(groups[i], h);
        gsize n;
        char **keys = v ? g_key_file_get_keys(file, groups[i], &n, NULL)
                        : NULL;
        for (gsize k = 0; keys && k < n; k++) {
            char *val = g_key_file_get_value(file, groups[i], keys[k], NULL);
            g_key_file_set_value(kf, v, keys[k], val);
            g_free(val);
        }
        g_strfreev(keys);
        if (v) {
            g_hash_table_insert(ld->gmap, v, g_strdup(groups[i]));
        }
    }
    return kf;
}

/* Named host @i through its view. */
static int load_host(TbLd *ld, char **groups, TbTopology *t, uint32_t i)
{
    GKeyFile *file = ld->kf;
    TbScenario *sc = &t->host[i];
    int r;

    ld->gmap = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                     g_free);
    ld->host = t->host_name[i];
    ld->sc = sc;
    ld->kf = make_view(ld, file, groups, ld->host);
    tb_scenario_defaults(sc, ld->file);
    char **vg = g_key_file_get_groups(ld->kf, NULL);
    r = tb_ld_load_all(ld, vg);
    g_strfreev(vg);
    g_key_file_free(ld->kf);
    ld->kf = file;
    g_clear_pointer(&ld->gmap, g_hash_table_destroy);
    ld->host = NULL;
    return r;
}

/* End @e of link @l ("HOST.NIC") into host and NIC indices. */
static int link_end(TbLd *ld, const char *g, TbTopology *t, TbLinkCfg *l,
                    int e)
{
    const char *key = e ? "b" : "a";
    const char *txt = l->end_text[e];
    const char *dot = strchr(txt, '.');
    for (uint32_t s = 0; !dot && s < t->nswitches; s++) {
        if (!strcmp(t->sw[s].name, txt)) {
            l->sw[e] = s + 1;
            return 0;
        }
    }
    for (uint32_t h = 0; dot && h < t->nhosts; h++) {
        const TbScenario *sc = &t->host[h];
        if (strncmp(t->host_name[h], txt, (size_t)(dot - txt))
            || t->host_name[h][dot - txt]) {
            continue;
        }
        for (uint32_t n = 0; n < sc->nnics; n++) {
            if (!strcmp(sc->nic[n].name, dot + 1)) {
                l->host[e] = h;
                l->nic[e] = n;
                return 0;
            }
        }
    }
    return tb_ld_fail(ld, g, key, "'%s' is neither HOST.NIC of a "
                      "[nic.HOST.NIC] section nor a [switch.NAME]", txt);
}

/* A NIC already on an earlier link, or fed by a traffic source; a
 * switch end gets the switch's next port. */
static int end_free(TbLd *ld, const char *g, TbTopology *t,
                    TbLinkCfg *l, int e)
{
    const char *key = e ? "b" : "a";
    if (l->sw[e]) {
        TbSwitchCfg *sw = &t->sw[l->sw[e] - 1];
        if (l->sw[!e]) {
            return tb_ld_fail(ld, g, key, "a link joins a NIC to a NIC or "
                              "to a switch (switch to switch is not "
                              "modelled)");
        }
        l->port = sw->nports++;
        return 0;
    }
    const TbScenario *sc = &t->host[l->host[e]];
    for (uint32_t k = 0; k < t->nlinks; k++) {
        for (int f = 0; f < 2; f++) {
            if (!t->link[k].sw[f] && t->link[k].host[f] == l->host[e]
                && t->link[k].nic[f] == l->nic[e]) {
                return tb_ld_fail(ld, g, key, "%s is already on "
                                  "[link.%s]", l->end_text[e],
                                  t->link[k].name);
            }
        }
    }
    for (uint32_t s = 0; s < sc->nsources; s++) {
        if (sc->traffic[s].nic == (int)l->nic[e]) {
            return tb_ld_fail(ld, g, key, "%s is fed by a traffic source "
                              "(a linked NIC receives from its link only)",
                              l->end_text[e]);
        }
    }
    return 0;
}

/* Speeds equal, addresses distinct; each end's peer_mac is the other
 * end's address (a given peer_mac must be it). */
static int link_peers(TbLd *ld, const char *g, TbTopology *t, TbLinkCfg *l)
{
    if (l->sw[0] || l->sw[1]) {
        return 0;   /* a switch port: neighbours by address (sw_check) */
    }
    TbNicCfg *n[2] = {&t->host[l->host[0]].nic[l->nic[0]],
                      &t->host[l->host[1]].nic[l->nic[1]]};
    if (n[0] == n[1]) {
        return tb_ld_fail(ld, g, "b", "the same NIC as a");
    }
    if (n[0]->link_mbps != n[1]->link_mbps) {
        return tb_ld_fail(ld, g, "b", "link_mbps %u differs from a's %u",
                          n[1]->link_mbps, n[0]->link_mbps);
    }
    if (!memcmp(n[0]->mac, n[1]->mac, 6)) {
        return tb_ld_fail(ld, g, "b", "the same mac as a");
    }
    for (int e = 0; e < 2; e++) {
        char *grp = g_strdup_printf("nic.%s", l->end_text[e]);
        bool given = tb_ld_has(ld, grp, "peer_mac");
        g_free(grp);
        if (given && memcmp(n[e]->peer_mac, n[!e]->mac, 6)) {
            return tb_ld_fail(ld, g, e ? "b" : "a", "%s has a peer_mac "
                              "that is not the address of %s",
                              l->end_text[e], l->end_text[!e]);
        }
        memcpy(n[e]->peer_mac, n[!e]->mac, 6);
    }
    return 0;
}

static int load_link(TbLd *ld, const char *g, TbTopology *t)
{
    TbLinkCfg *l = &t->link[t->nlinks];
    if (tb_ld_check_keys(ld, g, TB_SEC_LINK, -1) < 0) {
        return -1;
    }
    if (!tb_ld_valid_name(g + 5, TB_NAME_LEN)) {
        return tb_ld_fail(ld, g, NULL, "'%s' is not a link name (1-31 "
                          "letters, digits, '-' or '_')", g + 5);
    }
    memset(l, 0, sizeof(*l));
    tb_keys_default(TB_SEC_LINK, l);
    g_strlcpy(l->name, g + 5, sizeof(l->name));
    if (tb_ld_required(ld, g, TB_SEC_LINK) < 0
        || tb_ld_keys(ld, g, TB_SEC_LINK, l, NULL, NULL) < 0
        || link_end(ld, g, t, l, 0) < 0 || link_end(ld, g, t, l, 1) < 0
        || end_free(ld, g, t, l, 0) < 0 || end_free(ld, g, t, l, 1) < 0
        || link_peers(ld, g, t, l) < 0) {
        return -1;
    }
    t->nlinks++;
    return 0;
}

/* Host named by @key of [netperf] (@def when absent) into *@idx. */
static int netperf_host(TbLd *ld, const char *g, TbTopology *t,
                        const char *key, char *name, uint32_t def,
                        uint32_t *idx)
{
    if (!tb_ld_has(ld, g, key)) {
        g_strlcpy(name, t->host_name[def], TB_NAME_LEN);
    }
    for (uint32_t h = 0; h < t->nhosts; h++) {
        if (!strcmp(t->host_name[h], name)) {
            *idx = h;
            return 0;
        }
    }
    return tb_ld_fail(ld, g, key, "no host '%s' (no [host.%s] "
                      "section)", name, name);
}

/* The connection's addresses: the remote host's first NIC address, and
 * the address of the local NIC its longest-prefix route leaves by. */
static int netperf_addrs(TbLd *ld, const char *g, TbNetperfSecCfg *np,
                         const TbTopology *t)
{
    const TbScenario *r = &t->host[np->remote_host];
    const TbScenario *l = &t->host[np->local_host];
    int best = -1;
    for (uint32_t i = 0; i < r->nnics && !np->remote_ip; i++) {
        np->remote_ip = r->nic[i].ip;
    }
    if (!np->remote_ip) {
        return tb_ld_fail(ld, g, "remote", "host '%s' has no NIC "
                          "with an ip", np->remote);
    }
    for (uint32_t i = 0; i < l->nroutes; i++) {
        const TbRouteCfg *rt = &l->route[i];
        uint32_t m = rt->prefix_len ? 0xffffffffu << (32 - rt->prefix_len)
                                    : 0;
        if ((np->remote_ip & m) == rt->prefix
            && (best < 0 || rt->prefix_len > l->route[best].prefix_len)) {
            best = (int)i;
        }
    }
    np->local_ip = best < 0 ? 0 : l->nic[l->route[best].nic].ip;
    if (!np->local_ip) {
        return tb_ld_fail(ld, g, "local", "host '%s' has no route "
                          "from an address of its own to host '%s'",
                          np->local, np->remote);
    }
    return 0;
}

/* UDP_STREAM: a datagram per frame; the remote host's UDP sink is the
 * receiving socket, bound to the test's port with its sizes. */
static int udp_sink(TbLd *ld, const char *gn, TbNetperfSecCfg *np,
                    TbTopology *t)
{
    TbHostCfg *h = &t->host[np->remote_host].host;
    const TbScenario *l = &t->host[np->local_host];
    uint32_t mtu = 1500;
    for (uint32_t i = 0; i < l->nnics; i++) {
        if (l->nic[i].ip == np->local_ip && l->nic[i].mtu) {
            mtu = l->nic[i].mtu;
            break;
        }
    }
    if (np->message_size > TB_NETPERF_UDP_MAX(mtu)) {
        return tb_ld_fail(ld, gn, "message_size", "UDP_STREAM: at "
                          "most %u bytes (one datagram per frame of the "
                          "%u-byte MTU of host '%s'; IP fragmentation is "
                          "not modelled)", TB_NETPERF_UDP_MAX(mtu), mtu,
                          np->local);
    }
    static const char *const keys[] = {"sink_udp_port", "sink_rcvbuf",
                                       "sink_read_size"};
    char *g = g_strconcat("host.", np->remote, NULL);
    for (int i = 0; i < 3; i++) {
        if (tb_ld_has(ld, g, keys[i])) {
            g_free(g);
            return tb_ld_fail(ld, gn, "test", "UDP_STREAM: host "
                              "'%s' sets %s; the test's receiving socket is "
                              "that host's UDP sink, set by recv_socket and "
                              "recv_size (remove the key)", np->remote,
                              keys[i]);
        }
    }
    g_free(g);
    if (h->sink_udp_port) {
        return tb_ld_fail(ld, gn, "remote", "UDP_STREAM: host '%s' already "
                          "receives a UDP_STREAM (its one UDP sink)",
                          np->remote);
    }
    h->sink_udp_port = np->port;
    h->sink_rcvbuf = np->recv_socket;
    h->sink_read_size = np->recv_size;
    return 0;
}

/* The test of group @g into @np: hosts, addresses, sizes; its duration
 * is the run's; its data port @port. */
static int load_test(TbLd *ld, const char *g, TbTopology *t,
                     TbNetperfSecCfg *np, uint16_t port)
{
    tb_keys_default(TB_SEC_NETPERF, np);
    np->present = 1;
    np->port = port;
    if (tb_ld_check_keys(ld, g, TB_SEC_NETPERF, -1) < 0
        || tb_ld_keys(ld, g, TB_SEC_NETPERF, np, NULL, NULL) < 0) {
        return -1;
    }
    if (t->nhosts < 2) {
        return tb_ld_fail(ld, g, NULL, "netperf needs two hosts");
    }
    if (netperf_host(ld, g, t, "local", np->local, 0, &np->local_host) < 0
        || netperf_host(ld, g, t, "remote", np->remote, 1,
                        &np->remote_host) < 0) {
        return -1;
    }
    if (np->local_host == np->remote_host) {
        return tb_ld_fail(ld, g, "remote", "the same host as local");
    }
    np->message_size = np->message_size ? np->message_size : np->send_socket;
    np->recv_size = np->recv_size ? np->recv_size : np->recv_socket;
    if (tb_ld_has(ld, "run", "duration")) {
        if (tb_ld_has(ld, g, "duration")
            && t->host[0].run.duration_ns != np->duration_ns) {
            /* point at the --set if one of the two came from it */
            bool run_set = tb_ld_from_set(ld, "run", "duration")
                           && !tb_ld_from_set(ld, g, "duration");
            return run_set ? tb_ld_fail(ld, "run", "duration", "differs "
                                        "from [%s] duration (set "
                                        "%s.duration instead)", g, g)
                           : tb_ld_fail(ld, g, "duration", "differs from "
                                        "[run] duration");
        }
        np->duration_ns = t->host[0].run.duration_ns;
    }
    if (np->duration_ns == 0) {
        bool run = tb_ld_has(ld, "run", "duration")
                   && !tb_ld_has(ld, g, "duration");
        return tb_ld_fail(ld, run ? "run" : g, "duration", "a netperf "
                          "test needs a duration (0 given)");
    }
    for (uint32_t h = 0; h < t->nhosts; h++) {
        t->host[h].run.duration_ns = np->duration_ns;
    }
    if (netperf_addrs(ld, g, np, t) < 0) {
        return -1;
    }
    return np->test == TB_NETPERF_UDP_STREAM ? udp_sink(ld, g, np, t) : 0;
}

/* Stream @i of group @g ([netperf.NAME]): a test of its own, on data
 * port TB_NETPERF_DATA_PORT + i, of the run's one duration. */
static int load_stream(TbLd *ld, const char *g, TbTopology *t, uint32_t i)
{
    TbNetperfSecCfg *np = &t->stream[i];
    if (!tb_ld_valid_name(g + 8, TB_NAME_LEN)) {
        return tb_ld_fail(ld, g, NULL, "'%s' is not a stream name (1-31 "
                          "letters, digits, '-' or '_')", g + 8);
    }
    if (load_test(ld, g, t, np, (uint16_t)(TB_NETPERF_DATA_PORT + i)) < 0) {
        return -1;
    }
    g_strlcpy(np->name, g + 8, sizeof(np->name));
    if (i && np->duration_ns != t->stream[0].duration_ns) {
        return tb_ld_fail(ld, g, "duration", "differs from [netperf.%s] "
                          "duration (the streams run for the run's one "
                          "duration)", t->stream[0].name);
    }
    return 0;
}

/* [netperf], or the streams of the [netperf.NAME] sections in file
 * order (not both). */
static int load_netperf(TbLd *ld, char **groups, TbTopology *t)
{
    uint32_t n = count_prefix(groups, "netperf.");
    t->stream = g_new0(TbNetperfSecCfg, n ? n : 1);
    if (n && tb_ld_has_group(ld, "netperf")) {
        return tb_ld_fail(ld, "netperf", NULL, "either one [netperf] test "
                          "or [netperf.NAME] streams, not both");
    }
    if (n > TB_NETPERF_MAX_STREAMS) {
        return tb_ld_fail(ld, "netperf", NULL, "%u [netperf.NAME] streams: "
                          "at most %u", n, TB_NETPERF_MAX_STREAMS);
    }
    if (tb_ld_has_group(ld, "netperf")) {
        return load_test(ld, "netperf", t, &t->netperf,
                         TB_NETPERF_DATA_PORT);
    }
    uint32_t *per_host = g_new0(uint32_t, t->nhosts);
    int r = 0;
    for (int i = 0; groups[i] && !r; i++) {
        if (!g_str_has_prefix(groups[i], "netperf.")) {
            continue;
        }
        r = load_stream(ld, groups[i], t, t->nstreams++);
        for (int e = 0; e < 2 && !r; e++) {
            const TbNetperfSecCfg *np = &t->stream[t->nstreams - 1];
            uint32_t h = e ? np->remote_host : np->local_host;
            if (++per_host[h] > TB_NETPERF_MAX_PER_HOST) {
                r = tb_ld_fail(ld, groups[i], e ? "remote" : "local",
                               "host '%s' is in more than %u streams",
                               t->host_name[h], TB_NETPERF_MAX_PER_HOST);
            }
        }
    }
    g_free(per_host);
    return r;
}

/* [switch.NAME] group @g into the next entry of @t. */
static int load_switch(TbLd *ld, const char *g, TbTopology *t)
{
    TbSwitchCfg *sw = &t->sw[t->nswitches];
    if (tb_ld_check_keys(ld, g, TB_SEC_SWITCH, -1) < 0) {
        return -1;
    }
    if (!tb_ld_valid_name(g + 7, TB_NAME_LEN)) {
        return tb_ld_fail(ld, g, NULL, "'%s' is not a switch name (1-31 "
                          "letters, digits, '-' or '_')", g + 7);
    }
    for (uint32_t h = 0; h < t->nhosts; h++) {
        if (!strcmp(t->host_name[h], g + 7)) {
            return tb_ld_fail(ld, g, NULL, "'%s' is also a host's name",
                              g + 7);
        }
    }
    memset(sw, 0, sizeof(*sw));
    tb_keys_default(TB_SEC_SWITCH, sw);
    g_strlcpy(sw->name, g + 7, sizeof(sw->name));
    if (tb_ld_required(ld, g, TB_SEC_SWITCH) < 0
        || tb_ld_keys(ld, g, TB_SEC_SWITCH, sw, NULL, NULL) < 0) {
        return -1;
    }
    if (!tb_ld_has(ld, g, "pause_threshold")) {
        sw->pause_threshold = sw->buffer / 2;
    }
    if (!tb_ld_has(ld, g, "pause_resume")) {
        sw->pause_resume = sw->pause_threshold / 2;
    }
    if (sw->pause_resume >= sw->pause_threshold) {
        return tb_ld_fail(ld, g, "pause_resume", "%u is not below "
                          "pause_threshold %u", sw->pause_resume,
                          sw->pause_threshold);
    }
    t->nswitches++;
    return 0;
}

/* The NIC at the other end of link @l from its switch end. */
static const TbNicCfg *port_nic(const TbTopology *t, const TbLinkCfg *l)
{
    int e = l->sw[0] ? 1 : 0;
    return &t->host[l->host[e]].nic[l->nic[e]];
}

/* Switch @s: two ports at least; its NICs' addresses (MAC and IPv4, the
 * neighbours the hosts resolve, docs/switch.md) distinct. */
static int sw_check(TbLd *ld, const TbTopology *t, uint32_t s)
{
    char *g = g_strconcat("switch.", t->sw[s].name, NULL);
    int r = 0;
    if (t->sw[s].nports < 2) {
        r = tb_ld_fail(ld, g, NULL, "a switch needs two links at least "
                       "(%u end at it)", t->sw[s].nports);
    }
    for (uint32_t i = 0; i < t->nlinks && !r; i++) {
        const TbLinkCfg *a = &t->link[i];
        for (uint32_t j = 0; j < i && !r && a->sw[0] + a->sw[1] == s + 1;
             j++) {
            const TbLinkCfg *b = &t->link[j];
            const TbNicCfg *na = port_nic(t, a), *nb = port_nic(t, b);
            if (b->sw[0] + b->sw[1] != s + 1) {
                continue;
            }
            char lg[TB_NAME_LEN + 8];
            g_snprintf(lg, sizeof(lg), "link.%s", a->name);
            if (!memcmp(na->mac, nb->mac, 6) || (na->ip && na->ip == nb->ip)) {
                r = tb_ld_fail(ld, lg, NULL, "its NIC has the %s of [link.%s]'s "
                               "NIC, on the same switch", memcmp(na->mac,
                               nb->mac, 6) ? "ip" : "mac", b->name);
            }
        }
    }
    g_free(g);
    return r;
}

/* The [switch.NAME] groups into @t, file order. */
static int load_switches(TbLd *ld, char **groups, TbTopology *t)
{
    uint32_t n = count_prefix(groups, "switch.");
    t->sw = g_new0(TbSwitchCfg, n ? n : 1);
    for (int i = 0; groups[i]; i++) {
        if (g_str_has_prefix(groups[i], "switch.")
            && load_switch(ld, groups[i], t) < 0) {
            return -1;
        }
    }
    return 0;
}

/* The [link.NAME] groups into @t, file order; then the switches' ports
 * are known. */
static int load_links(TbLd *ld, char **groups, TbTopology *t)
{
    uint32_t n = count_prefix(groups, "link.");
    t->link = g_new0(TbLinkCfg, n ? n : 1);
    for (int i = 0; groups[i]; i++) {
        if (g_str_has_prefix(groups[i], "link.")
            && load_link(ld, groups[i], t) < 0) {
            return -1;
        }
    }
    for (uint32_t s = 0; s < t->nswitches; s++) {
        if (sw_check(ld, t, s) < 0) {
            return -1;
        }
    }
    return 0;
}

/* Every named host through its view; the --set arguments noted in
 * @base (the overrides) apply to the whole scenario: each host's report
 * lists them all, as the report of an unnamed host does. */
static int load_named(TbLd *ld, char **groups, TbTopology *t,
                      const TbScenario *base)
{
    if (tb_ld_has_group(ld, "host")) {
        return tb_ld_fail(ld, "host", NULL, "a scenario with [host.NAME] "
                          "sections names every host");
    }
    if (check_groups(ld, groups, t) < 0) {
        return -1;
    }
    for (uint32_t i = 0; i < t->nhosts; i++) {
        if (load_host(ld, groups, t, i) < 0) {
            return -1;
        }
        g_strlcpy(t->host[i].overrides, base->overrides,
                  sizeof(base->overrides));
    }
    return 0;
}

/* The hosts (an unnamed one: from the file itself, with @base's
 * defaults and overrides), then links and the netperf test. */
/* The [driver] keys of the e1000 core refused if no host has an e1000. */
static int driver_used(TbLd *ld, const TbTopology *t)
{
    uint32_t nnics = 0;
    bool e1000 = false;

    for (uint32_t h = 0; h < t->nhosts; h++) {
        for (uint32_t i = 0; i < t->host[h].nnics; i++) {
            nnics++;
            e1000 |= t->host[h].nic[i].chip != TB_CHIP_82598EB;
        }
    }
    return tb_ld_driver_e1000_used(ld, nnics, e1000);
}

/* [specweb]: the keys with their defaults (also without the section:
 * `e1klab specweb` takes its defaults from here); the app_* figures
 * required when the section is there. */
static int load_specweb(TbLd *ld, TbTopology *t)
{
    TbSpecwebSecCfg *w = &t->specweb;
    const char *g = "specweb";
    tb_keys_default(TB_SEC_SPECWEB, w);
    if (!tb_ld_has_group(ld, g)) {
        return 0;
    }
    w->present = 1;
    if (tb_ld_check_keys(ld, g, TB_SEC_SPECWEB, -1) < 0
        || tb_ld_required(ld, g, TB_SEC_SPECWEB) < 0
        || tb_ld_keys(ld, g, TB_SEC_SPECWEB, w, NULL, NULL) < 0) {
        return -1;
    }
    if (w->rampup_ns > 60000000000ull) {
        return tb_ld_fail(ld, g, "rampup", "at most 60 s");
    }
    if (w->warmup_ns > 60000000000ull) {
        return tb_ld_fail(ld, g, "warmup", "at most 60 s");
    }
    return 0;
}

static int load_all(TbLd *ld, char **groups, TbTopology *t,
                    const TbScenario *base)
{
    int r;

    if (find_hosts(ld, groups, t) < 0) {
        return -1;
    }
    if (t->host_name[0][0]) {
        r = load_named(ld, groups, t, base);
    } else {
        t->host[0] = *base;
        ld->sc = &t->host[0];
        r = tb_ld_load_all(ld, groups);
    }
    return r < 0 || driver_used(ld, t) < 0
           || load_switches(ld, groups, t) < 0
           || load_links(ld, groups, t) < 0
           || load_netperf(ld, groups, t) < 0
           || load_specweb(ld, t) < 0 ? -1 : 0;
}

int tb_topology_load_data(const char *data, ptrdiff_t len, const char *name,
                          const char *dir, const char *const *sets,
                          TbTopology *t, char **err)
{
    TbScenario *base = g_new0(TbScenario, 1);
    TbLd ld;
    size_t n = len < 0 ? strlen(data) : (size_t)len;
    int r = -1;

    memset(t, 0, sizeof(*t));
    tb_ld_init(&ld, name, dir, base);
    /* before the text: --set overrides are noted in @base */
    tb_scenario_defaults(base, name);
    if (tb_ld_read_text(&ld, data, n, sets) == 0) {
        char **groups = g_key_file_get_groups(ld.kf, NULL);
        r = load_all(&ld, groups, t, base);
        g_strfreev(groups);
    }
    if (r < 0) {
        char *m = ld.err ? NULL : g_strdup_printf("%s: invalid scenario",
                                                  name);
        *err = tb_text_one_line(m ? m : ld.err);
        g_free(m);
        tb_topology_clear(t);
    }
    tb_ld_clear(&ld);
    g_free(base);
    return r;
}

int tb_topology_load(const char *path, const char *const *sets,
                     TbTopology *t, char **err)
{
    char *data, *dir;
    gsize len;
    if (tb_ld_read_file(path, &data, &len, &dir, err) < 0) {
        memset(t, 0, sizeof(*t));
        return -1;
    }
    int r = tb_topology_load_data(data, (ptrdiff_t)len, path, dir, sets, t,
                                  err);
    g_free(dir);
    g_free(data);
    return r;
}

void tb_topology_clear(TbTopology *t)
{
    g_free(t->host);
    g_free(t->host_name);
    g_free(t->link);
    g_free(t->sw);
    g_free(t->stream);
    memset(t, 0, sizeof(*t));
}

char *tb_topology_source_section(const TbTopology *t, uint32_t h,
                                 uint32_t s)
{
    const char *src = t->host[h].traffic[s].name;
    const char *host = t->host_name[h];
    return g_strconcat("traffic", *host ? "." : "", host, *src ? "." : "",
                       src, NULL);
}
