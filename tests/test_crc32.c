/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ethernet FCS implementations of the device model (IEEE 802.3 3.2.9):
 * the carry-less-multiply CRC32 and the slice-by-8 table CRC32 give the
 * same value as an independent bitwise CRC32 on known answers and on
 * seeded random data of every length to 600 bytes plus long frames, at
 * every start alignment mod 16, and on frames ending in runs of zero
 * bytes (the multiplication shortcut); the Internet checksum sum keeps
 * its value when it skips such runs, and its raw little-endian sum
 * agrees with a plain 16-bit-word sum.
 */
#include <glib.h>
#include <string.h>

#include "crc32_ref.h"
#include "e1000_core.h"

/* Known answers: "123456789" and a 1514-byte pattern checked bitwise. */
static void test_known(void)
{
    static const uint8_t s[] = "123456789";
    static uint8_t f[1514];

    g_assert_cmphex(nic_crc32_table(s, 9), ==, 0xCBF43926u);
    g_assert_cmphex(nic_crc32(s, 9), ==, 0xCBF43926u);
    g_assert_cmphex(nic_crc32_table(s, 0), ==, 0u);
    for (unsigned i = 0; i < sizeof(f); i++) {
        f[i] = (uint8_t)(i * 13 + 5);
    }
    g_assert_cmphex(nic_crc32_table(f, sizeof(f)), ==,
                    crc32_ref(f, sizeof(f)));
    g_assert_cmphex(nic_crc32(f, sizeof(f)), ==, crc32_ref(f, sizeof(f)));
    if (nic_crc32_clmul_available()) {
        g_assert_cmphex(nic_crc32_clmul(f, sizeof(f)), ==,
                        crc32_ref(f, sizeof(f)));
    }
}

/* Check the three implementations agree on @n bytes at @p. */
static void check_all(const uint8_t *p, uint32_t n)
{
    uint32_t want = crc32_ref(p, n);

    g_assert_cmphex(nic_crc32_table(p, n), ==, want);
    g_assert_cmphex(nic_crc32(p, n), ==, want);
    if (nic_crc32_clmul_available()) {
        g_assert_cmphex(nic_crc32_clmul(p, n), ==, want);
    }
}

/* Seeded random data: every length 0..600 at a random alignment, then
 * 200 lengths up to 16388 (largest stored frame with FCS). */
static void test_random(void)
{
    enum { MAXLEN = 16388 + 16 };
    uint8_t *buf = g_malloc(MAXLEN);
    GRand *r = g_rand_new_with_seed(0x1EEE802u);

    for (uint32_t n = 0; n <= 600; n++) {
        uint32_t off = (uint32_t)g_rand_int_range(r, 0, 16);
        for (uint32_t i = 0; i < n; i++) {
            buf[off + i] = (uint8_t)g_rand_int(r);
        }
        check_all(buf + off, n);
    }
    for (int k = 0; k < 200; k++) {
        uint32_t n = (uint32_t)g_rand_int_range(r, 601, 16389);
        uint32_t off = (uint32_t)(k % 16);
        for (uint32_t i = 0; i < n; i++) {
            buf[off + i] = (uint8_t)g_rand_int(r);
        }
        check_all(buf + off, n);
    }
    g_rand_free(r);
    g_free(buf);
}

/* All-ones and all-zero frames exercise the fold with extreme values. */
static void test_constant(void)
{
    static uint8_t f[4096];
    memset(f, 0xFF, sizeof(f));
    for (uint32_t n = 60; n <= sizeof(f); n += 61) {
        check_all(f, n);
    }
    memset(f, 0, sizeof(f));
    for (uint32_t n = 60; n <= sizeof(f); n += 61) {
        check_all(f, n);
    }
}

/* A non-zero prefix followed by a run of zero bytes (the shortcut of
 * nic_crc32 for long runs): every run length 0..600, each power of two
 * and its neighbours to 16384, seeded random runs; prefixes random. */
static void test_zero_tail(void)
{
    enum { MAXLEN = 16388 + 16 };
    uint8_t *buf = g_malloc0(MAXLEN);
    GRand *r = g_rand_new_with_seed(0x2E60u);
    uint32_t runs[700 + 3 * 15 + 100], nruns = 0;

    for (uint32_t z = 0; z <= 600; z++) {
        runs[nruns++] = z;
    }
    for (uint32_t k = 1; k <= 14; k++) {
        runs[nruns++] = (1u << k) - 1u;
        runs[nruns++] = 1u << k;
        runs[nruns++] = (1u << k) + 1u;
    }
    for (int k = 0; k < 100; k++) {
        runs[nruns++] = (uint32_t)g_rand_int_range(r, 601, 16300);
    }
    for (uint32_t j = 0; j < nruns; j++) {
        uint32_t pre = (uint32_t)g_rand_int_range(r, 0, 200);
        uint32_t off = (uint32_t)g_rand_int_range(r, 0, 16);
        uint32_t n = pre + runs[j] > 16388u ? 16388u : pre + runs[j];
        for (uint32_t i = 0; i < pre; i++) {
            buf[off + i] = (uint8_t)g_rand_int(r);
        }
        if (pre) {
            buf[off + pre - 1] |= 1u;   /* the run starts right after */
        }
        memset(buf + off + pre, 0, n - pre);
        g_assert_cmpuint(nic_zero_tail(buf + off, n), ==, n - pre);
        check_all(buf + off, n);
        g_assert_cmphex(nic_crc32_zt(buf + off, n, n - pre), ==,
                        crc32_ref(buf + off, n));
        g_assert_cmphex(nic_crc32_zeros(crc32_ref(buf + off, pre), n - pre,
                                        1), ==, crc32_ref(buf + off, n));
        g_assert_cmphex(nic_crc32_zeros(crc32_ref(buf + off, pre), n - pre,
                                        0), ==, crc32_ref(buf + off, n));
    }
    g_rand_free(r);
    g_free(buf);
    /* runs beyond the tables of x^(8 * 128 i): bit by bit of the length */
    static const uint32_t longruns[] = {16383, 16384, 20000, 65535};
    uint8_t *big = g_malloc0(65535 + 7);
    memcpy(big, "e1klab!", 7);
    for (size_t j = 0; j < G_N_ELEMENTS(longruns); j++) {
        uint32_t want = crc32_ref(big, 7 + longruns[j]);
        for (int soft = 0; soft <= 1; soft++) {
            g_assert_cmphex(nic_crc32_zeros(crc32_ref(big, 7), longruns[j],
                                            soft), ==, want);
        }
    }
    g_free(big);
}

/* Independent ones'-complement sum of big-endian 16-bit words (an odd
 * byte padded with zero), folded to 16 bits, not complemented. */
static uint16_t sum16_folded(uint32_t sum, const uint8_t *p, size_t n)
{
    uint64_t s = sum;
    for (size_t i = 0; i + 1 < n; i += 2) {
        s += (uint32_t)p[i] << 8 | p[i + 1];
    }
    if (n & 1) {
        s += (uint32_t)p[n - 1] << 8;
    }
    while (s >> 16) {
        s = (s & 0xFFFF) + (s >> 16);
    }
    return (uint16_t)s;
}

/* Over random prefixes and zero runs of every length to 700 plus seeded
 * long ones: nic_zero_tail finds at least the run, and e1k_csum_add's
 * fold agrees with an independent 16-bit sum. */
static void test_csum_zero_tail(void)
{
    enum { MAXLEN = 16400 };
    uint8_t *buf = g_malloc0(MAXLEN);
    GRand *r = g_rand_new_with_seed(0xC5u);

    for (int k = 0; k < 3000; k++) {
        uint32_t pre = (uint32_t)g_rand_int_range(r, 0, 300);
        uint32_t z = k < 700 ? (uint32_t)k
                             : (uint32_t)g_rand_int_range(r, 0, 16000);
        uint32_t off = (uint32_t)g_rand_int_range(r, 0, 16);
        uint32_t sum = (uint32_t)g_rand_int_range(r, 0, 0x7FFFFFFF);
        for (uint32_t i = 0; i < pre; i++) {
            buf[off + i] = (uint8_t)g_rand_int(r);
        }
        memset(buf + off + pre, 0, z);
        uint32_t full = e1k_csum_add(sum, buf + off, pre + z);
        g_assert_cmpuint(nic_zero_tail(buf + off, pre + z), >=, z);
        /* the full pass agrees with the independent sum */
        g_assert_cmphex((uint16_t)~e1k_csum_fold(full), ==,
                        sum16_folded(sum, buf + off, pre + z));
    }
    g_rand_free(r);
    g_free(buf);
}

/* e1k_csum_le folded and swapped is the plain big-endian 16-bit-word
 * sum, folded (0 only for all-zero bytes), on seeded random lengths to
 * 3000 bytes at every start alignment mod 16: random bytes, all-0xFF
 * bytes (a carry out of every 64-bit word) and all-zero bytes. */
static void test_csum_le(void)
{
    enum { MAXLEN = 3000 };
    uint8_t *buf = g_malloc0(MAXLEN + 16);
    GRand *r = g_rand_new_with_seed(0x5Eu);
    uint32_t f;

    for (int k = 0; k < 6000; k++) {
        uint32_t n = k < 200 ? (uint32_t)k / 2u
                             : (uint32_t)g_rand_int_range(r, 0, MAXLEN);
        uint32_t off = (uint32_t)k % 16u;
        uint32_t kind = (uint32_t)g_rand_int_range(r, 0, 3);

        for (uint32_t i = 0; i < n; i++) {
            buf[off + i] = kind == 0 ? (uint8_t)g_rand_int(r)
                                     : kind == 1 ? 0xFFu : 0u;
        }
        uint64_t raw = e1k_csum_le(buf + off, n);
        g_assert_cmpuint(raw, <, 1ull << 35);   /* the contract's bound */
        f = e1k_csum_fold16(raw);
        g_assert_cmphex(((f & 0xFFu) << 8) | (f >> 8), ==,
                        sum16_folded(0, buf + off, n));
    }
    /* the longest a caller sums (an IPv4 datagram), all-0xFF: every
     * 64-byte block of the AVX2 path at its lanes' largest */
    uint8_t *big = g_malloc(65535 + 1);
    memset(big, 0xFF, 65535 + 1);
    for (uint32_t off = 0; off < 2; off++) {
        uint64_t raw = e1k_csum_le(big + off, 65535);
        g_assert_cmpuint(raw, <, 1ull << 35);
        f = e1k_csum_fold16(raw);
        g_assert_cmphex(((f & 0xFFu) << 8) | (f >> 8), ==,
                        sum16_folded(0, big + off, 65535));
    }
    g_free(big);
    g_rand_free(r);
    g_free(buf);
}

/* e1k_csum_fold16 by its contract (RFC 1071 end-around carry): the one
 * value in 1..0xFFFF congruent to x modulo 0xFFFF, 0 only for 0; at the
 * edges (multiples of 0xFFFF, all ones, carries out of each half) and on
 * seeded random 64-bit values of every width. */
static void test_csum_fold16(void)
{
    static const uint64_t edge[] = {
        0, 1, 0xFFFF, 0x10000, 0xFFFE0001u, 0xFFFFFFFFu, 0x100000000ull,
        0xFFFF0000FFFFull, 0x8000000080000000ull, 0xFFFFFFFF00000000ull,
        0xFFFEFFFFFFFFFFFFull, UINT64_MAX,
    };
    GRand *r = g_rand_new_with_seed(0xF01Du);

    for (int k = 0; k < 200000; k++) {
        uint64_t x = k < (int)G_N_ELEMENTS(edge) ? edge[k]
                     : ((uint64_t)g_rand_int(r) << 32 | g_rand_int(r)) >>
                           (k % 64);
        uint64_t m = x % 0xFFFFu;
        uint32_t want = x == 0 ? 0 : m == 0 ? 0xFFFFu : (uint32_t)m;

        if (k % 3 == 0) {
            x = x / 0xFFFFu * 0xFFFFu;   /* a multiple of 0xFFFF */
            want = x == 0 ? 0 : 0xFFFFu;
        }
        g_assert_cmphex(e1k_csum_fold16(x), ==, want);
    }
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/crc32/known", test_known);
    g_test_add_func("/crc32/random", test_random);
    g_test_add_func("/crc32/constant", test_constant);
    g_test_add_func("/crc32/zero-tail", test_zero_tail);
    g_test_add_func("/csum/zero-tail", test_csum_zero_tail);
    g_test_add_func("/csum/le", test_csum_le);
    g_test_add_func("/csum/fold16", test_csum_fold16);
    return g_test_run();
}
