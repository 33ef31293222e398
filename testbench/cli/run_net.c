/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab run` of a scenario with several hosts (run_net.h).
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "cli/run_net.h"
#include "cli/progress.h"
#include "cli/run_net_out.h"
#include "report/cli_out.h"
#include "report/report_net.h"
#include "report/report_profile.h"
#include "scenario/scenario_load.h"
#include "scenario/topology.h"
#include "sim/net.h"

#define EXIT_BAD_INPUT 2

bool tb_run_is_multi(const char *path)
{
    char *hosts = tb_run_host_list(path);
    bool multi = hosts != NULL;

    g_free(hosts);
    return multi;
}

/* True if the text @data (@n bytes, NUL-terminated as g_file_get_contents
 * leaves it) may have a group tb_topology_multi_group accepts: a GKeyFile
 * group name is the text right after the '[' of its line, so a text in
 * which no '[' is followed by such a name has none, and the file need not
 * be parsed to know it (most scenarios have one host). */
static bool may_be_multi(const char *data, size_t n)
{
    for (const char *p = data; (p = memchr(p, '[', n - (size_t)(p - data)));
         p++) {
        if (tb_topology_multi_group(p + 1)) {
            return true;
        }
    }
    return false;
}

char *tb_run_host_list(const char *path)
{
    GKeyFile *kf = g_key_file_new();
    GString *hosts = NULL;
    char *data = NULL;
    gsize n = 0;

    if (g_file_get_contents(path, &data, &n, NULL) && may_be_multi(data, n) &&
        g_key_file_load_from_data(kf, data, n, G_KEY_FILE_NONE, NULL)) {
        char **groups = g_key_file_get_groups(kf, NULL);
        for (int i = 0; groups[i]; i++) {
            bool host = g_str_has_prefix(groups[i], "host.");
            if (!tb_topology_multi_group(groups[i])) {
                continue;
            }
            hosts = hosts ? hosts : g_string_new(NULL);
            if (host) {
                g_string_append_printf(hosts, "%s[%s]", hosts->len ? ", "
                                       : "", groups[i]);
            }
        }
        g_strfreev(groups);
    }
    g_free(data);
    g_key_file_free(kf);
    return hosts ? g_string_free(hosts, FALSE) : NULL;
}

/* The options a run of several hosts refuses.  0 or -1 with *err. */
static int net_opts_check(const TbRunNetArgs *a, char **err)
{
    const char *why = NULL;

    if (a->backend && !strcmp(a->backend, "qemu")) {
        why = "--backend qemu: the QEMU backend runs one host; this "
              "scenario has several (use --backend testbench)";
    } else if (a->csv_path && !strcmp(a->csv_path, "-")) {
        why = "--csv -: several hosts write one CSV per host (give a file "
              "name: FILE.csv gives FILE.HOST.csv)";
    } else if (a->pcap_path && !strcmp(a->pcap_path, "-")) {
        why = "--pcap-out needs a file name";
    } else if (a->trace) {
        why = "--trace: not available for a scenario with several hosts";
    } else if (a->profile && a->json_path && !strcmp(a->json_path, "-")) {
        why = "--profile prints on stdout: give --json a file name";
    }
    if (why) {
        *err = g_strdup_printf("run: %s", why);
        return -1;
    }
    return 0;
}

/* The report's view of the finished run @n. */
static void net_report_of(const TbTopology *t, const TbNet *n,
                          TbNetReport *nr)
{
    memset(nr, 0, sizeof(*nr));
    nr->t = t;
    for (uint32_t h = 0; h < t->nhosts; h++) {
        nr->res[h] = tb_net_results(n, h);
    }
    for (uint32_t i = 0; i < t->nlinks; i++) {
        nr->link[i][0] = tb_link_stats(tb_net_link(n, i), 0);
        nr->link[i][1] = tb_link_stats(tb_net_link(n, i), 1);
    }
    nr->np = tb_net_netperf(n) ? tb_netperf_stats(tb_net_netperf(n))
                               : NULL;
}

static void on_progress(void *ctx, uint64_t now_ns, uint64_t end_ns)
{
    tb_progress_draw(ctx, now_ns, end_ns > now_ns ? end_ns : now_ns);
}

/* tb_net_run with the progress bar of `run` (progress.h) over the
 * simulated time from 0 to the run's end, bring-up included. */
static int net_run_bar(TbNet *n, const TbRunNetArgs *a, char **err)
{
    TbProgress bar;
    tb_progress_init(&bar, a->quiet, "s simulated", 1e9);
    tb_net_set_progress(n, on_progress, &bar);
    int r = tb_net_run(n, err);
    tb_net_set_progress(n, NULL, NULL);
    tb_progress_clear(&bar);
    return r;
}

/* The CPU profile of every host of the finished run @n on stdout. */
static void net_profile_text(const TbNet *n, const TbTopology *t,
                             const TbNetReport *nr)
{
    TbProfileHost hp[TB_MAX_HOSTS];

    for (uint32_t h = 0; h < t->nhosts; h++) {
        hp[h] = (TbProfileHost){ tb_net_cpu_acct(n, h), tb_net_cost_ns(n, h),
                                 tb_net_ctx_ns(n, h), tb_net_mhz(n, h) };
    }
    tb_report_profile_text(stdout, nr, hp);
}

/* Run @t and write its reports.  0 or -1 with *err. */
static int net_run_report(const TbTopology *t, const TbRunNetArgs *a,
                          char **err)
{
    TbNet *n = tb_net_new(t, err);
    TbNetOuts o = {0};
    TbNetReport nr;
    int r = -1;

    if (n && a->profile) {
        tb_net_profile_start(n);
    }
    if (n && tb_net_outs_open(&o, n, t, a, err) == 0
        && net_run_bar(n, a, err) == 0
        && tb_net_outs_finish(&o, n, err) == 0) {
        net_report_of(t, n, &nr);
        if (o.json.path) {
            char *text = tb_report_net_json(&nr);
            fputs(text, o.json.f);
            g_free(text);
        }
        r = tb_net_outs_commit(&o, err);
        if (r == 0 && a->text) {
            tb_report_net_text(stdout, &nr);
        }
        if (r == 0 && a->profile) {
            net_profile_text(n, t, &nr);
        }
        if (r == 0 && fflush(stdout) != 0) {
            *err = g_strdup("stdout: write error");
            r = -1;
        }
    }
    if (r < 0) {
        tb_net_outs_abort(&o, n);
    }
    tb_net_free(n);
    return r;
}

int tb_run_net(const char *path, const char *const *sets,
               const TbRunNetArgs *a, char **err)
{
    TbTopology *t = g_new0(TbTopology, 1);
    int r = -1;

    if (net_opts_check(a, err) == 0
        && tb_topology_load(path, sets, t, err) == 0
        && tb_net_outs_check(t, a, err) == 0) {
        r = net_run_report(t, a, err);
    }
    g_free(t);
    return r < 0 ? EXIT_BAD_INPUT : 0;
}
