/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Internet checksum helpers (RFC 1071) of the common layer (nic_csum.h),
 * used for TX checksum insertion and TSO (SDM 3.3.5; 82598 datasheet
 * 3.5.3.4) and RX checksum offload (SDM 3.2.9; 82598 datasheet
 * 3.5.2.11). */
#include "nic_bytes.h"
#include "nic_csum.h"

#include <stdbool.h>
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

/* Whether the CPU has AVX2 (checked once). */
static bool have_avx2(void)
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
    return have_avx2() ? zero_blocks_avx2(data, n)
                       : zero_blocks_sse2(data, n);
}

/* The little-endian 16-bit words of the first @n bytes at @p (@n a
 * multiple of 64, at most 2^20) summed exactly and added into *@acc with
 * a carry out of it counted in *@carries (as nic_csum_le's word loop:
 * 2^16, 2^32 and 2^64 are 1 modulo 0xFFFF).  Each word, its top bit
 * flipped (w - 32768 as a signed word), goes through VPMADDWD with 1:
 * one instruction sums pairs into 32-bit lanes, which stay within
 * +-2^30 for 2^20 bytes; the 32768 taken from each of the n / 2 words is
 * added back at the end. */
__attribute__((target("avx2")))
static void sum_blocks_avx2(const uint8_t *p, size_t n, uint64_t *acc,
                            uint64_t *carries)
{
    const __m256i flip = _mm256_set1_epi16((short)0x8000);
    const __m256i one = _mm256_set1_epi16(1);
    __m256i a = _mm256_setzero_si256(), b = a;
    for (size_t i = 0; i < n; i += 64u) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(p + i));
        __m256i w = _mm256_loadu_si256(
            (const __m256i *)(const void *)(p + i + 32u));
        a = _mm256_add_epi32(a, _mm256_madd_epi16(_mm256_xor_si256(v, flip),
                                                  one));
        b = _mm256_add_epi32(b, _mm256_madd_epi16(_mm256_xor_si256(w, flip),
                                                  one));
    }
    int32_t lane[16];
    int64_t sum = (int64_t)n * 16384;   /* 32768 for each of n / 2 words */
    _mm256_storeu_si256((__m256i *)(void *)lane, a);
    _mm256_storeu_si256((__m256i *)(void *)(lane + 8), b);
    for (int i = 0; i < 16; i++) {
        sum += lane[i];
    }
    *acc += (uint64_t)sum;
    *carries += *acc < (uint64_t)sum;
}

/* Bytes nic_csum_le sums as 64-byte blocks with AVX2 (the rest by the
 * word loop): none below 256 bytes, where the set-up costs more. */
static size_t sum_blocks(const uint8_t *p, size_t n, uint64_t *acc,
                         uint64_t *carries)
{
    size_t done = 0;
    if (n < 256u || !have_avx2()) {
        return 0;
    }
    while (n - done >= 64u) {
        size_t m = (n - done) & ~(size_t)63u;
        m = m < ((size_t)1 << 20) ? m : ((size_t)1 << 20);
        sum_blocks_avx2(p + done, m, acc, carries);
        done += m;
    }
    return done;
}
#else
static uint32_t zero_blocks(const uint8_t *data, uint32_t n)
{
    (void)data;
    return n;   /* the word loop of nic_zero_tail does it all */
}

static size_t sum_blocks(const uint8_t *p, size_t n, uint64_t *acc,
                         uint64_t *carries)
{
    (void)p;
    (void)n;
    (void)acc;
    (void)carries;
    return 0;   /* the word loop of nic_csum_le does it all */
}
#endif

uint32_t nic_zero_tail(const uint8_t *data, uint32_t len)
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

uint64_t nic_csum_le(const uint8_t *p, size_t n)
{
    uint64_t acc = 0, carries = 0, w;
    size_t blocks = sum_blocks(p, n, &acc, &carries);

    p += blocks;
    n -= blocks;
    /* 64-bit words with each carry out of the accumulator counted (2^64
     * is 1 modulo 0xFFFF, RFC 1071 2(C): the carry goes around): a chain
     * the compiler does not vectorise (its set-up costs more than a
     * frame header's few words) */
    for (; n >= 16u; p += 16, n -= 16u) {
        w = nic_ld_le64(p);
        acc += w;
        carries += acc < w;
        w = nic_ld_le64(p + 8);
        acc += w;
        carries += acc < w;
    }
    /* the last 0-15 bytes, each piece at its place in the word grid */
    if (n & 8u) {
        w = nic_ld_le64(p);
        acc += w;
        carries += acc < w;
        p += 8;
    }
    carries += (acc & 0xFFFFFFFFu) + (acc >> 32);
    if (n & 4u) {
        carries += nic_ld_le32(p);
        p += 4;
    }
    if (n & 2u) {
        carries += nic_ld_le16(p);
        p += 2;
    }
    return (n & 1u) ? carries + p[0] : carries;
}

uint32_t nic_csum_add(uint32_t sum, const uint8_t *data, size_t len)
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
    f = nic_csum_fold16(nic_csum_le(data, len));
    total = (uint64_t)sum + (((f & 0xFFu) << 8) | (f >> 8));
    while (total >> 32) {
        total = (total & 0xFFFFFFFFu) + (total >> 32);
    }
    return (uint32_t)total;
}

uint32_t nic_csum_fold16(uint64_t x)
{
    /* Each half folded into the other by one rotation and one add: the
     * high half of x + (x rotated by half its width) is hi + lo plus
     * the carry out of lo + hi, RFC 1071's end-around carry (1..all ones
     * for x != 0, 0 for 0, congruent to x modulo 2^32 - 1 and so modulo
     * 0xFFFF); then the same from 32 to 16 bits.  The one value in
     * 1..0xFFFF congruent to x is the one the step-by-step fold gave. */
    uint32_t y = (uint32_t)((x + (x >> 32 | x << 32)) >> 32);

    return (y + (y >> 16 | y << 16)) >> 16;
}

uint16_t nic_csum_fold(uint32_t sum)
{
    while (sum >> 16) {
        sum = (sum & 0xFFFFu) + (sum >> 16);
    }
    return (uint16_t)~sum;
}

void nic_put_csum(uint8_t *f, uint32_t len, uint32_t css, uint32_t cso,
                  uint32_t cse, uint32_t add, int udp)
{
    uint32_t end;
    uint16_t v;

    if (css >= len || cso + 2u > len) {
        return;
    }
    end = (cse == 0 || cse >= len) ? len - 1u : cse;
    if (end < css) {
        return;
    }
    v = nic_csum_fold(nic_csum_add(add, f + css, end - css + 1u));
    if (udp && v == 0) {
        v = 0xFFFFu; /* UDP: 0 means "no checksum" ([RFC768]) */
    }
    f[cso] = (uint8_t)(v >> 8);
    f[cso + 1u] = (uint8_t)v;
}
