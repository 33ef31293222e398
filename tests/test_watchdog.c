/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The transmit watchdog and the adapter reset (issue 29), on the shipped
 * scenario testbench/scenarios/watchdog-reset.ini: eth1's DMA hangs at
 * 1 s (fault_tx_stall_at, fault_rx_stall_at); the net core's dev_watchdog
 * (watchdog_timeo = 5 s, Linux e1000_probe's 5 * HZ, checked every 5 s)
 * logs "NETDEV WATCHDOG: eth1: transmit timed out" at its 10 s run; the
 * driver's tx_timeout resets the adapter on the worker; the link drops
 * and returns after autonegotiation (the model's trace: CTRL.RST, link
 * down, link up; the kernel's "NIC Link is Up 1000 Mbps Full Duplex"); frames that arrived while the receive DMA hung are missed
 * (MPC) on eth1 only; eth1 transmits again; two runs are identical.
 * Run at 2 kpps each way (the scenario's 10 kpps gives the same events).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "one_host.h"
#include "sim/sim.h"

#define SCENARIO TB_SCENARIOS_DIR "/watchdog-reset.ini"
#define NS_S 1000000000ull

/* What left eth1's wire, by period, and a digest of every frame out. */
typedef struct Wire {
    uint64_t epoch;
    uint64_t before_stall;   /* eth1 frames before 1 s */
    uint64_t hung;           /* eth1 frames from 1.1 s to 10 s */
    uint64_t after_reset;    /* eth1 frames after 10.5 s */
    uint64_t last_hung_ns;   /* last eth1 frame before 10 s */
    uint64_t digest;
} Wire;

static void tx_hook(void *ctx, uint32_t host, int nic, uint64_t t_ns,
                    const uint8_t *frame, uint32_t len)
{
    Wire *w = ctx;
    (void)host;
    (void)frame;
    w->digest = (w->digest ^ (t_ns + (uint64_t)nic * 7919u + len))
                * 1099511628211ull;
    if (nic != 1 || !w->epoch) {
        return;
    }
    uint64_t t = t_ns - w->epoch;
    if (t < NS_S) {
        w->before_stall++;
    } else if (t < 10 * NS_S) {
        w->last_hung_ns = t;
        if (t >= NS_S + NS_S / 10) {
            w->hung++;
        }
    } else if (t >= 10 * NS_S + NS_S / 2) {
        w->after_reset++;
    }
}

/* A run of the scenario with the settings @sets, the device model's
 * trace lines to @trace (NULL: none). */
static TbSim *load_sim(const char *const *sets, FILE *trace)
{
    TbScenario sc;
    char *err = NULL;
    char name[1][TB_NAME_LEN] = {""};
    g_assert_cmpint(one_host_load(SCENARIO, sets, &sc, &err), ==, 0);
    TbTopology t = {.nhosts = 1, .host_name = name, .host = &sc};
    TbSim *sim = tb_sim_new_traced(&t, trace, &err);
    g_assert_nonnull(sim);
    return sim;
}

/* The device model's trace after the watchdog's run at 10 s: eth1 is
 * reset (CTRL.RST), its link goes down and comes back at 1000 Mb/s. */
static void check_trace(const char *trace)
{
    const char *t10 = strstr(trace, "[   10.");
    g_assert_nonnull(t10);
    const char *rst = strstr(t10, "eth1: e1000: reset CTRL.RST");
    g_assert_nonnull(rst);
    const char *down = strstr(rst, "eth1: e1000: link down");
    g_assert_nonnull(down);
    g_assert_nonnull(strstr(down, "eth1: e1000: link up 1000 Mb/s"));
    /* nothing of eth0's link moved after start-up */
    g_assert_null(strstr(t10, "eth0: e1000: link"));
}

/* One run of the scenario at 2 kpps each way: its results (copied),
 * its wire counts, and the log's "transmit timed out" line and its last
 * line (newly allocated text). */
static void run(TbResults *res, Wire *w, char **log_timeout, char **log_last)
{
    static const char *const sets[] = {
        "traffic.in0.pps=2000", "traffic.in0.count=24000",
        "traffic.in1.pps=2000", "traffic.in1.count=24000", NULL};
    char *err = NULL, *trace = NULL;
    size_t trace_len = 0;
    FILE *tf = open_memstream(&trace, &trace_len);
    g_assert_nonnull(tf);
    TbSim *sim = load_sim(sets, tf);
    memset(w, 0, sizeof(*w));
    w->epoch = tb_sim_results(sim, 0)->init_ns;
    tb_sim_set_tx_hook(sim, tx_hook, w);
    g_assert_cmpint(tb_sim_run(sim, &err), ==, 0);
    *res = *tb_sim_results(sim, 0);
    uint64_t timeouts = 0, up = 0;
    uint64_t n = tb_sim_log_count(sim, 0, &timeouts, &up);
    g_assert_cmpuint(timeouts, ==, 1);
    /* eth0 and eth1 at probe, eth1 again after the reset */
    g_assert_cmpuint(up, ==, 3);
    g_assert_cmpuint(n, >=, 3);
    /* the newest three lines: timeout, reset, link up (index 0 newest) */
    *log_timeout = g_strdup(tb_sim_log_line(sim, 0, 2));
    *log_last = g_strdup(tb_sim_log_line(sim, 0, 0));
    tb_sim_free(sim);
    fclose(tf);
    check_trace(trace);
    free(trace);
}

static void test_watchdog_reset(void)
{
    TbResults r, r2;
    Wire w, w2;
    char *lt, *ll, *lt2, *ll2;
    run(&r, &w, &lt, &ll);

    /* the kernel's lines, as Linux logs them */
    g_assert_nonnull(strstr(lt, "NETDEV WATCHDOG: eth1: transmit timed out"));
    g_assert_nonnull(strstr(ll, "e1000 eth1: NIC Link is Up 1000 Mbps Full "
                                "Duplex"));
    /* the timeout on eth1 only, one reset by its driver */
    g_assert_cmpuint(r.iface[1].tx_timeouts, ==, 1);
    g_assert_cmpuint(r.iface[0].tx_timeouts, ==, 0);
    g_assert_cmpuint(r.iface[1].drv.resets, ==, 1);
    g_assert_cmpuint(r.iface[0].drv.resets, ==, 0);
    /* the hung receive DMA: frames missed (MPC, rx_missed_errors) on
     * eth1 only: 2 kpps for ~9 s, less the packet buffer's frames */
    g_assert_cmpuint(r.iface[1].nic.mpc, >, 15000);
    g_assert_cmpuint(r.iface[1].stats.rx_missed_errors, ==,
                     r.iface[1].nic.mpc);
    g_assert_cmpuint(r.iface[0].nic.mpc, ==, 0);
    g_assert_cmpuint(r.iface[0].stats.rx_missed_errors, ==, 0);
    /* eth1 transmitted before the hang, nothing while hung (the ring's
     * frames drain within 10 ms), and again after the reset; the
     * frames routed to it meanwhile overflowed its qdisc */
    g_assert_cmpuint(w.before_stall, >, 1000);
    g_assert_cmpuint(w.hung, ==, 0);
    g_assert_cmpuint(w.after_reset, >, 2000);
    g_assert_cmpuint(r.iface[1].qdisc_drops, >, 10000);
    /* while the receiver was off and the link renegotiated, arriving
     * frames were not received (the chip counts none of them) */
    g_assert_cmpuint(r.rx_disabled, >, 0);

    /* deterministic: a second run gives the same frames at the same
     * instants and the same counters */
    run(&r2, &w2, &lt2, &ll2);
    g_assert_cmpuint(w.digest, ==, w2.digest);
    g_assert_cmpstr(lt, ==, lt2);
    g_assert_cmpstr(ll, ==, ll2);
    g_assert_cmpuint(r.iface[1].nic.mpc, ==, r2.iface[1].nic.mpc);
    g_assert_cmpuint(r.forwarded, ==, r2.forwarded);
    g_free(lt);
    g_free(ll);
    g_free(lt2);
    g_free(ll2);
}

/* The transmit stall alone: the watchdog fires, nothing is missed. */
static void test_tx_stall_only(void)
{
    static const char *const sets[] = {
        "nic.eth1.fault_rx_stall_at=0",
        "traffic.in0.pps=2000", "traffic.in0.count=24000",
        "traffic.in1.pps=2000", "traffic.in1.count=24000", NULL};
    char *err = NULL;
    TbSim *sim = load_sim(sets, NULL);
    g_assert_cmpint(tb_sim_run(sim, &err), ==, 0);
    const TbResults *r = tb_sim_results(sim, 0);
    g_assert_cmpuint(r->iface[1].tx_timeouts, ==, 1);
    g_assert_cmpuint(r->iface[1].drv.resets, ==, 1);
    g_assert_cmpuint(r->iface[1].nic.mpc, ==, 0);
    g_assert_cmpuint(r->iface[0].nic.mpc, ==, 0);
    tb_sim_free(sim);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/watchdog/reset", test_watchdog_reset);
    g_test_add_func("/watchdog/tx-stall-only", test_tx_stall_only);
    return g_test_run();
}
