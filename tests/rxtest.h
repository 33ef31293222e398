/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the receive-path tests (test_rx*.c, test_pktbuf.c,
 * test_rxcsum.c): a device on the test port with its station address in
 * RA0, a receive ring, frame builders, descriptor accessors, and an
 * independent bitwise CRC32 to check the FCS the model writes.
 */
#ifndef E1K_RXTEST_H
#define E1K_RXTEST_H

#include <string.h>

#include "crc32_ref.h"
#include "e1000_regs.h"
#include "testport.h"

/* Memory map used by the RX tests (bus addresses). */
#define RXT_MEM_SIZE (4u << 20)               /* 4 MB of host memory */
#define RXT_RING (TP_MEM_BASE + 0x1000u)      /* descriptor ring */
#define RXT_BUFS (TP_MEM_BASE + 0x100000u)    /* buffers, 1 MB in */

/* Station address of e1k_config_default (52:54:00:12:34:56). */
static const uint8_t rxt_mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };
static const uint8_t rxt_bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };

/* RCTL for most tests: EN, BAM, BSIZE 2048 (00), RDMTS 1/2. */
#define RXT_RCTL (E1K_RCTL_EN | E1K_RCTL_BAM)

/* Program receive address entry @n with @mac, AV per @valid. */
static inline void rxt_set_ra(TestPort *tp, unsigned n, const uint8_t *mac,
                              int valid)
{
    tp_wr(tp, E1K_RAL(n), (uint32_t)mac[0] | (uint32_t)mac[1] << 8 |
                          (uint32_t)mac[2] << 16 | (uint32_t)mac[3] << 24);
    tp_wr(tp, E1K_RAH(n), (uint32_t)mac[4] | (uint32_t)mac[5] << 8 |
                          (valid ? E1K_RAH_AV : 0));
}

/* New device at time 0 with RA0 = station address. */
static inline TestPort *rxt_new(void)
{
    TestPort *tp = tp_new(RXT_MEM_SIZE, NULL);
    rxt_set_ra(tp, 0, rxt_mac, 1);
    return tp;
}

/* Ring of @ndesc descriptors with @bufsize-byte buffers, RDT = @rdt. */
static inline void rxt_ring(TestPort *tp, uint32_t ndesc, uint32_t bufsize,
                            uint32_t rdt, uint32_t rctl)
{
    tp_setup_rx(tp, RXT_RING, ndesc, RXT_BUFS, bufsize, rdt, rctl);
}

/* Descriptor @i fields. */
static inline uint64_t rxt_desc(uint32_t i)
{
    return RXT_RING + 16ull * i;
}
static inline uint16_t rxt_len(TestPort *tp, uint32_t i)
{
    return tp_le16(tp, rxt_desc(i) + E1K_RXD_LENGTH);
}
static inline uint16_t rxt_csum(TestPort *tp, uint32_t i)
{
    return tp_le16(tp, rxt_desc(i) + E1K_RXD_CSUM);
}
static inline uint8_t rxt_status(TestPort *tp, uint32_t i)
{
    return *tp_ptr(tp, rxt_desc(i) + E1K_RXD_STATUS, 1);
}
static inline uint8_t rxt_errors(TestPort *tp, uint32_t i)
{
    return *tp_ptr(tp, rxt_desc(i) + E1K_RXD_ERRORS, 1);
}
static inline uint16_t rxt_special(TestPort *tp, uint32_t i)
{
    return tp_le16(tp, rxt_desc(i) + E1K_RXD_SPECIAL);
}

/* Independent bitwise CRC32 (IEEE 802.3 reflected): crc32_ref.h. */
static inline uint32_t rxt_crc32(const uint8_t *p, size_t n)
{
    return crc32_ref(p, n);
}

/* Bus time of one transaction of @n bytes with the default config. */
static inline uint64_t rxt_xfer(uint32_t n)
{
    E1kConfig cfg;
    e1k_config_default(&cfg);
    return e1k_bus_xfer_ns(&cfg.bus, n);
}

/* Time from arrival (idle bus) to write-back of a one-buffer frame whose
 * host image is @bytes long: fetch 16 + data + write-back 16. */
static inline uint64_t rxt_dma_ns(uint32_t bytes)
{
    return rxt_xfer(16) + rxt_xfer(bytes) + rxt_xfer(16);
}

/* Receive a tp_frame(@dst, @len) now and return the result. */
static inline E1kRxResult rxt_send(TestPort *tp, const uint8_t *dst,
                                   uint32_t len)
{
    uint8_t *f = tp_frame(dst, len);
    E1kRxResult r = tp_rx(tp, f, len);
    g_free(f);
    return r;
}

/* ICR without clearing it. */
static inline uint32_t rxt_icr(TestPort *tp)
{
    return e1k_peek_reg(tp->dev, E1K_ICR);
}

/* Totals snapshot. */
static inline E1kTotals rxt_totals(TestPort *tp)
{
    E1kTotals t;
    e1k_totals(tp->dev, &t);
    return t;
}

#endif /* E1K_RXTEST_H */
