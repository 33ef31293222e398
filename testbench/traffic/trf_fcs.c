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
 * (the byte table's entry) carried through the L - 1 - j bytes after it,
 * i.e. multiplied by x^(8 (L - 1 - j)) modulo the polynomial.  Each byte
 * offset gets a 256-entry table of contributions; the identification
 * (bytes 18-19) is the sequence number's low 16 bits (bytes 48-49), so
 * those pairs share a table.
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

/* Raw register (no preset, no final inversion) of the single byte @b. */
static uint32_t crc32_byte(uint32_t b)
{
    uint32_t r = b;

    for (int k = 0; k < 8; k++) {
        r = (r & 1u) ? (r >> 1) ^ CRC32_POLY : r >> 1;
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
        b = (b & 1u) ? (b >> 1) ^ CRC32_POLY : b >> 1;
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
    uint32_t r = 0xFFFFFFFFu;

    for (uint32_t i = 0; i < n; i++) {
        r = (r >> 8) ^ crc32_byte((r ^ p[i]) & 0xFFu);
    }
    return r ^ 0xFFFFFFFFu;
}

/* tab[b] = the contribution of byte b at offset @off of an @l-byte frame
 * (XOR of those of its set bits). */
static void offset_table(uint32_t tab[256], uint32_t l, uint32_t off)
{
    uint32_t w = crc32_x8n(l - 1u - off);

    tab[0] = 0;
    for (uint32_t k = 0; k < 8; k++) {
        uint32_t bit = 1u << k;
        uint32_t c = crc32_mulmod(crc32_byte(bit), w);
        for (uint32_t b = 0; b < bit; b++) {
            tab[bit | b] = tab[b] ^ c;
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
    uint32_t l = s->pg.fixed_len, tmp[256];
    uint8_t *f = s->buf;
    uint8_t save[TRF_PKTGEN_ZERO_FROM];

    /* the template with every per-frame byte zero (the source port too
     * when it changes with the flow) */
    memcpy(save, f, sizeof(save));
    memset(f + 18, 0, 2);
    memset(f + 24, 0, 2);
    memset(f + 46, 0, 4);
    if (s->cfg.flows > 1) {
        memset(f + 34, 0, 2);
    }
    s->pg.fcs_base = trf_crc32(f, l);
    memcpy(f, save, sizeof(save));
    for (int t = 0; t < TRF_FCS_TABLES; t++) {
        offset_table(s->pg.fcs_tab[t], l, off[t]);
    }
    /* bytes 48-49 hold the identification again: their tables fold into
     * the identification's */
    for (int k = 0; k < 2; k++) {
        uint32_t *id = s->pg.fcs_tab[k ? TRF_FCS_ID_LO : TRF_FCS_ID_HI];
        offset_table(tmp, l, 48u + (uint32_t)k);
        for (int b = 0; b < 256; b++) {
            id[b] ^= tmp[b];
        }
    }
}
