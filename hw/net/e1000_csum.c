/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Internet checksum helpers (RFC 1071), used for TX checksum insertion
 * (SDM 3.3.5) and RX checksum offload (SDM 3.2.9). */
#include "e1000_core.h"

uint32_t e1k_csum_add(uint32_t sum, const uint8_t *data, size_t len)
{
    size_t i;
    if (!data) {
        return sum;
    }
    for (i = 0; i + 1 < len; i += 2) {
        sum += (uint32_t)data[i] << 8 | data[i + 1];
        if (sum & 0x80000000u) { /* fold early: never overflow */
            sum = (sum & 0xFFFFu) + (sum >> 16);
        }
    }
    if (i < len) {
        sum += (uint32_t)data[i] << 8;
    }
    return sum;
}

uint16_t e1k_csum_fold(uint32_t sum)
{
    while (sum >> 16) {
        sum = (sum & 0xFFFFu) + (sum >> 16);
    }
    return (uint16_t)~sum;
}
