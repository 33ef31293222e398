/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The FCS of a pktgen frame with one frame size, found by table look-ups
 * instead of a pass over the frame ([IEEE-802.3] CRC-32: reflected
 * polynomial 0xEDB88320, register preset and final value inverted, the
 * low byte sent first).
 *
 * The CRC register is linear over GF(2) ([Intel-CLMUL-CRC], the algebra
 * the model's FCS uses): for frames of one length L, the FCS of the
 * template with its per-frame fields zeroed, XOR the contribution of each
 * field byte b at offset j, which is the register a lone byte b leaves
 * carried through the L - 1 - j bytes after it, i.e. multiplied by
 * x^(8 (L - 1 - j)) modulo the polynomial.  Each byte offset gets a
 * 256-entry table of contributions; the identification (bytes 18-19) is
 * the sequence number's low 16 bits (bytes 48-49), so those pairs share a
 * table.  The template's zero payload (from TRF_PKTGEN_ZERO_FROM) enters
 * its FCS as one such multiplication too.
 *
 * The few lines of CRC arithmetic here are the traffic library's own,
 * not the model's (e1k_crc32, e1k_crc32_zeros): the library stands alone
 * (plain C + libpcap; test_qemu_replay builds it without the model), and
 * as the sender of a frame it computes the FCS the model receives.
 */
#include <string.h>

#include "trf_int.h"

#define CRC32_POLY 0xEDB88320u   /* reflected IEEE 802.3 polynomial */
#define CRC32_ONE 0x80000000u    /* x^0 in the reflected order */

/* The register times x (one zero bit through the register). */
static uint32_t crc32_mulx(uint32_t r)
{
    return (r & 1u) ? (r >> 1) ^ CRC32_POLY : r >> 1;
}

/* The register times x^8 (one zero byte through it). */
static uint32_t crc32_mulx8(uint32_t r)
{
    for (int k = 0; k < 8; k++) {
        r = crc32_mulx(r);
    }
    return r;
}

/* The register after the @n bytes at @p, from register @r. */
static uint32_t crc32_update(uint32_t r, const uint8_t *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        r = (r >> 8) ^ crc32_mulx8((r ^ p[i]) & 0xFFu);
    }
    return r;
}

/* @a times @b modulo the polynomial, both in the reflected order (bit 31
 * is x^0): @b is multiplied by x for each lower power of @a. */
static uint32_t crc32_mulmod(uint32_t a, uint32_t b)
{
    uint32_t p = 0;

    for (uint32_t m = CRC32_ONE; m && a; m >>= 1) {
        if (a & m) {
            p ^= b;
            a &= ~m;
        }
        b = crc32_mulx(b);
    }
    return p;
}

/* x^(8 n) modulo the polynomial: n zero bytes after a register. */
static uint32_t crc32_x8n(uint32_t n)
{
    uint32_t r = CRC32_ONE, sq = CRC32_ONE >> 8;   /* 1 and x^8 */

    for (; n; n >>= 1) {
        if (n & 1u) {
            r = crc32_mulmod(r, sq);
        }
        sq = crc32_mulmod(sq, sq);
    }
    return r;
}

uint32_t trf_crc32(const uint8_t *p, uint32_t n)
{
    return crc32_update(0xFFFFFFFFu, p, n) ^ 0xFFFFFFFFu;
}

/* tab[b] = the contribution of byte b at an offset whose bytes after it
 * weigh @w (x^(8 (l - 1 - offset))): XOR of those of its set bits.  A
 * lone bit 7 leaves x^32 mod P (crc32_mulx8(0x80) = the polynomial), and
 * each lower bit enters the register one step earlier: times x more. */
static void offset_table(uint32_t tab[256], uint32_t w)
{
    uint32_t c[8];

    c[7] = crc32_mulmod(crc32_mulx8(0x80u), w);
    for (int k = 7; k > 0; k--) {
        c[k - 1] = crc32_mulx(c[k]);
    }
    tab[0] = 0;
    for (uint32_t k = 0; k < 8; k++) {
        uint32_t bit = 1u << k;
        for (uint32_t b = 0; b < bit; b++) {
            tab[bit | b] = tab[b] ^ c[k];
        }
    }
}

uint32_t trf_fcs_frame(const TrfSource *s)
{
    const uint32_t (*t)[256] = s->pg.fcs_tab;
    const uint8_t *f = s->buf;
    uint32_t fcs = s->pg.fcs_base ^ t[TRF_FCS_ID_HI][f[18]] ^
                   t[TRF_FCS_ID_LO][f[19]] ^ t[TRF_FCS_CSUM_HI][f[24]] ^
                   t[TRF_FCS_CSUM_LO][f[25]] ^ t[TRF_FCS_SEQ_3][f[46]] ^
                   t[TRF_FCS_SEQ_2][f[47]];

    if (s->cfg.flows > 1) {
        fcs ^= t[TRF_FCS_PORT_HI][f[34]] ^ t[TRF_FCS_PORT_LO][f[35]];
    }
    return fcs;
}

void trf_fcs_init(TrfSource *s)
{
    static const uint32_t off[TRF_FCS_TABLES] = {
        [TRF_FCS_ID_HI] = 18, [TRF_FCS_ID_LO] = 19,
        [TRF_FCS_CSUM_HI] = 24, [TRF_FCS_CSUM_LO] = 25,
        [TRF_FCS_PORT_HI] = 34, [TRF_FCS_PORT_LO] = 35,
        [TRF_FCS_SEQ_3] = 46, [TRF_FCS_SEQ_2] = 47,
    };
    const uint32_t z = TRF_PKTGEN_ZERO_FROM;   /* 50 <= l (60 at least) */
    uint32_t l = s->pg.fixed_len, tmp[256], w[TRF_PKTGEN_ZERO_FROM];
    uint8_t *f = s->buf;
    uint8_t save[TRF_PKTGEN_ZERO_FROM];

    /* w[j]: the weight of offset j, x^(8 (l - 1 - j)); one more zero
     * byte after an offset is one more x^8 */
    w[z - 1] = crc32_x8n(l - z);
    for (uint32_t j = z - 1; j > off[TRF_FCS_ID_HI]; j--) {
        w[j - 1] = crc32_mulx8(w[j]);
    }
    /* the template with every per-frame byte zero (the source port too
     * when it changes with the flow); its bytes from z on are zero, so
     * they only carry the register through w[z - 1] */
    memcpy(save, f, sizeof(save));
    memset(f + 18, 0, 2);
    memset(f + 24, 0, 2);
    memset(f + 46, 0, 4);
    if (s->cfg.flows > 1) {
        memset(f + 34, 0, 2);
    }
    s->pg.fcs_base = crc32_mulmod(crc32_update(0xFFFFFFFFu, f, z),
                                  w[z - 1]) ^ 0xFFFFFFFFu;
    memcpy(f, save, sizeof(save));
    for (int t = 0; t < TRF_FCS_TABLES; t++) {
        offset_table(s->pg.fcs_tab[t], w[off[t]]);
    }
    /* bytes 48-49 hold the identification again: their tables fold into
     * the identification's */
    for (uint32_t k = 0; k < 2; k++) {
        uint32_t *id = s->pg.fcs_tab[k ? TRF_FCS_ID_LO : TRF_FCS_ID_HI];
        offset_table(tmp, w[48u + k]);
        for (int b = 0; b < 256; b++) {
            id[b] ^= tmp[b];
        }
    }
}
