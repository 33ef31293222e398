/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab sweep` (sweep.h): parse the options, build the grid, validate
 * every point's scenario in-process, then either print the points'
 * command lines (--emit-jobs) or run them (sweep_run.h), combine the point
 * reports into sweep.csv (sweep_csv.h) and draw the charts
 * (sweep_plot.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "cli/cli_opts.h"
#include "cli/sweep.h"
#include "cli/sweep_csv.h"
#include "cli/sweep_grid.h"
#include "cli/sweep_plot.h"
#include "cli/sweep_published.h"
#include "cli/sweep_run.h"
#include "report/cli_out.h"
#include "scenario/topology.h"

#define EXIT_BAD_INPUT 2

/* Every option of `e1klab sweep`, filled by GOption through @entries. */
typedef struct SweepOpts {
    char **params;             /* --param KEY=LIST|START:STOP:STEP */
    char **sets;               /* --set SECTION.KEY=VALUE */
    char *dir;                 /* --out DIR */
    char *exe_name;            /* --exe PROGRAM */
    gint jobs;                 /* --jobs N */
    gboolean emit;             /* --emit-jobs */
    gboolean collect;          /* --collect */
    gboolean no_plot;          /* --no-plot */
    gboolean quiet;            /* --quiet */
    char *published;           /* --published FILE */
    GOptionEntry entries[TB_CLI_MAX_OPTS];
} SweepOpts;

static void sweep_opts_init(SweepOpts *o)
{
    const GOptionEntry e[] = {
        {"param", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &o->params,
         "A grid axis: comma-separated values or an inclusive decimal "
         "range (repeatable)", "KEY=LIST|START:STOP:STEP"},
        {"jobs", 'j', 0, G_OPTION_ARG_INT, &o->jobs,
         "Run up to N points at a time (default 1)", "N"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &o->dir,
         "Output directory (default sweep-NAME)", "DIR"},
        TB_CLI_OPT_SET(&o->sets, "Override a scenario key for every point "
                                 "(repeatable)"),
        {"emit-jobs", 0, 0, G_OPTION_ARG_NONE, &o->emit,
         "Print one `e1klab run` command line per point (for GNU "
         "parallel) instead of running", NULL},
        {"exe", 0, 0, G_OPTION_ARG_STRING, &o->exe_name,
         "Program name in --emit-jobs lines (default: this executable)",
         "PROGRAM"},
        {"collect", 0, 0, G_OPTION_ARG_NONE, &o->collect,
         "Do not run: combine the point-NNNN.json already in DIR", NULL},
        {"no-plot", 0, 0, G_OPTION_ARG_NONE, &o->no_plot,
         "Write the CSV but no charts (gnuplot not needed)", NULL},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet,
         "No progress lines on stderr", NULL},
        TB_CLI_OPT_FILE("published", &o->published,
                        "With a [netperf] test: draw the published curve "
                        "of FILE (lines of X Y) beside the throughput, add "
                        "its column to sweep.csv"),
        TB_CLI_OPT_END};

    G_STATIC_ASSERT(sizeof(e) <= sizeof(o->entries));
    memset(o, 0, sizeof(*o));
    o->jobs = 1;
    memcpy(o->entries, e, sizeof(e));
}

/* Parse and check the command line.  0 or -1 with *err. */
static int sweep_opts_parse(SweepOpts *o, int *argc, char ***argv,
                            char **err)
{
    GOptionContext *oc = g_option_context_new(
        "SCENARIO.ini - run a scenario over a parameter grid");
    int r;

    g_set_prgname("e1klab sweep");
    g_option_context_add_main_entries(oc, o->entries, NULL);
    g_option_context_set_description(oc,
        "Example: e1klab sweep forward-970kpps-napi.ini "
        "--param traffic.pps=50000:1000000:50000 \\\n"
        "           --param driver.mode=legacy,napi-twist,napi --jobs 2\n"
        "Details: docs/sweep-and-check.md.");
    r = tb_cli_parse(oc, argc, argv, "", err);
    g_option_context_free(oc);
    if (r < 0 || tb_cli_one_scenario(*argc, "sweep", "", err) < 0) {
        return -1;
    }
    if (o->jobs < 1 || o->jobs > 64) {
        *err = g_strdup_printf("--jobs %d: must be 1..64", o->jobs);
        return -1;
    }
    if (o->emit && o->collect) {
        *err = g_strdup("--emit-jobs and --collect exclude each other");
        return -1;
    }
    return 0;
}

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

static int is_load_key(const char *k)
{
    const char *dot = strrchr(k, '.');
    return g_str_has_prefix(k, "traffic") && dot &&
           (!strcmp(dot, ".pps") || !strcmp(dot, ".mbps"));
}

/* The first axis whose values all parse as numbers, -1 if none. */
static int numeric_axis(const TbSweepGrid *g)
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

/* Whether the scenario with the user's --set has a [netperf] test.  0
 * or -1 with *err. */
static int has_netperf(TbSweep *s, char **err)
{
    TbTopology t;
    if (tb_topology_load(s->scenario, (const char *const *)s->sets, &t,
                         err) < 0) {
        return -1;
    }
    s->netperf = t.netperf.present != 0;
    tb_topology_clear(&t);
    return 0;
}

/* Fill *s from the options: the grid and the charts' x axis: with a
 * [netperf] test the first axis of numbers (e.g.
 * netperf.message_size), else the offered-load axis (the first
 * traffic*.pps or traffic*.mbps key).  0 or -1 with *err. */
static int sweep_setup(TbSweep *s, const SweepOpts *o, const char *scenario,
                       char **err)
{
    s->scenario = scenario;
    s->sets = o->sets;
    s->jobs = o->jobs;
    s->quiet = o->quiet;
    s->dir = o->dir ? g_strdup(o->dir) : default_dir(scenario);
    s->grid = tb_sweep_grid_new((const char *const *)o->params, err);
    if (!s->grid || has_netperf(s, err) < 0) {
        return -1;
    }
    s->load_axis = -1;
    if (s->netperf) {
        s->load_axis = numeric_axis(s->grid);
        return 0;
    }
    for (guint a = 0; a < s->grid->params->len; a++) {
        const TbSweepParam *p = g_ptr_array_index(s->grid->params, a);
        if (is_load_key(p->key) && s->load_axis < 0) {
            s->load_axis = (int)a;
        }
    }
    return 0;
}

/* The files of DIR the sweep writes besides the point reports: the CSV,
 * the plot data and script, the charts.  g_strfreev. */
static char **sweep_files(const TbSweep *s)
{
    GPtrArray *a = g_ptr_array_new();

    g_ptr_array_add(a, g_build_filename(s->dir, "sweep.csv", NULL));
    g_ptr_array_add(a, g_build_filename(s->dir, "sweep-plot.dat", NULL));
    g_ptr_array_add(a, g_build_filename(s->dir, "sweep.gp", NULL));
    for (const char *const *f = s->netperf ? tb_sweep_netperf_plot_files
                                           : tb_sweep_plot_files; *f; f++) {
        g_ptr_array_add(a, g_build_filename(s->dir, *f, NULL));
    }
    g_ptr_array_add(a, NULL);
    return (char **)g_ptr_array_free(a, FALSE);
}

/* Every output in --out DIR before anything runs (tb_out_check: not a
 * directory, not a file read, DIR writable); the point reports too
 * unless @collect (then they are read).  A DIR not there yet is made
 * later (make_dir).  0 or -1 with *err. */
static int sweep_outs_check(const TbSweep *s, int collect,
                            GPtrArray *inputs, char **err)
{
    char **files;
    GStatBuf st;
    int r = 0;

    if (g_stat(s->dir, &st) != 0) {
        return 0;
    }
    if (!S_ISDIR(st.st_mode)) {
        *err = g_strdup_printf("--out %s: not a directory", s->dir);
        return -1;
    }
    g_ptr_array_add(inputs, NULL);
    files = sweep_files(s);
    for (char **f = files; *f && r == 0; f++) {
        r = tb_out_check(*f, "--out", (const char *const *)inputs->pdata,
                         err);
    }
    for (guint i = 0; !collect && i < s->grid->npoints && r == 0; i++) {
        char *f = tb_sweep_point_json(s, i);
        r = tb_out_check(f, "--out", (const char *const *)inputs->pdata,
                         err);
        g_free(f);
    }
    g_ptr_array_remove_index(inputs, inputs->len - 1);
    g_strfreev(files);
    return r;
}

/* After a failure: no output of this sweep is left (the point reports
 * stay with @collect: they were its input). */
static void sweep_remove_outputs(const TbSweep *s, int collect)
{
    char **files = sweep_files(s);

    for (char **f = files; *f; f++) {
        g_unlink(*f);
    }
    g_strfreev(files);
    if (!collect) {
        char *grid = g_build_filename(s->dir, "sweep-grid.txt", NULL);
        g_unlink(grid);
        g_free(grid);
        tb_sweep_remove_points(s);
    }
}

static int make_dir(const char *dir, char **err)
{
    if (g_mkdir_with_parents(dir, 0777) != 0) {
        *err = g_strdup_printf("%s: %s", dir, g_strerror(errno));
        return -1;
    }
    return 0;
}

/* One argument of an --emit-jobs line: as is when it is made of plain
 * characters only, else quoted for the shell. */
static void print_arg(const char *arg, int first)
{
    char *q = g_shell_quote(arg);
    int plain = 1;

    for (const char *c = arg; *c; c++) {
        if (!g_ascii_isalnum(*c) && !strchr("/._-=,:+@%", *c)) {
            plain = 0;
        }
    }
    printf("%s%s", first ? "" : " ", plain && *arg ? arg : q);
    g_free(q);
}

/* --emit-jobs: one `e1klab run` command line per point on stdout.  The
 * exit status (EXIT_BAD_INPUT with *err). */
static int emit_jobs(const TbSweep *s, const char *exe_name, char **err)
{
    char *exe = exe_name ? g_strdup(exe_name) : self_exe();

    if (!exe) {
        *err = g_strdup("cannot find this executable's path (use --exe)");
        return EXIT_BAD_INPUT;
    }
    if (make_dir(s->dir, err) < 0 || tb_sweep_grid_write(s, err) < 0) {
        g_free(exe);
        return EXIT_BAD_INPUT;
    }
    for (guint i = 0; i < s->grid->npoints; i++) {
        char **av = tb_sweep_point_argv(s, exe, i);
        for (char **x = av; *x; x++) {
            print_arg(*x, x == av);
        }
        printf("\n");
        g_strfreev(av);
    }
    g_free(exe);
    return fflush(stdout) == 0 ? 0 : 1;
}

/* The charts' title: the scenario's base name and the user's --set
 * overrides (the axes are on the charts). */
static char *sweep_title(const TbSweep *s)
{
    char *base = g_path_get_basename(s->scenario);
    char *t = tb_cli_title(base, s->sets);

    g_free(base);
    return t;
}

/* The charts of the points @pts: netperf's with a [netperf] test, else
 * the forwarding charts.  0 or -1 with *err. */
static int sweep_charts(const TbSweep *s, const char *gnuplot,
                        const TbPlotPoint *pts, GPtrArray *groups,
                        const char *rx_iface, char **err)
{
    char *title = sweep_title(s);
    const TbSweepParam *x = g_ptr_array_index(s->grid->params,
                                              (guint)s->load_axis);
    int r = s->netperf
                ? tb_sweep_plot_netperf(gnuplot, s->dir, title, x->key,
                                        (const char *const *)groups->pdata,
                                        groups->len, pts, s->grid->npoints,
                                        s->published, err)
                : tb_sweep_plot(gnuplot, s->dir, title,
                                (const char *const *)groups->pdata,
                                groups->len, pts, s->grid->npoints,
                                rx_iface ? rx_iface : "eth0", err);
    g_free(title);
    return r;
}

/* sweep.csv and the charts of the points (sweep_csv.h): 0 or the exit
 * status with *err reported (tb_cli_error). */
static int sweep_combine(const TbSweep *s, const SweepOpts *o,
                         const char *gnuplot, char **err)
{
    TbPlotPoint *pts = g_new0(TbPlotPoint, s->grid->npoints);
    GPtrArray *groups = g_ptr_array_new_with_free_func(g_free);
    char *rx_iface = NULL;
    int st = 0;

    if (tb_sweep_combine(s, pts, groups, &rx_iface, err) < 0) {
        /* with --collect a missing or bad point file is bad input */
        st = tb_cli_error("sweep: ", err, o->collect ? 2 : 1);
    } else if (gnuplot &&
               sweep_charts(s, gnuplot, pts, groups, rx_iface, err) < 0) {
        st = tb_cli_error("sweep: ", err, 1);
    }
    g_free(rx_iface);
    g_free(pts);
    g_ptr_array_free(groups, TRUE);
    return st;
}

/* Run the points (unless --collect), write sweep.csv and, when
 * @gnuplot, the charts.  The exit status (EXIT_BAD_INPUT with *err). */
static int sweep_run(TbSweep *s, const SweepOpts *o, const char *gnuplot,
                     char **err)
{
    int st;

    if (make_dir(s->dir, err) < 0 ||
        (o->collect && tb_sweep_grid_check(s, err) < 0)) {
        return EXIT_BAD_INPUT;
    }
    if (!o->collect) {
        s->exe = self_exe();
        if (!s->exe) {
            *err = g_strdup("cannot find this executable's path");
            return EXIT_BAD_INPUT;
        }
        st = tb_sweep_run_points(s, err);
        if (st) {
            return tb_cli_error("sweep: ", err, st);   /* points removed */
        }
        if (tb_sweep_grid_write(s, err) < 0) {
            return EXIT_BAD_INPUT;
        }
    }
    st = sweep_combine(s, o, gnuplot, err);
    if (st) {
        sweep_remove_outputs(s, o->collect);
    }
    return st;
}

/* --published FILE (a scenario with a [netperf] test only) into *@pub
 * and @s.  0 or -1 with *err. */
static int sweep_published(TbSweep *s, const SweepOpts *o, TbPublished **pub,
                           char **err)
{
    if (!o->published) {
        return 0;
    }
    if (!s->netperf) {
        *err = g_strdup_printf("--published %s: only for a scenario with "
                               "a [netperf] test (a netperf throughput "
                               "curve)", o->published);
        return -1;
    }
    *pub = tb_published_load(o->published, err);
    s->published = *pub;
    return *pub ? 0 : -1;
}

/* Everything after the options: the exit status, *err on bad input. */
static int sweep_do(const SweepOpts *o, const char *scenario, char **err)
{
    TbSweep s = {0};
    TbPublished *pub = NULL;
    char *gnuplot = NULL;
    GPtrArray *inputs = g_ptr_array_new_with_free_func(g_free);
    int plots, status = EXIT_BAD_INPUT;

    g_ptr_array_add(inputs, g_strdup(scenario));
    if (sweep_setup(&s, o, scenario, err) == 0
        && sweep_published(&s, o, &pub, err) == 0) {
        s.expect_ns = g_new0(uint64_t, s.grid->npoints);
    }
    if (s.expect_ns == NULL ||
        (!o->collect && tb_sweep_validate(&s, inputs, err) < 0) ||
        (!o->emit && sweep_outs_check(&s, o->collect, inputs, err) < 0)) {
        goto out;
    }
    if (o->emit) {
        status = emit_jobs(&s, o->exe_name, err);
        goto out;
    }
    plots = !o->no_plot && s.load_axis >= 0;
    if (plots) {
        gnuplot = g_find_program_in_path("gnuplot");
        if (!gnuplot) {
            *err = g_strdup("gnuplot not found (install gnuplot-nox, e.g. "
                            "scripts/install-deps.sh build; or use "
                            "--no-plot)");
            goto out;
        }
    } else if (!o->no_plot && !o->quiet) {
        fprintf(stderr, s.netperf ? "sweep: no axis with numbers (e.g. "
                                  "netperf.message_size): no charts, CSV "
                                  "only\n"
                                : "sweep: no offered-load axis (traffic.pps "
                                  "or traffic.mbps): no charts, CSV only\n");
    }
    status = sweep_run(&s, o, gnuplot, err);
    if (status == 0 && !*err && !o->quiet) {
        fprintf(stderr, "sweep: %u points; %s/sweep.csv%s\n",
                s.grid->npoints, s.dir,
                !plots ? "" : s.netperf ? ", throughput/cpu .png and .svg"
                                      : ", forwarded/interrupts/cpu .png "
                                        "and .svg");
    }
out:
    g_ptr_array_free(inputs, TRUE);
    g_free(gnuplot);
    tb_published_free(pub);
    tb_sweep_grid_free(s.grid);
    g_free(s.expect_ns);
    g_free(s.dir);
    g_free(s.exe);
    return status;
}

int tb_cmd_sweep(int argc, char **argv)
{
    SweepOpts o;
    char *err = NULL;
    int status = EXIT_BAD_INPUT;

    sweep_opts_init(&o);
    if (sweep_opts_parse(&o, &argc, &argv, &err) == 0) {
        status = sweep_do(&o, argv[1], &err);
    }
    if (err) {
        status = tb_cli_error("sweep: ", &err, EXIT_BAD_INPUT);
    }
    tb_cli_free_values(o.entries);
    return status;
}
