/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598 model: receive-side scaling (datasheet 3.5.2.10).  The Toeplitz
 * hash against Microsoft's published verification vectors ([MS-RSS]
 * "Verifying the RSS Hash Calculation": the standard 40-byte key, IPv4
 * and IPv4/TCP), then the device: RSSRK, MRQC's hash functions, RETA's
 * queue choice, the hash and RSS type in the advanced write-back,
 * ixg_rss_classify agreeing with where frames land.
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_core.h"
#include "ixgport.h"

#define MEM (4u << 20)
#define RING(q) (XP_MEM_BASE + 0x1000u * (q))
#define BUFS(q) (XP_MEM_BASE + 0x100000u + 0x40000u * (q))
#define NQ 4u

/* The verification key ([MS-RSS]). */
static const uint8_t ms_key[40] = {
    0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67,
    0x25, 0x3d, 0x43, 0xa3, 0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb,
    0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3, 0x80, 0x30,
    0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

typedef struct MsVector {
    uint8_t src[4], dst[4];
    uint16_t sport, dport;
    uint32_t ipv4, tcp;
} MsVector;

/* [MS-RSS], IPv4 table: source, destination, IPv4 hash, IPv4/TCP hash. */
static const MsVector ms_vectors[] = {
    { { 66, 9, 149, 187 }, { 161, 142, 100, 80 }, 2794, 1766,
      0x323e8fc2u, 0x51ccc178u },
    { { 199, 92, 111, 2 }, { 65, 69, 140, 83 }, 14230, 4739,
      0xd718262au, 0xc626b0eau },
    { { 24, 19, 198, 95 }, { 12, 22, 207, 184 }, 12898, 38024,
      0xd2d0a5deu, 0x5c2b394au },
    { { 38, 27, 205, 30 }, { 209, 142, 163, 6 }, 48228, 2217,
      0x82989176u, 0xafc7327fu },
    { { 153, 39, 163, 191 }, { 202, 188, 127, 2 }, 44251, 1303,
      0x5d1809c5u, 0x10e828a2u },
};

static uint32_t ip32(const uint8_t a[4])
{
    return (uint32_t)a[0] << 24 | a[1] << 16 | a[2] << 8 | a[3];
}

static void test_toeplitz_vectors(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(ms_vectors); i++) {
        const MsVector *v = &ms_vectors[i];
        uint8_t in[12];
        memcpy(in, v->src, 4);
        memcpy(in + 4, v->dst, 4);
        in[8] = (uint8_t)(v->sport >> 8);
        in[9] = (uint8_t)v->sport;
        in[10] = (uint8_t)(v->dport >> 8);
        in[11] = (uint8_t)v->dport;
        g_assert_cmphex(ixg_toeplitz(ms_key, in, 8), ==, v->ipv4);
        g_assert_cmphex(ixg_toeplitz(ms_key, in, 12), ==, v->tcp);
    }
    g_assert_cmphex(ixg_toeplitz(ms_key, NULL, 12), ==, 0);
}

/** RSS as Linux's ixgbe sets it up for @nq queues (ixgbe_setup_mrqc,
 *  ixgbe_store_reta: entry i = (i % nq) x 0x11), key = the MS key. */
static void rss_setup(XpPort *xp, uint32_t nq, uint32_t mrqc)
{
    for (uint32_t i = 0; i < 10; i++) {
        xp_wr(xp, IXG_RSSRK(i), (uint32_t)ms_key[4 * i] |
              ms_key[4 * i + 1] << 8 | ms_key[4 * i + 2] << 16 |
              (uint32_t)ms_key[4 * i + 3] << 24);
    }
    for (uint32_t i = 0; i < 128; i += 4) {
        uint32_t r = 0;
        for (uint32_t j = 0; j < 4; j++) {
            r |= ((i + j) % nq) * 0x11u << (8 * j);
        }
        xp_wr(xp, IXG_RETA(i / 4), r);
    }
    xp_wr(xp, IXG_MRQC, mrqc);
    xp_wr(xp, IXG_RXCSUM, IXG_RXCSUM_PCSD);
    for (uint32_t q = 0; q < NQ; q++) {
        xp_setup_rxq(xp, q, RING(q), 64, BUFS(q), 2048, 63, 0);
    }
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN);
}

/** Receive a frame of vector @v and return the queue it landed in
 *  (its next descriptor written back), with its write-back dwords. */
static uint32_t rx_vector(XpPort *xp, const MsVector *v, int tcp,
                          uint32_t next[NQ], uint32_t wb[4])
{
    uint8_t *f = xp_ip_frame(ixg_config(xp->dev)->mac, ip32(v->src),
                             ip32(v->dst), v->sport, v->dport, tcp, 200);
    uint32_t hash, type, cq = ixg_rss_classify(xp->dev, f, 200, &hash,
                                               &type);
    uint32_t found = UINT32_MAX;

    g_assert_cmpint(ixg_receive(xp->dev, f, 200), ==, IXG_RX_QUEUED);
    xp_advance(xp, 100000);
    for (uint32_t q = 0; q < NQ; q++) {
        uint64_t d = RING(q) + 16ull * next[q];
        if (xp_le32(xp, d + 8) & IXG_RXD_STAT_DD) {
            g_assert_cmpuint(found, ==, UINT32_MAX);
            found = q;
            for (uint32_t i = 0; i < 4; i++) {
                wb[i] = xp_le32(xp, d + 4 * i);
            }
            next[q]++;
        }
    }
    g_assert_cmpuint(found, <, NQ);
    g_assert_cmpuint(cq, ==, found);
    g_assert_cmphex(hash, ==, wb[1]);
    g_assert_cmpuint(type, ==, wb[0] & 0xFu);
    g_assert_cmpuint(wb[3] & 0xFFFFu, ==, 200);
    g_free(f);
    return found;
}

/* IPv4/TCP frames: hash and type in the write-back, the queue from
 * RETA[hash & 0x7F]. */
static void test_device_tcp(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint32_t next[NQ] = { 0 }, wb[4], hits[NQ] = { 0 };

    rss_setup(xp, NQ, IXG_MRQC_RSSEN | IXG_MRQC_TCP_IPV4 | IXG_MRQC_IPV4);
    for (size_t i = 0; i < G_N_ELEMENTS(ms_vectors); i++) {
        const MsVector *v = &ms_vectors[i];
        uint32_t q = rx_vector(xp, v, 1, next, wb);
        g_assert_cmphex(wb[1], ==, v->tcp);
        g_assert_cmpuint(wb[0] & 0xFu, ==, IXG_ARXD_RSSTYPE_TCP_IPV4);
        g_assert_cmphex(wb[0] & 0x3F0u, ==, IXG_ARXD_PKT_IPV4 |
                        IXG_ARXD_PKT_TCP);
        g_assert_cmpuint(q, ==, (v->tcp & 0x7Fu) % NQ);
        hits[q]++;
    }
    /* the vectors do spread over more than one queue */
    g_assert_cmpuint(hits[0] + hits[1] + hits[2] + hits[3], ==, 5);
    g_assert_cmpuint(MAX(MAX(hits[0], hits[1]), MAX(hits[2], hits[3])), <, 5);
    xp_free(xp);
}

/* UDP with UdpIPv4 not enabled falls back to the IPv4 hash; enabled, it
 * hashes the ports (the same input as TCP). */
static void test_device_udp(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint32_t next[NQ] = { 0 }, wb[4];
    const MsVector *v = &ms_vectors[1];

    rss_setup(xp, NQ, IXG_MRQC_RSSEN | IXG_MRQC_TCP_IPV4 | IXG_MRQC_IPV4);
    rx_vector(xp, v, 0, next, wb);
    g_assert_cmphex(wb[1], ==, v->ipv4);
    g_assert_cmpuint(wb[0] & 0xFu, ==, IXG_ARXD_RSSTYPE_IPV4);
    xp_wr(xp, IXG_MRQC, IXG_MRQC_RSSEN | IXG_MRQC_UDP_IPV4 | IXG_MRQC_IPV4);
    rx_vector(xp, v, 0, next, wb);
    g_assert_cmphex(wb[1], ==, v->tcp);
    g_assert_cmpuint(wb[0] & 0xFu, ==, IXG_ARXD_RSSTYPE_UDP_IPV4);
    /* TCP with only IPv4 enabled: the IPv4 hash */
    xp_wr(xp, IXG_MRQC, IXG_MRQC_RSSEN | IXG_MRQC_IPV4);
    rx_vector(xp, v, 1, next, wb);
    g_assert_cmphex(wb[1], ==, v->ipv4);
    xp_free(xp);
}

/* Not IP: hash 0, type 0, RETA entry 0's queue; RSS off: queue 0. */
static void test_device_non_ip_and_off(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint8_t *f = xp_frame(ixg_config(xp->dev)->mac, 100);
    uint32_t hash = 1, type = 1;

    rss_setup(xp, NQ, IXG_MRQC_RSSEN | IXG_MRQC_TCP_IPV4 | IXG_MRQC_IPV4);
    xp_wr(xp, IXG_RETA(0), 0x03u);               /* entry 0: queue 3 */
    f[12] = 0x88;                                /* not IPv4 */
    f[13] = 0xB5;
    g_assert_cmpuint(ixg_rss_classify(xp->dev, f, 100, &hash, &type), ==, 3);
    g_assert_cmphex(hash, ==, 0);
    g_assert_cmpuint(type, ==, 0);
    g_assert_cmpint(ixg_receive(xp->dev, f, 100), ==, IXG_RX_QUEUED);
    xp_advance(xp, 100000);
    g_assert_cmphex(xp_le32(xp, RING(3) + 8) & IXG_RXD_STAT_DD, !=, 0);
    xp_wr(xp, IXG_MRQC, 0);
    g_assert_cmpuint(ixg_rss_classify(xp->dev, f, 100, &hash, &type), ==, 0);
    g_free(f);
    xp_free(xp);
}

/* RSSRK's byte order: byte 0 of the key in bits 7:0 of RSSRK(0) (Linux
 * writes the key as little-endian words).  A key written the other way
 * round gives another hash (the test can fail). */
static void test_rssrk_byte_order(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint32_t next[NQ] = { 0 }, wb[4];
    const MsVector *v = &ms_vectors[0];

    rss_setup(xp, NQ, IXG_MRQC_RSSEN | IXG_MRQC_TCP_IPV4);
    xp_wr(xp, IXG_RSSRK(0), 0x6d5a56dau);      /* big-endian: wrong */
    rx_vector(xp, v, 1, next, wb);
    g_assert_cmphex(wb[1], !=, v->tcp);
    xp_free(xp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe/rss/toeplitz-ms-vectors", test_toeplitz_vectors);
    g_test_add_func("/ixgbe/rss/device-tcp", test_device_tcp);
    g_test_add_func("/ixgbe/rss/device-udp", test_device_udp);
    g_test_add_func("/ixgbe/rss/non-ip-and-off", test_device_non_ip_and_off);
    g_test_add_func("/ixgbe/rss/rssrk-byte-order", test_rssrk_byte_order);
    return g_test_run();
}
