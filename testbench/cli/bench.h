/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab bench`: how fast the testbench is (docs/performance.md).
 *
 *   e1klab bench                      the benchmark suite, one row each
 *   e1klab bench SCENARIO.ini         one scenario, in detail
 *   options: --frames N (offered frames of every source), --case NAME
 *            (one row of the suite), --no-callgrind
 *
 * Per benchmark: offered frames, wall time, CPU time (user + system) per
 * offered frame, peak RSS, and, when valgrind is on PATH, instructions per
 * offered frame counted by callgrind on a reduced run.  Each row of the
 * suite runs in a child process of its own, so its peak RSS is its own.
 * The wall clock is read here only, never inside a run.
 */
#ifndef TB_CLI_BENCH_H
#define TB_CLI_BENCH_H

/** The `bench` command (argv[0] == "bench").  Exit status 0, 1 when a
 *  benchmark fails to run, 2 on bad input. */
int tb_cmd_bench(int argc, char **argv);

#endif /* TB_CLI_BENCH_H */
