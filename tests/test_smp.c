/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * host.cpus > 1 (testbench/sim/smp.c): determinism, CPU time accounting (each
 * CPU's contexts add up to the simulated time), IRQ affinity, a pinned
 * UDP reader, more forwarding than one CPU when CPU-bound, bad CPU
 * numbers.  Runs the shipped forward-smp2.ini with reduced counts.
 */
#include <glib.h>
#include <string.h>

#include "one_host.h"
#include "scenario/scenario_load.h"
#include "sim/sim.h"

#define SMP2 TB_SCENARIOS_DIR "/forward-smp2.ini"

static void load(TbScenario *sc, const char *const *sets)
{
    char *err = NULL;
    if (one_host_load(SMP2, sets, sc, &err)) {
        g_error("%s", err);
    }
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
    tb_sim_free(sim);
    g_assert_cmpuint(r.rx_queued + r.rx_filtered + r.rx_disabled
                     + r.rx_overrun + r.rx_bad_size, ==, r.offered);
    return r;
}

static uint64_t total(const TbCpuTime *t)
{
    return t->hardirq + t->softirq + t->process + t->idle;
}

static const char *const short_2cpu[] = {
    "traffic.a.count=20000", "traffic.b.count=20000", NULL};
static const char *const short_1cpu[] = {
    "traffic.a.count=20000", "traffic.b.count=20000", "host.cpus=1",
    "nic.eth1.cpu=0", NULL};

/* Two runs of one 2-CPU scenario give the same results, and each CPU's
 * time adds up to the simulated span: total = cpus x simulated time. */
static void test_deterministic_and_accounted(void)
{
    TbScenario sc;
    load(&sc, short_2cpu);
    g_assert_cmpuint(sc.host.cpus, ==, 2);
    TbResults a = run(&sc);
    TbResults b = run(&sc);
    g_assert_cmpuint(a.sim_ns, ==, b.sim_ns);
    g_assert_cmpuint(a.forwarded, ==, b.forwarded);
    g_assert_true(memcmp(a.cpus, b.cpus, sizeof(a.cpus)) == 0);
    g_assert_true(memcmp(&a.cpu, &b.cpu, sizeof(a.cpu)) == 0);
    g_assert_cmpuint(a.iface[0].interrupts, ==, b.iface[0].interrupts);
    g_assert_cmpuint(a.iface[1].stats.tx_packets, ==,
                     b.iface[1].stats.tx_packets);

    uint64_t span = a.sim_ns - a.init_ns;
    g_assert_cmpuint(a.ncpus, ==, 2);
    g_assert_cmpuint(total(&a.cpus[0]), ==, span);
    g_assert_cmpuint(total(&a.cpus[1]), ==, span);
    g_assert_cmpuint(total(&a.cpu), ==, 2 * span);
    g_assert_cmpuint(a.cpu.softirq, ==, a.cpus[0].softirq + a.cpus[1].softirq);
    /* both CPUs forwarded (each receives one direction in NET_RX) */
    g_assert_cmpuint(a.cpus[0].softirq, >, 0);
    g_assert_cmpuint(a.cpus[1].softirq, >, 0);
    g_assert_cmpuint(a.offered, ==, 40000);
}

/* IRQ affinity: nic.NAME.cpu puts every interrupt of a line on one CPU;
 * without the key a NIC's line goes to CPU (index mod cpus). */
static void test_affinity(void)
{
    TbScenario sc;
    load(&sc, short_2cpu);
    TbResults r = run(&sc);
    g_assert_cmpuint(r.iface[0].cpu, ==, 0);
    g_assert_cmpuint(r.iface[1].cpu, ==, 1);
    g_assert_cmpuint(r.iface[0].interrupts, >, 0);
    g_assert_cmpuint(r.iface[1].interrupts, >, 0);
    /* both lines on CPU 1 */
    static const char *const both1[] = {
        "traffic.a.count=2000", "traffic.b.count=2000", "nic.eth0.cpu=1",
        NULL};
    load(&sc, both1);
    r = run(&sc);
    g_assert_cmpuint(r.iface[0].cpu, ==, 1);
    g_assert_cmpuint(r.iface[1].cpu, ==, 1);
    /* CPU 0 takes no NIC interrupt: no RX work, only ticks (hardirq) */
    g_assert_cmpuint(r.cpus[0].softirq, <, r.cpus[1].softirq / 100);
    /* defaults: 4 CPUs, NIC i on CPU i mod 4 (no cpu key in the file) */
    sc.host.cpus = 4;
    sc.nic[0].cpu_plus1 = 0;
    sc.nic[1].cpu_plus1 = 0;
    r = run(&sc);
    g_assert_cmpuint(r.ncpus, ==, 4);
    g_assert_cmpuint(r.iface[0].cpu, ==, 0);
    g_assert_cmpuint(r.iface[1].cpu, ==, 1);
    g_assert_cmpuint(total(&r.cpus[3]), ==, r.sim_ns - r.init_ns);
    g_assert_cmpuint(r.cpus[3].idle, >, total(&r.cpus[3]) * 99 / 100);
}

/* CPU-bound (800 kpps offered, one piii-933 forwards < 300 kpps): with
 * each port's IRQ on its own CPU, two CPUs forward more than one. */
static void test_two_cpus_forward_more(void)
{
    TbScenario sc;
    load(&sc, short_1cpu);
    TbResults one = run(&sc);
    load(&sc, short_2cpu);
    TbResults two = run(&sc);
    g_assert_cmpuint(one.ncpus, ==, 1);
    /* the one CPU is saturated while frames come (50 ms of 70 ms: the
     * last 20 ms are the drain) */
    g_assert_cmpuint(one.cpu.softirq, >, total(&one.cpu) * 6 / 10);
    g_assert_cmpuint(two.forwarded, >, one.forwarded);
    g_assert_cmpuint(one.forwarded + one.rx_overrun, <=, one.offered);
}

/* The UDP reader pinned to CPU 1 by host.sink_cpu runs there: process
 * time on CPU 1 only, and the datagrams arrive. */
static void test_sink_pinned(void)
{
    TbScenario sc;
    static const char *const sets[] = {
        "traffic.a.count=3000", "host.sink_udp_port=9",
        "host.sink_cpu=1", "nic.eth1.cpu=0", "traffic.a.dst_ip=10.0.0.1",
        "traffic.a.pps=100000", NULL};
    load(&sc, sets);
    sc.nsources = 1;
    TbResults r = run(&sc);
    g_assert_cmpuint(r.sink_datagrams, >, 0);
    g_assert_cmpuint(r.sink_datagrams + r.sink_drops, ==, r.local_delivered);
    g_assert_cmpuint(r.cpus[1].process, >, 0);
    g_assert_cmpuint(r.cpus[0].process, ==, 0);
    g_assert_cmpuint(total(&r.cpus[1]), ==, r.sim_ns - r.init_ns);
}

/* A long quiet stretch after the traffic (drain 600 s) is skipped in
 * closed form for the whole set (smp.c tb_smp_idle_skip): each CPU still
 * takes every tick (hardirq time = ticks x the tick's cost, its jiffies
 * interrupt count one per tick), its contexts add up to the span, and two
 * runs agree. */
static void test_idle_stretch(void)
{
    static const char *const quiet[] = {
        "traffic.a.count=2000", "traffic.b.count=2000", "run.drain=600s",
        NULL};
    TbScenario sc;
    load(&sc, quiet);
    TbResults a = run(&sc), b = run(&sc);
    uint64_t span = a.sim_ns - a.init_ns;

    g_assert_true(memcmp(a.cpus, b.cpus, sizeof(a.cpus)) == 0);
    g_assert_cmpuint(a.sim_ns, ==, b.sim_ns);
    g_assert_cmpuint(span, >, 600000000000ull);
    for (uint32_t i = 0; i < 2; i++) {
        g_assert_cmpuint(total(&a.cpus[i]), ==, span);
        /* hz = 1000: at least 600,000 ticks of at least 1 ns each */
        g_assert_cmpuint(a.cpus[i].hardirq, >=, 600000);
        g_assert_cmpuint(a.cpus[i].idle, >, span / 10 * 9);
    }
}

/* A CPU number the host does not have is a one-line loader error at
 * the key (file:line for a key of the file). */
static void test_errors(void)
{
    TbScenario sc;
    char *err = NULL;
    static const char *const one_cpu[] = {"host.cpus=1", NULL};
    static const char *const sink2[] = {"host.sink_cpu=2", NULL};
    g_assert_cmpint(one_host_load(SMP2, one_cpu, &sc, &err), <, 0);
    g_assert_nonnull(strstr(err, "forward-smp2.ini:"));
    g_assert_nonnull(strstr(err, ": [nic.eth1] cpu: 1 is not a CPU of the "
                                 "host"));
    g_assert_null(strchr(err, '\n'));
    g_clear_pointer(&err, g_free);
    g_assert_cmpint(one_host_load(SMP2, sink2, &sc, &err), <, 0);
    g_assert_cmpstr(err, ==, "--set host.sink_cpu=2: [host] sink_cpu: 2 is "
                             "not a CPU of the host (cpus = 2: 0..1)");
    g_clear_pointer(&err, g_free);
    /* host.cpus itself is range-checked by the loader */
    static const char *const bad[] = {"host.cpus=9", NULL};
    g_assert_cmpint(one_host_load(SMP2, bad, &sc, &err), <, 0);
    g_assert_nonnull(strstr(err, "host.cpus"));
    g_assert_nonnull(strstr(err, "out of range 1..8"));
    g_clear_pointer(&err, g_free);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/smp/deterministic_and_accounted",
                    test_deterministic_and_accounted);
    g_test_add_func("/smp/affinity", test_affinity);
    g_test_add_func("/smp/two_cpus_forward_more", test_two_cpus_forward_more);
    g_test_add_func("/smp/sink_pinned", test_sink_pinned);
    g_test_add_func("/smp/errors", test_errors);
    g_test_add_func("/smp/idle-stretch", test_idle_stretch);
    return g_test_run();
}
