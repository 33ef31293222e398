/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab run` (run.h): parse the options into one RunOpts, check them,
 * load the scenario, then run it on the modelled host (below) or hand it
 * to the QEMU backend.  Results never depend on the wall clock.
 */
#include <inttypes.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

#include <glib.h>

#include "cli/cli_opts.h"
#include "cli/progress.h"
#include "cli/run.h"
#include "cli/run_net.h"
#include "qemu/backend_qemu.h"
#include "report/cli_out.h"
#include "report/pcap_out.h"
#include "report/report.h"
#include "scenario/scenario_load.h"
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
    gboolean profile;          /* --profile: the CPU profile (run_net.h) */
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
         "Several hosts: print each host's CPU profile after the report: "
         "cycles per netperf send() call and per segment by cost item and "
         "context (docs/tcp.md)", NULL},
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
    if (!isnan(o->timeout_s) && !qemu) {
        *err = g_strdup("run: --timeout: only for --backend qemu (the "
                        "testbench's run is bounded by its simulated "
                        "duration)");
        return -1;
    }
    return 0;
}

/* Every output path, before the run: writable, not a directory, not a
 * file the run reads (tb_out_check).  0 or -1 with *err. */
static int run_outs_check(const RunOpts *o, const TbScenario *sc,
                          char **err)
{
    const char *outs[] = {o->json_path, o->csv_path, o->pcap_path};
    const char *names[] = {"--json", "--csv", "--pcap-out"};
    char **in = tb_scenario_inputs(sc);
    int r = 0;

    for (int i = 0; i < 3 && r == 0; i++) {
        r = tb_out_check(outs[i], names[i], (const char *const *)in, err);
    }
    g_strfreev(in);
    return r;
}

/* The text report would mix with a JSON or CSV sent to stdout. */
static int want_text(const RunOpts *o)
{
    return !o->quiet && !(o->json_path && !strcmp(o->json_path, "-")) &&
           !(o->csv_path && !strcmp(o->csv_path, "-"));
}

/* ---- the testbench backend ---- */

/* One run on the modelled host: its output files and hooks. */
typedef struct RunCtx {
    TbOut json, csv, pcap_file;
    TbCsv *csv_writer;
    TbPcapOut *pcap;
    TbProgress bar;
    uint64_t expect_end_ns;    /* host ready + tb_scenario_expected_ns, 0 */
} RunCtx;

static void on_sample(void *ctx, const TbResults *r)
{
    RunCtx *rc = ctx;
    tb_csv_sample(rc->csv_writer, r);
}

static void on_tx(void *ctx, int nic, uint64_t t_ns, const uint8_t *frame,
                  uint32_t len)
{
    RunCtx *rc = ctx;
    (void)nic;
    tb_pcap_out_frame(rc->pcap, t_ns, frame, len);
}

static void on_progress(void *ctx, uint64_t now_ns, uint64_t end_ns)
{
    RunCtx *rc = ctx;
    uint64_t end = end_ns ? end_ns : rc->expect_end_ns;

    tb_progress_draw(&rc->bar, now_ns, end > now_ns ? end : now_ns);
}

static void print_kernel_log(const TbSim *sim)
{
    uint64_t timeouts = 0, linkup = 0;
    uint64_t n = tb_sim_log_count(sim, &timeouts, &linkup);
    uint32_t show = n < 10 ? (uint32_t)n : 10;

    if (n == 0) {
        return;
    }
    printf("Kernel log: %" PRIu64 " lines (%" PRIu64 " \"transmit timed "
           "out\", %" PRIu64 " \"Link is Up\"); the last %u:\n", n, timeouts,
           linkup, show);
    for (uint32_t i = show; i-- > 0;) {
        const char *l = tb_sim_log_line(sim, i);
        if (l) {
            printf("  %s\n", l);
        }
    }
    printf("\n");
}

/* One stderr line per source whose offer was above line rate. */
static void warn_capped(const TbScenario *sc, const TbResults *r)
{
    for (uint32_t i = 0; i < r->nsources && i < sc->nsources; i++) {
        char *l = tb_source_capped_line(sc, &sc->traffic[i], &r->source[i]);
        if (l[0]) {
            fprintf(stderr, "e1klab: %s\n", l);
        }
        g_free(l);
    }
}

/* Open the output files and hook the CSV sampler, the pcap writer and
 * the progress bar into @sim.  0 or -1 with *err. */
static int run_attach(TbSim *sim, const TbScenario *sc, const RunOpts *o,
                      RunCtx *rc, char **err)
{
    if (tb_out_open(&rc->json, o->json_path, err) < 0 ||
        tb_out_open(&rc->csv, o->csv_path, err) < 0 ||
        tb_out_open(&rc->pcap_file, o->pcap_path, err) < 0) {
        return -1;
    }
    if (rc->csv.path) {
        rc->csv_writer = tb_csv_new(sc, rc->csv.f);
        tb_sim_set_sampler(sim, on_sample, rc);
    }
    if (rc->pcap_file.path) {
        rc->pcap = tb_pcap_out_new(rc->pcap_file.f, err);
        rc->pcap_file.f = NULL;      /* owned by the pcap writer now */
        if (!rc->pcap) {
            return -1;
        }
        tb_sim_set_tx_hook(sim, on_tx, rc);
    }
    tb_progress_init(&rc->bar, o->quiet || o->trace, "s simulated", 1e9);
    if (rc->bar.on) {
        uint64_t span = tb_scenario_expected_ns(sc);
        rc->expect_end_ns = span ? tb_sim_results(sim)->init_ns + span : 0;
        tb_sim_set_progress(sim, on_progress, rc);
    }
    return 0;
}

/* Run @sim to its end, clear the progress bar and unhook the outputs:
 * frames sent while the sim is torn down are not part of the run. */
static int run_simulate(TbSim *sim, RunCtx *rc, char **err)
{
    if (tb_sim_run(sim, err) < 0) {
        return -1;
    }
    tb_progress_clear(&rc->bar);
    tb_sim_set_tx_hook(sim, NULL, NULL);
    tb_sim_set_sampler(sim, NULL, NULL);
    return 0;
}

/* Finish the capture, write the JSON report and rename every output into
 * place, all or none.  0 or -1 with *err. */
static int run_commit(const TbScenario *sc, const TbResults *res,
                      const RunOpts *o, RunCtx *rc, char **err)
{
    if (rc->pcap) {
        int pr = tb_pcap_out_close(rc->pcap);
        rc->pcap = NULL;
        if (pr < 0) {
            *err = g_strdup_printf("%s: write error", o->pcap_path);
            return -1;
        }
    }
    if (rc->csv_writer) {
        /* the part interval up to the end of the run, so that the drop
         * columns add up to the report's totals */
        tb_csv_sample(rc->csv_writer, res);
        tb_csv_finish(rc->csv_writer);
    }
    if (rc->json.path) {
        char *json = tb_report_json(sc, res);
        fputs(json, rc->json.f);
        g_free(json);
    }
    TbOut *const outs[] = {&rc->json, &rc->csv, &rc->pcap_file};
    return tb_out_commit_all(outs, 3, err);
}

/* Undo what a failed run left: the progress line, the hooks, the
 * temporary output files. */
static void run_cleanup(TbSim *sim, RunCtx *rc)
{
    tb_progress_clear(&rc->bar);
    if (sim) {
        tb_sim_set_tx_hook(sim, NULL, NULL);
        tb_sim_set_sampler(sim, NULL, NULL);
        tb_sim_set_progress(sim, NULL, NULL);
    }
    if (rc->pcap) {
        tb_pcap_out_close(rc->pcap);
    }
    tb_out_abort(&rc->json);
    tb_out_abort(&rc->csv);
    tb_out_abort(&rc->pcap_file);
    if (rc->csv_writer) {
        tb_csv_free(rc->csv_writer);
    }
}

/* Run @sc on the modelled host.  0, or EXIT_BAD_INPUT with *err. */
static int run_testbench(const TbScenario *sc, const RunOpts *o, char **err)
{
    RunCtx rc = {0};
    TbSim *sim = tb_sim_new_traced(sc, o->trace ? stderr : NULL, err);
    int status = EXIT_BAD_INPUT;

    if (sim && run_attach(sim, sc, o, &rc, err) == 0 &&
        run_simulate(sim, &rc, err) == 0 &&
        run_commit(sc, tb_sim_results(sim), o, &rc, err) == 0) {
        warn_capped(sc, tb_sim_results(sim));
        if (want_text(o)) {
            tb_report_text(stdout, sc, tb_sim_results(sim));
            print_kernel_log(sim);
        }
        if (fflush(stdout) != 0) {
            *err = g_strdup("stdout: write error");
        } else {
            status = 0;
        }
    }
    run_cleanup(sim, &rc);
    tb_sim_free(sim);
    return status;
}

/* ---- several hosts (run_net.h) ---- */

/* Run the scenario @path of several hosts with the options @o. */
static int run_net(const RunOpts *o, const char *path, char **err)
{
    TbRunNetArgs a = {
        .json_path = o->json_path, .csv_path = o->csv_path,
        .pcap_path = o->pcap_path, .backend = o->backend,
        .trace = o->trace, .text = want_text(o), .quiet = o->quiet,
        .profile = o->profile,
    };
    return tb_run_net(path, (const char *const *)o->sets, &a, err);
}

/* ---- the command ---- */

int tb_cmd_run(int argc, char **argv)
{
    RunOpts o;
    TbScenario *sc = g_new0(TbScenario, 1);
    char *err = NULL;
    int status = EXIT_BAD_INPUT;

    run_opts_init(&o);
    if (run_opts_parse(&o, &argc, &argv, &err) == 0 &&
        run_opts_check(&o, &err) == 0 && tb_run_is_multi(argv[1])) {
        status = run_net(&o, argv[1], &err);
    } else if (!err && o.profile) {
        err = g_strdup_printf("run: --profile: only for a scenario with "
                              "several hosts (%s has one)", argv[1]);
    } else if (!err &&
        tb_scenario_load(argv[1], (const char *const *)o.sets, sc,
                         &err) == 0 &&
        run_outs_check(&o, sc, &err) == 0) {
        if (o.backend && !strcmp(o.backend, "qemu")) {
            TbQemuRunArgs qa = {o.json_path, o.csv_path, o.pcap_path,
                                o.quiet, isnan(o.timeout_s)
                                             ? TB_QEMU_TIMEOUT_S
                                             : o.timeout_s};
            status = tb_qemu_cmd_run(sc, &qa, &err);
        } else {
            status = run_testbench(sc, &o, &err);
        }
    }
    if (err) {
        /* a QEMU run that failed keeps its status (1) */
        status = tb_cli_error("", &err, status ? status : EXIT_BAD_INPUT);
    }
    g_free(sc);
    tb_cli_free_values(o.entries);
    return status;
}
