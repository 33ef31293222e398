/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP buffers (tcp.h): byte rings indexed by sequence number for the send
 * queue and the receive queue, the retransmit queue of sent segments, and
 * the receiver's out-of-order ranges.  The rings and tables are sized once
 * (the retransmit queue grows to its working size, the rings as
 * autotuning grows the buffers); nothing is allocated per segment.
 */
#include <glib.h>
#include <string.h>

#include "kernel/tcp.h"

void tcp_ring_init(TcpRing *r, uint32_t cap, uint32_t base, bool store)
{
    r->buf = store ? g_malloc0(cap) : NULL;
    r->cap = cap;
    r->head = 0;
    r->base = base;
}

void tcp_ring_grow(TcpRing *r, uint32_t cap)
{
    if (cap <= r->cap) {
        return;
    }
    if (!r->buf) {
        r->cap = cap;
        r->head = 0;
        return;
    }
    uint8_t *n = g_malloc0(cap);
    tcp_ring_read(r, r->base, n, r->cap);
    g_free(r->buf);
    r->buf = n;
    r->cap = cap;
    r->head = 0;
}

void tcp_ring_free(TcpRing *r)
{
    g_free(r->buf);
    r->buf = NULL;
}

/* Index of the byte with sequence @seq and bytes up to the ring's end. */
static uint32_t ring_pos(const TcpRing *r, uint32_t seq, uint32_t *run)
{
    uint32_t pos = (r->head + (seq - r->base)) % r->cap;
    *run = r->cap - pos;
    return pos;
}

void tcp_ring_write(TcpRing *r, uint32_t seq, const uint8_t *src,
                    uint32_t len)
{
    if (!r->buf) {
        return;
    }
    uint32_t run;
    uint32_t pos = ring_pos(r, seq, &run);
    uint32_t n = len < run ? len : run;
    memcpy(r->buf + pos, src, n);
    memcpy(r->buf, src + n, len - n);
}

void tcp_ring_read(const TcpRing *r, uint32_t seq, uint8_t *dst,
                   uint32_t len)
{
    if (!r->buf) {
        memset(dst, 0, len);
        return;
    }
    uint32_t run;
    uint32_t pos = ring_pos(r, seq, &run);
    uint32_t n = len < run ? len : run;
    memcpy(dst, r->buf + pos, n);
    memcpy(dst + n, r->buf, len - n);
}

void tcp_ring_advance(TcpRing *r, uint32_t seq)
{
    r->head = (r->head + (seq - r->base)) % r->cap;
    r->base = seq;
}

void tcp_rtx_push(TcpSock *sk, uint32_t seq, uint32_t end, uint8_t flags)
{
    if (sk->rtx_len == sk->rtx_cap) {
        uint32_t ncap = sk->rtx_cap ? sk->rtx_cap * 2 : 64;
        TcpTxRec *n = g_new(TcpTxRec, ncap);
        for (uint32_t i = 0; i < sk->rtx_len; i++) {
            n[i] = *tcp_rtx_at(sk, i);
        }
        g_free(sk->rtx);
        sk->rtx = n;
        sk->rtx_cap = ncap;
        sk->rtx_head = 0;
    }
    TcpTxRec *t = &sk->rtx[(sk->rtx_head + sk->rtx_len) % sk->rtx_cap];
    t->seq = seq;
    t->end = end;
    t->flags = flags;
    t->retrans = false;
    sk->rtx_len++;
}

TcpTxRec *tcp_rtx_at(TcpSock *sk, uint32_t i)
{
    return &sk->rtx[(sk->rtx_head + i) % sk->rtx_cap];
}

uint32_t tcp_rtx_clean(TcpSock *sk, uint32_t ack, bool *karn)
{
    uint32_t removed = 0;
    *karn = false;
    while (sk->rtx_len) {
        TcpTxRec *t = tcp_rtx_at(sk, 0);
        if (tcp_after(t->end, ack)) {
            if (tcp_after(ack, t->seq)) {
                /* partly acknowledged (Linux tcp_trim_head) */
                t->seq = ack;
                t->flags &= (uint8_t)~TCP_FL_SYN;
            }
            break;
        }
        *karn |= t->retrans;
        sk->rtx_head = (sk->rtx_head + 1) % sk->rtx_cap;
        sk->rtx_len--;
        removed++;
    }
    return removed;
}

bool tcp_ooo_add(TcpSock *sk, uint32_t seq, uint32_t end)
{
    uint32_t i = 0;
    while (i < sk->nooo && tcp_before(sk->ooo[i].end, seq)) {
        i++;
    }
    /* ranges i.. that touch [seq, end) merge into one */
    uint32_t j = i;
    while (j < sk->nooo && !tcp_after(sk->ooo[j].seq, end)) {
        if (tcp_before(sk->ooo[j].seq, seq)) {
            seq = sk->ooo[j].seq;
        }
        if (tcp_after(sk->ooo[j].end, end)) {
            end = sk->ooo[j].end;
        }
        j++;
    }
    if (j == i && sk->nooo == TCP_MAX_OOO) {
        return false;
    }
    uint32_t tail = sk->nooo - j;
    memmove(&sk->ooo[i + 1], &sk->ooo[j], tail * sizeof(TcpRange));
    sk->ooo[i].seq = seq;
    sk->ooo[i].end = end;
    sk->nooo = i + 1 + tail;
    return true;
}

bool tcp_ooo_collapse(TcpSock *sk)
{
    bool moved = false;
    while (sk->nooo && !tcp_after(sk->ooo[0].seq, sk->rcv_nxt)) {
        if (tcp_after(sk->ooo[0].end, sk->rcv_nxt)) {
            sk->st.bytes_in += sk->ooo[0].end - sk->rcv_nxt;
            sk->rcv_nxt = sk->ooo[0].end;
            moved = true;
        }
        sk->nooo--;
        memmove(&sk->ooo[0], &sk->ooo[1], sk->nooo * sizeof(TcpRange));
    }
    return moved;
}
