/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One modelled CPU: contexts, interrupts, softirqs, processes, jiffies. */
#include "sim/cpu.h"
#include "sim/smp.h"

#include <glib.h>
#include <string.h>

static void tick_event(void *ctx, uint64_t arg);
static bool ksoftirqd_step(TbCpu *c, void *ctx);

TbCpu *tb_cpu_new(TbEngine *eng, const TbProfile *prof, uint32_t hz,
                  uint32_t max_restart, uint32_t max_softirq_us)
{
    TbCpu *c = g_new0(TbCpu, 1);
    c->eng = eng;
    c->ctx = TB_CTX_IDLE;
    for (int i = 0; i < TB_COST_COUNT; i++) {
        c->cost_ps[i] = prof->ps[i];
        c->cost_ns[i] = tb_profile_ns(prof, i);
    }
    /* every loop of the CPU model advances time: a profile of zeros must
     * not make interrupt, softirq or tick loops spin at one instant */
    static const TbCostId progress[] = { TB_COST_IRQ_ENTRY,
        TB_COST_SOFTIRQ_ENTRY, TB_COST_TIMER_TICK };
    for (unsigned i = 0; i < G_N_ELEMENTS(progress); i++) {
        if (c->cost_ns[progress[i]] == 0) {
            c->cost_ns[progress[i]] = 1;
        }
    }
    c->hz = hz ? hz : 1000;
    c->tick_ns = 1000000000ull / c->hz;
    c->max_restart = max_restart ? max_restart : 10;
    c->max_softirq_ns = (uint64_t)(max_softirq_us ? max_softirq_us : 2000)
                        * 1000u;
    c->timeslice_jiffies = 1;
    c->nlines = 1;   /* line 0: timer */
    c->line[TB_IRQ_TIMER].dl_timer = -1;   /* never delivered (tick) */
    c->timer_softirq_ready = UINT64_MAX;
    c->ksoftirqd.name = "ksoftirqd/0";
    c->ksoftirqd.step = ksoftirqd_step;
    c->ksoftirqd.ctx = c;
    tb_cpu_add_proc(c, &c->ksoftirqd);
    return c;
}

void tb_cpu_free(TbCpu *c)
{
    if (!c) {
        return;
    }
    g_free(c->acct);
    g_free(c->timers);
    g_free(c);
}

void tb_cpu_acct_start(TbCpu *c)
{
    if (!c->acct) {
        c->acct = g_new0(TbCpuAcct, 1);
    }
    memset(c->acct, 0, sizeof(*c->acct));
}

void tb_cpu_acct(TbCpu *c, unsigned row, uint64_t n, uint64_t ns)
{
    c->acct->n[c->ctx][row] += n;
    c->acct->ns[c->ctx][row] += ns;
}

/* ---- timer tick (line 0) ---- */

static void tick_event(void *ctx, uint64_t arg)
{
    TbCpu *c = ctx;
    c->irq_pending |= 1u << TB_IRQ_TIMER;
    tb_cpu_kick(c);
    c->tick_j = arg + 1;
    c->tick_id = tb_engine_schedule(c->eng, (arg + 1) * c->tick_ns,
                                    tick_event, c, arg + 1);
}

static int timer_irq(TbCpu *c, void *ctx)
{
    (void)ctx;
    c->irq_pending &= ~(1u << TB_IRQ_TIMER);
    c->jiffies++;
    tb_cpu_cost(c, TB_COST_TIMER_TICK, 1);
    /* scheduler_tick: round-robin slice expiry */
    if (c->current && c->jiffies - c->slice_start_jiffies
                      >= c->timeslice_jiffies) {
        for (uint32_t i = 0; i < c->nprocs; i++) {
            if (c->procs[i] != c->current && c->procs[i]->runnable) {
                c->need_resched = true;
                break;
            }
        }
    }
    if (c->timer_softirq_ready <= c->jiffies) {
        c->softirq_pending |= 1u << TB_SOFTIRQ_TIMER;
    }
    return 1;
}

static void run_timers(TbCpu *c, void *ctx)
{
    (void)ctx;
    uint64_t next = UINT64_MAX;
    for (uint32_t i = 0; i < c->ntimers; i++) {
        TbTimer *t = c->timers[i];
        if (t->pending && t->expires <= c->jiffies) {
            t->pending = false;
            t->fn(c, t->ctx);
        }
    }
    for (uint32_t i = 0; i < c->ntimers; i++) {
        if (c->timers[i]->pending && c->timers[i]->expires < next) {
            next = c->timers[i]->expires;
        }
    }
    c->timer_softirq_ready = next;
}

void tb_cpu_start(TbCpu *c)
{
    c->line[TB_IRQ_TIMER].fn = timer_irq;
    tb_cpu_open_softirq(c, TB_SOFTIRQ_TIMER, run_timers, NULL);
    uint64_t j = c->eng->now / c->tick_ns + 1;
    c->jiffies = j - 1;
    c->tick_j = j;
    c->tick_id = tb_engine_schedule(c->eng, j * c->tick_ns, tick_event, c,
                                    j);
}

/* ---- idle stretches in closed form ---- */

uint64_t tb_cpu_tick_busy_ns(const TbCpu *c)
{
    return c->cost_ns[TB_COST_IRQ_ENTRY] + c->cost_ns[TB_COST_TIMER_TICK] +
           c->cost_ns[TB_COST_IRQ_EXIT];
}

bool tb_cpu_quiet(const TbCpu *c)
{
    if (c->irq_pending || c->softirq_pending || c->irq_off ||
        c->need_resched || c->ctx != TB_CTX_IDLE) {
        return false;
    }
    return c->nrunnable == 0;
}

uint64_t tb_cpu_tick_horizon(const TbCpu *c, uint64_t other)
{
    uint64_t now = c->eng->now, busy = tb_cpu_tick_busy_ns(c);
    uint64_t j_bad, j_timer;

    if (busy >= c->tick_ns) {
        return now;
    }
    /* first tick whose handling would not end before the other event */
    j_bad = other > busy ? (other - busy + c->tick_ns - 1) / c->tick_ns : 0;
    /* first tick that makes a kernel timer due (timer_irq), saturated */
    j_timer = c->tick_j;
    if (c->timer_softirq_ready > c->jiffies) {
        uint64_t d = c->timer_softirq_ready - c->jiffies - 1;
        j_timer = d > UINT64_MAX - c->tick_j ? UINT64_MAX : c->tick_j + d;
    }
    j_bad = j_timer < j_bad ? j_timer : j_bad;
    if (j_bad < c->tick_j) {
        j_bad = c->tick_j;
    }
    if (j_bad <= other / c->tick_ns && j_bad * c->tick_ns < other) {
        other = j_bad * c->tick_ns;
    }
    return other > now ? other : now;
}

uint64_t tb_cpu_idle_horizon(TbCpu *c)
{
    uint64_t other;

    if (c->smp || !tb_cpu_quiet(c) ||
        !tb_engine_first_is(c->eng, c->tick_id, &other)) {
        return c->eng->now;
    }
    return tb_cpu_tick_horizon(c, other);
}

void tb_cpu_skip_ticks(TbCpu *c, uint64_t to_ns)
{
    uint64_t now = c->eng->now, busy = tb_cpu_tick_busy_ns(c);
    uint64_t end_j = (to_ns + c->tick_ns - 1) / c->tick_ns;
    uint64_t n = end_j > c->tick_j ? end_j - c->tick_j : 0;

    c->jiffies += n;
    c->line[TB_IRQ_TIMER].count += n;
    c->ctx_ns[TB_CTX_HARDIRQ] += n * busy;
    if (c->acct) {
        static const TbCostId tick[] = { TB_COST_IRQ_ENTRY,
            TB_COST_TIMER_TICK, TB_COST_IRQ_EXIT };
        for (unsigned i = 0; i < G_N_ELEMENTS(tick); i++) {
            c->acct->n[TB_CTX_HARDIRQ][tick[i]] += n;
            c->acct->ns[TB_CTX_HARDIRQ][tick[i]] += n * c->cost_ns[tick[i]];
        }
    }
    c->ctx_ns[TB_CTX_IDLE] += (to_ns - now) - n * busy;
    if (n) {
        tb_engine_cancel(c->eng, c->tick_id);
        c->tick_j += n;
        c->tick_id = tb_engine_schedule(c->eng, c->tick_j * c->tick_ns,
                                        tick_event, c, c->tick_j);
    }
}

void tb_cpu_idle_skip(TbCpu *c, uint64_t to_ns)
{
    tb_cpu_skip_ticks(c, to_ns);
    tb_engine_run_until(c->eng, to_ns);
}

uint64_t tb_cpu_lost_ticks(const TbCpu *c)
{
    if (!c->tick_j) {
        return 0;
    }
    /* tick j fires at j x tick_ns; tick_j is the next one, so tick_j - 1
     * have fired; each reaches jiffies when timer_irq takes it (a pending
     * one will) */
    uint64_t counted = c->jiffies
                       + !!(c->irq_pending & (1u << TB_IRQ_TIMER));
    return c->tick_j - 1 - counted;
}

uint64_t tb_cpu_jiffies_at(const TbCpu *c, uint64_t t_ns)
{
    uint64_t j = t_ns / c->tick_ns + (t_ns % c->tick_ns != 0);
    uint64_t lost = tb_cpu_lost_ticks(c);
    return j > lost ? j - lost : 0;
}

void tb_cpu_mod_timer(TbCpu *c, TbTimer *t, uint64_t expires)
{
    if (!t->registered) {
        if (c->ntimers == c->timers_cap) {
            c->timers_cap = c->timers_cap ? c->timers_cap * 2 : 64;
            c->timers = g_renew(TbTimer *, c->timers, c->timers_cap);
        }
        c->timers[c->ntimers++] = t;
        t->registered = true;
    }
    t->expires = expires;
    t->pending = true;
    if (expires < c->timer_softirq_ready) {
        c->timer_softirq_ready = expires;
    }
}

void tb_cpu_del_timer(TbCpu *c, TbTimer *t)
{
    (void)c;
    t->pending = false;
}

void tb_cpu_forget_timer(TbCpu *c, TbTimer *t)
{
    t->pending = false;
    if (!t->registered) {
        return;
    }
    uint32_t i = 0;
    while (i < c->ntimers && c->timers[i] != t) {
        i++;
    }
    if (i < c->ntimers) {
        memmove(&c->timers[i], &c->timers[i + 1],
                (c->ntimers - i - 1) * sizeof(c->timers[0]));
        c->ntimers--;
    }
    t->registered = false;
}

/* ---- interrupts ---- */

static void delivery_timer(void *ctx, uint64_t arg);
static inline __attribute__((always_inline))
void softirq_run(TbCpu *c, TbCtx prev);

int tb_cpu_request_irq(TbCpu *c, TbIrqFn fn, void *ctx)
{
    if (c->nlines >= TB_MAX_IRQ_LINES) {
        return -1;
    }
    int l = c->nlines++;
    c->line[l].fn = fn;
    c->line[l].ctx = ctx;
    c->line[l].dl_timer = tb_engine_timer_new(c->eng, delivery_timer, c,
                                              (uint64_t)l);
    return l;
}

/* The IO-APIC message for an asserted line reaches the CPU irq_delivery_ns
 * later ([Lundell2001]: 2-3 us over the APIC bus, independent of the CPU
 * clock); it is latency, not CPU time.  @arg = line | gen << 8. */
static void delivery_event(void *ctx, uint64_t arg)
{
    TbCpu *c = ctx;
    uint32_t line = (uint32_t)(arg & 0xff);
    if ((c->irq_asserted & (1u << line)) && c->line[line].gen == arg >> 8
        && !c->line[line].disabled) {
        c->irq_pending |= 1u << line;
        tb_cpu_kick(c);
    }
}

/* The delivery of a line with a fixed timer (@arg = line): the message
 * armed last (deliver re-arms the timer for every new one; only a line
 * disabled since then stops it). */
static void delivery_timer(void *ctx, uint64_t arg)
{
    TbCpu *c = ctx;
    const TbIrqLine *ln = &c->line[arg];
    if ((c->irq_asserted & (1u << arg)) && !ln->disabled) {
        c->irq_pending |= 1u << arg;
        tb_cpu_kick(c);
    }
}

/* End this CPU's hold of the engine (deliver), if it has one: its
 * interrupt is being taken, or nothing is pending any more.  Another
 * CPU's hold on a shared engine stays. */
static void cpu_release(TbCpu *c)
{
    if (c->held) {
        c->held = 0;
        tb_engine_release(c->eng);
    }
}

/* A new assertion message of @line.  Only the latest one of a line can
 * take effect (delivery_event checks the generation), so a line's
 * deliveries share one fixed engine timer: re-arming it drops the older,
 * ineffective one without heap work.  Disarmed first, so the new message
 * takes its place in the order of events at its instant (a sequence
 * number of its own) as a scheduled event would. */
static void deliver(TbCpu *c, int line)
{
    TbIrqLine *ln = &c->line[line];
    uint64_t lat = c->cost_ns[TB_COST_IRQ_DELIVERY];
    if (lat == 0) {
        c->irq_pending |= 1u << line;
        if (!c->held) {
            c->held = 1;
            tb_engine_hold(c->eng);   /* the next charge takes it */
        }
        tb_cpu_kick(c);
        return;
    }
    if (ln->dl_timer >= 0) {
        if (c->eng->ttime[ln->dl_timer] != TB_NEVER) {
            /* still armed (a message in flight): disarm it first */
            tb_engine_timer_cancel(c->eng, ln->dl_timer);
        }
        /* disarmed, later than now: no clamp, no rescan */
        tb_engine_timer_arm_idle(c->eng, ln->dl_timer, c->eng->now + lat);
        return;
    }
    ln->gen++;   /* only delivery_event looks at it */
    tb_engine_schedule(c->eng, c->eng->now + lat, delivery_event, c,
                       (uint64_t)line | ln->gen << 8);
}

void tb_cpu_set_irq(TbCpu *c, int line, int level)
{
    uint32_t bit = 1u << line;
    if (level) {
        if (!(c->irq_asserted & bit)) {
            c->irq_asserted |= bit;
            if (!c->line[line].disabled) {
                deliver(c, line);
            }
        }
    } else {
        c->irq_asserted &= ~bit;
        c->irq_pending &= ~bit;
        if (!c->irq_pending) {
            cpu_release(c);   /* nothing left to take */
        }
    }
}

/* tb_cpu_do_irq's body, forced inline into it and into the idle loop
 * (tb_cpu_run), where every interrupt of an idle CPU is taken. */
static inline __attribute__((always_inline))
void do_irq(TbCpu *c)
{
    TbCtx prev = c->ctx;
    uint64_t entry = c->cost_ns[TB_COST_IRQ_ENTRY];
    /* a held engine (deliver) has brought its interrupt here; one not
     * taken now is taken by the loop below of the handler it interrupts,
     * or at tb_cpu_irq_enable */
    cpu_release(c);
    if (prev == TB_CTX_HARDIRQ || c->irq_off) {
        return;
    }
    while (c->irq_pending) {
        int l = __builtin_ctz(c->irq_pending);
        TbIrqLine *ln = &c->line[l];
        c->ctx = TB_CTX_HARDIRQ;
        if (c->acct) {
            tb_cpu_acct(c, TB_COST_IRQ_ENTRY, 1, entry);
        }
        tb_cpu_charge(c, entry);
        ln->count++;
        int handled = ln->fn ? ln->fn(c, ln->ctx) : 0;
        tb_cpu_cost(c, TB_COST_IRQ_EXIT, 1);
        c->ctx = prev;
        if (l != TB_IRQ_TIMER && (c->irq_pending & (1u << l))) {
            /* still asserted after the handler (level-triggered): the
             * IO-APIC sends the message again after the EOI */
            c->irq_pending &= ~(1u << l);
            deliver(c, l);
        }
        if (!handled && (c->irq_asserted & (1u << l))) {
            /* Linux note_interrupt: a line that keeps firing unhandled
             * is disabled ("nobody cared") */
            if (++ln->unhandled >= 100000) {
                ln->disabled = true;
                c->irq_pending &= ~(1u << l);
                ln->gen++;
            }
        } else {
            ln->unhandled = 0;
        }
    }
    if (prev < TB_CTX_SOFTIRQ && c->softirq_pending) {
        softirq_run(c, prev);   /* irq_exit -> invoke_softirq */
    }
}

void tb_cpu_do_irq(TbCpu *c)
{
    do_irq(c);
}

void tb_cpu_charge_due(TbCpu *c, uint64_t t)
{
    c->charge_end = t;
    c->charge_ctx = c->ctx;
    if (c->smp) {
        tb_smp_charge(c, t);
    } else {
        tb_engine_run_until(c->eng, t);
    }
    if (c->irq_pending && c->ctx != TB_CTX_HARDIRQ && !c->irq_off) {
        tb_cpu_do_irq(c);
    }
}

void tb_cpu_irq_disable(TbCpu *c)
{
    c->irq_off++;
}

void tb_cpu_irq_enable(TbCpu *c)
{
    if (c->irq_off && --c->irq_off == 0 && c->irq_pending
        && c->ctx != TB_CTX_HARDIRQ) {
        tb_cpu_do_irq(c);
    }
}

/* ---- softirqs ---- */

void tb_cpu_open_softirq(TbCpu *c, int nr, TbSoftirqFn fn, void *ctx)
{
    c->softirq[nr].fn = fn;
    c->softirq[nr].ctx = ctx;
}

static void wakeup_softirqd(TbCpu *c)
{
    if (!c->ksoftirqd.runnable) {
        c->ksoftirqd_wakeups++;
        tb_cpu_wake(c, &c->ksoftirqd);
    }
}

void tb_cpu_raise_softirq(TbCpu *c, int nr)
{
    c->softirq_pending |= 1u << nr;
    if (c->ctx < TB_CTX_SOFTIRQ) {
        wakeup_softirqd(c);
    }
}

/* __do_softirq proper: from context @prev (process or idle) with a
 * softirq pending.  Forced inline: the interrupt's exit (tb_cpu_do_irq)
 * runs it after every interrupt taken in process or idle context. */
static inline __attribute__((always_inline))
void softirq_run(TbCpu *c, TbCtx prev)
{
    uint64_t end = c->eng->now + c->max_softirq_ns;
    uint32_t restart = c->max_restart;
    c->ctx = TB_CTX_SOFTIRQ;
    c->softirq_runs++;
    for (;;) {
        uint32_t pending = c->softirq_pending;
        c->softirq_pending = 0;
        tb_cpu_cost(c, TB_COST_SOFTIRQ_ENTRY, 1);
        /* the pending ones only, lowest number first (Linux order) */
        for (uint32_t m = pending; m; m &= m - 1) {
            int nr = __builtin_ctz(m);
            if (c->softirq[nr].fn) {
                c->softirq[nr].fn(c, c->softirq[nr].ctx);
            }
        }
        if (!c->softirq_pending) {
            break;
        }
        if (c->eng->now < end && !c->need_resched && --restart) {
            continue;
        }
        wakeup_softirqd(c);
        break;
    }
    c->ctx = prev;
}

void tb_cpu_do_softirq(TbCpu *c)
{
    if (c->ctx < TB_CTX_SOFTIRQ && c->softirq_pending) {
        softirq_run(c, c->ctx);
    }
}

static bool ksoftirqd_step(TbCpu *c, void *ctx)
{
    (void)ctx;
    if (c->softirq_pending) {
        tb_cpu_do_softirq(c);
    }
    return c->softirq_pending != 0;
}

/* ---- processes ---- */

void tb_cpu_add_proc(TbCpu *c, TbProc *p)
{
    g_assert(c->nprocs < TB_MAX_PROCS);
    c->procs[c->nprocs++] = p;
    c->nrunnable += p->runnable;
}

void tb_cpu_wake(TbCpu *c, TbProc *p)
{
    if (!p->runnable) {
        p->runnable = true;
        c->nrunnable++;
        p->wakeups++;
        tb_cpu_kick(c);
    }
}

void tb_cpu_del_proc(TbCpu *c, TbProc *p)
{
    for (uint32_t i = 0; i < c->nprocs; i++) {
        if (c->procs[i] == p) {
            memmove(&c->procs[i], &c->procs[i + 1],
                    (c->nprocs - i - 1) * sizeof(c->procs[0]));
            c->nprocs--;
            c->nrunnable -= p->runnable;
            c->rr_next = 0;
            if (c->current == p) {
                c->current = NULL;
            }
            return;
        }
    }
}

/* Pick the process to run next (round-robin), or NULL.  Nothing
 * runnable (the common answer between frames), or only the current
 * process, needs no scan: the scan would find no other.  Forced inline
 * into the idle loops (tb_cpu_run kept it out of line once do_irq was
 * inline in it). */
static inline __attribute__((always_inline))
TbProc *pick(TbCpu *c)
{
    TbProc *cur = c->current;
    if (cur && cur->runnable && (!c->need_resched || c->nrunnable == 1)) {
        c->need_resched = false;
        return cur;
    }
    c->need_resched = false;
    if (c->nrunnable == 0) {
        return NULL;
    }
    for (uint32_t k = 0; k < c->nprocs; k++) {
        uint32_t i = (c->rr_next + k) % c->nprocs;
        TbProc *p = c->procs[i];
        if (p->runnable && p != c->current) {
            c->rr_next = (i + 1) % c->nprocs;
            return p;
        }
    }
    if (c->current && c->current->runnable) {
        return c->current;
    }
    return NULL;
}

/* One step of process @p (its context switch if another ran last).
 * Forced inline into the idle loops: one call fewer per step. */
static inline __attribute__((always_inline))
void run_step(TbCpu *c, TbProc *p)
{
    if (p != c->current) {
        c->ctx = TB_CTX_PROCESS;
        if (c->current) {
            tb_cpu_cost(c, TB_COST_CONTEXT_SWITCH, 1);
        }
        c->current = p;
        c->context_switches++;
        p->switches_in++;
        c->slice_start_jiffies = c->jiffies;
    } else if (c->jiffies - c->slice_start_jiffies >= c->timeslice_jiffies) {
        c->slice_start_jiffies = c->jiffies;   /* nobody else: new slice */
    }
    c->ctx = TB_CTX_PROCESS;
    uint64_t t0 = c->ctx_ns[TB_CTX_PROCESS];
    uint64_t w0 = c->eng->now;
    bool runnable = p->step(c, p->ctx);
    c->nrunnable += (uint32_t)runnable - (uint32_t)p->runnable;
    p->runnable = runnable;
    if (c->eng->now == w0) {
        tb_cpu_charge_as(c, TB_ACCT_OTHER, 1);   /* a step takes time */
    }
    p->runtime_ns += c->ctx_ns[TB_CTX_PROCESS] - t0;
    c->ctx = TB_CTX_IDLE;
}

void tb_cpu_sleep(TbCpu *c, uint64_t ns)
{
    if (c->ctx >= TB_CTX_SOFTIRQ || (c->smp && c->smp->active)) {
        /* atomic context, or a CPU of a set (smp.c runs their idle
         * loops; a msleep there is rare: it busy-waits) */
        tb_cpu_charge_as(c, TB_ACCT_OTHER, ns);
        return;
    }
    TbCtx prev = c->ctx;
    uint64_t target = c->eng->now + ns;
    c->ctx = TB_CTX_IDLE;
    while (c->eng->now < target) {
        if (c->irq_pending && !c->irq_off) {
            tb_cpu_do_irq(c);
            continue;
        }
        uint64_t t = tb_engine_next_time(c->eng);
        if (t > target) {
            t = target;
        }
        c->ctx_ns[TB_CTX_IDLE] += t - c->eng->now;
        tb_engine_run_until(c->eng, t);
    }
    c->ctx = prev;
}

void tb_cpu_run(TbCpu *c, uint64_t end_ns)
{
    TbEngine *e = c->eng;
    while (e->now < end_ns) {
        if (c->irq_pending && !c->irq_off) {
            c->ctx = TB_CTX_IDLE;
            do_irq(c);
            continue;
        }
        TbProc *p = pick(c);
        if (p) {
            run_step(c, p);
            continue;
        }
        uint64_t t = tb_engine_next_time(e);
        if (t > end_ns) {
            t = end_ns;
        }
        c->ctx_ns[TB_CTX_IDLE] += t - e->now;
        tb_engine_run_until(e, t);
    }
}

bool tb_cpu_work_once(TbCpu *c)
{
    if (c->irq_pending && !c->irq_off) {
        c->ctx = TB_CTX_IDLE;
        tb_cpu_do_irq(c);
        return true;
    }
    TbProc *p = pick(c);
    if (p) {
        run_step(c, p);
        return true;
    }
    return false;
}
