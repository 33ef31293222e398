/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The output files of `e1klab run` of several hosts (run_net.h) besides
 * the report: --pcap-out FILE, every frame any host's NIC transmits in
 * the order they leave (one shared clock); --csv FILE, one time series
 * per host (the one-host CSV of docs/report-schema.md) in FILE with the
 * host's name put before the extension (r.csv: r.a.csv, r.b.csv).  All
 * files and the JSON report are committed together or not at all.
 */
#ifndef TB_RUN_NET_OUT_H
#define TB_RUN_NET_OUT_H

#include "cli/run_net.h"
#include "report/cli_out.h"
#include "report/pcap_out.h"
#include "report/report.h"
#include "scenario/topology.h"
#include "sim/net.h"

/** The outputs of one run (zeroed before tb_net_outs_open). */
typedef struct TbNetOuts {
    TbOut json;
    TbOut pcap_file;
    TbPcapOut *pcap;
    uint32_t nhosts;
    char *csv_path[TB_MAX_HOSTS];   /**< per host, NULL without --csv */
    TbOut csv[TB_MAX_HOSTS];
    TbCsv *csv_w[TB_MAX_HOSTS];
} TbNetOuts;

/** Every output path of @a for topology @t (per-host CSV names) checked
 *  against each other and every file the hosts read.  0 or -1 with
 *  *err. */
int tb_net_outs_check(const TbTopology *t, const TbRunNetArgs *a,
                      char **err);
/** Open the outputs and hook the capture and the CSV samplers into @n.
 *  0 or -1 with *err (then tb_net_outs_abort). */
int tb_net_outs_open(TbNetOuts *o, TbNet *n, const TbTopology *t,
                     const TbRunNetArgs *a, char **err);
/** After the run: unhook, finish the capture and the CSVs (their last
 *  part interval); the report (if --json) is written by the caller to
 *  o->json.f; then commit everything.  0 or -1 with *err. */
int tb_net_outs_finish(TbNetOuts *o, TbNet *n, char **err);
int tb_net_outs_commit(TbNetOuts *o, char **err);
/** Unhook (if @n) and remove every temporary file; free the writers. */
void tb_net_outs_abort(TbNetOuts *o, TbNet *n);

#endif /* TB_RUN_NET_OUT_H */
