/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CPU profile of a run (`e1klab run --profile`, docs/tcp.md "Where a
 * send()'s cycles go"): for every CPU of every host, where its time went
 * from host ready to the end of the run, per item of the cost profile
 * (testbench/profiles/NAME.ini) and per context (hardirq, softirq,
 * process), in CPU cycles per send() call of the [netperf] test and per
 * data segment it sent, so that the cycles a call costs can be audited
 * against the throughput; without a test, in cycles over the run.  Text
 * only; same run, same bytes.
 */
#ifndef TB_REPORT_PROFILE_H
#define TB_REPORT_PROFILE_H

#include <stdio.h>

#include "report/report.h"

/**
 * Write the profile of every CPU of every host of the finished run
 * @rr->sim whose profile was on (tb_sim_profile_start), one table each in
 * host order: "CPU profile of host NAME" (a named host), "CPU profile"
 * (the one host of a file without [host.NAME]), ", CPU N" added for a
 * host of several CPUs.  Per call and per segment figures are those of
 * the [netperf] test (send() calls completed, data segments the sender
 * emitted); without a test only the totals are given.
 */
void tb_report_profile_text(FILE *out, const TbRunReport *rr);

#endif /* TB_REPORT_PROFILE_H */
