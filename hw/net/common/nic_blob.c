/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Save blob header and hash of the common layer (nic_blob.h).
 */
#include <string.h>

#include "nic_blob.h"

uint32_t nic_blob_hash(const uint8_t *p, size_t len)
{
    const uint64_t prime = 0x100000001B3ull;
    uint64_t h = 0xCBF29CE484222325ull;
    size_t i = 0;

    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * prime;
    }
    for (; i < len; i++) {
        h = (h ^ p[i]) * prime;
    }
    return (uint32_t)(h ^ (h >> 32));
}

static void put32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}

static uint32_t get32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

void nic_blob_write(uint8_t *buf, uint32_t magic, uint32_t version,
                    const uint8_t *payload, size_t size)
{
    put32(buf, magic);
    put32(buf + 4, version);
    put32(buf + 8, (uint32_t)size);
    put32(buf + 12, nic_blob_hash(payload, size));
    memcpy(buf + NIC_BLOB_HDR, payload, size);
}

const uint8_t *nic_blob_check(const uint8_t *buf, size_t len, uint32_t magic,
                              uint32_t version, size_t size)
{
    if (!buf || len != NIC_BLOB_HDR + size || get32(buf) != magic ||
        get32(buf + 4) != version || get32(buf + 8) != size ||
        get32(buf + 12) != nic_blob_hash(buf + NIC_BLOB_HDR, size)) {
        return NULL;
    }
    return buf + NIC_BLOB_HDR;
}
