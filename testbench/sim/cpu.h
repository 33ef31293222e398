/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Modelled host CPU (one CPU, as the seeds' uniprocessor hosts; several
 * run in lock-step through smp.h).
 *
 * Kernel and driver C code runs synchronously and "charges" CPU time at
 * operation points (tb_cpu_charge).  A charge advances the virtual clock,
 * runs every engine event due up to the new time (wire arrivals, device
 * deadlines, timer ticks) and then, if an interrupt line is asserted and
 * the CPU is below hardirq context with interrupts enabled, runs the
 * hardirq handler right there (nested): interrupts preempt softirq and
 * process work at the next charge point.  On the way out of a hardirq
 * that interrupted process or idle context, pending softirqs run
 * (irq_exit -> __do_softirq, with MAX_SOFTIRQ_RESTART and MAX_SOFTIRQ_TIME;
 * beyond that ksoftirqd is woken, Linux kernel/softirq.c, [LINUX-SOFTIRQ]).
 *
 * Contexts (priority order): hardirq > softirq > process > idle.  Time is
 * accounted per context.  Processes (ksoftirqd, the UDP reader) are run
 * round-robin in "steps" (one unit of work each) with a timeslice; a
 * switch between different processes charges context_switch.
 *
 * A jiffies clock ticks every 1e9/HZ ns as a timer interrupt (line 0);
 * kernel timers (struct TbTimer) expire in the TIMER softirq.
 */
#ifndef TB_CPU_H
#define TB_CPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/engine.h"
#include "sim/profile.h"

/** CPU contexts, lowest to highest priority (index of TbCpu.ctx_ns). */
typedef enum TbCtx {
    TB_CTX_IDLE = 0,
    TB_CTX_PROCESS = 1,
    TB_CTX_SOFTIRQ = 2,
    TB_CTX_HARDIRQ = 3,
    TB_CTX_COUNT
} TbCtx;

/** Softirq numbers (Linux include/linux/interrupt.h order). */
enum {
    TB_SOFTIRQ_HI = 0,
    TB_SOFTIRQ_TIMER = 1,
    TB_SOFTIRQ_NET_TX = 2,
    TB_SOFTIRQ_NET_RX = 3,
    TB_NR_SOFTIRQS = 4
};

/** Interrupt lines: 0 is the timer, 1.. are devices. */
#define TB_MAX_IRQ_LINES 32
#define TB_IRQ_TIMER 0

typedef struct TbCpu TbCpu;
typedef struct TbSmp TbSmp;

/** Hardirq handler; returns 1 (IRQ_HANDLED) or 0 (IRQ_NONE). */
typedef int (*TbIrqFn)(TbCpu *cpu, void *ctx);
/** Softirq action. */
typedef void (*TbSoftirqFn)(TbCpu *cpu, void *ctx);
/** One step of a process: a bounded unit of work that charges time.
 *  Returns true if the process still has work (stays runnable). */
typedef bool (*TbProcStepFn)(TbCpu *cpu, void *ctx);
/** Kernel timer callback (runs in TIMER softirq). */
typedef void (*TbTimerFn)(TbCpu *cpu, void *ctx);

/** A process (kernel thread or user task). */
typedef struct TbProc {
    const char *name;
    TbProcStepFn step;
    void *ctx;
    bool runnable;
    uint64_t runtime_ns;   /**< process-context time of its steps (ns) */
    uint64_t wakeups;      /**< sleeping -> runnable transitions */
    uint64_t switches_in;  /**< times switched to */
} TbProc;

/** A kernel timer (struct timer_list).  @expires in jiffies. */
typedef struct TbTimer {
    uint64_t expires;
    TbTimerFn fn;
    void *ctx;
    bool pending;
    bool registered;       /**< in its CPU's timer list (first mod_timer
                                until tb_cpu_forget_timer) */
} TbTimer;

/** One interrupt line. */
typedef struct TbIrqLine {
    TbIrqFn fn;
    void *ctx;
    uint64_t count;        /**< handler invocations (/proc/interrupts) */
    uint64_t unhandled;    /**< consecutive IRQ_NONE while asserted */
    bool disabled;         /**< "nobody cared": line disabled */
    uint64_t gen;          /**< assertion generation of a line without
                                a fixed timer (delivery events) */
    int dl_timer;          /**< engine fixed timer of its delivery, -1:
                                heap events (no timer left) */
} TbIrqLine;

/** Processes of one CPU: a host's ksoftirqd, UDP reader and up to
 *  TB_NETPERF_MAX_PER_HOST netperf processes. */
#define TB_MAX_PROCS 72

/** Rows of the CPU profile (TbCpuAcct) beyond the cost profile's items:
 *  the bus stall of a readl (e1k_bus_read_stall_ns), and every other
 *  charge that is no cost item (udelay, spinning, a process step's
 *  minimum of 1 ns). */
enum {
    TB_ACCT_MMIO_READ = TB_COST_COUNT,
    TB_ACCT_OTHER,
    TB_ACCT_COUNT
};

/** The CPU profile (`e1klab run --profile`, docs/tcp.md "Where a send()'s
 *  cycles go"): per context and row (a TbCostId, TB_ACCT_MMIO_READ or
 *  TB_ACCT_OTHER) how often it was charged (operations; bytes for the
 *  per-byte costs) and the CPU time charged for it (ns).  Counted only
 *  while TbCpu.acct is set (tb_cpu_acct_start). */
typedef struct TbCpuAcct {
    uint64_t n[TB_CTX_COUNT][TB_ACCT_COUNT];
    uint64_t ns[TB_CTX_COUNT][TB_ACCT_COUNT];
} TbCpuAcct;

struct TbCpu {
    TbEngine *eng;
    TbCtx ctx;                     /**< current context */
    uint32_t irq_off;              /**< local_irq_disable depth */
    uint32_t irq_asserted;         /**< lines asserted by devices */
    uint32_t irq_pending;          /**< delivered to the CPU, not yet
                                        handled (bit per line) */
    uint32_t held;                 /**< 1 while this CPU holds the
                                        engine (tb_engine_hold: an
                                        interrupt delivered with no
                                        latency, not yet taken) */
    uint32_t softirq_pending;      /**< bit per softirq */
    uint64_t ctx_ns[TB_CTX_COUNT]; /**< time per context, ns */
    uint64_t cost_ns[TB_COST_COUNT]; /**< profile costs, ns */
    uint64_t cost_ps[TB_COST_COUNT]; /**< profile costs, ps */
    TbIrqLine line[TB_MAX_IRQ_LINES];
    uint32_t nlines;
    struct { TbSoftirqFn fn; void *ctx; } softirq[TB_NR_SOFTIRQS];
    /* softirq limits (Linux kernel/softirq.c) */
    uint32_t max_restart;          /**< MAX_SOFTIRQ_RESTART (10) */
    uint64_t max_softirq_ns;       /**< MAX_SOFTIRQ_TIME (2 ms) */
    uint64_t softirq_runs;         /**< __do_softirq invocations */
    uint64_t ksoftirqd_wakeups;
    TbProc ksoftirqd;
    /* scheduler */
    TbProc *procs[TB_MAX_PROCS];
    uint32_t nprocs;
    uint32_t nrunnable;            /**< procs[] with runnable set (pick's
                                        fast answers: none, or only the
                                        current one) */
    TbProc *current;               /**< last process run (NULL none) */
    uint32_t rr_next;              /**< round-robin cursor */
    uint64_t slice_start_jiffies;  /**< when current got the CPU */
    uint64_t timeslice_jiffies;    /**< round-robin slice */
    bool need_resched;
    uint64_t context_switches;
    /* time */
    uint32_t hz;
    uint64_t tick_ns;              /**< 1e9 / hz */
    uint64_t jiffies;
    TbTimer **timers;              /**< every timer ever armed and not
                                        forgotten, in order of first arming
                                        (run_timers' order); grows */
    uint32_t ntimers, timers_cap;
    uint64_t timer_softirq_ready;  /**< earliest pending expiry (jiffies) */
    TbEventId tick_id;             /**< the pending tick event */
    uint64_t tick_j;               /**< its jiffy number (at j x tick_ns) */
    /* the charge whose events are running (tb_cpu_charge): its end time
     * (ns) and context.  ctx_ns already holds the whole charge, so an
     * event that reads the CPU times mid-charge (the CSV sampler) takes
     * charge_end - now off ctx_ns[charge_ctx] (tb_cpu_times_at_now) */
    uint64_t charge_end;
    TbCtx charge_ctx;
    uint32_t id;                   /**< CPU number in its host (0..) */
    void *owner;                   /**< the host it belongs to (set by
                                        its builder, sim_host.c) */
    /* lock-step (smp.h; all zero outside a set, whose paths never look
     * at them) */
    TbSmp *smp;                    /**< the CPU set, NULL outside one */
    uint32_t slot;                 /**< index in the set */
    void *jb[5];                   /**< its coroutine's resume point
                                        (smp.h TbSmpJmp) */
    uint64_t clock;                /**< local clock while switched out, ns
                                        (the running CPU's is eng->now) */
    bool waiting;                  /**< idle, blocked until kicked */
    TbCpuAcct *acct;               /**< the CPU profile, NULL: off */
};

/** A modelled spinlock (e.g. netif_tx_lock): a CPU that finds it held
 *  by another CPU spins, charging TB_SPIN_QUANTUM_NS at a time (so the
 *  holder, scheduled by the lock-step of smp.c, runs and releases it).
 *  With one CPU it is never contended and charges nothing. */
typedef struct TbSpin {
    TbCpu *owner;                  /**< holder, NULL when free */
    uint64_t contended;            /**< acquisitions that had to spin */
    uint64_t spin_ns;              /**< time spent spinning, ns */
} TbSpin;

/** Spin granularity of tb_spin_lock, ns. */
#define TB_SPIN_QUANTUM_NS 20u

/** SMP hooks (smp.c): the slow path of a charge on a CPU of a set, and
 *  the wake-up of a blocked idle CPU. */
void tb_smp_charge(TbCpu *c, uint64_t t);
void tb_smp_kick(TbCpu *c);

/** Make a blocked idle CPU runnable (new interrupt or process work). */
static inline void tb_cpu_kick(TbCpu *c)
{
    if (c->smp && c->waiting) {
        tb_smp_kick(c);
    }
}

/**
 * New CPU on engine @eng with costs from @prof, kernel HZ @hz (>= 1),
 * MAX_SOFTIRQ_RESTART @max_restart and MAX_SOFTIRQ_TIME @max_softirq_us.
 * ksoftirqd is created (sleeping).  The tick starts with tb_cpu_start().
 */
TbCpu *tb_cpu_new(TbEngine *eng, const TbProfile *prof, uint32_t hz,
                  uint32_t max_restart, uint32_t max_softirq_us);
void tb_cpu_free(TbCpu *c);

/** Start the periodic timer tick (first tick at the next jiffy). */
void tb_cpu_start(TbCpu *c);

/**
 * Idle stretches (one CPU): if the CPU is idle (no interrupt or softirq
 * pending, interrupts on, nothing runnable) and its next event is its
 * tick, the time before which nothing but idle ticks can happen: the
 * next other event, or the start of the first tick whose handling would
 * reach it or make a kernel timer due.  Otherwise the current time.
 */
uint64_t tb_cpu_idle_horizon(TbCpu *c);
/** CPU time of one idle tick: irq_entry + timer_tick + irq_exit, ns. */
uint64_t tb_cpu_tick_busy_ns(const TbCpu *c);
/** True if @c has nothing to do but wait: no interrupt or softirq
 *  pending, interrupts on, no reschedule due, idle context, nothing
 *  runnable. */
bool tb_cpu_quiet(const TbCpu *c);
/** For a quiet CPU whose next event other than its tick is at @other
 *  (ns): the start of the first tick whose handling would reach @other or
 *  make a kernel timer due, or @other if earlier; the current time if a
 *  tick's handling does not fit in a tick period. */
uint64_t tb_cpu_tick_horizon(const TbCpu *c, uint64_t other);
/** The accounting part of tb_cpu_idle_skip (every tick before @to_ns
 *  taken, the rest idle, the next tick rescheduled) without moving the
 *  engine; for CPUs of a set, which tb_smp_idle_skip moves together. */
void tb_cpu_skip_ticks(TbCpu *c, uint64_t to_ns);
/**
 * Advance an idle CPU to @to_ns (<= tb_cpu_idle_horizon()) in closed
 * form: every tick before @to_ns is taken as the tick interrupt would
 * (jiffies, the timer line's count, hardirq time), the rest is idle; the
 * next tick is rescheduled.  Exactly the state the event-by-event run
 * reaches, in O(1).
 */
void tb_cpu_idle_skip(TbCpu *c, uint64_t to_ns);

/** Register a device interrupt handler; returns the line (1..31) or -1. */
int tb_cpu_request_irq(TbCpu *c, TbIrqFn fn, void *ctx);
/** Drive a line's level (1 asserted; level-triggered).  An assertion is
 *  delivered to the CPU irq_delivery_ns later (latency, not CPU time); a
 *  line still asserted after its handler is delivered again. */
void tb_cpu_set_irq(TbCpu *c, int line, int level);

/** Install a softirq action (open_softirq). */
void tb_cpu_open_softirq(TbCpu *c, int nr, TbSoftirqFn fn, void *ctx);
/** raise_softirq: mark pending; outside interrupt context also wake
 *  ksoftirqd (Linux raise_softirq_irqoff). */
void tb_cpu_raise_softirq(TbCpu *c, int nr);

/** Add a process (sleeping); up to TB_MAX_PROCS. */
void tb_cpu_add_proc(TbCpu *c, TbProc *p);
/** wake_up_process. */
void tb_cpu_wake(TbCpu *c, TbProc *p);

/** Ticks of CPU @c that fired but never reached its jiffies: a tick that
 *  comes while the previous one is still pending (the CPU in one charge,
 *  with interrupts off, or not run at all while a later host brings its
 *  NICs up) collapses into it, as on a 2.4 kernel whose timer interrupt
 *  is held off for more than a tick.  0 before tb_cpu_start. */
uint64_t tb_cpu_lost_ticks(const TbCpu *c);
/** The jiffy at which a timer must expire to run at the first tick at or
 *  after the absolute instant @t_ns (ns): ceil(@t_ns / tick_ns) on the
 *  CPU's own jiffies count, i.e. less the ticks lost so far
 *  (tb_cpu_lost_ticks), so that an instant @d ns ahead is d / tick_ns
 *  jiffies ahead, as Linux arms timers at jiffies + timeout (mod_timer).
 *  Never below 0. */
uint64_t tb_cpu_jiffies_at(const TbCpu *c, uint64_t t_ns);
/** add_timer / mod_timer: (re)arm @t to expire at jiffy @expires. */
void tb_cpu_mod_timer(TbCpu *c, TbTimer *t, uint64_t expires);
/** del_timer. */
void tb_cpu_del_timer(TbCpu *c, TbTimer *t);
/** Take @t out of the CPU's timer list before its memory is freed (a
 *  freed socket's timers); the others keep their order.  O(timers). */
void tb_cpu_forget_timer(TbCpu *c, TbTimer *t);

/** Take every pending interrupt now (if below hardirq with interrupts
 *  enabled): irq_entry, the line's handler, irq_exit; then pending
 *  softirqs if the interrupted context was process or idle.  Called by
 *  tb_cpu_charge and the idle loop. */
void tb_cpu_do_irq(TbCpu *c);

/** The rest of a charge (already counted in ctx_ns) that may have events
 *  due: run them up to @t (ns; through smp.c on a CPU of a set), then take
 *  pending interrupts if allowed.  Out of line: every charge site inlines
 *  only the check (tb_cpu_charge). */
void tb_cpu_charge_due(TbCpu *c, uint64_t t);

/**
 * Charge @ns of CPU time to the current context: advance the clock, run
 * engine events due, then take pending interrupts if allowed.
 *
 * Only the slow path (tb_cpu_charge_due) looks at pending interrupts: an
 * interrupt becomes pending in an engine event (run by that slow path or
 * by an idle loop, which both check), or synchronously in deliver() with
 * no delivery latency, which holds the engine (tb_engine_hold) so that
 * the next charges take the slow path until tb_cpu_do_irq releases it.
 * One that stays pending in hardirq context or with interrupts off is
 * taken when the handler returns (tb_cpu_do_irq's loop) or at
 * tb_cpu_irq_enable.  The instants interrupts are taken at are those of
 * a check after every charge.
 */
static inline void tb_cpu_charge(TbCpu *c, uint64_t ns)
{
    TbEngine *e = c->eng;
    uint64_t t = e->now + ns;
    c->ctx_ns[c->ctx] += ns;
    if (tb_engine_maybe_due(e, t)) {
        tb_cpu_charge_due(c, t);
        return;
    }
    e->now = t;
}

/**
 * CPU time per context (ns) up to the current instant, also from inside an
 * engine event that runs in the middle of a charge (the part of the charge
 * after now is not counted).  Reads only.  @out: TB_CTX_COUNT entries.
 */
static inline void tb_cpu_times_at_now(const TbCpu *c, uint64_t *out)
{
    for (int i = 0; i < TB_CTX_COUNT; i++) {
        out[i] = c->ctx_ns[i];
    }
    if (c->charge_end > c->eng->now) {
        out[c->charge_ctx] -= c->charge_end - c->eng->now;
    }
}

/**
 * CPU time per context (ns) of a CPU of a set at global time @now (<= its
 * clock when runnable): a blocked idle CPU's idle time runs up to @now,
 * a runnable CPU's charge in progress past @now is not counted.
 */
static inline void tb_cpu_times_at(const TbCpu *c, uint64_t now,
                                   uint64_t *out)
{
    for (int i = 0; i < TB_CTX_COUNT; i++) {
        out[i] = c->ctx_ns[i];
    }
    if (c->waiting) {
        if (now > c->clock) {
            out[TB_CTX_IDLE] += now - c->clock;
        }
    } else if (c->clock > now) {
        out[c->charge_ctx] -= c->clock - now;
    }
}

/** Start the CPU profile of @c from now (counts zeroed). */
void tb_cpu_acct_start(TbCpu *c);
/** Count @n operations of row @row (TbCpuAcct) taking @ns in the current
 *  context into the profile (which is on). */
void tb_cpu_acct(TbCpu *c, unsigned row, uint64_t n, uint64_t ns);

/** Charge @ns of CPU time as row @row of the CPU profile (a charge that
 *  is no cost item: TB_ACCT_MMIO_READ, TB_ACCT_OTHER). */
static inline void tb_cpu_charge_as(TbCpu *c, unsigned row, uint64_t ns)
{
    if (c->acct) {
        tb_cpu_acct(c, row, 1, ns);
    }
    tb_cpu_charge(c, ns);
}

/** Charge @n times profile cost @id. */
static inline void tb_cpu_cost(TbCpu *c, TbCostId id, uint32_t n)
{
    uint64_t ns = c->cost_ns[id] * n;
    if (c->acct) {
        tb_cpu_acct(c, id, n, ns);
    }
    tb_cpu_charge(c, ns);
}

/** Charge profile costs @a and @b once each as one charge (one point at
 *  which interrupts may be taken, as a single cost item would be). */
static inline void tb_cpu_cost_pair(TbCpu *c, TbCostId a, TbCostId b)
{
    if (c->acct) {
        tb_cpu_acct(c, a, 1, c->cost_ns[a]);
        tb_cpu_acct(c, b, 1, c->cost_ns[b]);
    }
    tb_cpu_charge(c, c->cost_ns[a] + c->cost_ns[b]);
}

/** Charge a per-byte cost @id for @bytes bytes (ps precision). */
static inline void tb_cpu_cost_bytes(TbCpu *c, TbCostId id, uint32_t bytes)
{
    uint64_t ns = (c->cost_ps[id] * bytes + 500) / 1000;
    if (c->acct) {
        tb_cpu_acct(c, id, bytes, ns);
    }
    tb_cpu_charge(c, ns);
}

/** spin_lock / spin_unlock on CPU @c (see TbSpin). */
static inline void tb_spin_lock(TbCpu *c, TbSpin *l)
{
    if (l->owner && l->owner != c) {
        l->contended++;
        while (l->owner && l->owner != c) {
            l->spin_ns += TB_SPIN_QUANTUM_NS;
            tb_cpu_charge_as(c, TB_ACCT_OTHER, TB_SPIN_QUANTUM_NS);
        }
    }
    l->owner = c;
}

static inline void tb_spin_unlock(TbSpin *l)
{
    l->owner = NULL;
}

/** One unit of work of CPU @c (pending interrupts, or one step of the
 *  next process); false if it has nothing to do (idle).  smp.c's loop. */
bool tb_cpu_work_once(TbCpu *c);

/** Remove process @p from CPU @c (to pin it to another CPU). */
void tb_cpu_del_proc(TbCpu *c, TbProc *p);

/** local_irq_disable / local_irq_enable (nesting counted). */
void tb_cpu_irq_disable(TbCpu *c);
void tb_cpu_irq_enable(TbCpu *c);

/** __do_softirq from the current (process or idle) context; no-op when
 *  already in softirq/hardirq. */
void tb_cpu_do_softirq(TbCpu *c);

/**
 * Sleep the current process context for @ns (msleep): the CPU idles
 * (interrupts and softirqs still run) until the time has passed.
 */
void tb_cpu_sleep(TbCpu *c, uint64_t ns);

/**
 * Run the CPU (interrupts, softirqs, processes, idle) until the clock
 * reaches @end_ns.  A process step or softirq run in progress at @end_ns
 * finishes first, so the clock may pass @end_ns slightly.
 */
void tb_cpu_run(TbCpu *c, uint64_t end_ns);

/** Now, ns. */
static inline uint64_t tb_cpu_now(const TbCpu *c)
{
    return c->eng->now;
}

#endif /* TB_CPU_H */
