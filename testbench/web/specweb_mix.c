/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SPECweb99-like file set and access mix (specweb.h): file sizes, the
 * class mix, Zipf popularity within a class and over the directories, a
 * connection's generator and its next request.
 */
#include "web/specweb.h"

#include <glib.h>

/** The published class mix, % of requests ([SPECWEB96-WL] Table 1,
 *  kept by SPECweb99 [RUAN06]). */
static const double class_pct[SW_CLASSES] = {35.0, 50.0, 14.0, 1.0};

/** Bytes of file 1 of each class x 10 ([SPECWEB96-WL] Table 2: class 0
 *  steps by 102.4 bytes, 102, 204, ...; the others by 1, 10, 100 KB). */
static const uint32_t class_unit10[SW_CLASSES] = {1024, 10240, 102400,
                                                  1024000};

/** The Zipf rank (1 = most popular) of file 1..9 of a class.  The
 *  published design says only "Zipf within a class"; the ranks are
 *  placed around the middle file (file 5 first, then 4, 6, 3, 7, ...),
 *  which gives the published mean response of roughly 14 KB [RUAN06]
 *  (14,609 bytes here; ranks in file order would give 9,561). */
static const uint32_t file_rank[SW_FILES] = {8, 6, 4, 2, 1, 3, 5, 7, 9};

uint32_t sw_file_bytes(uint32_t cls, uint32_t file)
{
    if (cls >= SW_CLASSES || file < 1 || file > SW_FILES) {
        return 0;
    }
    return class_unit10[cls] * file / 10u; /* class 0: truncated */
}

/* Cumulative Zipf (alpha 1) over ranks 1..n into cdf[0..n-1] (cdf[i]:
 * ranks up to i + 1). */
static void zipf_cdf(double *cdf, uint32_t n)
{
    double h = 0.0, acc = 0.0;
    for (uint32_t r = 1; r <= n; r++) {
        h += 1.0 / r;
    }
    for (uint32_t r = 1; r <= n; r++) {
        acc += 1.0 / r / h;
        cdf[r - 1] = acc;
    }
    cdf[n - 1] = 1.0;
}

int sw_mix_init(SwMix *m, uint32_t directories)
{
    double zr[SW_FILES], acc = 0.0;

    *m = (SwMix){0};
    if (directories == 0) {
        return -1;
    }
    m->dir_cdf = g_try_new(double, directories);
    if (!m->dir_cdf) {
        return -1;
    }
    m->directories = directories;
    zipf_cdf(m->dir_cdf, directories);
    for (uint32_t c = 0; c < SW_CLASSES; c++) {
        acc += class_pct[c] / 100.0;
        m->class_cdf[c] = acc;
    }
    m->class_cdf[SW_CLASSES - 1] = 1.0;
    zipf_cdf(zr, SW_FILES);
    acc = 0.0;
    for (uint32_t f = 0; f < SW_FILES; f++) {
        uint32_t r = file_rank[f];
        acc += zr[r - 1] - (r > 1 ? zr[r - 2] : 0.0);
        m->file_cdf[f] = acc;
    }
    m->file_cdf[SW_FILES - 1] = 1.0;
    return 0;
}

void sw_mix_clear(SwMix *m)
{
    g_free(m->dir_cdf);
    *m = (SwMix){0};
}

/* Probability of entry @i of the cumulative table @cdf. */
static double cdf_p(const double *cdf, uint32_t i)
{
    return cdf[i] - (i ? cdf[i - 1] : 0.0);
}

double sw_class_p(const SwMix *m, uint32_t cls)
{
    return cls < SW_CLASSES ? cdf_p(m->class_cdf, cls) : 0.0;
}

double sw_file_p(const SwMix *m, uint32_t file)
{
    return file >= 1 && file <= SW_FILES ? cdf_p(m->file_cdf, file - 1)
                                         : 0.0;
}

double sw_mean_bytes(const SwMix *m)
{
    double mean = 0.0;
    for (uint32_t c = 0; c < SW_CLASSES; c++) {
        for (uint32_t f = 1; f <= SW_FILES; f++) {
            mean += sw_class_p(m, c) * sw_file_p(m, f) * sw_file_bytes(c, f);
        }
    }
    return mean;
}

void sw_rng_seed(SwRng *r, uint64_t seed, uint32_t conn)
{
    /* splitmix64 of (seed, conn): distinct, never-zero states */
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * ((uint64_t)conn + 1u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    r->s = z ? z : 0x2545F4914F6CDD1Dull;
}

double sw_rng_unit(SwRng *r)
{
    /* xorshift64* (Vigna 2016), top 53 bits */
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    uint64_t x = r->s * 0x2545F4914F6CDD1Dull;
    return (double)(x >> 11) * (1.0 / 9007199254740992.0);
}

/* The first entry of the cumulative table @cdf (@n entries, the last
 * 1.0) above @u (binary search). */
static uint32_t cdf_pick(const double *cdf, uint32_t n, double u)
{
    uint32_t lo = 0, hi = n - 1;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (u < cdf[mid]) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return lo;
}

SwRequest sw_next_request(const SwMix *m, SwRng *r)
{
    SwRequest q;
    q.dir = cdf_pick(m->dir_cdf, m->directories, sw_rng_unit(r));
    q.cls = cdf_pick(m->class_cdf, SW_CLASSES, sw_rng_unit(r));
    q.file = cdf_pick(m->file_cdf, SW_FILES, sw_rng_unit(r)) + 1u;
    q.bytes = sw_file_bytes(q.cls, q.file);
    return q;
}
