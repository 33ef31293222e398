/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP segments as IPv4 datagrams (tcp.h): the IPv4 header [RFC791], the
 * TCP header and checksum over the pseudo-header [RFC793 3.1], and the
 * options in the layout Linux sends them: MSS; NOP, NOP, timestamps;
 * NOP, window scale [RFC7323 2.2, 3.2].  SACK is neither sent nor
 * parsed (other options are skipped by their length).
 */
#include <string.h>

#include "kernel/kernel.h"
#include "kernel/tcp.h"

enum { OPT_EOL = 0, OPT_NOP = 1, OPT_MSS = 2, OPT_WS = 3, OPT_TS = 8 };

uint32_t tcp_opt_len(const TcpSegment *seg)
{
    uint32_t n = seg->ts ? TCP_TS_OPT_LEN : 0;
    if (seg->flags & TCP_FL_SYN) {
        n += (seg->mss ? 4u : 0u) + (seg->wscale >= 0 ? 4u : 0u);
    }
    return n;
}

/* Checksum over the pseudo-header and @len bytes of TCP at @tcp. */
static uint16_t tcp_csum(const TcpAddr *a, const uint8_t *tcp, uint32_t len)
{
    uint64_t sum = (a->saddr >> 16) + (a->saddr & 0xffff)
                   + (a->daddr >> 16) + (a->daddr & 0xffff) + 6 + len;
    return (uint16_t)~tb_csum_fold(sum + tb_csum_sum(tcp, len));
}

static uint8_t *put_options(uint8_t *o, const TcpSegment *seg)
{
    bool syn = seg->flags & TCP_FL_SYN;
    if (syn && seg->mss) {
        o[0] = OPT_MSS;
        o[1] = 4;
        tb_put_be16(o + 2, seg->mss);
        o += 4;
    }
    if (seg->ts) {
        o[0] = OPT_NOP;
        o[1] = OPT_NOP;
        o[2] = OPT_TS;
        o[3] = 10;
        tb_put_be32(o + 4, seg->tsval);
        tb_put_be32(o + 8, seg->tsecr);
        o += 12;
    }
    if (syn && seg->wscale >= 0) {
        o[0] = OPT_NOP;
        o[1] = OPT_WS;
        o[2] = 3;
        o[3] = (uint8_t)seg->wscale;
        o += 4;
    }
    return o;
}

void tcp_build_hdr(uint8_t *p, const TcpAddr *a, const TcpSegment *seg,
                   uint16_t ip_id, uint32_t tot)
{
    uint32_t thl = 20 + tcp_opt_len(seg);
    memset(p, 0, 20 + thl);
    p[0] = 0x45;
    tb_put_be16(p + 2, tot);
    tb_put_be16(p + 4, ip_id);
    tb_put_be16(p + 6, 0x4000);        /* DF */
    p[8] = 64;
    p[9] = 6;
    tb_put_be32(p + 12, a->saddr);
    tb_put_be32(p + 16, a->daddr);
    tb_put_be16(p + 10, tb_ip_csum(p, 20));
    uint8_t *t = p + 20;
    tb_put_be16(t, a->sport);
    tb_put_be16(t + 2, a->dport);
    tb_put_be32(t + 4, seg->seq);
    tb_put_be32(t + 8, seg->ack);
    t[12] = (uint8_t)((thl / 4) << 4);
    t[13] = seg->flags;
    tb_put_be16(t + 14, seg->win);
    put_options(t + 20, seg);
}

uint32_t tcp_build(uint8_t *p, const TcpAddr *a, const TcpSegment *seg,
                   const uint8_t *data, uint16_t ip_id)
{
    uint32_t thl = 20 + tcp_opt_len(seg);
    uint32_t tot = 20 + thl + seg->len;
    tcp_build_hdr(p, a, seg, ip_id, tot);
    uint8_t *t = p + 20;
    if (seg->len && data) {
        memcpy(t + thl, data, seg->len);
    }
    tb_put_be16(t + 16, tcp_csum(a, t, thl + seg->len));
    return tot;
}

/* Options of the TCP header at @o (@n bytes); -1 if malformed. */
static int parse_options(const uint8_t *o, uint32_t n, TcpSegment *seg)
{
    uint32_t i = 0;
    while (i < n && o[i] != OPT_EOL) {
        if (o[i] == OPT_NOP) {
            i++;
            continue;
        }
        if (i + 1 >= n || o[i + 1] < 2 || i + o[i + 1] > n) {
            return -1;
        }
        const uint8_t *v = o + i + 2;
        if (o[i] == OPT_MSS && o[i + 1] == 4) {
            seg->mss = (uint16_t)tb_get_be16(v);
        } else if (o[i] == OPT_WS && o[i + 1] == 3) {
            seg->wscale = (int8_t)(v[0] > 14 ? 14 : v[0]);
        } else if (o[i] == OPT_TS && o[i + 1] == 10) {
            seg->ts = true;
            seg->tsval = tb_get_be32(v);
            seg->tsecr = tb_get_be32(v + 4);
        }
        i += o[i + 1];
    }
    return 0;
}

int tcp_parse_hdr(const uint8_t *p, uint32_t len, TcpAddr *a,
                  TcpSegment *seg, const uint8_t **data)
{
    if (len < 40 || p[0] != 0x45 || p[9] != 6) {
        return -1;
    }
    uint32_t tot = tb_get_be16(p + 2);
    const uint8_t *t = p + 20;
    uint32_t thl = (uint32_t)(t[12] >> 4) * 4;
    if (tot > len || tot < 20 + thl || thl < 20) {
        return -1;
    }
    a->saddr = tb_get_be32(p + 12);
    a->daddr = tb_get_be32(p + 16);
    memset(seg, 0, sizeof(*seg));
    seg->wscale = -1;
    a->sport = (uint16_t)tb_get_be16(t);
    a->dport = (uint16_t)tb_get_be16(t + 2);
    seg->seq = tb_get_be32(t + 4);
    seg->ack = tb_get_be32(t + 8);
    seg->flags = t[13] & 0x3f;
    seg->win = (uint16_t)tb_get_be16(t + 14);
    seg->len = tot - 20 - thl;
    *data = t + thl;
    return parse_options(t + 20, thl - 20, seg);
}

bool tcp_csum_ok(const uint8_t *p, const TcpAddr *a, const TcpSegment *seg,
                 const uint8_t *data)
{
    return tcp_csum(a, p + 20, (uint32_t)(data - p) - 20 + seg->len) == 0;
}

int tcp_parse(const uint8_t *p, uint32_t len, TcpAddr *a, TcpSegment *seg,
              const uint8_t **data)
{
    if (tcp_parse_hdr(p, len, a, seg, data) < 0 || tb_ip_csum(p, 20) != 0
        || !tcp_csum_ok(p, a, seg, *data)) {
        return -1;
    }
    return 0;
}
