/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Synthetic IPv4/UDP frames in the spirit of Linux pktgen.
 *
 * Frame layout (bytes without FCS = size incl. FCS - 4):
 *   0  Ethernet: DA (cfg dst_mac, all-zero = the NIC's address), SA,
 *      EtherType 0x0800
 *   14 IPv4: version 4, IHL 5, TOS 0, total length = frame - 14,
 *      identification = frame index mod 65536, no fragmentation,
 *      TTL 32, protocol 17, header checksum (RFC 791), src, dst
 *   34 UDP: source port = udp_src_port + (index mod flows), destination
 *      port, length = frame - 34, checksum 0 (not computed, as pktgen
 *      without UDPCSUM)
 *   42 payload: pktgen's magic 0xbe9be955 and the 32-bit sequence
 *      number (frame index), big endian; the rest zero.
 * Sizes: frame_size, or udp_payload + 46, or the IMIX mix picked by a
 * smooth weighted round robin (deterministic, no randomness): each step
 * adds every weight to its running value, picks the largest (lowest index
 * on a tie) and subtracts the total from it.  For 64:7,594:4,1518:1 the
 * first 12 sizes are 64 594 64 64 594 64 1518 64 594 64 594 64.
 */
#include <stdlib.h>
#include <string.h>

#include "trf_int.h"

#define PKTGEN_MAGIC 0xbe9be955u

/* Big-endian stores, one move each. */
static void put16(uint8_t *p, uint32_t v)
{
    uint16_t be = __builtin_bswap16((uint16_t)v);
    memcpy(p, &be, 2);
}

static void put32(uint8_t *p, uint32_t v)
{
    uint32_t be = __builtin_bswap32(v);
    memcpy(p, &be, 4);
}

static int size_ok(uint32_t size)
{
    return size >= 64 && size <= 16128;
}

/* Write the bytes that are the same in every frame into s->buf (zeroed,
 * at least 64 bytes) and the sum of the fixed IPv4 header words into
 * s->pg.ip_sum; trf_pktgen_next fills in the rest.  With one frame size
 * (s->pg.fixed_len) the two length fields are fixed too. */
static void template_fill(TrfSource *s)
{
    const TrfCfg *c = &s->cfg;
    uint8_t *f = s->buf;
    uint32_t l = s->pg.fixed_len;

    memcpy(f, s->pg.dst_mac, 6);
    memcpy(f + 6, c->src_mac, 6);
    put16(f + 12, 0x0800);
    /* IPv4 header: identification and checksum per frame, the total
     * length too with IMIX */
    f[14] = 0x45;
    f[15] = 0;
    if (l) {
        put16(f + 16, l - 14);
        put16(f + 38, l - 34);
    }
    put16(f + 20, 0);
    f[22] = 32;
    f[23] = 17;
    put32(f + 26, c->src_ip);
    put32(f + 30, c->dst_ip);
    s->pg.ip_sum = (uint16_t)~trf_ip_checksum(f + 14, 20);
    /* UDP header: source port per frame with several flows (length too
     * with IMIX), checksum 0 */
    put16(f + 34, c->udp_src_port & 0xffff);
    put16(f + 36, c->udp_dst_port & 0xffff);
    put16(f + 40, 0);
    /* pktgen header: magic; the sequence per frame, the rest zero */
    put32(f + 42, PKTGEN_MAGIC);
}

int trf_pktgen_init(TrfSource *s, char **err)
{
    const TrfCfg *c = &s->cfg;
    uint32_t maxsize = 0;
    static const uint8_t zero[6];

    if (c->imix_n) {
        if (c->imix_n > TRF_MAX_IMIX) {
            return trf_err(err, "%s: too many imix entries", c->label);
        }
        for (uint32_t i = 0; i < c->imix_n; i++) {
            if (!size_ok(c->imix_size[i]) || c->imix_weight[i] == 0 ||
                c->imix_weight[i] > 1000000) {
                return trf_err(err, "%s: imix entry %u: size must be "
                               "64..16128 and weight 1..1000000", c->label,
                               i + 1);
            }
            s->pg.wrr_total += c->imix_weight[i];
            if (c->imix_size[i] > maxsize) {
                maxsize = c->imix_size[i];
            }
        }
    } else {
        uint32_t size = c->udp_payload ? c->udp_payload + 46 : c->frame_size;
        if (!size_ok(size)) {
            return trf_err(err, "%s: frame size %u bytes (incl. FCS) is "
                           "outside 64..16128", c->label, size);
        }
        maxsize = size;
        s->pg.fixed_len = size - 4;
    }
    if (c->flows == 0) {
        s->cfg.flows = 1;
    }
    memcpy(s->pg.dst_mac, memcmp(c->dst_mac, zero, 6) ? c->dst_mac
                                                        : c->nic_mac, 6);
    s->buf_cap = maxsize;
    s->buf = calloc(1, s->buf_cap);
    if (!s->buf) {
        return trf_err(err, "%s: out of memory", c->label);
    }
    template_fill(s);
    if (s->pg.fixed_len) {
        trf_fcs_init(s);
    }
    return 0;
}

/* Size incl. FCS of the next IMIX frame; advances the round robin. */
static uint32_t next_size(TrfSource *s)
{
    const TrfCfg *c = &s->cfg;
    uint32_t best = 0;

    for (uint32_t i = 0; i < c->imix_n; i++) {
        s->pg.wrr_current[i] += (int32_t)c->imix_weight[i];
        if (s->pg.wrr_current[i] > s->pg.wrr_current[best]) {
            best = i;
        }
    }
    s->pg.wrr_current[best] -= (int32_t)s->pg.wrr_total;
    return c->imix_size[best];
}

int trf_pktgen_next(TrfSource *s, uint8_t **frame, uint32_t *len)
{
    const TrfCfg *c = &s->cfg;
    uint8_t *f = s->buf;
    uint32_t seq = (uint32_t)s->index;
    uint32_t l = s->pg.fixed_len, len_word;
    uint32_t sum;

    /* The template holds every other byte (template_fill), with one
     * frame size also both lengths (their word already in ip_sum).
     * IPv4 total length (IMIX), identification, and the header checksum
     * from the sum of the fixed words (16 bits, template_fill) plus these
     * ([RFC1624], docs/references.md): three 16-bit terms fold to 16 bits
     * in two steps, two terms (one frame size) in one, the last step's
     * carry out of bit 15 being dropped by the mask; ones'-complement
     * addition is associative, so adding the length word early gives
     * the same checksum. */
    if (!l) {
        l = next_size(s) - 4;
        len_word = l - 14;
        put16(f + 16, len_word);
        put16(f + 38, l - 34);
        sum = s->pg.ip_sum + len_word + (seq & 0xffff);
        sum = (sum & 0xffff) + (sum >> 16);
        trf_count_frame(s, l);
    } else {
        sum = s->pg.ip_sum + (seq & 0xffff);   /* <= 0x1fffe */
    }
    put16(f + 18, seq & 0xffff);
    sum += sum >> 16;
    put16(f + 24, ~sum & 0xffff);
    /* UDP source port with several flows (flow: index mod flows, kept
     * as a counter; one flow's port is in the template); pktgen
     * sequence number */
    if (c->flows > 1) {
        put16(f + 34, (c->udp_src_port + s->pg.flow) & 0xffff);
        if (++s->pg.flow == c->flows) {
            s->pg.flow = 0;
        }
    }
    put32(f + 46, seq);
    *frame = f;
    *len = l;
    return 1;
}
