/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Byte-order loads and stores shared by the device models (hw/net/common,
 * docs/model.md "The family"): descriptors and the packet buffers' frame
 * headers are little-endian (SDM 3.2.3, 3.3.3; 82598 datasheet 3.5.2.4,
 * 3.5.3.2), frame headers on the wire big-endian (network order).  @p
 * points at the first byte; no alignment needed.  16-bit loads return
 * uint32_t so the result can be shifted or summed without promotion to
 * int.
 */
#ifndef NIC_BYTES_H
#define NIC_BYTES_H

#include <stdint.h>
#include <string.h>

/** Little-endian 16-bit value at @p. */
static inline uint32_t nic_ld_le16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

/** Little-endian 32-bit value at @p. */
static inline uint32_t nic_ld_le32(const uint8_t *p)
{
    return nic_ld_le16(p) | nic_ld_le16(p + 2) << 16;
}

/** Little-endian 64-bit value at @p. */
static inline uint64_t nic_ld_le64(const uint8_t *p)
{
    return (uint64_t)nic_ld_le32(p) | (uint64_t)nic_ld_le32(p + 4) << 32;
}

/** Store @v little-endian in the 4 bytes at @p: one 32-bit store on a
 *  little-endian host (GCC does not merge the byte stores of the
 *  portable loop), the byte loop elsewhere. */
static inline void nic_st_le32(uint8_t *p, uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, sizeof(v));
#else
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
#endif
}

/** Store the low 16 bits of @v little-endian at @p. */
static inline void nic_st_le16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/** Store @v little-endian in the 8 bytes at @p. */
static inline void nic_st_le64(uint8_t *p, uint64_t v)
{
    nic_st_le32(p, (uint32_t)v);
    nic_st_le32(p + 4, (uint32_t)(v >> 32));
}

/** Big-endian (network order) 16-bit value at @p. */
static inline uint32_t nic_ld_be16(const uint8_t *p)
{
    return (uint32_t)p[0] << 8 | p[1];
}

/** Big-endian 32-bit value at @p. */
static inline uint32_t nic_ld_be32(const uint8_t *p)
{
    return nic_ld_be16(p) << 16 | nic_ld_be16(p + 2);
}

/** Store the low 16 bits of @v big-endian at @p. */
static inline void nic_st_be16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

/** Store @v big-endian in the 4 bytes at @p. */
static inline void nic_st_be32(uint8_t *p, uint32_t v)
{
    nic_st_be16(p, v >> 16);
    nic_st_be16(p + 2, v & 0xFFFFu);
}

#endif
