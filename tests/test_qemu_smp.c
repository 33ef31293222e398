/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of guests with several vCPUs on `e1klab run --backend qemu`,
 * without QEMU (docs/full-system.md "Several vCPUs"): the [guest] cpus
 * key and the NICs' `cpu` in the loader (testbench/scenario/
 * scenario_guest.c), -smp and the e1klab.affinity words (qemu_cmdline.c),
 * the per-CPU parsers of the guest's result block (qemu_guest.c) and the
 * per-CPU report (qemu_results.c).  The formats are Linux's:
 * /proc/interrupts has one count column per CPU; /proc/timer_list has a
 * "cpu: N" section per CPU with its .idle_sleeptime; /proc/schedstat a
 * "cpuN" line per CPU with rq_cpu_time in field 7
 * (Documentation/scheduler/sched-stats.rst).
 */
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "qemu/backend_qemu.h"
#include "qemu/qemu_guest.h"
#include "qemu/qemu_snapshot.h"
#include "scenario/scenario_load.h"
#include "one_host.h"

static const char scen_text[] =
    "[host]\ncpu_mhz = 933\ncpus = 4\n"
    "[driver]\nRxIntDelay = 1\nInterruptThrottleRate = 0\ncopybreak = 0\n"
    "[nic.eth0]\nchip = 82545EM\nmac = 00:07:e9:00:00:10\n"
    "ip = 10.0.0.1/24\npeer_mac = 02:00:00:00:00:10\ncpu = 2\n"
    "[nic.eth1]\nchip = 82545EM\nmac = 00:07:e9:00:00:11\n"
    "ip = 10.1.0.1/24\npeer_mac = 02:00:00:00:00:11\ncpu = 3\n"
    "[route.sink]\ndst = 10.2.0.0/16\nvia = 10.1.0.2\ndev = eth1\n"
    "[traffic]\nnic = eth0\npace = pps\npps = 970000\ncount = 1000\n"
    "src_ip = 10.0.0.2\ndst_ip = 10.2.0.1\n"
    "[run]\ndrain = 20ms\n";

#define MAC "mac = 00:07:e9:00:00:01\n"
#define HOST2 "[host]\ncpus = 2\ncpu_mhz = 933\n"

/* Load @text with @sets: 0, or -1 with *err. */
static int load(TbScenario *sc, const char *text, const char *const *sets,
                char **err)
{
    int r = one_host_load_data(text, "t.ini", NULL, sets, sc, err);

    if (r < 0 && g_test_verbose()) {
        g_printerr("%s\n", *err);
    }
    return r;
}

static void test_key(void)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    char *err = NULL;
    const char *one[] = {"host.cpus=1", "nic.eth0.cpu=0", "nic.eth1.cpu=0",
                         NULL};
    const char *g2[] = {"guest.cpus=2", NULL};
    const char *g2d[] = {"guest.cpus=2", "nic.eth0.cpu=1", NULL};
    const char *g4[] = {"guest.cpus=4", NULL};
    const char *g9[] = {"guest.cpus=9", NULL};
    const char *dflt[] = {"guest.cpus=3", "host.cpus=8", NULL};

    /* the default: the host's CPUs, and the testbench runs it */
    g_assert_cmpint(load(sc, scen_text, NULL, &err), ==, 0);
    g_assert_cmpuint(sc->guest.cpus, ==, 0);
    g_assert_cmpuint(tb_guest_cpus(sc), ==, 4);
    g_assert_cmpuint(tb_guest_nic_cpu(sc, 0), ==, 2);
    g_assert_cmpuint(tb_guest_nic_cpu(sc, 1), ==, 3);
    g_assert_cmpint(tb_scenario_testbench_check(sc, &err), ==, 0);
    g_assert_cmpint(load(sc, scen_text, one, &err), ==, 0);
    g_assert_cmpuint(tb_guest_cpus(sc), ==, 1);
    /* given: the guest's; a NIC's cpu beyond it is refused at the key */
    g_assert_cmpint(load(sc, scen_text, g2, &err), ==, -1);
    g_assert_cmpstr(err, ==, "t.ini:13: [nic.eth0] cpu: 2 is not a CPU of "
                    "the guest ([guest] cpus = 2: 0..1)");
    g_clear_pointer(&err, g_free);
    g_assert_cmpint(load(sc, HOST2 "[nic.eth0]\ncpu = 1\n" MAC
                         "[traffic]\ncount = 1\n", g2d, &err), ==, 0);
    g_assert_cmpuint(tb_guest_cpus(sc), ==, 2);
    /* equal to host.cpus: the testbench runs it; else it refuses it */
    g_assert_cmpint(load(sc, scen_text, g4, &err), ==, 0);
    g_assert_cmpint(tb_scenario_testbench_check(sc, &err), ==, 0);
    g_assert_cmpint(load(sc, HOST2 "[nic.eth0]\n" MAC
                         "[traffic]\ncount = 1\n", g4, &err), ==, 0);
    g_assert_cmpint(tb_scenario_testbench_check(sc, &err), ==, -1);
    g_assert_cmpstr(err, ==, "--set guest.cpus=4: [guest] cpus: 4 vCPUs "
                    "run only in the guest (--backend qemu); the testbench "
                    "runs [host] cpus = 2");
    g_clear_pointer(&err, g_free);
    g_assert_cmpint(load(sc, scen_text, g9, &err), ==, -1);
    g_assert_nonnull(strstr(err, "[guest] cpus: 9 is out of range 1..8"));
    g_clear_pointer(&err, g_free);
    /* a NIC without `cpu` counts modulo the guest's CPUs */
    g_assert_cmpint(load(sc, "[host]\ncpu_mhz = 933\n[nic.a]\n" MAC
                         "[nic.b]\nmac = 00:07:e9:00:00:02\n"
                         "[nic.c]\nmac = 00:07:e9:00:00:03\n"
                         "[nic.d]\nmac = 00:07:e9:00:00:04\n"
                         "[traffic]\nnic = a\ncount = 1\n", dflt, &err),
                    ==, 0);
    g_assert_cmpuint(tb_guest_nic_cpu(sc, 3), ==, 0);
    g_assert_cmpuint(tb_guest_nic_cpu(sc, 2), ==, 2);
    g_free(sc);
}

/* The -append value of @argv, or NULL. */
static const char *append_of(char **argv)
{
    for (int i = 0; argv[i] && argv[i + 1]; i++) {
        if (!strcmp(argv[i], "-append")) {
            return argv[i + 1];
        }
    }
    return NULL;
}

/* 1 if "@a @b" are consecutive words of @argv. */
static int has_pair(char **argv, const char *a, const char *b)
{
    for (int i = 0; argv[i] && argv[i + 1]; i++) {
        if (!strcmp(argv[i], a) && !strcmp(argv[i + 1], b)) {
            return 1;
        }
    }
    return 0;
}

static void test_argv(void)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbQemuPaths paths = {(char *)"/q", (char *)"/k", (char *)"/i"};
    const char *one[] = {"host.cpus=1", "nic.eth0.cpu=0", "nic.eth1.cpu=0",
                         NULL};
    TbQemuPlan p;
    char *err = NULL, **argv;

    g_assert_cmpint(load(sc, scen_text, NULL, &err), ==, 0);
    g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
    g_assert_cmpuint(p.cpus, ==, 4);
    argv = tb_qemu_argv(sc, &p, &paths, "/w", 0);
    g_assert_true(has_pair(argv, "-smp", "4"));
    g_assert_nonnull(strstr(append_of(argv), " e1klab.affinity=eth0,2 "
                                             "e1klab.affinity=eth1,3 "));
    g_strfreev(argv);
    /* the snapshot machine is the same machine: -smp is in its key */
    argv = tb_qemu_snapshot_make_argv(sc, &p, &paths, NULL);
    g_assert_true(has_pair(argv, "-smp", "4"));
    g_strfreev(argv);

    /* one CPU: the command line of before (no -smp, no affinity) */
    g_assert_cmpint(load(sc, scen_text, one, &err), ==, 0);
    g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
    g_assert_cmpuint(p.cpus, ==, 1);
    argv = tb_qemu_argv(sc, &p, &paths, "/w", 0);
    for (int i = 0; argv[i]; i++) {
        g_assert_cmpstr(argv[i], !=, "-smp");
    }
    g_assert_null(strstr(append_of(argv), "e1klab.affinity"));
    g_strfreev(argv);
    g_free(sc);
}

/* A 4-CPU guest: ksoftirqd threads listed in /proc glob order (PID 100
 * before 14), eth0 pinned to CPU 2, eth1 to CPU 3. */
static const char console[] =
    "===E1KLAB-BEGIN===\n"
    "@@ meta\nkernel=6.1.0-57-amd64\n"
    "@@ result\ninsmod=ok\naffinity.eth0=11:2\naffinity.eth1=10:3\n"
    "@@ dmesg\n[    1.0] eth0: NIC Link is Up 1000 Mbps\n"
    "@@ snmp\nIp: InReceives ForwDatagrams InDelivers\nIp: 5600 5600 0\n"
    "@@ softirqs_start\n  NET_RX: 1 0 9 0\n"
    "@@ softirqs\n  NET_RX: 1 0 90 30\n"
    "@@ cpu_start\n"
    "/proc/100/schedstat:1000000 0 1\n/proc/14/schedstat:1000000 0 1\n"
    "/proc/21/schedstat:1000000 0 1\n/proc/9/schedstat:1000000 0 1\n"
    "/proc/schedstat:cpu0 0 0 0 0 0 0 100000000 0 0\n"
    "/proc/schedstat:cpu1 0 0 0 0 0 0 100000000 0 0\n"
    "/proc/schedstat:cpu2 0 0 0 0 0 0 100000000 0 0\n"
    "/proc/schedstat:cpu3 0 0 0 0 0 0 100000000 0 0\n"
    "/proc/timer_list:now at 1000000000 nsecs\n"
    "/proc/timer_list:cpu: 0\n"
    "/proc/timer_list:  .idle_sleeptime : 500000000 nsecs\n"
    "/proc/timer_list:  .iowait_sleeptime: 0 nsecs\n"
    "/proc/timer_list:cpu: 1\n"
    "/proc/timer_list:  .idle_sleeptime : 500000000 nsecs\n"
    "/proc/timer_list:cpu: 2\n"
    "/proc/timer_list:  .idle_sleeptime : 500000000 nsecs\n"
    "/proc/timer_list:cpu: 3\n"
    "/proc/timer_list:  .idle_sleeptime : 500000000 nsecs\n"
    "/sys/class/net/eth0/hardirq_ns:1000000\n"
    "/sys/class/net/eth1/hardirq_ns:0\n"
    "@@ cpu_end\n"
    "/proc/100/schedstat:3000000 0 1\n/proc/14/schedstat:1000000 0 1\n"
    "/proc/21/schedstat:31000000 0 1\n/proc/9/schedstat:1000000 0 1\n"
    "/proc/schedstat:cpu0 0 0 0 0 0 0 104000000 0 0\n"
    "/proc/schedstat:cpu1 0 0 0 0 0 0 100000000 0 0\n"
    "/proc/schedstat:cpu2 0 0 0 0 0 0 130000000 0 0\n"
    "/proc/schedstat:cpu3 0 0 0 0 0 0 102000000 0 0\n"
    "/proc/timer_list:now at 1100000000 nsecs\n"
    "/proc/timer_list:cpu: 0\n"
    "/proc/timer_list:  .idle_entrytime : 1050000000 nsecs\n"
    "/proc/timer_list:  .idle_sleeptime : 596000000 nsecs\n"
    "/proc/timer_list:  .iowait_sleeptime: 0 nsecs\n"
    "/proc/timer_list:cpu: 1\n"
    "/proc/timer_list:  .idle_entrytime : 1090000000 nsecs\n"
    "/proc/timer_list:  .idle_sleeptime : 590000000 nsecs\n"
    "/proc/timer_list:cpu: 2\n"
    "/proc/timer_list:  .idle_sleeptime : 540000000 nsecs\n"
    "/proc/timer_list:cpu: 3\n"
    "/proc/timer_list:  .idle_sleeptime : 580000000 nsecs\n"
    "/sys/class/net/eth0/hardirq_ns:5000000\n"
    "/sys/class/net/eth1/hardirq_ns:2000000\n"
    "@@ interrupts\n"
    "           CPU0       CPU1       CPU2       CPU3\n"
    " 10:          0          0          0        644   IO-APIC  "
    "10-fasteoi   eth1\n"
    " 11:          0          0          6          0   IO-APIC  "
    "11-fasteoi   eth0\n"
    "@@ softnet_stat\n"
    "@@ stats eth0\nrx_packets=5600\n"
    "@@ stats eth1\ntx_packets=5600\n"
    "===E1KLAB-END===\n";

static void test_parsers(void)
{
    TbGuestBlock *b = tb_guest_block_parse(console, sizeof(console) - 1);
    GPtrArray *l = tb_guest_section(b, "interrupts");
    TbGuestCpu c;
    uint64_t n = 99;

    /* the column of one CPU */
    g_assert_cmpint(tb_guest_interrupts_on(l, "eth1", 3, &n), ==, 0);
    g_assert_cmpuint(n, ==, 644);
    g_assert_cmpint(tb_guest_interrupts_on(l, "eth1", 0, &n), ==, 0);
    g_assert_cmpuint(n, ==, 0);
    g_assert_cmpint(tb_guest_interrupts_on(l, "eth0", 2, &n), ==, 0);
    g_assert_cmpuint(n, ==, 6);
    g_assert_cmpint(tb_guest_interrupts_on(l, "eth0", 4, &n), ==, -1);
    g_assert_cmpint(tb_guest_interrupts_on(l, "eth9", 0, &n), ==, -1);

    /* per CPU: timer_list by its "cpu: N" lines, schedstat by "cpuN",
     * ksoftirqd/N the N-th by PID (9, 14, 21, 100) */
    g_assert_cmpint(tb_guest_cpu(tb_guest_section(b, "cpu_end"), &c), ==, 0);
    g_assert_cmpuint(c.ncpus, ==, 4);
    g_assert_cmpuint(c.idle, ==, 2306000000u);
    /* CPU 0 reads (its idle time is up to date); CPU 1 has been idle
     * since 1.09 s: 590 ms + 10 ms */
    g_assert_cmpuint(c.cpu_idle[0], ==, 596000000u);
    g_assert_cmpuint(c.cpu_idle[1], ==, 600000000u);
    g_assert_cmpuint(c.cpu_idle[2], ==, 540000000u);
    g_assert_cmpuint(c.cpu_tasks[2], ==, 130000000u);
    g_assert_cmpuint(c.tasks, ==, 436000000u);
    g_assert_cmpuint(c.cpu_ksoftirqd[0], ==, 1000000u);   /* PID 9 */
    g_assert_cmpuint(c.cpu_ksoftirqd[2], ==, 31000000u);  /* PID 21 */
    g_assert_cmpuint(c.cpu_ksoftirqd[3], ==, 3000000u);   /* PID 100 */
    g_assert_cmpuint(c.ksoftirqd, ==, 36000000u);
    g_assert_cmpint(tb_guest_hardirq(tb_guest_section(b, "cpu_end"), "eth0",
                                     &n), ==, 0);
    g_assert_cmpuint(n, ==, 5000000u);
    g_assert_cmpint(tb_guest_hardirq(tb_guest_section(b, "cpu_end"), "eth",
                                     &n), ==, -1);
    tb_guest_block_free(b);
}

static void put(const char *dir, const char *name, const char *text)
{
    char *p = g_build_filename(dir, name, NULL);
    g_assert_true(g_file_set_contents(p, text, -1, NULL));
    g_free(p);
}

/* tb_qemu_results on @con (0 or -1; *err set on -1). */
static int results(const TbScenario *sc, const TbQemuPlan *p,
                   const char *con, const char *w, TbResults *r, char **err)
{
    char *kernel = NULL;
    uint64_t lines, up;
    int rc = tb_qemu_results(sc, p, con, strlen(con), w, r, &kernel, &lines,
                             &up, err);
    g_free(kernel);
    return rc;
}

/* @console with @from replaced by @to (g_free). */
static char *console_with(const char *from, const char *to)
{
    const char *at = strstr(console, from);
    g_assert_nonnull(at);
    return g_strdup_printf("%.*s%s%s", (int)(at - console), console, to,
                           at + strlen(from));
}

/* What the guest could not do is refused, naming the key. */
static void results_refused(const TbScenario *sc, const TbQemuPlan *p,
                            const char *w, TbResults *r)
{
    static const char *const bad[][3] = {
        {"affinity.eth1=10:3", "affinity.eth1=shared:11:2",
         "qemu: [nic.eth1] cpu = 3: the guest could not pin eth1's "
         "interrupt vectors there (affinity.eth1=shared:11:2; "
         "\"shared:IRQ:CPU\": a NIC before it has the same line on CPU)"},
        {"affinity.eth1=10:3", "affinity.eth1=failed:10",
         "(affinity.eth1=failed:10;"},
        {"affinity.eth1=10:3", "affinity.eth1=10:1", "affinity.eth1=10:1"},
        {"affinity.eth1=10:3\n", "", "affinity.eth1=(none)"},
        {"0          0        644", "0          1        643",
         "qemu: [nic.eth1] cpu = 3: the guest's /proc/interrupts counts 643 "
         "of eth1's 644 interrupts on CPU 3"},
        {"/proc/schedstat:cpu3 0 0 0 0 0 0 102000000",
         "/proc/schedstat:cpuX 0 0 0 0 0 0 102000000",
         "qemu: the guest shows 3 CPUs, not the 4 of [guest] cpus"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        char *c = console_with(bad[i][0], bad[i][1]), *err = NULL;
        g_assert_cmpint(results(sc, p, c, w, r, &err), ==, -1);
        g_assert_nonnull(strstr(err, bad[i][2]));
        g_free(err);
        g_free(c);
    }
}

/* A NIC without `cpu` whose line an earlier NIC has (on the i440fx the
 * 1st and 4th NIC share one, the 2nd and 3rd another) follows that
 * NIC's CPU; with `cpu` given that is refused (results_refused). */
static void results_shared_line(const char *w, TbResults *r)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbQemuPlan p;
    char *err = NULL, *text = g_strdup(scen_text), *c, *c2;
    char *at = strstr(text, "cpu = 3\n");

    memset(at, ' ', strlen("cpu = 3"));   /* eth1 without `cpu` */
    g_assert_cmpint(load(sc, text, NULL, &err), ==, 0);
    g_assert_cmpuint(tb_guest_nic_cpu(sc, 1), ==, 1);
    g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
    c = console_with("affinity.eth1=10:3", "affinity.eth1=shared:11:2");
    c2 = g_strdup(c);
    memcpy(strstr(c2, "0          0        644"), "0        644          0",
           strlen("0          0        644"));
    g_assert_cmpint(results(sc, &p, c2, w, r, &err), ==, 0);
    g_assert_cmpuint(r->iface[1].cpu, ==, 2);
    /* its interrupts must then be on that CPU */
    g_assert_cmpint(results(sc, &p, c, w, r, &err), ==, -1);
    g_assert_nonnull(strstr(err, "counts 0 of eth1's 644 interrupts on "
                                 "CPU 2"));
    g_free(err);
    g_free(c);
    g_free(c2);
    g_free(text);
    g_free(sc);
}

static void test_results(void)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbResults *r = g_new0(TbResults, 1);
    TbQemuPlan p;
    char *err = NULL, *w = g_dir_make_tmp("e1klab-smp-test-XXXXXX", NULL);
    uint64_t win;

    g_assert_cmpint(load(sc, scen_text, NULL, &err), ==, 0);
    g_assert_cmpint(tb_qemu_plan(sc, &p, &err), ==, 0);
    put(w, "eth0.stats", "model.gprc=5600\nmodel.tpr=5600\n"
                         "replay.offered=5600\nreplay.start_ns=1000000000\n"
                         "replay.last_ns=1050000000\n");
    put(w, "eth1.stats", "model.gptc=5600\n");
    g_assert_cmpint(results(sc, &p, console, w, r, &err), ==, 0);
    win = r->sim_ns - r->init_ns;            /* 50 ms + 20 ms drain */
    g_assert_cmpuint(win, ==, 70000000u);
    g_assert_cmpuint(r->ncpus, ==, 4);
    g_assert_cmpuint(r->iface[0].cpu, ==, 2);
    g_assert_cmpuint(r->iface[1].cpu, ==, 3);
    g_assert_cmpuint(r->iface[1].interrupts, ==, 644);
    /* CPU 0: 100 ms - 96 ms idle = 4 ms busy, all tasks: process 4 ms */
    g_assert_cmpuint(r->cpus[0].process, ==, 4000000u);
    g_assert_cmpuint(r->cpus[0].softirq, ==, 0);
    /* CPU 1: idle throughout the window */
    g_assert_cmpuint(r->cpus[1].idle, ==, win);
    /* CPU 2: 60 ms busy, tasks 30 ms of which ksoftirqd/2 30 ms: process
     * 0, interrupt context 30 + 30 ms, eth0's handler 4 ms of it */
    g_assert_cmpuint(r->cpus[2].hardirq, ==, 4000000u);
    g_assert_cmpuint(r->cpus[2].softirq, ==, 56000000u);
    g_assert_cmpuint(r->cpus[2].process, ==, 0);
    g_assert_cmpuint(r->cpus[2].idle, ==, win - 60000000u);
    /* CPU 3: 20 ms busy, tasks 2 ms = ksoftirqd/3: eth1's handler 2 ms,
     * softirq 20 - 2 ms */
    g_assert_cmpuint(r->cpus[3].hardirq, ==, 2000000u);
    g_assert_cmpuint(r->cpus[3].softirq, ==, 18000000u);
    for (uint32_t k = 0; k < 4; k++) {
        const TbCpuTime *t = &r->cpus[k];
        g_assert_cmpuint(t->hardirq + t->softirq + t->process + t->idle, ==,
                         win);
    }
    g_assert_cmpuint(r->cpu.softirq, ==, 74000000u);
    g_assert_cmpuint(r->cpu.hardirq, ==, 6000000u);
    g_assert_cmpuint(r->cpu.idle, ==, 4 * win - 84000000u);
    results_refused(sc, &p, w, r);
    results_shared_line(w, r);
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
    g_test_add_func("/qemu-smp/key", test_key);
    g_test_add_func("/qemu-smp/argv", test_argv);
    g_test_add_func("/qemu-smp/parsers", test_parsers);
    g_test_add_func("/qemu-smp/results", test_results);
    return g_test_run();
}
