/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Output files of a run of several hosts (run_net_out.h).
 */
#include <string.h>

#include <glib.h>

#include "cli/run_net_out.h"
#include "scenario/scenario_load.h"

/* FILE with ".HOST" before its extension (or at its end). */
static char *host_csv_path(const char *path, const char *host)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : path)) {
        return g_strdup_printf("%s.%s", path, host);
    }
    return g_strdup_printf("%.*s.%s%s", (int)(dot - path), path, host, dot);
}

/* The output paths: --json, --pcap-out, then one CSV per host (NULL
 * where not given).  g_strfreev the names' array, not the paths it
 * borrows: the CSV paths are in @csv (g_free each). */
static uint32_t out_paths(const TbTopology *t, const TbRunNetArgs *a,
                          const char **outs, const char **names,
                          char **csv)
{
    uint32_t n = 0;
    outs[n] = a->json_path;
    names[n++] = "--json";
    outs[n] = a->pcap_path;
    names[n++] = "--pcap-out";
    for (uint32_t h = 0; h < t->nhosts; h++) {
        csv[h] = a->csv_path ? host_csv_path(a->csv_path, t->host_name[h])
                             : NULL;
        outs[n] = csv[h];
        names[n++] = "--csv";
    }
    return n;
}

int tb_net_outs_check(const TbTopology *t, const TbRunNetArgs *a,
                      char **err)
{
    const char *outs[2 + TB_MAX_HOSTS], *names[2 + TB_MAX_HOSTS];
    char *csv[TB_MAX_HOSTS] = {0};
    uint32_t n = out_paths(t, a, outs, names, csv);
    int r = tb_out_conflict(outs, names, (int)n, err) ? -1 : 0;

    for (uint32_t h = 0; h < t->nhosts && r == 0; h++) {
        char **in = tb_scenario_inputs(&t->host[h]);
        for (uint32_t k = 0; k < n && r == 0; k++) {
            r = tb_out_check(outs[k], names[k], (const char *const *)in,
                             err);
        }
        g_strfreev(in);
    }
    for (uint32_t h = 0; h < t->nhosts; h++) {
        g_free(csv[h]);
    }
    return r;
}

/* --pcap-out: every frame any host's NIC transmits. */
static void on_tx(void *ctx, int nic, uint64_t t_ns, const uint8_t *frame,
                  uint32_t len)
{
    (void)nic;
    tb_pcap_out_frame(ctx, t_ns, frame, len);
}

static void on_sample(void *ctx, const TbResults *r)
{
    tb_csv_sample(ctx, r);
}

/* One CSV per host, its sampler hooked into @n. */
static int csv_open(TbNetOuts *o, TbNet *n, const TbTopology *t,
                    const TbRunNetArgs *a, char **err)
{
    const char *outs[2 + TB_MAX_HOSTS], *names[2 + TB_MAX_HOSTS];
    (void)out_paths(t, a, outs, names, o->csv_path);
    for (uint32_t h = 0; h < t->nhosts && o->csv_path[h]; h++) {
        if (tb_out_open(&o->csv[h], o->csv_path[h], err) < 0) {
            return -1;
        }
        o->csv_w[h] = tb_csv_new(&t->host[h], o->csv[h].f);
        tb_net_set_sampler(n, h, on_sample, o->csv_w[h]);
    }
    return 0;
}

int tb_net_outs_open(TbNetOuts *o, TbNet *n, const TbTopology *t,
                     const TbRunNetArgs *a, char **err)
{
    o->nhosts = t->nhosts;
    if (tb_out_open(&o->json, a->json_path, err) < 0
        || tb_out_open(&o->pcap_file, a->pcap_path, err) < 0
        || csv_open(o, n, t, a, err) < 0) {
        return -1;
    }
    if (o->pcap_file.path) {
        o->pcap = tb_pcap_out_new(o->pcap_file.f, err);
        o->pcap_file.f = NULL;       /* owned by the pcap writer now */
        if (!o->pcap) {
            return -1;
        }
        tb_net_set_tx_hook(n, on_tx, o->pcap);
    }
    return 0;
}

/* Hooks off: frames and samples after the run are not part of it. */
static void unhook(TbNetOuts *o, TbNet *n)
{
    tb_net_set_tx_hook(n, NULL, NULL);
    for (uint32_t h = 0; h < o->nhosts; h++) {
        tb_net_set_sampler(n, h, NULL, NULL);
    }
}

int tb_net_outs_finish(TbNetOuts *o, TbNet *n, char **err)
{
    unhook(o, n);
    if (o->pcap) {
        int r = tb_pcap_out_close(o->pcap);
        o->pcap = NULL;
        if (r < 0) {
            *err = g_strdup_printf("%s: write error", o->pcap_file.path);
            return -1;
        }
    }
    for (uint32_t h = 0; h < o->nhosts; h++) {
        if (o->csv_w[h]) {
            /* the part interval up to the end of the run */
            tb_csv_sample(o->csv_w[h], tb_net_results(n, h));
            tb_csv_finish(o->csv_w[h]);
        }
    }
    return 0;
}

int tb_net_outs_commit(TbNetOuts *o, char **err)
{
    TbOut *outs[2 + TB_MAX_HOSTS] = {&o->json, &o->pcap_file};
    for (uint32_t h = 0; h < o->nhosts; h++) {
        outs[2 + h] = &o->csv[h];
    }
    int r = tb_out_commit_all(outs, 2 + (int)o->nhosts, err);
    tb_net_outs_abort(o, NULL);      /* the writers (files are in place) */
    return r;
}

void tb_net_outs_abort(TbNetOuts *o, TbNet *n)
{
    if (n) {
        unhook(o, n);
    }
    if (o->pcap) {
        tb_pcap_out_close(o->pcap);
        o->pcap = NULL;
    }
    tb_out_abort(&o->json);
    tb_out_abort(&o->pcap_file);
    for (uint32_t h = 0; h < o->nhosts; h++) {
        tb_out_abort(&o->csv[h]);
        if (o->csv_w[h]) {
            tb_csv_free(o->csv_w[h]);
            o->csv_w[h] = NULL;
        }
        g_free(o->csv_path[h]);
        o->csv_path[h] = NULL;
    }
}
