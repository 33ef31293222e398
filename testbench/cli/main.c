/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab: the command-line front end of the testbench.
 *
 *   e1klab run SCENARIO.ini [--set section.key=value ...] [--json FILE]
 *              [--csv FILE] [--pcap-out FILE] [--quiet] [--trace]
 *              [--profile] [--backend testbench|qemu] [--timeout S]
 *   e1klab sweep ... / mlffr ... / specweb ... / check ...
 *                                  (run.h, sweep.h, mlffr.h, specweb.h,
 *                                   check.h)
 *   e1klab bench [SCENARIO.ini | --case NAME] [--frames N]  (bench.h)
 *   e1klab help [COMMAND]
 *   e1klab --version
 *
 * Exit status: 0 success, 2 bad input (scenario, capture, command line,
 * output file).  Every error is one line on stderr; output files are
 * written under temporary names and renamed only when the run succeeded.
 * Results never depend on the wall clock: only `bench` reads it, to print
 * its speed.
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "cli/bench.h"
#include "cli/check.h"
#include "cli/cli_opts.h"
#include "cli/mlffr.h"
#include "cli/run.h"
#include "cli/specweb.h"
#include "cli/sweep.h"

#ifndef E1KLAB_VERSION
#define E1KLAB_VERSION "unknown"
#endif

#define EXIT_BAD_INPUT 2

static const char usage_text[] =
    "Usage: e1klab COMMAND [ARGS]\n"
    "\n"
    "Commands:\n"
    "  run SCENARIO.ini [--set section.key=value ...] [--json FILE]\n"
    "      [--csv FILE] [--pcap-out FILE] [--quiet] [--trace] [--profile]\n"
    "      [--backend testbench|qemu] [--timeout S]\n"
    "                     run a scenario and print its report (qemu: in\n"
    "                     the Linux guest, docs/full-system.md)\n"
    "  bench [SCENARIO.ini | --case NAME] [--frames N] [--no-callgrind]\n"
    "      [--detail]\n"
    "                     the benchmark suite (or one scenario): wall time,\n"
    "                     CPU time per frame, peak RSS and, with valgrind,\n"
    "                     instructions per frame (docs/performance.md)\n"
    "  sweep SCENARIO.ini --param KEY=LIST|START:STOP:STEP ... [--jobs N]\n"
    "      [--out DIR] [--set ...] [--emit-jobs] [--exe PROGRAM]\n"
    "      [--collect] [--no-plot] [--quiet] [--published FILE]\n"
    "                     run a parameter grid; CSV and gnuplot charts\n"
    "  mlffr SCENARIO.ini [--sizes 64,128,...] [--loss PCT] [--jobs N]\n"
    "      [--trial-frames N] [--resolution PCT] [--out DIR] [--set ...]\n"
    "      [--no-plot] [--quiet]\n"
    "                     RFC 2544 throughput per frame size: table, CSV\n"
    "                     and a gnuplot chart\n"
    "  specweb SCENARIO.ini --app-ns PARSE,OPEN,STAT,LOG [--sendfile]\n"
    "      [--request-bytes N] [--header-bytes N] [--max-conns N]\n"
    "      [--resolution N] [--rampup MS] [--set ...] [--quiet]\n"
    "                     the most SPECweb99-like connections with >= 99 %\n"
    "                     conforming: a line per trial (docs/specweb.md)\n"
    "  check SCENARIO.ini EXPECT.ini [--junit FILE] [--json FILE] [--set ...]\n"
    "  check --report REPORT.json EXPECT.ini [--junit FILE]\n"
    "                     run (or read a report) and compare report fields\n"
    "                     with expectations (exit 1 if one fails;\n"
    "                     docs/sweep-and-check.md)\n"
    "  help [COMMAND]     this text, or a command's options\n"
    "  --version          print the version\n"
    "\n"
    "Scenario keys: docs/scenarios.md; report fields: docs/report-schema.md.\n"
    "Exit status: 0 success, 1 a check failed, 2 bad input.\n";

/* ---- dispatch ---- */

typedef int (*CmdFn)(int argc, char **argv);

static const struct {
    const char *name;
    CmdFn fn;
} commands[] = {
    {"run", tb_cmd_run},
    {"sweep", tb_cmd_sweep},
    {"mlffr", tb_cmd_mlffr},
    {"specweb", tb_cmd_specweb},
    {"check", tb_cmd_check},
    {"bench", tb_cmd_bench},
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
                "sweep, mlffr, specweb, check, bench)\n", argv[2]);
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
            "specweb, check, bench, help, --version)\n", cmd);
    return EXIT_BAD_INPUT;
}
