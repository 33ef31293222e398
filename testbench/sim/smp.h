/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A set of modelled CPUs (two or more: those of one host, or of every
 * host of a network) on one engine, run as coroutines (one stack each)
 * in conservative lock-step, deterministically:
 *
 *  - Each CPU has a local clock.  The running CPU's clock is eng->now; a
 *    switched-out CPU keeps it in TbCpu.clock.  A CPU is runnable or
 *    blocked idle (TbCpu.waiting: nothing to do until an interrupt is
 *    delivered to it or one of its processes is woken, tb_cpu_kick).
 *  - The runnable CPU with the smallest (clock, slot) runs (slot: its
 *    index in the set).  At each charge
 *    point that would take it past another runnable CPU (the engine's
 *    horizon is set to the next CPU's clock so that the charge's fast
 *    path, tb_engine_maybe_due, traps), engine events are run in global (time,
 *    seq) order up to the smallest runnable clock and the CPU switches.
 *    So an event is never processed in the past of a CPU that could still
 *    observe it, and every MMIO access (done right after a charge) reaches
 *    the device model at non-decreasing times.
 *  - An event that wakes a blocked CPU (interrupt delivery, timer tick)
 *    gives it the event's time as clock: events after it wait until it has
 *    run up to them.  A wake-up from running code (wake_up_process of a
 *    process pinned to another CPU) gives it the waker's clock.
 *  - When every CPU is blocked idle, the engine jumps to the next event.
 *
 * tb_smp_run(end) returns when all events up to @end are done and every
 * runnable CPU's clock is >= @end; the next call resumes exactly where it
 * stopped, so chunking does not change results.  Idle time of a blocked
 * CPU is accounted when it wakes (and up to @end on return).
 */
#ifndef TB_SMP_H
#define TB_SMP_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/cpu.h"

/** Most CPUs of a host. */
#define TB_MAX_CPUS 8

/** A coroutine's resume point: the five words GCC's __builtin_setjmp
 *  saves (frame, resume address, stack pointer; [GCC-BUILTINS]
 *  "Nonlocal gotos"), cheaper than a jmp_buf's signal mask and unwind. */
typedef void *TbSmpJmp[5];

/** Called with @c->owner whenever CPU @c starts or resumes running (the
 *  owner's "current CPU" pointers follow it), and for every boot CPU (id
 *  0) when tb_smp_run returns (every owner is back on its boot CPU). */
typedef void (*TbSmpSwitchFn)(void *owner, TbCpu *c);

struct TbSmp {
    bool active;                   /**< inside tb_smp_run */
    TbEngine *eng;
    uint32_t ncpus;
    TbCpu *cur;                    /**< running CPU */
    TbCpu *resume;                 /**< CPU to resume from tb_smp_run */
    uint64_t stop;                 /**< tb_smp_run's @end, ns */
    bool started;                  /**< coroutines created */
    TbSmpSwitchFn switch_fn;
    TbSmpJmp main_jb;              /**< tb_smp_run's caller (each CPU's
                                        coroutine: TbCpu.jb) */
    void **stack;
    unsigned *stack_id;            /**< valgrind's ids of stack[] (0
                                        when built without valgrind) */
    TbEventId *tick_ids;           /**< scratch of the idle horizon */
    uint32_t *order;               /**< scratch of the idle skip */
    uint64_t switches;             /**< coroutine switches (statistics) */
    uint64_t kicks;                /**< tb_smp_kick calls: the only
                                        change of a CPU's (clock, waiting)
                                        an engine event can make */
    TbCpu **run;                   /**< the CPUs not waiting, nrun of
                                        them in slot order (the scans of a
                                        large set visit only these) */
    uint32_t nrun;
    TbCpu *cpu[];                  /**< the set, ncpus entries (in the
                                        struct: no load on the way) */
};

/**
 * A set of @n (2 or more) CPUs already created on @eng, in the order of
 * @cpus (copied; the first is the CPU tb_smp_run starts with); sets their
 * slot and smp pointer.  NULL if @n is below 2.
 */
TbSmp *tb_smp_new(TbEngine *eng, TbCpu **cpus, uint32_t n,
                  TbSmpSwitchFn fn);
void tb_smp_free(TbSmp *s);

/**
 * Start lock-step at the current engine time (host ready): every CPU's
 * clock becomes eng->now and it is runnable.  Before this only each
 * host's boot CPU runs, through the one-CPU paths of cpu.c.
 */
void tb_smp_start(TbSmp *s);

/** Run every CPU until @end_ns (see above).  Back in the caller every
 *  owner is on its boot CPU (the switch callback). */
void tb_smp_run(TbSmp *s, uint64_t end_ns);

/**
 * Idle stretches of the set (between tb_smp_run calls): if every CPU is
 * blocked idle at the current time and quiet (tb_cpu_quiet), with its
 * tick at the same instant as the others', the time before which nothing
 * but those ticks can happen (the earliest other event, or the first
 * tick whose handling would reach it or make a kernel timer due on some
 * CPU); else the current time.  @seq (ncpus entries) receives the ticks'
 * insertion order for tb_smp_idle_skip.
 */
uint64_t tb_smp_idle_horizon(TbSmp *s, uint64_t *seq);
/**
 * Advance every CPU of the set to @to_ns (<= tb_smp_idle_horizon()) in
 * closed form (tb_cpu_skip_ticks each, ticks rescheduled in the order
 * @seq gives), then the engine: the state the event-by-event lock-step
 * reaches, in O(ncpus).
 */
void tb_smp_idle_skip(TbSmp *s, const uint64_t *seq, uint64_t to_ns);

#endif /* TB_SMP_H */
