/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CPU profile of a run of several hosts (`e1klab run --profile`,
 * docs/tcp.md "Where a send()'s cycles go"): for every host, where its
 * CPU time went from host ready to the end of the run, per item of the
 * cost profile (testbench/profiles/NAME.ini) and per context (hardirq,
 * softirq, process), in CPU cycles per send() call of the [netperf] test
 * and per data segment it sent, so that the cycles a call costs can be
 * audited against the throughput.  Text only; same run, same bytes.
 */
#ifndef TB_REPORT_PROFILE_H
#define TB_REPORT_PROFILE_H

#include <stdio.h>

#include "report/report_net.h"
#include "sim/cpu.h"

/** One host's CPU profile (borrowed pointers). */
typedef struct TbProfileHost {
    const TbCpuAcct *acct;     /**< counts from host ready */
    const uint64_t *cost_ns;   /**< its costs, ns (TB_COST_COUNT) */
    const uint64_t *ctx_ns;    /**< its CPU time per context from host
                                    ready, ns (TbCpu.ctx_ns: whole charges,
                                    the last one may run past the end) */
    double mhz;                /**< its clock: cycles = ns x mhz / 1000 */
} TbProfileHost;

/**
 * Write the profile of every host of @nr (@hp[h] for host h; a host
 * with a NULL acct is left out).  Per call and per segment figures are
 * those of the [netperf] test (send() calls completed, data segments the
 * sender emitted); without a test only the totals are given.
 */
void tb_report_profile_text(FILE *out, const TbNetReport *nr,
                            const TbProfileHost *hp);

#endif /* TB_REPORT_PROFILE_H */
