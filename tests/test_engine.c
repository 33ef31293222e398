/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Event engine: (time, seq) ordering, ties by insertion, lazy cancel. */
#include <glib.h>

#include "sim/engine.h"

typedef struct Log {
    uint64_t t[64];
    uint64_t arg[64];
    int n;
    TbEngine *e;
} Log;

static void rec(void *ctx, uint64_t arg)
{
    Log *l = ctx;
    g_assert_cmpint(l->n, <, 64);
    l->t[l->n] = l->e->now;
    l->arg[l->n] = arg;
    l->n++;
}

static void test_order(void)
{
    Log l = { .n = 0 };
    TbEngine *e = tb_engine_new();
    l.e = e;
    uint64_t times[] = { 50, 10, 30, 20, 40, 10, 0, 1000 };
    for (unsigned i = 0; i < G_N_ELEMENTS(times); i++) {
        tb_engine_schedule(e, times[i], rec, &l, i);
    }
    g_assert_cmpuint(tb_engine_next_time(e), ==, 0);
    g_assert_cmpuint(tb_engine_run_until(e, 100), ==, 7);
    g_assert_cmpuint(e->now, ==, 100);
    /* 0, 10 (i=1), 10 (i=5), 20, 30, 40, 50 */
    uint64_t et[] = { 0, 10, 10, 20, 30, 40, 50 };
    uint64_t ea[] = { 6, 1, 5, 3, 2, 4, 0 };
    for (int i = 0; i < 7; i++) {
        g_assert_cmpuint(l.t[i], ==, et[i]);
        g_assert_cmpuint(l.arg[i], ==, ea[i]);
    }
    g_assert_cmpuint(tb_engine_next_time(e), ==, 1000);
    tb_engine_free(e);
}

static void test_ties(void)
{
    Log l = { .n = 0 };
    TbEngine *e = tb_engine_new();
    l.e = e;
    for (int i = 0; i < 40; i++) {
        tb_engine_schedule(e, 7, rec, &l, i);
    }
    tb_engine_run_until(e, 7);
    g_assert_cmpint(l.n, ==, 40);
    for (int i = 0; i < 40; i++) {
        g_assert_cmpuint(l.arg[i], ==, i);
    }
    tb_engine_free(e);
}

static void test_cancel(void)
{
    Log l = { .n = 0 };
    TbEngine *e = tb_engine_new();
    l.e = e;
    TbEventId a = tb_engine_schedule(e, 5, rec, &l, 1);
    TbEventId b = tb_engine_schedule(e, 6, rec, &l, 2);
    TbEventId c = tb_engine_schedule(e, 4, rec, &l, 3);
    g_assert_true(tb_engine_cancel(e, c));
    g_assert_false(tb_engine_cancel(e, c));
    g_assert_false(tb_engine_cancel(e, 0));
    g_assert_cmpuint(tb_engine_next_time(e), ==, 5);
    tb_engine_run_until(e, 5);
    g_assert_cmpint(l.n, ==, 1);
    g_assert_cmpuint(l.arg[0], ==, 1);
    /* a already ran: cancel fails, even after its slot is reused */
    TbEventId d = tb_engine_schedule(e, 9, rec, &l, 4);
    g_assert_false(tb_engine_cancel(e, a));
    g_assert_true(tb_engine_cancel(e, b));
    tb_engine_run_until(e, 100);
    g_assert_cmpint(l.n, ==, 2);
    g_assert_cmpuint(l.arg[1], ==, 4);
    g_assert_false(tb_engine_cancel(e, d));
    g_assert_cmpuint(tb_engine_next_time(e), ==, TB_NEVER);
    tb_engine_free(e);
}

/* Events scheduled from a callback at the current time run in the same
 * run_until, after those already queued for that time. */
static TbEngine *g_e;
static void chain(void *ctx, uint64_t arg)
{
    rec(ctx, arg);
    if (arg < 3) {
        tb_engine_schedule(g_e, g_e->now, chain, ctx, arg + 10);
    }
}

static void test_reentrant(void)
{
    Log l = { .n = 0 };
    TbEngine *e = tb_engine_new();
    g_e = e;
    l.e = e;
    tb_engine_schedule(e, 3, chain, &l, 1);
    tb_engine_schedule(e, 3, chain, &l, 2);
    tb_engine_schedule(e, 2, rec, &l, 99);
    tb_engine_run_until(e, 3);
    uint64_t ea[] = { 99, 1, 2, 11, 12 };
    g_assert_cmpint(l.n, ==, 5);
    for (int i = 0; i < 5; i++) {
        g_assert_cmpuint(l.arg[i], ==, ea[i]);
    }
    /* past time clamps to now */
    tb_engine_schedule(e, 1, rec, &l, 7);
    g_assert_cmpuint(tb_engine_next_time(e), ==, 3);
    tb_engine_free(e);
}

/* Heap property against a sorted reference with many random keys. */
static void nop_rec(void *ctx, uint64_t arg)
{
    uint64_t *prev = ctx;
    g_assert_cmpuint(arg, >=, *prev);
    *prev = arg;
}

static void test_many(void)
{
    TbEngine *e = tb_engine_new();
    GRand *r = g_rand_new_with_seed(42);
    uint64_t prev = 0;
    for (int i = 0; i < 20000; i++) {
        uint64_t t = g_rand_int_range(r, 0, 1000000);
        /* arg encodes (time, seq) monotonically */
        tb_engine_schedule(e, t, nop_rec, &prev, t * 100000 + i);
    }
    g_assert_cmpuint(tb_engine_run_until(e, TB_NEVER - 1), ==, 20000);
    g_rand_free(r);
    tb_engine_free(e);
}

/* Fixed timers share the (time, seq) order with heap events; re-arming
 * moves the single instant, cancel disarms it. */
static void test_fixed_timer(void)
{
    Log l = { .n = 0 };
    TbEngine *e = tb_engine_new();
    l.e = e;
    int t = tb_engine_timer_new(e, rec, &l, 100);
    g_assert_cmpint(t, ==, 0);
    tb_engine_schedule(e, 50, rec, &l, 1);
    tb_engine_timer_set(e, t, 50);            /* armed after event 1 */
    tb_engine_schedule(e, 50, rec, &l, 2);
    g_assert_cmpuint(tb_engine_next_time(e), ==, 50);
    tb_engine_run_until(e, 50);
    uint64_t ea[] = { 1, 100, 2 };
    g_assert_cmpint(l.n, ==, 3);
    for (int i = 0; i < 3; i++) {
        g_assert_cmpuint(l.arg[i], ==, ea[i]);
    }
    /* fired: disarmed */
    g_assert_cmpuint(tb_engine_next_time(e), ==, TB_NEVER);
    tb_engine_timer_set(e, t, 500);
    tb_engine_timer_set(e, t, 300);           /* moved earlier */
    tb_engine_timer_set(e, t, 400);           /* and later */
    g_assert_cmpuint(tb_engine_next_time(e), ==, 400);
    g_assert_false(tb_engine_run_one(e, 399));
    tb_engine_run_until(e, 1000);
    g_assert_cmpint(l.n, ==, 4);
    g_assert_cmpuint(l.t[3], ==, 400);
    tb_engine_timer_set(e, t, 2000);
    tb_engine_timer_cancel(e, t);
    g_assert_cmpuint(tb_engine_run_until(e, 5000), ==, 0);
    /* two timers: earliest first, ties by arming order */
    int u = tb_engine_timer_new(e, rec, &l, 200);
    tb_engine_timer_set(e, u, 6000);
    tb_engine_timer_set(e, t, 6000);
    tb_engine_run_until(e, 6000);
    g_assert_cmpint(l.n, ==, 6);
    g_assert_cmpuint(l.arg[4], ==, 200);
    g_assert_cmpuint(l.arg[5], ==, 100);
    for (int i = 2; i < TB_ENGINE_MAX_TIMERS; i++) {
        g_assert_cmpint(tb_engine_timer_new(e, rec, &l, 0), ==, i);
    }
    g_assert_cmpint(tb_engine_timer_new(e, rec, &l, 0), ==, -1);
    /* timers past bit 31 of the armed mask: earliest first, ties by
     * arming order with heap events too */
    tb_engine_timer_set(e, TB_ENGINE_MAX_TIMERS - 1, 7100);
    tb_engine_timer_set(e, 33, 7000);
    tb_engine_schedule(e, 7100, rec, &l, 300);
    tb_engine_timer_set(e, 40, 7100);
    g_assert_cmpuint(tb_engine_next_time(e), ==, 7000);
    tb_engine_timer_cancel(e, 40);
    tb_engine_timer_set(e, 40, 7100);
    g_assert_cmpuint(tb_engine_run_until(e, 8000), ==, 4);
    g_assert_cmpint(l.n, ==, 10);
    g_assert_cmpuint(l.t[6], ==, 7000);
    g_assert_cmpuint(l.arg[7], ==, 0);     /* timer 63, armed first */
    g_assert_cmpuint(l.arg[8], ==, 300);   /* then the heap event */
    g_assert_cmpuint(l.arg[9], ==, 0);     /* timer 40, re-armed last */
    g_assert_cmpuint(l.t[9], ==, 7100);
    tb_engine_free(e);
}

/* tb_engine_next_except: the earliest event outside the given ones
 * (fixed timers included) and the given ones' insertion order. */
static void test_next_except(void)
{
    TbEngine *e = tb_engine_new();
    Log l = {0};
    TbEventId a = tb_engine_schedule(e, 100, rec, &l, 1);
    TbEventId b = tb_engine_schedule(e, 100, rec, &l, 2);
    TbEventId c = tb_engine_schedule(e, 700, rec, &l, 3);
    TbEventId ids[2] = {b, a};
    uint64_t seq[2], other;
    int t = tb_engine_timer_new(e, rec, &l, 4);

    g_assert_true(tb_engine_next_except(e, ids, 2, seq, &other));
    g_assert_cmpuint(other, ==, 700);
    g_assert_cmpuint(seq[0], >, seq[1]);          /* a was inserted first */
    tb_engine_timer_set(e, t, 500);
    g_assert_true(tb_engine_next_except(e, ids, 2, seq, &other));
    g_assert_cmpuint(other, ==, 500);
    tb_engine_timer_cancel(e, t);
    g_assert_true(tb_engine_cancel(e, c));
    g_assert_true(tb_engine_next_except(e, ids, 2, seq, &other));
    g_assert_cmpuint(other, ==, TB_NEVER);       /* c cancelled */
    g_assert_true(tb_engine_cancel(e, a));
    g_assert_false(tb_engine_next_except(e, ids, 2, seq, &other));
    tb_engine_free(e);
}

/* tb_engine_maybe_due (a CPU charge's test) follows the heap's root, the
 * best fixed timer and the horizon as each of them moves, and
 * tb_engine_timer_arm_idle arms a disarmed timer in order. */
static void test_maybe_due(void)
{
    Log l = { .n = 0 };
    TbEngine *e = tb_engine_new();
    l.e = e;
    int t = tb_engine_timer_new(e, rec, &l, 10);
    int u = tb_engine_timer_new(e, rec, &l, 20);

    g_assert_false(tb_engine_maybe_due(e, TB_NEVER - 1));   /* nothing */
    TbEventId a = tb_engine_schedule(e, 100, rec, &l, 1);
    g_assert_false(tb_engine_maybe_due(e, 99));
    g_assert_true(tb_engine_maybe_due(e, 100));
    tb_engine_timer_set(e, t, 60);
    g_assert_false(tb_engine_maybe_due(e, 59));
    g_assert_true(tb_engine_maybe_due(e, 60));
    tb_engine_timer_arm_idle(e, u, 40);     /* the new best */
    g_assert_false(tb_engine_maybe_due(e, 39));
    g_assert_true(tb_engine_maybe_due(e, 40));
    tb_engine_set_horizon(e, 30);
    g_assert_false(tb_engine_maybe_due(e, 29));
    g_assert_true(tb_engine_maybe_due(e, 30));
    tb_engine_set_horizon(e, TB_NEVER);
    g_assert_false(tb_engine_maybe_due(e, 39));
    /* run the timers: the heap's root is next */
    g_assert_cmpuint(tb_engine_run_until(e, 60), ==, 2);
    g_assert_cmpuint(l.arg[0], ==, 20);
    g_assert_cmpuint(l.arg[1], ==, 10);
    g_assert_false(tb_engine_maybe_due(e, 99));
    g_assert_true(tb_engine_maybe_due(e, 100));
    /* a cancelled root may still be seen (the test is a lower bound);
     * once it is popped the heap reads empty */
    g_assert_true(tb_engine_cancel(e, a));
    g_assert_cmpuint(tb_engine_next_time(e), ==, TB_NEVER);
    g_assert_false(tb_engine_maybe_due(e, TB_NEVER - 1));
    /* a timer armed at the same instant as another runs after it */
    tb_engine_timer_set(e, t, 200);
    tb_engine_timer_arm_idle(e, u, 200);
    g_assert_cmpuint(tb_engine_run_until(e, 200), ==, 2);
    g_assert_cmpuint(l.arg[2], ==, 10);
    g_assert_cmpuint(l.arg[3], ==, 20);
    g_assert_false(tb_engine_maybe_due(e, TB_NEVER - 1));
    /* a hold makes every instant due until each holder has released */
    tb_engine_hold(e);
    tb_engine_hold(e);
    g_assert_true(tb_engine_maybe_due(e, 0));
    tb_engine_release(e);
    g_assert_true(tb_engine_maybe_due(e, 0));
    tb_engine_release(e);
    g_assert_false(tb_engine_maybe_due(e, TB_NEVER - 1));
    tb_engine_free(e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/order", test_order);
    g_test_add_func("/engine/ties", test_ties);
    g_test_add_func("/engine/cancel", test_cancel);
    g_test_add_func("/engine/reentrant", test_reentrant);
    g_test_add_func("/engine/many", test_many);
    g_test_add_func("/engine/fixed-timer", test_fixed_timer);
    g_test_add_func("/engine/next-except", test_next_except);
    g_test_add_func("/engine/maybe-due", test_maybe_due);
    return g_test_run();
}
