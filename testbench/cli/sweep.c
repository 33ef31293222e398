/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab sweep` (sweep.h): validate every point's scenario in-process,
 * run the points as child processes of this executable (`e1klab run
 * SCENARIO --set ... --json DIR/point-NNNN.json --quiet`), at most --jobs
 * at a time, then read the point reports back into sweep.csv and the
 * charts (sweep_plot.h).
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "report/report_path.h"
#include "scenario/scenario_load.h"
#include "cli/sweep.h"
#include "report/cli_out.h"
#include "cli/sweep_grid.h"
#include "cli/sweep_plot.h"

#define EXIT_BAD_INPUT 2

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
};

typedef struct Sweep {
    char *scenario;
    char **sets;               /* user --set, before the point's */
    TbSweepGrid *grid;
    char *dir;
    char *exe;
    int jobs;
    int quiet;
    int load_axis;             /* index of the offered-load axis, -1 */
} Sweep;

static char *point_json(const Sweep *s, guint i)
{
    char name[32];
    g_snprintf(name, sizeof(name), "point-%04u.json", i);
    return g_build_filename(s->dir, name, NULL);
}

/* argv of the `e1klab run` of point @i; g_strfreev(). */
static char **point_argv(const Sweep *s, const char *exe, guint i)
{
    GPtrArray *a = g_ptr_array_new();
    char **ps = tb_sweep_point_sets(s->grid, i);

    g_ptr_array_add(a, g_strdup(exe));
    g_ptr_array_add(a, g_strdup("run"));
    g_ptr_array_add(a, g_strdup(s->scenario));
    for (char **x = s->sets; x && *x; x++) {
        g_ptr_array_add(a, g_strdup("--set"));
        g_ptr_array_add(a, g_strdup(*x));
    }
    for (char **x = ps; *x; x++) {
        g_ptr_array_add(a, g_strdup("--set"));
        g_ptr_array_add(a, g_strdup(*x));
    }
    g_ptr_array_add(a, g_strdup("--json"));
    g_ptr_array_add(a, point_json(s, i));
    g_ptr_array_add(a, g_strdup("--quiet"));
    g_ptr_array_add(a, NULL);
    g_strfreev(ps);
    return (char **)g_ptr_array_free(a, FALSE);
}

/* Load every point's scenario (parse only) so that a bad value is found
 * before anything runs.  0 or -1 with *err. */
static int validate(const Sweep *s, char **err)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    int r = 0;

    for (guint i = 0; i < s->grid->npoints && r == 0; i++) {
        char **ps = tb_sweep_point_sets(s->grid, i);
        GPtrArray *all = g_ptr_array_new();
        char *why = NULL;
        for (char **x = s->sets; x && *x; x++) {
            g_ptr_array_add(all, *x);
        }
        for (char **x = ps; *x; x++) {
            g_ptr_array_add(all, *x);
        }
        g_ptr_array_add(all, NULL);
        if (tb_scenario_load(s->scenario, (const char *const *)all->pdata,
                             sc, &why) < 0) {
            char *label = tb_sweep_point_label(s->grid, i);
            *err = g_strdup_printf("point %u (%s): %s", i, label, why);
            g_free(label);
            g_free(why);
            r = -1;
        }
        g_ptr_array_free(all, TRUE);
        g_strfreev(ps);
    }
    g_free(sc);
    return r;
}

/* ---- running the points ---- */

typedef struct Child {
    GPid pid;
    int fd;                    /* its stderr, -1 once at EOF */
    guint point;
    GString *err;
} Child;

static void child_read(Child *c)
{
    char buf[512];
    ssize_t n = read(c->fd, buf, sizeof(buf));

    if (n > 0) {
        if (c->err->len < 4096) {
            g_string_append_len(c->err, buf, n);
        }
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
        close(c->fd);
        c->fd = -1;
    }
}

static char *last_line(const char *text)
{
    char **l = g_strsplit(text, "\n", -1);
    char *res = NULL;
    for (char **p = l; *p; p++) {
        g_strstrip(*p);
        if (**p) {
            g_free(res);
            res = g_strdup(*p);
        }
    }
    g_strfreev(l);
    return res ? res : g_strdup("no message");
}

/* Run all points.  0, or the failing point's exit status with *err. */
static int run_points(const Sweep *s, char **err)
{
    Child *act = g_new0(Child, s->jobs);
    guint nact = 0, next = 0, done = 0;
    int fail_status = 0;

    while ((next < s->grid->npoints && !fail_status) || nact > 0) {
        while (nact < (guint)s->jobs && next < s->grid->npoints &&
               !fail_status) {
            char **argv = point_argv(s, s->exe, next);
            Child *c = &act[nact];
            GError *ge = NULL;
            if (!g_spawn_async_with_pipes(NULL, argv, NULL,
                                          G_SPAWN_DO_NOT_REAP_CHILD |
                                          G_SPAWN_STDOUT_TO_DEV_NULL,
                                          NULL, NULL, &c->pid, NULL, NULL,
                                          &c->fd, &ge)) {
                *err = g_strdup_printf("cannot run %s: %s", s->exe,
                                       ge->message);
                g_error_free(ge);
                g_strfreev(argv);
                fail_status = 1;
                break;
            }
            g_strfreev(argv);
            c->point = next++;
            c->err = g_string_new(NULL);
            nact++;
        }
        if (nact == 0) {
            break;
        }
        {
            struct pollfd pfd[64];
            guint np = 0;
            for (guint i = 0; i < nact && np < G_N_ELEMENTS(pfd); i++) {
                if (act[i].fd >= 0) {
                    pfd[np].fd = act[i].fd;
                    pfd[np].events = POLLIN;
                    pfd[np].revents = 0;
                    np++;
                }
            }
            if (np && poll(pfd, np, -1) < 0 && errno != EINTR) {
                *err = g_strdup_printf("poll: %s", g_strerror(errno));
                fail_status = fail_status ? fail_status : 1;
            }
            for (guint i = 0, k = 0; i < nact; i++) {
                if (act[i].fd >= 0) {
                    if (k < np && pfd[k].revents) {
                        child_read(&act[i]);
                    }
                    k++;
                }
            }
        }
        /* Reap the children whose stderr is closed. */
        for (guint i = 0; i < nact;) {
            Child *c = &act[i];
            int st = 0;
            if (c->fd >= 0) {
                i++;
                continue;
            }
            while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR) {
            }
            g_spawn_close_pid(c->pid);
            done++;
            if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
                if (!fail_status) {
                    char *label = tb_sweep_point_label(s->grid, c->point);
                    char *msg = last_line(c->err->str);
                    if (WIFEXITED(st)) {
                        fail_status = WEXITSTATUS(st);
                        *err = g_strdup_printf("point %u (%s) failed (exit "
                                               "%d): %s", c->point, label,
                                               fail_status, msg);
                    } else {
                        fail_status = 1;
                        *err = g_strdup_printf("point %u (%s) died of "
                                               "signal %d: %s", c->point,
                                               label, WTERMSIG(st), msg);
                    }
                    g_free(label);
                    g_free(msg);
                    /* No new points; those running finish normally (each
                     * writes a complete report or none). */
                }
            } else if (!s->quiet) {
                char *label = tb_sweep_point_label(s->grid, c->point);
                fprintf(stderr, "sweep: [%u/%u] point %u (%s) done\n", done,
                        s->grid->npoints, c->point, label);
                g_free(label);
            }
            g_string_free(c->err, TRUE);
            act[i] = act[--nact];
        }
    }
    g_free(act);
    return fail_status;
}

/* ---- combining ---- */

static void csv_field(GString *o, const char *v)
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

static int num(JsonNode *root, const char *path, gint64 *v, guint point,
               char **err)
{
    double d;
    char *why = NULL;

    if (tb_report_path_number(root, path, &d, &why) < 0) {
        *err = g_strdup_printf("point %u report: %s", point, why);
        g_free(why);
        return -1;
    }
    *v = (gint64)d;
    return 0;
}

static const char *str_at(JsonNode *root, const char *path)
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

static int is_load_key(const char *k)
{
    const char *dot = strrchr(k, '.');
    return g_str_has_prefix(k, "traffic") && dot &&
           (!strcmp(dot, ".pps") || !strcmp(dot, ".mbps"));
}

/* Curve title of point @i: the values of the non-load axes. */
static char *group_title(const Sweep *s, guint i, const char *mode)
{
    GString *t = g_string_new(NULL);
    guint others = s->grid->params->len - (s->load_axis >= 0 ? 1 : 0);

    for (guint a = 0; a < s->grid->params->len; a++) {
        const TbSweepParam *p = g_ptr_array_index(s->grid->params, a);
        const char *dot = strrchr(p->key, '.');
        if ((int)a == s->load_axis) {
            continue;
        }
        if (t->len) {
            g_string_append_c(t, ' ');
        }
        if (others == 1) {
            g_string_append(t, tb_sweep_value(s->grid, i, a));
        } else {
            g_string_append_printf(t, "%s=%s", dot ? dot + 1 : p->key,
                                   tb_sweep_value(s->grid, i, a));
        }
    }
    if (t->len == 0) {
        g_string_append(t, *mode ? mode : "run");
    }
    return g_string_free(t, FALSE);
}

/* Read the point reports; write sweep.csv; fill the plot points. */
static int combine(const Sweep *s, TbPlotPoint *pts, GPtrArray *groups,
                   char **rx_iface, char **err)
{
    GString *o = g_string_new("point");
    GPtrArray *ifn = g_ptr_array_new_with_free_func(g_free);
    char *csv = NULL;
    int r = -1;

    for (guint a = 0; a < s->grid->params->len; a++) {
        const TbSweepParam *p = g_ptr_array_index(s->grid->params, a);
        g_string_append_c(o, ',');
        csv_field(o, p->key);
    }
    g_string_append(o, ",mode");
    for (guint c = 0; c < G_N_ELEMENTS(run_cols); c++) {
        g_string_append_printf(o, ",%s", run_cols[c][1]);
    }
    for (guint i = 0; i < s->grid->npoints; i++) {
        char *path = point_json(s, i);
        char *why = NULL;
        JsonNode *root = tb_report_load(path, &why);
        gint64 v[G_N_ELEMENTS(run_cols)], window = 0;
        const char *mode;
        char *title;
        guint g;

        g_free(path);
        if (!root) {
            *err = g_strdup_printf("point %u: %s", i, why);
            g_free(why);
            goto out;
        }
        if (i == 0) {
            JsonNode *ifs = tb_report_path_node(root, "interfaces");
            guint n = ifs && JSON_NODE_HOLDS_ARRAY(ifs)
                          ? json_array_get_length(json_node_get_array(ifs))
                          : 0;
            for (guint k = 0; k < n; k++) {
                char *np = g_strdup_printf("interfaces.%u.name", k);
                g_ptr_array_add(ifn, g_strdup(str_at(root, np)));
                g_free(np);
            }
            for (guint k = 0; k < ifn->len; k++) {
                for (guint c = 0; c < G_N_ELEMENTS(if_cols); c++) {
                    g_string_append_printf(o, ",%s.%s",
                                           (char *)g_ptr_array_index(ifn, k),
                                           if_cols[c][1]);
                }
            }
            g_string_append_c(o, '\n');
            *rx_iface = g_strdup(str_at(root, "sources.0.nic"));
            if (!**rx_iface && ifn->len) {
                g_free(*rx_iface);
                *rx_iface = g_strdup(g_ptr_array_index(ifn, 0));
            }
        }
        g_string_append_printf(o, "%u", i);
        for (guint a = 0; a < s->grid->params->len; a++) {
            g_string_append_c(o, ',');
            csv_field(o, tb_sweep_value(s->grid, i, a));
        }
        mode = str_at(root, "interfaces.0.mode");
        g_string_append_c(o, ',');
        csv_field(o, mode);
        if (num(root, "window_ns", &window, i, err) < 0) {
            json_node_unref(root);
            goto out;
        }
        for (guint c = 0; c < G_N_ELEMENTS(run_cols); c++) {
            if (num(root, run_cols[c][0], &v[c], i, err) < 0) {
                json_node_unref(root);
                goto out;
            }
            if (g_str_has_suffix(run_cols[c][0], "_ppm")) {
                g_string_append_printf(o, ",%" G_GINT64_FORMAT ".%04"
                                       G_GINT64_FORMAT, v[c] / 10000,
                                       v[c] % 10000);
            } else {
                g_string_append_printf(o, ",%" G_GINT64_FORMAT, v[c]);
            }
        }
        title = group_title(s, i, mode);
        for (g = 0; g < groups->len; g++) {
            if (!strcmp(g_ptr_array_index(groups, g), title)) {
                break;
            }
        }
        if (g == groups->len) {
            g_ptr_array_add(groups, title);
        } else {
            g_free(title);
        }
        pts[i].group = g;
        pts[i].offered_kpps = (double)v[1] / 1000.0;
        pts[i].forwarded_kpps = (double)v[3] / 1000.0;
        for (int c = 0; c < 4; c++) {
            pts[i].cpu_pct[c] = (double)v[6 + c] / 10000.0;
        }
        for (guint k = 0; k < ifn->len; k++) {
            const char *name = g_ptr_array_index(ifn, k);
            gint64 irqs = 0;
            for (guint c = 0; c < G_N_ELEMENTS(if_cols); c++) {
                gint64 x;
                if (if_cols[c][0]) {
                    char *fp = g_strdup_printf("interfaces.%s.%s", name,
                                               if_cols[c][0]);
                    int rr = num(root, fp, &x, i, err);
                    g_free(fp);
                    if (rr < 0) {
                        json_node_unref(root);
                        goto out;
                    }
                    if (c == 0) {
                        irqs = x;
                    }
                } else {
                    x = per_s(irqs, window);
                }
                g_string_append_printf(o, ",%" G_GINT64_FORMAT, x);
                if (c == 1 && !strcmp(name, *rx_iface)) {
                    pts[i].rx_irq_per_s = (double)x;
                }
            }
        }
        g_string_append_c(o, '\n');
        json_node_unref(root);
    }
    csv = g_build_filename(s->dir, "sweep.csv", NULL);
    if (tb_out_write_file(csv, o->str, o->len, err) < 0) {
        goto out;
    }
    r = 0;
out:
    g_free(csv);
    g_ptr_array_free(ifn, TRUE);
    g_string_free(o, TRUE);
    return r;
}

/* ---- the command ---- */

static char *self_exe(void)
{
    char *p = g_file_read_link("/proc/self/exe", NULL);
    return p ? p : g_find_program_in_path("e1klab");
}

static char *default_dir(const char *scenario)
{
    char *base = g_path_get_basename(scenario);
    char *dot = strrchr(base, '.');
    char *d;
    if (dot && dot != base) {
        *dot = 0;
    }
    d = g_strdup_printf("sweep-%s", base);
    g_free(base);
    return d;
}

int tb_cmd_sweep(int argc, char **argv)
{
    char **params = NULL, **sets = NULL;
    char *dir = NULL, *exe_name = NULL;
    gint jobs = 1;
    gboolean emit = FALSE, collect = FALSE, no_plot = FALSE, quiet = FALSE;
    GOptionEntry entries[] = {
        {"param", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &params,
         "A grid axis: comma-separated values or an inclusive decimal "
         "range (repeatable)", "KEY=LIST|START:STOP:STEP"},
        {"jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
         "Run up to N points at a time (default 1)", "N"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &dir,
         "Output directory (default sweep-NAME)", "DIR"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "Override a scenario key for every point (repeatable)",
         "SECTION.KEY=VALUE"},
        {"emit-jobs", 0, 0, G_OPTION_ARG_NONE, &emit,
         "Print one `e1klab run` command line per point (for GNU "
         "parallel) instead of running", NULL},
        {"exe", 0, 0, G_OPTION_ARG_STRING, &exe_name,
         "Program name in --emit-jobs lines (default: this executable)",
         "PROGRAM"},
        {"collect", 0, 0, G_OPTION_ARG_NONE, &collect,
         "Do not run: combine the point-NNNN.json already in DIR", NULL},
        {"no-plot", 0, 0, G_OPTION_ARG_NONE, &no_plot,
         "Write the CSV but no charts (gnuplot not needed)", NULL},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet,
         "No progress lines on stderr", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL}};
    GOptionContext *oc = g_option_context_new(
        "SCENARIO.ini - run a scenario over a parameter grid");
    GError *ge = NULL;
    Sweep s = {0};
    char *err = NULL, *gnuplot = NULL, *rx_iface = NULL;
    TbPlotPoint *pts = NULL;
    GPtrArray *groups = g_ptr_array_new_with_free_func(g_free);
    int status = EXIT_BAD_INPUT;
    int plots;

    g_set_prgname("e1klab sweep");
    g_option_context_add_main_entries(oc, entries, NULL);
    g_option_context_set_description(oc,
        "Example: e1klab sweep forward-970kpps-napi.ini "
        "--param traffic.pps=50000:1000000:50000 \\\n"
        "           --param driver.mode=legacy,napi-twist,napi --jobs 2\n"
        "Details: docs/sweep-and-check.md.");
    if (!g_option_context_parse(oc, &argc, &argv, &ge)) {
        err = g_strdup(ge->message);
        g_error_free(ge);
        goto out;
    }
    if (argc != 2) {
        err = g_strdup(argc < 2 ? "missing SCENARIO.ini (see e1klab help "
                                  "sweep)"
                                : "more than one scenario given");
        goto out;
    }
    if (jobs < 1 || jobs > 64) {
        err = g_strdup_printf("--jobs %d: must be 1..64", jobs);
        goto out;
    }
    if (emit && collect) {
        err = g_strdup("--emit-jobs and --collect exclude each other");
        goto out;
    }
    s.scenario = argv[1];
    s.sets = sets;
    s.jobs = jobs;
    s.quiet = quiet;
    s.dir = dir ? g_strdup(dir) : default_dir(argv[1]);
    s.grid = tb_sweep_grid_new((const char *const *)params, &err);
    if (!s.grid) {
        goto out;
    }
    s.load_axis = -1;
    for (guint a = 0; a < s.grid->params->len; a++) {
        const TbSweepParam *p = g_ptr_array_index(s.grid->params, a);
        if (is_load_key(p->key) && s.load_axis < 0) {
            s.load_axis = (int)a;
        }
    }
    if (!collect && validate(&s, &err) < 0) {
        goto out;
    }
    if (emit) {
        char *exe = exe_name ? g_strdup(exe_name) : self_exe();
        if (!exe) {
            err = g_strdup("cannot find this executable's path (use --exe)");
            goto out;
        }
        if (g_mkdir_with_parents(s.dir, 0777) != 0) {
            err = g_strdup_printf("%s: %s", s.dir, g_strerror(errno));
            g_free(exe);
            goto out;
        }
        for (guint i = 0; i < s.grid->npoints; i++) {
            char **av = point_argv(&s, exe, i);
            for (char **x = av; *x; x++) {
                char *q = g_shell_quote(*x);
                int plain = 1;
                for (const char *c = *x; *c; c++) {
                    if (!g_ascii_isalnum(*c) && !strchr("/._-=,:+@%", *c)) {
                        plain = 0;
                    }
                }
                printf("%s%s", x == av ? "" : " ", plain && **x ? *x : q);
                g_free(q);
            }
            printf("\n");
            g_strfreev(av);
        }
        g_free(exe);
        status = fflush(stdout) == 0 ? 0 : 1;
        goto out;
    }
    plots = !no_plot && s.load_axis >= 0;
    if (plots) {
        gnuplot = g_find_program_in_path("gnuplot");
        if (!gnuplot) {
            err = g_strdup("gnuplot not found (install gnuplot-nox, e.g. "
                           "scripts/install-deps.sh build; or use "
                           "--no-plot)");
            goto out;
        }
    } else if (!no_plot && !quiet) {
        fprintf(stderr, "sweep: no offered-load axis (traffic.pps or "
                "traffic.mbps): no charts, CSV only\n");
    }
    if (g_mkdir_with_parents(s.dir, 0777) != 0) {
        err = g_strdup_printf("%s: %s", s.dir, g_strerror(errno));
        goto out;
    }
    if (!collect) {
        int st;
        s.exe = self_exe();
        if (!s.exe) {
            err = g_strdup("cannot find this executable's path");
            goto out;
        }
        st = run_points(&s, &err);
        if (st) {
            fprintf(stderr, "e1klab: sweep: %s\n", err);
            g_free(err);
            err = NULL;
            status = st;
            goto out;
        }
    }
    pts = g_new0(TbPlotPoint, s.grid->npoints);
    if (combine(&s, pts, groups, &rx_iface, &err) < 0) {
        /* with --collect a missing or bad point file is bad input */
        status = collect ? 2 : 1;
        fprintf(stderr, "e1klab: sweep: %s\n", err);
        g_free(err);
        err = NULL;
        goto out;
    }
    if (plots) {
        char *title = g_path_get_basename(s.scenario);
        int pr = tb_sweep_plot(gnuplot, s.dir, title,
                               (const char *const *)groups->pdata,
                               groups->len, pts, s.grid->npoints,
                               rx_iface ? rx_iface : "eth0", &err);
        g_free(title);
        if (pr < 0) {
            status = 1;
            fprintf(stderr, "e1klab: sweep: %s\n", err);
            g_free(err);
            err = NULL;
            goto out;
        }
    }
    if (!quiet) {
        fprintf(stderr, "sweep: %u points; %s/sweep.csv%s\n",
                s.grid->npoints, s.dir,
                plots ? ", forwarded/interrupts/cpu .png and .svg" : "");
    }
    status = 0;

out:
    if (err) {
        fprintf(stderr, "e1klab: sweep: %s\n", err);
        status = EXIT_BAD_INPUT;
    }
    g_free(err);
    g_free(gnuplot);
    g_free(rx_iface);
    g_free(pts);
    g_ptr_array_free(groups, TRUE);
    tb_sweep_grid_free(s.grid);
    g_free(s.dir);
    g_free(s.exe);
    g_strfreev(params);
    g_strfreev(sets);
    g_free(dir);
    g_free(exe_name);
    g_option_context_free(oc);
    return status;
}
