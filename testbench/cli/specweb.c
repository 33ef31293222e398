/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab specweb` (specweb.h): options, a line per trial, the result.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "cli/cli_opts.h"
#include "cli/specweb.h"
#include "web/specweb_search.h"

#define EXIT_BAD_INPUT 2
/** The file set's directories: a response's size does not depend on
 *  its directory (no page cache is modelled), so their number only
 *  shapes the generator's draws (docs/specweb.md). */
#define SPECWEB_DIRS 10u

/* Every option of `e1klab specweb`, filled by GOption. */
typedef struct SpecwebOpts {
    char *app_ns;              /* --app-ns P,O,S,L */
    gboolean sendfile;         /* --sendfile */
    gint request_bytes;        /* --request-bytes N */
    gint header_bytes;         /* --header-bytes N */
    gint max_conns;            /* --max-conns N */
    gint resolution;           /* --resolution N */
    gint rampup_ms;            /* --rampup MS */
    char **sets;               /* --set */
    gboolean quiet;
    GOptionEntry entries[TB_CLI_MAX_OPTS];
} SpecwebOpts;

static void specweb_opts_init(SpecwebOpts *o)
{
    const GOptionEntry e[] = {
        {"app-ns", 0, 0, G_OPTION_ARG_STRING, &o->app_ns,
         "The application's parse, open, stat and log work per GET, ns "
         "(required: no default)", "P,O,S,L"},
        {"sendfile", 0, 0, G_OPTION_ARG_NONE, &o->sendfile,
         "Send the file by sendfile() (default send(), with its copy)",
         NULL},
        {"request-bytes", 0, 0, G_OPTION_ARG_INT, &o->request_bytes,
         "Bytes of a GET (default 200)", "N"},
        {"header-bytes", 0, 0, G_OPTION_ARG_INT, &o->header_bytes,
         "Response header bytes before the file (default 200)", "N"},
        {"max-conns", 0, 0, G_OPTION_ARG_INT, &o->max_conns,
         "Upper bound of the search, connections (default 4000)", "N"},
        {"resolution", 0, 0, G_OPTION_ARG_INT, &o->resolution,
         "Stop when the bounds are N connections apart (default 10)",
         "N"},
        {"rampup", 0, 0, G_OPTION_ARG_INT, &o->rampup_ms,
         "Connect the connections one after another over MS ms "
         "(default 0: all at once)", "MS"},
        TB_CLI_OPT_SET(&o->sets, "Override a scenario key in every trial "
                                 "(repeatable)"),
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet,
         "No line per trial: the result only", NULL},
        TB_CLI_OPT_END};

    G_STATIC_ASSERT(sizeof(e) <= sizeof(o->entries));
    memset(o, 0, sizeof(*o));
    o->request_bytes = 200;
    o->header_bytes = 200;
    o->max_conns = 4000;
    o->resolution = 10;
    memcpy(o->entries, e, sizeof(e));
}

/* --app-ns into @app: four figures, each 0..1e9 ns.  0 or -1, *err. */
static int parse_app_ns(const char *text, TbSwAppCfg *app, char **err)
{
    uint64_t *f[] = { &app->parse_ns, &app->open_ns, &app->stat_ns,
                      &app->log_ns };
    char **v = text ? g_strsplit(text, ",", -1) : NULL;
    int ok = v && g_strv_length(v) == G_N_ELEMENTS(f);
    for (guint i = 0; ok && i < G_N_ELEMENTS(f); i++) {
        guint64 x;
        ok = g_ascii_string_to_unsigned(g_strstrip(v[i]), 10, 0,
                                        1000000000, &x, NULL);
        *f[i] = x;
    }
    g_strfreev(v);
    if (!ok) {
        *err = g_strdup_printf(text ? "--app-ns '%s': four figures in ns "
                               "(0..1e9), parse,open,stat,log"
                               : "--app-ns%s: required (no default; "
                               "docs/specweb.md)", text ? text : "");
        return -1;
    }
    return 0;
}

/* The search's settings from @o.  0 or -1 with *err. */
static int specweb_cfg(const SpecwebOpts *o, TbSwSearchCfg *c, char **err)
{
    if (parse_app_ns(o->app_ns, &c->app, err) < 0) {
        return -1;
    }
    if (o->request_bytes < 1 || o->request_bytes > 65536) {
        *err = g_strdup_printf("--request-bytes %d: must be 1..65536",
                               o->request_bytes);
    } else if (o->header_bytes < 0 || o->header_bytes > 65536) {
        *err = g_strdup_printf("--header-bytes %d: must be 0..65536",
                               o->header_bytes);
    } else if (o->max_conns < 1 || (guint)o->max_conns > SW_MAX_CONNS) {
        *err = g_strdup_printf("--max-conns %d: must be 1..%u",
                               o->max_conns, SW_MAX_CONNS);
    } else if (o->rampup_ms < 0 || o->rampup_ms > 60000) {
        *err = g_strdup_printf("--rampup %d: must be 0..60000 ms",
                               o->rampup_ms);
    } else if (o->resolution < 1) {
        *err = g_strdup_printf("--resolution %d: must be at least 1",
                               o->resolution);
    }
    c->app.sendfile = o->sendfile;
    c->app.request_bytes = (uint32_t)o->request_bytes;
    c->app.header_bytes = (uint32_t)o->header_bytes;
    c->directories = SPECWEB_DIRS;
    c->rampup_ns = (uint64_t)o->rampup_ms * 1000000u;
    c->max_conns = (uint32_t)o->max_conns;
    c->resolution = (uint32_t)o->resolution;
    c->sets = (const char *const *)o->sets;
    return *err ? -1 : 0;
}

/* @part of @all as a percentage with one decimal. */
static double pct(uint64_t part, uint64_t all)
{
    return all ? 100.0 * (double)part / (double)all : 0.0;
}

/* One trial's line on stdout. */
static void print_trial(void *ctx, const TbSwTrial *t)
{
    (void)ctx;
    const TbCpuTime *u = &t->cpu;
    uint64_t all = u->hardirq + u->softirq + u->process + u->idle;
    printf("%6u conns: %6u conform (%5.1f %%) %s |", t->conns,
           t->res.conforming, pct(t->res.conforming, t->conns),
           t->pass ? "pass" : "FAIL");
    for (uint32_t p = 0; p < t->nports; p++) {
        printf(" %s %u/%u %" PRIu64 " req", t->port_name[p],
               t->res.port_conforming[p], t->res.port_conns[p],
               t->res.port_requests[p]);
    }
    printf(" | server hardirq %.1f softirq %.1f process %.1f idle %.1f %%\n",
           pct(u->hardirq, all), pct(u->softirq, all), pct(u->process, all),
           pct(u->idle, all));
    fflush(stdout);
}

static int specweb_do(const SpecwebOpts *o, const char *scenario, char **err)
{
    TbSwSearchCfg c = { .scenario = scenario };
    uint32_t best;
    TbSwTrial bt;
    if (specweb_cfg(o, &c, err) < 0) {
        return EXIT_BAD_INPUT;
    }
    if (!o->quiet) {
        printf("SPECweb99-like connection search on %s: the most "
               "simultaneous connections with >= 99 %% conforming "
               "(>= 320 kbit/s), bisecting 0..%d to %d\n", scenario,
               o->max_conns, o->resolution);
    }
    if (tb_sw_search(&c, o->quiet ? NULL : print_trial, NULL, &best, &bt,
                     err) < 0) {
        return EXIT_BAD_INPUT;
    }
    printf("specweb: %u simultaneous connections conform (%u of %u, "
           "%.1f %%)%s\n", best, bt.res.conforming, bt.conns,
           pct(bt.res.conforming, bt.conns),
           best == c.max_conns ? "; the bound itself passed (raise "
                                 "--max-conns)" : "");
    return 0;
}

int tb_cmd_specweb(int argc, char **argv)
{
    SpecwebOpts o;
    GOptionContext *oc = g_option_context_new(
        "SCENARIO.ini - the most connections with >= 99 % conforming");
    char *err = NULL;
    int status = EXIT_BAD_INPUT;

    specweb_opts_init(&o);
    g_set_prgname("e1klab specweb");
    g_option_context_add_main_entries(oc, o.entries, NULL);
    if (tb_cli_parse(oc, &argc, &argv, "specweb: ", &err) == 0 &&
        tb_cli_one_scenario(argc, "specweb", "specweb: ", &err) == 0) {
        status = specweb_do(&o, argv[1], &err);
    }
    if (err) {
        /* the run's own messages (specweb_run.c) carry the prefix */
        status = tb_cli_error(g_str_has_prefix(err, "specweb: ") ? ""
                              : "specweb: ", &err, EXIT_BAD_INPUT);
    }
    g_option_context_free(oc);
    tb_cli_free_values(o.entries);
    return status;
}
