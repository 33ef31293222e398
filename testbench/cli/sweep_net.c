/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.csv and charts of a sweep of several hosts (sweep_net.h).
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "cli/sweep_csv.h"
#include "cli/sweep_net.h"
#include "cli/sweep_plot.h"
#include "cli/sweep_published.h"
#include "report/cli_out.h"
#include "report/report_path.h"

const char *const tb_sweep_net_plot_files[] = {
    "throughput.png", "throughput.svg", "cpu.png", "cpu.svg", NULL,
};

/* netperf columns: path in the `netperf` object, decimals (-1: text). */
static const struct {
    const char *key;
    int dec;
} np_cols[] = {
    {"test", -1},
    {"throughput_mbit_s", 2},
    {"local_cpu_util_pct", 2},
    {"remote_cpu_util_pct", 2},
    {"send_service_demand_us_per_kb", 3},
    {"recv_service_demand_us_per_kb", 3},
    {"bytes_sent", 0},
    {"bytes_received", 0},
    {"send_calls", 0},
    {"recv_calls", 0},
};

/* Per-host CPU columns: report field (ppm), column suffix. */
static const char *const host_cols[][2] = {
    {"cpu.hardirq_ppm", "cpu_hardirq_pct"},
    {"cpu.softirq_ppm", "cpu_softirq_pct"},
    {"cpu.process_ppm", "cpu_process_pct"},
    {"cpu.idle_ppm", "cpu_idle_pct"},
};

int tb_sweep_net_x_axis(const TbSweepGrid *g)
{
    for (guint a = 0; a < g->params->len; a++) {
        bool all = true;
        for (guint i = 0; i < g->npoints && all; i++) {
            const char *v = tb_sweep_value(g, i, a);
            char *end;
            g_ascii_strtod(v, &end);
            all = *v && !*end;
        }
        if (all) {
            return (int)a;
        }
    }
    return -1;
}

static guint n_hosts(JsonNode *root)
{
    JsonNode *h = tb_report_path_node(root, "hosts");
    return h && JSON_NODE_HOLDS_ARRAY(h)
               ? json_array_get_length(json_node_get_array(h))
               : 0;
}

/* The header line from point 0's report (its hosts' names). */
static void head(const TbSweep *s, JsonNode *root, GString *o)
{
    g_string_append(o, "point");
    tb_sweep_csv_axis_keys(o, s);
    for (guint k = 0; k < G_N_ELEMENTS(np_cols); k++) {
        g_string_append_printf(o, ",%s", np_cols[k].key);
    }
    for (guint h = 0; h < n_hosts(root); h++) {
        char *np = g_strdup_printf("hosts.%u.name", h);
        const char *name = tb_sweep_str_at(root, np);
        for (guint k = 0; k < G_N_ELEMENTS(host_cols); k++) {
            g_string_append_printf(o, ",%s.%s", name, host_cols[k][1]);
        }
        g_free(np);
    }
    if (s->published) {
        g_string_append(o, ",published_mbit_s");
    }
    g_string_append_c(o, '\n');
}

/* The netperf columns of point @i; its chart values into @pt. */
static int np_row(JsonNode *root, guint i, GString *o, TbNetPlotPoint *pt,
                  char **err)
{
    for (guint k = 0; k < G_N_ELEMENTS(np_cols); k++) {
        char *path = g_strdup_printf("netperf.%s", np_cols[k].key);
        double v = 0;
        int r = 0;
        if (np_cols[k].dec < 0) {
            g_string_append_c(o, ',');
            tb_sweep_csv_field(o, tb_sweep_str_at(root, path));
        } else if ((r = tb_sweep_point_number(root, path, i, &v, err)) == 0) {
            g_string_append_printf(o, ",%.*f", np_cols[k].dec, v);
        }
        g_free(path);
        if (r < 0) {
            return -1;
        }
        if (k == 1) {
            pt->mbit_s = v;
        } else if (k == 2 || k == 3) {
            pt->cpu_pct[k - 2] = v;
        }
    }
    return 0;
}

/* Each host's CPU columns of point @i (ppm as percent, 4 decimals). */
static int host_row(JsonNode *root, guint i, guint nh, GString *o,
                    char **err)
{
    for (guint h = 0; h < nh; h++) {
        for (guint k = 0; k < G_N_ELEMENTS(host_cols); k++) {
            char *path = g_strdup_printf("hosts.%u.report.%s", h,
                                         host_cols[k][0]);
            double v;
            int r = tb_sweep_point_number(root, path, i, &v, err);
            g_free(path);
            if (r < 0) {
                return -1;
            }
            tb_sweep_csv_pct(o, (gint64)v);
        }
    }
    return 0;
}

/* Point @i's row from its report (the hosts of point 0: @nh). */
static int net_point(const TbSweep *s, guint i, guint *nh, GString *o,
                     TbNetPlotPoint *pt, GPtrArray *groups, char **err)
{
    JsonNode *root = tb_sweep_point_load(s, i, err);
    int r = -1;

    if (!root) {
        return -1;
    }
    if (i == 0) {
        *nh = n_hosts(root);
        head(s, root, o);
    }
    tb_sweep_csv_axis_values(o, s, i);
    pt->group = tb_sweep_group_of(s, i, "", groups);
    pt->x = s->load_axis >= 0
                ? g_ascii_strtod(tb_sweep_value(s->grid, i,
                                                (guint)s->load_axis), NULL)
                : (double)i;
    if (np_row(root, i, o, pt, err) == 0
        && host_row(root, i, *nh, o, err) == 0) {
        double y;
        if (s->published) {
            g_string_append_c(o, ',');
        }
        if (tb_published_at(s->published, pt->x, &y)) {
            g_string_append_printf(o, "%.2f", y);
        }
        g_string_append_c(o, '\n');
        r = 0;
    }
    json_node_unref(root);
    return r;
}

int tb_sweep_net_combine(const TbSweep *s, TbNetPlotPoint *pts,
                         GPtrArray *groups, char **err)
{
    GString *o = g_string_new(NULL);
    guint nh = 0;
    int r = -1;

    for (guint i = 0; i < s->grid->npoints; i++) {
        if (net_point(s, i, &nh, o, &pts[i], groups, err) < 0) {
            goto out;
        }
    }
    char *csv = g_build_filename(s->dir, "sweep.csv", NULL);
    r = tb_out_write_file(csv, o->str, o->len, err);
    g_free(csv);
out:
    g_string_free(o, TRUE);
    return r;
}

/* ---- charts ---- */

static int cmp_x(const void *a, const void *b)
{
    const TbNetPlotPoint *p = *(const TbNetPlotPoint *const *)a;
    const TbNetPlotPoint *q = *(const TbNetPlotPoint *const *)b;
    if (p->x != q->x) {
        return p->x < q->x ? -1 : 1;
    }
    return p < q ? -1 : p > q;
}

/* One block per curve: x, Mbit/s, sender CPU %, receiver CPU %. */
static char *net_data(const char *const *groups, guint ngroups,
                      const TbNetPlotPoint *pts, guint npts)
{
    GString *o = g_string_new("# e1klab sweep: one block per curve\n"
                              "# x throughput_mbit_s local_cpu_pct "
                              "remote_cpu_pct\n");
    const TbNetPlotPoint **v = g_new(const TbNetPlotPoint *,
                                     npts ? npts : 1);

    for (guint g = 0; g < ngroups; g++) {
        guint n = 0;
        for (guint i = 0; i < npts; i++) {
            if (pts[i].group == g) {
                v[n++] = &pts[i];
            }
        }
        qsort(v, n, sizeof(*v), cmp_x);
        g_string_append_printf(o, "%s# %s\n", g ? "\n\n" : "", groups[g]);
        for (guint i = 0; i < n; i++) {
            g_string_append_printf(o, "%.6g %.2f %.2f %.2f\n", v[i]->x,
                                   v[i]->mbit_s, v[i]->cpu_pct[0],
                                   v[i]->cpu_pct[1]);
        }
    }
    g_free(v);
    return g_string_free(o, FALSE);
}

/* The published curve as the data file's last block (index @ngroups). */
static void published_data(GString *o, const TbPublished *pub)
{
    g_string_append_printf(o, "\n\n# %s\n", pub->title);
    for (guint i = 0; i < pub->n; i++) {
        g_string_append_printf(o, "%.6g %.2f\n", pub->x[i], pub->y[i]);
    }
}

/* One chart: a curve per group, or with @cpu two per group (sender and
 * receiver CPU busy). */
static void net_chart(GString *o, const char *out, const char *title,
                      const char *ylabel, const char *const *groups,
                      guint ngroups, int cpu, const TbPublished *pub)
{
    static const char *const side[] = {"sender", "receiver"};

    tb_plot_chart_head(o, out, title, ylabel);
    for (guint g = 0; g < ngroups; g++) {
        for (int c = 0; c < (cpu ? 2 : 1); c++) {
            char *t = cpu ? g_strdup_printf("%s %s", groups[g], side[c])
                          : g_strdup(groups[g]);
            g_string_append_printf(o, "%s\"sweep-plot.dat\" index %u using "
                                   "1:%d with linespoints lw 2 lc %u dt %d "
                                   "pt %d title ", g || c ? ", \\\n     "
                                                          : "", g,
                                   cpu ? 3 + c : 2, g + 1, c + 1, c + 5);
            tb_plot_gp_str(o, t);
            g_free(t);
        }
    }
    if (pub && !cpu) {
        g_string_append_printf(o, ", \\\n     \"sweep-plot.dat\" index %u "
                               "using 1:2 with linespoints lw 2 lc rgb "
                               "\"black\" dt 2 pt 7 title ", ngroups);
        tb_plot_gp_str(o, pub->title);
    }
    g_string_append(o, "\n");
}

static char *net_script(const char *title, const char *xlabel, bool logx,
                        const char *const *groups, guint ngroups,
                        const TbPublished *pub)
{
    GString *o = g_string_new("# Generated by e1klab sweep; run with "
                              "`gnuplot sweep.gp` in this directory.\n"
                              "set datafile separator whitespace\n"
                              "set key outside right top\nset grid\n"
                              "set yrange [0:*]\n");
    char *tt = g_strdup_printf("%s: netperf throughput vs %s", title,
                               xlabel);
    char *ct = g_strdup_printf("%s: CPU busy vs %s", title, xlabel);

    g_string_append(o, logx ? "set logscale x 2\n" : "set xrange [0:*]\n");
    g_string_append(o, "set xlabel ");
    tb_plot_gp_str(o, xlabel);
    g_string_append_c(o, '\n');
    tb_plot_pngterm(o, 1000, 600);
    for (int e = 0; e < 2; e++) {
        const char *x = e ? "svg" : "png";
        char *f = g_strdup_printf("throughput.%s", x);
        tb_plot_terminal(o, e == 1, 1000, 600);
        g_string_append(o, "set yrange [0:*]\n");
        net_chart(o, f, tt, "10^6 bit/s received", groups, ngroups, 0, pub);
        g_free(f);
        f = g_strdup_printf("cpu.%s", x);
        g_string_append(o, "set yrange [0:100]\n");
        net_chart(o, f, ct, "CPU busy (%)", groups, ngroups, 1, NULL);
        g_free(f);
        g_string_append(o, "set output\n");
    }
    g_free(tt);
    g_free(ct);
    return g_string_free(o, FALSE);
}

int tb_sweep_net_plot(const char *gnuplot, const char *dir,
                      const char *title, const char *xlabel,
                      const char *const *groups, guint ngroups,
                      const TbNetPlotPoint *pts, guint npts,
                      const TbPublished *pub, char **err)
{
    double lo = INFINITY, hi = 0;
    for (guint i = 0; i < npts; i++) {
        lo = pts[i].x < lo ? pts[i].x : lo;
        hi = pts[i].x > hi ? pts[i].x : hi;
    }
    char *data = net_data(groups, ngroups, pts, npts);
    char *script = net_script(title, xlabel, lo > 0 && hi >= 100 * lo,
                              groups, ngroups, pub);
    if (pub) {
        GString *d = g_string_new(data);
        g_free(data);
        published_data(d, pub);
        data = g_string_free(d, FALSE);
    }
    int r = tb_plot_put(dir, "sweep-plot.dat", data, err) < 0
            || tb_plot_put(dir, "sweep.gp", script, err) < 0
            || tb_plot_run(gnuplot, dir, "sweep.gp", err) < 0
            || tb_plot_check(dir, tb_sweep_net_plot_files, err) < 0 ? -1 : 0;
    g_free(data);
    g_free(script);
    return r;
}
