/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Discrete-event engine: binary heap on (time, seq), lazy cancel. */
#include "sim/engine.h"

#include <glib.h>
#include <string.h>

TbEngine *tb_engine_new(void)
{
    TbEngine *e = g_new0(TbEngine, 1);
    e->capheap = 64;
    e->heap = g_new(TbHeapEnt, e->capheap);
    e->heap[0].time = TB_NEVER;   /* the empty heap's root (hfirst) */
    e->root_time = TB_NEVER;
    e->capslots = 64;
    e->slots = g_new0(TbEvSlot, e->capslots);
    e->free_head = UINT32_MAX;
    e->seq = 1;
    e->tbest = -1;
    e->tbest_time = TB_NEVER;
    e->horizon = TB_NEVER;
    e->hfirst = TB_NEVER;
    e->due = TB_NEVER;
    return e;
}

void tb_engine_free(TbEngine *e)
{
    if (!e) {
        return;
    }
    g_free(e->heap);
    g_free(e->slots);
    g_free(e);
}

static inline bool ent_less(const TbHeapEnt *a, const TbHeapEnt *b)
{
    return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static void heap_push(TbEngine *e, TbHeapEnt ent)
{
    if (e->nheap == e->capheap) {
        e->capheap *= 2;
        e->heap = g_renew(TbHeapEnt, e->heap, e->capheap);
    }
    uint32_t i = e->nheap++;
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        if (!ent_less(&ent, &e->heap[p])) {
            break;
        }
        e->heap[i] = e->heap[p];
        i = p;
    }
    e->heap[i] = ent;
    if (i == 0) {
        e->root_time = ent.time;
        tb_engine_hfirst(e);
    }
}

static TbHeapEnt heap_pop(TbEngine *e)
{
    TbHeapEnt top = e->heap[0];
    TbHeapEnt last = e->heap[--e->nheap];
    uint32_t n = e->nheap, i = 0;
    if (n == 0) {
        e->heap[0].time = TB_NEVER;   /* empty: no root (hfirst) */
        e->root_time = TB_NEVER;
        tb_engine_hfirst(e);
        return top;
    }
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m;
        if (l >= n) {
            break;
        }
        m = (r < n && ent_less(&e->heap[r], &e->heap[l])) ? r : l;
        if (!ent_less(&e->heap[m], &last)) {
            break;
        }
        e->heap[i] = e->heap[m];
        i = m;
    }
    e->heap[i] = last;
    e->root_time = e->heap[0].time;
    tb_engine_hfirst(e);
    return top;
}

static uint32_t slot_alloc(TbEngine *e)
{
    uint32_t s;
    if (e->free_head != UINT32_MAX) {
        s = e->free_head;
        e->free_head = e->slots[s].next_free;
        return s;
    }
    if (e->nslots == e->capslots) {
        uint32_t old = e->capslots;
        e->capslots *= 2;
        e->slots = g_renew(TbEvSlot, e->slots, e->capslots);
        memset(&e->slots[old], 0, (e->capslots - old) * sizeof(TbEvSlot));
    }
    return e->nslots++;
}

static void slot_release(TbEngine *e, uint32_t s)
{
    TbEvSlot *sl = &e->slots[s];
    sl->live = 0;
    sl->gen++;
    if (sl->gen == 0) {
        sl->gen = 1;
    }
    sl->next_free = e->free_head;
    e->free_head = s;
}

TbEventId tb_engine_schedule(TbEngine *e, uint64_t t_ns, TbEventFn fn,
                             void *ctx, uint64_t arg)
{
    uint32_t s = slot_alloc(e);
    TbEvSlot *sl = &e->slots[s];
    if (sl->gen == 0) {
        sl->gen = 1;
    }
    sl->fn = fn;
    sl->ctx = ctx;
    sl->arg = arg;
    sl->live = 1;
    TbHeapEnt ent = { t_ns < e->now ? e->now : t_ns, e->seq++, s };
    heap_push(e, ent);
    return ((uint64_t)sl->gen << 32) | s;
}

bool tb_engine_cancel(TbEngine *e, TbEventId id)
{
    uint32_t s = (uint32_t)id, gen = (uint32_t)(id >> 32);
    if (id == 0 || s >= e->nslots) {
        return false;
    }
    TbEvSlot *sl = &e->slots[s];
    if (sl->gen != gen || !sl->live) {
        return false;
    }
    sl->live = 0;   /* slot freed when its heap entry surfaces */
    return true;
}

/* Drop cancelled entries from the top of the heap. */
static void skim_slow(TbEngine *e);
static inline void skim(TbEngine *e)
{
    if (e->nheap && !e->slots[e->heap[0].slot].live) {
        skim_slow(e);
    }
}

static void skim_slow(TbEngine *e)
{
    while (e->nheap && !e->slots[e->heap[0].slot].live) {
        TbHeapEnt ent = heap_pop(e);
        slot_release(e, ent.slot);
        e->cancelled++;
    }
}

uint64_t tb_engine_next_time(TbEngine *e)
{
    skim(e);
    uint64_t h = e->root_time;   /* TB_NEVER when empty */
    return h < e->tbest_time ? h : e->tbest_time;
}

bool tb_engine_first_is(TbEngine *e, TbEventId id, uint64_t *after)
{
    uint64_t t = e->tbest_time;

    skim(e);
    if (!e->nheap || e->heap[0].slot != (uint32_t)id
        || e->slots[e->heap[0].slot].gen != (uint32_t)(id >> 32)
        || e->heap[0].time >= e->tbest_time) {
        return false;
    }
    for (uint32_t i = 1; i <= 2 && i < e->nheap; i++) {
        t = e->heap[i].time < t ? e->heap[i].time : t;
    }
    *after = t;
    return true;
}

/* The index in @ids (@n entries) of the pending heap entry @ent, or @n if
 * it is none of them. */
static uint32_t ent_index(const TbEngine *e, const TbHeapEnt *ent,
                          const TbEventId *ids, uint32_t n)
{
    uint32_t gen = e->slots[ent->slot].gen, k;
    for (k = 0; k < n; k++) {
        if ((uint32_t)ids[k] == ent->slot && (uint32_t)(ids[k] >> 32) == gen) {
            break;
        }
    }
    return k;
}

bool tb_engine_next_except(TbEngine *e, const TbEventId *ids, uint32_t n,
                           uint64_t *seq, uint64_t *other)
{
    uint64_t t = e->tbest_time;
    uint32_t found = 0;

    for (uint32_t i = 0; i < e->nheap; i++) {
        const TbHeapEnt *ent = &e->heap[i];
        uint32_t k;
        if (!e->slots[ent->slot].live) {
            continue;
        }
        k = ent_index(e, ent, ids, n);
        if (k < n) {
            seq[k] = ent->seq;
            found++;
        } else if (ent->time < t) {
            t = ent->time;
        }
    }
    *other = t;
    return found == n;
}

void tb_engine_timer_best(TbEngine *e)
{
    int best = -1;
    for (uint64_t m = e->tarmed; m; m &= m - 1) {
        uint32_t i = (uint32_t)__builtin_ctzll(m);
        if (best < 0 || e->ttime[i] < e->ttime[best]
            || (e->ttime[i] == e->ttime[best]
                && e->tseq[i] < e->tseq[best])) {
            best = (int)i;
        }
    }
    e->tbest = best;
    e->tbest_time = best < 0 ? TB_NEVER : e->ttime[best];
    tb_engine_due(e);
}

int tb_engine_timer_new(TbEngine *e, TbEventFn fn, void *ctx, uint64_t arg)
{
    if (e->ntimers >= TB_ENGINE_MAX_TIMERS) {
        return -1;
    }
    TbFixedTimer *t = &e->timers[e->ntimers];
    e->ttime[e->ntimers] = TB_NEVER;
    t->fn = fn;
    t->ctx = ctx;
    t->arg = arg;
    return (int)e->ntimers++;
}

void tb_engine_timer_cancel(TbEngine *e, int idx)
{
    if (e->ttime[idx] != TB_NEVER) {
        e->ttime[idx] = TB_NEVER;
        e->tarmed &= ~(1ull << idx);
        if (e->tbest == idx) {
            tb_engine_timer_best(e);
        }
    }
}

/* Run the fixed timer holding the earliest key (it is due). */
static inline __attribute__((always_inline)) void run_timer(TbEngine *e)
{
    int idx = e->tbest;
    TbFixedTimer *t = &e->timers[idx];
    if (e->ttime[idx] > e->now) {
        e->now = e->ttime[idx];
    }
    e->ttime[idx] = TB_NEVER;
    e->tarmed &= ~(1ull << idx);
    tb_engine_timer_best(e);
    e->executed++;
    t->fn(t->ctx, t->arg);
}

/* Pop and run the heap's root (live, due). */
static void run_heap_root(TbEngine *e)
{
    TbHeapEnt ent = heap_pop(e);
    TbEvSlot *sl = &e->slots[ent.slot];
    TbEventFn fn = sl->fn;
    void *ctx = sl->ctx;
    uint64_t arg = sl->arg;
    slot_release(e, ent.slot);
    if (ent.time > e->now) {
        e->now = ent.time;
    }
    e->executed++;
    fn(ctx, arg);
}

/* The rest of run_next, when the heap's root is no later than the best
 * timer: skim cancelled entries, then run the earlier of root and timer
 * if due.  Out of line: the run loop then keeps few registers. */
static __attribute__((noinline)) bool run_next_heap(TbEngine *e,
                                                    uint64_t limit_ns)
{
    if (e->heap[0].time > limit_ns) {
        return false;   /* the timer is no earlier; a cancelled root
                           beyond the limit may stay */
    }
    skim(e);
    bool heap_first = e->nheap
        && (e->tbest < 0 || e->heap[0].time < e->tbest_time
            || (e->heap[0].time == e->tbest_time
                && e->heap[0].seq < e->tseq[e->tbest]));
    if (!heap_first) {
        if (e->tbest < 0 || e->tbest_time > limit_ns) {
            return false;
        }
        run_timer(e);
        return true;
    }
    if (e->heap[0].time > limit_ns) {
        return false;
    }
    run_heap_root(e);
    return true;
}

/* tb_engine_run_one, inlined into the run loop.  A fixed timer ahead of
 * the heap's root (the usual case: the NICs' deadlines and the
 * arrivals are fixed timers) runs after two compares; nothing due (the
 * usual way a run ends) is found by the same compares. */
static inline __attribute__((always_inline))
bool run_next(TbEngine *e, uint64_t limit_ns)
{
    if (e->root_time > e->tbest_time) {   /* TB_NEVER when empty */
        /* a cancelled root later than the timer changes nothing; a
         * timer is armed (no timer armed reads as TB_NEVER, which no
         * root's time exceeds) */
        if (e->tbest_time > limit_ns) {
            return false;
        }
        run_timer(e);
        return true;
    }
    return run_next_heap(e, limit_ns);
}

bool tb_engine_run_one(TbEngine *e, uint64_t limit_ns)
{
    return run_next(e, limit_ns);
}

uint64_t tb_engine_run_until(TbEngine *e, uint64_t t_ns)
{
    uint64_t n = 0;
    while (run_next(e, t_ns)) {
        n++;
    }
    if (t_ns > e->now) {
        e->now = t_ns;
    }
    return n;
}

void tb_engine_clear(TbEngine *e)
{
    while (e->nheap) {
        TbHeapEnt ent = heap_pop(e);
        slot_release(e, ent.slot);
    }
    for (uint32_t i = 0; i < e->ntimers; i++) {
        e->ttime[i] = TB_NEVER;
    }
    e->tarmed = 0;
    e->tbest = -1;
    e->tbest_time = TB_NEVER;
    tb_engine_due(e);
}
