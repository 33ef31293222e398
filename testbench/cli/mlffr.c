/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab mlffr` (mlffr.h): options, the RFC 2544 table, mlffr.csv and
 * the chart.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "cli/cli_opts.h"
#include "cli/mlffr.h"
#include "cli/mlffr_search.h"
#include "cli/sweep_plot.h"

#define EXIT_BAD_INPUT 2
#define MAX_SIZES 32

/* Every option of `e1klab mlffr`, filled by GOption through @entries. */
typedef struct MlffrOpts {
    char *sizes;               /* --sizes LIST */
    gdouble loss_pct;          /* --loss PCT */
    gint64 trial_frames;       /* --trial-frames N */
    gdouble res_pct;           /* --resolution PCT */
    gint jobs;                 /* --jobs N */
    char *dir;                 /* --out DIR */
    char **sets;               /* --set */
    gboolean no_plot, quiet;
    GOptionEntry entries[TB_CLI_MAX_OPTS];
} MlffrOpts;

static void mlffr_opts_init(MlffrOpts *o)
{
    const GOptionEntry e[] = {
        {"sizes", 0, 0, G_OPTION_ARG_STRING, &o->sizes,
         "Frame sizes incl. FCS (default 64,128,256,512,1024,1280,1518, "
         "RFC 2544's for Ethernet)", "LIST"},
        {"loss", 0, 0, G_OPTION_ARG_DOUBLE, &o->loss_pct,
         "Tolerated loss, % of the offered frames (default 0)", "PCT"},
        {"trial-frames", 0, 0, G_OPTION_ARG_INT64, &o->trial_frames,
         "Frames per trial (default 100000)", "N"},
        {"resolution", 0, 0, G_OPTION_ARG_DOUBLE, &o->res_pct,
         "Search resolution, % of line rate (default 0.1)", "PCT"},
        {"jobs", 'j', 0, G_OPTION_ARG_INT, &o->jobs,
         "Search up to N frame sizes at a time (default 1)", "N"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &o->dir,
         "Output directory (default mlffr-NAME)", "DIR"},
        TB_CLI_OPT_SET(&o->sets, "Override a scenario key in every trial "
                                 "(repeatable)"),
        {"no-plot", 0, 0, G_OPTION_ARG_NONE, &o->no_plot,
         "Write the CSV but no chart (gnuplot not needed)", NULL},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet,
         "No progress lines on stderr", NULL},
        TB_CLI_OPT_END};

    G_STATIC_ASSERT(sizeof(e) <= sizeof(o->entries));
    memset(o, 0, sizeof(*o));
    o->trial_frames = 100000;
    o->res_pct = 0.1;
    o->jobs = 1;
    memcpy(o->entries, e, sizeof(e));
}

/* --sizes into @sizes (at most MAX_SIZES, each 64..16128).  The count,
 * or -1 with *err. */
static int parse_sizes(const char *text, uint32_t *sizes, char **err)
{
    char **v = g_strsplit(text ? text : "64,128,256,512,1024,1280,1518",
                          ",", -1);
    int n = 0;

    for (char **x = v; *x; x++, n++) {
        guint64 s;
        if (n == MAX_SIZES || !g_ascii_string_to_unsigned(g_strstrip(*x), 10,
                                                          64, 16128, &s,
                                                          NULL)) {
            *err = g_strdup_printf("--sizes: '%s' is not a frame size "
                                   "(64..16128, at most %d)", *x,
                                   MAX_SIZES);
            n = -1;
            break;
        }
        for (int j = 0; j < n; j++) {
            if (sizes[j] == s) {
                *err = g_strdup_printf("--sizes: %u given twice",
                                       sizes[j]);
                n = -1;
                break;
            }
        }
        if (n < 0) {
            break;
        }
        sizes[n] = (uint32_t)s;
    }
    g_strfreev(v);
    return n;
}

/* Values no scenario is needed to reject.  0 or -1 with *err. */
static int mlffr_opts_check(const MlffrOpts *o, char **err)
{
    if (!(o->loss_pct >= 0 && o->loss_pct < 100)) {
        *err = g_strdup_printf("--loss %g: must be 0 <= PCT < 100",
                               o->loss_pct);
    } else if (!(o->res_pct > 0 && o->res_pct <= 50)) {
        *err = g_strdup_printf("--resolution %g: must be 0 < PCT <= 50",
                               o->res_pct);
    } else if (o->trial_frames < 2 || o->trial_frames > 1000000000) {
        *err = g_strdup_printf("--trial-frames %" G_GINT64_FORMAT ": must "
                               "be 2..1e9", o->trial_frames);
    } else if (o->jobs < 1 || o->jobs > 64) {
        *err = g_strdup_printf("--jobs %d: must be 1..64", o->jobs);
    }
    return *err ? -1 : 0;
}

/* Mbit/s of @r with 3 decimals, frame bytes incl. FCS, into @buf. */
static void mbps_text(const TbMlffrResult *r, char *buf, size_t n)
{
    uint64_t kbps = (r->pps * r->size * 8 + 500) / 1000;
    g_snprintf(buf, n, "%" PRIu64 ".%03" PRIu64, kbps / 1000, kbps % 1000);
}

/* % of line rate with 2 decimals into @buf. */
static void pct_text(const TbMlffrResult *r, char *buf, size_t n)
{
    uint64_t h = r->line_pps ? (r->pps * 10000 + r->line_pps / 2) /
                                   r->line_pps : 0;
    g_snprintf(buf, n, "%" PRIu64 ".%02" PRIu64, h / 100, h % 100);
}

/* RFC 2544's table, on @out. */
static void print_table(FILE *out, const char *name, const MlffrOpts *o,
                        const TbMlffrResult *res, int n)
{
    fprintf(out, "RFC 2544 throughput of %s: the highest offered rate "
            "with loss <= %g %%\n(binary search to %g %% of line rate, "
            "trials of %" G_GINT64_FORMAT " frames)\n\n", name, o->loss_pct,
            o->res_pct, o->trial_frames);
    fprintf(out, "%10s %12s %12s %15s\n", "frame size", "frames/s",
            "Mbit/s", "% of line rate");
    for (int i = 0; i < n; i++) {
        char mb[32], pc[32];
        mbps_text(&res[i], mb, sizeof(mb));
        pct_text(&res[i], pc, sizeof(pc));
        fprintf(out, "%10u %12" PRIu64 " %12s %15s\n", res[i].size,
                res[i].pps, mb, pc);
    }
}

/* mlffr.csv text. */
static char *csv_text(const TbMlffrResult *res, int n)
{
    GString *o = g_string_new("frame_size,frames_per_s,mbit_per_s,"
                              "pct_of_line_rate,line_rate_pps,"
                              "resolution_pps,trials\n");
    for (int i = 0; i < n; i++) {
        char mb[32], pc[32];
        mbps_text(&res[i], mb, sizeof(mb));
        pct_text(&res[i], pc, sizeof(pc));
        g_string_append_printf(o, "%u,%" PRIu64 ",%s,%s,%" PRIu64 ",%"
                               PRIu64 ",%u\n", res[i].size, res[i].pps, mb,
                               pc, res[i].line_pps, res[i].step_pps,
                               res[i].trials);
    }
    return g_string_free(o, FALSE);
}

/* The chart's x range for frame sizes @lo..@hi bytes (log scale): from
 * 3/4 of @lo to the power of 2 at or above 4/3 of @hi ([48:2048] for
 * RFC 2544's 64..1518). */
static void x_range(uint32_t lo, uint32_t hi, uint32_t *x0, uint32_t *x1)
{
    *x0 = lo * 3 / 4;
    *x1 = 1;
    while (*x1 < (hi * 4 + 2) / 3) {
        *x1 *= 2;
    }
}

/* mlffr.gp: frames/s and line rate vs frame size (@lo..@hi bytes), to
 * mlffr.png and mlffr.svg (run `gnuplot mlffr.gp` in DIR to redraw
 * them). */
static char *gp_text(const char *name, uint32_t lo, uint32_t hi)
{
    uint32_t x0, x1;
    GString *o = g_string_new("# Generated by e1klab mlffr; run with "
                              "`gnuplot mlffr.gp` in this directory.\n");
    static const char *const file[] = {"mlffr.png", "mlffr.svg"};

    x_range(lo, hi, &x0, &x1);
    g_string_append_printf(o,
        "set datafile separator comma\n"
        "set key outside right top\nset grid\nset logscale x 2\n"
        "set xrange [%u:%u]\nset yrange [0:*]\n"
        "set xlabel \"frame size (bytes incl. FCS)\"\n"
        "set ylabel \"frames/s\"\n"
        "set title \"RFC 2544 throughput: %s\"\n", x0, x1, name);
    tb_plot_pngterm(o, 900, 550);
    for (int e = 0; e < 2; e++) {
        tb_plot_terminal(o, e == 1, 900, 550);
        g_string_append_printf(o, "set output \"%s\"\n"
                               "plot \"mlffr.csv\" skip 1 using 1:2 with "
                               "linespoints lw 2 pt 7 title \"throughput\", "
                               "\\\n     \"mlffr.csv\" skip 1 using 1:5 with "
                               "lines dt 3 lc rgb \"gray40\" title "
                               "\"line rate\"\nset output\n", file[e]);
    }
    return g_string_free(o, FALSE);
}

/* Remove what this command wrote in @dir. */
static void remove_outputs(const char *dir)
{
    static const char *const files[] = {"mlffr.csv", "mlffr.gp",
                                        "mlffr.png", "mlffr.svg", NULL};
    for (const char *const *f = files; *f; f++) {
        char *p = g_build_filename(dir, *f, NULL);
        g_unlink(p);
        g_free(p);
    }
}

/* mlffr.gp in @dir for the @n results @res and @gnuplot run on it.  0 or
 * -1 with *err. */
static int plot(const char *gnuplot, const char *dir, const char *name,
                const TbMlffrResult *res, int n, char **err)
{
    char *esc = g_strescape(name, NULL);
    uint32_t lo = res[0].size, hi = res[0].size;
    char *gp;
    int r;

    for (int i = 1; i < n; i++) {
        lo = MIN(lo, res[i].size);
        hi = MAX(hi, res[i].size);
    }
    gp = gp_text(esc, lo, hi);
    r = tb_plot_put(dir, "mlffr.gp", gp, err) < 0 ||
        tb_plot_run(gnuplot, dir, "mlffr.gp", err) < 0 ? -1 : 0;

    g_free(gp);
    g_free(esc);
    return r;
}

/* A note on stderr for each of the @n @sizes above the largest frame
 * some NIC of the source's host @sc passes up to the stack (its MTU +
 * 18: Ethernet header and FCS): the scenario drops such frames, their
 * result is 0. */
static void note_oversize(const TbScenario *sc, const uint32_t *sizes,
                          int n)
{
    const TbNicCfg *small = NULL;

    for (uint32_t i = 0; i < sc->nnics; i++) {
        if (!small || sc->nic[i].mtu < small->mtu) {
            small = &sc->nic[i];
        }
    }
    for (int i = 0; small && i < n; i++) {
        if (sizes[i] > small->mtu + 18) {
            fprintf(stderr, "mlffr: note: %u bytes is above nic.%s.mtu %u "
                    "+ 18: the scenario drops such frames\n", sizes[i],
                    small->name, small->mtu);
        }
    }
}

/* The name shown: the scenario's [scenario] name, with the user's --set
 * overrides appended ("forward-970kpps-napi driver.mode=legacy"); notes
 * on stderr on the @n @sizes the source's host drops (note_oversize). */
static char *shown_name(TbMlffrCfg *c, const uint32_t *sizes, int n,
                        char **err)
{
    TbTopology t = {0};
    uint32_t h;
    char *s;

    if (tb_mlffr_check(c, err) < 0 ||
        tb_mlffr_load(c, sizes[0], 1, &t, &h, err) < 0) {
        tb_topology_clear(&t);
        return NULL;
    }
    note_oversize(&t.host[h], sizes, n);
    s = tb_cli_title(t.host[0].name, c->sets);
    tb_topology_clear(&t);
    return s;
}

/* The search, the table and the files.  The exit status, *err. */
static int mlffr_do(const MlffrOpts *o, const char *scenario,
                    const char *gnuplot, char **err)
{
    TbMlffrResult res[MAX_SIZES] = {0};
    uint32_t sizes[MAX_SIZES];
    TbMlffrCfg c = {scenario, o->sets, "", (uint64_t)o->trial_frames,
                    (uint64_t)llround(o->loss_pct * 1e4),
                    (uint64_t)llround(o->res_pct * 1e4), o->jobs, o->quiet};
    int n = parse_sizes(o->sizes, sizes, err);
    char *name = n > 0 ? shown_name(&c, sizes, n, err) : NULL, *csv = NULL;
    char *base = g_path_get_basename(scenario);
    char *dir = o->dir ? g_strdup(o->dir)
                       : g_strdup_printf("mlffr-%.*s", (int)(strlen(base) -
                                         (g_str_has_suffix(base, ".ini")
                                              ? 4 : 0)), base);
    int status = EXIT_BAD_INPUT;

    for (int i = 0; i < n; i++) {
        res[i].size = sizes[i];
    }
    if (name && g_mkdir_with_parents(dir, 0777) != 0) {
        *err = g_strdup_printf("%s: %s", dir, g_strerror(errno));
    } else if (name && tb_mlffr_search_all(&c, res, (guint)n, err) == 0 &&
               tb_plot_put(dir, "mlffr.csv", csv = csv_text(res, n),
                           err) == 0 &&
               (!gnuplot || plot(gnuplot, dir, name, res, n, err) == 0)) {
        print_table(stdout, name, o, res, n);
        status = fflush(stdout) == 0 ? 0 : EXIT_BAD_INPUT;
    }
    if (status != 0 && name) {
        remove_outputs(dir);
        g_rmdir(dir);          /* if this command made it: it is empty */
    }
    g_free(csv);
    g_free(name);
    g_free(base);
    g_free(dir);
    return status;
}

int tb_cmd_mlffr(int argc, char **argv)
{
    MlffrOpts o;
    GOptionContext *oc = g_option_context_new(
        "SCENARIO.ini - RFC 2544 throughput per frame size");
    char *err = NULL, *gnuplot = NULL;
    int status = EXIT_BAD_INPUT;

    mlffr_opts_init(&o);
    g_set_prgname("e1klab mlffr");
    g_option_context_add_main_entries(oc, o.entries, NULL);
    if (tb_cli_parse(oc, &argc, &argv, "mlffr: ", &err) == 0 &&
        tb_cli_one_scenario(argc, "mlffr", "mlffr: ", &err) == 0 &&
        mlffr_opts_check(&o, &err) == 0) {
        gnuplot = o.no_plot ? NULL : g_find_program_in_path("gnuplot");
        if (!o.no_plot && !gnuplot) {
            err = g_strdup("gnuplot not found (install gnuplot-nox, e.g. "
                           "scripts/install-deps.sh build; or use "
                           "--no-plot)");
        } else {
            status = mlffr_do(&o, argv[1], gnuplot, &err);
        }
    }
    if (err) {
        status = tb_cli_error("mlffr: ", &err, EXIT_BAD_INPUT);
    }
    g_option_context_free(oc);
    g_free(gnuplot);
    tb_cli_free_values(o.entries);
    return status;
}
