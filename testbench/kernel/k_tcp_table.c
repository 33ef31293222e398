/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The socket table of a kernel's TCP (k_tcp_int.h): established sockets
 * hashed by their 4-tuple and listeners by their local address and port,
 * as Linux's tcp_hashinfo keeps ehash and lhash (Linux 2.4
 * __tcp_v4_lookup: the established table first, then the listeners).
 * The hash is a fixed function of the addresses (no pointer, no seed), a
 * chain keeps its sockets in the order they were inserted, and the
 * bucket array doubles when the sockets outnumber the buckets, so a
 * lookup is O(1) on average and its answer is the same on every run.
 */
#include <glib.h>

#include "kernel/k_tcp_int.h"

/* Bucket of local @la:@lp, remote @ra:@rp (0:0 for a listener): the
 * 32-bit multiplicative hash of each word, folded. */
static inline uint32_t tcp_hash(const TbTcpTable *tab, uint32_t la,
                                uint16_t lp, uint32_t ra, uint16_t rp)
{
    uint32_t h = la * 0x9e3779b1u ^ ra * 0x85ebca77u
                 ^ ((uint32_t)lp << 16 | rp) * 0xc2b2ae3du;
    return (h ^ h >> 16) & (tab->nbuckets - 1);
}

static inline TbTcpSock **bucket_of(TbTcpTable *tab, const TcpAddr *a)
{
    return &tab->bucket[tcp_hash(tab, a->saddr, a->sport, a->daddr,
                                 a->dport)];
}

/* Append @s at the end of its chain (the chain keeps insertion order). */
static void chain_append(TbTcpTable *tab, TbTcpSock *s)
{
    TbTcpSock **pp = bucket_of(tab, &s->a);
    while (*pp) {
        pp = &(*pp)->hnext;
    }
    s->hnext = NULL;
    *pp = s;
}

static void chain_remove(TbTcpTable *tab, TbTcpSock *s)
{
    TbTcpSock **pp = bucket_of(tab, &s->a);
    while (*pp && *pp != s) {
        pp = &(*pp)->hnext;
    }
    if (*pp) {
        *pp = s->hnext;
    }
    s->hnext = NULL;
}

/* Double the buckets: old chains are walked in bucket order, so sockets
 * of one key (listeners of one port) keep their relative order. */
static void table_grow(TbTcpTable *tab)
{
    TbTcpSock **old = tab->bucket;
    uint32_t nold = tab->nbuckets;
    tab->nbuckets = nold ? nold * 2 : 16;
    tab->bucket = g_new0(TbTcpSock *, tab->nbuckets);
    for (uint32_t b = 0; b < nold; b++) {
        TbTcpSock *s = old[b];
        while (s) {
            TbTcpSock *next = s->hnext;
            chain_append(tab, s);
            s = next;
        }
    }
    g_free(old);
}

bool tb_tcp_table_add(TbTcpTable *tab, TbTcpSock *s)
{
    if (tab->n == TB_TCP_MAX_SOCKS) {
        return false;
    }
    if (tab->n >= tab->nbuckets) {
        table_grow(tab);
    }
    chain_append(tab, s);
    tab->n++;
    return true;
}

void tb_tcp_table_del(TbTcpTable *tab, TbTcpSock *s)
{
    chain_remove(tab, s);
    tab->n--;
}

TbTcpSock *tb_tcp_table_lookup(TbTcpTable *tab, const TcpAddr *a)
{
    /* the segment's destination is the socket's local end */
    TcpAddr key = { a->daddr, a->saddr, a->dport, a->sport };
    for (TbTcpSock *s = *bucket_of(tab, &key); s; s = s->hnext) {
        if (s->a.saddr == key.saddr && s->a.sport == key.sport
            && s->a.daddr == key.daddr && s->a.dport == key.dport) {
            return s;
        }
    }
    TcpAddr lkey = { key.saddr, 0, key.sport, 0 };
    for (TbTcpSock *s = *bucket_of(tab, &lkey); s; s = s->hnext) {
        if (s->a.saddr == lkey.saddr && s->a.sport == lkey.sport
            && !s->a.daddr && !s->a.dport) {
            chain_remove(tab, s);      /* the listener becomes the */
            s->a = key;                /* connection */
            chain_append(tab, s);
            return s;
        }
    }
    return NULL;
}

void tb_tcp_table_free(TbKernel *k)
{
    if (k->tcp) {
        g_free(k->tcp->bucket);
        g_clear_pointer(&k->tcp, g_free);
    }
}
