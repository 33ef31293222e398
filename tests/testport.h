/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Test port for register-level tests of the device model: host memory is
 * a byte array at bus address TP_MEM_BASE, time is a manual clock (ns).
 * Interrupt edges and transmitted frames are recorded for assertions.
 */
#ifndef E1K_TESTPORT_H
#define E1K_TESTPORT_H

#include <glib.h>
#include <stdint.h>

#include "e1000.h"

/** Bus address of the first byte of test host memory. */
#define TP_MEM_BASE 0x10000000ull

/** One recorded transmitted frame. */
typedef struct TpFrame {
    uint64_t time_ns;  /**< when its last bit left the wire */
    uint32_t len;      /**< bytes, without FCS */
    uint8_t *data;     /**< g_malloc'd copy */
} TpFrame;

/** One recorded interrupt line edge. */
typedef struct TpEdge {
    uint64_t time_ns;
    int level;
} TpEdge;

/** One recorded trace event (E1kPort.trace). */
typedef struct TpTrace {
    uint64_t time_ns;
    E1kTraceEvent ev;
    uint64_t a, b;
} TpTrace;

/** The test host. */
typedef struct TestPort {
    E1kDev *dev;
    uint8_t *mem;          /**< host memory */
    size_t mem_size;       /**< bytes */
    uint64_t now;          /**< manual clock, ns */
    int irq;               /**< current line level */
    uint64_t irq_rises;    /**< number of rising edges */
    GArray *edges;         /**< TpEdge, every edge in order */
    GArray *tx;            /**< TpFrame, every transmitted frame */
    GArray *traces;        /**< TpTrace, every trace event in order */
    uint64_t dma_faults;   /**< DMA requests outside memory */
    uint64_t deadline;     /**< last deadline announced */
} TestPort;

/** New test host with @mem_size bytes of memory and the device created
 *  from @cfg (NULL: e1k_config_default).  Aborts the test on failure. */
TestPort *tp_new(size_t mem_size, const E1kConfig *cfg);
/** tp_new, the port offering a DMA window (E1kPort.dma_mem) over the
 *  whole memory: the model's DMA lands in memory with no callback (the
 *  testbench's port); dma_faults counts nothing inside it. */
TestPort *tp_new_window(size_t mem_size, const E1kConfig *cfg);
void tp_free(TestPort *tp);

/** Number of recorded trace events @ev. */
unsigned tp_trace_count(const TestPort *tp, E1kTraceEvent ev);
/** Number of recorded guest-programming-error events (any id). */
unsigned tp_trace_errors(const TestPort *tp);
/** The last recorded trace event @ev (asserts there is one). */
const TpTrace *tp_trace_last(const TestPort *tp, E1kTraceEvent ev);

/** Advance the clock to absolute @t_ns, firing every device deadline on
 *  the way at its exact time. */
void tp_advance_to(TestPort *tp, uint64_t t_ns);
/** Advance the clock by @dt_ns. */
void tp_advance(TestPort *tp, uint64_t dt_ns);

/** 32-bit register access through the memory BAR. */
uint32_t tp_rd(TestPort *tp, uint32_t off);
void tp_wr(TestPort *tp, uint32_t off, uint32_t val);

/** Pointer to host memory at bus address @addr (asserts range). */
uint8_t *tp_ptr(TestPort *tp, uint64_t addr, size_t len);

/** Deliver a frame from the wire now. */
E1kRxResult tp_rx(TestPort *tp, const uint8_t *frame, uint32_t len);

/** Build a frame of @len bytes (no FCS) to @dst from 02:00:00:00:00:01
 *  with EtherType 0x0800 and payload bytes = index & 0xFF.  Returns a
 *  g_malloc'd buffer. */
uint8_t *tp_frame(const uint8_t dst[6], uint32_t len);

/**
 * Set up a receive ring of @ndesc descriptors at bus address @ring with
 * buffers of @bufsize bytes starting at @bufs (descriptor i points at
 * bufs + i*bufsize), RDH=0, RDT=@rdt, and RCTL=@rctl.
 */
void tp_setup_rx(TestPort *tp, uint64_t ring, uint32_t ndesc,
                 uint64_t bufs, uint32_t bufsize, uint32_t rdt,
                 uint32_t rctl);

/** Little-endian helpers on host memory. */
uint16_t tp_le16(TestPort *tp, uint64_t addr);
uint32_t tp_le32(TestPort *tp, uint64_t addr);
uint64_t tp_le64(TestPort *tp, uint64_t addr);
void tp_put_le16(TestPort *tp, uint64_t addr, uint16_t v);
void tp_put_le32(TestPort *tp, uint64_t addr, uint32_t v);
void tp_put_le64(TestPort *tp, uint64_t addr, uint64_t v);

#endif /* E1K_TESTPORT_H */
