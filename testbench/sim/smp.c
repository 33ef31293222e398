/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A set of modelled CPUs in conservative lock-step (smp.h). */
#include "sim/smp.h"

#include <glib.h>
#include <string.h>
#include <ucontext.h>
#ifdef TB_HAVE_VALGRIND
#include <valgrind/valgrind.h>
#endif

/** Stack of one CPU coroutine, bytes (driver + kernel nesting is a few
 *  KiB deep; pages never touched are never resident). */
#define TB_SMP_STACK (512u * 1024u)

/* bootstrap of a coroutine (tb_smp_start is synchronous) */
static TbSmp *boot_smp;
static uint32_t boot_id;
static ucontext_t boot_ret;

/* Tell valgrind (when built with its headers) that [sp, sp + len) is a
 * stack, so that jumps between coroutine stacks are not taken for huge
 * frames ([VALGRIND] 3.1, VALGRIND_STACK_REGISTER).  Returns the stack's
 * id, 0 without valgrind. */
static unsigned smp_stack_register(void *sp, size_t len)
{
#ifdef TB_HAVE_VALGRIND
    return VALGRIND_STACK_REGISTER(sp, (char *)sp + len);
#else
    (void)sp;
    (void)len;
    return 0;
#endif
}

/* Forget a stack registered by smp_stack_register (before its free). */
static void smp_stack_deregister(unsigned id)
{
#ifdef TB_HAVE_VALGRIND
    VALGRIND_STACK_DEREGISTER(id);
#else
    (void)id;
#endif
}

TbSmp *tb_smp_new(TbEngine *eng, TbCpu **cpus, uint32_t n,
                  TbSmpSwitchFn fn)
{
    if (n < 2) {
        return NULL;
    }
    TbSmp *s = g_malloc0(sizeof(*s) + n * sizeof(s->cpu[0]));
    s->eng = eng;
    s->ncpus = n;
    s->switch_fn = fn;
    s->stack = g_new0(void *, n);
    s->stack_id = g_new0(unsigned, n);
    s->tick_ids = g_new0(TbEventId, n);
    s->run = g_new0(TbCpu *, n);
    s->order = g_new0(uint32_t, n);
    for (uint32_t i = 0; i < n; i++) {
        s->cpu[i] = cpus[i];
        cpus[i]->slot = i;
        cpus[i]->smp = s;
    }
    return s;
}

void tb_smp_free(TbSmp *s)
{
    if (!s) {
        return;
    }
    for (uint32_t i = 0; i < s->ncpus; i++) {
        if (s->stack[i]) {
            smp_stack_deregister(s->stack_id[i]);
        }
        g_free(s->stack[i]);
    }
    g_free(s->stack);
    g_free(s->stack_id);
    g_free(s->tick_ids);
    g_free(s->run);
    g_free(s->order);
    g_free(s);
}

/* CPU @c waits (idle until kicked) or not: TbCpu.waiting and its place
 * in s->run (slot order; a CPU already where it belongs stays). */
static void smp_set_waiting(TbSmp *s, TbCpu *c, bool waiting)
{
    uint32_t i = 0;
    bool member;

    c->waiting = waiting;
    while (i < s->nrun && s->run[i]->slot < c->slot) {
        i++;
    }
    member = i < s->nrun && s->run[i] == c;
    if (!waiting && !member) {
        memmove(&s->run[i + 1u], &s->run[i],
                (s->nrun - i) * sizeof(s->run[0]));
        s->run[i] = c;
        s->nrun++;
    } else if (waiting && member) {
        memmove(&s->run[i], &s->run[i + 1u],
                (s->nrun - i - 1u) * sizeof(s->run[0]));
        s->nrun--;
    }
}

/** Sets of at most this many CPUs (a host's) take the unrolled scans. */
#define TB_SMP_SMALL TB_MAX_CPUS

/* One runnable CPU @c into a scan for the smallest (clock, slot): the CPUs
 * come in slot order, so a tie keeps the earlier; *@second gets the
 * smallest clock of the others. */
static inline __attribute__((always_inline))
void smp_min_step(TbCpu *c, TbCpu **best, uint64_t *second)
{
    if (!*best || c->clock < (*best)->clock) {
        *second = *best ? (*best)->clock : *second;
        *best = c;
    } else if (c->clock < *second) {
        *second = c->clock;
    }
}

/* smp_min over the @n CPUs of @cpu, at most @max of them: with @max a
 * constant the compiler unrolls the scan (a switch comes several times
 * per forwarded frame). */
static inline __attribute__((always_inline))
TbCpu *smp_min_of(TbCpu *const *cpu, uint32_t n, uint32_t max,
                  uint64_t *next)
{
    TbCpu *best = NULL;
    uint64_t second = TB_NEVER;
    for (uint32_t i = 0; i < max && i < n; i++) {
        if (!cpu[i]->waiting) {
            smp_min_step(cpu[i], &best, &second);
        }
    }
    *next = second;
    return best;
}

/* The runnable CPU with the smallest (clock, slot), NULL if all wait; in
 * *@next the smallest clock of the other runnable CPUs (TB_NEVER if
 * none): with the run's stop, the horizon of that CPU (smp_arm's, found
 * in the same pass). */
static TbCpu *smp_min(const TbSmp *s, uint64_t *next)
{
    if (s->ncpus <= TB_SMP_SMALL) {
        return smp_min_of(s->cpu, s->ncpus, TB_SMP_SMALL, next);
    }
    /* a network's set: only the runnable CPUs, in slot order (the same
     * comparisons as smp_min_of, so the same answer) */
    TbCpu *best = NULL;
    uint64_t second = TB_NEVER;
    for (uint32_t i = 0; i < s->nrun; i++) {
        smp_min_step(s->run[i], &best, &second);
    }
    *next = second;
    return best;
}

/* Set the engine's horizon to the next instant the running CPU must stop
 * at: the smallest clock of the other runnable CPUs, or the run's stop (a
 * charge reaching it enters smp_sched). */
static void smp_arm(TbSmp *s)
{
    uint64_t h = s->stop;
    for (uint32_t i = 0; i < s->nrun; i++) {
        TbCpu *c = s->run[i];
        if (c != s->cur && c->clock < h) {
            h = c->clock;
        }
    }
    tb_engine_set_horizon(s->eng, h);
}

/* Resume the coroutine saved in @jb (never returns).  A function of its
 * own: __builtin_longjmp may not be called from the function that called
 * __builtin_setjmp. */
static __attribute__((noinline, noreturn)) void smp_jump(void **jb)
{
    __builtin_longjmp(jb, 1);
}

/* Hand the host from CPU @from to CPU @to, whose horizon is @h (ns). */
static void smp_switch(TbSmp *s, TbCpu *from, TbCpu *to, uint64_t h)
{
    s->cur = to;
    s->switches++;
    tb_engine_set_horizon(s->eng, h);
    s->switch_fn(to->owner, to);
    if (!__builtin_setjmp(from->jb)) {
        smp_jump(to->jb);
    }
}

/*
 * Scheduling point of CPU @c (running; either runnable with its clock in
 * c->clock, or blocked idle).  Runs events in (time, seq) order up to the
 * smallest runnable clock, then hands the CPU to the runnable CPU with the
 * smallest (clock, id); returns when that is @c (eng->now == c->clock,
 * every event up to it done).
 */
static void smp_sched(TbSmp *s, TbCpu *c)
{
    TbEngine *e = s->eng;
    /* the horizon is set again on the way out (smp_arm) */
    for (;;) {
        uint64_t next;
        TbCpu *x = smp_min(s, &next);
        uint64_t lim = x && x->clock < s->stop ? x->clock : s->stop;
        uint64_t kicks = s->kicks;
        /* events up to lim; only a kick (a CPU woken) can move x */
        while (tb_engine_run_one(e, lim) && s->kicks == kicks) {
        }
        if (s->kicks != kicks) {
            continue;   /* recompute x, run on */
        }
        if (e->now < lim) {
            e->now = lim;
        }
        if (!x || x->clock >= s->stop) {
            /* this run is done: idle time up to now, back to the caller
             * of tb_smp_run; the next call resumes here */
            for (uint32_t i = 0; i < s->ncpus; i++) {
                TbCpu *w = s->cpu[i];
                if (w->waiting && w->clock < e->now) {
                    w->ctx_ns[TB_CTX_IDLE] += e->now - w->clock;
                    w->clock = e->now;
                }
            }
            s->resume = c;
            if (!__builtin_setjmp(c->jb)) {
                smp_jump(s->main_jb);
            }
            continue;
        }
        next = next < s->stop ? next : s->stop;   /* x's horizon */
        if (x == c) {
            s->cur = c;
            tb_engine_set_horizon(e, next);
            return;
        }
        smp_switch(s, c, x, next);
        return;
    }
}

void tb_smp_charge(TbCpu *c, uint64_t t)
{
    TbSmp *s = c->smp;
    if (!s->active) {
        tb_engine_run_until(s->eng, t);   /* boot CPU alone (init, end) */
        return;
    }
    c->clock = t;
    smp_sched(s, c);
}

void tb_smp_kick(TbCpu *c)
{
    TbSmp *s = c->smp;
    uint64_t now = s->eng->now;
    if (now > c->clock) {
        c->ctx_ns[TB_CTX_IDLE] += now - c->clock;
        c->clock = now;
    }
    smp_set_waiting(s, c, false);
    s->kicks++;
    if (s->active) {
        smp_arm(s);
    }
}

/* Nothing to do: block until kicked. */
static void smp_idle(TbSmp *s, TbCpu *c)
{
    c->ctx = TB_CTX_IDLE;
    c->clock = s->eng->now;
    smp_set_waiting(s, c, true);
    smp_sched(s, c);
}

static void cpu_entry(void)
{
    TbSmp *s = boot_smp;
    TbCpu *c = s->cpu[boot_id];
    if (!__builtin_setjmp(c->jb)) {
        setcontext(&boot_ret);
    }
    for (;;) {
        if (!tb_cpu_work_once(c)) {
            smp_idle(s, c);
        }
    }
}

void tb_smp_start(TbSmp *s)
{
    for (uint32_t i = 0; i < s->ncpus; i++) {
        TbCpu *c = s->cpu[i];
        c->clock = s->eng->now;
        smp_set_waiting(s, c, false);
        ucontext_t uc;
        s->stack[i] = g_malloc(TB_SMP_STACK);
        s->stack_id[i] = smp_stack_register(s->stack[i], TB_SMP_STACK);
        getcontext(&uc);
        uc.uc_stack.ss_sp = s->stack[i];
        uc.uc_stack.ss_size = TB_SMP_STACK;
        uc.uc_link = NULL;
        makecontext(&uc, cpu_entry, 0);
        boot_smp = s;
        boot_id = i;
        swapcontext(&boot_ret, &uc);   /* back from cpu_entry's setjmp */
    }
    s->started = true;
}

void tb_smp_run(TbSmp *s, uint64_t end_ns)
{
    TbCpu *r = s->resume ? s->resume : s->cpu[0];
    s->stop = end_ns;
    s->active = true;
    s->cur = r;
    s->switch_fn(r->owner, r);
    smp_arm(s);
    if (!__builtin_setjmp(s->main_jb)) {
        smp_jump(r->jb);
    }
    s->active = false;
    s->cur = NULL;
    tb_engine_set_horizon(s->eng, TB_NEVER);
    for (uint32_t i = 0; i < s->ncpus; i++) {
        if (s->cpu[i]->id == 0) {
            s->switch_fn(s->cpu[i]->owner, s->cpu[i]);
        }
    }
}

/* ---- idle stretches of the whole set in closed form ---- */

uint64_t tb_smp_idle_horizon(TbSmp *s, uint64_t *seq)
{
    TbEngine *e = s->eng;
    TbEventId *ids = s->tick_ids;
    uint64_t h, busy = tb_cpu_tick_busy_ns(s->cpu[0]);

    for (uint32_t i = 0; i < s->ncpus; i++) {
        const TbCpu *c = s->cpu[i];
        if (!c->waiting || c->clock != e->now || !tb_cpu_quiet(c) ||
            c->tick_j != s->cpu[0]->tick_j ||
            c->tick_ns != s->cpu[0]->tick_ns ||
            tb_cpu_tick_busy_ns(c) != busy) {
            return e->now;
        }
        ids[i] = c->tick_id;
    }
    if (s->active || !tb_engine_next_except(e, ids, s->ncpus, seq, &h)) {
        return e->now;
    }
    for (uint32_t i = 0; i < s->ncpus; i++) {
        uint64_t hc = tb_cpu_tick_horizon(s->cpu[i], h);
        h = hc < h ? hc : h;
    }
    return h;
}

void tb_smp_idle_skip(TbSmp *s, const uint64_t *seq, uint64_t to_ns)
{
    uint32_t *order = s->order;

    /* the ticks (all at one instant) are rescheduled in their present
     * order, as firing them one by one would */
    for (uint32_t i = 0; i < s->ncpus; i++) {
        uint32_t k = i;
        for (; k > 0 && seq[order[k - 1]] > seq[i]; k--) {
            order[k] = order[k - 1];
        }
        order[k] = i;
    }
    for (uint32_t i = 0; i < s->ncpus; i++) {
        TbCpu *c = s->cpu[order[i]];
        tb_cpu_skip_ticks(c, to_ns);
        c->clock = to_ns;
    }
    tb_engine_run_until(s->eng, to_ns);
}
