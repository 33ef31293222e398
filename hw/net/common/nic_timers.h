/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal timers and the deadline contract of the device models' common
 * layer (hw/net/common; docs/model.md "Time contract").
 *
 * A model owns a small fixed set of timers, each one deadline (ns) or
 * NIC_NO_DEADLINE, kept in an array of its saved state.  NicTimerIndex
 * is derived from that array (not saved; nic_timers_rebuild after a
 * restore): the earliest deadline, the lowest timer id holding it, and a
 * mask of the armed timers, kept up to date as timers are armed and
 * cancelled, so "when must I run next" is O(1) and an entry point with
 * nothing due does no timer work.  A rescan of the armed timers happens
 * only when the earliest one moves later or is cancelled.
 *
 * Firing order: deadline order, ties by timer id.  A host sees only the
 * earliest deadline (the model's *_next_deadline, announced through
 * NicPort.deadline_changed when it changes) and calls the model's
 * *_run_until / *_run_due when its clock reaches it.  One call fires at
 * most NIC_RUN_MAX_FIRINGS timers (a handler that re-arms itself at now
 * cannot hang the host; the rest stays due and the host calls again).
 */
#ifndef NIC_TIMERS_H
#define NIC_TIMERS_H

#include <stdbool.h>
#include <stdint.h>

/** "No deadline": a disarmed timer, and the earliest deadline when no
 *  timer is armed. */
#define NIC_NO_DEADLINE UINT64_MAX

/** Most timer firings one run call (or catch-up) performs. */
#define NIC_RUN_MAX_FIRINGS 65536u

/** Largest number of timers an index handles (one bit each in armed). */
#define NIC_TIMERS_MAX 64u

/** Derived view of a model's timer array (see above). */
typedef struct NicTimerIndex {
    uint64_t next_deadline; /**< min of the armed deadlines (ns), or
                                 NIC_NO_DEADLINE */
    uint64_t armed;         /**< bit i set: timer i is armed */
    uint32_t next_timer;    /**< lowest id holding next_deadline, or
                                 NIC_TIMERS_MAX when none is armed */
    uint32_t count;         /**< timers in the array, <= NIC_TIMERS_MAX */
} NicTimerIndex;

/** Recompute next_deadline and next_timer from the armed timers of @dl
 *  (armed kept up to date by nic_timer_set / nic_timer_cancel). */
void nic_timers_rescan(NicTimerIndex *x, const uint64_t *dl);

/** Rebuild the whole index from the @count deadlines at @dl (after a
 *  reset or a restore wrote the array directly). */
void nic_timers_rebuild(NicTimerIndex *x, const uint64_t *dl,
                        uint32_t count);

/** Disarm timer @id (no-op if not armed). */
static inline void nic_timer_cancel(NicTimerIndex *x, uint64_t *dl,
                                    uint32_t id)
{
    dl[id] = NIC_NO_DEADLINE;
    x->armed &= ~(1ull << id);
    if (id == x->next_timer) {
        nic_timers_rescan(x, dl);
    }
}

/** Arm timer @id (< count) at @when_ns, a time computed from the clock
 *  (so not NIC_NO_DEADLINE: such a sum would be armed but never fire).
 *  Re-arming replaces.  O(1) unless @id held the earliest deadline and
 *  moves later (then the armed timers are rescanned). */
static inline void nic_timer_set(NicTimerIndex *x, uint64_t *dl, uint32_t id,
                                 uint64_t when_ns)
{
    dl[id] = when_ns;
    x->armed |= 1ull << id;
    if (when_ns < x->next_deadline ||
        (when_ns == x->next_deadline && id < x->next_timer)) {
        x->next_deadline = when_ns;
        x->next_timer = id;
    } else if (id == x->next_timer) {
        nic_timers_rescan(x, dl);
    }
}

/** nic_timer_set, or nic_timer_cancel for @when_ns == NIC_NO_DEADLINE. */
static inline void nic_timer_arm(NicTimerIndex *x, uint64_t *dl, uint32_t id,
                                 uint64_t when_ns)
{
    if (when_ns == NIC_NO_DEADLINE) {
        nic_timer_cancel(x, dl, id);
    } else {
        nic_timer_set(x, dl, id, when_ns);
    }
}

/**
 * The next timer due at or before @target, if any: it is disarmed, the
 * clock *@now advances to its deadline (never backwards) and its id is
 * returned; the caller then fires it.  Returns -1 when nothing is due
 * (the clock then moves to @target if later).  A @target of
 * NIC_NO_DEADLINE (a host clock at UINT64_MAX) never finds "no timer"
 * due.
 */
static inline int nic_timer_pop_due(NicTimerIndex *x, uint64_t *dl,
                                    uint64_t target, uint64_t *now)
{
    uint64_t when = x->next_deadline;
    uint32_t id = x->next_timer;

    if (target == NIC_NO_DEADLINE) {
        target--;
    }
    if (when > target) {
        if (target > *now) {
            *now = target;
        }
        return -1;
    }
    nic_timer_cancel(x, dl, id);
    if (when > *now) {
        *now = when;
    }
    return (int)id;
}

/** True if timer @id of @dl is armed. */
static inline bool nic_timer_armed(const uint64_t *dl, uint32_t id)
{
    return dl[id] != NIC_NO_DEADLINE;
}

#endif /* NIC_TIMERS_H */
