/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Seed integration tests (seeds M1-M3): the whole
 * testbench -- device model, driver, kernel model, calibrated cost
 * profiles -- must reproduce the seeds within the calibration targets
 * (throughput +-15% of the seed, interrupt counts within a factor
 * of 2, orderings right; docs/reproducing-the-seeds.md):
 *   M1 (piii-933, 2.4.20: backlog 300 with the netif_rx throttle, no
 *       copybreak), the seed's full 1,000,000 frames at 970 kpps: the
 *       interrupt-driven driver (RxIntDelay=64) forwards 305 +-15%
 *       (livelock), the NAPI driver (RxIntDelay=1) 298,580 +-15%;
 *   M3 (piii-s-1266, reduced to 300,000 frames at 820 kpps, rings of 256,
 *       RxIntDelay=1, flow control off, ITR 8000/s): each variant forwards
 *       its seed share +-15%, RX interrupts of twist within a factor 2 of
 *       the seed's (scaled), irq-off >= 50x fewer, TX port within 2x;
 *   M2: a 1440-byte UDP stream at line rate delivers 955-957 Mbit/s of
 *       payload to the socket reader.
 */
#include <glib.h>
#include <string.h>

#include "one_host.h"
#include "scenario/scenario_load.h"
#include "sim/profile.h"
#include "sim/sim.h"

#define IP(a, b, c, d) ((uint32_t)(a) << 24 | (b) << 16 | (c) << 8 | (d))

/* Two-port router: traffic into eth0 (10.0.0.0/24) routed out of eth1
 * (10.0.1.0/24), or to the host's own address for the UDP sink.  The
 * 2.4.20/2.5.66 host: backlog of 300 with the netif_rx throttle; the
 * 2002-03 drivers had no copybreak.  The tests change fields of the
 * loaded scenario within their documented ranges. */
static const char seed_ini[] =
    "[scenario]\n"
    "name = seed\n"
    "[host]\n"
    "profile = %s\n"
    "hz = %u\n"
    "netdev_max_backlog = 300\n"
    "netif_rx_throttle = 1\n"
    "sink_rcvbuf = 65535\n"
    "[driver]\n"
    "mode = %s\n"
    "copybreak = 0\n"
    "[nic.eth0]\n"
    "mac = 00:1b:21:00:00:01\n"
    "peer_mac = 02:00:00:00:00:01\n"
    "ip = 10.0.0.1/24\n"
    "[nic.eth1]\n"
    "mac = 00:1b:21:00:00:02\n"
    "peer_mac = 02:00:00:00:00:02\n"
    "ip = 10.0.1.1/24\n"
    "[traffic]\n"
    "nic = eth0\n"
    "start = 1ms\n"
    "pps = 100000\n"
    "count = 1000\n"
    "src_ip = 10.0.0.2\n"
    "dst_ip = 10.0.1.2\n"
    "[run]\n"
    "drain = 20ms\n";

/* Load the router scenario with the overrides @sets (NULL-terminated
 * "section.key=value" strings, or NULL).  0, or -1 with *err set. */
static int load_seed(TbScenario *sc, enum e1k_drv_mode mode, uint32_t hz,
                     const char *profile, const char *const *sets,
                     char **err)
{
    char *ini = g_strdup_printf(seed_ini, profile, hz,
                                e1k_drv_mode_name(mode));
    int rc = one_host_load_data(ini, "test_seeds", NULL, sets, sc, err);
    g_free(ini);
    return rc;
}

static void scenario(TbScenario *sc, enum e1k_drv_mode mode, uint32_t hz,
                     const char *profile)
{
    char *err = NULL;
    if (load_seed(sc, mode, hz, profile, NULL, &err)) {
        g_error("test_seeds scenario: %s", err);
    }
    g_assert_cmpuint(sc->nroutes, ==, 2);   /* the on-link routes */
    g_assert_cmpuint(sc->host.netdev_budget, ==, 300);
    g_assert_cmpuint(sc->host.dev_weight, ==, 64);
    g_assert_cmpuint(sc->nic[0].link_mbps, ==, 1000);
}

static TbResults run(const TbScenario *sc)
{
    char *err = NULL;
    TbSim *sim = one_host_sim(sc, &err);
    if (!sim) {
        g_error("tb_sim_new: %s", err);
    }
    if (tb_sim_run(sim, &err)) {
        g_error("tb_sim_run: %s", err);
    }
    TbResults r = *tb_sim_results(sim, 0);
    for (uint32_t i = 0; i < 12; i++) {
        const char *l = tb_sim_log_line(sim, 0, 11 - i);
        if (l) {
            g_test_message("dmesg: %s", l);
        }
    }
    tb_sim_free(sim);
    /* every offered frame has exactly one fate at the NIC */
    g_assert_cmpuint(r.rx_queued + r.rx_filtered + r.rx_disabled
                     + r.rx_overrun + r.rx_bad_size, ==, r.offered);
    g_test_message("offered %" G_GUINT64_FORMAT " queued %" G_GUINT64_FORMAT
                   " overrun %" G_GUINT64_FORMAT " disabled %"
                   G_GUINT64_FORMAT " forwarded %" G_GUINT64_FORMAT
                   " backlog_drops %" G_GUINT64_FORMAT " squeeze %"
                   G_GUINT64_FORMAT " ksoftirqd %" G_GUINT64_FORMAT,
                   r.offered, r.rx_queued, r.rx_overrun, r.rx_disabled,
                   r.forwarded, r.backlog_drops, r.time_squeeze,
                   r.ksoftirqd_wakeups);
    g_test_message("irqs eth0 %" G_GUINT64_FORMAT " eth1 %" G_GUINT64_FORMAT
                   " cpu hi %.3f si %.3f proc %.3f idle %.3f ms, sim %.3f ms",
                   r.iface[0].interrupts, r.iface[1].interrupts,
                   r.cpu.hardirq / 1e6, r.cpu.softirq / 1e6,
                   r.cpu.process / 1e6, r.cpu.idle / 1e6, r.sim_ns / 1e6);
    g_test_message("eth0 rx_packets %" G_GUINT64_FORMAT " mpc %"
                   G_GUINT64_FORMAT " rnbc %" G_GUINT64_FORMAT
                   " eth1 tx_packets %" G_GUINT64_FORMAT " qdisc_drops %"
                   G_GUINT64_FORMAT,
                   r.iface[0].stats.rx_packets, r.iface[0].nic.mpc,
                   r.iface[0].nic.rnbc, r.iface[1].stats.tx_packets,
                   r.iface[1].qdisc_drops);
    return r;
}

/* M1 at 970 kpps: the livelock of the interrupt-driven driver. */
static void test_m1_legacy(void)
{
    TbScenario sc;
    scenario(&sc, E1K_MODE_LEGACY, 100, "piii-933");
    for (int i = 0; i < 2; i++) {
        /* the non-NAPI driver 4.3.2's defaults (seed M1) */
        sc.nic[i].drv.RxIntDelay = 64;
        sc.nic[i].drv.RxAbsIntDelay = 128;
        sc.nic[i].drv.InterruptThrottleRate = 0;
    }
    sc.traffic[0].pps = 970000;
    sc.traffic[0].count = 1000000;
    TbResults r = run(&sc);
    g_assert_cmpuint(r.offered, ==, 1000000);
    g_assert_cmpuint(r.forwarded * 100, <, r.offered);
    /* seed: 305 of 1,000,000 routed; +-15% */
    g_assert_cmpuint(r.forwarded, >=, 259);
    g_assert_cmpuint(r.forwarded, <=, 351);
    /* "the system is dead": the interrupt handler has the CPU */
    g_assert_cmpuint(r.cpu.hardirq, >, 9 * r.cpu.softirq);
}

/* M1 at 970 kpps: NAPI forwards a steady share. */
static void test_m1_napi(void)
{
    TbScenario sc;
    scenario(&sc, E1K_MODE_NAPI, 100, "piii-933");
    for (int i = 0; i < 2; i++) {
        sc.nic[i].drv.RxIntDelay = 1;
        sc.nic[i].drv.InterruptThrottleRate = 0;
    }
    sc.traffic[0].pps = 970000;
    sc.traffic[0].count = 1000000;
    TbResults r = run(&sc);
    g_assert_cmpuint(r.offered, ==, 1000000);
    /* seed: 298,580 of 1,000,000; +-15% */
    g_assert_cmpuint(r.forwarded, >=, 253793);
    g_assert_cmpuint(r.forwarded, <=, 343367);
    /* the RX port stays masked while polled: a handful of interrupts */
    g_assert_cmpuint(r.iface[0].interrupts, <=, 100);
}

/* M3: 820 kpps into eth0 (the seed's eth2), rings of 256, RxIntDelay=1, flow
 * control off.  ITR: the seed's driver recomputed it every 2 s from the octet
 * counters, 8000/s for one-way traffic (seed M3 inference, Linux
 * e1000_watchdog mode 4); a reduced run ends before the first recomputation,
 * so the steady-state value is set directly. */
static TbResults m3(enum e1k_drv_mode mode)
{
    TbScenario sc;
    scenario(&sc, mode, 1000, "piii-s-1266");
    for (int i = 0; i < 2; i++) {
        sc.nic[i].drv.RxDescriptors = 256;
        sc.nic[i].drv.TxDescriptors = 256;
        sc.nic[i].drv.RxIntDelay = 1;
        sc.nic[i].drv.FlowControl = 0;
        sc.nic[i].drv.InterruptThrottleRate = 8000;
    }
    sc.traffic[0].pps = 820000;
    sc.traffic[0].count = 300000;
    return run(&sc);
}

static void test_m3(void)
{
    TbResults twist = m3(E1K_MODE_NAPI_TWIST);
    TbResults irqoff = m3(E1K_MODE_NAPI);
    g_assert_cmpuint(twist.offered, ==, 300000);
    g_assert_cmpuint(irqoff.offered, ==, 300000);
    /* RX port: irq-off keeps the device masked while polling */
    g_assert_cmpuint(irqoff.iface[0].interrupts, >=, 1);
    g_assert_cmpuint(twist.iface[0].interrupts, >=,
                     50 * irqoff.iface[0].interrupts);
    /* twist is bounded by ITR (8000/s over ~0.37 s of traffic) */
    g_assert_cmpuint(twist.iface[0].interrupts, <=, 8000 * 6 / 10);
    g_assert_cmpuint(irqoff.forwarded, >, twist.forwarded);
    /* the overload shows as missed frames (MPC), not as lost CPU */
    g_assert_cmpuint(irqoff.iface[0].nic.mpc, >, 0);
    /* the TX port still interrupts for its completions */
    g_assert_cmpuint(irqoff.iface[1].interrupts, >,
                     irqoff.iface[0].interrupts);
    /* Shares of the seed's 10 M offered frames, +-15%: irq-off forwarded
     * 4,708,135 (47.1% -> 40.0..54.2%), twist 4,555,009 (45.6% ->
     * 38.7..52.4%; its kpps figure is lower only because its link was
     * down part of the run, docs/reproducing-the-seeds.md). */
    g_assert_cmpuint(irqoff.forwarded * 1000, >=, 400 * irqoff.offered);
    g_assert_cmpuint(irqoff.forwarded * 1000, <=, 542 * irqoff.offered);
    g_assert_cmpuint(twist.forwarded * 1000, >=, 387 * twist.offered);
    g_assert_cmpuint(twist.forwarded * 1000, <=, 524 * twist.offered);
    /* Interrupts, scaled from the seed's 10 M frames to 300,000 (x0.03),
     * within a factor of 2: twist eth2 78,963 -> 2,369 (1,184..4,738),
     * eth3 92,979 -> 2,789 (1,395..5,579); irq-off eth3 74,584 -> 2,238
     * (1,119..4,475).  irq-off eth2 (434 in the seed) is bounded above
     * only: docs/reproducing-the-seeds.md explains why the model takes a
     * handful. */
    g_assert_cmpuint(twist.iface[0].interrupts, >=, 1184);
    g_assert_cmpuint(twist.iface[0].interrupts, <=, 4738);
    g_assert_cmpuint(twist.iface[1].interrupts, >=, 1395);
    g_assert_cmpuint(twist.iface[1].interrupts, <=, 5579);
    g_assert_cmpuint(irqoff.iface[1].interrupts, >=, 1119);
    g_assert_cmpuint(irqoff.iface[1].interrupts, <=, 4475);
    g_assert_cmpuint(irqoff.iface[0].interrupts, <=, 2 * 434 * 3 / 100);
}

/* piii-s-1266 (seed M3's host) is piii-933 on a faster clock: the same
 * code on the same P6 core, so every cost given in cycles has the same
 * cycle count, and every cost given in ns (APIC bus) the same time. */
static void test_m3_profile(void)
{
    TbProfile a, b;
    char *err = NULL;
    char *pa = tb_profile_find("piii-933", NULL);
    char *pb = tb_profile_find("piii-s-1266", NULL);
    g_assert_nonnull(pa);
    g_assert_nonnull(pb);
    g_assert_cmpint(tb_profile_load(&a, pa, 0, &err), ==, 0);
    g_assert_cmpint(tb_profile_load(&b, pb, 0, &err), ==, 0);
    g_assert_cmpfloat(a.mhz, ==, 933);
    g_assert_cmpfloat(b.mhz, ==, 1266);
    for (int i = 0; i < TB_COST_COUNT; i++) {
        g_assert_cmpfloat(a.cycles[i], ==, b.cycles[i]);
        g_assert_cmpfloat(a.ns_given[i], ==, b.ns_given[i]);
    }
    g_free(pa);
    g_free(pb);
}

/* M2: netperf UDP_STREAM, 1440-byte datagrams at line rate. */
static void m2(enum e1k_drv_mode mode, uint32_t rxintdelay)
{
    TbScenario sc;
    scenario(&sc, mode, 100, "piii-933");
    for (int i = 0; i < 2; i++) {
        sc.nic[i].drv.RxIntDelay = rxintdelay;
        sc.nic[i].drv.RxAbsIntDelay = rxintdelay == 64 ? 128 : 8;
        sc.nic[i].drv.InterruptThrottleRate = 0;
    }
    sc.host.sink_udp_port = 5001;
    sc.host.sink_rcvbuf = 65535;
    sc.host.sink_read_size = 65536;
    TbTrafficCfg *t = &sc.traffic[0];
    t->pace = TB_PACE_TOPSPEED;
    t->udp_payload = 1440;
    t->frame_size = 0;
    t->dst_ip = IP(10, 0, 0, 1);
    t->udp_dst_port = 5001;
    t->count = 40000;
    TbResults r = run(&sc);
    g_assert_cmpuint(r.offered, ==, 40000);
    /* 1440 + 8 + 20 + 14 + 4 = 1486 bytes with FCS, 1506 on the wire */
    g_assert_cmpuint(r.offered_bytes, ==, 40000ull * 1486);
    uint64_t window = r.last_offer_ns - r.first_offer_ns + 12048;
    double mbps = r.sink_bytes * 8.0 * 1e3 / (double)window;
    g_test_message("UDP payload %.2f Mbit/s, %" G_GUINT64_FORMAT
                   " datagrams, %" G_GUINT64_FORMAT " socket drops", mbps,
                   r.sink_datagrams, r.sink_drops);
    g_assert_cmpfloat(mbps, >=, 955.0);
    g_assert_cmpfloat(mbps, <=, 957.0);
}

static void test_m2_legacy(void)
{
    m2(E1K_MODE_LEGACY, 64);
}

static void test_m2_napi(void)
{
    m2(E1K_MODE_NAPI, 1);
}

/* Two runs of one scenario give identical results, to the byte. */
static void test_deterministic(void)
{
    TbScenario sc;
    scenario(&sc, E1K_MODE_NAPI_TWIST, 1000, "piii-933");
    for (int i = 0; i < 2; i++) {
        sc.nic[i].drv.RxIntDelay = 1;
        sc.nic[i].drv.InterruptThrottleRate = 8000;
    }
    sc.traffic[0].pps = 900000;
    sc.traffic[0].count = 50000;
    TbResults a = run(&sc);
    TbResults b = run(&sc);
    g_assert_cmpuint(a.forwarded, >, 0);
    g_assert_cmpmem(&a, sizeof(a), &b, sizeof(b));
}

typedef struct Samples {
    int n;
    uint64_t last_t, last_offered;
    int prog;
    uint64_t prog_end;
    uint64_t tx;
} Samples;

static void on_sample(void *ctx, const TbResults *r)
{
    Samples *s = ctx;
    /* the baseline at host ready, then exactly every 1 ms after it */
    g_assert_cmpuint(r->sim_ns, ==, r->init_ns + (uint64_t)s->n * 1000000);
    g_assert_cmpuint(r->cpu.hardirq + r->cpu.softirq + r->cpu.process
                     + r->cpu.idle, ==, r->sim_ns - r->init_ns);
    g_assert_cmpuint(r->offered, >=, s->last_offered);
    s->last_t = r->sim_ns;
    s->last_offered = r->offered;
    s->n++;
}

static void on_progress(void *ctx, uint64_t now, uint64_t end)
{
    Samples *s = ctx;
    s->prog++;
    s->prog_end = end;
    g_assert_true(end == 0 || now <= end + 3000000);
}

static void on_tx(void *ctx, uint32_t host, int nic, uint64_t t,
                  const uint8_t *f, uint32_t len)
{
    Samples *s = ctx;
    g_assert_cmpuint(host, ==, 0);
    g_assert_cmpint(nic, ==, 1);
    g_assert_cmpuint(len, ==, 60);
    g_assert_cmpuint(f[0], ==, 0x02);   /* the neighbour's MAC */
    g_assert_cmpuint(t, >, 0);
    s->tx++;
}

/* A run of fixed duration (20 ms after host ready) with samples every
 * 1 ms, progress, and the TX hook seeing every frame on the wire. */
static void test_duration_sampler(void)
{
    TbScenario sc;
    scenario(&sc, E1K_MODE_NAPI, 1000, "piii-933");
    sc.traffic[0].count = 0;          /* until the run ends */
    sc.traffic[0].pps = 100000;
    sc.run.duration_ns = 20000000;
    char *err = NULL;
    TbSim *sim = one_host_sim(&sc, &err);
    g_assert_nonnull(sim);
    Samples s = { 0 };
    tb_sim_set_sampler(sim, 0, on_sample, &s);
    tb_sim_set_progress(sim, on_progress, &s);
    tb_sim_set_tx_hook(sim, on_tx, &s);
    g_assert_cmpint(tb_sim_run(sim, &err), ==, 0);
    const TbResults *r = tb_sim_results(sim, 0);
    /* the baseline and a sample every 1 ms up to host ready + 20 ms */
    g_assert_cmpint(s.n, ==, 21);
    g_assert_cmpuint(r->sim_ns, >=, r->init_ns + 20000000);
    g_assert_cmpuint(r->sim_ns, <, r->init_ns + 23000000);
    /* 100 kpps from 1 ms on: 19 ms of traffic, all forwarded but the
     * last few in flight */
    g_assert_cmpuint(r->offered, >=, 1899);
    g_assert_cmpuint(r->offered, <=, 1901);
    g_assert_cmpuint(r->forwarded, ==, s.tx);
    g_assert_cmpuint(r->forwarded + 10, >=, r->offered);
    g_assert_cmpint(s.prog, >=, 2);
    g_assert_cmpuint(s.prog_end, ==, r->sim_ns);
    tb_sim_free(sim);
}

/* Load an invalid variant of the router scenario: NULL, *err one line. */
static char *load_error(const char *set)
{
    const char *const sets[] = {set, NULL};
    TbScenario sc;
    char *err = NULL;
    g_assert_cmpint(load_seed(&sc, E1K_MODE_NAPI, 1000, "piii-933", sets,
                              &err), <, 0);
    g_assert_nonnull(err);
    g_assert_null(strchr(err, '\n'));
    return err;
}

/* Scenario errors: one line naming what is wrong; no crash.  Ranges and
 * required keys are the loader's; the profile, the capture and the CPU
 * numbers against host.cpus are found when the run is built. */
static void test_errors(void)
{
    TbScenario sc;
    char *err = load_error("host.cpus=9");   /* 1..8 CPUs are modelled */
    g_assert_nonnull(strstr(err, "host.cpus"));
    g_assert_nonnull(strstr(err, "out of range 1..8"));
    g_clear_pointer(&err, g_free);
    scenario(&sc, E1K_MODE_NAPI, 1000, "piii-933");
    g_strlcpy(sc.host.profile, "no-such-cpu", sizeof(sc.host.profile));
    g_assert_null(one_host_sim(&sc, &err));
    g_assert_nonnull(strstr(err, "no-such-cpu"));
    g_clear_pointer(&err, g_free);
    err = load_error("traffic.count=0");  /* pktgen without end, no duration */
    g_assert_nonnull(strstr(err, "[traffic] count"));
    g_assert_nonnull(strstr(err, "duration"));
    g_clear_pointer(&err, g_free);
    err = load_error("nic.eth0.RxDescriptors=7");
    g_assert_nonnull(strstr(err, "eth0"));
    g_assert_nonnull(strstr(err, "RxDescriptors"));
    g_clear_pointer(&err, g_free);
    err = load_error("nic.eth1.TxDescriptors=5000");
    g_assert_nonnull(strstr(err, "eth1"));
    g_assert_nonnull(strstr(err, "TxDescriptors"));
    g_clear_pointer(&err, g_free);
    /* failure after both NICs are up: they are torn down cleanly */
    scenario(&sc, E1K_MODE_NAPI, 1000, "piii-933");
    sc.traffic[0].kind = TB_TRAFFIC_PCAP;
    sc.traffic[0].pace = TB_PACE_CAPTURED;
    g_strlcpy(sc.traffic[0].pcap, "/nonexistent/seed.pcap",
              sizeof(sc.traffic[0].pcap));
    g_assert_null(one_host_sim(&sc, &err));
    g_assert_nonnull(strstr(err, "/nonexistent/seed.pcap"));
    g_free(err);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/seeds/m1/legacy", test_m1_legacy);
    g_test_add_func("/seeds/m1/napi", test_m1_napi);
    g_test_add_func("/seeds/m3/twist-vs-irqoff", test_m3);
    g_test_add_func("/seeds/m3/profile-same-cycles", test_m3_profile);
    g_test_add_func("/seeds/m2/legacy", test_m2_legacy);
    g_test_add_func("/seeds/m2/napi", test_m2_napi);
    g_test_add_func("/seeds/deterministic", test_deterministic);
    g_test_add_func("/seeds/errors", test_errors);
    g_test_add_func("/seeds/duration-sampler", test_duration_sampler);
    return g_test_run();
}
