/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab run` of a scenario with several hosts (scenario/topology.h):
 * loaded by tb_topology_load, run by sim/net.h, reported by
 * report/report_net.h; --pcap-out captures every frame any host's NIC
 * transmits (one file, in the order they leave), --csv FILE writes one
 * time series per host (run_net_out.h).  Options that have no meaning
 * for such a run are refused with one line, never ignored: --backend
 * qemu, --csv -, --trace, --timeout.  --profile prints every host's CPU
 * profile (report/report_profile.h) after the text report (also with
 * --quiet; refused when stdout carries the JSON or the CSV).
 */
#ifndef TB_RUN_NET_H
#define TB_RUN_NET_H

#include <stdbool.h>

/** The options of `e1klab run` a run of several hosts looks at. */
typedef struct TbRunNetArgs {
    const char *json_path;     /**< --json FILE or "-", NULL: none */
    const char *csv_path;      /**< --csv FILE (per host), NULL: none */
    const char *pcap_path;     /**< --pcap-out FILE, NULL: none */
    const char *backend;       /**< --backend, NULL: testbench */
    bool trace;                /**< --trace (refused) */
    bool text;                 /**< print the text report on stdout */
    bool quiet;                /**< --quiet: no progress bar */
    bool profile;              /**< --profile: each host's CPU profile on
                                    stdout after the text report
                                    (report_profile.h) */
} TbRunNetArgs;

/** True if the scenario file @path declares [host.NAME] or [link.NAME]
 *  sections (a file that cannot be read or parsed: false, the one-host
 *  loader reports it). */
bool tb_run_is_multi(const char *path);

/** The [host.NAME] sections of the scenario file @path for a message,
 *  "[host.a], [host.b]" (newly allocated; "" if it only has [link.NAME]
 *  sections), or NULL if it has neither or cannot be read. */
char *tb_run_host_list(const char *path);

/**
 * Load @path with the --set overrides @sets as a topology, run it and
 * write the reports per @a.  0, or 2 with *err set (one line; no output
 * file left).
 */
int tb_run_net(const char *path, const char *const *sets,
               const TbRunNetArgs *a, char **err);

#endif /* TB_RUN_NET_H */
