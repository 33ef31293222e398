/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CPU model: charging, interrupt delivery latency and preemption at charge
 * points, softirq on irq exit, __do_softirq limits (MAX_SOFTIRQ_RESTART 10,
 * MAX_SOFTIRQ_TIME 2 ms -> ksoftirqd; Linux kernel/softirq.c),
 * kernel timers on jiffies, round-robin processes.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "sim/cpu.h"

/* A profile with round numbers (ns) so expected times are exact. */
static void test_profile(TbProfile *p)
{
    memset(p, 0, sizeof(*p));
    p->mhz = 1000;
    for (int i = 0; i < TB_COST_COUNT; i++) {
        p->ps[i] = 0;
    }
    p->ps[TB_COST_IRQ_DELIVERY] = 2500 * 1000;
    p->ps[TB_COST_IRQ_ENTRY] = 1000 * 1000;
    p->ps[TB_COST_IRQ_EXIT] = 500 * 1000;
    p->ps[TB_COST_CONTEXT_SWITCH] = 2000 * 1000;
    p->ps[TB_COST_SOFTIRQ_ENTRY] = 200 * 1000;
    p->ps[TB_COST_TIMER_TICK] = 100 * 1000;
}

typedef struct Fx {
    TbEngine *e;
    TbCpu *c;
    TbProfile p;
    int line;
    uint64_t irq_at[16];
    TbCtx irq_ctx[16];
    int nirq;
    bool clear_on_irq;
    int softirq_runs;
    uint64_t softirq_charge;
    bool softirq_reraise;
    TbCtx softirq_ctx;
} Fx;

static Fx *fx_new(uint32_t hz)
{
    Fx *f = g_new0(Fx, 1);
    test_profile(&f->p);
    f->e = tb_engine_new();
    f->c = tb_cpu_new(f->e, &f->p, hz, 10, 2000);
    f->clear_on_irq = true;
    return f;
}

static void fx_free(Fx *f)
{
    tb_cpu_free(f->c);
    tb_engine_free(f->e);
    g_free(f);
}

static int dev_irq(TbCpu *c, void *ctx)
{
    Fx *f = ctx;
    g_assert_cmpint(f->nirq, <, 16);
    f->irq_at[f->nirq] = c->eng->now;
    f->irq_ctx[f->nirq] = c->ctx;
    f->nirq++;
    tb_cpu_charge(c, 300);
    if (f->clear_on_irq) {
        tb_cpu_set_irq(c, f->line, 0);
    }
    tb_cpu_raise_softirq(c, TB_SOFTIRQ_NET_RX);
    return 1;
}

static void assert_event(void *ctx, uint64_t arg)
{
    Fx *f = ctx;
    tb_cpu_set_irq(f->c, f->line, (int)arg);
}

static void net_rx(TbCpu *c, void *ctx)
{
    Fx *f = ctx;
    f->softirq_runs++;
    f->softirq_ctx = c->ctx;
    tb_cpu_charge(c, f->softirq_charge);
    if (f->softirq_reraise) {
        tb_cpu_raise_softirq(c, TB_SOFTIRQ_NET_RX);
    }
}

/* Charges advance the clock, account per context and run due events. */
static void test_charge(void)
{
    Fx *f = fx_new(1000);
    f->c->ctx = TB_CTX_PROCESS;
    tb_cpu_charge(f->c, 1500);
    g_assert_cmpuint(tb_cpu_now(f->c), ==, 1500);
    g_assert_cmpuint(f->c->ctx_ns[TB_CTX_PROCESS], ==, 1500);
    f->p.ps[TB_COST_SKB_ALLOC] = 123456;   /* 123.456 ns */
    TbCpu *c2 = tb_cpu_new(f->e, &f->p, 1000, 10, 2000);
    g_assert_cmpuint(c2->cost_ns[TB_COST_SKB_ALLOC], ==, 123);
    c2->cost_ps[TB_COST_COPY_TO_USER_PER_BYTE] = 2500;  /* 2.5 ns/byte */
    c2->ctx = TB_CTX_SOFTIRQ;
    tb_cpu_cost_bytes(c2, TB_COST_COPY_TO_USER_PER_BYTE, 1440);
    g_assert_cmpuint(c2->ctx_ns[TB_CTX_SOFTIRQ], ==, 3600);
    tb_cpu_free(c2);
    fx_free(f);
}

/* An interrupt asserted at t is delivered at t + 2.5 us and taken at the
 * first charge point after that, nested above process context; the
 * softirq it raises runs on irq exit. */
static void test_irq_preempts_process(void)
{
    Fx *f = fx_new(1000);
    f->line = tb_cpu_request_irq(f->c, dev_irq, f);
    g_assert_cmpint(f->line, ==, 1);
    tb_cpu_open_softirq(f->c, TB_SOFTIRQ_NET_RX, net_rx, f);
    tb_engine_schedule(f->e, 1000, assert_event, f, 1);
    f->c->ctx = TB_CTX_PROCESS;
    for (int i = 0; i < 10; i++) {
        tb_cpu_charge(f->c, 1000);   /* 1 us of process work per step */
        if (i < 3) {
            g_assert_cmpint(f->nirq, ==, 0);
        }
    }
    /* delivered at 3500: taken after the charge ending at 4000 */
    g_assert_cmpint(f->nirq, ==, 1);
    g_assert_cmpuint(f->irq_at[0], ==, 4000 + 1000);
    g_assert_cmpint(f->irq_ctx[0], ==, TB_CTX_HARDIRQ);
    g_assert_cmpuint(f->c->line[1].count, ==, 1);
    g_assert_cmpuint(f->c->ctx_ns[TB_CTX_HARDIRQ], ==, 1000 + 300 + 500);
    g_assert_cmpint(f->softirq_runs, ==, 1);
    g_assert_cmpint(f->softirq_ctx, ==, TB_CTX_SOFTIRQ);
    g_assert_cmpint(f->c->ctx, ==, TB_CTX_PROCESS);
    g_assert_cmpuint(f->c->ctx_ns[TB_CTX_PROCESS], ==, 10000);
    fx_free(f);
}

/* Hardirq is not interrupted; softirq is (and does not nest softirqs). */
static void test_irq_in_softirq(void)
{
    Fx *f = fx_new(1000);
    f->line = tb_cpu_request_irq(f->c, dev_irq, f);
    tb_cpu_open_softirq(f->c, TB_SOFTIRQ_NET_RX, net_rx, f);
    f->softirq_charge = 10000;
    tb_cpu_set_irq(f->c, f->line, 1);
    /* the softirq from the first interrupt charges 10 us; a second
     * assertion during it is taken inside it, and its raise does not run
     * a nested softirq but a restart of the same __do_softirq */
    tb_engine_schedule(f->e, 7000, assert_event, f, 1);
    tb_cpu_run(f->c, 100000);
    g_assert_cmpint(f->nirq, ==, 2);
    g_assert_cmpuint(f->irq_at[0], ==, 2500 + 1000);
    /* softirq starts at 3500 + 300 + 500 = 4300, its round entry costs
     * 200; 7000 + 2500 = 9500 is inside its 10 us charge (4500-14500):
     * taken after it */
    g_assert_cmpuint(f->irq_at[1], ==, 14500 + 1000);
    g_assert_cmpint(f->softirq_runs, ==, 2);
    g_assert_cmpuint(f->c->softirq_runs, ==, 1);
    g_assert_cmpuint(f->c->ksoftirqd_wakeups, ==, 0);
    fx_free(f);
}

/* A line that stays asserted is delivered again after the latency. */
static void test_level_redelivery(void)
{
    Fx *f = fx_new(1000);
    f->line = tb_cpu_request_irq(f->c, dev_irq, f);
    f->clear_on_irq = false;
    tb_cpu_set_irq(f->c, f->line, 1);
    tb_cpu_run(f->c, 3500 + 1800 + 2500 + 1800 + 100);
    g_assert_cmpint(f->nirq, ==, 2);
    g_assert_cmpuint(f->irq_at[1] - f->irq_at[0], ==, 1800 + 2500);
    tb_cpu_set_irq(f->c, f->line, 0);
    tb_cpu_run(f->c, 100000);
    g_assert_cmpint(f->nirq, ==, 2);
    fx_free(f);
}

/* MAX_SOFTIRQ_RESTART: a softirq that keeps re-raising itself runs 10
 * rounds in __do_softirq, then ksoftirqd is woken. */
static void test_softirq_restart_limit(void)
{
    Fx *f = fx_new(1000);
    tb_cpu_open_softirq(f->c, TB_SOFTIRQ_NET_RX, net_rx, f);
    f->softirq_reraise = true;
    f->softirq_charge = 1000;
    f->c->softirq_pending = 1u << TB_SOFTIRQ_NET_RX;
    tb_cpu_do_softirq(f->c);
    g_assert_cmpint(f->softirq_runs, ==, 10);
    g_assert_cmpuint(f->c->ksoftirqd_wakeups, ==, 1);
    g_assert_true(f->c->ksoftirqd.runnable);
    fx_free(f);
}

/* MAX_SOFTIRQ_TIME: 2 ms; 700 us per round -> 3 rounds (0, 700, 1400 are
 * below 2000; the check after the third round at 2100 stops). */
static void test_softirq_time_limit(void)
{
    Fx *f = fx_new(1000);
    tb_cpu_open_softirq(f->c, TB_SOFTIRQ_NET_RX, net_rx, f);
    f->softirq_reraise = true;
    f->softirq_charge = 700000;
    f->c->softirq_pending = 1u << TB_SOFTIRQ_NET_RX;
    tb_cpu_do_softirq(f->c);
    g_assert_cmpint(f->softirq_runs, ==, 3);
    g_assert_cmpuint(f->c->ksoftirqd_wakeups, ==, 1);
    /* ksoftirqd then runs it in process time slices */
    f->softirq_reraise = false;
    tb_cpu_run(f->c, tb_cpu_now(f->c) + 10000000);
    g_assert_cmpint(f->softirq_runs, ==, 4);
    g_assert_false(f->c->ksoftirqd.runnable);
    fx_free(f);
}

static int timer_fired;
static uint64_t timer_jiffies, timer_ns;
static TbCtx timer_ctx;
static void timer_fn(TbCpu *c, void *ctx)
{
    (void)ctx;
    timer_fired++;
    timer_jiffies = c->jiffies;
    timer_ns = c->eng->now;
    timer_ctx = c->ctx;
}

/* Jiffies tick at HZ; a timer for jiffy 5 runs in the TIMER softirq. */
static void test_timer(void)
{
    Fx *f = fx_new(250);
    TbTimer t = { .fn = timer_fn };
    tb_cpu_start(f->c);
    tb_cpu_mod_timer(f->c, &t, 5);
    tb_cpu_run(f->c, 4 * 4000000 + 1);
    g_assert_cmpuint(f->c->jiffies, ==, 4);
    g_assert_cmpint(timer_fired, ==, 0);
    tb_cpu_run(f->c, 5 * 4000000 + 100000);
    g_assert_cmpint(timer_fired, ==, 1);
    g_assert_cmpuint(timer_jiffies, ==, 5);
    g_assert_cmpint(timer_ctx, ==, TB_CTX_SOFTIRQ);
    g_assert_cmpuint(f->c->line[TB_IRQ_TIMER].count, ==, 5);
    tb_cpu_run(f->c, 20 * 4000000);
    g_assert_cmpint(timer_fired, ==, 1);
    fx_free(f);
}

/* A charge of 17 ms at HZ 250 spans the ticks of 4, 8, 12 and 16 ms:
 * they collapse into one timer interrupt (jiffies 1, 3 ticks lost); a
 * timer armed for the instant 8 ms later (25 ms) by tb_cpu_jiffies_at
 * runs at the first tick after it, 28 ms, not 3 ticks late. */
static void test_lost_ticks(void)
{
    Fx *f = fx_new(250);
    TbTimer t = { .fn = timer_fn };
    timer_fired = 0;
    tb_cpu_start(f->c);
    g_assert_cmpuint(tb_cpu_lost_ticks(f->c), ==, 0);
    g_assert_cmpuint(tb_cpu_jiffies_at(f->c, 25000000), ==, 7);
    f->c->ctx = TB_CTX_PROCESS;
    tb_cpu_charge(f->c, 17000000);
    f->c->ctx = TB_CTX_IDLE;
    g_assert_cmpuint(f->c->jiffies, ==, 1);
    g_assert_cmpuint(tb_cpu_lost_ticks(f->c), ==, 3);
    g_assert_cmpuint(tb_cpu_jiffies_at(f->c, 25000000), ==, 4);
    g_assert_cmpuint(tb_cpu_jiffies_at(f->c, 1000), ==, 0);
    tb_cpu_mod_timer(f->c, &t, tb_cpu_jiffies_at(f->c, 25000000));
    tb_cpu_run(f->c, 40000000);
    g_assert_cmpint(timer_fired, ==, 1);
    g_assert_cmpuint(timer_jiffies, ==, 4);
    g_assert_cmpuint(timer_ns / 1000000, ==, 28);
    fx_free(f);
}

typedef struct Worker {
    uint64_t steps;
} Worker;

static bool worker_step(TbCpu *c, void *ctx)
{
    Worker *w = ctx;
    w->steps++;
    tb_cpu_charge(c, 100000);   /* 100 us */
    return true;
}

/* Two always-runnable processes share the CPU round-robin with a 1-jiffy
 * slice; each switch charges context_switch. */
static void test_round_robin(void)
{
    Fx *f = fx_new(1000);
    Worker a = { 0 }, b = { 0 };
    TbProc pa = { .name = "a", .step = worker_step, .ctx = &a };
    TbProc pb = { .name = "b", .step = worker_step, .ctx = &b };
    tb_cpu_add_proc(f->c, &pa);
    tb_cpu_add_proc(f->c, &pb);
    tb_cpu_start(f->c);
    tb_cpu_wake(f->c, &pa);
    tb_cpu_wake(f->c, &pb);
    tb_cpu_run(f->c, 100000000);   /* 100 ms */
    g_assert_cmpuint(f->c->ctx_ns[TB_CTX_IDLE], ==, 0);
    /* ~1 switch per jiffy */
    g_assert_cmpuint(f->c->context_switches, >=, 90);
    g_assert_cmpuint(f->c->context_switches, <=, 110);
    uint64_t d = a.steps > b.steps ? a.steps - b.steps : b.steps - a.steps;
    g_assert_cmpuint(d, <=, 12);
    /* process time = the steps + 2 us per switch (the first, from no
     * task, is free) */
    g_assert_cmpuint(pa.runtime_ns + pb.runtime_ns
                     + (f->c->context_switches - 1) * 2000, ==,
                     f->c->ctx_ns[TB_CTX_PROCESS]);
    fx_free(f);
}

/* Profiles: the shipped piii-933 loads (every key present, cycles scaled
 * by the clock, _ns keys fixed); bad files give one-line errors naming
 * the file and the key. */
static void test_profile_load(void)
{
    TbProfile p;
    char *err = NULL;
    char *path = tb_profile_find("piii-933", NULL);
    g_assert_nonnull(path);
    g_assert_cmpint(tb_profile_load(&p, path, 0, &err), ==, 0);
    g_assert_cmpfloat(p.mhz, ==, 933);
    g_assert_cmpfloat(p.ns_given[TB_COST_IRQ_DELIVERY], ==, 2500);
    g_assert_cmpuint(tb_profile_ns(&p, TB_COST_IRQ_DELIVERY), ==, 2500);
    /* 933 cycles at 933 MHz would be 1000 ns: check the scaling */
    g_assert_cmpuint(p.ps[TB_COST_IP_FORWARD], ==,
                     (uint64_t)(p.cycles[TB_COST_IP_FORWARD] * 1e6 / 933
                                + 0.5));
    /* mhz override scales cycles, not ns */
    TbProfile q;
    g_assert_cmpint(tb_profile_load(&q, path, 1866, &err), ==, 0);
    g_assert_cmpuint(q.ps[TB_COST_RX_CLEAN] * 2, >=,
                     p.ps[TB_COST_RX_CLEAN] - 1);
    g_assert_cmpuint(q.ps[TB_COST_RX_CLEAN] * 2, <=,
                     p.ps[TB_COST_RX_CLEAN] + 1);
    g_assert_cmpuint(q.ps[TB_COST_IRQ_DELIVERY], ==,
                     p.ps[TB_COST_IRQ_DELIVERY]);
    g_free(path);

    char *dir = g_dir_make_tmp("tbprof-XXXXXX", NULL);
    char *f = g_build_filename(dir, "bad.ini", NULL);
    static const struct { const char *text, *msg; } cases[] = {
        { "[cpu]\nmhz=933\n[costs]\nfoo=1\n", "[costs] foo: unknown key" },
        { "[cpu]\nmhz=933\n[costs]\nrx_clean=abc\n", "[costs] rx_clean: bad" },
        { "[cpu]\nmhz=933\n[costs]\nrx_clean=1\nrx_clean_ns=1\n",
          "both" },
        { "[cpu]\nmhz=933\n[costs]\nrx_clean=1\n", "missing key" },
        { "[cpu]\n[costs]\n", "[cpu] mhz: missing" },
        { "[gpu]\n", "unknown section" },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_assert_true(g_file_set_contents(f, cases[i].text, -1, NULL));
        g_assert_cmpint(tb_profile_load(&q, f, 0, &err), ==, -1);
        g_assert_nonnull(strstr(err, "bad.ini"));
        g_assert_nonnull(strstr(err, cases[i].msg));
        g_assert_null(strchr(err, '\n'));
        g_clear_pointer(&err, g_free);
    }
    g_remove(f);
    g_rmdir(dir);
    g_free(f);
    g_free(dir);
}

static int count_irq(TbCpu *c, void *ctx)
{
    int *n = ctx;
    (*n)++;
    tb_cpu_set_irq(c, 1, 0);
    return 1;
}

/* Two CPUs on one engine (an SMP host), no delivery latency: an
 * interrupt made pending on the first outside any engine event is taken
 * at its next charge even after the second CPU took one of its own in
 * between (each CPU's hold of the engine is its own). */
static void test_zero_latency_two_cpus(void)
{
    TbProfile p;
    TbEngine *e = tb_engine_new();
    TbCpu *a, *b;
    int na = 0, nb = 0;

    test_profile(&p);
    p.ps[TB_COST_IRQ_DELIVERY] = 0;
    a = tb_cpu_new(e, &p, 1000, 10, 2000);
    b = tb_cpu_new(e, &p, 1000, 10, 2000);
    g_assert_cmpint(tb_cpu_request_irq(a, count_irq, &na), ==, 1);
    g_assert_cmpint(tb_cpu_request_irq(b, count_irq, &nb), ==, 1);
    a->ctx = TB_CTX_PROCESS;
    b->ctx = TB_CTX_PROCESS;
    tb_cpu_set_irq(a, 1, 1);
    tb_cpu_set_irq(b, 1, 1);
    tb_cpu_charge(b, 100);
    g_assert_cmpint(nb, ==, 1);
    g_assert_cmpint(na, ==, 0);
    tb_cpu_charge(a, 100);
    g_assert_cmpint(na, ==, 1);
    g_assert_false(tb_engine_maybe_due(e, e->now));
    tb_cpu_free(a);
    tb_cpu_free(b);
    tb_engine_free(e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/cpu/profile-load", test_profile_load);
    g_test_add_func("/cpu/charge", test_charge);
    g_test_add_func("/cpu/irq-preempts-process", test_irq_preempts_process);
    g_test_add_func("/cpu/irq-in-softirq", test_irq_in_softirq);
    g_test_add_func("/cpu/level-redelivery", test_level_redelivery);
    g_test_add_func("/cpu/zero-latency-two-cpus",
                    test_zero_latency_two_cpus);
    g_test_add_func("/cpu/softirq-restart-limit", test_softirq_restart_limit);
    g_test_add_func("/cpu/softirq-time-limit", test_softirq_time_limit);
    g_test_add_func("/cpu/timer", test_timer);
    g_test_add_func("/cpu/lost-ticks", test_lost_ticks);
    g_test_add_func("/cpu/round-robin", test_round_robin);
    return g_test_run();
}
