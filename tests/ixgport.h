/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Test port for register-level tests of the 82598 model (as testport.h
 * for the e1000): host memory is a byte array at bus address XP_MEM_BASE,
 * time a manual clock (ns); INTx edges, MSI/MSI-X messages, transmitted
 * frames and trace events are recorded for assertions.
 */
#ifndef IXG_IXGPORT_H
#define IXG_IXGPORT_H

#include <glib.h>
#include <stdint.h>

#include "ixgbe.h"

/** Bus address of the first byte of test host memory. */
#define XP_MEM_BASE 0x10000000ull

/** One recorded transmitted frame. */
typedef struct XpFrame {
    uint64_t time_ns;  /**< when its last bit left the wire */
    uint32_t len;      /**< bytes, without FCS */
    uint8_t *data;     /**< g_malloc'd copy */
} XpFrame;

/** One recorded interrupt: an INTx edge or a message. */
typedef struct XpIrq {
    uint64_t time_ns;
    int msi;           /**< 1: a message (vector), 0: an INTx edge */
    uint32_t value;    /**< vector, or the line level */
} XpIrq;

/** One recorded trace event. */
typedef struct XpTrace {
    uint64_t time_ns;
    unsigned ev;
    uint64_t a, b;
} XpTrace;

/** The test host. */
typedef struct XpPort {
    IxgDev *dev;
    uint8_t *mem;          /**< host memory */
    size_t mem_size;       /**< bytes */
    uint64_t now;          /**< manual clock, ns */
    int irq;               /**< INTx level */
    uint64_t irq_rises;
    uint64_t msi[IXG_MSIX_VECTORS]; /**< messages per vector */
    GArray *irqs;          /**< XpIrq, in order */
    GArray *tx;            /**< XpFrame */
    GArray *traces;        /**< XpTrace */
    uint64_t dma_faults;   /**< DMA requests outside memory */
    uint64_t deadline;     /**< last deadline announced */
    IxgPort port;          /**< the port the device was given */
    uint64_t runs;         /**< deadlines fired by xp_advance_to */
} XpPort;

/** New test host with @mem_size bytes and the device of @cfg (NULL:
 *  ixg_config_default); @window: offer the memory as a DMA window. */
XpPort *xp_new(size_t mem_size, const IxgConfig *cfg, bool window);
void xp_free(XpPort *xp);

/** Advance the clock to @t_ns / by @dt_ns, firing every deadline on the
 *  way at its exact time (asserting each was announced). */
void xp_advance_to(XpPort *xp, uint64_t t_ns);
void xp_advance(XpPort *xp, uint64_t dt_ns);

uint32_t xp_rd(XpPort *xp, uint32_t off);
void xp_wr(XpPort *xp, uint32_t off, uint32_t val);

/** Host memory at bus address @addr (asserts the range). */
uint8_t *xp_ptr(XpPort *xp, uint64_t addr, size_t len);
uint32_t xp_le32(XpPort *xp, uint64_t addr);
uint64_t xp_le64(XpPort *xp, uint64_t addr);
void xp_put_le32(XpPort *xp, uint64_t addr, uint32_t v);
void xp_put_le64(XpPort *xp, uint64_t addr, uint64_t v);

/** Number of trace events @ev recorded. */
unsigned xp_trace_count(const XpPort *xp, unsigned ev);

/** The last trace event @ev recorded (asserts there is one). */
const XpTrace *xp_trace_last(const XpPort *xp, unsigned ev);

/** A frame of @len bytes to @dst from 02:00:00:00:00:01, EtherType
 *  0x0800, payload bytes = index & 0xFF (g_malloc'd). */
uint8_t *xp_frame(const uint8_t dst[6], uint32_t len);

/** RFC 1071 checksum of @n bytes starting from the partial sum @sum
 *  (the complement of the folded sum). */
uint16_t xp_inet_csum(uint32_t sum, const uint8_t *p, uint32_t n);

/**
 * A UDP/IPv4 (or TCP with @tcp) frame of @len bytes from @src:@sport to
 * @dst:@dport (host byte order addresses) to the device's MAC, with
 * correct IP and L4 checksums (g_malloc'd).
 */
uint8_t *xp_ip_frame(const uint8_t mac[6], uint32_t src, uint32_t dst,
                     uint16_t sport, uint16_t dport, int tcp, uint32_t len);

/**
 * Receive queue @q: a ring of @ndesc advanced descriptors at @ring with
 * @bufsize-byte buffers (KB multiple) from @bufs, SRRCTL advanced
 * one-buffer, RDH 0, RDT @rdt, RXDCTL @rxdctl | ENABLE.
 */
void xp_setup_rxq(XpPort *xp, uint32_t q, uint64_t ring, uint32_t ndesc,
                  uint64_t bufs, uint32_t bufsize, uint32_t rdt,
                  uint32_t rxdctl);
/** Transmit queue @q: ring of @ndesc at @ring, TDH = TDT = 0, TXDCTL
 *  @txdctl | ENABLE. */
void xp_setup_txq(XpPort *xp, uint32_t q, uint64_t ring, uint32_t ndesc,
                  uint32_t txdctl);
/** Put an advanced data descriptor (@len bytes at @buf, DCMD @dcmd:
 *  EOP/RS/IFCS/TSE..., olinfo @olinfo) at @ring[@idx]. */
void xp_put_txd(XpPort *xp, uint64_t ring, uint32_t idx, uint64_t buf,
                uint32_t len, uint32_t dcmd, uint32_t olinfo);

#endif /* IXG_IXGPORT_H */
