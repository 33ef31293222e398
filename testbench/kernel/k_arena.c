/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Host memory arena: DMA target, coherent pages, fixed-size skb slab. */
#include "kernel/kernel.h"

#include <glib.h>
#include <string.h>

int tb_arena_init(TbArena *a, size_t coh_bytes, uint32_t nskb, char **err)
{
    return tb_arena_init_room(a, coh_bytes, nskb, TB_SKB_DATA_MAX, err);
}

int tb_arena_init_room(TbArena *a, size_t coh_bytes, uint32_t nskb,
                       uint32_t room, char **err)
{
    return tb_arena_init_big(a, coh_bytes, nskb, room, 0, 0, err);
}

/* The skb metadata of slot @i at arena offset @off (data after the
 * headroom), @room data bytes. */
static void slot_init(TbArena *a, uint32_t i, size_t off, uint32_t room)
{
    TbSkb *s = &a->skbs[i];
    s->idx = i;
    s->room = room;
    s->last_cpu = TB_SKB_NO_CPU;
    s->data = a->mem + off + TB_SKB_HEADROOM;
}

int tb_arena_init_big(TbArena *a, size_t coh_bytes, uint32_t nskb,
                      uint32_t room, uint32_t nbig, uint32_t big_room,
                      char **err)
{
    memset(a, 0, sizeof(*a));
    a->room = room > TB_SKB_DATA_MAX ? room : TB_SKB_DATA_MAX;
    a->slot = TB_SKB_HEADROOM + (size_t)a->room;
    a->coh_pages = (uint32_t)((coh_bytes + TB_PAGE - 1) / TB_PAGE);
    a->skb_off = (size_t)a->coh_pages * TB_PAGE;
    a->nskb = nskb;
    a->nbig = nbig;
    a->big_room = big_room;
    uint32_t nall = nskb + nbig;
    a->size = a->skb_off + (size_t)nskb * a->slot
              + (size_t)nbig * (TB_SKB_HEADROOM + (size_t)big_room);
    a->bus_base = TB_ARENA_BUS_BASE;
    /* calloc of a large block maps zero pages lazily: RSS grows only with
     * the slots actually used (the LIFO free list reuses hot slots). */
    a->mem = g_try_malloc0(a->size);
    a->coh_used = g_try_malloc0(a->coh_pages ? a->coh_pages : 1);
    a->skbs = g_try_new0(TbSkb, nall ? nall : 1);
    a->free_stack = g_try_new(uint32_t, nskb ? nskb : 1);
    a->big_free = g_try_new(uint32_t, nbig ? nbig : 1);
    a->frags = g_try_new0(TbSkbFrag, (size_t)(nall ? nall : 1)
                                     * TB_SKB_MAX_FRAGS);
    if (!a->mem || !a->coh_used || !a->skbs || !a->free_stack
        || !a->big_free || !a->frags) {
        *err = g_strdup_printf("host memory arena of %zu bytes: out of "
                               "memory", a->size);
        tb_arena_destroy(a);
        return -1;
    }
    for (uint32_t i = 0; i < nskb; i++) {
        slot_init(a, i, a->skb_off + (size_t)i * a->slot, a->room);
        /* slot 0 on top of the stack */
        a->free_stack[i] = nskb - 1 - i;
    }
    size_t big_off = a->skb_off + (size_t)nskb * a->slot;
    for (uint32_t j = 0; j < nbig; j++) {
        slot_init(a, nskb + j, big_off + (size_t)j * (TB_SKB_HEADROOM
                                                      + (size_t)big_room),
                  big_room);
        a->big_free[j] = nskb + nbig - 1 - j;
    }
    a->nbig_free = nbig;
    a->nfree = nskb;
    a->min_free = nskb;
    return 0;
}

int tb_arena_set_cpus(TbArena *a, uint32_t ncpus, char **err)
{
    g_free(a->ac);
    a->ac = g_try_new0(TbSlabCpu, ncpus);
    if (!a->ac) {
        *err = g_strdup("per-CPU slab arrays: out of memory");
        return -1;
    }
    return 0;
}

void tb_slab_put(TbArena *a, uint32_t idx)
{
    TbSlabCpu *ac = &a->ac[a->cpu];
    if (ac->avail == TB_SLAB_LIMIT) {
        for (uint32_t i = 0; i < TB_SLAB_BATCH; i++) {
            a->free_stack[a->nfree++] = ac->entry[i];
        }
        ac->avail -= TB_SLAB_BATCH;
        memmove(ac->entry, ac->entry + TB_SLAB_BATCH,
                ac->avail * sizeof(ac->entry[0]));
        a->ac_free -= TB_SLAB_BATCH;
    }
    ac->entry[ac->avail++] = idx;
    a->ac_free++;
}

/* A free slot from the current CPU's array, refilled first with up to
 * TB_SLAB_BATCH slots from the shared stack if empty (SLAB's
 * cache_alloc_refill); false if none is left there either. */
static bool slab_get(TbArena *a, uint32_t *idx)
{
    TbSlabCpu *ac = &a->ac[a->cpu];
    if (!ac->avail && a->nfree) {
        uint32_t n = a->nfree < TB_SLAB_BATCH ? a->nfree : TB_SLAB_BATCH;
        for (uint32_t i = 0; i < n; i++) {
            ac->entry[ac->avail++] = a->free_stack[--a->nfree];
        }
        a->ac_free += n;
    }
    if (!ac->avail) {
        return false;
    }
    *idx = ac->entry[--ac->avail];
    a->ac_free--;
    return true;
}

void tb_arena_destroy(TbArena *a)
{
    g_free(a->ac);
    g_free(a->mem);
    g_free(a->coh_used);
    g_free(a->skbs);
    g_free(a->free_stack);
    g_free(a->big_free);
    g_free(a->frags);
    memset(a, 0, sizeof(*a));
}

/* @size bytes of whole free pages, first fit, their contents as the last
 * user left them (tb_arena_coh_alloc zeroes them); NULL if none. */
static uint8_t *coh_take(TbArena *a, size_t size, uint64_t *bus)
{
    uint32_t n = (uint32_t)((size + TB_PAGE - 1) / TB_PAGE);
    if (n == 0 || size > (size_t)a->coh_pages * TB_PAGE) {
        a->coh_fail++;
        return NULL;
    }
    bool gap = false;   /* a free run too short for @n skipped */
    for (uint32_t start = a->coh_first; start + n <= a->coh_pages; start++) {
        uint32_t i;
        for (i = 0; i < n && !a->coh_used[start + i]; i++) {
        }
        if (i == n) {
            memset(a->coh_used + start, 1, n);
            if (!gap) {
                a->coh_first = start + n;   /* all below are in use */
            }
            *bus = a->bus_base + (size_t)start * TB_PAGE;
            return a->mem + (size_t)start * TB_PAGE;
        }
        gap = gap || i > 0;
        start += i;   /* skip past the used page */
    }
    a->coh_fail++;
    return NULL;
}

void *tb_arena_coh_alloc(TbArena *a, size_t size, uint64_t *bus)
{
    uint8_t *p = coh_take(a, size, bus);
    if (p) {
        memset(p, 0, (size + TB_PAGE - 1) / TB_PAGE * TB_PAGE);
    }
    return p;
}

void tb_arena_coh_free(TbArena *a, void *cpu, size_t size)
{
    uint8_t *p = cpu;
    if (!p || p < a->mem || p >= a->mem + a->skb_off) {
        return;
    }
    uint32_t start = (uint32_t)((p - a->mem) / TB_PAGE);
    uint32_t n = (uint32_t)((size + TB_PAGE - 1) / TB_PAGE);
    for (uint32_t i = 0; i < n && start + i < a->coh_pages; i++) {
        a->coh_used[start + i] = 0;
    }
    if (start < a->coh_first) {
        a->coh_first = start;
    }
}

/* A free large slot for an skb of @len bytes, or NULL. */
static TbSkb *big_alloc(TbArena *a, uint32_t len)
{
    if (len > a->big_room || a->nbig_free == 0) {
        return NULL;
    }
    return &a->skbs[a->big_free[--a->nbig_free]];
}

TbSkb *tb_skb_alloc(TbArena *a, uint32_t len)
{
    TbSkb *s;
    if (len > a->room) {
        s = big_alloc(a, len);
    } else if (a->ac) {
        uint32_t idx;
        s = slab_get(a, &idx) ? &a->skbs[idx] : NULL;
        if (s && a->nfree + a->ac_free < a->min_free) {
            a->min_free = a->nfree + a->ac_free;
        }
    } else if (a->nfree) {
        s = &a->skbs[a->free_stack[--a->nfree]];
        if (a->nfree < a->min_free) {
            a->min_free = a->nfree;
        }
    } else {
        s = NULL;
    }
    if (!s) {
        a->alloc_fail++;
        return NULL;
    }
    /* data, idx and room stay as tb_arena_init_room set them; every
     * later field starts as zero (one block store) except these two */
    memset((char *)s + TB_SKB_RESET_OFF, 0, sizeof(*s) - TB_SKB_RESET_OFF);
    s->in_dev = -1;
    s->allocated = 1;
    return s;
}

void tb_skb_free_slow(TbArena *a, TbSkb *s)
{
    if (!s || !s->allocated) {
        return;   /* double free: ignored (a bug in the caller) */
    }
    if (s->destructor) {
        s->destructor(s);
    }
    for (TbSkb *h = s->frag_list, *n; h; h = n) {
        n = h->next;
        h->next = NULL;
        tb_skb_free(a, h);
    }
    TbSkbFrag *f = tb_skb_frags(a, s);
    for (uint32_t i = 0; i < s->nr_frags; i++) {
        tb_arena_coh_free(a, f[i].page, TB_PAGE);
    }
    s->allocated = 0;   /* nr_frags and the rest: reset by the next alloc */
    if (s->idx >= a->nskb) {
        a->big_free[a->nbig_free++] = s->idx;
    } else if (a->ac) {
        tb_slab_put(a, s->idx);
    } else {
        a->free_stack[a->nfree++] = s->idx;
    }
}

TbSkbFrag *tb_skb_add_frag(TbArena *a, TbSkb *skb)
{
    uint64_t bus;
    if (skb->nr_frags >= TB_SKB_MAX_FRAGS) {
        return NULL;
    }
    /* alloc_page() without __GFP_ZERO: only the bytes the frag is given
     * are ever read */
    uint8_t *page = coh_take(a, TB_PAGE, &bus);
    if (!page) {
        return NULL;
    }
    TbSkbFrag *f = &tb_skb_frags(a, skb)[skb->nr_frags++];
    *f = (TbSkbFrag){ page, bus, 0 };
    return f;
}

int tb_arena_dma_read(TbArena *a, uint64_t addr, void *buf, uint32_t len)
{
    if (addr < a->bus_base || addr - a->bus_base > a->size
        || len > a->size - (addr - a->bus_base)) {
        a->dma_faults++;
        return -1;
    }
    memcpy(buf, a->mem + (addr - a->bus_base), len);
    return 0;
}

int tb_arena_dma_write(TbArena *a, uint64_t addr, const void *buf,
                       uint32_t len)
{
    if (addr < a->bus_base || addr - a->bus_base > a->size
        || len > a->size - (addr - a->bus_base)) {
        a->dma_faults++;
        return -1;
    }
    memcpy(a->mem + (addr - a->bus_base), buf, len);
    return 0;
}
