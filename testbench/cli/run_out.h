/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The output files of `e1klab run` on the testbench (run.h), committed
 * together or not at all: --json, the run's report (written by the
 * caller); --pcap-out FILE, every frame any host's NIC transmits in the
 * order they leave (one clock); --csv, each host's time series (the CSV
 * of docs/report-schema.md).  The CSV of the unnamed host of a file
 * without [host.NAME] goes to FILE (or stdout for "-", as it is made);
 * in a network of named hosts each host's goes to FILE with the host's
 * name before the extension (r.csv: r.a.csv, r.b.csv), or, for "-", to
 * stdout after the run, host after host, each headed by a line
 * "# host NAME" and the blocks parted by two empty lines (gnuplot's
 * `index`).
 */
#ifndef TB_RUN_OUT_H
#define TB_RUN_OUT_H

#include <stdbool.h>

#include "report/cli_out.h"
#include "report/pcap_out.h"
#include "report/report.h"
#include "scenario/topology.h"
#include "sim/sim.h"

/** The output options of a run. */
typedef struct TbRunOutArgs {
    const char *json_path;     /**< --json FILE or "-", NULL: none */
    const char *csv_path;      /**< --csv FILE or "-", NULL: none */
    const char *pcap_path;     /**< --pcap-out FILE, NULL: none */
} TbRunOutArgs;

/** The time series of one host. */
typedef struct TbRunCsv {
    char *path;                /**< NULL without --csv */
    TbOut out;
    TbCsv *w;                  /**< its writer */
} TbRunCsv;

/** The outputs of one run (zeroed before tb_run_outs_open). */
typedef struct TbRunOuts {
    TbOut json;
    TbOut pcap_file;
    TbPcapOut *pcap;
    uint32_t nhosts;
    bool csv_blocks;           /**< "-" of named hosts: each host's CSV
                                    in a temporary file until commit */
    TbRunCsv *csv;             /**< per host */
    TbOut table[2];            /**< with --csv: the switches' ports
                                    (FILE.switch.ports.csv) and the
                                    netperf streams
                                    (FILE.netperf.streams.csv), where the
                                    scenario has them */
} TbRunOuts;

/** Every output path of @a for topology @t (per-host CSV names) checked
 *  against each other and every file the hosts read.  0 or -1 with
 *  *err. */
int tb_run_outs_check(const TbTopology *t, const TbRunOutArgs *a,
                      char **err);
/** Open the outputs and hook the capture and the CSV samplers into
 *  @sim.  0 or -1 with *err (then tb_run_outs_abort). */
int tb_run_outs_open(TbRunOuts *o, TbSim *sim, const TbRunOutArgs *a,
                     char **err);
/** After the run: unhook, finish the capture and the CSVs (their last
 *  part interval).  The report (if --json) is then written by the caller
 *  to o->json.f and everything committed (tb_run_outs_commit).  0 or -1
 *  with *err. */
int tb_run_outs_finish(TbRunOuts *o, TbSim *sim, char **err);
int tb_run_outs_commit(TbRunOuts *o, const TbTopology *t, char **err);
/** Unhook (if @sim) and remove every temporary file; free the writers. */
void tb_run_outs_abort(TbRunOuts *o, TbSim *sim);

#endif /* TB_RUN_OUT_H */
