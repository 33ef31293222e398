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
    gint warmup_ms;            /* --warmup MS */
    char **sets;               /* --set */
    gboolean quiet;
    GOptionEntry entries[TB_CLI_MAX_OPTS];
} SpecwebOpts;

/* Not given on the command line (the [specweb] key then applies): a
 * value outside every flag's range, so a given -1 is still an error. */
#define UNSET G_MININT

static void specweb_opts_init(SpecwebOpts *o)
{
    const GOptionEntry e[] = {
        {"app-ns", 0, 0, G_OPTION_ARG_STRING, &o->app_ns,
         "The application's parse, open, stat and log work per GET, ns "
         "(no default: this or [specweb] app_parse ... app_log)", "P,O,S,L"},
        {"sendfile", 0, 0, G_OPTION_ARG_NONE, &o->sendfile,
         "Send the file by sendfile() ([specweb] sendfile; default send(), "
         "with its copy)", NULL},
        {"request-bytes", 0, 0, G_OPTION_ARG_INT, &o->request_bytes,
         "Bytes of a GET ([specweb] request_bytes, default 200)", "N"},
        {"header-bytes", 0, 0, G_OPTION_ARG_INT, &o->header_bytes,
         "Response header bytes before the file ([specweb] header_bytes, "
         "default 200)", "N"},
        {"max-conns", 0, 0, G_OPTION_ARG_INT, &o->max_conns,
         "Upper bound of the search, connections ([specweb] max_conns, "
         "default 4000)", "N"},
        {"resolution", 0, 0, G_OPTION_ARG_INT, &o->resolution,
         "Stop when the bounds are N connections apart ([specweb] "
         "resolution, default 10)", "N"},
        {"rampup", 0, 0, G_OPTION_ARG_INT, &o->rampup_ms,
         "Connect the connections one after another over MS ms "
         "([specweb] rampup; default 0: all at once)", "MS"},
        {"warmup", 0, 0, G_OPTION_ARG_INT, &o->warmup_ms,
         "Measure after MS ms of warm-up from the clients' start, the "
         "ramp-up included ([specweb] warmup; default 0: the whole run)",
         "MS"},
        TB_CLI_OPT_SET(&o->sets, "Override a scenario key in every trial "
                                 "(repeatable)"),
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet,
         "No line per trial: the result only", NULL},
        TB_CLI_OPT_END};

    G_STATIC_ASSERT(sizeof(e) <= sizeof(o->entries));
    memset(o, 0, sizeof(*o));
    o->request_bytes = o->header_bytes = o->max_conns = UNSET;
    o->resolution = o->rampup_ms = o->warmup_ms = UNSET;
    memcpy(o->entries, e, sizeof(e));
}

/* --app-ns P,O,S,L into @app. */
static int parse_app_ns(const char *text, TbSwAppCfg *app, char **err)
{
    uint64_t *f[] = { &app->parse_ns, &app->open_ns, &app->stat_ns,
                      &app->log_ns };
    char **v = g_strsplit(text, ",", -1);
    int ok = g_strv_length(v) == G_N_ELEMENTS(f);
    for (guint i = 0; ok && i < G_N_ELEMENTS(f); i++) {
        guint64 x;
        ok = g_ascii_string_to_unsigned(g_strstrip(v[i]), 10, 0,
                                        1000000000, &x, NULL);
        *f[i] = x;
    }
    g_strfreev(v);
    if (!ok) {
        *err = g_strdup_printf("--app-ns '%s': four figures in ns "
                               "(0..1e9), parse,open,stat,log", text);
        return -1;
    }
    return 0;
}

/* The application figures: --app-ns, else the [specweb] keys. */
static int app_cfg(const SpecwebOpts *o, const TbSpecwebSecCfg *w,
                   TbSwAppCfg *app, char **err)
{
    if (o->app_ns) {
        return parse_app_ns(o->app_ns, app, err);
    }
    if (!w->present) {
        *err = g_strdup("--app-ns: required (no default; docs/specweb.md), "
                        "or [specweb] app_parse, app_open, app_stat, "
                        "app_log in the scenario");
        return -1;
    }
    app->parse_ns = w->app_ns[0];
    app->open_ns = w->app_ns[1];
    app->stat_ns = w->app_ns[2];
    app->log_ns = w->app_ns[3];
    return 0;
}

/* The first flag of @o given (not UNSET) outside its range: its error;
 * NULL if none is. */
static char *flag_ranges(const SpecwebOpts *o)
{
    const struct { const char *flag; gint v, lo, hi; const char *unit; }
    f[] = {
        {"request-bytes", o->request_bytes, 1, 65536, ""},
        {"header-bytes", o->header_bytes, 0, 65536, ""},
        {"max-conns", o->max_conns, 1, (gint)SW_MAX_CONNS, ""},
        {"rampup", o->rampup_ms, 0, 60000, " ms"},
        {"warmup", o->warmup_ms, 0, 60000, " ms"},
        {"resolution", o->resolution, 1, (gint)SW_MAX_CONNS, ""},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(f); i++) {
        if (f[i].v != UNSET && (f[i].v < f[i].lo || f[i].v > f[i].hi)) {
            return g_strdup_printf("--%s %d: must be %d..%d%s", f[i].flag,
                                   f[i].v, f[i].lo, f[i].hi, f[i].unit);
        }
    }
    return NULL;
}

/* The flag's value if given, else the key's. */
static uint32_t pick(gint flag, uint32_t key)
{
    return flag == UNSET ? key : (uint32_t)flag;
}

static uint64_t pick_ms(gint flag, uint64_t key_ns)
{
    return flag == UNSET ? key_ns : (uint64_t)flag * 1000000u;
}

/* The search's settings: the [specweb] keys of the scenario @w (their
 * defaults without the section), each flag of @o given overriding its
 * key.  0 or -1 with *err. */
static int specweb_cfg(const SpecwebOpts *o, const TbSpecwebSecCfg *w,
                       TbSwSearchCfg *c, char **err)
{
    if (app_cfg(o, w, &c->app, err) < 0) {
        return -1;
    }
    *err = flag_ranges(o);
    c->app.sendfile = o->sendfile || w->sendfile;
    c->app.request_bytes = pick(o->request_bytes, w->request_bytes);
    c->app.header_bytes = pick(o->header_bytes, w->header_bytes);
    c->directories = SPECWEB_DIRS;
    c->rampup_ns = pick_ms(o->rampup_ms, w->rampup_ns);
    c->warmup_ns = pick_ms(o->warmup_ms, w->warmup_ns);
    c->max_conns = pick(o->max_conns, w->max_conns);
    c->resolution = pick(o->resolution, w->resolution);
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

/* The scenario's [specweb] keys (with --set) into *@w, its run.duration
 * into *@dur_ns. */
static int read_keys(const SpecwebOpts *o, const char *scenario,
                     TbSpecwebSecCfg *w, uint64_t *dur_ns, char **err)
{
    TbTopology *t = g_new0(TbTopology, 1);
    int r = tb_topology_load(scenario, (const char *const *)o->sets, t, err);
    *w = t->specweb;
    *dur_ns = r == 0 ? t->host[0].run.duration_ns : 0;
    tb_topology_clear(t);
    g_free(t);
    return r;
}

static int specweb_do(const SpecwebOpts *o, const char *scenario, char **err)
{
    TbSwSearchCfg c = { .scenario = scenario };
    TbSpecwebSecCfg w;
    uint64_t dur;
    uint32_t best;
    TbSwTrial bt;
    if (read_keys(o, scenario, &w, &dur, err) < 0 ||
        specweb_cfg(o, &w, &c, err) < 0) {
        return EXIT_BAD_INPUT;
    }
    if (dur && tb_sw_check_warmup(&c, dur, err) < 0) {
        return EXIT_BAD_INPUT;
    }
    if (!o->quiet) {
        printf("SPECweb99-like connection search on %s: the most "
               "simultaneous connections with >= 99 %% conforming "
               "(>= 320 kbit/s), bisecting 0..%u to %u", scenario,
               c.max_conns, c.resolution);
        if (c.warmup_ns) {
            printf(", measured after %" PRIu64 " ms of warm-up",
                   c.warmup_ns / 1000000u);
        }
        printf("\n");
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
