/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ethernet FCS implementations of the device model (IEEE 802.3 3.2.9):
 * the carry-less-multiply CRC32 and the slice-by-8 table CRC32 give the
 * same value as an independent bitwise CRC32 on known answers and on
 * seeded random data of every length to 600 bytes plus long frames, at
 * every start alignment mod 16.
 */
#include <glib.h>
#include <string.h>

#include "e1000_core.h"

/* Independent bitwise reflected CRC32 (poly 0xEDB88320). */
static uint32_t bit_crc32(const uint8_t *p, uint32_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (uint32_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int b = 0; b < 8; b++) {
            c = (c >> 1) ^ ((c & 1u) ? 0xEDB88320u : 0u);
        }
    }
    return ~c;
}

/* Known answers: "123456789" and a 1514-byte pattern checked bitwise. */
static void test_known(void)
{
    static const uint8_t s[] = "123456789";
    static uint8_t f[1514];

    g_assert_cmphex(e1k_crc32_table(s, 9), ==, 0xCBF43926u);
    g_assert_cmphex(e1k_crc32(s, 9), ==, 0xCBF43926u);
    g_assert_cmphex(e1k_crc32_table(s, 0), ==, 0u);
    for (unsigned i = 0; i < sizeof(f); i++) {
        f[i] = (uint8_t)(i * 13 + 5);
    }
    g_assert_cmphex(e1k_crc32_table(f, sizeof(f)), ==,
                    bit_crc32(f, sizeof(f)));
    g_assert_cmphex(e1k_crc32(f, sizeof(f)), ==, bit_crc32(f, sizeof(f)));
    if (e1k_crc32_clmul_available()) {
        g_assert_cmphex(e1k_crc32_clmul(f, sizeof(f)), ==,
                        bit_crc32(f, sizeof(f)));
    }
}

/* Check the three implementations agree on @n bytes at @p. */
static void check_all(const uint8_t *p, uint32_t n)
{
    uint32_t want = bit_crc32(p, n);

    g_assert_cmphex(e1k_crc32_table(p, n), ==, want);
    g_assert_cmphex(e1k_crc32(p, n), ==, want);
    if (e1k_crc32_clmul_available()) {
        g_assert_cmphex(e1k_crc32_clmul(p, n), ==, want);
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

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/crc32/known", test_known);
    g_test_add_func("/crc32/random", test_random);
    g_test_add_func("/crc32/constant", test_constant);
    return g_test_run();
}
