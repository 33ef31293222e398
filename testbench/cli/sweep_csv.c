/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.csv and the chart points of `e1klab sweep` (sweep_csv.h): a
 * header from the axes and point 0's interfaces, then one row per point
 * report.
 */
#include <string.h>

#include "cli/sweep_csv.h"
#include "report/cli_out.h"
#include "report/report_path.h"

/* Per-interface CSV columns: field inside the interface, column suffix. */
static const char *const if_cols[][2] = {
    {"interrupts", "interrupts"},
    {NULL, "irq_per_s"},                 /* interrupts / window */
    {"stats64.rx_packets", "rx_packets"},
    {"stats64.tx_packets", "tx_packets"},
    {"stats64.rx_dropped", "rx_dropped"},
    {"stats64.rx_over_errors", "rx_over_errors"},
    {"stats64.rx_fifo_errors", "rx_fifo_errors"},
    {"stats64.rx_missed_errors", "rx_missed_errors"},
    /* drops by cause: the run CSV's names (report_csv.c) */
    {"nic.MPC", "missed"},
    {"nic.RNBC", "no_buffer"},
    {"qdisc_drops", "qdisc_drops"},
};

/* Whole-run CSV columns: report path, column name. */
static const char *const run_cols[][2] = {
    {"offered.frames", "offered_frames"},
    {"offered.pps", "offered_pps"},
    {"host.forwarded", "forwarded"},
    {"host.forwarded_pps", "forwarded_pps"},
    {"host.local_delivered", "local_delivered"},
    {"host.sink_payload_bps", "sink_payload_bps"},
    {"cpu.hardirq_ppm", "cpu_hardirq_pct"},
    {"cpu.softirq_ppm", "cpu_softirq_pct"},
    {"cpu.process_ppm", "cpu_process_pct"},
    {"cpu.idle_ppm", "cpu_idle_pct"},
    {"accounting.rx_overrun", "nic_rx_overrun"},
    {"accounting.backlog_drops", "backlog_drops"},
    {"accounting.qdisc_drops", "qdisc_drops"},
    {"host.sink_drops", "sink_drops"},
    {"loss.loss_ppm", "loss_ratio"},
    {"loss.drops.filtered", "filtered"},
    {"loss.drops.bad_size", "bad_size"},
    {"loss.drops.no_route", "no_route"},
    {"loss.drops.ip", "ip_dropped"},
};

/* Indices into run_cols of the values the charts use. */
enum { COL_OFFERED_PPS = 1, COL_FORWARDED_PPS = 3, COL_CPU = 6 };

/* The CSV being built. */
typedef struct Csv {
    const TbSweep *s;
    GString *o;                /* the file's text */
    GPtrArray *ifn;            /* interface names, from point 0 */
    char **rx_iface;           /* the RX interface's name */
} Csv;

void tb_sweep_csv_field(GString *o, const char *v)
{
    if (strpbrk(v, ",\"\n")) {
        g_string_append_c(o, '"');
        for (; *v; v++) {
            if (*v == '"') {
                g_string_append_c(o, '"');
            }
            g_string_append_c(o, *v);
        }
        g_string_append_c(o, '"');
    } else {
        g_string_append(o, v);
    }
}

int tb_sweep_point_number(JsonNode *root, const char *path, guint i,
                          double *v, char **err)
{
    char *why = NULL;

    if (tb_report_path_number(root, path, v, &why) < 0) {
        *err = g_strdup_printf("point %u report: %s", i, why);
        g_free(why);
        return -1;
    }
    return 0;
}

static int num(JsonNode *root, const char *path, gint64 *v, guint point,
               char **err)
{
    double d;

    if (tb_sweep_point_number(root, path, point, &d, err) < 0) {
        return -1;
    }
    *v = (gint64)d;
    return 0;
}

const char *tb_sweep_str_at(JsonNode *root, const char *path)
{
    JsonNode *n = tb_report_path_node(root, path);
    if (n && JSON_NODE_HOLDS_VALUE(n) &&
        json_node_get_value_type(n) == G_TYPE_STRING) {
        return json_node_get_string(n);
    }
    return "";
}

/* Rounded count per second over @ns. */
static gint64 per_s(gint64 count, gint64 ns)
{
    if (ns <= 0 || count < 0) {
        return 0;
    }
    return (gint64)(((guint64)count * 1000000000u + (guint64)ns / 2) /
                    (guint64)ns);
}

/* Curve title of point @i: KEY=VALUE of each non-load axis; with none,
 * the interface @mode, or else the scenario file's name without ".ini". */
static char *group_title(const TbSweep *s, guint i, const char *mode)
{
    GString *t = g_string_new(NULL);

    for (guint a = 0; a < s->grid->params->len; a++) {
        if ((int)a == s->load_axis) {
            continue;
        }
        char *kv = tb_sweep_axis_text(s->grid, i, a);
        g_string_append_printf(t, "%s%s", t->len ? " " : "", kv);
        g_free(kv);
    }
    if (t->len == 0 && *mode) {
        g_string_append(t, mode);
    } else if (t->len == 0) {
        char *base = g_path_get_basename(s->scenario);
        g_string_append_len(t, base, (gssize)strlen(base) -
                            (g_str_has_suffix(base, ".ini") ? 4 : 0));
        g_free(base);
    }
    return g_string_free(t, FALSE);
}

guint tb_sweep_group_of(const TbSweep *s, guint i, const char *mode,
                        GPtrArray *groups)
{
    char *title = group_title(s, i, mode);
    guint g;

    for (g = 0; g < groups->len; g++) {
        if (!strcmp(g_ptr_array_index(groups, g), title)) {
            g_free(title);
            return g;
        }
    }
    g_ptr_array_add(groups, title);
    return g;
}

void tb_sweep_csv_axis_keys(GString *o, const TbSweep *s)
{
    for (guint a = 0; a < s->grid->params->len; a++) {
        const TbSweepParam *p = g_ptr_array_index(s->grid->params, a);
        g_string_append_c(o, ',');
        tb_sweep_csv_field(o, p->key);
    }
}

void tb_sweep_csv_axis_values(GString *o, const TbSweep *s, guint i)
{
    g_string_append_printf(o, "%u", i);
    for (guint a = 0; a < s->grid->params->len; a++) {
        g_string_append_c(o, ',');
        tb_sweep_csv_field(o, tb_sweep_value(s->grid, i, a));
    }
}

void tb_sweep_csv_pct(GString *o, gint64 ppm)
{
    g_string_append_printf(o, ",%" G_GINT64_FORMAT ".%04" G_GINT64_FORMAT,
                           ppm / 10000, ppm % 10000);
}

/* "point,AXIS...,mode,RUN-COLUMN..." (the interface columns follow). */
static void csv_head(Csv *c)
{
    tb_sweep_csv_axis_keys(c->o, c->s);
    g_string_append(c->o, ",mode");
    for (guint k = 0; k < G_N_ELEMENTS(run_cols); k++) {
        g_string_append_printf(c->o, ",%s", run_cols[k][1]);
    }
}

/* From point 0's report: the interface names, their columns (ending the
 * header line) and the RX interface (the first source's NIC). */
static void csv_ifaces(Csv *c, JsonNode *root)
{
    JsonNode *ifs = tb_report_path_node(root, "interfaces");
    guint n = ifs && JSON_NODE_HOLDS_ARRAY(ifs)
                  ? json_array_get_length(json_node_get_array(ifs))
                  : 0;

    for (guint k = 0; k < n; k++) {
        char *np = g_strdup_printf("interfaces.%u.name", k);
        g_ptr_array_add(c->ifn, g_strdup(tb_sweep_str_at(root, np)));
        g_free(np);
    }
    for (guint k = 0; k < c->ifn->len; k++) {
        for (guint col = 0; col < G_N_ELEMENTS(if_cols); col++) {
            g_string_append_printf(c->o, ",%s.%s",
                                   (char *)g_ptr_array_index(c->ifn, k),
                                   if_cols[col][1]);
        }
    }
    g_string_append_c(c->o, '\n');
    *c->rx_iface = g_strdup(tb_sweep_str_at(root, "sources.0.nic"));
    if (!**c->rx_iface && c->ifn->len) {
        g_free(*c->rx_iface);
        *c->rx_iface = g_strdup(g_ptr_array_index(c->ifn, 0));
    }
}

/* The whole-run columns of point @i (ppm as percent with 4 decimals, the
 * loss in ppm as a ratio with 6); their values in @v.  0 or -1 with
 * *err. */
static int csv_run_cols(Csv *c, JsonNode *root, guint i, gint64 *v,
                        char **err)
{
    for (guint k = 0; k < G_N_ELEMENTS(run_cols); k++) {
        if (num(root, run_cols[k][0], &v[k], i, err) < 0) {
            return -1;
        }
        if (!strcmp(run_cols[k][0], "loss.loss_ppm")) {
            g_string_append_printf(c->o, ",%" G_GINT64_FORMAT ".%06"
                                   G_GINT64_FORMAT, v[k] / 1000000,
                                   v[k] % 1000000);
        } else if (g_str_has_suffix(run_cols[k][0], "_ppm")) {
            tb_sweep_csv_pct(c->o, v[k]);
        } else {
            g_string_append_printf(c->o, ",%" G_GINT64_FORMAT, v[k]);
        }
    }
    return 0;
}

/* The per-interface columns of point @i (@window_ns: the report's
 * window); the RX interface's interrupts/s into @pt.  0 or -1. */
static int csv_if_cols(Csv *c, JsonNode *root, guint i, gint64 window_ns,
                       TbPlotPoint *pt, char **err)
{
    for (guint k = 0; k < c->ifn->len; k++) {
        const char *name = g_ptr_array_index(c->ifn, k);
        gint64 irqs = 0;
        for (guint col = 0; col < G_N_ELEMENTS(if_cols); col++) {
            gint64 x;
            if (if_cols[col][0]) {
                char *fp = g_strdup_printf("interfaces.%s.%s", name,
                                           if_cols[col][0]);
                int rr = num(root, fp, &x, i, err);
                g_free(fp);
                if (rr < 0) {
                    return -1;
                }
                if (col == 0) {
                    irqs = x;
                }
            } else {
                x = per_s(irqs, window_ns);
            }
            g_string_append_printf(c->o, ",%" G_GINT64_FORMAT, x);
            if (col == 1 && !strcmp(name, *c->rx_iface)) {
                pt->rx_irq_per_s = (double)x;
            }
        }
    }
    return 0;
}

/* The row of point @i from its report @root, and its chart point. */
static int csv_row(Csv *c, JsonNode *root, guint i, TbPlotPoint *pt,
                   GPtrArray *groups, char **err)
{
    gint64 v[G_N_ELEMENTS(run_cols)], window = 0;
    const char *mode = tb_sweep_str_at(root, "interfaces.0.mode");

    tb_sweep_csv_axis_values(c->o, c->s, i);
    g_string_append_c(c->o, ',');
    tb_sweep_csv_field(c->o, mode);
    if (num(root, "window_ns", &window, i, err) < 0 ||
        csv_run_cols(c, root, i, v, err) < 0) {
        return -1;
    }
    pt->group = tb_sweep_group_of(c->s, i, mode, groups);
    pt->offered_kpps = (double)v[COL_OFFERED_PPS] / 1000.0;
    pt->forwarded_kpps = (double)v[COL_FORWARDED_PPS] / 1000.0;
    for (int k = 0; k < 4; k++) {
        pt->cpu_pct[k] = (double)v[COL_CPU + k] / 10000.0;
    }
    if (csv_if_cols(c, root, i, window, pt, err) < 0) {
        return -1;
    }
    g_string_append_c(c->o, '\n');
    return 0;
}

JsonNode *tb_sweep_point_load(const TbSweep *s, guint i, char **err)
{
    char *path = tb_sweep_point_json(s, i);
    char *why = NULL;
    JsonNode *root = tb_report_load(path, &why);

    g_free(path);
    if (!root) {
        *err = g_strdup_printf("point %u: %s", i, why);
        g_free(why);
    }
    return root;
}

/* Load point @i's report and add its row.  0 or -1 with *err. */
static int csv_point(Csv *c, guint i, TbPlotPoint *pt, GPtrArray *groups,
                     char **err)
{
    JsonNode *root = tb_sweep_point_load(c->s, i, err);
    int r;

    if (!root) {
        return -1;
    }
    if (i == 0) {
        csv_ifaces(c, root);
    }
    r = csv_row(c, root, i, pt, groups, err);
    json_node_unref(root);
    return r;
}

int tb_sweep_combine(const TbSweep *s, TbPlotPoint *pts, GPtrArray *groups,
                     char **rx_iface, char **err)
{
    Csv c = {s, g_string_new("point"),
             g_ptr_array_new_with_free_func(g_free), rx_iface};
    char *csv = NULL;
    int r = -1;

    csv_head(&c);
    for (guint i = 0; i < s->grid->npoints; i++) {
        if (csv_point(&c, i, &pts[i], groups, err) < 0) {
            goto out;
        }
    }
    csv = g_build_filename(s->dir, "sweep.csv", NULL);
    r = tb_out_write_file(csv, c.o->str, c.o->len, err);
out:
    g_free(csv);
    g_ptr_array_free(c.ifn, TRUE);
    g_string_free(c.o, TRUE);
    return r;
}
