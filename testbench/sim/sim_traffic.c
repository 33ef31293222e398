/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Traffic of a run (sim_int.h): every source (traffic/traffic.h) has one
 * pending arrival event at a time; at its time the frame is offered to
 * its NIC (the NIC type's receive) and its fate counted in the host's
 * TbResults, then the source's next frame is fetched.  Source times
 * count from the host-ready epoch.  The arrival is a fixed engine timer of the source's own (no
 * heap work; ordered as a scheduled event would be: its sequence number
 * is taken when armed), or a heap event when the engine has no timer
 * left.
 */
#include <glib.h>
#include <stddef.h>

#include "sim/sim_int.h"

static void arrival_event(void *ctx, uint64_t arg);

/* E1kRxKnown.fcs_fn of a source that knows its frames' FCS (@src, a
 * TbSource): the pending frame's, asked for by the model only when it
 * stores the frame. */
static uint32_t source_fcs(const void *src)
{
    return tb_source_fcs(src);
}

/* Fetch the next frame of source @i of @h and schedule its arrival. */
static void source_advance(TbHost *h, uint32_t i)
{
    uint64_t t;
    const uint8_t *frame;
    uint32_t len;
    char *err = NULL;
    int rc = tb_source_next(h->src[i], &t, &frame, &len, &err);
    if (rc == 1) {
        h->pend_frame[i] = frame;
        h->pend_len[i] = len;
        if (h->src_timer[i] >= 0) {
            /* the source's timer is idle here (not armed yet, or the
             * engine disarmed it to run this arrival), so it is not the
             * best timer: tb_engine_timer_set's clamp to now and its
             * TB_NEVER test, without its same-instant and best-timer
             * tests (tb_engine_timer_set here: +6.6 instructions per
             * forward-10M-irqoff frame) */
            TbEngine *e = h->eng;
            uint64_t at = h->epoch + t;
            at = at < e->now ? e->now : at;
            if (at != TB_NEVER) {
                tb_engine_timer_arm_idle(e, h->src_timer[i], at);
            }
        } else {
            tb_engine_schedule(h->eng, h->epoch + t, arrival_event, h, i);
        }
        return;
    }
    TbSim *sim = h->sim;
    if (rc < 0 && !sim->src_err) {
        sim->src_err = err ? err : g_strdup("traffic source read error");
    } else {
        g_free(err);
    }
    h->src_done[i] = true;
    sim->nsrc_live--;
}

/* The counter of TbResults that a fate of e1k_receive() goes to: one
 * table load per offered frame instead of a switch.  The model returns
 * only the five fates (E1kRxResult); the mask keeps any other value
 * inside the table (5-7 count as a bad size) without a compare. */
#define FATE_MASK 7u
G_STATIC_ASSERT(E1K_RX_QUEUED == 0 && E1K_RX_BAD_SIZE == 4);
static uint64_t *fate_counter(TbResults *r, E1kRxResult fate)
{
    static const size_t off[FATE_MASK + 1] = {
        [E1K_RX_QUEUED] = offsetof(TbResults, rx_queued),
        [E1K_RX_FILTERED] = offsetof(TbResults, rx_filtered),
        [E1K_RX_DISABLED] = offsetof(TbResults, rx_disabled),
        [E1K_RX_OVERRUN] = offsetof(TbResults, rx_overrun),
        [E1K_RX_BAD_SIZE ... FATE_MASK] = offsetof(TbResults, rx_bad_size),
    };

    return (uint64_t *)((char *)r + off[(uint32_t)fate & FATE_MASK]);
}

void tb_host_link_arrival(TbHost *h, E1kRxResult fate)
{
    h->res.link_rx++;
    (*fate_counter(&h->res, fate))++;
}

static void arrival_event(void *ctx, uint64_t arg)
{
    TbHost *h = ctx;
    uint32_t i = (uint32_t)arg;
    TbResults *r = &h->res;
    uint64_t now = h->eng->now;
    if (h->ended) {
        return;   /* after the end: nothing more is offered */
    }
    uint32_t len = h->pend_len[i];

    r->offered_bytes += len + 4u;
    if (!h->have_offer) {
        r->first_offer_ns = now;
        h->have_offer = true;
    }
    r->last_offer_ns = now;
    (*fate_counter(r, h->src_rx[i](h->src_dev[i], h->pend_frame[i], len,
                                   &h->src_known[i])))++;
    /* counted apart from its bytes: two plain adds (side by side GCC
     * pairs them in a vector register, 5 more instructions) */
    r->offered++;
    source_advance(h, i);
}

int tb_host_start_traffic(TbHost *h, char **err)
{
    const TbScenario *sc = h->sc;
    TbSim *sim = h->sim;
    for (uint32_t i = 0; i < sc->nsources; i++) {
        const TbTrafficCfg *t = &sc->traffic[i];
        const TbNic *nic = h->nic[t->nic];
        h->src[i] = tb_source_new(t, nic->nd.mac, sc->nic[t->nic].link_mbps,
                                  err);
        if (!h->src[i]) {
            return -1;
        }
        h->nsrc = i + 1;
        h->src_dev[i] = nic->dev;
        h->src_rx[i] = nic->type->receive;
        h->src_known[i].zero_from = tb_source_zero_from(h->src[i]);
        if (tb_source_fcs_known(h->src[i])) {
            h->src_known[i].fcs_fn = source_fcs;
            h->src_known[i].fcs_ctx = h->src[i];
        }
        h->src_timer[i] = tb_engine_timer_new(h->eng, arrival_event, h, i);
    }
    sim->nsrc_live += h->nsrc;
    for (uint32_t i = 0; i < h->nsrc; i++) {
        source_advance(h, i);
    }
    if (sim->src_err) {
        *err = sim->src_err;
        sim->src_err = NULL;
        return -1;
    }
    return 0;
}
