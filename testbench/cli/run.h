/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab run`: load a scenario (a network of one host or more), run it
 * on the testbench (or its one host in the Linux guest in QEMU,
 * backend_qemu.h) and write its reports (run_out.h); --profile adds
 * the CPU profile (report/report_profile.h).
 *
 *   e1klab run SCENARIO.ini [--set section.key=value ...] [--json FILE]
 *              [--csv FILE] [--pcap-out FILE] [--quiet] [--trace]
 *              [--profile]
 *              [--backend testbench|qemu] [--timeout S]
 *
 * Exit status: 0 success, 2 bad input (scenario, capture, command line,
 * output file); with --backend qemu also 1 (the QEMU run failed).  Every
 * error is one line on stderr; output files are written under temporary
 * names and renamed only when the run succeeded (cli_out.h).
 */
#ifndef TB_RUN_H
#define TB_RUN_H

/** The `run` command; @argv[0] is "run".  Returns the exit status. */
int tb_cmd_run(int argc, char **argv);

#endif /* TB_RUN_H */
