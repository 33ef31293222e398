/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab run --backend qemu`: run a testbench scenario in the e1klab
 * Linux guest on QEMU (the device model as a PCI device, the stock Linux
 * e1000 driver, the device's replay as the traffic source) and report it
 * with the testbench's report functions (same text, same JSON schema).
 * Deterministic: QEMU runs with -icount shift=N,sleep=off and -rtc
 * clock=vm, so the same scenario gives the same report bytes.  Which
 * report fields come from where (and which are 0): docs/full-system.md.
 */
#ifndef TB_BACKEND_QEMU_H
#define TB_BACKEND_QEMU_H

#include "qemu/qemu_cmdline.h"
#include "scenario/scenario.h"
#include "sim/sim.h"

/** Default wall-clock limit of one QEMU run, seconds. */
#define TB_QEMU_TIMEOUT_S 900.0

/** Options of `e1klab run` that the QEMU backend honours. */
typedef struct TbQemuRunArgs {
    const char *json_path;   /**< --json FILE or "-", or NULL */
    const char *csv_path;    /**< --csv: refused (no time series) */
    const char *pcap_path;   /**< --pcap-out FILE, or NULL */
    int quiet;               /**< --quiet: no text report */
    double timeout_s;        /**< wall-clock limit of the QEMU run, s */
} TbQemuRunArgs;

/**
 * Run @sc (the one host of a scenario loaded by tb_topology_load) in
 * QEMU and write the reports.  Returns the exit status: 0 success; 2 bad input
 * (scenario feature the guest cannot run, --csv, output file, QEMU or
 * guest image missing); 1 the run failed (QEMU error, wall-clock timeout,
 * no result block).  On non-zero *err is a g_malloc'd one-line message.
 * Outputs are written under temporary names and renamed only on success.
 */
int tb_qemu_cmd_run(const TbScenario *sc, const TbQemuRunArgs *a,
                    char **err);

/**
 * Fill *r from a finished run: @console (@len bytes of the guest's serial
 * output) and the stats files NAME.stats in @work; @p is the run's plan
 * (first arrival times).  Returns 0, or -1 with
 * *err when the result block or a stats file is missing.
 * *kernel gets the guest's `uname -r` (g_free), *log_lines the number of
 * kernel log lines, *link_up the "Link is Up" lines.
 */
int tb_qemu_results(const TbScenario *sc, const TbQemuPlan *p,
                    const char *console, size_t len, const char *work, TbResults *r, char **kernel,
                    uint64_t *log_lines, uint64_t *link_up, char **err);

#endif /* TB_BACKEND_QEMU_H */
