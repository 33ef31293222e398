/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The [netperf.NAME] streams' part of a run's report (report.h,
 * docs/report-schema.md): each stream's figures as netperf would print
 * them for one instance of many run at once (its throughput; the CPU
 * utilisation of all CPUs of its hosts, which every concurrent instance
 * on a host sees alike; its service demand over its own bytes), and the
 * total: the streams' summed throughput and bytes, and the CPU of the
 * sending (receiving) hosts, each counted once, per KB of all bytes sent
 * (received).
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "report/json_put.h"
#include "report/report.h"

static const char *const test_name[] = {"TCP_STREAM", "UDP_STREAM",
                                        "TCP_SENDFILE"};

/* The total of the streams. */
typedef struct StreamsTotal {
    uint64_t bytes_sent, bytes_recv;
    double throughput_mbit_s;
    double send_util_pct, recv_util_pct;   /* of the hosts, each once */
    double send_sd, recv_sd;               /* us per KB */
} StreamsTotal;

/* Busy and whole CPU time over the hosts @side (0: local, 1: remote) of
 * the streams, each host once, into @busy and @span (ns). */
static void side_cpu(const TbRunReport *rr, int side, uint64_t *busy,
                     uint64_t *span)
{
    const TbTopology *t = rr->t;
    bool *seen = g_new0(bool, t->nhosts);
    *busy = *span = 0;
    for (uint32_t i = 0; i < t->nstreams; i++) {
        uint32_t h = side ? t->stream[i].remote_host
                          : t->stream[i].local_host;
        if (seen[h]) {
            continue;
        }
        seen[h] = true;
        const TbResults *r = rr->res[h];
        uint64_t b = r->cpu.hardirq + r->cpu.softirq + r->cpu.process;
        *busy += b;
        *span += b + r->cpu.idle;
    }
    g_free(seen);
}

static double pct(uint64_t busy, uint64_t span)
{
    return span ? round((double)busy / (double)span * 10000.0) / 100.0 : 0;
}

static double sd(uint64_t busy, uint64_t bytes)
{
    return bytes ? round((double)busy / ((double)bytes / 1024.0)) / 1000.0
                 : 0;
}

static void streams_total(const TbRunReport *rr, StreamsTotal *tot)
{
    uint64_t busy, span;
    memset(tot, 0, sizeof(*tot));
    for (uint32_t i = 0; i < rr->t->nstreams; i++) {
        TbNetperfFigures f;
        tb_netperf_figures_of(rr, &rr->t->stream[i], rr->stream[i], &f);
        tot->bytes_sent += rr->stream[i]->bytes_sent;
        tot->bytes_recv += rr->stream[i]->bytes_recv;
        tot->throughput_mbit_s += f.throughput_mbit_s;
    }
    side_cpu(rr, 0, &busy, &span);
    tot->send_util_pct = pct(busy, span);
    tot->send_sd = sd(busy, tot->bytes_sent);
    side_cpu(rr, 1, &busy, &span);
    tot->recv_util_pct = pct(busy, span);
    tot->recv_sd = sd(busy, tot->bytes_recv);
}

void tb_report_streams_text(FILE *out, const TbRunReport *rr)
{
    const TbTopology *t = rr->t;
    StreamsTotal tot;
    if (!t->nstreams || !rr->stream) {
        return;
    }
    fprintf(out, "netperf streams (at once; CPU %% of all CPUs of the "
            "host, service demand in us of CPU per KB):\n");
    fprintf(out, "  %-10s %-10s %-8s %-8s %7s %8s %11s %7s %7s %7s %7s\n",
            "stream", "test", "local", "remote", "msg", "elapsed",
            "10^6bits/s", "util_l", "util_r", "sd_l", "sd_r");
    for (uint32_t i = 0; i < t->nstreams; i++) {
        const TbNetperfSecCfg *c = &t->stream[i];
        TbNetperfFigures f;
        tb_netperf_figures_of(rr, c, rr->stream[i], &f);
        fprintf(out, "  %-10s %-10s %-8s %-8s %7" PRIu32 " %8.2f %11.2f "
                "%7.2f %7.2f %7.3f %7.3f\n", c->name, test_name[c->test],
                c->local, c->remote, c->message_size,
                (double)f.elapsed_ns / 1e9, f.throughput_mbit_s,
                f.local_cpu_util_pct, f.remote_cpu_util_pct,
                f.send_service_demand_us_per_kb,
                f.recv_service_demand_us_per_kb);
    }
    streams_total(rr, &tot);
    fprintf(out, "  %-10s %-10s %-8s %-8s %7s %8s %11.2f %7.2f %7.2f %7.3f "
            "%7.3f\n\n", "total", "", "", "", "", "", tot.throughput_mbit_s,
            tot.send_util_pct, tot.recv_util_pct, tot.send_sd, tot.recv_sd);
}

/* Hundredths / thousandths as the report's fixed-point keys. */
#define H(x) ((uint64_t)llround((x) * 100))
#define T(x) ((uint64_t)llround((x) * 1000))

static void json_stream(JsonBuilder *b, const TbRunReport *rr, uint32_t i)
{
    const TbNetperfSecCfg *c = &rr->t->stream[i];
    const TbNetperfStats *st = rr->stream[i];
    TbNetperfFigures f;
    tb_netperf_figures_of(rr, c, st, &f);
    json_builder_begin_object(b);
    ks(b, "name", c->name);
    ks(b, "test", test_name[c->test]);
    ks(b, "local", c->local);
    ks(b, "remote", c->remote);
    ku(b, "port", c->port);
    ku(b, "message_size", c->message_size);
    ku(b, "send_socket", c->send_socket);
    ku(b, "recv_socket", c->recv_socket);
    ku(b, "elapsed_ns", f.elapsed_ns);
    ku(b, "throughput_mbit_s", H(f.throughput_mbit_s));
    ku(b, "local_cpu_util_pct", H(f.local_cpu_util_pct));
    ku(b, "remote_cpu_util_pct", H(f.remote_cpu_util_pct));
    ku(b, "send_service_demand_us_per_kb",
       T(f.send_service_demand_us_per_kb));
    ku(b, "recv_service_demand_us_per_kb",
       T(f.recv_service_demand_us_per_kb));
    ku(b, "bytes_sent", st->bytes_sent);
    ku(b, "bytes_received", st->bytes_recv);
    ku(b, "send_calls", st->sends);
    ku(b, "recv_calls", st->recvs);
    ku(b, "pattern_mismatches", st->mismatches);
    ku(b, "socket_drops", st->sock_drops);
    if (c->test == TB_NETPERF_TCP_SENDFILE) {
        kb(b, "zero_copy", st->zero_copy);
    }
    json_builder_end_object(b);
}

void tb_report_streams_json(JsonBuilder *b, const TbRunReport *rr)
{
    StreamsTotal tot;
    json_builder_set_member_name(b, "streams");
    json_builder_begin_array(b);
    for (uint32_t i = 0; rr->stream && i < rr->t->nstreams; i++) {
        json_stream(b, rr, i);
    }
    json_builder_end_array(b);
    streams_total(rr, &tot);
    obj(b, "streams_total");
    ku(b, "streams", rr->t->nstreams);
    ku(b, "throughput_mbit_s", H(tot.throughput_mbit_s));
    ku(b, "bytes_sent", tot.bytes_sent);
    ku(b, "bytes_received", tot.bytes_recv);
    ku(b, "local_cpu_util_pct", H(tot.send_util_pct));
    ku(b, "remote_cpu_util_pct", H(tot.recv_util_pct));
    ku(b, "send_service_demand_us_per_kb", T(tot.send_sd));
    ku(b, "recv_service_demand_us_per_kb", T(tot.recv_sd));
    json_builder_end_object(b);
}

void tb_report_streams_csv(FILE *out, const TbRunReport *rr)
{
    const TbTopology *t = rr->t;
    StreamsTotal tot;
    fprintf(out, "stream,test,local,remote,message_size,elapsed_s,"
            "throughput_mbit_s,local_cpu_util_pct,remote_cpu_util_pct,"
            "send_service_demand_us_per_kb,recv_service_demand_us_per_kb,"
            "bytes_sent,bytes_received\n");
    for (uint32_t i = 0; rr->stream && i < t->nstreams; i++) {
        const TbNetperfSecCfg *c = &t->stream[i];
        TbNetperfFigures f;
        tb_netperf_figures_of(rr, c, rr->stream[i], &f);
        fprintf(out, "%s,%s,%s,%s,%" PRIu32 ",%.2f,%.2f,%.2f,%.2f,%.3f,%.3f,"
                "%" PRIu64 ",%" PRIu64 "\n", c->name, test_name[c->test],
                c->local, c->remote, c->message_size,
                (double)f.elapsed_ns / 1e9, f.throughput_mbit_s,
                f.local_cpu_util_pct, f.remote_cpu_util_pct,
                f.send_service_demand_us_per_kb,
                f.recv_service_demand_us_per_kb, rr->stream[i]->bytes_sent,
                rr->stream[i]->bytes_recv);
    }
    streams_total(rr, &tot);
    fprintf(out, "total,,,,,,%.2f,%.2f,%.2f,%.3f,%.3f,%" PRIu64 ",%" PRIu64
            "\n", tot.throughput_mbit_s, tot.send_util_pct, tot.recv_util_pct,
            tot.send_sd, tot.recv_sd, tot.bytes_sent, tot.bytes_recv);
}
