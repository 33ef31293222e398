/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * netperf TCP_STREAM (k_netperf.h).
 */
#include <glib.h>
#include <string.h>

#include "kernel/k_netperf_int.h"

uint8_t *tb_netperf_pattern_new(void)
{
    uint8_t *pat = g_malloc(TB_NETPERF_PAT_SPAN);
    for (uint32_t i = 0; i < TB_NETPERF_PAT_SPAN; i++) {
        pat[i] = (uint8_t)(((i % TB_NETPERF_PAT_PERIOD) * 2654435761u) >> 11);
    }
    return pat;
}

static const uint8_t *pattern_at(const TbNetperf *np, uint64_t o)
{
    return np->pat + o % TB_NETPERF_PAT_PERIOD;
}

/* One send() call, or its continuation after the buffer filled: a call
 * charges socket_send and tcp_sendmsg once, then copies segment by
 * segment (the copy interleaves with transmission, as tcp_sendmsg's
 * per-skb loop).  Sleeps while the connection is not up or the send
 * buffer is full (the continuation is the same call: no new charge). */
static bool sender_step(TbCpu *cpu, void *ctx)
{
    TbNetperf *np = ctx;
    TcpSock *sk = tb_tcp_sk(np->s[0]);
    if (!np->connecting) {
        np->connecting = true;
        tb_tcp_lock(np->s[0]);
        tcp_connect(sk);
        tb_tcp_release(np->s[0]);
        return false;
    }
    if (sk->state != TCP_ESTABLISHED) {
        return false;
    }
    tb_tcp_lock(np->s[0]);
    if (np->msg_left == 0) {
        tb_cpu_cost_pair(cpu, TB_COST_SOCKET_SEND, TB_COST_TCP_SENDMSG);
        np->msg_left = np->cfg.message_size;
    }
    uint32_t n;
    while (np->msg_left && (n = tcp_wspace(sk)) != 0) {
        n = n < np->msg_left ? n : np->msg_left;
        n = n < sk->mss_cache ? n : sk->mss_cache;
        if (!np->st.zero_copy) {
            tb_cpu_cost_bytes(cpu, TB_COST_COPY_FROM_USER_PER_BYTE, n);
        }
        tcp_sendmsg(sk, pattern_at(np, np->wpos), n);
        np->wpos += n;
        np->msg_left -= n;
        np->st.bytes_sent += n;
    }
    if (!np->msg_left) {
        np->st.sends++;
    }
    tb_tcp_release(np->s[0]);
    return np->msg_left == 0;
}

/* One recv() call of whatever is queued (up to recv_size); sleeps when
 * nothing is. */
static bool receiver_step(TbCpu *cpu, void *ctx)
{
    TbNetperf *np = ctx;
    TcpSock *sk = tb_tcp_sk(np->s[1]);
    if (!tcp_readable(sk)) {
        return false;
    }
    tb_tcp_lock(np->s[1]);
    tb_cpu_cost(cpu, TB_COST_SOCKET_RECV, 1);
    uint32_t n = tcp_readable(sk);
    n = n < np->cfg.recv_size ? n : np->cfg.recv_size;
    tb_cpu_cost_bytes(cpu, TB_COST_COPY_TO_USER_PER_BYTE, n);
    tcp_recvmsg(sk, np->cfg.verify ? np->buf : NULL, n, NULL);
    if (np->cfg.verify && memcmp(np->buf, pattern_at(np, np->rpos), n)) {
        const uint8_t *want = pattern_at(np, np->rpos);
        for (uint32_t i = 0; i < n; i++) {
            np->st.mismatches += np->buf[i] != want[i];
        }
    }
    np->rpos += n;
    np->st.bytes_recv += n;
    np->st.recvs++;
    tb_tcp_release(np->s[1]);
    return tcp_readable(sk) != 0;
}

static void wake(void *ctx, TbTcpSock *s, unsigned ev)
{
    TbNetperf *np = ctx;
    int i = s == np->s[1];
    if (i == 0 && (ev & TCP_EV_STATE) && !np->st.established_ns
        && tb_tcp_sk(s)->state == TCP_ESTABLISHED) {
        np->st.established_ns = np->k[0]->cpu->eng->now;
    }
    tb_cpu_wake(np->cpu[i], &np->proc[i]);
}

uint32_t tb_netperf_route_mtu(const TbKernel *k, uint32_t daddr)
{
    const TbNetdev *dev = tb_ip_route_dev(k, daddr);
    return dev ? dev->mtu : 1500u;   /* tb_netdev_register sets an MTU */
}

/* Settings of side @i (0 sender, 1 receiver), @mtu its route's MTU. */
static TcpCfg sock_cfg(const TbNetperfCfg *c, int i, uint32_t sndbuf,
                       uint32_t rcvbuf, uint32_t iss, uint32_t mtu)
{
    TcpCfg t;
    tcp_cfg_default(&t);
    t.mtu = mtu;
    t.sndbuf = sndbuf;
    t.rcvbuf = rcvbuf;
    t.nodelay = c->nodelay;
    t.timestamps = c->timestamps[i];
    t.window_scaling = c->window_scaling[i];
    t.autotune = c->autotune[i];
    t.iss = iss;
    /* netserver's socket only receives; unless the bytes are checked
     * (verify), no one reads them: it counts them without storing them
     * (the copies cost the simulator, not the model: copy_to_user is
     * charged per byte either way) */
    t.nodata = i == 1 && !c->verify;
    return t;
}

TbNetperf *tb_netperf_new(TbKernel *ks, uint32_t saddr, TbKernel *kr,
                          uint32_t daddr, const TbNetperfCfg *cfg,
                          char **err)
{
    if (cfg->recv_size > TB_NETPERF_RECV_MAX || !cfg->recv_size
        || !cfg->message_size) {
        *err = g_strdup_printf("netperf: recv_size and message_size from 1, "
                               "recv_size at most %u", TB_NETPERF_RECV_MAX);
        return NULL;
    }
    TbNetperf *np = g_new0(TbNetperf, 1);
    np->cfg = *cfg;
    np->pat = tb_netperf_pattern_new();
    np->k[0] = ks;
    np->k[1] = kr;
    np->saddr = saddr;
    np->daddr = daddr;
    const TbNetdev *out = tb_ip_route_dev(ks, daddr);
    np->st.zero_copy = cfg->sendfile && !cfg->udp && out
                       && out->features_csum;
    if (cfg->udp) {
        if (tb_netperf_udp_start(np, err) < 0) {
            tb_netperf_free(np);
            return NULL;
        }
        return np;
    }
    np->buf = g_malloc(cfg->recv_size);
    /* each side's other buffer: Linux's defaults (tcp_wmem, tcp_rmem) */
    TcpCfg cs = sock_cfg(cfg, 0, cfg->send_socket, 87380, 0x1000,
                         tb_netperf_route_mtu(ks, daddr));
    TcpCfg cr = sock_cfg(cfg, 1, 16384, cfg->recv_socket, 0x2000000,
                         tb_netperf_route_mtu(kr, saddr));
    TcpAddr as = { saddr, daddr, 40000, cfg->port };
    TcpAddr ar = { daddr, 0, cfg->port, 0 };
    np->s[0] = tb_tcp_sock_new(ks, &cs, &as, wake, np);
    np->s[1] = tb_tcp_sock_new(kr, &cr, &ar, wake, np);
    if (!np->s[0] || !np->s[1]) {
        *err = g_strdup("netperf: no room for another TCP socket");
        tb_netperf_free(np);
        return NULL;
    }
    np->cpu[0] = ks->cpu;   /* each process stays on the CPU that runs
                               its kernel now (the boot CPU) */
    np->cpu[1] = kr->cpu;
    tcp_listen(tb_tcp_sk(np->s[1]));
    static const char *const names[2] = {"netperf", "netserver"};
    TbProcStepFn steps[2] = {sender_step, receiver_step};
    for (int i = 0; i < 2; i++) {
        np->proc[i] = (TbProc){ .name = names[i], .step = steps[i],
                                .ctx = np };
        tb_cpu_add_proc(np->cpu[i], &np->proc[i]);
    }
    tb_cpu_wake(np->cpu[0], &np->proc[0]);
    return np;
}

const TbNetperfStats *tb_netperf_stats(const TbNetperf *np)
{
    return &np->st;
}

TbTcpSock *tb_netperf_sock(const TbNetperf *np, int i)
{
    return np->s[i];
}

void tb_netperf_finish(TbNetperf *np)
{
    if (np && np->cfg.udp) {
        tb_netperf_udp_finish(np);
        return;
    }
    for (int i = 0; np && i < 2; i++) {
        const TcpStats *t = &tb_tcp_sk(np->s[i])->st;
        np->st.segs_out[i] = t->segs_out;
        np->st.data_segs_out[i] = t->data_segs_out;
        np->st.segs_in[i] = t->segs_in;
    }
}

void tb_netperf_free(TbNetperf *np)
{
    if (!np) {
        return;
    }
    if (np->cfg.udp) {
        tb_netperf_udp_disown(np);
    }
    for (int i = 0; i < 2; i++) {
        if (np->proc[i].step) {
            tb_cpu_del_proc(np->cpu[i], &np->proc[i]);
        }
        tb_tcp_sock_free(np->s[i]);
    }
    g_free(np->buf);
    g_free(np->pat);
    g_free(np);
}
