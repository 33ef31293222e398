/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP sockets of the modelled kernel (k_tcp.h): the TcpEnv of each socket
 * (clock, kernel timers, output through route and qdisc), the socket
 * tcp_v4_rcv (the table: k_tcp_table.c), lock_sock/release_sock with the backlog.
 * Linux 2.4: tcp_v4_rcv, tcp_v4_do_rcv, release_sock, tcp_write_space,
 * tcp_delack_timer and tcp_write_timer (deferred while the user holds
 * the socket).
 */
#include <glib.h>
#include <string.h>

#include "kernel/k_tcp_int.h"

/* ---- the socket's environment ---- */

static uint64_t env_now(void *ctx)
{
    TbTcpSock *s = ctx;
    return s->k->cpu->eng->now;
}

/* Kernel timers count jiffies: the expiry is the first tick at or after
 * the instant the protocol asks for, on the CPU's own jiffies count
 * (ticks lost before, e.g. while later hosts brought their NICs up, do
 * not delay it: Linux arms it at jiffies + timeout). */
static void env_timer(void *ctx, TcpSock *sk, TcpTimerId id, uint64_t t)
{
    TbTcpSock *s = ctx;
    TbCpu *c = s->k->cpu;
    (void)sk;
    if (t == TCP_TIMER_OFF) {
        tb_cpu_del_timer(c, &s->timer[id].t);
    } else {
        tb_cpu_mod_timer(c, &s->timer[id].t, tb_cpu_jiffies_at(c, t));
    }
}

static void timer_fn(TbCpu *cpu, void *ctx)
{
    TcpKTimer *kt = ctx;
    tb_spin_lock(cpu, &kt->s->slock);     /* bh_lock_sock */
    if (kt->s->owned) {
        kt->s->deferred[kt->id] = true;   /* runs at release_sock */
    } else {
        tcp_timer_expired(kt->s->sk, kt->id);
        tb_tcp_push(kt->s);
    }
    tb_spin_unlock(&kt->s->slock);
}

static void env_wakeup(void *ctx, TcpSock *sk, unsigned ev)
{
    TbTcpSock *s = ctx;
    if (ev & TCP_EV_WRITABLE) {
        uint32_t free = tcp_wspace(sk);
        if (free < (sk->cfg.sndbuf - free) / 2) {
            ev &= ~TCP_EV_WRITABLE;
        }
    }
    if (ev && s->fn) {
        s->fn(s->ctx, s, ev);
    }
}

/* ---- sockets ---- */

TbTcpSock *tb_tcp_sock_new(TbKernel *k, const TcpCfg *cfg, const TcpAddr *a,
                           TbTcpWakeFn fn, void *ctx)
{
    if (!k->tcp) {
        k->tcp = g_new0(TbTcpTable, 1);
    }
    TbTcpTable *tab = k->tcp;
    TbTcpSock *s = g_new0(TbTcpSock, 1);
    s->k = k;
    s->a = *a;
    if (!tb_tcp_table_add(tab, s)) {
        g_free(s);
        return NULL;
    }
    s->fn = fn;
    s->ctx = ctx;
    s->reader_cpu = -1;
    for (int i = 0; i < TCP_NTIMERS; i++) {
        s->timer[i] = (TcpKTimer){ .t = { .fn = timer_fn,
                                          .ctx = &s->timer[i] },
                                   .s = s, .id = (TcpTimerId)i };
    }
    TcpEnv env = { env_now, tb_tcp_env_xmit, env_timer, env_wakeup, s };
    s->sk = tcp_sock_new(cfg, &env);
    return s;
}

void tb_tcp_sock_free(TbTcpSock *s)
{
    if (!s) {
        return;
    }
    tb_tcp_table_del(s->k->tcp, s);
    tcp_sock_free(s->sk);
    for (int i = 0; i < TCP_NTIMERS; i++) {
        tb_cpu_forget_timer(s->k->cpu, &s->timer[i].t);
    }
    tb_tcp_tso_drop(s);
    g_free(s->wq);
    TbSkb *skb;
    while ((skb = tb_skb_dequeue(&s->bl_head, &s->bl_tail))) {
        tb_skb_free(&s->k->arena, skb);
    }
    g_free(s);
}

TcpSock *tb_tcp_sk(TbTcpSock *s)
{
    return s->sk;
}

const TcpAddr *tb_tcp_addr(const TbTcpSock *s)
{
    return &s->a;
}

bool tb_tcp_active(const TbKernel *k)
{
    return k->tcp && k->tcp->n;
}

TbTcpGlueStats tb_tcp_glue_stats(const TbKernel *k)
{
    return k->tcp ? k->tcp->st : (TbTcpGlueStats){0};
}

/* ---- input ---- */

/* Free @skb after do_rcv took its segment @seg (NULL: none).  A softirq
 * (@bh) on another CPU than the socket's reader frees a data skb as the
 * reader's (tb_kfree_skb_for): Linux queues it and the reader frees it
 * after copying.  With one CPU this is tb_kfree_skb. */
static void rcv_free(TbTcpSock *s, TbSkb *skb, const TcpSegment *seg,
                     bool bh)
{
    TbKernel *k = s->k;
    if (bh && seg && seg->len && s->reader_cpu >= 0
        && s->reader_cpu != (int)k->cpu->id) {
        s->remote_frees += tb_kfree_skb_for(k, skb, (uint8_t)s->reader_cpu);
    } else {
        tb_kfree_skb(k, skb);
    }
}

/* tcp_v4_do_rcv: the segment @seg (NULL: none) with payload @data
 * (inside @skb) into its socket, from a softirq (@bh) or the backlog;
 * frees the skb (rcv_free). */
static void do_rcv(TbTcpSock *s, TbSkb *skb, const TcpSegment *seg,
                   const uint8_t *data, bool bh)
{
    if (seg) {
        tcp_rcv(s->sk, seg, data);
        tb_tcp_wq_clean(s);
    }
    rcv_free(s, skb, seg, bh);
    if (!s->owned) {
        tb_tcp_push(s);
    }
}

/* A segment from the socket's backlog: tb_tcp_v4_rcv accepted it, so its
 * header is read again without the checksums (the skb holds only its
 * bytes) and it goes through do_rcv; frees the skb. */
static void do_rcv_backlog(TbTcpSock *s, TbSkb *skb)
{
    TcpAddr a;
    TcpSegment seg;
    const uint8_t *data = NULL;
    int rc = tcp_parse_hdr(skb->data + ETH_HLEN, skb->len - ETH_HLEN, &a,
                           &seg, &data);
    seg.gso_size = skb->gso_size;
    do_rcv(s, skb, rc == 0 ? &seg : NULL, data, false);
}

/* tcp_v4_rcv for an IPv4 datagram of @tot bytes that ip_rcv accepted
 * (version, lengths and header checksum checked there): the header is
 * parsed once here and the TCP checksum checked unless the driver marked
 * the skb CHECKSUM_UNNECESSARY (the NIC verified it, or LRO built a
 * merged frame from verified segments: Linux's tcp_v4_rcv does not sum
 * such an skb again); the parsed segment goes straight to do_rcv unless
 * the socket is owned (then to its backlog). */
bool tb_tcp_v4_rcv(TbKernel *k, TbSkb *skb, uint32_t tot)
{
    TbTcpTable *tab = k->tcp;
    if (!tab || !tab->n) {
        return false;
    }
    TcpAddr a;
    TcpSegment seg;
    const uint8_t *data;
    const uint8_t *ip = skb->data + ETH_HLEN;
    if (tcp_parse_hdr(ip, tot, &a, &seg, &data) < 0
        || (!skb->csum_ok && !tcp_csum_ok(ip, &a, &seg, data))) {
        tab->st.bad++;
        tb_kfree_skb(k, skb);
        return true;
    }
    TbTcpSock *s = tb_tcp_table_lookup(tab, &a);
    if (!s) {
        tab->st.no_socket++;       /* the RST is not modelled */
        tb_kfree_skb(k, skb);
        return true;
    }
    seg.gso_size = skb->gso_size;     /* an LRO frame's MSS */
    tb_cpu_cost(k->cpu, TB_COST_TCP_RCV, 1);
    tab->st.segs_in++;
    skb->len = ETH_HLEN + tot;
    tb_spin_lock(k->cpu, &s->slock);      /* bh_lock_sock_nested */
    if (s->owned) {
        tab->st.backlogged++;
        tb_skb_queue_tail(&s->bl_head, &s->bl_tail, skb);
    } else {
        do_rcv(s, skb, &seg, data, true);
    }
    tb_spin_unlock(&s->slock);
    return true;
}

/* ---- lock_sock / release_sock ---- */

/* lock_sock: a softirq on another CPU that is using the socket (holding
 * its slock) finishes first, as Linux's spin_lock_bh on sk_lock.slock
 * waits for it; the slock is never held across a charge here.  The
 * process's CPU becomes the socket's reader CPU, and it charges the
 * crossings of the data skbs softirqs freed for it since (rcv_free). */
void tb_tcp_lock(TbTcpSock *s)
{
    TbCpu *cpu = s->k->cpu;
    tb_spin_lock(cpu, &s->slock);
    s->owned = true;
    uint32_t n = s->remote_frees;
    s->remote_frees = 0;
    s->reader_cpu = (int16_t)cpu->id;
    tb_spin_unlock(&s->slock);
    if (n) {
        tb_cpu_cost(cpu, TB_COST_SKB_REMOTE, n);
    }
}

void tb_tcp_release(TbTcpSock *s)
{
    for (;;) {
        TbSkb *skb = tb_skb_dequeue(&s->bl_head, &s->bl_tail);
        int id = -1;
        for (int i = 0; i < TCP_NTIMERS && id < 0 && !skb; i++) {
            if (s->deferred[i]) {
                id = i;
            }
        }
        if (skb) {
            do_rcv_backlog(s, skb);
        } else if (id >= 0) {
            s->deferred[id] = false;
            tcp_timer_expired(s->sk, (TcpTimerId)id);
        } else {
            break;
        }
    }
    tb_tcp_push(s);
    s->owned = false;
}
