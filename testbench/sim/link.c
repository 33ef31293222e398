/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Links between NICs (link.h).
 */
#include <glib.h>
#include <string.h>

#include "sim/link.h"
#include "sim/sim_int.h"
#include "sim/switch.h"

/* One direction: frames in flight, oldest first. */
typedef struct LinkDir {
    TbNic *to;               /* the NIC it delivers to, or NULL: */
    TbSwitch *sw;            /* the switch, at its port @port */
    uint32_t port;
    uint8_t *slot;           /* cap slots of TB_LINK_FRAME_MAX bytes */
    uint32_t *len;
    uint32_t cap, head, count;
    TbLinkDirStats st;
} LinkDir;

struct TbLink {
    TbEngine *eng;
    uint64_t delay_ns;
    uint32_t drop_every;
    bool detached;           /* tb_link_detach: carries nothing more */
    LinkDir dir[2];
};

TbLink *tb_link_new(TbEngine *eng, const TbLinkCfg *cfg, TbNic *a,
                    TbNic *b)
{
    TbLink *l = g_new0(TbLink, 1);
    l->eng = eng;
    l->delay_ns = cfg->delay_ns;
    l->drop_every = cfg->drop_every;
    l->dir[0].to = b;
    l->dir[1].to = a;
    if (a) {
        a->link = l;
        a->link_end = 0;
    }
    if (b) {
        b->link = l;
        b->link_end = 1;
    }
    return l;
}

void tb_link_to_switch(TbLink *l, int end, TbSwitch *sw, uint32_t port)
{
    l->dir[!end].sw = sw;
    l->dir[!end].port = port;
}

void tb_link_detach(TbLink *l)
{
    if (l) {
        l->detached = true;
    }
}

void tb_link_free(TbLink *l)
{
    if (!l) {
        return;
    }
    for (int d = 0; d < 2; d++) {
        g_free(l->dir[d].slot);
        g_free(l->dir[d].len);
    }
    g_free(l);
}

const TbLinkDirStats *tb_link_stats(const TbLink *l, int dir)
{
    return &l->dir[dir].st;
}

/* Room for one more frame (the ring doubles, oldest first again). */
static void dir_grow(LinkDir *d)
{
    uint32_t ncap = d->cap ? 2 * d->cap : 8;
    uint8_t *slot = g_malloc((size_t)ncap * TB_LINK_FRAME_MAX);
    uint32_t *len = g_new(uint32_t, ncap);
    for (uint32_t i = 0; i < d->count; i++) {
        uint32_t j = (d->head + i) % d->cap;
        memcpy(slot + (size_t)i * TB_LINK_FRAME_MAX,
               d->slot + (size_t)j * TB_LINK_FRAME_MAX, d->len[j]);
        len[i] = d->len[j];
    }
    g_free(d->slot);
    g_free(d->len);
    d->slot = slot;
    d->len = len;
    d->cap = ncap;
    d->head = 0;
}

/* The oldest frame of direction @arg reaches its NIC. */
static void arrive_event(void *ctx, uint64_t arg)
{
    TbLink *l = ctx;
    LinkDir *d = &l->dir[arg];
    const uint8_t *frame = d->slot + (size_t)d->head * TB_LINK_FRAME_MAX;
    if (l->detached) {
        /* teardown: the far end may be gone */
    } else if (d->to) {
        E1kRxResult r = d->to->type->receive(d->to->dev, frame,
                                             d->len[d->head], NULL);
        d->st.rx[r]++;
        tb_host_link_arrival(d->to->host, r);
    } else {
        tb_switch_rx(d->sw, d->port, frame, d->len[d->head]);
    }
    d->head = (d->head + 1) % d->cap;
    d->count--;
}

void tb_link_tx(TbLink *l, int from, const uint8_t *frame, uint32_t len)
{
    LinkDir *d = &l->dir[from];
    if (l->detached) {
        return;
    }
    d->st.frames++;
    d->st.bytes += len + 4u;
    if ((l->drop_every && d->st.frames % l->drop_every == 0)
        || len > TB_LINK_FRAME_MAX) {
        d->st.lost++;
        return;
    }
    if (d->count == d->cap) {
        dir_grow(d);
    }
    uint32_t tail = (d->head + d->count) % d->cap;
    memcpy(d->slot + (size_t)tail * TB_LINK_FRAME_MAX, frame, len);
    d->len[tail] = len;
    d->count++;
    tb_engine_schedule(l->eng, l->eng->now + l->delay_ns, arrive_event, l,
                       (uint64_t)from);
}
