/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A NIC of a modelled host: the chip-neutral glue (TbNic) between the
 * host (kernel, CPUs, engine, links) and one device-model instance with
 * its driver, and the operations table of a NIC type (TbNicType) through
 * which the glue reaches them.  The glue never calls a chip's or a
 * driver's functions by name: a type is one table and its own files
 * (nic_e1000.c for the 82540EM and 82545EM with the e1000 driver core,
 * nic_82598.c for the 82598EB with its own;
 * docs/testbench.md, "NIC types").  Built by sim_nic.c.
 *
 * A device model sees the host through the port functions below (DMA
 * into the host's memory arena, its interrupt vectors, the clock, a
 * deadline timer, frames leaving on the wire); a driver core sees it
 * through driver/osdep.h (tb_osdep.c, chip-neutral: its register
 * accesses go through the NIC's type, nic_mmio.h, the e1000's inline).
 * The kernel calls the driver through the entry points the
 * type gives (the IRQ handler of each vector, the NAPI poll,
 * ndo_start_xmit, ndo_tx_timeout, the driver's watchdog timer), as
 * Linux's request_irq, netif_napi_add and net_device_ops do.
 */
#ifndef TB_NIC_H
#define TB_NIC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "e1000.h"
#include "e1000_drv.h"
#include "kernel/kernel.h"
#include "scenario/scenario.h"
#include "sim/engine.h"

typedef struct TbNic TbNic;
typedef struct TbNicType TbNicType;
struct TbHost;
struct TbSim;
struct TbLink;
struct TbQueueResult;

/** Most interrupt vectors of one NIC (MSI-X: one per queue plus one for
 *  the other causes). */
#define TB_NIC_MAX_VECTORS 20

/** One interrupt vector of a NIC (INTx: the one line; MSI-X: a queue's
 *  vector), delivered to one CPU of the host (its affinity). */
typedef struct TbNicVec {
    TbNic *nic;
    uint32_t index;              /**< vector number, 0.. */
    TbCpu *irq_cpu;              /**< CPU its interrupts are delivered to */
    int line;                    /**< that CPU's line (tb_cpu_request_irq),
                                      -1 until requested */
    uint32_t irq;                /**< IRQ number for /proc/interrupts */
} TbNicVec;

/** A frame handed to a device model: its fate (E1kRxResult: queued,
 *  filtered, receiver disabled, overrun, bad size; another chip maps its
 *  own outcomes onto these five).  @known may be NULL (nothing known). */
typedef E1kRxResult (*TbNicRxFn)(void *dev, const uint8_t *frame,
                                 uint32_t len, const E1kRxKnown *known);

/**
 * A NIC type: a device model with the driver core that drives it.  Every
 * member is required but those under "optional".  @dev and @drv are the device-model instance and
 * the driver's adapter the type's create and probe return.
 */
struct TbNicType {
    const char *name;            /**< driver name of kernel-log lines */
    size_t nic_size;             /**< bytes of a NIC of this type: a
                                      TbNic first, then the type's own */
    /* ---- the device model ---- */
    /** Interrupt vectors of a NIC of config @cfg (1 for INTx). */
    uint32_t (*vectors)(const TbNicCfg *cfg);
    /** MMIO read stall of a register read on the NIC's bus, ns. */
    uint64_t (*read_stall_ns)(const TbNicCfg *cfg);
    /** The device of @cfg behind @nic (its port: the tb_nic_* functions
     *  below), link up after autonegotiation; NULL if the model refuses
     *  the configuration. */
    void *(*create)(TbNic *nic, const TbNicCfg *cfg);
    void (*destroy)(void *dev);
    /** 32-bit register access at BAR offset @off (the driver's readl and
     *  writel, through nic_mmio.h). */
    uint32_t (*readl)(void *dev, uint32_t off);
    void (*writel)(void *dev, uint32_t off, uint32_t val);
    /** A frame from the wire (no FCS). */
    TbNicRxFn receive;
    /** Run what is due at @now_ns; the next deadline (ns,
     *  E1K_NO_DEADLINE: none), not announced through the port. */
    uint64_t (*run_due)(void *dev, uint64_t now_ns);
    uint64_t (*next_deadline)(void *dev);
    /** Level of interrupt vector @vec (1 asserted). */
    int (*irq_level)(void *dev, uint32_t vec);
    /** Link up (the device's link status bit). */
    bool (*link_up)(void *dev);
    /** The statistics registers' cumulative totals. */
    void (*totals)(void *dev, E1kTotals *out);
    /* ---- the driver: bring-up, statistics ---- */
    /** Probe the device behind @nic with the NIC's driver parameters:
     *  the adapter, or NULL (the kernel log says why). */
    void *(*probe)(TbNic *nic, const TbNicCfg *cfg);
    void (*remove)(void *drv);
    int (*open)(void *drv);
    /** The station address the driver read (EEPROM). */
    const uint8_t *(*mac)(void *drv);
    /** ip link set mtu (before open): 0, or -1 out of range. */
    int (*change_mtu)(void *drv, uint32_t mtu);
    void (*set_promisc)(void *drv, bool on);
    /** Bytes of the largest receive buffer at @mtu (skb size). */
    uint32_t (*rx_buffer_len)(uint32_t mtu);
    /** Fold the statistics registers into the driver's counters. */
    void (*update_stats)(void *drv);
    void (*get_stats64)(void *drv, struct e1k_link_stats64 *s);
    void (*get_counters)(void *drv, struct e1k_drv_counters *c);
    /** `ethtool -S` values (E1K_ETHTOOL_STATS of them). */
    void (*get_ethtool)(void *drv, uint64_t tx_timeouts, uint64_t *vals);
    /** MSI-X (e1k_os_enable_msix): the driver asks for @nvec vectors at
     *  open; the number granted (at most the NIC's vectors), 0 for a
     *  type of one INTx line. */
    uint32_t (*enable_msix)(TbNic *nic, uint32_t nvec);
    /** The driver's queue pairs and their counters into @out (at most
     *  @max): how many, 0 for a single-queue type. */
    uint32_t (*queue_stats)(void *drv, struct TbQueueResult *out,
                            uint32_t max);
    /* ---- the driver's entry points the kernel calls ---- */
    /** IRQ handler of a vector (ctx: its TbNicVec): IRQ_HANDLED 1. */
    TbIrqFn irq_handler;
    /** NAPI poll (napi->owner: the TbNic). */
    TbNapiPollFn napi_poll;
    /** net_device_ops (dev->priv: the TbNic). */
    TbXmitFn ndo_start_xmit;
    TbTxTimeoutFn ndo_tx_timeout;
    /** The driver's watchdog timer and its period, s. */
    void (*watchdog)(void *drv);
    uint32_t watchdog_s;
    /* ---- optional ---- */
    /** Fault injection: stall the DMA directions @dirs (E1K_FAULT_TX,
     *  E1K_FAULT_RX) until the next reset; NULL: the type has none (a
     *  scenario asking for it is refused). */
    void (*fault_stall)(void *dev, unsigned dirs);
};

/** The glue of one NIC (the first member of a type's NIC). */
struct TbNic {
    const TbNicType *type;
    void *dev;                   /**< device model instance */
    void *drv;                   /**< driver adapter (NULL until probe) */
    /* the type's per-frame operation, copied from it (one load a call) */
    uint64_t (*run_due)(void *dev, uint64_t now_ns);
    TbKernel *k;
    TbCpu *cpu;                  /**< the host's running CPU (follows the
                                      lock-step, smp.c) */
    TbNetdev nd;                 /**< the net_device (embedded) */
    uint32_t nvec;
    TbNicVec vec[TB_NIC_MAX_VECTORS];
    uint64_t readl_ns;           /**< MMIO read stall, ns (bus) */
    uint64_t mmio_reads, mmio_writes;
    uint64_t rx_handed;          /**< frames the driver gave the stack */
    uint64_t wire_tx_frames;     /**< frames that left on the wire */
    uint64_t wire_tx_bytes;      /**< incl. FCS */
    TbTimer drv_watchdog;        /**< the driver's watchdog timer */
    int dl_timer;                /**< engine fixed timer of the device's
                                      deadline, -1: heap events */
    TbEventId dl_event;          /**< the pending deadline event without
                                      a fixed timer (0: none) */
    uint64_t dl_time;            /**< its time, TB_NEVER: none */
    int index;                   /**< NIC index in its host */
    struct TbHost *host;
    struct TbSim *sim;
    char log_name[2 * TB_NAME_LEN]; /**< "IF", or "HOST.IF" in a network
                                      of named hosts (trace lines) */
    FILE *trace_out;             /**< model trace lines (sim/trace.h), or
                                      NULL: tracing off */
    struct TbLink *link;         /**< the link its wire is on (link.h) */
    int link_end;                /**< which end of it: 0 (a) or 1 (b) */
    TbNapi *vec_napi;            /**< NAPI context of each vector of a
                                      multiqueue type (its create sets
                                      it), NULL: one, nd.napi */
};

/** The type of NIC @cfg (its chip). */
const TbNicType *tb_nic_type_of(const TbNicCfg *cfg);

/** The e1000 type: 82540EM and 82545EM, the e1000 driver core
 *  (nic_e1000.c). */
extern const TbNicType tb_nic_e1000;
/** The 82598EB type: the 10 GbE model, the 82598EB driver core, MSI-X
 *  vector and NAPI context per queue pair (nic_82598.c). */
extern const TbNicType tb_nic_82598;

/* ---- the port: what a device model may ask of the host ---- */

/** DMA between bus address @addr and @buf (@len bytes): 0, or -1 outside
 *  the host's memory (counted as a fault by the model). */
int tb_nic_dma_read(void *nic, uint64_t addr, void *buf, uint32_t len);
int tb_nic_dma_write(void *nic, uint64_t addr, const void *buf,
                     uint32_t len);
/** The host's memory as one DMA window: base pointer, bus address and
 *  size (the model may copy in and out of it itself). */
void tb_nic_dma_window(const TbNic *nic, uint8_t **mem, uint64_t *bus,
                       uint64_t *size);
/** Interrupt vector @vec's level changed to @level (1 asserted). */
void tb_nic_set_irq(TbNic *nic, uint32_t vec, int level);
/** The clock, ns, and the variable that holds it (read without a call). */
uint64_t tb_nic_now(void *nic);
const uint64_t *tb_nic_clock(const TbNic *nic);
/** The device's next deadline changed (E1K_NO_DEADLINE: none). */
void tb_nic_deadline_changed(void *nic, uint64_t deadline_ns);
/** A frame of @len bytes (no FCS) left the NIC's wire (its last bit). */
void tb_nic_tx_frame(void *nic, const uint8_t *frame, uint32_t len);

#endif /* TB_NIC_H */
