/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The testbench's per-NIC OS glue (struct e1k_os of driver/osdep.h): the
 * net_device, the device-model instance behind it and the driver adapter.
 * Implemented by testbench/sim/tb_osdep.c; built by testbench/sim/sim_nic.c.
 */
#ifndef TB_HOST_H
#define TB_HOST_H

#include <stdint.h>
#include <stdio.h>

#include "e1000_drv.h"
#include "e1000.h"
#include "kernel/kernel.h"

struct e1k_os {
    TbKernel *k;
    TbCpu *cpu;                  /**< the running CPU (follows smp.c) */
    TbCpu *irq_cpu;              /**< CPU its IRQ line is delivered to */
    TbNetdev nd;                 /**< the net_device (embedded) */
    E1kDev *hw;                  /**< device model instance */
    struct e1k_adapter *ad;      /**< driver adapter (NULL until probe) */
    int line;                    /**< CPU interrupt line */
    uint32_t irq;                /**< IRQ number for reports */
    uint64_t readl_ns;           /**< MMIO read stall, ns (bus) */
    uint64_t mmio_reads, mmio_writes;
    uint64_t rx_handed;          /**< frames the driver gave the stack */
    uint64_t wire_tx_frames;     /**< frames that left on the wire */
    uint64_t wire_tx_bytes;      /**< incl. FCS */
    TbTimer drv_watchdog;        /**< e1000 watchdog, every 2 s */
    int dl_timer;                /**< engine fixed timer: device deadline */
    int nic;                     /**< index in the scenario */
    void *sim;                   /**< owning TbSim */
    FILE *trace_out;             /**< model trace lines (sim/trace.h), or
                                  *   NULL: tracing off */
    struct TbLink *link;         /**< the link its wire is on (sim/link.h),
                                  *   or NULL */
    int link_end;                /**< which end of it: 0 (a) or 1 (b) */
};

/**
 * Initialise the glue of one NIC: netdev named @name registered with @k,
 * NAPI with @weight, xmit/tx_timeout hooks to the driver.  The device
 * model (@os->hw) and adapter are set by the caller.
 */
int tb_os_init(struct e1k_os *os, TbKernel *k, const char *name,
               uint32_t weight, uint32_t txqueuelen);

/** The IRQ handler for the CPU line (calls e1k_drv_intr). */
int tb_os_irq(TbCpu *cpu, void *ctx);

/** Arm the driver's 2 s watchdog timer (after open). */
void tb_os_start_watchdog(struct e1k_os *os);

#endif /* TB_HOST_H */
