/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reference CRC-32 the tests check FCS values against: [IEEE-802.3]
 * (reflected polynomial 0xEDB88320, register preset and result
 * inverted), bit by bit from the definition, independent of the model's
 * carry-less-multiply and table versions and of the traffic library's.
 */
#ifndef E1K_CRC32_REF_H
#define E1K_CRC32_REF_H

#include <stddef.h>
#include <stdint.h>

/* CRC-32 of @n bytes at @p, as sent (low byte first); 0xCBF43926 for
 * "123456789". */
static inline uint32_t crc32_ref(const uint8_t *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) {
            c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
        }
    }
    return ~c;
}

#endif
