/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The switch (sim/switch.h, docs/switch.md) and the netperf streams:
 * store-and-forward timing at the port's wire time (IEEE 802.3: frame,
 * FCS, preamble, IFG), the output buffer's tail drop, flooding and
 * learning, 802.3x PAUSE (XOFF above the threshold, XON at resume); the
 * loader's rules for [switch.NAME] and [netperf.NAME]; two clients
 * through a switch into one server (bytes conserved, the server's port
 * at line rate, two runs identical), and the 64-host star of
 * scripts/gen-star.py to completion; TCP_SENDFILE without and with the
 * copy.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "kernel/k_netperf.h"
#include "report/report.h"
#include "scenario/topology.h"
#include "sim/link.h"
#include "sim/sim.h"
#include "sim/switch.h"
#include "traffic/trf.h"

/* ---- the switch alone: two switches A and B, A's port p linked to B's
 * port p; B's ports have A's stations X and W, so B filters the unicast
 * frames A sends it (no loop; a broadcast would loop) ---- */

static const uint8_t mac_x[6] = {2, 0, 0, 0, 0, 0x0a};
static const uint8_t mac_w[6] = {2, 0, 0, 0, 0, 0x0b};

typedef struct Pair {
    TbEngine *eng;
    TbSwitch *a, *b;
    TbLink *l[2];
} Pair;

static void pair_new(Pair *p, const TbSwitchCfg *ca, uint64_t delay_ns)
{
    TbSwitchCfg cb = {.buffer = 1u << 20, .nports = 2};
    TbLinkCfg lc = {.delay_ns = delay_ns};
    p->eng = tb_engine_new();
    p->a = tb_switch_new(p->eng, ca, 0);
    p->b = tb_switch_new(p->eng, &cb, 1);
    for (uint32_t i = 0; i < 2; i++) {
        p->l[i] = tb_link_new(p->eng, &lc, NULL, NULL);
        tb_link_to_switch(p->l[i], 0, p->a, i);
        tb_link_to_switch(p->l[i], 1, p->b, i);
    }
    tb_switch_attach(p->a, 0, p->l[0], 0, 1000, mac_x, 0x0a000001);
    tb_switch_attach(p->a, 1, p->l[1], 0, 1000, mac_w, 0x0a000002);
    tb_switch_attach(p->b, 0, p->l[0], 1, 1000, mac_x, 0);
    tb_switch_attach(p->b, 1, p->l[1], 1, 1000, mac_w, 0);
}

static void pair_free(Pair *p)
{
    tb_engine_clear(p->eng);
    tb_switch_free(p->a);
    tb_switch_free(p->b);
    tb_link_free(p->l[0]);
    tb_link_free(p->l[1]);
    tb_engine_free(p->eng);
}

/* A frame of @len bytes (no FCS) from @src to @dst. */
static void frame(uint8_t *f, uint32_t len, const uint8_t *dst,
                  const uint8_t *src)
{
    memset(f, 0, len);
    memcpy(f, dst, 6);
    memcpy(f + 6, src, 6);
    f[12] = 0x08;
}

/* A frame arrives whole at A's port 1 for X (port 0): it leaves port 0
 * one wire time later (1514 bytes at 1000 Mbit/s: (1514 + 24) x 8 =
 * 12,304 ns) and reaches B the link's delay after that; a second one
 * queues behind it. */
static void test_store_and_forward(void)
{
    TbSwitchCfg c = {.buffer = 1u << 20, .nports = 2};
    Pair p;
    uint8_t f[1514];
    pair_new(&p, &c, 500);
    frame(f, sizeof(f), mac_x, mac_w);
    g_assert_cmpuint(trf_wire_ns(1514, 1000), ==, 12304);
    tb_switch_rx(p.a, 1, f, sizeof(f));
    tb_switch_rx(p.a, 1, f, sizeof(f));
    const TbSwitchPortStats *b0 = tb_switch_port_stats(p.b, 0);
    tb_engine_run_until(p.eng, 12304 + 500 - 1);
    g_assert_cmpuint(b0->rx_frames, ==, 0);
    tb_engine_run_until(p.eng, 12304 + 500);
    g_assert_cmpuint(b0->rx_frames, ==, 1);
    tb_engine_run_until(p.eng, 2 * 12304 + 500 - 1);
    g_assert_cmpuint(b0->rx_frames, ==, 1);
    tb_engine_run_until(p.eng, 2 * 12304 + 500);
    g_assert_cmpuint(b0->rx_frames, ==, 2);
    g_assert_cmpuint(b0->filtered, ==, 2);     /* X is on B's port 0 */
    const TbSwitchPortStats *a0 = tb_switch_port_stats(p.a, 0);
    g_assert_cmpuint(a0->tx_frames, ==, 2);
    g_assert_cmpuint(a0->tx_bytes, ==, 2 * 1518);
    g_assert_cmpuint(a0->buffer_peak, ==, 2 * 1518);
    g_assert_cmpuint(tb_switch_port_stats(p.a, 1)->rx_frames, ==, 2);
    pair_free(&p);
}

/* An output buffer of three full frames: the fourth at once is dropped
 * (the frame in transmission still holds its bytes). */
static void test_buffer_drops(void)
{
    TbSwitchCfg c = {.buffer = 3 * 1518, .nports = 2};
    Pair p;
    uint8_t f[1514];
    pair_new(&p, &c, 0);
    frame(f, sizeof(f), mac_x, mac_w);
    for (int i = 0; i < 4; i++) {
        tb_switch_rx(p.a, 1, f, sizeof(f));
    }
    const TbSwitchPortStats *a0 = tb_switch_port_stats(p.a, 0);
    g_assert_cmpuint(a0->drops, ==, 1);
    g_assert_cmpuint(a0->drop_bytes, ==, 1518);
    /* one wire time later one has left: room for one more */
    tb_engine_run_until(p.eng, 12304);
    tb_switch_rx(p.a, 1, f, sizeof(f));
    g_assert_cmpuint(a0->drops, ==, 1);
    tb_switch_rx(p.a, 1, f, sizeof(f));
    g_assert_cmpuint(a0->drops, ==, 2);
    tb_engine_run_until(p.eng, 1000000);
    g_assert_cmpuint(a0->tx_frames, ==, 4);
    g_assert_cmpuint(a0->buffer_peak, ==, 3 * 1518);
    pair_free(&p);
}

/* Learning: unknown destinations and broadcasts are flooded until the
 * station has sent from its port. */
static void test_learning(void)
{
    TbSwitchCfg c = {.buffer = 1u << 20, .nports = 2,
                     .forwarding = TB_SWITCH_LEARNING};
    static const uint8_t bcast[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    Pair p;
    uint8_t f[60];
    pair_new(&p, &c, 0);
    const TbSwitchPortStats *a1 = tb_switch_port_stats(p.a, 1);
    const TbSwitchPortStats *a0 = tb_switch_port_stats(p.a, 0);
    frame(f, sizeof(f), mac_x, mac_w);
    tb_switch_rx(p.a, 1, f, sizeof(f));      /* X unknown: flooded */
    g_assert_cmpuint(a1->flooded, ==, 1);
    frame(f, sizeof(f), mac_w, mac_x);
    tb_switch_rx(p.a, 0, f, sizeof(f));      /* W learnt on port 1 */
    g_assert_cmpuint(a0->flooded, ==, 0);
    frame(f, sizeof(f), mac_x, mac_w);
    tb_switch_rx(p.a, 1, f, sizeof(f));      /* X learnt on port 0 */
    g_assert_cmpuint(a1->flooded, ==, 1);
    frame(f, sizeof(f), mac_w, mac_w);
    tb_switch_rx(p.a, 1, f, sizeof(f));      /* W is on port 1 itself */
    g_assert_cmpuint(a1->filtered, ==, 1);
    tb_engine_run_until(p.eng, 1000000);
    g_assert_cmpuint(a0->tx_frames, ==, 2);
    g_assert_cmpuint(tb_switch_port_stats(p.a, 1)->tx_frames, ==, 1);
    frame(f, sizeof(f), bcast, mac_w);
    tb_switch_rx(p.a, 1, f, sizeof(f));
    g_assert_cmpuint(a1->flooded, ==, 2);
    pair_free(&p);
}

/* PAUSE: two full frames from port 1 pass the 2000-byte threshold: an
 * XOFF of pause_quanta goes out of port 1 at once (ahead of anything
 * queued there); when they have left, an XON; B takes both and forwards
 * neither. */
static void test_pause(void)
{
    TbSwitchCfg c = {.buffer = 1u << 20, .nports = 2, .pause = 1,
                     .pause_threshold = 2000, .pause_resume = 1000,
                     .pause_quanta = 100};
    Pair p;
    uint8_t f[1514];
    pair_new(&p, &c, 0);
    frame(f, sizeof(f), mac_x, mac_w);
    tb_switch_rx(p.a, 1, f, sizeof(f));
    const TbSwitchPortStats *a1 = tb_switch_port_stats(p.a, 1);
    g_assert_cmpuint(a1->pause_frames, ==, 0);
    tb_switch_rx(p.a, 1, f, sizeof(f));
    g_assert_cmpuint(a1->pause_frames, ==, 1);
    g_assert_cmpuint(a1->xoff_frames, ==, 1);
    const TbSwitchPortStats *b1 = tb_switch_port_stats(p.b, 1);
    tb_engine_run_until(p.eng, trf_wire_ns(60, 1000));   /* 672 ns */
    g_assert_cmpuint(b1->rx_frames, ==, 1);
    /* the first frame leaves at 12,304 ns: 1518 bytes from port 1 still
     * queued, above resume; the second at 24,608: XON */
    tb_engine_run_until(p.eng, 12304);
    g_assert_cmpuint(a1->pause_frames, ==, 1);
    tb_engine_run_until(p.eng, 2 * 12304);
    g_assert_cmpuint(a1->pause_frames, ==, 2);
    g_assert_cmpuint(a1->xoff_frames, ==, 1);
    tb_engine_run_until(p.eng, 1000000);
    g_assert_cmpuint(b1->rx_frames, ==, 2);
    g_assert_cmpuint(tb_switch_port_stats(p.b, 0)->tx_frames
                     + tb_switch_port_stats(p.b, 1)->tx_frames, ==, 0);
    pair_free(&p);
}

/* ---- scenarios ---- */

#define HOST(n, i)                                                         \
    "[host." n "]\n[nic." n ".eth0]\nmac = 02:00:00:00:00:0" #i "\n"       \
    "ip = 10.0.0." #i "/24\n[link." n "]\na = " n ".eth0\nb = sw\n"

#define STAR                                                               \
    "[driver]\nmode = napi\n[run]\nduration = 200ms\n"                     \
    "[switch.sw]\nbuffer = 131072\n"                                       \
    HOST("srv", 1) HOST("c1", 2) HOST("c2", 3)                             \
    "[netperf.s1]\nlocal = c1\nremote = srv\nsend_socket = 65536\n"        \
    "[netperf.s2]\nlocal = c2\nremote = srv\nsend_socket = 65536\n"

static TbTopology *load(const char *text, const char *const *sets)
{
    TbTopology *t = g_new0(TbTopology, 1);
    char *err = NULL;
    int r = tb_topology_load_data(text, -1, "t.ini", NULL, sets, t, &err);
    if (r) {
        g_test_message("%s", err);
    }
    g_assert_cmpint(r, ==, 0);
    return t;
}

static void expect_error(const char *set, const char *want)
{
    TbTopology t;
    char *err = NULL;
    const char *sets[] = {set, NULL};
    g_assert_cmpint(tb_topology_load_data(STAR, -1, "t.ini", NULL, sets, &t,
                                          &err), ==, -1);
    g_assert_cmpstr(err, ==, want);
    g_free(err);
}

static void test_load(void)
{
    TbTopology *t = load(STAR, NULL);
    g_assert_cmpuint(t->nswitches, ==, 1);
    g_assert_cmpuint(t->sw[0].nports, ==, 3);
    g_assert_cmpuint(t->sw[0].pause_threshold, ==, 65536);
    g_assert_cmpuint(t->sw[0].pause_resume, ==, 32768);
    g_assert_cmpuint(t->link[2].sw[1], ==, 1);
    g_assert_cmpuint(t->link[2].port, ==, 2);
    g_assert_cmpuint(t->nstreams, ==, 2);
    g_assert_cmpuint(t->stream[1].port, ==, TB_NETPERF_DATA_PORT + 1);
    g_assert_cmpstr(t->stream[1].name, ==, "s2");
    g_assert_false(t->netperf.present);
    tb_topology_clear(t);
    g_free(t);

    expect_error("nic.c2.eth0.ip=10.0.0.2/24", "t.ini:25: [link.c2]: its "
                 "NIC has the ip of [link.c1]'s NIC, on the same switch");
    expect_error("link.c2.b=c1", "--set link.c2.b=c1: [link.c2] b: 'c1' is "
                 "neither HOST.NIC of a [nic.HOST.NIC] section nor a "
                 "[switch.NAME]");
    expect_error("link.c2.a=sw", "--set link.c2.a=sw: [link.c2] a: a link "
                 "joins a NIC to a NIC or to a switch (switch to switch is not "
                 "modelled)");
    expect_error("switch.sw.pause_resume=70000", "--set switch.sw."
                 "pause_resume=70000: [switch.sw] pause_resume: 70000 is not "
                 "below pause_threshold 65536");
    expect_error("switch.sw.buffer=1521", "--set switch.sw.buffer=1521: "
                 "[switch.sw] buffer: 1521 is out of range 1522..268435456");
    expect_error("netperf.s2.duration=1s", "--set netperf.s2.duration=1s: "
                 "[netperf.s2] duration: differs from [run] duration");
    expect_error("netperf.test=TCP_STREAM", "--set netperf.test=TCP_STREAM: "
                 "[netperf]: either one [netperf] test or [netperf.NAME] "
                 "streams, not both");
}

/* Two clients into one server: every byte accounted for, the server's
 * port near 1000 Mbit/s, two runs identical. */
static void test_star(void)
{
    TbTopology *t = load(STAR, NULL);
    char *err = NULL;
    char *json[2];
    for (int k = 0; k < 2; k++) {
        TbSim *n = tb_sim_new(t, &err);
        g_assert_nonnull(n);
        g_assert_cmpint(tb_sim_run(n, &err), ==, 0);
        const TbSwitch *sw = tb_sim_switch(n, 0);
        uint64_t rx = 0, tx = 0, drops = 0;
        for (uint32_t i = 0; i < 3; i++) {
            const TbSwitchPortStats *s = tb_switch_port_stats(sw, i);
            const TbLinkDirStats *in = tb_link_stats(tb_sim_link(n, i), 0);
            const TbLinkDirStats *out = tb_link_stats(tb_sim_link(n, i), 1);
            g_assert_cmpuint(s->rx_frames, >=, in->frames - 1);
            g_assert_cmpuint(s->tx_frames, ==, out->frames);
            rx += s->rx_frames;
            tx += s->tx_frames;
            drops += s->drops;
        }
        /* a frame in the switch at the end (at most one per port on the
         * wire and those queued) */
        g_assert_cmpuint(tx + drops, <=, rx);
        g_assert_cmpuint(rx - tx - drops, <, 200);
        TbRunReport rr;
        tb_run_report_init(&rr, n);
        TbNetperfFigures f[2];
        for (int s = 0; s < 2; s++) {
            tb_netperf_figures_of(&rr, &t->stream[s], rr.stream[s], &f[s]);
            g_assert_cmpfloat(f[s].throughput_mbit_s, >, 300);
        }
        /* TCP over 1500-byte frames: at most 1448 / 1538 of 1000 */
        g_assert_cmpfloat(f[0].throughput_mbit_s + f[1].throughput_mbit_s,
                          >, 900);
        g_assert_cmpfloat(f[0].throughput_mbit_s + f[1].throughput_mbit_s,
                          <, 1000.0 * 1448 / 1538);
        json[k] = tb_report_run_json(&rr);
        g_assert_nonnull(strstr(json[k], "\"switches\""));
        g_assert_nonnull(strstr(json[k], "\"streams_total\""));
        tb_run_report_clear(&rr);
        tb_sim_free(n);
    }
    g_assert_cmpstr(json[0], ==, json[1]);
    g_free(json[0]);
    g_free(json[1]);
    tb_topology_clear(t);
    g_free(t);
}

/* 63 clients through one switch into one server (gen-star.py 63, 20 ms):
 * it runs to completion and the server's port carries the streams. */
static void test_star64(void)
{
    GString *g = g_string_new("[driver]\nmode = napi\nRxDescriptors = 80\n"
                              "TxDescriptors = 80\n[run]\nduration = 20ms\n"
                              "[switch.sw]\nbuffer = 131072\n");
    for (uint32_t i = 0; i < 64; i++) {
        g_string_append_printf(g, "[host.h%u]\n[nic.h%u.eth0]\n"
                               "mac = 02:00:00:00:00:%02x\n"
                               "ip = 10.0.0.%u/24\n[link.h%u]\n"
                               "a = h%u.eth0\nb = sw\n", i, i, i, i + 1, i, i);
        if (i) {
            g_string_append_printf(g, "[netperf.s%u]\nlocal = h%u\n"
                                   "remote = h0\n", i, i);
        }
    }
    TbTopology *t = load(g->str, NULL);
    char *err = NULL;
    g_assert_cmpuint(t->nhosts, ==, 64);
    TbSim *n = tb_sim_new(t, &err);
    g_assert_nonnull(n);
    g_assert_cmpint(tb_sim_run(n, &err), ==, 0);
    const TbSwitchPortStats *srv = tb_switch_port_stats(tb_sim_switch(n, 0),
                                                        0);
    g_assert_cmpuint(srv->tx_bytes, >, 1000000);
    uint64_t recv = 0;
    for (uint32_t i = 0; i < 63; i++) {
        recv += tb_netperf_stats(tb_sim_stream(n, i))->bytes_recv;
    }
    g_assert_cmpuint(recv, >, 1000000);
    tb_sim_free(n);
    tb_topology_clear(t);
    g_free(t);
    g_string_free(g, TRUE);
}

/* The sender's loss recovery in a run of @path (with @sets): its
 * retransmitted segments, summed over the streams or of [netperf]. */
static uint64_t retrans_of(const char *path, const char *const *sets)
{
    TbTopology t;
    char *err = NULL;
    uint64_t n = 0;
    g_assert_cmpint(tb_topology_load(path, sets, &t, &err), ==, 0);
    TbSim *s = tb_sim_new(&t, &err);
    g_assert_nonnull(s);
    g_assert_cmpint(tb_sim_run(s, &err), ==, 0);
    for (uint32_t i = 0; i < (t.nstreams ? t.nstreams : 1); i++) {
        const TbNetperf *np = t.nstreams ? tb_sim_stream(s, i)
                                         : tb_sim_netperf(s);
        const TcpStats *st = &tb_tcp_sk(tb_netperf_sock(np, 0))->st;
        n += st->retrans_segs + st->timeouts + st->fast_retrans;
    }
    tb_sim_free(s);
    tb_topology_clear(&t);
    return n;
}

/* Why Reno stands for CUBIC in the back-to-back tests (docs/tcp.md,
 * "Congestion control of Linux 2.6.19 and later"): one stream back to
 * back never loses a segment, so congestion control never leaves slow
 * start, which the two share; through the switch's full port it does. */
static void test_no_loss(void)
{
    const char *b2b[] = {"netperf.duration=0.5s", NULL};
    const char *b2b_sf[] = {"netperf.duration=0.5s",
                            "netperf.test=TCP_SENDFILE", NULL};
    const char *mc[] = {"run.duration=0.5s", NULL};
    g_assert_cmpuint(retrans_of(TB_SCENARIOS_DIR "/tcp-stream.ini", b2b),
                     ==, 0);
    g_assert_cmpuint(retrans_of(TB_SCENARIOS_DIR "/tcp-stream.ini", b2b_sf),
                     ==, 0);
    g_assert_cmpuint(retrans_of(TB_SCENARIOS_DIR "/multi-client.ini", mc),
                     >, 0);
}

/* netperf's CPU figures over all CPUs of a box: a server of 2 CPUs
 * (one busy with the streams' interrupts) reports its busy time over
 * twice the run, and its service demand is that busy time per KB. */
static void test_cpu_all(void)
{
    const char *sets[] = {"host.srv.cpus=2", NULL};
    TbTopology *t = load(STAR, sets);
    char *err = NULL;
    TbSim *n = tb_sim_new(t, &err);
    g_assert_nonnull(n);
    g_assert_cmpint(tb_sim_run(n, &err), ==, 0);
    TbRunReport rr;
    tb_run_report_init(&rr, n);
    const TbResults *r = rr.res[0];
    uint64_t busy = r->cpu.hardirq + r->cpu.softirq + r->cpu.process;
    uint64_t span = busy + r->cpu.idle;
    g_assert_cmpuint(r->ncpus, ==, 2);
    g_assert_cmpuint(span, ==, 2 * (r->sim_ns - r->init_ns));
    TbNetperfFigures f;
    tb_netperf_figures_of(&rr, &t->stream[0], rr.stream[0], &f);
    g_assert_cmpfloat(fabs(f.remote_cpu_util_pct
                           - 100.0 * (double)busy / (double)span), <, 0.006);
    g_assert_cmpfloat(f.remote_cpu_util_pct, <, 50.0 + 0.01);
    double sd = (double)busy / 1000.0 / ((double)rr.stream[0]->bytes_recv
                                         / 1024.0);
    g_assert_cmpfloat(fabs(f.recv_service_demand_us_per_kb - sd), <, 0.0006);
    tb_run_report_clear(&rr);
    tb_sim_free(n);
    tb_topology_clear(t);
    g_free(t);
}

/* tcp-stream.ini for 0.2 s as @test with XsumTX @xsum: its figures. */
static TbNetperfFigures sendfile_run(const char *test, const char *xsum,
                                     TbNetperfStats *st)
{
    char *t_set = g_strconcat("netperf.test=", test, NULL);
    char *x_set = g_strconcat("driver.XsumTX=", xsum, NULL);
    const char *sets[] = {"netperf.duration=0.2s", t_set, x_set, NULL};
    TbTopology t;
    char *err = NULL;
    g_assert_cmpint(tb_topology_load(TB_SCENARIOS_DIR "/tcp-stream.ini",
                                     sets, &t, &err), ==, 0);
    TbSim *n = tb_sim_new(&t, &err);
    g_assert_nonnull(n);
    g_assert_cmpint(tb_sim_run(n, &err), ==, 0);
    TbRunReport rr;
    TbNetperfFigures f;
    tb_run_report_init(&rr, n);
    tb_netperf_figures(&rr, &f);
    *st = *rr.np;
    tb_run_report_clear(&rr);
    tb_sim_free(n);
    tb_topology_clear(&t);
    g_free(t_set);
    g_free(x_set);
    return f;
}

/* TCP_SENDFILE: with checksum offload no copy_from_user (the sender's
 * service demand falls by its 3 cycles per byte of piii-933: about half
 * here), the same throughput; without it Linux copies, and the run is
 * TCP_STREAM's to the byte. */
static void test_sendfile(void)
{
    TbNetperfStats s0, s1;
    TbNetperfFigures copy = sendfile_run("TCP_STREAM", "1", &s0);
    TbNetperfFigures zc = sendfile_run("TCP_SENDFILE", "1", &s1);
    g_assert_false(s0.zero_copy);
    g_assert_true(s1.zero_copy);
    g_assert_cmpfloat(zc.throughput_mbit_s, >, 0.99 * copy.throughput_mbit_s);
    g_assert_cmpfloat(zc.send_service_demand_us_per_kb, <,
                      0.6 * copy.send_service_demand_us_per_kb);
    /* the copy removed: 3.0 cycles x 1024 bytes at 933 MHz = 3.293 us
     * per KB (the rest moves a little with the timing) */
    g_assert_cmpfloat(copy.send_service_demand_us_per_kb
                      - zc.send_service_demand_us_per_kb, >, 3.0);
    g_assert_cmpfloat(copy.send_service_demand_us_per_kb
                      - zc.send_service_demand_us_per_kb, <, 3.6);
    copy = sendfile_run("TCP_STREAM", "0", &s0);
    zc = sendfile_run("TCP_SENDFILE", "0", &s1);
    g_assert_false(s1.zero_copy);
    g_assert_cmpuint(s1.bytes_sent, ==, s0.bytes_sent);
    g_assert_cmpfloat(zc.send_service_demand_us_per_kb, ==,
                      copy.send_service_demand_us_per_kb);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/switch/store-and-forward", test_store_and_forward);
    g_test_add_func("/switch/buffer-drops", test_buffer_drops);
    g_test_add_func("/switch/learning", test_learning);
    g_test_add_func("/switch/pause", test_pause);
    g_test_add_func("/switch/load", test_load);
    g_test_add_func("/switch/star", test_star);
    g_test_add_func("/switch/star64", test_star64);
    g_test_add_func("/netperf/sendfile", test_sendfile);
    g_test_add_func("/netperf/cpu-all", test_cpu_all);
    g_test_add_func("/netperf/no-loss", test_no_loss);
    return g_test_run();
}
