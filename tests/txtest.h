/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the transmit-path tests (test_tx.c, test_tso.c,
 * test_tx_timers.c): a device on the test port with a transmit ring,
 * builders for legacy (SDM 3.3.3), context (SDM 3.3.6) and data (SDM
 * 3.3.7) descriptors, packet builders, and an independent RFC 1071
 * checksum to verify what the model inserts.
 */
#ifndef E1K_TXTEST_H
#define E1K_TXTEST_H

#include <string.h>

#include "e1000_regs.h"
#include "testport.h"

/* Memory map used by the TX tests (bus addresses). */
#define TXT_MEM_SIZE (1u << 20)               /* 1 MB of host memory */
#define TXT_RING (TP_MEM_BASE + 0x1000u)      /* descriptor ring */
#define TXT_RING2 (TP_MEM_BASE + 0x8000u)     /* an alternative ring */
#define TXT_BUFS (TP_MEM_BASE + 0x10000u)     /* data buffers */
#define TXT_BAD_ADDR 0x100ull                 /* outside test memory */

/* TIPG as Linux programs it for copper: IPGT 8, IPGR1 8, IPGR2 6
 * (SDM 13.4.34): an inter-packet gap of 8 + 4 = 12 byte times. */
#define TXT_TIPG_LINUX (8u | 8u << 10 | 6u << 20)

static const uint8_t txt_bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
static const uint8_t txt_ucast[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
static const uint8_t txt_mcast[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0x01 };

/* New device (config @cfg or default) with a ring of @ndesc descriptors
 * at TXT_RING, TDH = TDT = 0, TIPG as Linux, TCTL = @tctl. */
static inline TestPort *txt_new(const E1kConfig *cfg, uint32_t ndesc,
                                uint32_t tctl)
{
    TestPort *tp = tp_new(TXT_MEM_SIZE, cfg);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU, ==,
                    E1K_STATUS_LU);
    tp_wr(tp, E1K_TDBAL, (uint32_t)TXT_RING);
    tp_wr(tp, E1K_TDBAH, (uint32_t)(TXT_RING >> 32));
    tp_wr(tp, E1K_TDLEN, ndesc * 16u);
    tp_wr(tp, E1K_TDH, 0);
    tp_wr(tp, E1K_TDT, 0);
    tp_wr(tp, E1K_TIPG, TXT_TIPG_LINUX);
    tp_wr(tp, E1K_TCTL, tctl);
    return tp;
}

static inline uint64_t txt_desc(uint32_t i)
{
    return TXT_RING + 16ull * i;
}

/* Legacy descriptor @i: buffer @addr, @len bytes, CMD, CSO, CSS,
 * special; STA cleared. */
static inline void txt_legacy(TestPort *tp, uint32_t i, uint64_t addr,
                              uint16_t len, uint8_t cmd, uint8_t cso,
                              uint8_t css, uint16_t special)
{
    uint8_t *d = tp_ptr(tp, txt_desc(i), 16);
    tp_put_le64(tp, txt_desc(i), addr);
    tp_put_le16(tp, txt_desc(i) + 8, len);
    d[10] = cso;
    d[11] = cmd;
    d[12] = 0;
    d[13] = css;
    tp_put_le16(tp, txt_desc(i) + 14, special);
}

/* Context descriptor @i (DEXT, DTYP 0). @tucmd holds TCP/IP/TSE and
 * optionally RS/IDE; DEXT is added here. */
static inline void txt_ctx(TestPort *tp, uint32_t i, uint8_t ipcss,
                           uint8_t ipcso, uint16_t ipcse, uint8_t tucss,
                           uint8_t tucso, uint16_t tucse, uint32_t paylen,
                           uint8_t tucmd, uint8_t hdrlen, uint16_t mss)
{
    uint8_t *d = tp_ptr(tp, txt_desc(i), 16);
    d[0] = ipcss;
    d[1] = ipcso;
    tp_put_le16(tp, txt_desc(i) + 2, ipcse);
    d[4] = tucss;
    d[5] = tucso;
    tp_put_le16(tp, txt_desc(i) + 6, tucse);
    tp_put_le32(tp, txt_desc(i) + 8,
                (paylen & 0xFFFFFu) |
                ((uint32_t)(tucmd | E1K_TXC_TUCMD_DEXT) << 24));
    d[12] = 0;
    d[13] = hdrlen;
    tp_put_le16(tp, txt_desc(i) + 14, mss);
}

/* Data descriptor @i (DEXT, DTYP 1): buffer @addr of @len bytes, DCMD
 * @dcmd (DEXT added), POPTS @popts, special @special. */
static inline void txt_data(TestPort *tp, uint32_t i, uint64_t addr,
                            uint32_t len, uint8_t dcmd, uint8_t popts,
                            uint16_t special)
{
    uint8_t *d = tp_ptr(tp, txt_desc(i), 16);
    tp_put_le64(tp, txt_desc(i), addr);
    tp_put_le32(tp, txt_desc(i) + 8,
                (len & 0xFFFFFu) | (1u << 20) |
                ((uint32_t)(dcmd | E1K_TXD_CMD_DEXT) << 24));
    d[12] = 0;
    d[13] = popts;
    tp_put_le16(tp, txt_desc(i) + 14, special);
}

/* STA byte of descriptor @i. */
static inline uint8_t txt_sta(TestPort *tp, uint32_t i)
{
    return *tp_ptr(tp, txt_desc(i) + 12, 1);
}

/* Copy a frame of @len bytes to @dst (to @addr) from tp_frame(). */
static inline void txt_put_frame(TestPort *tp, uint64_t addr,
                                 const uint8_t dst[6], uint32_t len)
{
    uint8_t *f = tp_frame(dst, len);
    memcpy(tp_ptr(tp, addr, len), f, len);
    g_free(f);
}

/* Recorded frame @i. */
static inline TpFrame *txt_frame(TestPort *tp, guint i)
{
    g_assert_cmpuint(tp->tx->len, >, i);
    return &g_array_index(tp->tx, TpFrame, i);
}

/* Independent RFC 1071 ones'-complement sum (folded, not complemented)
 * of @len bytes at @p added to @sum. */
static inline uint32_t txt_sum(uint32_t sum, const uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        sum += (i & 1) ? p[i] : (uint32_t)p[i] << 8;
    }
    while (sum >> 16) {
        sum = (sum & 0xFFFFu) + (sum >> 16);
    }
    return sum;
}

static inline uint16_t txt_be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t txt_be32(const uint8_t *p)
{
    return (uint32_t)txt_be16(p) << 16 | txt_be16(p + 2);
}

static inline void txt_put_be16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

/* Time of the only TXDMA-free completion of @bytes on the bus. */
static inline uint64_t txt_bus(TestPort *tp, uint32_t bytes)
{
    return e1k_bus_xfer_ns(&e1k_config(tp->dev)->bus, bytes);
}

/*
 * Three back-to-back 60-byte frames (64 with FCS) at @mbps with TIPG
 * @tipg: consecutive frames leave exactly @gap ns apart (frame + FCS +
 * preamble 8 + gap bytes; [IEEE-802.3]), and the first leaves after its
 * descriptor and data fetch plus 8 + 64 bytes of serialization.
 */
static inline void txt_check_back_to_back(uint32_t mbps, uint32_t tipg,
                                          uint64_t gap)
{
    E1kConfig cfg;
    TestPort *tp;

    e1k_config_default(&cfg);
    cfg.link_mbps = mbps;
    tp = txt_new(&cfg, 8, E1K_TCTL_EN | E1K_TCTL_PSP);
    tp_wr(tp, E1K_TIPG, tipg);
    txt_put_frame(tp, TXT_BUFS, txt_ucast, 60);
    for (int i = 0; i < 3; i++) {
        txt_legacy(tp, (uint32_t)i, TXT_BUFS, 60,
                   E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS, 0, 0, 0);
    }
    tp_wr(tp, E1K_TDT, 3);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(tp->tx->len, ==, 3);
    g_assert_cmpuint(txt_frame(tp, 1)->time_ns - txt_frame(tp, 0)->time_ns,
                     ==, gap);
    g_assert_cmpuint(txt_frame(tp, 2)->time_ns - txt_frame(tp, 1)->time_ns,
                     ==, gap);
    g_assert_cmpuint(txt_frame(tp, 0)->time_ns, ==,
                     txt_bus(tp, 16) + txt_bus(tp, 60) +
                         (uint64_t)(8 + 64) * 8000 / mbps);
    tp_free(tp);
}

#endif /* E1K_TXTEST_H */
