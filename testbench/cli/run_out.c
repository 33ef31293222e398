/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The output files of `e1klab run` (run_out.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "cli/run_out.h"
#include "report/report.h"
#include "scenario/scenario_load.h"

/* The tables of a run as CSV (--csv): 0 the switches' ports, 1 the
 * netperf streams; their name inside FILE (host names have no dot, so
 * never a host's CSV) and block heading for --csv -. */
static const char *const table_name[2] = {"switch.ports",
                                          "netperf.streams"};

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

/* The CSV of host @h: --csv as given for an unnamed host and for "-",
 * else FILE.HOST.csv; NULL without --csv. */
static char *csv_path_of(const TbTopology *t, const char *csv, uint32_t h)
{
    if (!csv) {
        return NULL;
    }
    if (!t->host_name[h][0] || !strcmp(csv, "-")) {
        return g_strdup(csv);
    }
    return host_csv_path(csv, t->host_name[h]);
}

/* Table @k of a run of @t: written with --csv FILE (its path) or --csv -
 * (""), where @t has switches (streams).  NULL: not written. */
static char *table_path(const TbTopology *t, const char *csv, int k)
{
    if (!csv || !(k ? t->nstreams : t->nswitches)) {
        return NULL;
    }
    return strcmp(csv, "-") ? host_csv_path(csv, table_name[k])
                            : g_strdup("");
}

int tb_run_outs_check(const TbTopology *t, const TbRunOutArgs *a,
                      char **err)
{
    uint32_t n = 0, nc = a->csv_path && !strcmp(a->csv_path, "-")
                             ? 1 : t->nhosts;
    const char **outs = g_new0(const char *, 4 + nc);
    const char **names = g_new0(const char *, 4 + nc);
    char **csv = g_new0(char *, nc + 3);
    int r;

    outs[n] = a->json_path;
    names[n++] = "--json";
    for (uint32_t h = 0; h < nc; h++) {
        outs[n] = csv[h] = csv_path_of(t, a->csv_path, h);
        names[n++] = "--csv";
    }
    for (int k = 0; k < 2; k++) {
        char *p = table_path(t, a->csv_path, k);
        if (p && *p) {
            outs[n] = csv[nc + k] = p;
            names[n++] = "--csv";
        } else {
            g_free(p);
        }
    }
    outs[n] = a->pcap_path;
    names[n++] = "--pcap-out";
    r = tb_out_conflict(outs, names, (int)n, err) ? -1 : 0;
    for (uint32_t h = 0; h < t->nhosts && r == 0; h++) {
        char **in = tb_scenario_inputs(&t->host[h]);
        for (uint32_t k = 0; k < n && r == 0; k++) {
            r = tb_out_check(outs[k], names[k], (const char *const *)in,
                             err);
        }
        g_strfreev(in);
    }
    g_strfreev(csv);
    g_free(outs);
    g_free(names);
    return r;
}

/* --pcap-out: every frame any host's NIC transmits. */
static void on_tx(void *ctx, uint32_t host, int nic, uint64_t t_ns,
                  const uint8_t *frame, uint32_t len)
{
    (void)host;
    (void)nic;
    tb_pcap_out_frame(ctx, t_ns, frame, len);
}

static void on_sample(void *ctx, const TbResults *r)
{
    tb_csv_sample(ctx, r);
}

/* One CSV per host, its sampler hooked into @sim. */
static int csv_open(TbRunOuts *o, TbSim *sim, const TbRunOutArgs *a,
                    char **err)
{
    const TbTopology *t = tb_sim_topology(sim);
    o->csv_blocks = a->csv_path && !strcmp(a->csv_path, "-")
                    && t->host_name[0][0];
    for (uint32_t h = 0; a->csv_path && h < t->nhosts; h++) {
        TbRunCsv *c = &o->csv[h];
        c->path = csv_path_of(t, a->csv_path, h);
        if (o->csv_blocks) {
            c->out.f = tmpfile();
            if (!c->out.f) {
                *err = g_strdup_printf("--csv -: cannot make a temporary "
                                       "file: %s", g_strerror(errno));
                return -1;
            }
        } else if (tb_out_open(&c->out, c->path, err) < 0) {
            return -1;
        }
        c->w = tb_csv_new(&t->host[h], c->out.f);
        tb_sim_set_sampler(sim, h, on_sample, c->w);
    }
    for (int k = 0; k < 2; k++) {
        char *p = table_path(t, a->csv_path, k);
        int r = 0;
        if (p && !*p) {
            o->table[k].f = tmpfile();
            if (!o->table[k].f) {
                *err = g_strdup_printf("--csv -: cannot make a temporary "
                                       "file: %s", g_strerror(errno));
                r = -1;
            }
        } else if (p) {
            r = tb_out_open(&o->table[k], p, err);
        }
        g_free(p);
        if (r < 0) {
            return -1;
        }
    }
    return 0;
}

int tb_run_outs_open(TbRunOuts *o, TbSim *sim, const TbRunOutArgs *a,
                     char **err)
{
    o->nhosts = tb_sim_hosts(sim);
    o->csv = g_new0(TbRunCsv, o->nhosts);
    if (tb_out_open(&o->json, a->json_path, err) < 0
        || csv_open(o, sim, a, err) < 0
        || tb_out_open(&o->pcap_file, a->pcap_path, err) < 0) {
        return -1;
    }
    if (o->pcap_file.path) {
        o->pcap = tb_pcap_out_new(o->pcap_file.f, err);
        o->pcap_file.f = NULL;       /* owned by the pcap writer now */
        if (!o->pcap) {
            return -1;
        }
        tb_sim_set_tx_hook(sim, on_tx, o->pcap);
    }
    return 0;
}

/* Hooks off: frames and samples after the run are not part of it. */
static void unhook(TbRunOuts *o, TbSim *sim)
{
    tb_sim_set_tx_hook(sim, NULL, NULL);
    for (uint32_t h = 0; h < o->nhosts; h++) {
        tb_sim_set_sampler(sim, h, NULL, NULL);
    }
}

int tb_run_outs_finish(TbRunOuts *o, TbSim *sim, char **err)
{
    unhook(o, sim);
    if (o->pcap) {
        int r = tb_pcap_out_close(o->pcap);
        o->pcap = NULL;
        if (r < 0) {
            *err = g_strdup_printf("%s: write error", o->pcap_file.path);
            return -1;
        }
    }
    for (uint32_t h = 0; h < o->nhosts; h++) {
        if (o->csv[h].w) {
            /* the part interval up to the end of the run, so that the
             * drop columns add up to the report's totals */
            tb_csv_sample(o->csv[h].w, tb_sim_results(sim, h));
            tb_csv_finish(o->csv[h].w);
        }
    }
    if (o->table[0].f || o->table[1].f) {
        TbRunReport rr;
        tb_run_report_init(&rr, sim);
        if (o->table[0].f) {
            tb_report_switch_csv(o->table[0].f, &rr);
        }
        if (o->table[1].f) {
            tb_report_streams_csv(o->table[1].f, &rr);
        }
        tb_run_report_clear(&rr);
    }
    return 0;
}

/* @f from its start onto stdout; true on an error. */
static bool copy_out(FILE *f)
{
    char buf[65536];
    size_t n;
    bool bad = fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0;
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
        bad |= fwrite(buf, 1, n, stdout) != n;
    }
    return bad || ferror(f) != 0;
}

/* --csv - of named hosts: each host's CSV on stdout, headed by its name,
 * the blocks parted by two empty lines.  0 or -1 with *err. */
static int csv_blocks_out(TbRunOuts *o, const TbTopology *t, char **err)
{
    int bad = 0;

    for (uint32_t h = 0; h < o->nhosts; h++) {
        bad |= printf("%s# host %s\n", h ? "\n\n" : "",
                      t->host_name[h]) < 0;
        bad |= copy_out(o->csv[h].out.f);
    }
    for (int k = 0; k < 2; k++) {
        if (o->table[k].f) {
            bad |= printf("\n\n# %s\n", table_name[k]) < 0;
            bad |= copy_out(o->table[k].f);
        }
    }
    if (bad || fflush(stdout) != 0) {
        *err = g_strdup("--csv -: write error");
        return -1;
    }
    return 0;
}

int tb_run_outs_commit(TbRunOuts *o, const TbTopology *t, char **err)
{
    uint32_t n = 0;
    TbOut **outs = g_new0(TbOut *, 4 + o->nhosts);
    int r;

    outs[n++] = &o->json;
    for (uint32_t h = 0; h < o->nhosts && !o->csv_blocks; h++) {
        outs[n++] = &o->csv[h].out;
    }
    for (int k = 0; k < 2 && !o->csv_blocks; k++) {
        outs[n++] = &o->table[k];
    }
    outs[n++] = &o->pcap_file;
    r = tb_out_commit_all(outs, (int)n, err);
    if (r == 0 && o->csv_blocks) {
        r = csv_blocks_out(o, t, err);
    }
    g_free(outs);
    tb_run_outs_abort(o, NULL);      /* the writers (files are in place) */
    return r;
}

void tb_run_outs_abort(TbRunOuts *o, TbSim *sim)
{
    if (sim) {
        unhook(o, sim);
    }
    if (o->pcap) {
        tb_pcap_out_close(o->pcap);
        o->pcap = NULL;
    }
    tb_out_abort(&o->json);
    tb_out_abort(&o->pcap_file);
    for (int k = 0; k < 2; k++) {
        if (o->csv_blocks && o->table[k].f) {
            fclose(o->table[k].f);
            o->table[k].f = NULL;
        }
        tb_out_abort(&o->table[k]);
    }
    for (uint32_t h = 0; h < o->nhosts; h++) {
        TbRunCsv *c = &o->csv[h];
        if (o->csv_blocks && c->out.f) {
            fclose(c->out.f);   /* a temporary file without a name */
            c->out.f = NULL;
        }
        tb_out_abort(&c->out);
        if (c->w) {
            tb_csv_free(c->w);
        }
        g_free(c->path);
    }
    g_clear_pointer(&o->csv, g_free);
    o->nhosts = 0;
}
