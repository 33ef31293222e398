/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Traffic of a run (sim_int.h): every source (traffic/traffic.h) has one
 * pending arrival event at a time; at its time the frame is offered to
 * its NIC (e1k_receive) and its fate counted in TbResults, then the
 * source's next frame is fetched.  Source times count from the host-ready
 * epoch.  The arrival is a fixed engine timer of the source's own (no
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

/* Fetch the next frame of source @i and schedule its arrival. */
static void source_advance(TbSim *sim, uint32_t i)
{
    uint64_t t;
    const uint8_t *frame;
    uint32_t len;
    char *err = NULL;
    int rc = tb_source_next(sim->src[i], &t, &frame, &len, &err);
    if (rc == 1) {
        sim->pend_frame[i] = frame;
        sim->pend_len[i] = len;
        if (sim->src_timer[i] >= 0) {
            /* the source's timer is idle here (not armed yet, or the
             * engine disarmed it to run this arrival), so it is not the
             * best timer: tb_engine_timer_set's clamp to now and its
             * TB_NEVER test, without its same-instant and best-timer
             * tests (tb_engine_timer_set here: +6.6 instructions per
             * forward-10M-irqoff frame) */
            TbEngine *e = sim->eng;
            uint64_t at = sim->epoch + t;
            at = at < e->now ? e->now : at;
            if (at != TB_NEVER) {
                tb_engine_timer_arm_idle(e, sim->src_timer[i], at);
            }
        } else {
            tb_engine_schedule(sim->eng, sim->epoch + t, arrival_event, sim,
                               i);
        }
        return;
    }
    if (rc < 0 && !sim->src_err) {
        sim->src_err = err ? err : g_strdup("traffic source read error");
    } else {
        g_free(err);
    }
    sim->src_done[i] = true;
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

void tb_sim_link_arrival(TbSim *sim, E1kRxResult fate)
{
    sim->res.link_rx++;
    (*fate_counter(&sim->res, fate))++;
}

static void arrival_event(void *ctx, uint64_t arg)
{
    TbSim *sim = ctx;
    uint32_t i = (uint32_t)arg;
    TbResults *r = &sim->res;
    uint64_t now = sim->eng->now;
    if (sim->ended) {
        return;   /* after the end: nothing more is offered */
    }
    uint32_t len = sim->pend_len[i];

    r->offered_bytes += len + 4u;
    if (!sim->have_offer) {
        r->first_offer_ns = now;
        sim->have_offer = true;
    }
    r->last_offer_ns = now;
    (*fate_counter(r, e1k_receive_known(sim->src_hw[i], sim->pend_frame[i],
                                        len, &sim->src_known[i])))++;
    /* counted apart from its bytes: two plain adds (side by side GCC
     * pairs them in a vector register, 5 more instructions) */
    r->offered++;
    source_advance(sim, i);
}

int tb_sim_start_traffic(TbSim *sim, char **err)
{
    const TbScenario *sc = &sim->sc;
    for (uint32_t i = 0; i < sc->nsources; i++) {
        const TbTrafficCfg *t = &sc->traffic[i];
        sim->src[i] = tb_source_new(t, sim->os[t->nic].nd.mac,
                                    sc->nic[t->nic].link_mbps, err);
        if (!sim->src[i]) {
            return -1;
        }
        sim->nsrc = i + 1;
        sim->src_hw[i] = sim->os[t->nic].hw;
        sim->src_known[i].zero_from = tb_source_zero_from(sim->src[i]);
        if (tb_source_fcs_known(sim->src[i])) {
            sim->src_known[i].fcs_fn = source_fcs;
            sim->src_known[i].fcs_ctx = sim->src[i];
        }
        sim->src_timer[i] = tb_engine_timer_new(sim->eng, arrival_event, sim,
                                                i);
    }
    sim->nsrc_live = sim->nsrc;
    for (uint32_t i = 0; i < sim->nsrc; i++) {
        source_advance(sim, i);
    }
    if (sim->src_err) {
        *err = sim->src_err;
        sim->src_err = NULL;
        return -1;
    }
    return 0;
}
