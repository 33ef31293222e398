/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of `e1klab run --backend qemu` without QEMU: the guest's
 * result block parsers (testbench/qemu/qemu_guest.c), the scenario -> QEMU
 * command line and plan (qemu_cmdline.c), the snapshot machine and its
 * cache key (qemu_snapshot.c) and TbResults from a made-up
 * guest run (qemu_results.c).  Expected values come from the formats of
 * /proc (Linux), the wire rule ((L+4+20) x 8 bit times at 1 Gb/s: 672 ns
 * for a 64-byte frame) and docs/full-system.md's mapping.
 */
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "one_host.h"
#include "qemu/backend_qemu.h"
#include "qemu/qemu_guest.h"
#include "qemu/qemu_snapshot.h"
#include "scenario/scenario_load.h"

/* A console as QEMU prints it: firmware escapes before the begin
 * marker, CRLF line ends, a shared interrupt line. */
static const char console[] =
    "SeaBIOS\r\n\x1b[2J\x1b[0;0H===E1KLAB-BEGIN===\r\n"
    "@@ meta\r\nkernel=6.1.0-57-amd64\r\nmode=forward\r\n"
    "@@ dmesg\r\n[    1.0] e1000 0000:00:04.0 eth0: NIC Link is Up 1000 Mbps\r\n"
    "[    9.0] NETDEV WATCHDOG: eth1 (e1000): transmit queue 0 timed out\r\n"
    "@@ snmp\r\n"
    "Ip: Forwarding DefaultTTL InReceives InHdrErrors InAddrErrors "
    "ForwDatagrams InUnknownProtos InDiscards InDelivers OutRequests "
    "OutDiscards OutNoRoutes\r\n"
    "Ip: 1 64 5612 2 0 5600 0 0 7 0 0 1\r\n"
    "Udp: InDatagrams NoPorts InErrors OutDatagrams\r\n"
    "Udp: 0 3 0 0\r\n"
    "@@ stat_start\r\ncpu  1 0 226 213 0 0 2 0 0 0\r\ncpu0 1 0 226 213 0 0 2 0 0 0\r\n"
    "@@ stat\r\ncpu  2 0 230 735 0 1 4 0 0 0\r\n"
    "@@ softirqs_start\r\n      CPU0\r\n  NET_RX:   9\r\n"
    "@@ softirqs\r\n      CPU0\r\n  NET_TX:  11\r\n  NET_RX:   107\r\n"
    "@@ cpu_start\r\n/proc/14/schedstat:1000000 500 3\r\n"
    "/proc/schedstat:cpu0 0 0 0 0 0 0 500000000 100 20\r\n"
    "/proc/timer_list:now at 9000000000 nsecs\r\n"
    "/proc/timer_list:  .idle_sleeptime : 8000000000 nsecs\r\n"
    "/proc/timer_list:  .iowait_sleeptime: 0 nsecs\r\n"
    "@@ cpu_end\r\n/proc/14/schedstat:6000000 800 9\r\n"
    "/proc/schedstat:version 15\r\n/proc/schedstat:timestamp 4295\r\n"
    "/proc/schedstat:cpu0 0 0 0 0 0 0 530000000 200 40\r\n"
    "/proc/timer_list:now at 14000000000 nsecs\r\n"
    "/proc/timer_list:  .idle_sleeptime : 12950000000 nsecs\r\n"
    "/proc/timer_list:  .iowait_sleeptime: 10000000 nsecs\r\n"
    "@@ interrupts\r\n           CPU0\r\n"
    "  0:        137   IO-APIC   2-edge      timer\r\n"
    " 10:         96   IO-APIC  10-fasteoi   eth1\r\n"
    " 11:          9   IO-APIC  11-fasteoi   eth0, eth2\r\n"
    " 12:         41   IO-APIC  12-fasteoi   wan-0, 10-fasteoi\r\n"
    " 13:          4   IO-APIC-level  lan-1\r\n"
    "NMI:          0   Non-maskable interrupts\r\n"
    "@@ softnet_stat\r\n"
    "000015e4 00000003 00000001 00000000 00000000 00000000 00000000 "
    "00000000 00000000 00000000 00000000\r\n"
    "@@ stats eth0\r\nrx_packets=5604\r\nrx_missed_errors=14396\r\n"
    "rx_bytes=336240\r\n"
    "@@ stats eth1\r\ntx_packets=5604\r\n"
    "@@ ethtool eth0\r\nNIC statistics:\r\n     rx_packets: 5604\r\n"
    "     rx_missed_errors: 14396\r\n     alloc_rx_buff_failed: 2\r\n"
    "     interrupts: 9\r\n     interrupts_none: 0\r\n"
    "     napi_polls: 120\r\n     napi_polls_complete: 8\r\n"
    "     napi_polls_budget: 112\r\n     rx_cleaned: 5604\r\n"
    "     itr_current: 0\r\n"
    "@@ ethtool eth1\r\nNIC statistics:\r\n     interrupts: 96\r\n"
    "     tx_cleaned: 5604\r\n     itr_changes: 3\r\n"
    "     itr_current: 20000\r\n"
    "===E1KLAB-END===\r\n";

static void test_block(void)
{
    TbGuestBlock *b = tb_guest_block_parse(console, sizeof(console) - 1);
    GPtrArray *l;
    uint32_t irq = 0;
    uint64_t n = 0, d = 0, sq = 0;
    TbGuestCpu c;

    g_assert_nonnull(b);
    g_assert_cmpuint(b->names->len, ==, 15);
    l = tb_guest_section(b, "meta");
    g_assert_cmpuint(l->len, ==, 2);
    g_assert_cmpstr(g_ptr_array_index(l, 0), ==, "kernel=6.1.0-57-amd64");
    g_assert_null(tb_guest_section(b, "neigh"));

    /* a shared line counts for each of its names */
    l = tb_guest_section(b, "interrupts");
    g_assert_cmpint(tb_guest_interrupts(l, "eth0", &irq, &n), ==, 0);
    g_assert_cmpuint(irq, ==, 11);
    g_assert_cmpuint(n, ==, 9);
    g_assert_cmpint(tb_guest_interrupts(l, "eth2", &irq, &n), ==, 0);
    g_assert_cmpuint(irq, ==, 11);
    g_assert_cmpint(tb_guest_interrupts(l, "eth1", &irq, &n), ==, 0);
    g_assert_cmpuint(irq, ==, 10);
    g_assert_cmpuint(n, ==, 96);
    g_assert_cmpint(tb_guest_interrupts(l, "eth3", &irq, &n), ==, -1);
    g_assert_cmpint(tb_guest_interrupts(l, "interrupts", &irq, &n), ==, -1);
    /* names are read from the end of the line: '-' and digits in a name
     * (even one that looks like a flow column) are no trigger column */
    g_assert_cmpint(tb_guest_interrupts(l, "wan-0", &irq, &n), ==, 0);
    g_assert_cmpuint(irq, ==, 12);
    g_assert_cmpuint(n, ==, 41);
    g_assert_cmpint(tb_guest_interrupts(l, "10-fasteoi", &irq, &n), ==, 0);
    g_assert_cmpuint(irq, ==, 12);
    g_assert_cmpint(tb_guest_interrupts(l, "lan-1", &irq, &n), ==, 0);
    g_assert_cmpuint(irq, ==, 13);
    g_assert_cmpuint(n, ==, 4);
    g_assert_cmpint(tb_guest_interrupts(l, "wan", &irq, &n), ==, -1);
    g_assert_cmpint(tb_guest_interrupts(l, "IO-APIC", &irq, &n), ==, -1);
    g_assert_cmpint(tb_guest_interrupts(l, "12-fasteoi", &irq, &n), ==, -1);

    /* softnet_stat is hex: 0x15e4 processed, 3 dropped, 1 squeezed */
    tb_guest_softnet(tb_guest_section(b, "softnet_stat"), &d, &sq);
    g_assert_cmpuint(d, ==, 3);
    g_assert_cmpuint(sq, ==, 1);

    l = tb_guest_section(b, "snmp");
    g_assert_cmpint(tb_guest_snmp(l, "Ip", "ForwDatagrams", &n), ==, 0);
    g_assert_cmpuint(n, ==, 5600);
    g_assert_cmpint(tb_guest_snmp(l, "Udp", "NoPorts", &n), ==, 0);
    g_assert_cmpuint(n, ==, 3);
    g_assert_cmpint(tb_guest_snmp(l, "Ip", "Nonsense", &n), ==, -1);

    /* ns counters: idle = idle_sleeptime + iowait_sleeptime */
    g_assert_cmpint(tb_guest_cpu(tb_guest_section(b, "cpu_end"), &c), ==, 0);
    g_assert_cmpuint(c.now, ==, UINT64_C(14000000000));
    g_assert_cmpuint(c.idle, ==, UINT64_C(12960000000));
    g_assert_cmpuint(c.tasks, ==, 530000000u);
    g_assert_cmpuint(c.ksoftirqd, ==, 6000000u);
    g_assert_cmpint(tb_guest_cpu(tb_guest_section(b, "meta"), &c), ==, -1);

    g_assert_cmpint(tb_guest_softirqs(tb_guest_section(b, "softirqs"),
                                      "NET_RX", &n), ==, 0);
    g_assert_cmpuint(n, ==, 107);

    /* ethtool -S: "     name: value" */
    l = tb_guest_section(b, "ethtool eth0");
    g_assert_cmpint(tb_guest_ethtool(l, "napi_polls", &n), ==, 0);
    g_assert_cmpuint(n, ==, 120);
    g_assert_cmpint(tb_guest_ethtool(l, "napi_polls_budget", &n), ==, 0);
    g_assert_cmpuint(n, ==, 112);
    g_assert_cmpint(tb_guest_ethtool(l, "napi", &n), ==, -1);
    g_assert_cmpint(tb_guest_ethtool(l, "NIC statistics", &n), ==, -1);
    tb_guest_block_free(b);

    /* no end marker at the start of a line: no block */
    {
        const char *a = "===E1KLAB-BEGIN===\n@@ meta\nx";
        const char *e = "===E1KLAB-BEGIN===\n@@ meta\nx ===E1KLAB-END===\n";
        g_assert_null(tb_guest_block_parse(a, strlen(a)));
        g_assert_null(tb_guest_block_parse(e, strlen(e)));
    }
}

static const char scen_text[] =
    "[host]\ncpu_mhz = 933\nnetdev_budget = 300\n"
    "[driver]\nRxIntDelay = 1\nInterruptThrottleRate = 0\ncopybreak = 0\n"
    "[nic.eth0]\nchip = 82545EM\nmac = 00:07:e9:00:00:10\n"
    "ip = 10.0.0.1/24\npeer_mac = 02:00:00:00:00:10\n"
    "[nic.eth1]\nchip = 82545EM\nmac = 00:07:e9:00:00:11\n"
    "ip = 10.1.0.1/24\npeer_mac = 02:00:00:00:00:11\n"
    "[route.sink]\ndst = 10.2.0.0/16\nvia = 10.1.0.2\ndev = eth1\n"
    "[traffic]\nnic = eth0\npace = pps\npps = 970000\ncount = 1000\n"
    "src_ip = 10.0.0.2\ndst_ip = 10.2.0.1\n"
    "[run]\ndrain = 20ms\n";

static int has_arg(char **argv, const char *s)
{
    for (; *argv; argv++) {
        if (!strcmp(*argv, s)) {
            return 1;
        }
    }
    return 0;
}

static void load(TbScenario *sc, const char *text, const char *const *sets)
{
    char *err = NULL;
    int r = one_host_load_data(text, "t.ini", NULL, sets, sc, &err);
    if (r < 0) {
        g_printerr("%s\n", err);
    }
    g_assert_cmpint(r, ==, 0);
}

static void test_plan_argv(void)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbQemuPlan p;
    TbQemuPaths paths = {(char *)"/q", (char *)"/k", (char *)"/i"};
    char *err = NULL, **argv, *dev;
    const char *app = NULL;

    load(sc, scen_text, NULL);
    g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
    /* 933 MHz: 1.07 ns per instruction -> 2^0 */
    g_assert_cmpuint(p.shift, ==, 0);
    g_assert_cmpuint(p.count[0], ==, 1000);
    /* a 64-byte frame's last bit arrives 672 ns after it starts; frame i
     * starts at i x 1e9/970000 ns */
    g_assert_cmpuint(p.first_ns[0], ==, 672);
    g_assert_cmpuint(p.last_ns[0] - p.first_ns[0], >=, 999u * 1030u);
    g_assert_cmpuint(p.last_ns[0] - p.first_ns[0], <=, 999u * 1031u);
    /* ceil(3 s + 1.03 ms + 20 ms) + 1 */
    g_assert_cmpuint(p.wait_s, ==, 5);

    argv = tb_qemu_argv(sc, &p, &paths, "/w", 0);
    g_assert_cmpstr(argv[0], ==, "/q");
    g_assert_true(has_arg(argv, "shift=0,sleep=off"));
    g_assert_true(has_arg(argv, "clock=vm,base=2020-01-01"));
    for (int i = 0; argv[i + 1]; i++) {
        if (!strcmp(argv[i], "-append")) {
            app = argv[i + 1];
        }
    }
    g_assert_nonnull(app);
    g_assert_nonnull(strstr(app, " e1klab.mode=forward"));
    /* the default guest driver: e1klab.ko with every NIC's mode */
    g_assert_nonnull(strstr(app, " e1klab.driver=e1klab e1klab.modparams="
                                 "mode=napi,napi:TxDescriptors=256,256:"));
    g_assert_null(strstr(app, "e1klab.ifnames"));
    g_assert_nonnull(strstr(app, ":RxIntDelay=1,1:"));
    g_assert_nonnull(strstr(app, ":InterruptThrottleRate=0,0:"));
    g_assert_nonnull(strstr(app, ":copybreak=0"));
    g_assert_nonnull(strstr(app, " e1klab.sysctl=net.core.netdev_budget=300"));
    g_assert_nonnull(strstr(app, " e1klab.addr=eth0,10.0.0.1/24"));
    /* only the gateway route: the on-link ones come with the addresses */
    g_assert_nonnull(strstr(app, " e1klab.route=10.2.0.0/16,10.1.0.2,eth1"));
    g_assert_null(strstr(app, "e1klab.route=10.0.0.0"));
    g_assert_nonnull(strstr(app,
                            " e1klab.neigh=10.1.0.2,02:00:00:00:00:11,eth1"));
    g_assert_nonnull(strstr(app, " e1klab.wait=5"));
    dev = g_strjoinv(" ", argv);
    g_assert_nonnull(strstr(dev, "-device e1klab-82545em,addr=04.0,"
                                 "mac=00:07:e9:00:00:10,bus-timing=pci64-66,"
                                 "link-mbps=1000,stats=/w/eth0.stats,"
                                 "replay-start-ns=3000000000,replay=gen,"
                                 "replay-size=64,replay-flows=1,"
                                 "replay-src-ip=10.0.0.2,"
                                 "replay-dst-ip=10.2.0.1,"
                                 "replay-src-mac=02:00:00:00:00:10,"
                                 "replay-dst-mac=00:07:e9:00:00:10,"));
    g_assert_nonnull(strstr(dev, ",replay-pace=pps,replay-pps=970000,"
                                 "replay-count=1000 "));
    /* eth1 gets no replay and, without --pcap-out, no capture */
    g_assert_nonnull(strstr(dev, "-device e1klab-82545em,addr=05.0,"
                                 "mac=00:07:e9:00:00:11,bus-timing=pci64-66,"
                                 "link-mbps=1000,stats=/w/eth1.stats"));
    g_assert_null(strstr(dev, "capture="));
    g_free(dev);
    g_strfreev(argv);

    /* the stock driver: Linux's e1000 (e1klab.driver absent), no mode */
    {
        const char *st[] = {"guest.driver=stock", NULL};
        load(sc, scen_text, st);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
        argv = tb_qemu_argv(sc, &p, &paths, "/w", 0);
        dev = g_strjoinv(" ", argv);
        g_assert_null(strstr(dev, "e1klab.driver"));
        g_assert_null(strstr(dev, "mode=napi"));
        g_assert_nonnull(strstr(dev, " e1klab.modparams=TxDescriptors=256,"
                                     "256:RxDescriptors=256,256:"));
        g_free(dev);
        g_strfreev(argv);
    }
    /* per-NIC mode; what no guest driver takes: weight, copybreak per NIC */
    {
        const char *lg[] = {"nic.eth1.mode=legacy", NULL};
        const char *wt[] = {"nic.eth1.weight=16", NULL};
        const char *cb[] = {"nic.eth1.copybreak=256", NULL};
        load(sc, scen_text, lg);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
        argv = tb_qemu_argv(sc, &p, &paths, "/w", 0);
        dev = g_strjoinv(" ", argv);
        g_assert_nonnull(strstr(dev, "e1klab.modparams=mode=napi,legacy:"));
        g_free(dev);
        g_strfreev(argv);
        load(sc, scen_text, wt);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, -1);
        g_assert_cmpstr(err, ==, "t.ini: [nic.eth1] weight 16: the guest's "
                        "driver polls with NAPI weight 64 (no parameter)");
        g_clear_pointer(&err, g_free);
        load(sc, scen_text, cb);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, -1);
        g_assert_cmpstr(err, ==, "t.ini: [nic.eth1] copybreak 256: the "
                        "guest's driver takes one copybreak for all ports "
                        "(0 on eth0)");
        g_clear_pointer(&err, g_free);
        const char *cs[] = {"nic.eth1.XsumTX=1", NULL};
        const char *ts[] = {"driver.XsumTX=1", "driver.TSO=1", NULL};
        load(sc, scen_text, cs);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, -1);
        g_assert_cmpstr(err, ==, "t.ini: [nic.eth1] XsumTX 1: the guest's "
                        "driver offers no transmit offload (testbench "
                        "only)");
        g_clear_pointer(&err, g_free);
        load(sc, scen_text, ts);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, -1);
        g_assert_cmpstr(err, ==, "t.ini: [nic.eth0] TSO 1: the guest's "
                        "driver offers no transmit offload (testbench "
                        "only)");
        g_clear_pointer(&err, g_free);
        const char *fs[] = {"nic.eth1.fault_rx_stall_at=2s", NULL};
        load(sc, scen_text, fs);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, -1);
        g_assert_cmpstr(err, ==, "t.ini: [nic.eth1] fault_rx_stall_at: "
                        "fault injection is testbench only");
        g_clear_pointer(&err, g_free);
    }
    /* what the guest cannot express */
    {
        const char *pps[] = {"traffic.pps=1000.5", NULL};
        load(sc, scen_text, pps);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, -1);
        g_assert_nonnull(strstr(err, "t.ini: [traffic] pps: the qemu backend "
                                     "takes a whole number"));
        g_clear_pointer(&err, g_free);
    }
    g_free(sc);
}

static void put(const char *dir, const char *name, const char *text)
{
    char *p = g_build_filename(dir, name, NULL);
    g_assert_true(g_file_set_contents(p, text, -1, NULL));
    g_free(p);
}

/* @console with the first @from replaced by @to (g_free) */
static char *console_with(const char *from, const char *to)
{
    const char *at = strstr(console, from);
    g_assert_nonnull(at);
    return g_strdup_printf("%.*s%s%s", (int)(at - console), console, to,
                           at + strlen(from));
}

/* The same run with more frames received than IPv4 took in (ARP, LLC
 * ...), then without eth1's interrupt line, its statistics section, the
 * CPU counters. */
static void results_variants(const TbScenario *sc, const TbQemuPlan *p,
                             const char *w, TbResults *r)
{
    char *c, *err = NULL, *kernel = NULL;
    uint64_t lines, up;

    c = console_with("rx_packets=5604", "rx_packets=5640");
    g_assert_cmpint(tb_qemu_results(sc, p, c, strlen(c), w, r, &kernel,
                                    &lines, &up, &err), ==, 0);
    /* IPv4's drops as above + the 5640 - 5612 frames it never saw, less
     * the 3 the backlog refused (counted as backlog_drops only) */
    g_assert_cmpuint(r->ip_dropped, ==, 5612 - 5600 - 7 + 3 + 28 - 3);
    g_assert_cmpuint(r->backlog_drops, ==, 3);
    g_free(c);
    g_clear_pointer(&kernel, g_free);

    c = console_with("10-fasteoi   eth1", "10-fasteoi   eth7");
    g_assert_cmpint(tb_qemu_results(sc, p, c, strlen(c), w, r, &kernel,
                                    &lines, &up, &err), ==, -1);
    g_assert_cmpstr(err, ==, "qemu: the guest's /proc/interrupts has no "
                             "line naming eth1");
    g_free(c);
    g_clear_pointer(&err, g_free);
    g_clear_pointer(&kernel, g_free);

    c = console_with("@@ stats eth1", "@@ stats eth9");
    g_assert_cmpint(tb_qemu_results(sc, p, c, strlen(c), w, r, &kernel,
                                    &lines, &up, &err), ==, -1);
    g_assert_cmpstr(err, ==, "qemu: the guest's result block has no "
                             "\"@@ stats eth1\" section");
    g_free(c);
    g_clear_pointer(&err, g_free);
    g_clear_pointer(&kernel, g_free);

    c = console_with("@@ cpu_end", "@@ cpu_later");
    g_assert_cmpint(tb_qemu_results(sc, p, c, strlen(c), w, r, &kernel,
                                    &lines, &up, &err), ==, -1);
    g_assert_nonnull(strstr(err, "no CPU time counters"));
    g_free(c);
    g_free(err);
    g_free(kernel);
}

/* The index of @s in @argv, or -1. */
static int arg_at(char **argv, const char *s)
{
    for (int i = 0; argv[i]; i++) {
        if (!strcmp(argv[i], s)) {
            return i;
        }
    }
    return -1;
}

/* Key of the scenario with @sets over scen_text (paths as given). */
static char *key_of(const char *const *sets, const TbQemuPaths *paths)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbQemuPlan p;
    char *err = NULL, *key;

    load(sc, scen_text, sets);
    g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
    key = tb_qemu_snapshot_key(sc, &p, paths, &err);
    g_assert_null(err);
    g_assert_nonnull(key);
    g_assert_cmpuint(strlen(key), ==, 64);
    g_free(sc);
    return key;
}

/* chip = 82598EB: -device e1klab-82598eb, e1klab_ixgbe.ko and its
 * parameters, the irq_affinity list; refused beside an e1000 NIC or
 * with the stock driver (docs/full-system.md "Our driver on the 82598EB"). */
static const char scen_598[] =
    "[host]\ncpu_mhz = 933\ncpus = 4\n"
    "[driver]\nmode = napi\nInterruptThrottleRate = 8000\n"
    "[nic.eth0]\nchip = 82598EB\nmac = 00:1b:21:00:00:30\n"
    "ip = 10.0.0.1/24\npeer_mac = 02:00:00:00:00:30\nqueues = 4\n"
    "rss_udp = true\nirq_affinity = 0,1,2,3\n"
    "[nic.eth1]\nchip = 82598EB\nmac = 00:1b:21:00:00:31\n"
    "ip = 10.1.0.1/24\npeer_mac = 02:00:00:00:00:31\n"
    "[route.sink]\ndst = 10.2.0.0/16\nvia = 10.1.0.2\ndev = eth1\n"
    "[traffic]\nnic = eth0\npace = pps\npps = 14880952\ncount = 100\n"
    "frame_size = 64\nsrc_ip = 10.0.0.2\ndst_ip = 10.2.0.1\n";

static void test_plan_82598(void)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbQemuPlan p;
    char *err = NULL, *words, *dev;

    load(sc, scen_598, NULL);
    g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
    words = tb_qemu_words(sc, &p);
    g_assert_nonnull(strstr(words, " e1klab.affinity=eth0,0,1,2,3 "));
    g_assert_true(p.ixgbe);
    g_assert_nonnull(strstr(words, " e1klab.driver=e1klab_ixgbe "
                                   "e1klab.modparams="
                                   "mode=napi,napi:TxDescriptors=256,256:"
                                   "RxDescriptors=256,256:"
                                   "InterruptThrottleRate=8000,8000:"
                                   "XsumRX=1,1:queues=4,1:LRO=0,0:"
                                   "udp_rss=1,0 "));
    /* no e1000-only parameter: the 82598EB ports would refuse it */
    g_assert_null(strstr(words, "RxIntDelay"));
    g_assert_null(strstr(words, "copybreak"));
    g_free(words);
    dev = tb_qemu_device_arg(sc, &p, "/w", 0, 1);
    g_assert_cmpstr(dev, ==, "e1klab-82598eb,addr=05.0,mac=00:1b:21:00:00:31,"
                             "bus-timing=pcie1-x8,stats=/w/eth1.stats");
    g_free(dev);
    {
        const char *st[] = {"guest.driver=stock", NULL};
        load(sc, scen_598, st);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, -1);
        g_assert_nonnull(strstr(err, "[nic.eth0] chip 82598EB: [guest] "
                                     "driver = stock is Linux's e1000"));
        g_clear_pointer(&err, g_free);
    }
    {
        const char *mx[] = {"nic.eth1.chip=82545EM", NULL};
        char *t = g_strdup(scen_598);
        load(sc, t, mx);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, -1);
        g_assert_nonnull(strstr(err, "[nic.eth1] chip 82545EM: the qemu "
                                     "backend runs an 82598EB only when "
                                     "every NIC is one"));
        g_clear_pointer(&err, g_free);
        g_free(t);
    }
    g_free(sc);
}

/* The 82598EB guest boots initrd-ixgbe.gz (e1klab_ixgbe.ko is in its
 * second archive), the e1000 guest initrd.gz. */
static void test_find_ixgbe_initrd(void)
{
    char *dir = g_dir_make_tmp("e1klab-find-XXXXXX", NULL);
    const char *names[] = {"qemu", "vmlinuz", "initrd-ixgbe.gz"};
    char *f[3], *err = NULL;
    TbQemuPaths paths = {0};

    for (int i = 0; i < 3; i++) {
        f[i] = g_build_filename(dir, names[i], NULL);
        g_file_set_contents(f[i], "x", -1, NULL);
    }
    g_chmod(f[0], 0755);
    g_setenv("E1KLAB_QEMU", f[0], TRUE);
    g_setenv("E1KLAB_GUEST", dir, TRUE);
    g_assert_cmpint(tb_qemu_find(&paths, true, &err), ==, 0);
    g_assert_cmpstr(paths.initrd, ==, f[2]);
    tb_qemu_paths_clear(&paths);
    g_assert_cmpint(tb_qemu_find(&paths, false, &err), ==, -1);
    g_assert_nonnull(strstr(err, "/initrd.gz: missing"));
    g_free(err);
    tb_qemu_paths_clear(&paths);
    g_unsetenv("E1KLAB_QEMU");
    g_unsetenv("E1KLAB_GUEST");
    for (int i = 0; i < 3; i++) {
        g_unlink(f[i]);
        g_free(f[i]);
    }
    g_rmdir(dir);
    g_free(dir);
}

static void test_snapshot_key(void)
{
    char *dir = g_dir_make_tmp("e1klab-snapkey-XXXXXX", NULL);
    TbQemuPaths paths = {g_build_filename(dir, "q", NULL),
                         g_build_filename(dir, "k", NULL),
                         g_build_filename(dir, "i", NULL)};
    const char *mac[] = {"nic.eth0.mac=00:07:e9:00:00:20",
                         "traffic.pps=1000", "nic.eth1.link_mbps=100",
                         "driver.InterruptThrottleRate=8000", NULL};
    const char *mhz[] = {"host.cpu_mhz=466", NULL};
    const char *chip[] = {"nic.eth1.chip=82540EM", NULL};
    char *k0, *k;

    g_file_set_contents(paths.qemu, "qemu", -1, NULL);
    g_file_set_contents(paths.kernel, "kernel", -1, NULL);
    g_file_set_contents(paths.initrd, "initrd", -1, NULL);
    k0 = key_of(NULL, &paths);
    /* what each run sets after the restore is not in the key */
    k = key_of(mac, &paths);
    g_assert_cmpstr(k, ==, k0);
    g_free(k);
    /* the icount shift, the device set and the files are */
    k = key_of(mhz, &paths);
    g_assert_cmpstr(k, !=, k0);
    g_free(k);
    k = key_of(chip, &paths);
    g_assert_cmpstr(k, !=, k0);
    g_free(k);
    g_file_set_contents(paths.initrd, "initrd2", -1, NULL);
    k = key_of(NULL, &paths);
    g_assert_cmpstr(k, !=, k0);
    g_free(k);
    g_unlink(paths.kernel);
    {
        TbScenario *sc = g_new0(TbScenario, 1);
        TbQemuPlan p;
        char *err = NULL;
        load(sc, scen_text, NULL);
        g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
        g_assert_null(tb_qemu_snapshot_key(sc, &p, &paths, &err));
        g_assert_nonnull(strstr(err, "/k: No such file"));
        g_free(err);
        g_free(sc);
    }
    g_unlink(paths.qemu);
    g_unlink(paths.initrd);
    g_rmdir(dir);
    g_free(k0);
    g_free(dir);
    tb_qemu_paths_clear(&paths);
}

static void test_snapshot_argv(void)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbQemuPlan p;
    TbQemuPaths paths = {(char *)"/q", (char *)"/k", (char *)"/i"};
    char *err = NULL, **mk, **run, **boot, *words, *app;
    int fw;

    load(sc, scen_text, NULL);
    g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
    words = tb_qemu_words(sc, &p);
    g_assert_true(g_str_has_prefix(words, "e1klab.mode=forward "));
    g_assert_true(g_str_has_suffix(words, " e1klab.wait=5"));
    /* booting: the words follow the kernel parameters */
    boot = tb_qemu_argv(sc, &p, &paths, "/w", 0);
    app = g_strconcat(TB_QEMU_BOOT_APPEND " ", words, NULL);
    g_assert_cmpstr(boot[arg_at(boot, "-append") + 1], ==, app);

    mk = tb_qemu_snapshot_make_argv(sc, &p, &paths, NULL);
    run = tb_qemu_snapshot_run_argv(sc, &p, &paths, "/w", 1,
                                    "/c/snap x.mig", "/w/words",
                                    "/w/m,sock");
    /* the same machine up to the fw_cfg file, with the snapshot word */
    fw = arg_at(mk, "-fw_cfg");
    g_assert_cmpint(fw, >, 0);
    g_assert_cmpint(arg_at(run, "-fw_cfg"), ==, fw);
    for (int i = 0; i < fw; i++) {
        g_assert_cmpstr(mk[i], ==, run[i]);
    }
    g_assert_cmpstr(mk[arg_at(mk, "-append") + 1], ==,
                    TB_QEMU_BOOT_APPEND " e1klab.snapshot=1");
    g_assert_cmpint(arg_at(mk, "ib700"), ==, arg_at(mk, "-device") + 1);
    g_assert_true(has_arg(mk, "watchdog=pause"));
    g_assert_cmpstr(mk[fw + 1], ==, "name=opt/e1klab/words,string=-");
    g_assert_cmpstr(run[fw + 1], ==, "name=opt/e1klab/words,file=/w/words");
    /* the snapshot's NICs: type and slot only */
    g_assert_cmpstr(mk[fw + 3], ==, "e1klab-82545em,addr=04.0");
    g_assert_cmpstr(mk[fw + 5], ==, "e1klab-82545em,addr=05.0");
    g_assert_null(mk[fw + 6]);
    /* a run's NICs: its own properties, taken over by the model */
    g_assert_true(g_str_has_prefix(run[fw + 3], "e1klab-82545em,addr=04.0,"
                                   "mac=00:07:e9:00:00:10,"));
    g_assert_nonnull(strstr(run[fw + 3], ",capture=/w/eth0-tx.pcap,"));
    g_assert_true(g_str_has_suffix(run[fw + 3], ",restore-model=off"));
    g_assert_true(g_str_has_suffix(run[fw + 5], ",restore-model=off"));
    g_assert_cmpstr(run[arg_at(run, "-incoming") + 1], ==,
                    "exec:cat '/c/snap x.mig'");
    g_assert_cmpstr(run[arg_at(run, "-monitor") + 1], ==,
                    "unix:/w/m,,sock,server=on,wait=off");
    g_assert_cmpint(arg_at(mk, "-monitor"), ==, -1);
    g_strfreev(mk);
    g_strfreev(run);
    g_strfreev(boot);
    g_free(app);
    g_free(words);
    g_free(sc);
}

static void test_snapshot_env(void)
{
    char *err = NULL, *d;

    g_unsetenv("E1KLAB_SNAPSHOT");
    g_assert_cmpint(tb_qemu_snapshot_enabled(&err), ==, 1);
    g_setenv("E1KLAB_SNAPSHOT", "0", TRUE);
    g_assert_cmpint(tb_qemu_snapshot_enabled(&err), ==, 0);
    g_setenv("E1KLAB_SNAPSHOT", "yes", TRUE);
    g_assert_cmpint(tb_qemu_snapshot_enabled(&err), ==, -1);
    g_assert_cmpstr(err, ==, "E1KLAB_SNAPSHOT='yes': use 0 (boot for each "
                             "run) or 1 (start from a snapshot)");
    g_free(err);
    g_unsetenv("E1KLAB_SNAPSHOT");
    g_setenv("E1KLAB_SNAPSHOT_DIR", "/x/y", TRUE);
    d = tb_qemu_snapshot_dir();
    g_assert_cmpstr(d, ==, "/x/y");
    g_free(d);
    g_unsetenv("E1KLAB_SNAPSHOT_DIR");
    d = tb_qemu_snapshot_dir();
    g_assert_true(g_str_has_suffix(d, "/e1klab/snapshots"));
    g_free(d);
}

static void test_results(void)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbResults *r = g_new0(TbResults, 1);
    TbQemuPlan p;
    char *err = NULL, *kernel = NULL;
    uint64_t lines, up;
    char *w = g_dir_make_tmp("e1klab-qb-test-XXXXXX", NULL);

    load(sc, scen_text, NULL);
    g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
    /* no stats files yet: an error naming the NIC */
    g_assert_cmpint(tb_qemu_results(sc, &p, console, sizeof(console) - 1, w,
                                    r, &kernel, &lines, &up, &err), ==, -1);
    g_assert_nonnull(strstr(err, "eth0"));
    g_clear_pointer(&err, g_free);
    put(w, "eth0.stats",
        "model.gprc=5604\nmodel.tpr=20000\nmodel.mpc=14396\n"
        "model.rnbc=17227\nmodel.irq_assertions=9\n"
        "replay.offered=20000\nreplay.offered_bytes=1280000\n"
        "replay.padded=0\nreplay.oversize=3\nreplay.truncated=0\n"
        "replay.loops=0\n"
        "replay.start_ns=9917451968\nreplay.last_ns=9938070165\n");
    put(w, "eth1.stats", "model.gptc=5604\nmodel.tpt=5604\n"
                         "model.tot=358656\nmodel.gotc=358656\n");
    g_assert_cmpint(tb_qemu_results(sc, &p, console, sizeof(console) - 1, w,
                                    r, &kernel, &lines, &up, &err), ==, 0);
    g_assert_cmpstr(kernel, ==, "6.1.0-57-amd64");
    g_assert_cmpuint(lines, ==, 2);
    g_assert_cmpuint(up, ==, 1);
    g_assert_cmpuint(r->offered, ==, 20000);
    g_assert_cmpuint(r->offered_bytes, ==, 1280000);
    g_assert_cmpuint(r->init_ns, ==, 9917451968u);
    g_assert_cmpuint(r->first_offer_ns, ==, 9917451968u + 672u);
    g_assert_cmpuint(r->last_offer_ns, ==, 9938070165u);
    g_assert_cmpuint(r->sim_ns, ==, 9938070165u + 20000000u);
    g_assert_cmpuint(r->rx_queued, ==, 5604);
    g_assert_cmpuint(r->rx_overrun, ==, 14396);
    g_assert_cmpuint(r->rx_queued + r->rx_overrun, ==, r->offered);
    g_assert_cmpuint(r->forwarded, ==, 5600);
    g_assert_cmpuint(r->local_delivered, ==, 4);          /* 7 - NoPorts */
    /* InReceives - ForwDatagrams - InDelivers + NoPorts */
    g_assert_cmpuint(r->ip_dropped, ==, 5612 - 5600 - 7 + 3);
    g_assert_cmpuint(r->no_route, ==, 0);
    g_assert_cmpuint(r->backlog_drops, ==, 3);
    g_assert_cmpuint(r->time_squeeze, ==, 1);
    g_assert_cmpuint(r->softirq_runs, ==, 98);
    /* busy = 5 s - 4.96 s idle = 40 ms; tasks 30 ms, of which ksoftirqd
     * 5 ms: interrupt context 10 + 5 ms (all in softirq: no hardirq
     * time in the guest kernel), process 25 ms */
    g_assert_cmpuint(r->cpu.softirq, ==, 15000000u);
    g_assert_cmpuint(r->cpu.hardirq, ==, 0);
    g_assert_cmpuint(r->cpu.process, ==, 25000000u);
    /* idle = (sim_ns - init_ns) - busy */
    g_assert_cmpuint(r->cpu.idle, ==, 20618197u + 20000000u - 40000000u);
    g_assert_cmpuint(r->niface, ==, 2);
    g_assert_cmpstr(r->iface[0].name, ==, "eth0");
    g_assert_cmpuint(r->iface[0].irq, ==, 11);
    g_assert_cmpuint(r->iface[0].interrupts, ==, 9);
    g_assert_cmpuint(r->iface[0].stats.rx_packets, ==, 5604);
    g_assert_cmpuint(r->iface[0].stats.rx_missed_errors, ==, 14396);
    g_assert_cmpuint(r->iface[0].nic.rnbc, ==, 17227);
    g_assert_cmpuint(r->iface[1].interrupts, ==, 96);
    g_assert_cmpuint(r->iface[1].wire_tx_frames, ==, 5604);
    g_assert_cmpuint(r->iface[1].wire_tx_bytes, ==, 358656);
    g_assert_cmpuint(r->iface[1].tx_timeouts, ==, 1);
    g_assert_cmpuint(r->iface[0].tx_timeouts, ==, 0);
    g_assert_cmpuint(r->source[0].offered, ==, 20000);
    g_assert_cmpuint(r->source[0].oversize, ==, 3);
    /* the driver's own counters from ethtool -S */
    g_assert_cmpuint(r->iface[0].drv.interrupts, ==, 9);
    g_assert_cmpuint(r->iface[0].drv.polls, ==, 120);
    g_assert_cmpuint(r->iface[0].drv.polls_complete, ==, 8);
    g_assert_cmpuint(r->iface[0].drv.polls_budget, ==, 112);
    g_assert_cmpuint(r->iface[0].drv.rx_cleaned, ==, 5604);
    g_assert_cmpuint(r->iface[0].drv.rx_alloc_failed, ==, 2);
    g_assert_cmpuint(r->iface[1].drv.interrupts, ==, 96);
    g_assert_cmpuint(r->iface[1].drv.tx_cleaned, ==, 5604);
    g_assert_cmpuint(r->iface[1].drv.itr_changes, ==, 3);
    g_assert_cmpuint(r->iface[1].drv.itr_current, ==, 20000);
    g_free(kernel);
    results_variants(sc, &p, w, r);

    /* a console without a block */
    g_assert_cmpint(tb_qemu_results(sc, &p, "Kernel panic\n", 13, w, r,
                                    &kernel, &lines, &up, &err), ==, -1);
    g_assert_nonnull(strstr(err, "no complete result block"));
    g_free(err);
    {
        char *a = g_build_filename(w, "eth0.stats", NULL);
        char *b = g_build_filename(w, "eth1.stats", NULL);
        g_unlink(a);
        g_unlink(b);
        g_free(a);
        g_free(b);
    }
    g_rmdir(w);
    g_free(w);
    g_free(r);
    g_free(sc);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/qemu-backend/block", test_block);
    g_test_add_func("/qemu-backend/plan-argv", test_plan_argv);
    g_test_add_func("/qemu-backend/plan-82598", test_plan_82598);
    g_test_add_func("/qemu-backend/find-ixgbe-initrd", test_find_ixgbe_initrd);
    g_test_add_func("/qemu-backend/results", test_results);
    g_test_add_func("/qemu-backend/snapshot-argv", test_snapshot_argv);
    g_test_add_func("/qemu-backend/snapshot-key", test_snapshot_key);
    g_test_add_func("/qemu-backend/snapshot-env", test_snapshot_env);
    return g_test_run();
}
