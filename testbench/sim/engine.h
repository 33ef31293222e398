/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Discrete-event engine of the testbench: one virtual clock (ns, 64-bit)
 * and a binary min-heap of events ordered by (time ns, insertion sequence).
 * The order is total, so a run is reproducible to the byte.  No wall clock.
 *
 * Cancellation is lazy: an event id names a slot plus a generation; a
 * cancelled event stays in the heap and is discarded when it surfaces.
 * Nothing is allocated per event once the heap and slot table have grown
 * to their working size.
 */
#ifndef TB_ENGINE_H
#define TB_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

/** No event pending / time infinity (ns). */
#define TB_NEVER UINT64_MAX

/** Event callback; @ctx and @arg as given to tb_engine_schedule(). */
typedef void (*TbEventFn)(void *ctx, uint64_t arg);

/** Handle of a scheduled event: (generation << 32) | slot.  0 is never a
 *  valid id. */
typedef uint64_t TbEventId;

/** Heap entry: ordering key plus slot index (internal). */
typedef struct TbHeapEnt {
    uint64_t time;   /**< ns */
    uint64_t seq;    /**< insertion sequence, breaks ties */
    uint32_t slot;   /**< index into TbEngine.slots */
} TbHeapEnt;

/** Callback record of one pending event (internal). */
typedef struct TbEvSlot {
    TbEventFn fn;
    void *ctx;
    uint64_t arg;
    uint32_t gen;       /**< bumped on free; ids of older gens are stale */
    uint32_t live;      /**< 1 pending, 0 cancelled or free */
    uint32_t next_free; /**< free list link */
} TbEvSlot;

/** Most fixed timers an engine can have (tb_engine_timer_new). */
#define TB_ENGINE_MAX_TIMERS 64

/** A fixed, re-armable timer: one pending instant at most.  Ordered with
 *  the heap events by the same (time, seq) key, kept in TbEngine.ttime
 *  and TbEngine.tseq (arrays of 8-byte entries: the run loop and the
 *  rescan index them without scaling by the record's size); seq is
 *  taken when armed. */
typedef struct TbFixedTimer {
    TbEventFn fn;
    void *ctx;
    uint64_t arg;
} TbFixedTimer;

/** The engine.  Fields are public for inline reads of @now; modify only
 *  through the functions below. */
typedef struct TbEngine {
    uint64_t now;        /**< current virtual time, ns */
    uint64_t seq;        /**< next insertion sequence number */
    TbHeapEnt *heap;     /**< min-heap on (time, seq) */
    uint64_t root_time;  /**< heap[0].time, TB_NEVER when the heap is
                              empty: kept by the heap's push and pop, so
                              the run loop's first compare and the due
                              instant need no load through @heap */
    uint32_t nheap, capheap;
    TbEvSlot *slots;
    uint32_t nslots, capslots;
    uint32_t free_head;  /**< first free slot, UINT32_MAX if none */
    TbFixedTimer timers[TB_ENGINE_MAX_TIMERS];
    uint64_t ttime[TB_ENGINE_MAX_TIMERS]; /**< timer i's instant, ns,
                                               TB_NEVER when not armed */
    uint64_t tseq[TB_ENGINE_MAX_TIMERS];  /**< its sequence when armed */
    uint32_t ntimers;
    uint64_t tarmed;     /**< bit i set: timers[i] is armed */
    int tbest;           /**< armed timer with the smallest key, -1 none */
    uint64_t tbest_time; /**< its time, TB_NEVER if none */
    uint64_t horizon;    /**< a charge reaching this instant takes the slow
                              path (tb_engine_maybe_due) although no event
                              is due: the next runnable CPU's clock in
                              lock-step (smp.c), else TB_NEVER; ns; set
                              through tb_engine_set_horizon */
    uint32_t holds;      /**< CPUs (of those sharing this engine) with
                              an interrupt delivered outside the engine's
                              events, which their next charge must take
                              on the slow path (tb_engine_hold) */
    uint64_t hfirst;     /**< 0 while holds, else the earlier of horizon
                              and the heap root's time (possibly a
                              cancelled event; TB_NEVER when the heap is
                              empty) */
    uint64_t due;        /**< the earlier of hfirst and tbest_time, kept
                              as they change: the whole test of
                              tb_engine_maybe_due */
    uint64_t executed;   /**< events run (statistics) */
    uint64_t cancelled;  /**< events discarded after cancel */
} TbEngine;

/** New engine at time 0.  Aborts on out-of-memory (GLib convention). */
TbEngine *tb_engine_new(void);
void tb_engine_free(TbEngine *e);

/**
 * Schedule @fn(@ctx, @arg) at absolute time @t_ns.  A time in the past is
 * clamped to now (it runs next, after events already due at now).
 * Returns the event id for tb_engine_cancel().
 */
TbEventId tb_engine_schedule(TbEngine *e, uint64_t t_ns, TbEventFn fn,
                             void *ctx, uint64_t arg);

/**
 * Cancel a pending event.  Returns true if it was pending, false if it
 * already ran, was cancelled, or @id is 0/unknown.
 */
bool tb_engine_cancel(TbEngine *e, TbEventId id);

/** Time of the earliest pending (not cancelled) event, TB_NEVER if none. */
uint64_t tb_engine_next_time(TbEngine *e);

/**
 * Whether the earliest pending event is the heap event @id (not a fixed
 * timer, not a tie with one); if so *@after is a lower bound of the time of
 * every other pending event (TB_NEVER if none): the earlier of the heap
 * root's children (possibly cancelled entries) and the armed timers.
 */
bool tb_engine_first_is(TbEngine *e, TbEventId id, uint64_t *after);

/**
 * The @n heap events @ids (all pending) and the rest: *@other is the time
 * of the earliest pending event that is none of them (armed fixed timers
 * included; TB_NEVER if none) and @seq[k] the insertion sequence of
 * @ids[k] (ties at one time run in @seq order).  A scan of the whole
 * heap.  false if one of @ids is not pending.
 */
bool tb_engine_next_except(TbEngine *e, const TbEventId *ids, uint32_t n,
                           uint64_t *seq, uint64_t *other);

/**
 * Run every event with time <= @t_ns in (time, seq) order, setting now to
 * each event's time before its callback; events scheduled by callbacks at
 * times <= @t_ns run too.  Finally now = max(now, @t_ns).  Returns the
 * number of events run.
 */
uint64_t tb_engine_run_until(TbEngine *e, uint64_t t_ns);

/**
 * Run the single earliest event if its time <= @limit_ns.  Returns true
 * if one ran.  now becomes its time.
 */
bool tb_engine_run_one(TbEngine *e, uint64_t limit_ns);

/**
 * Create a fixed timer (for a source of deadlines that move often, e.g. a
 * device model's next deadline): arming and re-arming cost no heap work.
 * Returns its index, or -1 if TB_ENGINE_MAX_TIMERS exist.
 */
int tb_engine_timer_new(TbEngine *e, TbEventFn fn, void *ctx, uint64_t arg);
/** Recompute tbest/tbest_time from the armed timers (internal). */
void tb_engine_timer_best(TbEngine *e);

/** Arm timer @idx for @t_ns (clamped to now); re-arming replaces the
 *  previous instant.  Re-arming at the same instant keeps its order.
 *  Inline: the device deadlines and arrivals re-arm several times per
 *  frame. */
static inline void tb_engine_timer_set(TbEngine *e, int idx, uint64_t t_ns)
{
    if (t_ns < e->now) {
        t_ns = e->now;
    }
    if (e->ttime[idx] == t_ns) {
        return;
    }
    e->ttime[idx] = t_ns;
    e->tseq[idx] = e->seq++;
    if (t_ns == TB_NEVER) {
        e->tarmed &= ~(1ull << idx);   /* never due: as if disarmed */
    } else {
        e->tarmed |= 1ull << idx;
    }
    if (t_ns < e->tbest_time) {
        e->tbest = idx;            /* strictly earliest: the new best */
        e->tbest_time = t_ns;
        if (t_ns < e->due) {
            e->due = t_ns;
        }
    } else if (e->tbest == idx) {
        tb_engine_timer_best(e);   /* the best moved later: rescan */
    }
    /* else: not earlier than the best (ties go to the older seq) */
}
/** Arm timer @idx, which is not armed (e.g. the timer whose callback is
 *  running: the engine disarmed it before the call), for @t_ns, which is
 *  not earlier than now and not TB_NEVER.  The same as
 *  tb_engine_timer_set in that case without its clamps and its rescan (a
 *  timer that is not armed is not the best).  Inline: the NICs' deadline
 *  events and the traffic sources' arrivals re-arm their timer with it. */
static inline void tb_engine_timer_arm_idle(TbEngine *e, int idx,
                                            uint64_t t_ns)
{
    e->ttime[idx] = t_ns;
    e->tseq[idx] = e->seq++;
    e->tarmed |= 1ull << idx;
    if (t_ns < e->tbest_time) {
        e->tbest = idx;
        e->tbest_time = t_ns;
        if (t_ns < e->due) {
            e->due = t_ns;
        }
    }
}
/** Disarm timer @idx. */
void tb_engine_timer_cancel(TbEngine *e, int idx);

/** Drop every pending event and disarm every timer (teardown); the clock
 *  is kept. */
void tb_engine_clear(TbEngine *e);

/** Number of entries in the heap (including cancelled ones). */
static inline uint32_t tb_engine_heap_size(const TbEngine *e)
{
    return e->nheap;
}

/** Fast check: the earliest heap key (may be a cancelled event), an
 *  armed timer or the horizon is <= @t.  One compare (due holds the
 *  three): every CPU charge makes it. */
static inline bool tb_engine_maybe_due(const TbEngine *e, uint64_t t)
{
    return e->due <= t;
}

/** Recompute due after hfirst or tbest_time changed (internal). */
static inline void tb_engine_due(TbEngine *e)
{
    e->due = e->hfirst < e->tbest_time ? e->hfirst : e->tbest_time;
}

/** Recompute hfirst (and due) after the heap's root, the horizon or
 *  the holds changed (internal; the root's time is TB_NEVER when the heap
 *  is empty). */
static inline void tb_engine_hfirst(TbEngine *e)
{
    uint64_t h = e->root_time;
    h = h < e->horizon ? h : e->horizon;
    e->hfirst = e->holds ? 0 : h;
    tb_engine_due(e);
}

/** One more holder: every charge takes the slow path
 *  (tb_engine_maybe_due true at any instant) until each holder has
 *  called tb_engine_release; for an interrupt made pending outside an
 *  engine event, which that slow path takes.  The caller holds at most
 *  once at a time (TbCpu.held). */
static inline void tb_engine_hold(TbEngine *e)
{
    if (e->holds++ == 0) {
        tb_engine_hfirst(e);
    }
}

/** A holder's tb_engine_hold ends (caller: one that holds). */
static inline void tb_engine_release(TbEngine *e)
{
    if (--e->holds == 0) {
        tb_engine_hfirst(e);
    }
}

/** Set the horizon (TbEngine.horizon; ns, TB_NEVER for none). */
static inline void tb_engine_set_horizon(TbEngine *e, uint64_t t_ns)
{
    e->horizon = t_ns;
    tb_engine_hfirst(e);
}

#endif /* TB_ENGINE_H */
