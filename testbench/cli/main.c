/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab: the command-line front end of the testbench.
 *
 *   e1klab run SCENARIO.ini [--set section.key=value ...] [--json FILE]
 *              [--csv FILE] [--pcap-out FILE] [--quiet]
 *              [--backend testbench|qemu] [--timeout S]
 *   e1klab sweep ... / e1klab check ...   (sweep.h, check.h)
 *   e1klab bench [SCENARIO.ini] [--frames N]
 *   e1klab help [COMMAND]
 *   e1klab --version
 *
 * Exit status: 0 success, 2 bad input (scenario, capture, command line,
 * output file).  Every error is one line on stderr; output files are
 * written under temporary names and renamed only when the run succeeded.
 * Results never depend on the wall clock: only `bench` reads it, to print
 * its speed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib.h>

#include "qemu/backend_qemu.h"
#include "cli/check.h"
#include "report/cli_out.h"
#include "report/pcap_out.h"
#include "report/report.h"
#include "scenario/scenario_load.h"
#include "sim/sim.h"
#include "cli/sweep.h"

#ifndef E1KLAB_VERSION
#define E1KLAB_VERSION "unknown"
#endif
#ifndef E1KLAB_SCENARIO_DIR
#define E1KLAB_SCENARIO_DIR "testbench/scenarios"
#endif

#define EXIT_BAD_INPUT 2

static const char usage_text[] =
    "Usage: e1klab COMMAND [ARGS]\n"
    "\n"
    "Commands:\n"
    "  run SCENARIO.ini [--set section.key=value ...] [--json FILE]\n"
    "      [--csv FILE] [--pcap-out FILE] [--quiet]\n"
    "      [--backend testbench|qemu] [--timeout S]\n"
    "                     run a scenario and print its report (qemu: in\n"
    "                     the Linux guest, docs/full-system.md)\n"
    "  bench [SCENARIO.ini] [--frames N]\n"
    "                     print offered frames per wall-second and the\n"
    "                     simulated-to-wall time ratio (default scenario:\n"
    "                     forward-10M-irqoff.ini)\n"
    "  sweep SCENARIO.ini --param KEY=LIST|START:STOP:STEP ... [--jobs N]\n"
    "      [--out DIR] [--set ...] [--emit-jobs] [--no-plot]\n"
    "                     run a parameter grid; CSV and gnuplot charts\n"
    "  check SCENARIO.ini EXPECT.ini [--junit FILE] [--set ...]\n"
    "                     run and compare report fields with expectations\n"
    "                     (exit 1 if one fails; docs/sweep-and-check.md)\n"
    "  help [COMMAND]     this text, or a command's options\n"
    "  --version          print the version\n"
    "\n"
    "Scenario keys: docs/scenarios.md; report fields: docs/report-schema.md.\n"
    "Exit status: 0 success, 1 a check failed, 2 bad input.\n";

static int bad(const char *msg)
{
    fprintf(stderr, "e1klab: %s\n", msg);
    return EXIT_BAD_INPUT;
}

/* ---- run ---- */

typedef struct RunCtx {
    TbCsv *csv;
    TbPcapOut *pcap;
    int progress_pct;          /* last percentage drawn, -1 none */
    int progress_drawn;
} RunCtx;

static void on_sample(void *ctx, const TbResults *r)
{
    RunCtx *rc = ctx;
    tb_csv_sample(rc->csv, r);
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
    int pct = end_ns ? (int)(now_ns >= end_ns ? 100
                             : (now_ns * 100) / end_ns) : -1;
    char bar[41];

    if (pct == rc->progress_pct && end_ns) {
        return;
    }
    rc->progress_pct = pct;
    if (pct >= 0) {
        int fill = pct * 40 / 100;
        memset(bar, '#', (size_t)fill);
        memset(bar + fill, '.', (size_t)(40 - fill));
        bar[40] = 0;
        fprintf(stderr, "\r[%s] %3d%%  %" PRIu64 ".%03" PRIu64 " s simulated",
                bar, pct, now_ns / 1000000000u,
                (now_ns / 1000000u) % 1000u);
    } else {
        fprintf(stderr, "\r%" PRIu64 ".%03" PRIu64 " s simulated",
                now_ns / 1000000000u, (now_ns / 1000000u) % 1000u);
    }
    rc->progress_drawn = 1;
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

static int cmd_run(int argc, char **argv)
{
    char **sets = NULL;
    char *json_path = NULL, *csv_path = NULL, *pcap_path = NULL;
    gboolean quiet = FALSE;
    char *backend = NULL;
    gdouble timeout_s = TB_QEMU_TIMEOUT_S;
    GOptionEntry entries[] = {
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "Override a scenario key (repeatable)", "SECTION.KEY=VALUE"},
        {"json", 0, 0, G_OPTION_ARG_FILENAME, &json_path,
         "Write the JSON report to FILE ('-' for stdout)", "FILE"},
        {"csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path,
         "Write the CSV time series to FILE ('-' for stdout)", "FILE"},
        {"pcap-out", 0, 0, G_OPTION_ARG_FILENAME, &pcap_path,
         "Write every transmitted frame to the pcap FILE", "FILE"},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet,
         "No progress bar and no text report (the text report is also "
         "left out when --json or --csv is '-')", NULL},
        {"backend", 'b', 0, G_OPTION_ARG_STRING, &backend,
         "testbench (default: the modelled host) or qemu (the Linux guest "
         "in QEMU; no --csv)", "NAME"},
        {"timeout", 0, 0, G_OPTION_ARG_DOUBLE, &timeout_s,
         "qemu: wall-clock limit of the QEMU run (default 900)", "S"},
        {NULL, 0, 0, 0, NULL, NULL, NULL}};
    GOptionContext *oc = g_option_context_new("SCENARIO.ini - run a scenario");
    GError *ge = NULL;
    TbScenario *sc = g_new0(TbScenario, 1);
    TbOut out_json, out_csv, out_pcap;
    RunCtx rc = {.progress_pct = -2};
    TbSim *sim = NULL;
    char *err = NULL, *json = NULL;
    int status = EXIT_BAD_INPUT;
    int opened = 0;

    g_set_prgname("e1klab run");
    memset(&out_json, 0, sizeof(out_json));
    memset(&out_csv, 0, sizeof(out_csv));
    memset(&out_pcap, 0, sizeof(out_pcap));
    g_option_context_add_main_entries(oc, entries, NULL);
    if (!g_option_context_parse(oc, &argc, &argv, &ge)) {
        err = g_strdup_printf("run: %s", ge->message);
        g_error_free(ge);
        goto out;
    }
    if (argc != 2) {
        err = g_strdup(argc < 2 ? "run: missing SCENARIO.ini (see e1klab "
                                  "help run)"
                                : "run: more than one scenario given");
        goto out;
    }
    if (pcap_path && strcmp(pcap_path, "-") == 0) {
        err = g_strdup("run: --pcap-out needs a file name");
        goto out;
    }
    {
        const char *outs[] = {json_path, csv_path, pcap_path};
        const char *names[] = {"--json", "--csv", "--pcap-out"};
        if (tb_out_conflict(outs, names, 3, &err)) {
            goto out;
        }
    }
    if (backend && strcmp(backend, "testbench") && strcmp(backend, "qemu")) {
        err = g_strdup_printf("run: --backend '%s' (testbench or qemu)",
                              backend);
        goto out;
    }
    if (tb_scenario_load(argv[1], (const char *const *)sets, sc, &err) < 0) {
        goto out;
    }
    if (backend && !strcmp(backend, "qemu")) {
        TbQemuRunArgs qa = {json_path, csv_path, pcap_path, quiet,
                            timeout_s};
        status = tb_qemu_cmd_run(sc, &qa, &err);
        goto out;
    }
    sim = tb_sim_new(sc, &err);
    if (!sim) {
        goto out;
    }
    opened = 1;
    if (tb_out_open(&out_json, json_path, &err) < 0 ||
        tb_out_open(&out_csv, csv_path, &err) < 0 ||
        tb_out_open(&out_pcap, pcap_path, &err) < 0) {
        goto out;
    }
    if (out_csv.path) {
        rc.csv = tb_csv_new(sc, out_csv.f);
        tb_sim_set_sampler(sim, on_sample, &rc);
    }
    if (out_pcap.path) {
        rc.pcap = tb_pcap_out_new(out_pcap.f, &err);
        out_pcap.f = NULL;           /* owned by the pcap writer now */
        if (!rc.pcap) {
            goto out;
        }
        tb_sim_set_tx_hook(sim, on_tx, &rc);
    }
    if (!quiet && isatty(STDERR_FILENO)) {
        tb_sim_set_progress(sim, on_progress, &rc);
    }
    if (tb_sim_run(sim, &err) < 0) {
        goto out;
    }
    if (rc.progress_drawn) {
        fprintf(stderr, "\r%60s\r", "");
    }
    rc.progress_drawn = 0;
    const TbResults *res = tb_sim_results(sim);
    /* frames sent while the sim is torn down are not part of the run */
    tb_sim_set_tx_hook(sim, NULL, NULL);
    tb_sim_set_sampler(sim, NULL, NULL);
    if (rc.pcap) {
        int pr = tb_pcap_out_close(rc.pcap);
        rc.pcap = NULL;
        if (pr < 0) {
            err = g_strdup_printf("%s: write error", pcap_path);
            goto out;
        }
    }
    if (out_json.path) {
        json = tb_report_json(sc, res);
        fputs(json, out_json.f);
    }
    if (tb_out_commit(&out_json, &err) < 0 ||
        tb_out_commit(&out_csv, &err) < 0 ||
        tb_out_commit(&out_pcap, &err) < 0) {
        goto out;
    }
    /* the text report would mix with a JSON or CSV sent to stdout */
    if (!quiet && !(json_path && !strcmp(json_path, "-")) &&
        !(csv_path && !strcmp(csv_path, "-"))) {
        tb_report_text(stdout, sc, res);
        print_kernel_log(sim);
    }
    if (fflush(stdout) != 0) {
        err = g_strdup("stdout: write error");
        goto out;
    }
    status = 0;

out:
    if (rc.progress_drawn) {
        fprintf(stderr, "\n");
    }
    if (sim) {
        tb_sim_set_tx_hook(sim, NULL, NULL);
        tb_sim_set_sampler(sim, NULL, NULL);
        tb_sim_set_progress(sim, NULL, NULL);
    }
    if (rc.pcap) {
        tb_pcap_out_close(rc.pcap);
    }
    if (opened || out_json.path || out_csv.path || out_pcap.path) {
        tb_out_abort(&out_json);
        tb_out_abort(&out_csv);
        tb_out_abort(&out_pcap);
    }
    if (rc.csv) {
        tb_csv_free(rc.csv);
    }
    if (err) {
        bad(err);
        if (status == 0) {
            status = EXIT_BAD_INPUT;
        }
    }
    g_free(err);
    g_free(json);
    g_free(backend);
    tb_sim_free(sim);
    g_free(sc);
    g_strfreev(sets);
    g_free(json_path);
    g_free(csv_path);
    g_free(pcap_path);
    g_option_context_free(oc);
    return status;
}

/* ---- bench ---- */

static int cmd_bench(int argc, char **argv)
{
    gint64 frames = 0;
    GOptionEntry entries[] = {
        {"frames", 'n', 0, G_OPTION_ARG_INT64, &frames,
         "Offer N frames (overrides the scenario's count)", "N"},
        {NULL, 0, 0, 0, NULL, NULL, NULL}};
    GOptionContext *oc = g_option_context_new(
        "[SCENARIO.ini] - measure the simulator's speed");
    GError *ge = NULL;
    TbScenario *sc = g_new0(TbScenario, 1);
    TbSim *sim = NULL;
    char *err = NULL, *path;
    int status = EXIT_BAD_INPUT;
    gint64 t0, t1;
    struct rusage ru;

    g_set_prgname("e1klab bench");
    g_option_context_add_main_entries(oc, entries, NULL);
    if (!g_option_context_parse(oc, &argc, &argv, &ge)) {
        err = g_strdup_printf("bench: %s", ge->message);
        g_error_free(ge);
        goto out;
    }
    if (argc > 2) {
        err = g_strdup("bench: more than one scenario given");
        goto out;
    }
    if (frames < 0) {
        err = g_strdup("bench: --frames must be positive");
        goto out;
    }
    path = argc == 2 ? g_strdup(argv[1])
                     : g_build_filename(E1KLAB_SCENARIO_DIR,
                                        "forward-10M-irqoff.ini", NULL);
    if (tb_scenario_load(path, NULL, sc, &err) < 0) {
        g_free(path);
        goto out;
    }
    g_free(path);
    if (frames > 0) {
        for (uint32_t i = 0; i < sc->nsources; i++) {
            sc->traffic[i].count = (uint64_t)frames;
        }
    }
    sim = tb_sim_new(sc, &err);
    if (!sim) {
        goto out;
    }
    t0 = g_get_monotonic_time();
    if (tb_sim_run(sim, &err) < 0) {
        goto out;
    }
    t1 = g_get_monotonic_time();
    {
        const TbResults *r = tb_sim_results(sim);
        double wall = (double)(t1 - t0) / 1e6;
        double simd = (double)r->sim_ns / 1e9;
        getrusage(RUSAGE_SELF, &ru);
        printf("scenario                        %s\n", sc->name);
        printf("offered frames                  %" PRIu64 "\n", r->offered);
        printf("simulated time                  %.6f s\n", simd);
        printf("wall time                       %.3f s\n", wall);
        printf("offered frames per wall-second  %.0f\n",
               wall > 0 ? (double)r->offered / wall : 0.0);
        printf("simulated-to-wall ratio         %.3f\n",
               wall > 0 ? simd / wall : 0.0);
        printf("peak RSS                        %.1f MiB\n",
               (double)ru.ru_maxrss / 1024.0);
    }
    status = 0;
out:
    if (err) {
        bad(err);
        status = EXIT_BAD_INPUT;
    }
    g_free(err);
    tb_sim_free(sim);
    g_free(sc);
    g_option_context_free(oc);
    return status;
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : NULL;

    g_set_prgname("e1klab");
    if (!cmd) {
        fputs(usage_text, stderr);
        return EXIT_BAD_INPUT;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("e1klab %s\n", E1KLAB_VERSION);
        return 0;
    }
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") ||
        !strcmp(cmd, "-h")) {
        if (argc > 2 && (!strcmp(argv[2], "sweep") ||
                         !strcmp(argv[2], "check"))) {
            char *sub[] = {argv[2], (char *)"--help", NULL};
            return !strcmp(argv[2], "sweep") ? tb_cmd_sweep(2, sub)
                                             : tb_cmd_check(2, sub);
        }
        if (argc > 2) {
            char *sub[] = {argv[2], (char *)"--help", NULL};
            if (!strcmp(argv[2], "run")) {
                return cmd_run(2, sub);
            }
            if (!strcmp(argv[2], "bench")) {
                return cmd_bench(2, sub);
            }
            fprintf(stderr, "e1klab: help: unknown command '%s' (run, "
                    "sweep, check, bench)\n", argv[2]);
            return EXIT_BAD_INPUT;
        }
        fputs(usage_text, stdout);
        return 0;
    }
    if (!strcmp(cmd, "run")) {
        return cmd_run(argc - 1, argv + 1);
    }
    if (!strcmp(cmd, "sweep")) {
        return tb_cmd_sweep(argc - 1, argv + 1);
    }
    if (!strcmp(cmd, "check")) {
        return tb_cmd_check(argc - 1, argv + 1);
    }
    if (!strcmp(cmd, "bench")) {
        return cmd_bench(argc - 1, argv + 1);
    }
    fprintf(stderr, "e1klab: unknown command '%s' (run, sweep, check, bench, "
            "help, --version)\n", cmd);
    return EXIT_BAD_INPUT;
}
