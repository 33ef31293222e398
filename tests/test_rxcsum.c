/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive checksum offload of the device model (RXCSUM IPOFL/TUOFL/PCSS;
 * descriptor status IXSM/IPCS/TCPCS/UDPCS and errors IPE/TCPE, SDM
 * 3.2.3.1-3.2.3.2, 3.2.9): good and bad IPv4 header, TCP and
 * UDP checksums, offload disabled, non-IP frames, fragments, and the
 * 16-bit packet checksum field, also on frames ending in zero runs.
 */
#include <glib.h>
#include <string.h>

#include "e1000_core.h"
#include "rxtest.h"

#define IPOFF 14u

/* Independent ones'-complement sum (RFC 1071), not folded. */
static uint32_t sum16(const uint8_t *p, size_t n, uint32_t s)
{
    for (size_t i = 0; i + 1 < n; i += 2) {
        s += (uint32_t)p[i] << 8 | p[i + 1];
    }
    if (n & 1) {
        s += (uint32_t)p[n - 1] << 8;
    }
    return s;
}

static uint16_t fold(uint32_t s)
{
    while (s >> 16) {
        s = (s & 0xFFFF) + (s >> 16);
    }
    return (uint16_t)s;
}

/* IPv4 frame to the station address: 20-byte header, protocol @proto,
 * L4 header+payload of @l4len bytes with correct checksums.  Total frame
 * length returned in *len. */
static uint8_t *ip_frame(uint8_t proto, uint32_t l4len, uint32_t *len)
{
    uint32_t n = IPOFF + 20 + l4len;
    uint8_t *f = tp_frame(rxt_mac, n < 60 ? 60 : n);
    uint8_t *ip = f + IPOFF, *l4 = ip + 20;
    uint32_t s;
    uint16_t c;

    *len = n < 60 ? 60 : n;
    ip[0] = 0x45;
    ip[1] = 0;
    ip[2] = (uint8_t)((20 + l4len) >> 8);
    ip[3] = (uint8_t)(20 + l4len);
    ip[4] = 0x12; ip[5] = 0x34;       /* id */
    ip[6] = 0x40; ip[7] = 0;          /* DF */
    ip[8] = 64;
    ip[9] = proto;
    ip[10] = ip[11] = 0;
    ip[12] = 10; ip[13] = 0; ip[14] = 0; ip[15] = 1;
    ip[16] = 10; ip[17] = 0; ip[18] = 0; ip[19] = 2;
    c = (uint16_t)~fold(sum16(ip, 20, 0));
    ip[10] = (uint8_t)(c >> 8);
    ip[11] = (uint8_t)c;
    for (uint32_t i = 0; i < l4len; i++) {
        l4[i] = (uint8_t)(i * 13 + 1);
    }
    l4[0] = 0x30; l4[1] = 0x39; l4[2] = 0x00; l4[3] = 0x50; /* ports */
    if (proto == 17) {
        l4[4] = (uint8_t)(l4len >> 8);
        l4[5] = (uint8_t)l4len;
        l4[6] = l4[7] = 0;
    } else {
        l4[12] = 0x50; /* data offset 5 */
        l4[16] = l4[17] = 0;
    }
    s = sum16(ip + 12, 8, 0) + proto + l4len;
    c = (uint16_t)~fold(sum16(l4, l4len, s));
    if (proto == 17) {
        if (c == 0) {
            c = 0xFFFF;
        }
        l4[6] = (uint8_t)(c >> 8);
        l4[7] = (uint8_t)c;
    } else {
        l4[16] = (uint8_t)(c >> 8);
        l4[17] = (uint8_t)c;
    }
    return f;
}

/* Deliver @f into descriptor RDH with RXCSUM=@rxcsum; returns status,
 * errors in *err, packet checksum field in *pkt. */
static uint8_t rx_csum(uint32_t rxcsum, const uint8_t *f, uint32_t len,
                       uint8_t *err, uint16_t *pkt)
{
    TestPort *tp = rxt_new();
    uint8_t st;

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    tp_wr(tp, E1K_RXCSUM, rxcsum);
    g_assert_cmpint(tp_rx(tp, f, len), ==, E1K_RX_QUEUED);
    tp_advance(tp, 100000);
    g_assert_cmphex(rxt_status(tp, 0) & 3u, ==, 3u);
    st = rxt_status(tp, 0);
    *err = rxt_errors(tp, 0);
    if (pkt) {
        *pkt = rxt_csum(tp, 0);
    }
    tp_free(tp);
    return st;
}

#define CS_BITS (E1K_RXD_STAT_IXSM | E1K_RXD_STAT_IPCS | \
                 E1K_RXD_STAT_TCPCS | E1K_RXD_STAT_UDPCS)
#define ON (E1K_RXCSUM_IPOFL | E1K_RXCSUM_TUOFL)

static void test_disabled(void)
{
    uint32_t len;
    uint8_t *f = ip_frame(6, 40, &len), err;
    g_assert_cmphex(rx_csum(0, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IXSM);
    g_assert_cmphex(err, ==, 0);
    f[IPOFF + 10] ^= 0xFF; /* bad IP checksum: no error when disabled */
    g_assert_cmphex(rx_csum(0, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IXSM);
    g_assert_cmphex(err, ==, 0);
    g_free(f);
}

static void test_tcp_good_bad(void)
{
    uint32_t len;
    uint8_t *f = ip_frame(6, 60, &len), err;

    g_assert_cmphex(rx_csum(ON, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IPCS | E1K_RXD_STAT_TCPCS);
    g_assert_cmphex(err, ==, 0);
    f[IPOFF + 20 + 30] ^= 0x01; /* payload byte: TCP checksum bad */
    g_assert_cmphex(rx_csum(ON, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IPCS | E1K_RXD_STAT_TCPCS);
    g_assert_cmphex(err, ==, E1K_RXD_ERR_TCPE);
    f[IPOFF + 20 + 30] ^= 0x01;
    f[IPOFF + 8] ^= 0x01; /* TTL: IP header checksum bad */
    g_assert_cmphex(rx_csum(ON, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IPCS | E1K_RXD_STAT_TCPCS);
    g_assert_cmphex(err, ==, E1K_RXD_ERR_IPE);
    g_free(f);
}

static void test_ipofl_only(void)
{
    uint32_t len;
    uint8_t *f = ip_frame(6, 60, &len), err;
    f[IPOFF + 20 + 30] ^= 0x01; /* TCP bad but not checked */
    g_assert_cmphex(rx_csum(E1K_RXCSUM_IPOFL, f, len, &err, NULL) & CS_BITS,
                    ==, E1K_RXD_STAT_IPCS);
    g_assert_cmphex(err, ==, 0);
    g_assert_cmphex(rx_csum(E1K_RXCSUM_TUOFL, f, len, &err, NULL) & CS_BITS,
                    ==, E1K_RXD_STAT_TCPCS);
    g_assert_cmphex(err, ==, E1K_RXD_ERR_TCPE);
    g_free(f);
}

static void test_udp(void)
{
    uint32_t len;
    uint8_t *f = ip_frame(17, 100, &len), err;

    g_assert_cmphex(rx_csum(ON, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IPCS | E1K_RXD_STAT_UDPCS);
    g_assert_cmphex(err, ==, 0);
    f[IPOFF + 20 + 50] ^= 0x80;
    g_assert_cmphex(rx_csum(ON, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IPCS | E1K_RXD_STAT_UDPCS);
    g_assert_cmphex(err, ==, E1K_RXD_ERR_TCPE);
    /* checksum 0 = not computed by the sender: no error */
    f[IPOFF + 20 + 6] = f[IPOFF + 20 + 7] = 0;
    g_assert_cmphex(rx_csum(ON, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IPCS | E1K_RXD_STAT_UDPCS);
    g_assert_cmphex(err, ==, 0);
    g_free(f);
}

static void test_not_ip(void)
{
    uint32_t len;
    uint8_t *f = ip_frame(6, 60, &len), err;
    f[12] = 0x08;
    f[13] = 0x06; /* ARP */
    g_assert_cmphex(rx_csum(ON, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IXSM);
    g_assert_cmphex(err, ==, 0);
    g_free(f);
}

/* A fragment: IP header checked, no L4 check. */
static void test_fragment(void)
{
    uint32_t len;
    uint8_t *f = ip_frame(6, 60, &len), err;
    uint16_t c;
    f[IPOFF + 6] = 0x20; /* MF */
    f[IPOFF + 10] = f[IPOFF + 11] = 0;
    c = (uint16_t)~fold(sum16(f + IPOFF, 20, 0));
    f[IPOFF + 10] = (uint8_t)(c >> 8);
    f[IPOFF + 11] = (uint8_t)c;
    g_assert_cmphex(rx_csum(ON, f, len, &err, NULL) & CS_BITS, ==,
                    E1K_RXD_STAT_IPCS);
    g_assert_cmphex(err, ==, 0);
    g_free(f);
}

/* Packet checksum field: ones'-complement sum of bytes PCSS..end (no
 * FCS), not complemented. */
static void test_packet_csum(void)
{
    uint32_t len;
    uint8_t *f = ip_frame(17, 61, &len), err; /* odd length */
    uint16_t pkt;

    for (uint32_t pcss = 0; pcss <= 34; pcss += 17) {
        rx_csum(ON | pcss, f, len, &err, &pkt);
        g_assert_cmphex(pkt, ==, fold(sum16(f + pcss, len - pcss, 0)));
    }
    g_free(f);
    /* every start, with the UDP checksum verified on the same bytes (the
     * segment's sum is reused): segments of odd and even length, padded
     * frames (bytes after the segment), odd and even starts */
    static const uint32_t l4lens[] = {8, 9, 25, 61, 1000};
    for (size_t k = 0; k < G_N_ELEMENTS(l4lens); k++) {
        f = ip_frame(17, l4lens[k], &len);
        for (uint32_t i = IPOFF + 20 + l4lens[k]; i < len; i++) {
            f[i] = (uint8_t)(0xA5 ^ i);   /* padding after the segment */
        }
        for (uint32_t pcss = 0; pcss < len && pcss <= 255; pcss++) {
            rx_csum(ON | pcss, f, len, &err, &pkt);
            g_assert_cmphex(pkt, ==, fold(sum16(f + pcss, len - pcss, 0)));
            g_assert_cmphex(err, ==, 0);
        }
        g_free(f);
    }
    /* a long segment (its sum joined with the parts around it) of odd
     * length followed by bytes after the datagram: every start up to
     * the IP header, so every part at both byte parities */
    for (uint8_t proto = 6; proto <= 17; proto += 11) {
        uint8_t *g;
        f = ip_frame(proto, 201, &len);
        g = g_malloc(len + 7);
        memcpy(g, f, len);
        for (uint32_t i = len; i < len + 7; i++) {
            g[i] = (uint8_t)(0xA5 ^ i);
        }
        for (uint32_t pcss = 0; pcss <= IPOFF; pcss++) {
            uint8_t st = 0, er = 0;
            pkt = e1k_rx_checksum(ON | pcss, g, len + 7, IPOFF, &st, &er, 0);
            g_assert_cmphex(pkt, ==, fold(sum16(g + pcss, len + 7 - pcss, 0)));
            g_assert_cmphex(er, ==, 0);
            g_assert_cmphex(st, ==, E1K_RXD_STAT_IPCS |
                            (proto == 6 ? E1K_RXD_STAT_TCPCS
                                        : E1K_RXD_STAT_UDPCS));
        }
        g_free(g);
        g_free(f);
    }
    f = ip_frame(17, 61, &len);
    /* from the IP header: a valid header sums to 0xFFFF, so the field
     * equals 0xFFFF + sum(L4) folded */
    rx_csum(ON | IPOFF, f, len, &err, &pkt);
    g_assert_cmphex(pkt, ==,
                    fold(0xFFFFu + sum16(f + IPOFF + 20, len - IPOFF - 20,
                                         0)));
    g_free(f);
}

/* Frames whose payload ends in a run of zeros (as pktgen's): the
 * checksums told the run (e1k_rx_checksum's @zeros) equal those computed
 * over every byte, for TCP and UDP, zero runs inside the segment and in
 * padding after it, at several PCSS; and through the model (which finds
 * the run itself) the field equals the independent sum. */
static void test_zero_tail(void)
{
    static const uint32_t l4lens[] = {40, 200, 1000, 1480};
    static const uint8_t protos[] = {6, 17};
    uint8_t err;
    uint16_t pkt;

    for (size_t k = 0; k < G_N_ELEMENTS(l4lens); k++) {
        for (size_t p = 0; p < G_N_ELEMENTS(protos); p++) {
            uint32_t len, l4len = l4lens[k];
            uint8_t *f = ip_frame(protos[p], l4len, &len);
            uint8_t *l4 = f + IPOFF + 20;
            uint32_t keep = 20u + (uint32_t)k * 7u;   /* header + a bit */
            uint8_t *big = g_malloc0(len + 300);
            memset(l4 + keep, 0, l4len - keep);
            /* redo the L4 checksum over the zeroed payload */
            l4[protos[p] == 17 ? 6 : 16] = l4[protos[p] == 17 ? 7 : 17] = 0;
            uint32_t s = sum16(f + IPOFF + 12, 8, 0) + protos[p] + l4len;
            uint16_t c = (uint16_t)~fold(sum16(l4, l4len, s));
            l4[protos[p] == 17 ? 6 : 16] = (uint8_t)(c >> 8);
            l4[protos[p] == 17 ? 7 : 17] = (uint8_t)c;
            memcpy(big, f, len);   /* + 300 zero bytes of padding */
            for (uint32_t pcss = 0; pcss <= 60; pcss += 15) {
                uint8_t st0 = 0, er0 = 0, st1 = 0, er1 = 0;
                uint32_t z = e1k_zero_tail(big, len + 300);
                uint16_t a = e1k_rx_checksum(ON | pcss, big, len + 300, IPOFF,
                                             &st0, &er0, 0);
                uint16_t b = e1k_rx_checksum(ON | pcss, big, len + 300, IPOFF,
                                             &st1, &er1, z);
                g_assert_cmpuint(z, >=, 300u + l4len - keep);
                g_assert_cmphex(a, ==, b);
                g_assert_cmphex(st0, ==, st1);
                g_assert_cmphex(er0, ==, 0);
                g_assert_cmphex(er1, ==, 0);
                g_assert_cmphex(a, ==, fold(sum16(big + pcss,
                                                  len + 300 - pcss, 0)));
                if (len <= 1514) {
                    rx_csum(ON | pcss, f, len, &err, &pkt);
                    g_assert_cmphex(pkt, ==,
                                    fold(sum16(f + pcss, len - pcss, 0)));
                    g_assert_cmphex(err, ==, 0);
                }
            }
            g_free(big);
            g_free(f);
        }
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rx/csum/disabled", test_disabled);
    g_test_add_func("/rx/csum/tcp-good-bad", test_tcp_good_bad);
    g_test_add_func("/rx/csum/ipofl-tuofl-separate", test_ipofl_only);
    g_test_add_func("/rx/csum/udp", test_udp);
    g_test_add_func("/rx/csum/not-ip", test_not_ip);
    g_test_add_func("/rx/csum/fragment", test_fragment);
    g_test_add_func("/rx/csum/packet-csum", test_packet_csum);
    g_test_add_func("/rx/csum/zero-tail", test_zero_tail);
    return g_test_run();
}
