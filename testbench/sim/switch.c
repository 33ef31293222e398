/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A store-and-forward Ethernet switch (switch.h): forwarding table,
 * output buffers, each port's transmitter, 802.3x PAUSE.
 */
#include <glib.h>
#include <string.h>

#include "sim/link.h"
#include "sim/switch.h"
#include "traffic/trf.h"

/* A frame in an output buffer. */
typedef struct SwFrame {
    struct SwFrame *next;
    uint32_t len;            /* bytes without FCS */
    uint32_t in_port;        /* where it came in */
    uint8_t data[];
} SwFrame;

/* No PAUSE frame to send. */
#define NO_PAUSE (-1)
/* What a port's wire carries. */
#define BUSY_DATA 1
#define BUSY_PAUSE 2

/* One port: its output buffer and transmitter, and the ingress side's
 * pause state. */
typedef struct SwPort {
    TbSwitch *sw;
    uint32_t index;
    TbLink *link;
    int end;                 /* the switch's end of the link */
    uint32_t mbps;
    SwFrame *head, *tail;    /* the output buffer, oldest first */
    uint64_t queued;         /* its bytes incl. FCS (with the frame in
                                transmission) */
    int busy;                /* BUSY_DATA, BUSY_PAUSE, or 0 */
    uint16_t pause_on_wire;  /* pause_time of the PAUSE on the wire */
    int32_t pause_pending;   /* pause_time of the next PAUSE, NO_PAUSE */
    uint64_t from_bytes;     /* bytes in any output buffer that came in
                                through this port */
    int xoff;                /* an XOFF is in force (not yet XON'd) */
    uint64_t xoff_ns;        /* when the last XOFF was queued */
    TbSwitchPortStats st;
} SwPort;

struct TbSwitch {
    TbEngine *eng;
    TbSwitchCfg cfg;
    uint32_t index;
    SwPort *port;
    GHashTable *fdb;         /* MAC (48 bits) -> port + 1; lookups only,
                                never iterated */
    TbNeigh *neigh;
    uint32_t nneigh;
    int neigh_sorted;
};

/* The 48-bit station address at @m as a table key. */
static gpointer mac_key(const uint8_t *m)
{
    uint64_t v = 0;
    for (int i = 0; i < 6; i++) {
        v = v << 8 | m[i];
    }
    return GSIZE_TO_POINTER((gsize)v + 1);
}

TbSwitch *tb_switch_new(TbEngine *eng, const TbSwitchCfg *cfg,
                        uint32_t index)
{
    G_STATIC_ASSERT(sizeof(gsize) >= 8);
    TbSwitch *sw = g_new0(TbSwitch, 1);
    sw->eng = eng;
    sw->cfg = *cfg;
    sw->index = index;
    sw->port = g_new0(SwPort, cfg->nports ? cfg->nports : 1);
    for (uint32_t i = 0; i < cfg->nports; i++) {
        sw->port[i].sw = sw;
        sw->port[i].index = i;
        sw->port[i].pause_pending = NO_PAUSE;
    }
    sw->fdb = g_hash_table_new(g_direct_hash, g_direct_equal);
    sw->neigh = g_new0(TbNeigh, cfg->nports ? cfg->nports : 1);
    return sw;
}

void tb_switch_free(TbSwitch *sw)
{
    if (!sw) {
        return;
    }
    for (uint32_t i = 0; i < sw->cfg.nports; i++) {
        SwFrame *f = sw->port[i].head;
        while (f) {
            SwFrame *n = f->next;
            g_free(f);
            f = n;
        }
    }
    g_hash_table_destroy(sw->fdb);
    g_free(sw->neigh);
    g_free(sw->port);
    g_free(sw);
}

void tb_switch_attach(TbSwitch *sw, uint32_t port, TbLink *l, int end,
                      uint32_t mbps, const uint8_t mac[6], uint32_t ip)
{
    SwPort *p = &sw->port[port];
    p->link = l;
    p->end = end;
    p->mbps = mbps ? mbps : 1000;
    if (sw->cfg.forwarding == TB_SWITCH_STATIC) {
        g_hash_table_insert(sw->fdb, mac_key(mac),
                            GUINT_TO_POINTER(port + 1));
    }
    if (ip) {
        sw->neigh[sw->nneigh].ip = ip;
        memcpy(sw->neigh[sw->nneigh].mac, mac, 6);
        sw->nneigh++;
        sw->neigh_sorted = 0;
    }
}

static int neigh_cmp(const void *a, const void *b)
{
    uint32_t x = ((const TbNeigh *)a)->ip, y = ((const TbNeigh *)b)->ip;
    return x < y ? -1 : x > y;
}

const TbNeigh *tb_switch_neigh(TbSwitch *sw, uint32_t *n)
{
    if (!sw->neigh_sorted) {
        qsort(sw->neigh, sw->nneigh, sizeof(*sw->neigh), neigh_cmp);
        sw->neigh_sorted = 1;
    }
    *n = sw->nneigh;
    return sw->neigh;
}

const TbSwitchPortStats *tb_switch_port_stats(const TbSwitch *sw,
                                              uint32_t port)
{
    return &sw->port[port].st;
}

/* ---- transmitters ---- */

static void start_tx(SwPort *p);

/* An IEEE 802.3x PAUSE frame (Annex 31B: MAC Control, opcode 0x0001) of
 * @pause_time quanta from port @p, padded to the 60-byte minimum. */
static void pause_frame(const SwPort *p, uint16_t pause_time, uint8_t f[60])
{
    static const uint8_t dst[6] = {0x01, 0x80, 0xc2, 0x00, 0x00, 0x01};
    memset(f, 0, 60);
    memcpy(f, dst, 6);
    f[6] = 0x02;                  /* locally administered */
    f[7] = 0x53;
    f[8] = 0x57;
    f[10] = (uint8_t)p->sw->index;
    f[11] = (uint8_t)p->index;
    f[12] = 0x88;                 /* MAC Control */
    f[13] = 0x08;
    f[15] = 0x01;                 /* PAUSE */
    f[16] = (uint8_t)(pause_time >> 8);
    f[17] = (uint8_t)pause_time;
}

/* The frame (or PAUSE) on port @arg's wire has left it. */
static void tx_done(void *ctx, uint64_t arg)
{
    TbSwitch *sw = ctx;
    SwPort *p = &sw->port[arg];

    if (p->busy == BUSY_PAUSE) {
        uint8_t f[60];
        pause_frame(p, p->pause_on_wire, f);
        p->busy = 0;
        tb_link_tx(p->link, p->end, f, 60);
        start_tx(p);
        return;
    }
    SwFrame *f = p->head;
    uint64_t size = f->len + 4u;
    p->head = f->next;
    if (!p->head) {
        p->tail = NULL;
    }
    p->busy = 0;
    p->queued -= size;
    p->st.tx_frames++;
    p->st.tx_bytes += size;
    tb_link_tx(p->link, p->end, f->data, f->len);
    SwPort *in = &sw->port[f->in_port];
    in->from_bytes -= size;
    g_free(f);
    if (sw->cfg.pause && in->xoff && in->from_bytes <= sw->cfg.pause_resume) {
        in->xoff = 0;
        in->pause_pending = 0;          /* XON */
        if (!in->busy) {
            start_tx(in);
        }
    }
    start_tx(p);
}

/* Port @p starts its next transmission, if idle: a pending PAUSE first
 * (MAC Control frames go ahead of the queue), then the oldest frame. */
static void start_tx(SwPort *p)
{
    TbEngine *eng = p->sw->eng;
    if (p->busy) {
        return;
    }
    if (p->pause_pending != NO_PAUSE) {
        p->st.pause_frames++;
        p->st.xoff_frames += p->pause_pending > 0;
        p->pause_on_wire = (uint16_t)p->pause_pending;
        p->pause_pending = NO_PAUSE;
        p->busy = BUSY_PAUSE;
        tb_engine_schedule(eng, eng->now + trf_wire_ns(60, p->mbps),
                           tx_done, p->sw, p->index);
        return;
    }
    if (p->head) {
        p->busy = BUSY_DATA;
        tb_engine_schedule(eng, eng->now + trf_wire_ns(p->head->len,
                                                       p->mbps),
                           tx_done, p->sw, p->index);
    }
}

/* ---- forwarding ---- */

/* Frames from port @in fill the buffers past the threshold: queue an
 * XOFF for it, again once half its pause_time has passed. */
static void maybe_xoff(TbSwitch *sw, SwPort *in)
{
    uint64_t now = sw->eng->now;
    uint64_t half = (uint64_t)sw->cfg.pause_quanta * 512u * 1000u
                    / in->mbps / 2u;
    if (in->from_bytes <= sw->cfg.pause_threshold
        || (in->xoff && now - in->xoff_ns < half)) {
        return;
    }
    in->xoff = 1;
    in->xoff_ns = now;
    in->pause_pending = (int32_t)sw->cfg.pause_quanta;
    start_tx(in);
}

/* A copy of the frame into port @out's buffer, or a drop. */
static void enqueue(TbSwitch *sw, uint32_t out, uint32_t in,
                    const uint8_t *frame, uint32_t len)
{
    SwPort *p = &sw->port[out];
    uint64_t size = len + 4u;
    if (p->queued + size > sw->cfg.buffer) {
        p->st.drops++;
        p->st.drop_bytes += size;
        return;
    }
    SwFrame *f = g_malloc(sizeof(*f) + len);
    f->next = NULL;
    f->len = len;
    f->in_port = in;
    memcpy(f->data, frame, len);
    if (p->tail) {
        p->tail->next = f;
    } else {
        p->head = f;
    }
    p->tail = f;
    p->queued += size;
    if (p->queued > p->st.buffer_peak) {
        p->st.buffer_peak = p->queued;
    }
    sw->port[in].from_bytes += size;
    if (sw->cfg.pause) {
        maybe_xoff(sw, &sw->port[in]);
    }
    start_tx(p);
}

void tb_switch_rx(TbSwitch *sw, uint32_t port, const uint8_t *frame,
                  uint32_t len)
{
    static const uint8_t mac_ctrl[6] = {0x01, 0x80, 0xc2, 0x00, 0x00, 0x01};
    SwPort *in = &sw->port[port];
    in->st.rx_frames++;
    in->st.rx_bytes += len + 4u;
    if (len < 14 || !memcmp(frame, mac_ctrl, 6)) {
        return;      /* a runt, or MAC Control: not forwarded */
    }
    if (sw->cfg.forwarding == TB_SWITCH_LEARNING && !(frame[6] & 1)) {
        g_hash_table_insert(sw->fdb, mac_key(frame + 6),
                            GUINT_TO_POINTER(port + 1));
    }
    uint32_t out = (frame[0] & 1) ? 0
        : GPOINTER_TO_UINT(g_hash_table_lookup(sw->fdb, mac_key(frame)));
    if (out == port + 1) {
        in->st.filtered++;
        return;
    }
    if (out) {
        enqueue(sw, out - 1, port, frame, len);
        return;
    }
    in->st.flooded++;
    for (uint32_t o = 0; o < sw->cfg.nports; o++) {
        if (o != port) {
            enqueue(sw, o, port, frame, len);
        }
    }
}
