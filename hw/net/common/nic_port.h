/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The port of a device model: the host side of one device instance, the
 * same for every model of the family (e1000.h calls it E1kPort, ixgbe.h
 * IxgPort).  A host that glues a model to its world (the testbench's
 * sim_nic.c, the QEMU device, the unit tests) fills one NicPort and
 * hands it to the model's constructor, which copies it.
 *
 * The time contract is the family's too (docs/model.md "Time
 * contract"): the model reads time (ns) only from the port, keeps its
 * earliest internal deadline, announces it through deadline_changed when
 * it changes, and the host calls the model's run_until/run_due when its
 * clock reaches it.
 *
 * Port callbacks must not call back into the model: it is in the middle
 * of an update when it calls them.
 */
#ifndef NIC_PORT_H
#define NIC_PORT_H

#include <stdint.h>

/**
 * The host side of one device instance.  All callbacks receive @opaque.
 * Every callback is mandatory except deadline_changed, tx_frame, trace
 * and msi; the fields after trace are optional fast paths and optional
 * interrupt signalling.
 */
typedef struct NicPort {
    void *opaque;
    /**
     * Copy @len bytes of host memory at bus address @addr into @buf.
     * Returns 0, or -1 if any byte lies outside what the host allows
     * (the model then abandons that access and counts it; it never
     * retries in a loop).
     */
    int (*dma_read)(void *opaque, uint64_t addr, void *buf, uint32_t len);
    /** Copy @len bytes from @buf to host memory at @addr; 0 or -1 as above. */
    int (*dma_write)(void *opaque, uint64_t addr, const void *buf,
                     uint32_t len);
    /** Drive the INTx line (INTA#): @level 1 asserted, 0 deasserted.
     *  Called on every change only. */
    void (*set_irq)(void *opaque, int level);
    /** Current time in ns since an arbitrary epoch; never goes backwards. */
    uint64_t (*now_ns)(void *opaque);
    /** The earliest internal deadline changed to @deadline_ns
     *  (UINT64_MAX when none).  Optional. */
    void (*deadline_changed)(void *opaque, uint64_t deadline_ns);
    /** A frame of @len bytes (no FCS) finished leaving on the wire at the
     *  current time.  @frame is valid only during the call.  Optional. */
    void (*tx_frame)(void *opaque, const uint8_t *frame, uint32_t len);
    /** Trace event @ev (the model's own event ids: E1kTraceEvent,
     *  IxgTraceEvent; an enum of non-negative values has this very type)
     *  with its arguments at the current time.  Optional: NULL turns
     *  tracing off at the cost of a pointer test.  Must not call back
     *  into the model. */
    void (*trace)(void *opaque, unsigned ev, uint64_t a, uint64_t b);
    /* ---- optional fast paths: all zero (a host that does not set them,
     * e.g. hw/qemu) keeps the callbacks above for everything ---- */
    /**
     * A window onto host memory: bus addresses [dma_base, dma_base +
     * dma_size) are the bytes at @dma_mem in this process, plain memory
     * that nothing else reads or writes while a model call runs (a
     * single-threaded testbench's flat memory; not a guest's memory that
     * vCPU threads see).  The model copies to and from the window itself and
     * calls dma_read/dma_write only for accesses not wholly inside it,
     * so those callbacks see only the rest (faults included).  dma_size
     * 0: no window.  The constructors refuse a window with dma_mem NULL
     * or one that wraps past the end of the 64-bit bus address space.
     */
    uint8_t *dma_mem;
    uint64_t dma_base;
    uint64_t dma_size;
    /** The host clock as a variable the model reads instead of calling
     *  now_ns (same value: ns, never going backwards).  NULL: now_ns is
     *  called. */
    const uint64_t *now_var;
    /**
     * A message-signalled interrupt for @vector (MSI: 0; MSI-X: the table
     * entry) is sent now (PCI 3.0 6.8; 82598 datasheet 3.5.4.6).  Used by
     * a model that signals messages (the 82598) while the host has them
     * enabled; the host delivers it (QEMU: msix_notify/msi_notify, which
     * apply the table's masks; the testbench: the vector's CPU).  A model
     * keeping its own MSI-X table (IxgConfig.msix_table) calls it only for
     * unmasked vectors and sets their pending bits otherwise.  Optional
     * for the e1000, which has only INTA#.
     */
    void (*msi)(void *opaque, uint32_t vector);
} NicPort;

/** What the sender of a frame knows about it (e1k_receive_known,
 *  ixg_receive_known): the model then need not find it out from the
 *  frame's bytes. */
typedef struct NicRxKnown {
    uint32_t zero_from; /**< the frame's bytes from this offset on are
                             zero (a generated payload): the model looks
                             for its run of trailing zeros, which its FCS
                             and checksums skip, only in the bytes
                             before; >= the frame's length: none known */
    /** NULL, or the FCS the frame came with ([IEEE-802.3] CRC-32 of
     *  its bytes, register preset and result inverted, sent low byte
     *  first), called with fcs_ctx during the call if the model needs
     *  it (a frame it stores) */
    uint32_t (*fcs_fn)(const void *fcs_ctx);
    const void *fcs_ctx;
} NicRxKnown;

/** True if @port's optional DMA window is usable: none (dma_size 0), or
 *  host memory behind it and no wrap past bus address 2^64 - 1. */
static inline int nic_port_window_valid(const NicPort *port)
{
    return port->dma_size == 0 ||
           (port->dma_mem && port->dma_size - 1u <= UINT64_MAX -
                                                    port->dma_base);
}

/** True if @port has every mandatory callback (dma_read, dma_write,
 *  set_irq, now_ns) and a usable DMA window. */
static inline int nic_port_valid(const NicPort *port)
{
    return port && port->dma_read && port->dma_write && port->set_irq &&
           port->now_ns && nic_port_window_valid(port);
}

#endif /* NIC_PORT_H */
