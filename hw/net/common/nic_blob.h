/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Save blobs of the device models' common layer (hw/net/common): every
 * model saves its state as a 16-byte header (host byte order: magic,
 * version, payload size, integrity hash of the payload) followed by a
 * byte copy of the saved part of its device struct (docs/model.md
 * "Save / restore").
 */
#ifndef NIC_BLOB_H
#define NIC_BLOB_H

#include <stddef.h>
#include <stdint.h>

/** Bytes of the blob header. */
#define NIC_BLOB_HDR 16u

/**
 * Integrity hash of @len bytes: FNV-1a style over 64-bit little-endian
 * words (then the tail bytes), folded to 32 bits.  Each step
 * h = (h ^ w) * P with P odd is a bijection of h, so any change confined
 * to one word (in particular any single corrupted byte) always changes
 * the result.  Not cryptographic: it catches corruption, not forgery.
 */
uint32_t nic_blob_hash(const uint8_t *p, size_t len);

/** Write the header for @payload (@size bytes) into @buf and copy the
 *  payload behind it; @buf holds NIC_BLOB_HDR + @size bytes. */
void nic_blob_write(uint8_t *buf, uint32_t magic, uint32_t version,
                    const uint8_t *payload, size_t size);

/** The payload of the blob @buf of @len bytes if its header is right
 *  (magic, version, payload size @size, hash), else NULL. */
const uint8_t *nic_blob_check(const uint8_t *buf, size_t len, uint32_t magic,
                              uint32_t version, size_t size);

#endif /* NIC_BLOB_H */
