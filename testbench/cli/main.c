/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab: the command-line front end of the testbench.
 *
 *   e1klab run SCENARIO.ini [--set section.key=value ...] [--json FILE]
 *              [--csv FILE] [--pcap-out FILE] [--quiet] [--trace]
 *              [--backend testbench|qemu] [--timeout S]
 *   e1klab sweep ... / mlffr ... / check ...  (run.h, sweep.h, mlffr.h,
 *                                             check.h)
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

#include <glib.h>

#include "cli/check.h"
#include "cli/cli_opts.h"
#include "cli/mlffr.h"
#include "cli/run.h"
#include "cli/sweep.h"
#include "scenario/scenario_load.h"
#include "sim/sim.h"

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
    "      [--csv FILE] [--pcap-out FILE] [--quiet] [--trace]\n"
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
    "  mlffr SCENARIO.ini [--sizes 64,128,...] [--loss PCT] [--jobs N]\n"
    "      [--trial-frames N] [--resolution PCT] [--out DIR] [--no-plot]\n"
    "                     RFC 2544 throughput per frame size: table, CSV\n"
    "                     and a gnuplot chart\n"
    "  check SCENARIO.ini EXPECT.ini [--junit FILE] [--set ...]\n"
    "                     run and compare report fields with expectations\n"
    "                     (exit 1 if one fails; docs/sweep-and-check.md)\n"
    "  help [COMMAND]     this text, or a command's options\n"
    "  --version          print the version\n"
    "\n"
    "Scenario keys: docs/scenarios.md; report fields: docs/report-schema.md.\n"
    "Exit status: 0 success, 1 a check failed, 2 bad input.\n";

/* ---- bench ---- */

/* The scenario `bench` measures: @argv[1], else the shipped
 * forward-10M-irqoff.ini; --frames N (> 0) overrides every source's
 * count.  0 or -1 with *err. */
static int bench_load(int argc, char **argv, gint64 frames, TbScenario *sc,
                      char **err)
{
    char *path = argc == 2 ? g_strdup(argv[1])
                           : g_build_filename(E1KLAB_SCENARIO_DIR,
                                              "forward-10M-irqoff.ini", NULL);
    int r = tb_scenario_load(path, NULL, sc, err);

    g_free(path);
    if (r < 0) {
        return -1;
    }
    if (frames > 0) {
        for (uint32_t i = 0; i < sc->nsources; i++) {
            sc->traffic[i].count = (uint64_t)frames;
        }
    }
    return 0;
}

static void bench_print(const TbScenario *sc, const TbResults *r,
                        gint64 wall_us)
{
    double wall = (double)wall_us / 1e6;
    double simd = (double)r->sim_ns / 1e9;
    struct rusage ru;

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

/* Run @sc and print its speed (the only use of the wall clock).  0 or -1
 * with *err. */
static int bench_run(const TbScenario *sc, char **err)
{
    TbSim *sim = tb_sim_new(sc, err);
    gint64 t0;
    int r = -1;

    if (sim) {
        t0 = g_get_monotonic_time();
        if (tb_sim_run(sim, err) == 0) {
            bench_print(sc, tb_sim_results(sim),
                        g_get_monotonic_time() - t0);
            r = 0;
        }
    }
    tb_sim_free(sim);
    return r;
}

static int cmd_bench(int argc, char **argv)
{
    gint64 frames = 0;
    GOptionEntry entries[] = {
        {"frames", 'n', 0, G_OPTION_ARG_INT64, &frames,
         "Offer N frames (overrides the scenario's count)", "N"},
        {NULL, 0, 0, 0, NULL, NULL, NULL}};
    GOptionContext *oc = g_option_context_new(
        "[SCENARIO.ini] - measure the simulator's speed");
    TbScenario *sc = g_new0(TbScenario, 1);
    char *err = NULL;

    g_set_prgname("e1klab bench");
    g_option_context_add_main_entries(oc, entries, NULL);
    if (tb_cli_parse(oc, &argc, &argv, "bench: ", &err) == 0) {
        if (argc > 2) {
            err = g_strdup("bench: more than one scenario given");
        } else if (frames < 0) {
            err = g_strdup("bench: --frames must be positive");
        } else if (bench_load(argc, argv, frames, sc, &err) == 0) {
            bench_run(sc, &err);
        }
    }
    g_free(sc);
    g_option_context_free(oc);
    return err ? tb_cli_error("", &err, EXIT_BAD_INPUT) : 0;
}

/* ---- dispatch ---- */

typedef int (*CmdFn)(int argc, char **argv);

static const struct {
    const char *name;
    CmdFn fn;
} commands[] = {
    {"run", tb_cmd_run},
    {"sweep", tb_cmd_sweep},
    {"mlffr", tb_cmd_mlffr},
    {"check", tb_cmd_check},
    {"bench", cmd_bench},
};

static CmdFn find_command(const char *name)
{
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
        if (!strcmp(commands[i].name, name)) {
            return commands[i].fn;
        }
    }
    return NULL;
}

/* `e1klab help [COMMAND]`: the usage text, or the command's --help. */
static int cmd_help(int argc, char **argv)
{
    CmdFn fn;
    char *sub[3];

    if (argc < 3) {
        fputs(usage_text, stdout);
        return 0;
    }
    fn = find_command(argv[2]);
    if (!fn) {
        fprintf(stderr, "e1klab: help: unknown command '%s' (run, "
                "sweep, mlffr, check, bench)\n", argv[2]);
        return EXIT_BAD_INPUT;
    }
    sub[0] = argv[2];
    sub[1] = (char *)"--help";
    sub[2] = NULL;
    return fn(2, sub);
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : NULL;
    CmdFn fn;

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
        return cmd_help(argc, argv);
    }
    fn = find_command(cmd);
    if (fn) {
        return fn(argc - 1, argv + 1);
    }
    fprintf(stderr, "e1klab: unknown command '%s' (run, sweep, mlffr, "
            "check, bench, help, --version)\n", cmd);
    return EXIT_BAD_INPUT;
}
