/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.csv and the chart points of `e1klab sweep` (sweep_csv.h): a
 * header from the axes and point 0's report (netperf's figures with a
 * test, then each host's columns: its whole-run figures and its
 * interfaces', then with --published the published throughput), then
 * one row per point report.
 */
#include <string.h>

#include "cli/sweep_csv.h"
#include "cli/sweep_published.h"
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

/* One host's columns, from point 0's report. */
typedef struct CsvHost {
    char *prefix;              /* "" for an unnamed host, else "NAME." */
    GPtrArray *ifn;            /* interface names */
} CsvHost;

/* The CSV being built. */
typedef struct Csv {
    const TbSweep *s;
    GString *o;                /* the file's text */
    GArray *hosts;             /* CsvHost, report order */
    guint chart_host;          /* the host of the first traffic source */
    char **rx_iface;           /* its RX interface's name */
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

/* The host report objects of point report @root: the root itself (a
 * file without [host.NAME]) or each hosts[].report; their names ("" for
 * the root) into @names if not NULL.  g_ptr_array_free (the nodes belong
 * to @root). */
static GPtrArray *host_nodes(JsonNode *root, GPtrArray *names)
{
    JsonNode *hs = tb_report_path_node(root, "hosts");
    GPtrArray *a = g_ptr_array_new();
    guint n = hs && JSON_NODE_HOLDS_ARRAY(hs)
                  ? json_array_get_length(json_node_get_array(hs))
                  : 0;

    if (n == 0) {
        g_ptr_array_add(a, root);
        if (names) {
            g_ptr_array_add(names, g_strdup(""));
        }
    }
    for (guint h = 0; h < n; h++) {
        JsonNode *e = json_array_get_element(json_node_get_array(hs), h);
        char *np = g_strdup_printf("hosts.%u.name", h);
        g_ptr_array_add(a, tb_report_path_node(e, "report"));
        if (names) {
            g_ptr_array_add(names, g_strdup(tb_sweep_str_at(root, np)));
        }
        g_free(np);
    }
    return a;
}

/* Host @node's header columns (prefixed "NAME." for a named host). */
static void head_host(Csv *c, CsvHost *ch, JsonNode *node)
{
    JsonNode *ifs = tb_report_path_node(node, "interfaces");
    guint n = ifs && JSON_NODE_HOLDS_ARRAY(ifs)
                  ? json_array_get_length(json_node_get_array(ifs))
                  : 0;

    g_string_append_printf(c->o, ",%smode", ch->prefix);
    for (guint k = 0; k < G_N_ELEMENTS(run_cols); k++) {
        g_string_append_printf(c->o, ",%s%s", ch->prefix, run_cols[k][1]);
    }
    for (guint k = 0; k < n; k++) {
        char *np = g_strdup_printf("interfaces.%u.name", k);
        g_ptr_array_add(ch->ifn, g_strdup(tb_sweep_str_at(node, np)));
        g_free(np);
    }
    for (guint k = 0; k < ch->ifn->len; k++) {
        for (guint col = 0; col < G_N_ELEMENTS(if_cols); col++) {
            g_string_append_printf(c->o, ",%s%s.%s", ch->prefix,
                                   (char *)g_ptr_array_index(ch->ifn, k),
                                   if_cols[col][1]);
        }
    }
}

/* The header from point 0's report @root: the axes, netperf's columns
 * with a test, each host's columns; the chart host (the first with a
 * traffic source, else the first) and its RX interface (its first
 * source's NIC, else its first interface). */
static void csv_head(Csv *c, JsonNode *root)
{
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    GPtrArray *nodes = host_nodes(root, names);

    tb_sweep_csv_axis_keys(c->o, c->s);
    for (guint k = 0; c->s->netperf && k < G_N_ELEMENTS(np_cols); k++) {
        g_string_append_printf(c->o, ",%s", np_cols[k].key);
    }
    c->chart_host = G_MAXUINT;
    for (guint h = 0; h < nodes->len; h++) {
        const char *name = g_ptr_array_index(names, h);
        CsvHost ch = {*name ? g_strconcat(name, ".", NULL) : g_strdup(""),
                      g_ptr_array_new_with_free_func(g_free)};
        head_host(c, &ch, g_ptr_array_index(nodes, h));
        g_array_append_val(c->hosts, ch);
        if (c->chart_host == G_MAXUINT &&
            *tb_sweep_str_at(g_ptr_array_index(nodes, h), "sources.0.nic")) {
            c->chart_host = h;
        }
    }
    if (c->s->published) {
        g_string_append(c->o, ",published_mbit_s");
    }
    g_string_append_c(c->o, '\n');
    c->chart_host = c->chart_host == G_MAXUINT ? 0 : c->chart_host;
    JsonNode *cn = g_ptr_array_index(nodes, c->chart_host);
    const CsvHost *ch = &g_array_index(c->hosts, CsvHost, c->chart_host);
    *c->rx_iface = g_strdup(tb_sweep_str_at(cn, "sources.0.nic"));
    if (!**c->rx_iface && ch->ifn->len) {
        g_free(*c->rx_iface);
        *c->rx_iface = g_strdup(g_ptr_array_index(ch->ifn, 0));
    }
    g_ptr_array_free(nodes, TRUE);
    g_ptr_array_free(names, TRUE);
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
static int csv_if_cols(Csv *c, const CsvHost *ch, JsonNode *root, guint i,
                       gint64 window_ns, TbPlotPoint *pt, char **err)
{
    for (guint k = 0; k < ch->ifn->len; k++) {
        const char *name = g_ptr_array_index(ch->ifn, k);
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
            if (pt && col == 1 && !strcmp(name, *c->rx_iface)) {
                pt->rx_irq_per_s = (double)x;
            }
        }
    }
    return 0;
}

/* The columns of host @h (report object @node) of point @i; the chart
 * host's values into @pt (NULL for the others).  0 or -1 with *err. */
static int csv_host(Csv *c, guint h, JsonNode *node, guint i,
                    TbPlotPoint *pt, char **err)
{
    gint64 v[G_N_ELEMENTS(run_cols)], window = 0;
    const char *mode = tb_sweep_str_at(node, "interfaces.0.mode");

    g_string_append_c(c->o, ',');
    tb_sweep_csv_field(c->o, mode);
    if (num(node, "window_ns", &window, i, err) < 0 ||
        csv_run_cols(c, node, i, v, err) < 0) {
        return -1;
    }
    if (pt) {
        pt->offered_kpps = (double)v[COL_OFFERED_PPS] / 1000.0;
        pt->forwarded_kpps = (double)v[COL_FORWARDED_PPS] / 1000.0;
        for (int k = 0; k < 4; k++) {
            pt->cpu_pct[k] = (double)v[COL_CPU + k] / 10000.0;
        }
    }
    return csv_if_cols(c, &g_array_index(c->hosts, CsvHost, h), node, i,
                       window, pt, err);
}

/* The netperf columns of point @i; its chart values into @pt. */
static int csv_netperf(Csv *c, JsonNode *root, guint i, TbPlotPoint *pt,
                       char **err)
{
    for (guint k = 0; k < G_N_ELEMENTS(np_cols); k++) {
        char *path = g_strdup_printf("netperf.%s", np_cols[k].key);
        double v = 0;
        int r = 0;
        if (np_cols[k].dec < 0) {
            g_string_append_c(c->o, ',');
            tb_sweep_csv_field(c->o, tb_sweep_str_at(root, path));
        } else if ((r = tb_sweep_point_number(root, path, i, &v, err)) == 0) {
            g_string_append_printf(c->o, ",%.*f", np_cols[k].dec, v);
        }
        g_free(path);
        if (r < 0) {
            return -1;
        }
        if (k == 1) {
            pt->mbit_s = v;
        } else if (k == 2 || k == 3) {
            pt->np_cpu_pct[k - 2] = v;
        }
    }
    return 0;
}

/* With --published, the published throughput at @x (empty if the curve
 * has no point there). */
static void csv_published(Csv *c, double x)
{
    double y;

    if (c->s->published) {
        g_string_append_c(c->o, ',');
    }
    if (tb_published_at(c->s->published, x, &y)) {
        g_string_append_printf(c->o, "%.2f", y);
    }
}

/* The row of point @i from its report @root, and its chart point: its
 * curve (the chart host's interface mode names a curve of the
 * forwarding charts when no other axis does), its x. */
static int csv_row(Csv *c, JsonNode *root, guint i, TbPlotPoint *pt,
                   GPtrArray *groups, char **err)
{
    GPtrArray *nodes = host_nodes(root, NULL);
    int r = nodes->len == c->hosts->len ? 0 : -1;

    if (r < 0) {
        *err = g_strdup_printf("point %u report: %u hosts, point 0's has "
                               "%u", i, nodes->len, c->hosts->len);
    }
    tb_sweep_csv_axis_values(c->o, c->s, i);
    if (r == 0 && c->s->netperf) {
        r = csv_netperf(c, root, i, pt, err);
    }
    for (guint h = 0; r == 0 && h < nodes->len; h++) {
        r = csv_host(c, h, g_ptr_array_index(nodes, h), i,
                     h == c->chart_host ? pt : NULL, err);
    }
    if (r == 0) {
        JsonNode *cn = g_ptr_array_index(nodes, c->chart_host);
        const char *mode = c->s->netperf
                               ? "" : tb_sweep_str_at(cn, "interfaces.0.mode");
        pt->group = tb_sweep_group_of(c->s, i, mode, groups);
        pt->x = c->s->load_axis >= 0
                    ? g_ascii_strtod(tb_sweep_value(c->s->grid, i,
                                                    (guint)c->s->load_axis),
                                     NULL)
                    : (double)i;
        csv_published(c, pt->x);
        g_string_append_c(c->o, '\n');
    }
    g_ptr_array_free(nodes, TRUE);
    return r;
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
        csv_head(c, root);
    }
    r = csv_row(c, root, i, pt, groups, err);
    json_node_unref(root);
    return r;
}

int tb_sweep_combine(const TbSweep *s, TbPlotPoint *pts, GPtrArray *groups,
                     char **rx_iface, char **err)
{
    Csv c = {s, g_string_new("point"), g_array_new(FALSE, TRUE,
                                                   sizeof(CsvHost)),
             0, rx_iface};
    char *csv = NULL;
    int r = -1;

    for (guint i = 0; i < s->grid->npoints; i++) {
        if (csv_point(&c, i, &pts[i], groups, err) < 0) {
            goto out;
        }
    }
    csv = g_build_filename(s->dir, "sweep.csv", NULL);
    r = tb_out_write_file(csv, c.o->str, c.o->len, err);
out:
    g_free(csv);
    for (guint h = 0; h < c.hosts->len; h++) {
        CsvHost *ch = &g_array_index(c.hosts, CsvHost, h);
        g_free(ch->prefix);
        g_ptr_array_free(ch->ifn, TRUE);
    }
    g_array_free(c.hosts, TRUE);
    g_string_free(c.o, TRUE);
    return r;
}
