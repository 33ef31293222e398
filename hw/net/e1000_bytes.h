/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Byte-order loads and stores of the e1000 model under its own names:
 * the family's common helpers (common/nic_bytes.h), which the 82598
 * model shares.  Descriptors and the TX FIFO's frame headers are
 * little-endian (SDM 3.2.3, 3.3.3), frame headers on the wire big-endian.
 */
#ifndef E1K_BYTES_H
#define E1K_BYTES_H

#include "nic_bytes.h"

/** Little-endian 16-bit value at @p (nic_ld_le16). */
static inline uint32_t e1k_ld_le16(const uint8_t *p) { return nic_ld_le16(p); }
/** Little-endian 32-bit value at @p (nic_ld_le32). */
static inline uint32_t e1k_ld_le32(const uint8_t *p) { return nic_ld_le32(p); }
/** Little-endian 64-bit value at @p (nic_ld_le64). */
static inline uint64_t e1k_ld_le64(const uint8_t *p) { return nic_ld_le64(p); }
/** Store @v little-endian in 4 bytes at @p (nic_st_le32). */
static inline void e1k_st_le32(uint8_t *p, uint32_t v) { nic_st_le32(p, v); }
/** Big-endian 16-bit value at @p (nic_ld_be16). */
static inline uint32_t e1k_ld_be16(const uint8_t *p) { return nic_ld_be16(p); }
/** Big-endian 32-bit value at @p (nic_ld_be32). */
static inline uint32_t e1k_ld_be32(const uint8_t *p) { return nic_ld_be32(p); }
/** Store the low 16 bits of @v big-endian at @p (nic_st_be16). */
static inline void e1k_st_be16(uint8_t *p, uint32_t v) { nic_st_be16(p, v); }
/** Store @v big-endian in 4 bytes at @p (nic_st_be32). */
static inline void e1k_st_be32(uint8_t *p, uint32_t v) { nic_st_be32(p, v); }

#endif
