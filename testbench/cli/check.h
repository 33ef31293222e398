/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab check`: run a scenario, then compare report fields against an
 * expectation file (expect.h; docs/sweep-and-check.md).
 *
 *   e1klab check SCENARIO.ini EXPECT.ini [--set SECTION.KEY=VALUE ...]
 *                [--junit FILE] [--json FILE]
 *   e1klab check --report REPORT.json EXPECT.ini [--junit FILE]
 *
 * Prints one line per check, "PASS NAME: measured X (expect ...)" or
 * "FAIL ...", then "N passed, N failed".  Exit status: 0 all passed,
 * 1 any failed, 2 bad input (missing or unreadable file, syntax error with
 * file:line, unknown field path, bad scenario); on exit 2 no output file
 * is written.  The run is in-process (tb_sim_*), so it is as
 * deterministic as `e1klab run`.
 */
#ifndef TB_CHECK_H
#define TB_CHECK_H

/** The `check` command; @argv[0] is "check".  Returns the exit status. */
int tb_cmd_check(int argc, char **argv);

#endif /* TB_CHECK_H */
