/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The [netperf] test's part of a run's report (report.h): its figures,
 * the result tables with the columns and widths netperf 2.x prints for
 * its TCP_STREAM and UDP_STREAM tests [NETPERF], and the JSON `netperf`
 * object (docs/report-schema.md).
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "report/json_put.h"
#include "report/report.h"

/* @bytes x 8 over @ns in 10^6 bit/s, rounded to the two decimals
 * netperf prints (keep what it prints). */
static double mbit_s(uint64_t bytes, uint64_t ns)
{
    return round((double)bytes * 8.0 * 1000.0 / (double)ns * 100.0) / 100.0;
}

/* netperf's CPU figures of a host (-c, -C): its utilization over the
 * run from host ready, in percent (2 decimals), and its service demand:
 * the CPU time it spent per KB (1024 bytes) of @bytes, in us (3
 * decimals, as netperf prints it). */
static void cpu_figures(const TbResults *r, uint64_t bytes, double *util,
                        double *sd)
{
    uint64_t busy = r->cpu.hardirq + r->cpu.softirq + r->cpu.process;
    uint64_t span = busy + r->cpu.idle;   /* as the report's CPU shares */

    *util = span ? round((double)busy / (double)span * 10000.0) / 100.0 : 0;
    *sd = bytes ? round((double)busy / ((double)bytes / 1024.0)) / 1000.0
                : 0;
}

void tb_netperf_figures_of(const TbRunReport *nr, const TbNetperfSecCfg *c,
                           const TbNetperfStats *st, TbNetperfFigures *f)
{
    uint64_t end = nr->res[0]->init_ns + c->duration_ns;

    memset(f, 0, sizeof(*f));
    if (!st || !c->present || !st->established_ns
        || st->established_ns >= end) {
        return;
    }
    f->elapsed_ns = end - st->established_ns;
    f->throughput_mbit_s = mbit_s(st->bytes_recv, f->elapsed_ns);
    f->send_throughput_mbit_s = mbit_s(st->bytes_sent, f->elapsed_ns);
    cpu_figures(nr->res[c->local_host], st->bytes_sent,
                &f->local_cpu_util_pct, &f->send_service_demand_us_per_kb);
    cpu_figures(nr->res[c->remote_host], st->bytes_recv,
                &f->remote_cpu_util_pct, &f->recv_service_demand_us_per_kb);
}

void tb_netperf_figures(const TbRunReport *nr, TbNetperfFigures *f)
{
    tb_netperf_figures_of(nr, &nr->t->netperf, nr->np, f);
}

void tb_netperf_cpu_figures(const TbResults *r, uint64_t bytes,
                            double *util, double *sd)
{
    cpu_figures(r, bytes, util, sd);
}

static const char *const test_name[] = {"TCP_STREAM", "UDP_STREAM",
                                        "TCP_SENDFILE"};

static void ip_text(char buf[16], uint32_t ip)
{
    g_snprintf(buf, 16, "%u.%u.%u.%u", ip >> 24, (ip >> 16) & 255u,
               (ip >> 8) & 255u, ip & 255u);
}

/* netperf's UDP_STREAM banner and result table: the sender's line
 * (datagrams sent, errors, the rate sent), the receiver's line. */
static void text_netperf_udp(FILE *out, const TbRunReport *nr,
                             const TbNetperfFigures *f, const char *lip,
                             const char *rip)
{
    const TbNetperfSecCfg *c = &nr->t->netperf;
    double secs = (double)f->elapsed_ns / 1e9;

    fprintf(out, "netperf: UDP UNIDIRECTIONAL SEND TEST from %s (host %s) "
            "to %s (host %s)\n", lip, c->local, rip, c->remote);
    fprintf(out, "Socket  Message  Elapsed      Messages                "
                 "CPU      Service\n"
                 "Size    Size     Time         Okay Errors   Throughput   "
                 "Util     Demand\n"
                 "bytes   bytes    secs            #      #   "
                 "10^6bits/sec %% S     us/KB\n\n");
    fprintf(out, "%6" PRIu32 "   %6" PRIu32 "   %-6.2f   %9" PRIu64
            " %6" PRIu64 "   %7.2f     %6.2f   %6.3f\n", c->send_socket,
            c->message_size, secs, nr->np->sends, nr->np->send_errors,
            f->send_throughput_mbit_s, f->local_cpu_util_pct,
            f->send_service_demand_us_per_kb);
    fprintf(out, "%6" PRIu32 "            %-6.2f   %9" PRIu64
            "          %7.2f     %6.2f   %6.3f\n\n", c->recv_socket, secs,
            nr->np->recvs, f->throughput_mbit_s, f->remote_cpu_util_pct,
            f->recv_service_demand_us_per_kb);
    fprintf(out, "(%" PRIu64 " bytes received, %" PRIu64 " datagrams "
            "dropped by the receiving socket)\n", nr->np->bytes_recv,
            nr->np->sock_drops);
}

void tb_report_netperf_text(FILE *out, const TbRunReport *nr)
{
    const TbNetperfSecCfg *c = &nr->t->netperf;
    TbNetperfFigures f;
    char lip[16], rip[16];

    tb_netperf_figures(nr, &f);
    ip_text(lip, c->local_ip);
    ip_text(rip, c->remote_ip);
    if (c->test == TB_NETPERF_UDP_STREAM) {
        text_netperf_udp(out, nr, &f, lip, rip);
        return;
    }
    fprintf(out, "netperf: TCP %s TEST from %s (host %s) to %s "
            "(host %s)%s%s\n", c->test == TB_NETPERF_TCP_SENDFILE ? "SENDFILE"
            : "STREAM", lip, c->local, rip, c->remote,
            c->nodelay ? " : nodelay" : "",
            c->test == TB_NETPERF_TCP_SENDFILE && !nr->np->zero_copy
            ? " (copied: the NIC offers no checksum offload)" : "");
    fprintf(out, "Recv   Send    Send                          "
                 "Utilization       Service Demand\n"
                 "Socket Socket  Message  Elapsed              "
                 "Send     Recv     Send    Recv\n"
                 "Size   Size    Size     Time     Throughput  "
                 "local    remote   local   remote\n"
                 "bytes  bytes   bytes    secs.    10^6bits/s  "
                 "%% S      %% S      us/KB   us/KB\n\n");
    fprintf(out, "%6" PRIu32 " %6" PRIu32 " %6" PRIu32 "    %-6.2f   "
            "%7.2f   %6.2f   %6.2f   %6.3f  %6.3f\n", c->recv_socket,
            c->send_socket, c->message_size, (double)f.elapsed_ns / 1e9,
            f.throughput_mbit_s, f.local_cpu_util_pct, f.remote_cpu_util_pct,
            f.send_service_demand_us_per_kb,
            f.recv_service_demand_us_per_kb);
    fprintf(out, "(%" PRIu64 " bytes received in %" PRIu64 " recv() calls, "
            "%" PRIu64 " bytes sent in %" PRIu64 " send() calls, %" PRIu64
            " bytes off the pattern)\n", nr->np->bytes_recv, nr->np->recvs,
            nr->np->bytes_sent, nr->np->sends, nr->np->mismatches);
}

void tb_report_netperf_json(JsonBuilder *b, const TbRunReport *nr)
{
    const TbNetperfSecCfg *c = &nr->t->netperf;
    TbNetperfFigures f;

    tb_netperf_figures(nr, &f);
    obj(b, "netperf");
    ks(b, "test", test_name[c->test]);
    ks(b, "local", c->local);
    ks(b, "remote", c->remote);
    ku(b, "recv_socket", c->recv_socket);
    ku(b, "send_socket", c->send_socket);
    ku(b, "message_size", c->message_size);
    ku(b, "recv_size", c->recv_size);
    kb(b, "nodelay", c->nodelay);
    ku(b, "elapsed_ns", f.elapsed_ns);
    /* hundredths (thousandths), written with 2 (3) decimals
     * (tb_report_json_text) */
    ku(b, "throughput_mbit_s", (uint64_t)llround(f.throughput_mbit_s * 100));
    ku(b, "local_cpu_util_pct",
       (uint64_t)llround(f.local_cpu_util_pct * 100));
    ku(b, "remote_cpu_util_pct",
       (uint64_t)llround(f.remote_cpu_util_pct * 100));
    ku(b, "send_service_demand_us_per_kb",
       (uint64_t)llround(f.send_service_demand_us_per_kb * 1000));
    ku(b, "recv_service_demand_us_per_kb",
       (uint64_t)llround(f.recv_service_demand_us_per_kb * 1000));
    ku(b, "bytes_received", nr->np->bytes_recv);
    ku(b, "bytes_sent", nr->np->bytes_sent);
    ku(b, "recv_calls", nr->np->recvs);
    ku(b, "send_calls", nr->np->sends);
    if (c->test == TB_NETPERF_UDP_STREAM) {
        ku(b, "send_throughput_mbit_s",
           (uint64_t)llround(f.send_throughput_mbit_s * 100));
        ku(b, "send_errors", nr->np->send_errors);
        ku(b, "socket_drops", nr->np->sock_drops);
    } else {
        ku(b, "pattern_mismatches", nr->np->mismatches);
    }
    if (c->test == TB_NETPERF_TCP_SENDFILE) {
        kb(b, "zero_copy", nr->np->zero_copy);
    }
    json_builder_end_object(b);
}
