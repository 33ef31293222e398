/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the scenario loader (testbench/scenario/scenario_load.c): the
 * shipped scenarios load with the values the seeds state, defaults follow
 * docs/scenarios.md (driver defaults are the Linux ones, e1000_param.c),
 * --set overrides, and every kind of bad input gives one line naming the
 * file, the line and the key.
 */
#include <string.h>

#include <glib.h>

#include "one_host.h"
#include "scenario/scenario_keys.h"
#include "scenario/scenario_load.h"
#include "scenario/topology.h"

static TbScenario sc;

static void load_ok(const char *text, const char *const *sets)
{
    char *err = NULL;
    int r = one_host_load_data(text, "t.ini", NULL, sets, &sc, &err);
    if (r) {
        g_test_message("error: %s", err);
    }
    g_assert_cmpint(r, ==, 0);
    g_assert_null(err);
}

/* Load @text expecting an error; return it (caller frees). */
static char *load_err(const char *text, const char *const *sets)
{
    char *err = NULL;
    int r = one_host_load_data(text, "t.ini", NULL, sets, &sc, &err);
    g_assert_cmpint(r, ==, -1);
    g_assert_nonnull(err);
    g_assert_null(strchr(err, '\n'));
    return err;
}

static void assert_err(const char *text, const char *const *sets,
                       const char *want)
{
    char *err = load_err(text, sets);
    if (strcmp(err, want)) {
        g_test_message("got:  %s\nwant: %s", err, want);
    }
    g_assert_cmpstr(err, ==, want);
    g_free(err);
}

#define MINIMAL \
    "[nic.eth0]\n"                       /* 1 */ \
    "mac = 00:07:e9:00:00:10\n"          /* 2 */ \
    "ip = 10.0.0.1/24\n"                 /* 3 */ \
    "[traffic]\n"                        /* 4 */ \
    "count = 100\n"                      /* 5 */

static void test_defaults(void)
{
    struct e1k_drv_params d;
    E1kBus bus;

    load_ok(MINIMAL, NULL);
    e1k_drv_params_default(&d);
    g_assert_cmpstr(sc.name, ==, "t");
    g_assert_cmpstr(sc.host.profile, ==, "piii-933");
    g_assert_cmpuint(sc.host.cpus, ==, 1);
    g_assert_cmpuint(sc.host.hz, ==, 1000);
    g_assert_cmpuint(sc.host.netdev_budget, ==, 300);
    g_assert_cmpuint(sc.host.netdev_budget_usecs, ==, 2000); /* 2 jiffies */
    g_assert_cmpuint(sc.host.netdev_max_backlog, ==, 1000);
    g_assert_cmpuint(sc.host.dev_weight, ==, 64);
    g_assert_cmpuint(sc.host.max_softirq_restart, ==, 10);
    g_assert_cmpuint(sc.host.max_softirq_time_us, ==, 2000);
    g_assert_cmpuint(sc.nnics, ==, 1);
    g_assert_cmpstr(sc.nic[0].name, ==, "eth0");
    g_assert_cmpint(sc.nic[0].chip, ==, E1K_CHIP_82545EM);
    g_assert_cmpuint(sc.nic[0].link_mbps, ==, 1000);
    g_assert_cmpstr(sc.nic[0].partner, ==, "auto");
    g_assert_cmphex(sc.nic[0].partner_modes, ==, E1K_LP_ALL);
    g_assert_cmpint(sc.nic[0].partner_autoneg, ==, 1);
    g_assert_cmpuint(sc.nic[0].txqueuelen, ==, 1000);
    g_assert_cmpuint(sc.nic[0].ip, ==, 0x0a000001);
    g_assert_cmpuint(sc.nic[0].prefix_len, ==, 24);
    g_assert_cmpmem(&sc.nic[0].drv, sizeof(d), &d, sizeof(d));
    g_assert_cmpint(e1k_bus_preset(E1K_BUS_PCI_64_66, &bus), ==, 0);
    g_assert_cmpmem(&sc.nic[0].bus, sizeof(bus), &bus, sizeof(bus));
    /* the on-link route of eth0 */
    g_assert_cmpuint(sc.nroutes, ==, 1);
    g_assert_cmpuint(sc.route[0].prefix, ==, 0x0a000000);
    g_assert_cmpuint(sc.route[0].prefix_len, ==, 24);
    g_assert_cmpuint(sc.nsources, ==, 1);
    g_assert_cmpint(sc.traffic[0].kind, ==, TB_TRAFFIC_PKTGEN);
    g_assert_cmpint(sc.traffic[0].pace, ==, TB_PACE_TOPSPEED);
    g_assert_cmpuint(sc.traffic[0].frame_size, ==, 64);
    g_assert_cmpuint(sc.traffic[0].dst_ip, ==, 0x0a000001);
    g_assert_cmpuint(sc.run.sample_ns, ==, 1000000);
    g_assert_cmpuint(sc.run.drain_ns, ==, 10000000);
}

/* [nic] partner: parsed into the model's fields; a bad description or
 * one without a mode at link_mbps is refused at the key. */
static void test_partner(void)
{
    static const char *const forced[] = { "nic.eth0.partner=forced:100full",
                                          "nic.eth0.link_mbps=100", NULL };
    static const char *const bad[] = { "nic.eth0.partner=auto:100", NULL };
    static const char *const slow[] = { "nic.eth0.partner=forced:100full",
                                        NULL };

    load_ok(MINIMAL, forced);
    g_assert_cmphex(sc.nic[0].partner_modes, ==, E1K_LP_100FD);
    g_assert_cmpint(sc.nic[0].partner_autoneg, ==, 0);
    assert_err(MINIMAL, bad, "--set nic.eth0.partner=auto:100: [nic.eth0] "
               "partner: 'auto:100' is not "
               "auto, auto:MODES or forced:MODE (modes 10half, 10full, "
               "100half, 100full, 1000half, 1000full joined by +)");
    assert_err(MINIMAL, slow, "--set nic.eth0.partner=forced:100full: "
               "[nic.eth0] partner: 'forced:100full' has no mode at "
               "link_mbps 1000 (the partner's top speed)");
}

/* chip = 82598EB: its keys, its link, its driver's ranges, the vectors'
 * affinity; the e1000-only keys refused on it and its keys on an e1000 */
static void test_82598(void)
{
    static const char *const x4[] = { "nic.eth0.chip=82598EB",
        "nic.eth0.queues=4", "host.cpus=4", "nic.eth0.irq_affinity=3,2",
        NULL };
    static const char *const on_e1000[] = { "nic.eth0.queues=2", NULL };
    static const char *const partner[] = { "nic.eth0.chip=82598EB",
        "nic.eth0.partner=auto", NULL };
    static const char *const itr[] = { "nic.eth0.chip=82598EB",
        "nic.eth0.InterruptThrottleRate=955", NULL };
    static const char *const cpu9[] = { "nic.eth0.chip=82598EB",
        "host.cpus=2", "nic.eth0.irq_affinity=0,2", NULL };
    static const char *const lro[] = { "nic.eth0.chip=82598EB",
        "nic.eth0.lro=true", "nic.eth0.mode=legacy", NULL };
    static const char *const gig[] = { "nic.eth0.chip=82598EB",
        "nic.eth0.link_mbps=1000", NULL };
    static const char *const cbreak[] = { "nic.eth0.chip=82598EB",
        "driver.copybreak=0", NULL };

    load_ok(MINIMAL, x4);
    g_assert_cmpint(sc.nic[0].chip, ==, TB_CHIP_82598EB);
    g_assert_cmpuint(sc.nic[0].link_mbps, ==, 10000);
    g_assert_cmpuint(sc.nic[0].queues, ==, 4);
    g_assert_cmpuint(sc.nic[0].nirq_cpus, ==, 2);
    g_assert_cmpuint(sc.nic[0].irq_cpus[0], ==, 3);
    g_assert_cmpuint(sc.nic[0].irq_cpus[1], ==, 2);
    g_assert_cmpstr(sc.nic[0].bus_name, ==, "pcie1-x8");
    assert_err(MINIMAL, on_e1000, "--set nic.eth0.queues=2: [nic.eth0] "
               "queues: only for chip = 82598EB");
    assert_err(MINIMAL, partner, "--set nic.eth0.partner=auto: [nic.eth0] "
               "partner: not a setting of the 82598EB (its driver core and "
               "PCIe bus: docs/driver.md)");
    assert_err(MINIMAL, itr, "--set nic.eth0.InterruptThrottleRate=955: "
               "[nic.eth0] InterruptThrottleRate: 82598EB driver: "
               "InterruptThrottleRate: 0, 1, 3 or 956..488281");
    assert_err(MINIMAL, cpu9, "--set nic.eth0.irq_affinity=0,2: [nic.eth0] "
               "irq_affinity: '0,2' is not a list of at most 17 CPUs 0..1");
    assert_err(MINIMAL, lro, "--set nic.eth0.lro=true: [nic.eth0] lro: "
               "needs a NAPI mode and XsumRX 1");
    assert_err(MINIMAL, gig, "--set nic.eth0.link_mbps=1000: [nic.eth0] "
               "link_mbps: 1000: the 82598EB links at 10000");
    /* [driver] keys of the e1000 core alone: refused, not ignored */
    assert_err(MINIMAL, cbreak, "--set driver.copybreak=0: [driver] "
               "copybreak: a setting of the e1000 driver core only, and "
               "every NIC is an 82598EB");
}

/* [host] kernel: 2.4 (default) leaves an 82598EB as the driver keys say;
 * 2.6.22 turns TSO + XsumTX on and NAPI to one poll per device, 2.6.24
 * the same offloads with a NAPI context per vector; a driver key given
 * wins; an unknown kernel is refused at the key (docs/tcp.md). */
static void test_kernel(void)
{
    static const char *const k24[] = { "nic.eth0.chip=82598EB", NULL };
    static const char *const k22[] = { "nic.eth0.chip=82598EB",
        "host.kernel=2.6.22", NULL };
    static const char *const k24b[] = { "nic.eth0.chip=82598EB",
        "host.kernel=2.6.24", "driver.TSO=0", NULL };
    static const char *const bad[] = { "host.kernel=2.6", NULL };

    load_ok(MINIMAL, k24);
    g_assert_cmpint(sc.host.kernel, ==, TB_KERNEL_2_4);
    g_assert_cmpuint(sc.nic[0].drv.TSO, ==, 0);
    g_assert_cmpuint(sc.nic[0].drv.XsumTX, ==, 0);
    g_assert_cmpuint(sc.nic[0].napi_per_device, ==, 0);
    load_ok(MINIMAL, k22);
    g_assert_cmpint(sc.host.kernel, ==, TB_KERNEL_2_6_22);
    g_assert_cmpuint(sc.nic[0].drv.TSO, ==, 1);
    g_assert_cmpuint(sc.nic[0].drv.XsumTX, ==, 1);
    g_assert_cmpuint(sc.nic[0].napi_per_device, ==, 1);
    load_ok(MINIMAL, k24b);
    g_assert_cmpuint(sc.nic[0].drv.TSO, ==, 0);
    g_assert_cmpuint(sc.nic[0].napi_per_device, ==, 0);
    assert_err(MINIMAL, bad, "--set host.kernel=2.6: [host] kernel: '2.6' "
               "is not a kernel (2.4, 2.6.22, 2.6.24)");
}

static char *scen(const char *name)
{
    return g_build_filename(TB_SCENARIOS_DIR, name, NULL);
}

static void load_file(const char *name)
{
    char *p = scen(name), *err = NULL;
    int r = one_host_load(p, NULL, &sc, &err);
    if (r) {
        g_test_message("%s", err);
    }
    g_assert_cmpint(r, ==, 0);
    g_free(p);
}

/* The seeds' M1-M3 conditions as the shipped files state them */
static void test_shipped(void)
{
    load_file("forward-970kpps-legacy.ini");
    g_assert_cmpstr(sc.name, ==, "forward-970kpps-legacy");
    g_assert_cmpuint(sc.nnics, ==, 2);
    g_assert_cmpstr(sc.nic[0].name, ==, "eth0");
    g_assert_cmpstr(sc.nic[1].name, ==, "eth1");
    g_assert_cmpint(sc.nic[0].drv.mode, ==, E1K_MODE_LEGACY);
    g_assert_cmpuint(sc.nic[0].drv.RxIntDelay, ==, 64);
    g_assert_cmpuint(sc.traffic[0].count, ==, 1000000);
    g_assert_cmpfloat(sc.traffic[0].pps, ==, 970000.0);
    g_assert_cmpuint(sc.traffic[0].frame_size, ==, 64);
    g_assert_cmpint(sc.traffic[0].nic, ==, 0);
    g_assert_cmpuint(sc.host.cpus, ==, 1);
    /* 2 on-link routes + route.sink 10.2.0.0/16 via 10.1.0.2 dev eth1 */
    g_assert_cmpuint(sc.nroutes, ==, 3);
    g_assert_cmpuint(sc.route[2].prefix, ==, 0x0a020000);
    g_assert_cmpuint(sc.route[2].prefix_len, ==, 16);
    g_assert_cmpuint(sc.route[2].gateway, ==, 0x0a010002);
    g_assert_cmpint(sc.route[2].nic, ==, 1);

    load_file("forward-970kpps-napi.ini");
    g_assert_cmpint(sc.nic[0].drv.mode, ==, E1K_MODE_NAPI);
    g_assert_cmpuint(sc.nic[0].drv.RxIntDelay, ==, 1);
    g_assert_cmpuint(sc.traffic[0].count, ==, 1000000);

    const char *m3[] = {"forward-10M-twist.ini", "forward-10M-irqoff.ini"};
    const int mode[] = {E1K_MODE_NAPI_TWIST, E1K_MODE_NAPI};
    for (int i = 0; i < 2; i++) {
        load_file(m3[i]);
        g_assert_cmpstr(sc.nic[0].name, ==, "eth2");
        g_assert_cmpstr(sc.nic[1].name, ==, "eth3");
        for (int n = 0; n < 2; n++) {
            g_assert_cmpint(sc.nic[n].drv.mode, ==, mode[i]);
            g_assert_cmpuint(sc.nic[n].drv.RxDescriptors, ==, 256);
            g_assert_cmpuint(sc.nic[n].drv.TxDescriptors, ==, 256);
            g_assert_cmpuint(sc.nic[n].drv.RxIntDelay, ==, 1);
            g_assert_cmpuint(sc.nic[n].drv.FlowControl, ==, 0);
        }
        g_assert_cmpuint(sc.traffic[0].count, ==, 10000000);
    }

    load_file("udp-stream-1440.ini");
    g_assert_cmpuint(sc.traffic[0].udp_payload, ==, 1440);
    g_assert_cmpuint(sc.host.sink_udp_port, ==, 5001);
    g_assert_cmpuint(sc.traffic[0].udp_dst_port, ==, 5001);
    g_assert_cmpuint(sc.run.duration_ns, ==, 30000000000ull);

    const char *x[] = {"forward-10g-1q.ini", "forward-10g-4q.ini"};
    for (uint32_t i = 0; i < 2; i++) {
        load_file(x[i]);
        g_assert_cmpuint(sc.host.cpus, ==, 4);
        g_assert_cmpint(sc.nic[0].chip, ==, TB_CHIP_82598EB);
        g_assert_cmpuint(sc.nic[1].queues, ==, i ? 4u : 1u);
        g_assert_cmpuint(sc.nic[0].link_mbps, ==, 10000);
        g_assert_cmpfloat(sc.traffic[0].pps, ==, 14880952.0);
    }

    load_file("replay-pcap.ini");
    g_assert_cmpint(sc.traffic[0].kind, ==, TB_TRAFFIC_PCAP);
    g_assert_cmpint(sc.traffic[0].rewrite_dst_mac, ==, 1);
    g_assert_true(g_str_has_suffix(sc.traffic[0].pcap,
                                   "tests/data/traces/tls_ciphers.pcap"));
    g_assert_true(g_file_test(sc.traffic[0].pcap, G_FILE_TEST_IS_REGULAR));
}

/* The profile the loader checked is kept, as a fresh load of that file
 * with the scenario's cpu_mhz gives it (the run uses it, sim_host.c). */
static void test_profile_kept(void)
{
    const char *sets[] = {"host.cpu_mhz=466", NULL};
    char *p = scen("forward-10M-irqoff.ini"), *err = NULL;
    TbProfile fresh;

    for (int i = 0; i < 2; i++) {
        g_assert_cmpint(one_host_load(p, i ? sets : NULL, &sc, &err), ==,
                        0);
        g_assert_true(g_str_has_suffix(sc.host.prof_file, "piii-s-1266.ini"));
        g_assert_cmpuint(sc.host.prof_cpu_mhz, ==, i ? 466 : 0);
        g_assert_cmpint(tb_profile_load(&fresh, sc.host.prof_file,
                                        sc.host.cpu_mhz, &err), ==, 0);
        g_assert_cmpfloat(sc.host.prof.mhz, ==, i ? 466.0 : 1266.0);
        g_assert_cmpmem(&sc.host.prof, sizeof(fresh), &fresh, sizeof(fresh));
    }
    g_free(p);
}

static void test_set_overrides(void)
{
    const char *sets[] = {"traffic.pps=1234.5", "nic.eth1.RxIntDelay=5",
                          "driver.mode=legacy", "run.duration=2ms",
                          "traffic.pcap=x.pcap", NULL};
    const char *text =
        "[driver]\nRxIntDelay = 1\n"
        "[nic.eth0]\nmac = 00:07:e9:00:00:10\n"
        "[nic.eth1]\nmac = 00:07:e9:00:00:11\n"
        "[traffic]\nkind = pcap\nnic = eth0\npcap = y.pcap\n";
    load_ok(text, sets);
    /* no pace key: a pps key selects pace = pps */
    g_assert_cmpint(sc.traffic[0].pace, ==, TB_PACE_PPS);
    g_assert_cmpfloat(sc.traffic[0].pps, ==, 1234.5);
    g_assert_cmpuint(sc.nic[0].drv.RxIntDelay, ==, 1);
    g_assert_cmpuint(sc.nic[1].drv.RxIntDelay, ==, 5);
    g_assert_cmpint(sc.nic[0].drv.mode, ==, E1K_MODE_LEGACY);
    g_assert_cmpint(sc.nic[1].drv.mode, ==, E1K_MODE_LEGACY);
    g_assert_cmpuint(sc.run.duration_ns, ==, 2000000);
    /* a --set path is taken from the current directory as given */
    g_assert_cmpstr(sc.traffic[0].pcap, ==, "x.pcap");
}

static void test_imix_parse(void)
{
    load_ok("[nic.eth0]\nmac = 00:07:e9:00:00:10\n"
            "[traffic]\ncount = 5\nimix = 64:7, 594:4 ,1518:1\n", NULL);
    g_assert_cmpuint(sc.traffic[0].imix_n, ==, 3);
    g_assert_cmpuint(sc.traffic[0].imix_size[1], ==, 594);
    g_assert_cmpuint(sc.traffic[0].imix_weight[1], ==, 4);
    g_assert_cmpuint(sc.traffic[0].imix_size[2], ==, 1518);
}

static void test_errors(void)
{
    const char *set_bad[] = {"traffic.pps=abc", NULL};
    const char *set_key[] = {"traffic.ppss=1", NULL};
    const char *set_neg[] = {"traffic.pps=-5", NULL};
    const char *set_negu[] = {"traffic.count=-3", NULL};
    const char *set_big[] = {"traffic.count=99999999999999999999", NULL};
    const char *set_sec[] = {"bogus.x=1", NULL};
    const char *set_fmt[] = {"trafficpps", NULL};

    /* the brief's example: a bad number */
    assert_err(MINIMAL "pps = abc\n", NULL,
               "t.ini:6: [traffic] pps: 'abc' is not a number");
    assert_err(MINIMAL "ppss = 1\n", NULL,
               "t.ini:6: [traffic] ppss: unknown key");
    assert_err(MINIMAL "[bogus]\nx = 1\n", NULL,
               "t.ini:6: [bogus]: unknown section (known: scenario, host, "
               "driver, nic.NAME, route.NAME, traffic, traffic.NAME, run, "
               "guest)");
    assert_err("[nic.eth0]\nip = 10.0.0.1/24\n[traffic]\ncount = 1\n", NULL,
               "t.ini:1: [nic.eth0]: missing required key 'mac'");
    assert_err(MINIMAL "nic = eth9\n", NULL,
               "t.ini:6: [traffic] nic: unknown nic 'eth9' (no [nic.eth9] "
               "section)");
    assert_err(MINIMAL "[route.r]\ndst = 10.2.0.0/16\ndev = eth7\n", NULL,
               "t.ini:8: [route.r] dev: unknown nic 'eth7' (no [nic.eth7] "
               "section)");
    assert_err(MINIMAL "[run]\nduration = 10\n", NULL,
               "t.ini:7: [run] duration: '10' is not a time (a number with a "
               "unit: ns, us, ms or s) up to the ceiling of simulated time, "
               "10000000s");
    assert_err(MINIMAL "[run]\nduration = 10000001s\n", NULL,
               "t.ini:7: [run] duration: '10000001s' is not a time (a number "
               "with a unit: ns, us, ms or s) up to the ceiling of simulated "
               "time, 10000000s");
    assert_err("[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\n"
               "count = 20000001\npps = 2\nstart = 1s\n", NULL,
               "t.ini:4: [traffic] count: the frames would take 10000000 s "
               "of simulated time after start, past the ceiling "
               "(10000000 s)");
    assert_err(MINIMAL "frame_size = 63\n", NULL,
               "t.ini:6: [traffic] frame_size: 63 is out of range 64..16128");
    assert_err(MINIMAL "count = 5\n", NULL,
               "t.ini:6: [traffic] count: duplicate key (first on line 5)");
    assert_err(MINIMAL "this line is wrong\n", NULL,
               "t.ini:6: expected '[section]' or 'key = value', got 'this "
               "line is wrong'");
    assert_err(MINIMAL "[driver]\nRxDescriptors = 100\n", NULL,
               "t.ini:7: [driver] RxDescriptors: must be a multiple of 8");
    assert_err(MINIMAL "[driver]\nmode = fast\n", NULL,
               "t.ini:7: [driver] mode: 'fast' is not a driver mode (legacy, "
               "napi-twist, napi, napi-dynitr)");
    assert_err("[nic.eth0]\nmac = 01:07:e9:00:00:10\n[traffic]\ncount=1\n",
               NULL, "t.ini:2: [nic.eth0] mac: a station address must be "
               "unicast");
    assert_err("[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\n", NULL,
               "t.ini:3: [traffic] count: needed (pktgen sends forever "
               "without it) unless [run] duration is set");
    assert_err(MINIMAL "kind = pcap\npcap = a.pcap\nframe_size = 64\n", NULL,
               "t.ini:8: [traffic] frame_size: only for kind = pktgen");
    assert_err("[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\n"
               "kind = pcap\n", NULL,
               "t.ini:3: [traffic]: missing required key 'pcap' (kind = pcap)");
    /* errors in --set arguments name the argument */
    assert_err(MINIMAL, set_bad,
               "--set traffic.pps=abc: [traffic] pps: 'abc' is not a number");
    /* a negative or too large number is out of range, not "not a
     * number" */
    assert_err(MINIMAL, set_neg, "--set traffic.pps=-5: [traffic] pps: "
               "-5 is out of range 0.001..1e+09");
    assert_err(MINIMAL, set_negu, "--set traffic.count=-3: [traffic] "
               "count: -3 is out of range "
               "0..1099511627776");
    assert_err(MINIMAL, set_big, "--set traffic.count=99999999999999999999: "
               "[traffic] count: 99999999999999999999 is out of range "
               "0..1099511627776");
    assert_err(MINIMAL, set_key,
               "--set traffic.ppss=1: [traffic] ppss: unknown key");
    assert_err(MINIMAL, set_sec,
               "--set bogus.x=1: [bogus]: unknown section (known: scenario, "
               "host, driver, nic.NAME, route.NAME, traffic, traffic.NAME, "
               "run, guest)");
    assert_err(MINIMAL, set_fmt,
               "--set trafficpps: expected section.key=value");
}

static void test_missing_file(void)
{
    char *err = NULL;
    g_assert_cmpint(one_host_load("/nonexistent/dir/x.ini", NULL, &sc,
                                     &err), ==, -1);
    g_assert_cmpstr(err, ==, "/nonexistent/dir/x.ini: cannot read scenario: "
                    "No such file or directory");
    g_free(err);
}

static void test_parsers(void)
{
    uint64_t ns;
    uint8_t mac[6];
    uint32_t ip;

    g_assert_cmpint(tb_parse_time_ns("10ms", &ns), ==, 0);
    g_assert_cmpuint(ns, ==, 10000000);
    g_assert_cmpint(tb_parse_time_ns("2s", &ns), ==, 0);
    g_assert_cmpuint(ns, ==, 2000000000);
    g_assert_cmpint(tb_parse_time_ns("1.5us", &ns), ==, 0);
    g_assert_cmpuint(ns, ==, 1500);
    g_assert_cmpint(tb_parse_time_ns("672ns", &ns), ==, 0);
    g_assert_cmpuint(ns, ==, 672);
    g_assert_cmpint(tb_parse_time_ns("0", &ns), ==, 0);
    g_assert_cmpuint(ns, ==, 0);
    g_assert_cmpint(tb_parse_time_ns("10", &ns), ==, -1);
    g_assert_cmpint(tb_parse_time_ns("-1s", &ns), ==, -1);
    g_assert_cmpint(tb_parse_time_ns("1h", &ns), ==, -1);
    g_assert_cmpint(tb_parse_mac("00:07:E9:0a:bc:ff", mac), ==, 0);
    g_assert_cmphex(mac[2], ==, 0xe9);
    g_assert_cmphex(mac[5], ==, 0xff);
    g_assert_cmpint(tb_parse_mac("00:07:e9:0a:bc", mac), ==, -1);
    g_assert_cmpint(tb_parse_mac("00-07-e9-0a-bc-ff", mac), ==, -1);
    g_assert_cmpint(tb_parse_ipv4("10.1.255.0", &ip), ==, 0);
    g_assert_cmphex(ip, ==, 0x0a01ff00);
    g_assert_cmpint(tb_parse_ipv4("10.1.256.0", &ip), ==, -1);
    g_assert_cmpint(tb_parse_ipv4("10.1.2", &ip), ==, -1);
    g_assert_cmpint(tb_parse_ipv4("10.1.2.3.4", &ip), ==, -1);
}

/* The public defaults: the [host] and [run] values of docs/scenarios.md. */
static void test_scenario_defaults(void)
{
    TbScenario d;

    tb_scenario_defaults(&d, "dir/x.ini");
    g_assert_cmpstr(d.file, ==, "dir/x.ini");
    g_assert_cmpstr(d.name, ==, "x");
    g_assert_cmpstr(d.host.profile, ==, "piii-933");
    g_assert_cmpstr(d.host.profile_path, ==, "");
    g_assert_cmpuint(d.host.cpus, ==, 1);
    g_assert_cmpuint(d.host.sink_cpu, ==, 0);
    g_assert_cmpuint(d.host.cpu_mhz, ==, 0);
    g_assert_cmpuint(d.host.hz, ==, 1000);
    g_assert_cmpuint(d.host.netdev_budget, ==, 300);
    g_assert_cmpuint(d.host.netdev_budget_usecs, ==, 2000);
    g_assert_cmpuint(d.host.netdev_max_backlog, ==, 1000);
    g_assert_cmpuint(d.host.dev_weight, ==, 64);
    g_assert_cmpuint(d.host.max_softirq_restart, ==, 10);
    g_assert_cmpuint(d.host.max_softirq_time_us, ==, 2000);
    g_assert_cmpuint(d.host.ip_forward, ==, 1);
    g_assert_cmpuint(d.host.netif_rx_throttle, ==, 0);
    g_assert_cmpuint(d.host.sink_udp_port, ==, 0);
    g_assert_cmpuint(d.host.sink_rcvbuf, ==, 212992);
    g_assert_cmpuint(d.host.sink_read_size, ==, 65536);
    g_assert_cmpuint(d.run.duration_ns, ==, 0);
    g_assert_cmpuint(d.run.drain_ns, ==, 10000000);
    g_assert_cmpuint(d.run.sample_ns, ==, 1000000);
    g_assert_cmpuint(d.run.seed, ==, 0);
    g_assert_cmpuint(d.nnics, ==, 0);
    g_assert_cmpuint(d.nroutes, ==, 0);
    g_assert_cmpuint(d.nsources, ==, 0);
    /* the traffic defaults of the table */
    load_ok(MINIMAL, NULL);
    g_assert_cmpfloat(sc.traffic[0].multiplier, ==, 1.0);
    g_assert_cmpuint(sc.traffic[0].loop, ==, 1);
    g_assert_cmpuint(sc.traffic[0].flows, ==, 1);
    g_assert_cmpuint(sc.traffic[0].src_ip, ==, 0xc6120001);
    g_assert_cmpuint(sc.traffic[0].udp_src_port, ==, 9);
    g_assert_cmpuint(sc.traffic[0].udp_dst_port, ==, 9);
    g_assert_cmpuint(sc.nic[0].irq, ==, 16);
    g_assert_cmphex(sc.nic[0].peer_mac[5], ==, 1);
    g_assert_cmpuint(sc.nic[0].cpu_plus1, ==, 0);
}

/* The registry's enum names are the model's and driver's values. */
static void test_key_enums(void)
{
    const TbKeyDef *mode = tb_key_find(TB_SEC_DRIVER, "mode");
    const TbKeyDef *chip = tb_key_find(TB_SEC_NIC, "chip");
    const TbKeyDef *bus = tb_key_find(TB_SEC_NIC, "bus");
    E1kBus b;

    g_assert_nonnull(mode);
    for (int i = 0; mode->names[i]; i++) {
        g_assert_cmpint(e1k_drv_mode_parse(mode->names[i]), ==, i);
    }
    g_assert_cmpstr(chip->names[E1K_CHIP_82540EM], ==, "82540EM");
    g_assert_cmpstr(chip->names[E1K_CHIP_82545EM], ==, "82545EM");
    for (int i = 0; bus->names[i]; i++) {
        g_assert_cmpint(e1k_bus_parse(bus->names[i], &b), ==, 0);
    }
    g_assert_cmpstr(tb_key_find(TB_SEC_TRAFFIC, "kind")->names[TB_TRAFFIC_PCAP],
                    ==, "pcap");
    g_assert_cmpstr(tb_key_find(TB_SEC_TRAFFIC, "pace")->names[TB_PACE_MBPS],
                    ==, "mbps");
    g_assert_null(tb_key_find(TB_SEC_HOST, "pps"));
}

/* Every integer key's range in the section it belongs to: max + 1 and
 * (for min > 0) min - 1 are refused with the range. */
static void test_key_ranges(void)
{
    static const char *const grp[TB_SEC_COUNT] = {
        "scenario", "host", "driver", "nic.eth0", "route.r", "traffic",
        "run", "guest"};
    const char *text = MINIMAL "[route.r]\ndst = 10.2.0.0/16\ndev = eth0\n";
    int checked = 0;

    for (size_t i = 0; i < tb_keys_n; i++) {
        const TbKeyDef *k = &tb_keys[i];
        if ((k->type != TB_KEY_U32 && k->type != TB_KEY_CPU) ||
            k->sec == TB_SEC_DRIVER || k->sec >= TB_SEC_LINK) {
            continue;   /* driver values also go through its own check;
                           [link.NAME], [netperf]: test_net */
        }
        for (int lo = 0; lo < 2; lo++) {
            uint64_t v = lo ? k->min - 1 : k->max + 1;
            if (lo && k->min == 0) {
                continue;
            }
            char *bad = g_strdup_printf("%s.%s=%" G_GUINT64_FORMAT,
                                        grp[k->sec], k->key, v);
            char *want = g_strdup_printf(
                "--set %s: [%s] %s: %" G_GUINT64_FORMAT " is out of range %"
                G_GUINT64_FORMAT "..%" G_GUINT64_FORMAT, bad, grp[k->sec],
                k->key, v, k->min, k->max);
            const char *sets[] = {bad, NULL};
            assert_err(text, sets, want);
            g_free(bad);
            g_free(want);
            checked++;
        }
    }
    g_assert_cmpint(checked, >=, 35);
}

/* The docs tables carry every key with its unit and help text. */
static void test_key_markdown(void)
{
    for (int s = 0; s < TB_SEC_COUNT; s++) {
        char *md = tb_keys_markdown((TbKeySec)s);
        for (size_t i = 0; i < tb_keys_n; i++) {
            if (tb_keys[i].sec == (TbKeySec)s) {
                char *row = g_strdup_printf("\n| %s | %s | ", tb_keys[i].key,
                                            tb_keys[i].unit);
                g_assert_nonnull(strstr(md, row));
                g_assert_nonnull(strstr(md, tb_keys[i].help));
                g_free(row);
            }
        }
        g_free(md);
    }
    char *md = tb_keys_markdown(TB_SEC_DRIVER);
    g_assert_nonnull(strstr(md, "| RxAbsIntDelay | 1.024 us | 8 | 0..65535 |"));
    g_assert_nonnull(strstr(md, "| mode | name | `napi` |"));
    g_free(md);
    md = tb_keys_markdown(TB_SEC_RUN);
    g_assert_nonnull(strstr(md, "| drain | time | 10ms | |"));
    g_free(md);
}

/* docs/scenarios.md is current; a stale row or a missing block is found. */
static void test_key_doc(void)
{
    char *path = g_build_filename(TB_SCENARIOS_DIR, "..", "..", "docs",
                                  "scenarios.md", NULL);
    char *doc = NULL, *out, *err = NULL, *stale, *row;

    g_assert_true(g_file_get_contents(path, &doc, NULL, NULL));
    out = tb_keys_doc_update(doc, &err);
    g_assert_null(err);
    g_assert_cmpstr(out, ==, doc);
    g_free(out);
    /* a changed default in the doc is rewritten from the table */
    row = strstr(doc, "| hz | 1/s | 1000 |");
    g_assert_nonnull(row);
    stale = g_strdup(doc);
    memcpy(stale + (row - doc), "| hz | 1/s | 100  |", 19);
    out = tb_keys_doc_update(stale, &err);
    g_assert_cmpstr(out, !=, stale);
    g_assert_cmpstr(out, ==, doc);
    g_free(out);
    g_free(stale);
    /* no [run] block: an error naming it */
    stale = g_strdup(doc);
    row = strstr(stale, "<!-- keys:run begin -->");
    g_assert_nonnull(row);
    row[5] = 'K';
    g_assert_null(tb_keys_doc_update(stale, &err));
    g_assert_cmpstr(err, ==, "no '<!-- keys:run begin -->' ... "
                    "'<!-- keys:run end -->' block");
    g_free(err);
    g_free(stale);
    g_free(doc);
    g_free(path);
}

/* [guest] driver: e1klab by default; stock refuses, at the key that asks,
 * what Linux's e1000 cannot do, and the testbench refuses stock. */
static void test_guest(void)
{
    const char *stock[] = {"guest.driver=stock", NULL};
    const char *s_dyn[] = {"guest.driver=stock",
                           "driver.mode=napi-dynitr", NULL};
    const char *s_itr[] = {"guest.driver=stock",
                           "driver.InterruptThrottleRate=8000", NULL};
    char *err = NULL;

    load_ok(MINIMAL, NULL);
    g_assert_cmpint(sc.guest.driver, ==, TB_GUEST_E1KLAB);
    g_assert_cmpstr(sc.guest.driver_at, ==, "");
    g_assert_cmpint(tb_scenario_testbench_check(&sc, &err), ==, 0);
    /* the default napi + InterruptThrottleRate 3: Linux adapts the rate */
    assert_err(MINIMAL, stock,
               "--set guest.driver=stock: [guest] driver: [nic.eth0] "
               "mode (default): Linux's e1000 ([guest] "
               "driver = stock) adapts the interrupt rate with "
               "InterruptThrottleRate 3 (mode napi-dynitr); napi keeps it "
               "fixed: set mode = napi-dynitr or a fixed "
               "InterruptThrottleRate");
    load_ok(MINIMAL, s_dyn);
    g_assert_cmpint(sc.guest.driver, ==, TB_GUEST_STOCK);
    load_ok(MINIMAL "[guest]\ndriver = stock\n[driver]\n"
            "InterruptThrottleRate = 0\n", NULL);
    g_assert_cmpstr(sc.guest.driver_at, ==, "t.ini:7: ");
    g_assert_cmpint(tb_scenario_testbench_check(&sc, &err), ==, -1);
    g_assert_cmpstr(err, ==, "t.ini:7: [guest] driver: 'stock' (Linux's own "
                    "e1000) runs only in the guest (--backend qemu); the "
                    "testbench runs e1klab's driver core");
    g_free(err);
    assert_err(MINIMAL "[guest]\ndriver = stock\n[driver]\n"
               "mode = legacy\n", NULL,
               "t.ini:9: [driver] mode: Linux's e1000 ([guest] driver = "
               "stock) is NAPI only (napi, or napi-dynitr for "
               "InterruptThrottleRate 1, 3, 4), not legacy: use driver = "
               "e1klab");
    assert_err(MINIMAL "[driver]\nweight = 16\n", s_itr,
               "t.ini:7: [driver] weight: Linux's e1000 ([guest] driver = "
               "stock) has NAPI weight 64 (no parameter), not 16");
    assert_err(MINIMAL "[guest]\ndriver = linux\n", NULL,
               "t.ini:7: [guest] driver: 'linux' is not a guest driver "
               "(e1klab, stock)");
}

/* A file without [host.NAME] sections is a network of one unnamed host
 * (the --set overrides noted in it); the same host declared as
 * [host.a] with its sections renamed is a network of one named host
 * whose view is the same scenario. */
static void test_topology_one_host(void)
{
    const char *sets[] = {"traffic.pps=2000", "traffic.count=5", NULL};
    const char *nsets[] = {"traffic.a.pps=2000", "traffic.a.count=5", NULL};
    TbTopology t, n;
    char *err = NULL;

    g_assert_cmpint(tb_topology_load_data(MINIMAL, -1, "t.ini", NULL, sets,
                                          &t, &err), ==, 0);
    g_assert_null(err);
    g_assert_cmpuint(t.nhosts, ==, 1);
    g_assert_cmpuint(t.nlinks, ==, 0);
    g_assert_cmpstr(t.host_name[0], ==, "");
    g_assert_cmpstr(t.host[0].overrides, ==,
                    "traffic.pps=2000\ntraffic.count=5\n");
    g_assert_cmpuint(t.host[0].traffic[0].count, ==, 5);
    char *named = g_strdup(MINIMAL);
    g_assert_nonnull(strstr(named, "[nic.eth0]"));
    GString *g = g_string_new("[host.a]\n");
    char **lines = g_strsplit(named, "\n", -1);
    for (char **l = lines; *l; l++) {
        if (g_str_has_prefix(*l, "[nic.")) {
            g_string_append_printf(g, "[nic.a.%s\n", *l + 5);
        } else if (!strcmp(*l, "[traffic]")) {
            g_string_append(g, "[traffic.a]\n");
        } else {
            g_string_append_printf(g, "%s\n", *l);
        }
    }
    g_assert_cmpint(tb_topology_load_data(g->str, -1, "t.ini", NULL, nsets,
                                          &n, &err), ==, 0);
    g_assert_cmpuint(n.nhosts, ==, 1);
    g_assert_cmpstr(n.host_name[0], ==, "a");
    g_assert_cmpuint(n.host[0].traffic[0].count, ==, 5);
    g_assert_cmpuint(n.host[0].nnics, ==, t.host[0].nnics);
    g_assert_cmpmem(n.host[0].nic, sizeof(n.host[0].nic), t.host[0].nic,
                    sizeof(t.host[0].nic));
    g_strfreev(lines);
    g_string_free(g, TRUE);
    g_free(named);
    tb_topology_clear(&t);
    tb_topology_clear(&n);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/scenario/defaults", test_defaults);
    g_test_add_func("/scenario/partner", test_partner);
    g_test_add_func("/scenario/shipped", test_shipped);
    g_test_add_func("/scenario/profile_kept", test_profile_kept);
    g_test_add_func("/scenario/set_overrides", test_set_overrides);
    g_test_add_func("/scenario/imix", test_imix_parse);
    g_test_add_func("/scenario/errors", test_errors);
    g_test_add_func("/scenario/missing_file", test_missing_file);
    g_test_add_func("/scenario/parsers", test_parsers);
    g_test_add_func("/scenario/scenario_defaults", test_scenario_defaults);
    g_test_add_func("/scenario/key_enums", test_key_enums);
    g_test_add_func("/scenario/key_ranges", test_key_ranges);
    g_test_add_func("/scenario/82598", test_82598);
    g_test_add_func("/scenario/kernel", test_kernel);
    g_test_add_func("/scenario/key_markdown", test_key_markdown);
    g_test_add_func("/scenario/key_doc", test_key_doc);
    g_test_add_func("/scenario/guest", test_guest);
    g_test_add_func("/scenario/topology_one_host", test_topology_one_host);
    return g_test_run();
}
