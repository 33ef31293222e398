/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab run` (run.h): parse the options into one RunOpts, check them,
 * load the scenario (a network of one host or more), then run it on the
 * testbench (below) or hand its one host to the QEMU backend.  Results
 * never depend on the wall clock.
 */
#include <inttypes.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

#include <glib.h>

#include "cli/cli_opts.h"
#include "cli/progress.h"
#include "cli/run.h"
#include "cli/run_out.h"
#include "qemu/backend_qemu.h"
#include "report/cli_out.h"
#include "report/report.h"
#include "report/report_profile.h"
#include "scenario/scenario_load.h"
#include "scenario/topology.h"
#include "sim/sim.h"

#define EXIT_BAD_INPUT 2

/* ---- options ---- */

/* Every option of `e1klab run`: one field each, filled by GOption through
 * the table @entries.  A new option is a field here, a row in
 * run_opts_init() and, if its value needs checking, a test in
 * run_opts_check(). */
typedef struct RunOpts {
    char **sets;               /* --set SECTION.KEY=VALUE, NULL-terminated */
    char *json_path;           /* --json FILE or "-" */
    char *csv_path;            /* --csv FILE or "-" */
    char *pcap_path;           /* --pcap-out FILE */
    gboolean quiet;            /* --quiet */
    gboolean trace;            /* --trace: model trace events to stderr */
    gboolean profile;          /* --profile: the CPU profile
                                  (report/report_profile.h) */
    char *backend;             /* --backend testbench|qemu (NULL: testbench) */
    gdouble timeout_s;         /* --timeout: qemu wall-clock limit, s;
                                  NAN: not given (qemu: TB_QEMU_TIMEOUT_S) */
    GOptionEntry entries[TB_CLI_MAX_OPTS];
} RunOpts;

/* The defaults and the option table of *o. */
static void run_opts_init(RunOpts *o)
{
    const GOptionEntry e[] = {
        TB_CLI_OPT_SET(&o->sets, "Override a scenario key (repeatable)"),
        TB_CLI_OPT_FILE("json", &o->json_path,
                        "Write the JSON report to FILE ('-' for stdout)"),
        TB_CLI_OPT_FILE("csv", &o->csv_path,
                        "Write the CSV time series to FILE ('-' for "
                        "stdout)"),
        TB_CLI_OPT_FILE("pcap-out", &o->pcap_path,
                        "Write every transmitted frame to the pcap FILE"),
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet,
         "No progress bar and no text report (the text report is also "
         "left out when --json or --csv is '-')", NULL},
        {"trace", 0, 0, G_OPTION_ARG_NONE, &o->trace,
         "Print the device model's trace events (guest programming "
         "errors, resets, link changes, RX overruns, ITR intervals) to "
         "stderr, one kernel-log style line each", NULL},
        {"profile", 0, 0, G_OPTION_ARG_NONE, &o->profile,
         "Print each host's CPU profile after the report (also with "
         "--quiet): its CPU time by cost item and context, per netperf "
         "send() call and per segment with a [netperf] test "
         "(docs/tcp.md)", NULL},
        {"backend", 'b', 0, G_OPTION_ARG_STRING, &o->backend,
         "testbench (default: the modelled host) or qemu (the Linux guest "
         "in QEMU; no --csv)", "NAME"},
        {"timeout", 0, 0, G_OPTION_ARG_DOUBLE, &o->timeout_s,
         "qemu: wall-clock limit of the QEMU run (default 900)", "S"},
        TB_CLI_OPT_END};

    G_STATIC_ASSERT(sizeof(e) <= sizeof(o->entries));
    memset(o, 0, sizeof(*o));
    o->timeout_s = NAN;
    memcpy(o->entries, e, sizeof(e));
}

/* Parse @argv into *o and leave the scenario in (*argv)[1].  0 or -1. */
static int run_opts_parse(RunOpts *o, int *argc, char ***argv, char **err)
{
    GOptionContext *oc = g_option_context_new("SCENARIO.ini - run a "
                                              "scenario");
    int r;

    g_set_prgname("e1klab run");
    g_option_context_add_main_entries(oc, o->entries, NULL);
    r = tb_cli_parse(oc, argc, argv, "run: ", err);
    g_option_context_free(oc);
    if (r < 0) {
        return -1;
    }
    return tb_cli_one_scenario(*argc, "run", "run: ", err);
}

/* Values no scenario is needed to reject.  0 or -1 with *err. */
static int run_opts_check(const RunOpts *o, char **err)
{
    const char *outs[] = {o->json_path, o->csv_path, o->pcap_path};
    const char *names[] = {"--json", "--csv", "--pcap-out"};

    if (o->pcap_path && strcmp(o->pcap_path, "-") == 0) {
        *err = g_strdup("run: --pcap-out needs a file name");
        return -1;
    }
    if (tb_out_conflict(outs, names, 3, err)) {
        return -1;
    }
    if (o->trace && o->backend && !strcmp(o->backend, "qemu")) {
        *err = g_strdup("run: --trace: not available with --backend qemu "
                        "(QEMU's own -trace 'e1klab_*' shows the device's "
                        "events, docs/full-system.md)");
        return -1;
    }
    if (o->backend && strcmp(o->backend, "testbench") &&
        strcmp(o->backend, "qemu")) {
        *err = g_strdup_printf("run: --backend '%s' (testbench or qemu)",
                               o->backend);
        return -1;
    }
    bool qemu = o->backend && !strcmp(o->backend, "qemu");
    if (o->profile && qemu) {
        *err = g_strdup("run: --profile: not available with --backend "
                        "qemu (the profile is the modelled CPU's)");
        return -1;
    }
    if (o->profile && ((o->json_path && !strcmp(o->json_path, "-")) ||
                       (o->csv_path && !strcmp(o->csv_path, "-")))) {
        *err = g_strdup_printf("run: --profile prints on stdout: give %s "
                               "a file name", o->json_path &&
                               !strcmp(o->json_path, "-") ? "--json"
                                                          : "--csv");
        return -1;
    }
    if (!isnan(o->timeout_s) && !qemu) {
        *err = g_strdup("run: --timeout: only for --backend qemu (the "
                        "testbench's run is bounded by its simulated "
                        "duration)");
        return -1;
    }
    return 0;
}

/* The text report would mix with a JSON or CSV sent to stdout. */
static int want_text(const RunOpts *o)
{
    return !o->quiet && !(o->json_path && !strcmp(o->json_path, "-")) &&
           !(o->csv_path && !strcmp(o->csv_path, "-"));
}

/* ---- the testbench backend ---- */

/* One run on the testbench: its outputs and the progress bar. */
typedef struct RunCtx {
    TbRunOuts outs;
    TbProgress bar;
    uint64_t expect_end_ns;    /* host ready + the longest expected span
                                  of a host, 0: unknown */
} RunCtx;

static void on_progress(void *ctx, uint64_t now_ns, uint64_t end_ns)
{
    RunCtx *rc = ctx;
    uint64_t end = end_ns ? end_ns : rc->expect_end_ns;

    tb_progress_draw(&rc->bar, now_ns, end > now_ns ? end : now_ns);
}

/* One stderr line per source whose offer was above line rate. */
static void warn_capped(const TbTopology *t, const TbSim *sim)
{
    for (uint32_t h = 0; h < t->nhosts; h++) {
        const TbScenario *sc = &t->host[h];
        const TbResults *r = tb_sim_results(sim, h);
        for (uint32_t i = 0; i < r->nsources && i < sc->nsources; i++) {
            char *l = tb_source_capped_line(sc, &sc->traffic[i],
                                            &r->source[i]);
            if (l[0]) {
                fprintf(stderr, "e1klab: %s\n", l);
            }
            g_free(l);
        }
    }
}

/* The progress bar over the simulated time of @t (the bring-up counts as
 * done): up to the run's end, or, before it is known, host ready plus
 * the longest expected span of a host. */
static void run_bar(TbSim *sim, const TbTopology *t, const RunOpts *o,
                    RunCtx *rc)
{
    tb_progress_init(&rc->bar, o->quiet || o->trace, "s simulated", 1e9);
    if (rc->bar.on) {
        uint64_t span = 0;
        for (uint32_t h = 0; h < t->nhosts; h++) {
            uint64_t s = tb_scenario_expected_ns(&t->host[h]);
            span = s > span ? s : span;
        }
        rc->expect_end_ns = span ? tb_sim_results(sim, 0)->init_ns + span
                                 : 0;
        tb_sim_set_progress(sim, on_progress, rc);
    }
}

/* Run @sim to its end, clear the progress bar, finish the outputs and
 * write the JSON report; commit every output.  0 or -1 with *err. */
static int run_simulate(TbSim *sim, const TbTopology *t, RunCtx *rc,
                        char **err)
{
    TbRunReport rr;

    if (tb_sim_run(sim, err) < 0) {
        return -1;
    }
    tb_progress_clear(&rc->bar);
    tb_sim_set_progress(sim, NULL, NULL);
    if (tb_run_outs_finish(&rc->outs, sim, err) < 0) {
        return -1;
    }
    if (rc->outs.json.path) {
        tb_run_report_init(&rr, sim);
        char *json = tb_report_run_json(&rr);
        fputs(json, rc->outs.json.f);
        g_free(json);
        tb_run_report_clear(&rr);
    }
    return tb_run_outs_commit(&rc->outs, t, err);
}

/* The text report on stdout, unless left out; then with --profile the
 * CPU profile. */
static int run_text(const TbSim *sim, const RunOpts *o, char **err)
{
    TbRunReport rr;

    tb_run_report_init(&rr, sim);
    if (want_text(o)) {
        tb_report_run_text(stdout, &rr);
    }
    if (o->profile) {
        tb_report_profile_text(stdout, &rr);
    }
    tb_run_report_clear(&rr);
    if (fflush(stdout) != 0) {
        *err = g_strdup("stdout: write error");
        return -1;
    }
    return 0;
}

/* Run @t on the testbench.  0, or EXIT_BAD_INPUT with *err. */
static int run_testbench(const TbTopology *t, const RunOpts *o, char **err)
{
    RunCtx rc = {0};
    TbRunOutArgs a = {o->json_path, o->csv_path, o->pcap_path};
    TbSim *sim = NULL;
    int status = EXIT_BAD_INPUT;

    if (tb_run_outs_check(t, &a, err) == 0
        && (sim = tb_sim_new_traced(t, o->trace ? stderr : NULL, err))
        && tb_run_outs_open(&rc.outs, sim, &a, err) == 0) {
        if (o->profile) {
            tb_sim_profile_start(sim);
        }
        run_bar(sim, t, o, &rc);
        if (run_simulate(sim, t, &rc, err) == 0) {
            warn_capped(t, sim);
            status = run_text(sim, o, err) == 0 ? 0 : EXIT_BAD_INPUT;
        }
    }
    tb_progress_clear(&rc.bar);
    if (sim) {
        tb_sim_set_progress(sim, NULL, NULL);
        tb_run_outs_abort(&rc.outs, sim);
    }
    tb_sim_free(sim);
    return status;
}

/* ---- the QEMU backend ---- */

/* Run @t in a QEMU guest: a file of one unnamed host, whose outputs are
 * checked against the files it reads.  The exit status, *err. */
static int run_qemu(const TbTopology *t, const char *path, const RunOpts *o,
                    char **err)
{
    const char *outs[] = {o->json_path, o->csv_path, o->pcap_path};
    const char *names[] = {"--json", "--csv", "--pcap-out"};
    char **in;
    int r = 0;

    if (t->host_name[0][0]) {
        *err = g_strdup_printf("run: --backend qemu: the guest is the one "
                               "host of a file without [host.NAME] "
                               "sections; %s has %u named host%s (use "
                               "--backend testbench)", path, t->nhosts,
                               t->nhosts == 1 ? "" : "s");
        return EXIT_BAD_INPUT;
    }
    in = tb_scenario_inputs(&t->host[0]);
    for (int i = 0; i < 3 && r == 0; i++) {
        r = tb_out_check(outs[i], names[i], (const char *const *)in, err);
    }
    g_strfreev(in);
    if (r < 0) {
        return EXIT_BAD_INPUT;
    }
    TbQemuRunArgs qa = {o->json_path, o->csv_path, o->pcap_path, o->quiet,
                        isnan(o->timeout_s) ? TB_QEMU_TIMEOUT_S
                                            : o->timeout_s};
    return tb_qemu_cmd_run(&t->host[0], &qa, err);
}

/* ---- the command ---- */

int tb_cmd_run(int argc, char **argv)
{
    RunOpts o;
    TbTopology t = {0};
    char *err = NULL;
    int status = EXIT_BAD_INPUT;

    run_opts_init(&o);
    if (run_opts_parse(&o, &argc, &argv, &err) == 0 &&
        run_opts_check(&o, &err) == 0 &&
        tb_topology_load(argv[1], (const char *const *)o.sets, &t,
                         &err) == 0) {
        status = o.backend && !strcmp(o.backend, "qemu")
                     ? run_qemu(&t, argv[1], &o, &err)
                     : run_testbench(&t, &o, &err);
    }
    if (err) {
        /* a QEMU run that failed keeps its status (1) */
        status = tb_cli_error("", &err, status ? status : EXIT_BAD_INPUT);
    }
    tb_topology_clear(&t);
    tb_cli_free_values(o.entries);
    return status;
}
