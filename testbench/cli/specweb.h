/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab specweb`: the most simultaneous connections of the
 * SPECweb99-like workload at which >= 99 % conform, by a binary search
 * over trials of the scenario (web/specweb_search.h, docs/specweb.md):
 * a line per trial (connections, conforming, per server port conforming
 * and requests, the server's CPU shares) and the result on stdout.
 *
 *   e1klab specweb SCENARIO.ini --app-ns PARSE,OPEN,STAT,LOG [--sendfile]
 *                  [--request-bytes N] [--header-bytes N]
 *                  [--max-conns N] [--resolution N] [--set ...] [--quiet]
 *
 * The scenario's first host is the server; its NICs linked straight to
 * other hosts are its ports.  --app-ns has no default (docs/specweb.md:
 * no published per-request figures).  Exit status: 0, or 2 (bad input,
 * a trial that failed) with one line on stderr.
 */
#ifndef TB_CLI_SPECWEB_H
#define TB_CLI_SPECWEB_H

/** The `specweb` command; @argv[0] is "specweb".  The exit status. */
int tb_cmd_specweb(int argc, char **argv);

#endif /* TB_CLI_SPECWEB_H */
