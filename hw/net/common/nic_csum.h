/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internet checksum helpers (RFC 1071) of the device models' common
 * layer (hw/net/common): TX checksum insertion and TSO (SDM 3.3.5; 82598
 * datasheet 3.5.3.4) and RX checksum offload (SDM 3.2.9; 82598
 * datasheet 3.5.2.11).  Implementation in nic_csum.c.
 */
#ifndef NIC_CSUM_H
#define NIC_CSUM_H

#include <stddef.h>
#include <stdint.h>

/** One's-complement sum of @len bytes (big-endian 16-bit words, odd byte
 *  padded with zero) added to @sum; not folded: the value is congruent
 *  modulo 0xFFFF to the word-by-word sum and zero only if it is, so
 *  nic_csum_fold gives the same result (@sum below 2^31). */
uint32_t nic_csum_add(uint32_t sum, const uint8_t *data, size_t len);
/** Raw ones'-complement sum of @n bytes at @p (RFC 1071) as little-endian
 *  words, a last partial word padded with zeros, partly folded (2^64 and
 *  2^32 are 1 modulo 0xFFFF): congruent modulo 0xFFFF to the little-
 *  endian 16-bit-word sum, 0 only when every byte is; below 2^35 for
 *  n < 2^16.  Fold with nic_csum_fold16; the big-endian sum is that
 *  value with its bytes swapped (RFC 1071 2(B)). */
uint64_t nic_csum_le(const uint8_t *p, size_t n);
/** @x folded to 16 bits with the end-around carry: 1..0xFFFF, 0 only for
 *  0 (not complemented). */
uint32_t nic_csum_fold16(uint64_t x);
/** Number of zero bytes at the end of @len bytes at @data (0..@len). */
uint32_t nic_zero_tail(const uint8_t *data, uint32_t len);
/** Shortest run of trailing zero bytes that nic_crc32_zt skips (below it
 *  a pass over the zeros is as cheap; the receive paths look for a run
 *  only in frames of twice that length). */
#define NIC_ZERO_TAIL_MIN 64u
/** Fold a 32-bit sum to 16 bits and complement it (RFC 1071). */
uint16_t nic_csum_fold(uint32_t sum);

/**
 * Insert an Internet checksum over bytes [@css, @cse] of the @len bytes
 * at @f (@cse inclusive; 0 or beyond the end: to the end) at offset
 * @cso, big-endian, with the extra one's-complement addend @add (a
 * pseudo-header part the hardware adds, e.g. the TSO segment's L4
 * length); @udp maps a result of 0 to 0xFFFF ([RFC768]: 0 means "no
 * checksum").  Offsets outside the frame: nothing is written (SDM 3.3.6
 * CSS/CSO rules; 82598 datasheet 3.5.3.4).
 */
void nic_put_csum(uint8_t *f, uint32_t len, uint32_t css, uint32_t cso,
                  uint32_t cse, uint32_t add, int udp);

#endif /* NIC_CSUM_H */
