/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CPU profile of a run (report_profile.h).
 */
#include <inttypes.h>
#include <string.h>

#include "report/report_profile.h"
#include "sim/cpu.h"

/* The contexts of a row, in the report's column order. */
static const TbCtx ctx_col[3] = {TB_CTX_HARDIRQ, TB_CTX_SOFTIRQ,
                                 TB_CTX_PROCESS};

/* A row's name: the cost profile's key, or what the extra rows are. */
static const char *row_name(unsigned row)
{
    if (row == TB_ACCT_MMIO_READ) {
        return "(readl: bus stall)";
    }
    if (row == TB_ACCT_OTHER) {
        return "(other)";
    }
    return tb_cost_name((TbCostId)row);
}

/* What a host's table divides by. */
typedef struct Unit {
    double calls;     /* send() calls, 1 without a test */
    double segs;      /* data segments the sender emitted, 0: none */
    double cyc_ns;    /* cycles per ns */
} Unit;

/* One row: @n[] operations and @ns[] time per context (ctx_col order),
 * @op_cycles the cycles of one operation (< 0: none shown). */
static void row_text(FILE *out, const char *name, const uint64_t n[3],
                     const uint64_t ns[3], double op_cycles, const Unit *u)
{
    uint64_t nt = n ? n[0] + n[1] + n[2] : 0;
    double tot = (double)(ns[0] + ns[1] + ns[2]) * u->cyc_ns;

    fprintf(out, "  %-24s", name);
    if (op_cycles >= 0) {
        fprintf(out, " %9.1f %9.4f", op_cycles, (double)nt / u->calls);
    } else {
        fprintf(out, " %9s %9s", "", "");
    }
    for (int i = 0; i < 3; i++) {
        fprintf(out, " %9.1f", (double)ns[i] * u->cyc_ns / u->calls);
    }
    fprintf(out, " %9.1f", tot / u->calls);
    if (u->segs > 0) {
        fprintf(out, " %11.1f", tot / u->segs);
    }
    fprintf(out, "\n");
}

/* The item rows of @a; their time per context is added to @sum. */
static void item_rows(FILE *out, const TbCpuAcct *a, const Unit *u,
                      uint64_t sum[3])
{
    for (unsigned r = 0; r < TB_ACCT_COUNT; r++) {
        uint64_t n[3], ns[3];
        for (int i = 0; i < 3; i++) {
            n[i] = a->n[ctx_col[i]][r];
            ns[i] = a->ns[ctx_col[i]][r];
            sum[i] += ns[i];
        }
        uint64_t nt = n[0] + n[1] + n[2];
        if (!nt) {
            continue;
        }
        double op = (double)(ns[0] + ns[1] + ns[2]) * u->cyc_ns
                    / (double)nt;
        row_text(out, row_name(r), n, ns, op, u);
    }
}

/* A row with its total only (cycles per call), @ns in all. */
static void total_only(FILE *out, const char *name, uint64_t ns,
                       const Unit *u)
{
    fprintf(out, "  %-24s %9s %9s %9s %9s %9s %9.1f\n", name, "", "", "",
            "", "", (double)ns * u->cyc_ns / u->calls);
}

/* The totals: the CPU time no item accounts for (none: every charge is
 * an item or an extra row), busy, idle, all. */
static void total_rows(FILE *out, const uint64_t *ctx_ns,
                       const uint64_t sum[3], const Unit *u)
{
    const uint64_t busy[3] = {ctx_ns[TB_CTX_HARDIRQ], ctx_ns[TB_CTX_SOFTIRQ],
                              ctx_ns[TB_CTX_PROCESS]};
    uint64_t idle = ctx_ns[TB_CTX_IDLE];
    uint64_t rest[3];
    bool any = false;

    for (int i = 0; i < 3; i++) {
        rest[i] = busy[i] - sum[i];
        any |= rest[i] != 0;
    }
    if (any) {
        row_text(out, "(not itemised)", NULL, rest, -1, u);
    }
    row_text(out, "busy", NULL, busy, -1, u);
    total_only(out, "idle", idle, u);
    total_only(out, "all: clock / calls", busy[0] + busy[1] + busy[2] + idle,
               u);
}

/* The heading of CPU @cpu of host @h: its host's name (none for the
 * unnamed host), the CPU when the host has several, its role in the
 * test. */
static void heading(FILE *out, const TbRunReport *rr, uint32_t h,
                    uint32_t cpu, const char *role)
{
    const TbResults *r = rr->res[h];
    const char *name = rr->t->host_name[h];

    fprintf(out, "CPU profile%s%s", *name ? " of host " : "", name);
    if (tb_sim_cpus(rr->sim, h) > 1) {
        fprintf(out, ", CPU %" PRIu32, cpu);
    }
    fprintf(out, "%s: %.6f s from host ready, %.0f MHz\n", role,
            (double)(r->sim_ns - r->init_ns) / 1e9, tb_sim_mhz(rr->sim, h));
}

/* The table of CPU @cpu of host @h. */
static void cpu_text(FILE *out, const TbRunReport *rr, uint32_t h,
                     uint32_t cpu)
{
    const TbNetperfSecCfg *c = &rr->t->netperf;
    const TbNetperfStats *np = c->present ? rr->np : NULL;
    Unit u = {1.0, 0.0, tb_sim_mhz(rr->sim, h) / 1000.0};
    const char *role = "";
    uint64_t sum[3] = {0, 0, 0};

    if (np && np->sends) {
        u.calls = (double)np->sends;
        u.segs = (double)np->data_segs_out[0];
        role = h == c->local_host ? " (netperf, the sender)"
               : h == c->remote_host ? " (netserver, the receiver)" : "";
    }
    heading(out, rr, h, cpu, role);
    if (u.segs > 0) {
        fprintf(out, "  %" PRIu64 " send() calls of %" PRIu32 " bytes, %"
                PRIu64 " data segments sent (%.2f calls each), %" PRIu64
                " segments in at the sender, %" PRIu64 " at the receiver\n",
                np->sends, c->message_size, np->data_segs_out[0],
                u.calls / u.segs, np->segs_in[0], np->segs_in[1]);
        fprintf(out, "  cycles per send() call by context; ops: how often "
                "the item ran per call; per segment: cycles per data "
                "segment\n");
    } else {
        fprintf(out, "  cycles over the run by context\n");
    }
    fprintf(out, "  %-24s %9s %9s %9s %9s %9s %9s%s\n", "item", "cycles/op",
            "ops/call", "hardirq", "softirq", "process", "total",
            u.segs > 0 ? " per segment" : "");
    item_rows(out, tb_sim_cpu_acct(rr->sim, h, cpu), &u, sum);
    total_rows(out, tb_sim_ctx_ns(rr->sim, h, cpu), sum, &u);
    fprintf(out, "\n");
}

void tb_report_profile_text(FILE *out, const TbRunReport *rr)
{
    for (uint32_t h = 0; h < rr->t->nhosts; h++) {
        for (uint32_t c = 0; c < tb_sim_cpus(rr->sim, h); c++) {
            if (tb_sim_cpu_acct(rr->sim, h, c)) {
                cpu_text(out, rr, h, c);
            }
        }
    }
}
