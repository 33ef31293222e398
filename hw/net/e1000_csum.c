/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Internet checksum helpers (RFC 1071), used for TX checksum insertion
 * (SDM 3.3.5) and RX checksum offload (SDM 3.2.9). */
#include "e1000_bytes.h"
#include "e1000_core.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

/* @n less the whole zero 128-byte blocks at the end of @n bytes at
 * @data: two blocks per step while they last (eight 32-byte AVX2 loads
 * ORed), then one (four loads), which also takes the upper half of a
 * pair that was not all zero. */
__attribute__((target("avx2")))
static uint32_t zero_blocks_avx2(const uint8_t *data, uint32_t n)
{
    for (; n >= 256u; n -= 256u) {
        const __m256i *p = (const __m256i *)(const void *)(data + n - 256u);
        __m256i v = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_or_si256(_mm256_loadu_si256(p),
                                _mm256_loadu_si256(p + 1)),
                _mm256_or_si256(_mm256_loadu_si256(p + 2),
                                _mm256_loadu_si256(p + 3))),
            _mm256_or_si256(
                _mm256_or_si256(_mm256_loadu_si256(p + 4),
                                _mm256_loadu_si256(p + 5)),
                _mm256_or_si256(_mm256_loadu_si256(p + 6),
                                _mm256_loadu_si256(p + 7))));
        if (!_mm256_testz_si256(v, v)) {
            break;
        }
    }
    for (; n >= 128u; n -= 128u) {
        const __m256i *p = (const __m256i *)(const void *)(data + n - 128u);
        __m256i v = _mm256_or_si256(
            _mm256_or_si256(_mm256_loadu_si256(p), _mm256_loadu_si256(p + 1)),
            _mm256_or_si256(_mm256_loadu_si256(p + 2),
                            _mm256_loadu_si256(p + 3)));
        if (!_mm256_testz_si256(v, v)) {
            break;
        }
    }
    return n;
}

/* The same by eight 16-byte SSE2 loads (every x86-64 CPU). */
static uint32_t zero_blocks_sse2(const uint8_t *data, uint32_t n)
{
    for (; n >= 128u; n -= 128u) {
        const __m128i *p = (const __m128i *)(const void *)(data + n - 128u);
        __m128i v = _mm_or_si128(
            _mm_or_si128(_mm_or_si128(_mm_loadu_si128(p),
                                      _mm_loadu_si128(p + 1)),
                         _mm_or_si128(_mm_loadu_si128(p + 2),
                                      _mm_loadu_si128(p + 3))),
            _mm_or_si128(_mm_or_si128(_mm_loadu_si128(p + 4),
                                      _mm_loadu_si128(p + 5)),
                         _mm_or_si128(_mm_loadu_si128(p + 6),
                                      _mm_loadu_si128(p + 7))));
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()))
            != 0xFFFF) {
            break;
        }
    }
    return n;
}

/* 1 if the CPU has AVX2 (checked once), else 0. */
static int have_avx2(void)
{
    static int have = -1;
    if (have < 0) {
        __builtin_cpu_init();
        have = __builtin_cpu_supports("avx2") != 0;
    }
    return have;
}

/* zero_blocks_avx2 where the CPU has AVX2, else SSE2: the same count
 * either way. */
static uint32_t zero_blocks(const uint8_t *data, uint32_t n)
{
    return have_avx2() ? zero_blocks_avx2(data, n) : zero_blocks_sse2(data, n);
}

/* @n >= 512 zero bytes at @dst by 32-byte AVX2 stores, sixteen per
 * step; the last step ends at @dst + @n (it overlaps the one before
 * when @n is not a multiple of 512).  One store sequence in the loop:
 * GCC turns a separate one for the last step into a string store. */
__attribute__((target("avx2")))
static void zero_fill_avx2(uint8_t *dst, uint32_t n)
{
    const __m256i z = _mm256_setzero_si256();
    uint8_t *last = dst + n - 512u;

    for (uint8_t *q = dst;; q += 512) {
        __m256i *p;

        q = q < last ? q : last;
        p = (__m256i *)(void *)q;
        for (int i = 0; i < 16; i++) {
            _mm256_storeu_si256(p + i, z);
        }
        if (q == last) {
            break;
        }
    }
}

void e1k_zero_fill(uint8_t *dst, uint32_t n)
{
    if (n >= 512u && have_avx2()) {
        zero_fill_avx2(dst, n);
        return;
    }
    memset(dst, 0, n);
}
#else
static uint32_t zero_blocks(const uint8_t *data, uint32_t n)
{
    (void)data;
    return n;   /* the word loop of e1k_zero_tail does it all */
}

void e1k_zero_fill(uint8_t *dst, uint32_t n)
{
    memset(dst, 0, n);
}
#endif

uint32_t e1k_zero_tail(const uint8_t *data, uint32_t len)
{
    uint32_t n = zero_blocks(data, len);

    for (; n >= 8u; n -= 8u) {
        uint64_t w;
        memcpy(&w, data + n - 8u, 8);
        if (w) {
            break;
        }
    }
    while (n && !data[n - 1u]) {
        n--;
    }
    return len - n;
}

uint64_t e1k_csum_le(const uint8_t *p, size_t n)
{
    uint64_t acc = 0, carries = 0, w;

    /* 64-bit words with each carry out of the accumulator counted (2^64
     * is 1 modulo 0xFFFF, RFC 1071 2(C): the carry goes around): a chain
     * the compiler does not vectorise (its set-up costs more than a
     * frame header's few words) */
    for (; n >= 16u; p += 16, n -= 16u) {
        w = e1k_ld_le64(p);
        acc += w;
        carries += acc < w;
        w = e1k_ld_le64(p + 8);
        acc += w;
        carries += acc < w;
    }
    /* the last 0-15 bytes, each piece at its place in the word grid */
    if (n & 8u) {
        w = e1k_ld_le64(p);
        acc += w;
        carries += acc < w;
        p += 8;
    }
    carries += (acc & 0xFFFFFFFFu) + (acc >> 32);
    if (n & 4u) {
        carries += e1k_ld_le32(p);
        p += 4;
    }
    if (n & 2u) {
        carries += e1k_ld_le16(p);
        p += 2;
    }
    return (n & 1u) ? carries + p[0] : carries;
}

uint32_t e1k_csum_add(uint32_t sum, const uint8_t *data, size_t len)
{
    uint64_t total;
    uint32_t f;

    if (!data) {
        return sum;
    }
    /* the little-endian sum, folded, swapped to the big-endian one (the
     * ones'-complement sum does not depend on byte order, RFC 1071
     * 2(B)): 1..0xFFFF, 0 only when every byte is, so the caller's fold
     * gives the same result as a 16-bit-at-a-time sum */
    f = e1k_csum_fold16(e1k_csum_le(data, len));
    total = (uint64_t)sum + (((f & 0xFFu) << 8) | (f >> 8));
    while (total >> 32) {
        total = (total & 0xFFFFFFFFu) + (total >> 32);
    }
    return (uint32_t)total;
}

uint32_t e1k_csum_fold16(uint64_t x)
{
    x = (x & 0xFFFFFFFFu) + (x >> 32);
    x = (x & 0xFFFFu) + (x >> 16);
    x = (x & 0xFFFFu) + (x >> 16);
    return (uint32_t)((x & 0xFFFFu) + (x >> 16));
}

uint16_t e1k_csum_fold(uint32_t sum)
{
    while (sum >> 16) {
        sum = (sum & 0xFFFFu) + (sum >> 16);
    }
    return (uint16_t)~sum;
}
