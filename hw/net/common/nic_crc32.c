/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ethernet FCS of the device model: reflected CRC32, poly 0xEDB88320,
 * init and final XOR all ones (IEEE 802.3 3.2.9).
 *
 * Two implementations giving the same value: slice-by-8 through the
 * generated tables of nic_crc32_tab.h (portable), and on x86-64 CPUs
 * with PCLMULQDQ a carry-less-multiply fold of 16-byte blocks
 * ([Intel-CLMUL-CRC], docs/references.md), chosen at run time.  The
 * fold keeps a 128-bit remainder congruent to the bytes consumed modulo
 * the polynomial; the last 1-15 bytes join it by one more fold of the
 * remainder's bytes they push out; its four 32-bit words are then each
 * multiplied by x^(32 j) mod P for their distance j from the end,
 * summed, and reduced once through the tables (no Barrett step).
 *
 * A frame that ends in a run of zero bytes (pktgen's payload) is taken
 * through its non-zero part only; the zeros are a multiplication of the
 * register by x^(8n) modulo the polynomial (the CRC register is a
 * polynomial modulo P: n zero bytes multiply it by x^(8n)).  The powers
 * of x come with the tables (nic_crc32_tab.h).
 */
#include <string.h>

#include "nic_crc32.h"
#include "nic_csum.h"
#include "nic_crc32_tab.h"

/* Raw CRC register update (no init, no final XOR) over @len bytes,
 * eight bytes per step. */
static uint32_t crc32_tab_update(uint32_t c, const uint8_t *data,
                                 uint32_t len)
{
    const uint32_t (*t)[256] = nic_crc32_tab;
    uint32_t i = 0;

    for (; i + 8 <= len; i += 8) {
        uint32_t lo = c ^ ((uint32_t)data[i] | (uint32_t)data[i + 1] << 8 |
                           (uint32_t)data[i + 2] << 16 |
                           (uint32_t)data[i + 3] << 24);
        c = t[7][lo & 0xFFu] ^ t[6][(lo >> 8) & 0xFFu] ^
            t[5][(lo >> 16) & 0xFFu] ^ t[4][lo >> 24] ^
            t[3][data[i + 4]] ^ t[2][data[i + 5]] ^ t[1][data[i + 6]] ^
            t[0][data[i + 7]];
    }
    for (; i < len; i++) {
        c = (c >> 8) ^ t[0][(c ^ data[i]) & 0xFFu];
    }
    return c;
}

/* A 63-bit carry-less product of two reflected 32-bit polynomials,
 * shifted left one (bit 63 is x^0), reduced modulo P: the low word is
 * the part of degree >= 32, taken through four zero bytes of the
 * tables (times x^32 mod P), the high word the rest. */
static uint32_t crc32_reduce(uint64_t prod)
{
    const uint32_t (*t)[256] = nic_crc32_tab;
    uint32_t r = (uint32_t)(prod << 1), h = (uint32_t)(prod >> 31);

    return h ^ t[3][r & 0xFFu] ^ t[2][(r >> 8) & 0xFFu] ^
           t[1][(r >> 16) & 0xFFu] ^ t[0][r >> 24];
}

uint32_t nic_crc32_table(const uint8_t *data, uint32_t len)
{
    return crc32_tab_update(0xFFFFFFFFu, data, len) ^ 0xFFFFFFFFu;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

/* Fold distances as x^d mod P, bit-reflected and shifted left one
 * ([Intel-CLMUL-CRC]): 4 blocks (512 bits) and 1 block (128 bits). */
#define CRC32_K1 0x154442BD4ull /* x^(4*128+32) mod P */
#define CRC32_K2 0x1C6E41596ull /* x^(4*128-32) mod P */
#define CRC32_K3 0x1751997D0ull /* x^(128+32) mod P */
#define CRC32_K4 0x0CCAA009Eull /* x^(128-32) mod P */

/* One fold step: @x carried forward over the distance in @k, XORed
 * into the next block @next. */
__attribute__((target("pclmul,sse4.1")))
static __m128i crc32_fold(__m128i x, __m128i k, __m128i next)
{
    __m128i lo = _mm_clmulepi64_si128(x, k, 0x00);
    __m128i hi = _mm_clmulepi64_si128(x, k, 0x11);
    return _mm_xor_si128(_mm_xor_si128(lo, hi), next);
}

/* @w times the weight @k, unreduced (63 bits, see crc32_reduce). */
__attribute__((target("pclmul,sse4.1")))
static __m128i crc32_weigh(uint32_t w, uint32_t k)
{
    return _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)w),
                                _mm_cvtsi32_si128((int)k), 0x00);
}

/* The raw CRC register, from zero, over the 16 bytes of the folded
 * remainder @x: each 32-bit word times its weight x^(32 j) mod P for its
 * distance j from the end (nic_crc32_zlo[4 j]), summed, reduced once. */
__attribute__((target("pclmul,sse4.1")))
static uint32_t crc32_finish(__m128i x)
{
    __m128i acc = _mm_xor_si128(
        _mm_xor_si128(crc32_weigh((uint32_t)_mm_extract_epi32(x, 0),
                                  nic_crc32_zlo[16]),
                      crc32_weigh((uint32_t)_mm_extract_epi32(x, 1),
                                  nic_crc32_zlo[12])),
        _mm_xor_si128(crc32_weigh((uint32_t)_mm_extract_epi32(x, 2),
                                  nic_crc32_zlo[8]),
                      crc32_weigh((uint32_t)_mm_extract_epi32(x, 3),
                                  nic_crc32_zlo[4])));

    return crc32_reduce((uint64_t)_mm_cvtsi128_si64(acc));
}

/* PSHUFB controls: 16 bytes read at offset 16 - k move byte i to i + k
 * (shift towards the end by k), at offset 16 + k move byte i + k to i;
 * 0x80 gives a zero byte and marks the bytes not taken. */
static const uint8_t crc32_shuf[48] = {
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
};

/* The remainder @x of the bytes before @p followed by the last @r
 * (1..15) bytes at @p, as one 16-byte remainder: x's first r bytes,
 * moved to the end of an otherwise zero block, are folded over the
 * block made of x's other 16 - r bytes and the r new ones (read as the
 * last 16 bytes of the data, which the caller keeps at least 16 long;
 * [Intel-CLMUL-CRC]). */
__attribute__((target("pclmul,sse4.1")))
static __m128i crc32_fold_tail(__m128i x, __m128i k34, const uint8_t *p,
                               uint32_t r)
{
    __m128i up = _mm_loadu_si128(
        (const __m128i *)(const void *)(crc32_shuf + r));
    __m128i down = _mm_loadu_si128(
        (const __m128i *)(const void *)(crc32_shuf + 16 + r));
    __m128i last = _mm_loadu_si128(
        (const __m128i *)(const void *)(p + r - 16));
    __m128i head = _mm_shuffle_epi8(x, up);
    __m128i next = _mm_blendv_epi8(last, _mm_shuffle_epi8(x, down), up);

    return crc32_fold(head, k34, next);
}

/* CRC of @len >= 16 bytes: from 64 bytes on, four lanes folded 64 bytes
 * at a time and merged into one; then one lane folded 16 bytes at a
 * time, and the last 1-15 bytes by crc32_fold_tail. */
__attribute__((target("pclmul,sse4.1")))
static uint32_t crc32_clmul(const uint8_t *p, uint32_t len)
{
    const __m128i k12 = _mm_set_epi64x((long long)CRC32_K2,
                                       (long long)CRC32_K1);
    const __m128i k34 = _mm_set_epi64x((long long)CRC32_K4,
                                       (long long)CRC32_K3);
    const __m128i init = _mm_cvtsi32_si128((int)0xFFFFFFFFu);
    __m128i x[4];
    uint32_t i;

    if (len < 64) {
        x[0] = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)p),
                             init);
        p += 16;
        len -= 16;
    } else {
        for (i = 0; i < 4; i++) {
            x[i] = _mm_loadu_si128(
                (const __m128i *)(const void *)(p + 16 * i));
        }
        x[0] = _mm_xor_si128(x[0], init);
        for (p += 64, len -= 64; len >= 64; p += 64, len -= 64) {
            for (i = 0; i < 4; i++) {
                x[i] = crc32_fold(x[i], k12, _mm_loadu_si128(
                    (const __m128i *)(const void *)(p + 16 * i)));
            }
        }
        x[0] = crc32_fold(x[0], k34, x[1]);
        x[0] = crc32_fold(x[0], k34, x[2]);
        x[0] = crc32_fold(x[0], k34, x[3]);
    }
    for (; len >= 16; p += 16, len -= 16) {
        x[0] = crc32_fold(x[0], k34,
                          _mm_loadu_si128((const __m128i *)(const void *)p));
    }
    if (len) {
        x[0] = crc32_fold_tail(x[0], k34, p, len);
    }
    return crc32_finish(x[0]) ^ 0xFFFFFFFFu;
}

/* @a times @b modulo P (reflected) by one PCLMULQDQ. */
__attribute__((target("pclmul,sse4.1")))
static uint32_t crc32_mulmod_clmul(uint32_t a, uint32_t b)
{
    return crc32_reduce((uint64_t)_mm_cvtsi128_si64(crc32_weigh(a, b)));
}

uint32_t nic_crc32_clmul(const uint8_t *data, uint32_t len)
{
    if (len < 16u) {
        return nic_crc32_table(data, len);
    }
    return crc32_clmul(data, len);
}

int nic_crc32_clmul_available(void)
{
    static int have = -1;
    if (have < 0) {
        __builtin_cpu_init();
        have = __builtin_cpu_supports("pclmul") &&
               __builtin_cpu_supports("sse4.1");
    }
    return have;
}
#else
uint32_t nic_crc32_clmul(const uint8_t *data, uint32_t len)
{
    return nic_crc32_table(data, len);
}

int nic_crc32_clmul_available(void)
{
    return 0;
}
#endif

/* @a times @b modulo P (reflected), portable: shift and XOR. */
static uint32_t crc32_mulmod_soft(uint32_t a, uint32_t b)
{
    uint64_t p = 0;

    for (; a; a &= a - 1u) {
        p ^= (uint64_t)b << __builtin_ctz(a);
    }
    return crc32_reduce(p);
}

/* Raw register @c times x^(8n) mod P by @mul: below 16384 bytes one
 * multiplication by x^(8 (n % 128)) and one by x^(8 * 128 (n / 128))
 * (nic_crc32_zlo, nic_crc32_zhi), else one per set bit of @n. */
static uint32_t crc32_times_x8n(uint32_t c, uint32_t n,
                                uint32_t (*mul)(uint32_t, uint32_t))
{
    if (n < 128u * 128u) {
        c = (n & 127u) ? mul(c, nic_crc32_zlo[n & 127u]) : c;
        return (n >> 7) ? mul(c, nic_crc32_zhi[n >> 7]) : c;
    }
    for (unsigned k = 0; n && k < 16u; k++, n >>= 1) {
        if (n & 1u) {
            c = mul(c, nic_crc32_x8pow2[k]);
        }
    }
    return c;
}

uint32_t nic_crc32_zeros(uint32_t fcs, uint32_t n, int soft)
{
    uint32_t (*mul)(uint32_t, uint32_t) = crc32_mulmod_soft;

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (!soft && nic_crc32_clmul_available()) {
        mul = crc32_mulmod_clmul;
    }
#endif
    /* on the raw register (no final XOR) */
    return crc32_times_x8n(fcs ^ 0xFFFFFFFFu, n, mul) ^ 0xFFFFFFFFu;
}

/* CRC of a frame without shortcuts. */
static uint32_t crc32_bytes(const uint8_t *data, uint32_t len)
{
    return nic_crc32_clmul_available() ? nic_crc32_clmul(data, len)
                                       : nic_crc32_table(data, len);
}

uint32_t nic_crc32_zt(const uint8_t *data, uint32_t len, uint32_t zeros)
{
    if (zeros < NIC_ZERO_TAIL_MIN || zeros > len || zeros >= 65536u) {
        /* too short to pay, not a tail of this part, or too long */
        return crc32_bytes(data, len);
    }
    /* a run of trailing zero bytes (a generated payload) is two
     * multiplications instead of a pass */
    return nic_crc32_zeros(crc32_bytes(data, len - zeros), zeros, 0);
}

uint32_t nic_crc32(const uint8_t *data, uint32_t len)
{
    return nic_crc32_zt(data, len, len >= NIC_ZERO_TAIL_MIN
                                   ? nic_zero_tail(data, len) : 0);
}
