/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab device model of the Intel 82598EB 10 GbE controller: public
 * interface (docs/model-82598.md).
 *
 * The model is plain C11 over libc, with no global state: every instance
 * lives in its own IxgDev and reaches its host only through the family's
 * port (IxgPort = NicPort, common/nic_port.h) given at creation.  It
 * follows the family's contracts (docs/model.md "The family"):
 *
 * Time.  The model reads time (ns) from the port, owns its timers and
 * publishes only its earliest deadline (ixg_next_deadline, announced
 * through port.deadline_changed when it changes); the host calls
 * ixg_run_until or ixg_run_due when its clock reaches it.  Every entry
 * point first catches up on due work.  The testbench's fixed-timer glue
 * for the e1000 (e1k_run_due) works unchanged with ixg_run_due.
 *
 * Frames.  Frames cross this interface without the 4-byte FCS (as pcap
 * and QEMU carry them); the model adds it to byte counters and wire time
 * (10GBASE: preamble, FCS, inter-packet gap; 67.2 ns for a 64-byte
 * frame).
 *
 * Interrupts.  INTx through port.set_irq (level); MSI and MSI-X through
 * port.msi (vector).  Which one the device uses is the PCI configuration
 * space's, which the host owns: the host calls ixg_set_irq_mode when the
 * guest enables MSI or MSI-X there.  The MSI-X table and PBA (BAR3, at
 * 0x0000 and 0x2000, datasheet 3.1.1.14.6 Tables 3-22, 3-23) are the
 * host's when
 * it has its own (QEMU's msix API: the model calls port.msi for every
 * message and QEMU applies the vector masks), or the model's own when
 * IxgConfig.msix_table is set (the testbench, the unit tests: the host
 * maps BAR3 to ixg_msix_read/ixg_msix_write and port.msi is called only
 * for unmasked vectors, a masked one's PBA bit is set and its message
 * sent when it is unmasked).
 *
 * Register names follow the 82598EB datasheet ([82598-DS], revision 3.x)
 * and Linux's ixgbe driver (ixgbe_type.h); sections are cited next to
 * each feature in the sources.
 */
#ifndef IXG_IXGBE_H
#define IXG_IXGBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nic_bus.h"
#include "nic_port.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Memory BAR (BAR0) size, bytes: the register file (datasheet 3.1.1,
 *  the PCIe configuration space; 4.4 the register map). */
#define IXG_MMIO_SIZE 0x20000u
/** I/O BAR (BAR2) size, bytes: IOADDR at +0, IODATA at +4 (datasheet
 *  4.4.2). */
#define IXG_IO_SIZE 32u
/** MSI-X BAR (BAR3) size, bytes; table at +0 (16 bytes a vector), PBA at
 *  +0x2000 (datasheet 3.1.1.14.6: Table BIR 3 offset 0, PBA offset field
 *  0x400 = byte 0x2000, Tables 3-22 to 3-24, 3-29). */
#define IXG_MSIX_BAR_SIZE 0x4000u
#define IXG_MSIX_TABLE_OFF 0x0000u
#define IXG_MSIX_PBA_OFF 0x2000u
/** MSI-X vectors: 16 queue vectors (the 16 RTxQ bits of EICR), one for
 *  the other causes and one for the TCP timer.  The datasheet is not
 *  consistent (Table 3-21: table size field 0x013, "up to 20 vectors";
 *  the note of Table 3-24: N = 16); Linux's ixgbe caps the 82598 at 18
 *  (IXGBE_MAX_MSIX_VECTORS_82598) and the model has 18: a QEMU device
 *  advertises a table of this size. */
#define IXG_MSIX_VECTORS 18u
/** Where the configuration space capabilities sit that Linux's ixgbe
 *  reads directly (ixgbe_type.h: IXGBE_PCIE_MSIX_82598_CAPS 0x62 is the
 *  MSI-X message control, IXGBE_PCI_LINK_STATUS 0xB2 the PCIe link
 *  status): the QEMU device places its capabilities there. */
#define IXG_PCI_CAP_PM 0x40u
#define IXG_PCI_CAP_MSI 0x50u
#define IXG_PCI_CAP_MSIX 0x60u
#define IXG_PCI_CAP_EXP 0xA0u

/** Receive and transmit queues (datasheet 1.0: 64 RX, 32 TX) and the
 *  queues RSS can reach (a 4-bit index, datasheet 3.5.2.10). */
#define IXG_NUM_RX_QUEUES 64u
#define IXG_NUM_TX_QUEUES 32u
#define IXG_NUM_RSS_QUEUES 16u

/** "No deadline": returned by ixg_next_deadline() when nothing is armed. */
#define IXG_NO_DEADLINE UINT64_MAX

/** PCI vendor ID. */
#define IXG_PCI_VENDOR_INTEL 0x8086u

/** Parts the model presents, one per PCI device ID that Linux's ixgbe
 *  binds to its 82598 code (ixgbe_main.c ixgbe_pci_tbl). */
typedef enum IxgChip {
    IXG_CHIP_82598EB_CX4 = 0,   /**< 8086:10DD, 10GBASE-CX4 */
    IXG_CHIP_82598AF_SINGLE = 1,/**< 8086:10C7, 10GBASE-SR/LR fibre */
    IXG_CHIP_82598AF_DUAL = 2,  /**< 8086:10C6, dual-port fibre */
    IXG_CHIP_COUNT
} IxgChip;

#define IXG_PCI_DEVICE_82598EB_CX4 0x10DDu
#define IXG_PCI_DEVICE_82598AF_SINGLE 0x10C7u
#define IXG_PCI_DEVICE_82598AF_DUAL 0x10C6u

/** PCI device ID of @chip (0 if unknown). */
uint16_t ixg_chip_device_id(IxgChip chip);
/** Short name of @chip ("82598EB-CX4", ...), "?" if unknown. */
const char *ixg_chip_name(IxgChip chip);
/** Chip by name ("82598eb", "82598EB-CX4", "82598AF", "82598AF-dual",
 *  case-insensitive); 0, or -1 if unknown. */
int ixg_chip_parse(const char *name, IxgChip *chip);

/** The port: the family's (common/nic_port.h); trace receives
 *  IxgTraceEvent ids; msi is used for MSI and MSI-X. */
typedef NicPort IxgPort;

/** Creation parameters. */
typedef struct IxgConfig {
    IxgChip chip;        /**< which part */
    uint8_t mac[6];      /**< station address (EEPROM LAN core section,
                              loaded into RAL0/RAH0 at reset) */
    NicBus bus;          /**< PCIe link (kind NIC_BUS_PCIE) */
    int link_up;         /**< 1: cable (link partner) present at power-on */
    uint32_t link_ns;    /**< link-up time after a cable plug, ns */
    uint32_t msix_table; /**< 1: the model keeps the MSI-X table and PBA
                              (ixg_msix_read/write); 0: the host does */
    uint32_t lan_id;     /**< function number of a dual-port part (0 or
                              1: STATUS.LAN_ID); 0 for single-port parts */
} IxgConfig;

/** Fill *cfg with defaults: 82598EB CX4, MAC 52:54:00:12:34:57, PCIe
 *  2.5 GT/s x8 (pcie1-x8), link up, link time 1 ms, host-owned MSI-X
 *  table, function 0. */
void ixg_config_default(IxgConfig *cfg);

typedef struct IxgDev IxgDev;

/**
 * Create a device in its power-on state.  @port is copied.  Returns NULL
 * if @cfg or @port is invalid (unknown chip, a bus that is not a valid
 * PCIe link, link_up not 0/1, lan_id beyond the part's ports, a mandatory
 * callback missing, a DMA window nic_port_valid refuses) or memory ran
 * out.  The state is about 1.3 MB (the packet buffers are on chip).
 */
IxgDev *ixg_new(const IxgConfig *cfg, const IxgPort *port);

/** Destroy a device (NULL is accepted).  No callbacks are made. */
void ixg_free(IxgDev *dev);

/** Power-on reset (same as ixg_new's initial state; link per config). */
void ixg_reset(IxgDev *dev);

/**
 * Memory BAR access.  @offset is the byte offset in the 128 KB BAR,
 * @size 1, 2 or 4 bytes, naturally aligned.  Sub-word accesses act on
 * the containing register.  Unknown offsets read 0 and ignore writes.
 */
uint32_t ixg_mmio_read(IxgDev *dev, uint32_t offset, unsigned size);
void ixg_mmio_write(IxgDev *dev, uint32_t offset, uint32_t value,
                    unsigned size);

/** I/O BAR access: IOADDR at 0 (register offset), IODATA at 4 (that
 *  register); other offsets read 0 (datasheet 4.4.2). */
uint32_t ixg_io_read(IxgDev *dev, uint32_t offset, unsigned size);
void ixg_io_write(IxgDev *dev, uint32_t offset, uint32_t value,
                  unsigned size);

/**
 * MSI-X BAR (BAR3) access to the model's own table and PBA
 * (IxgConfig.msix_table set; otherwise reads 0 and writes are ignored):
 * table entries at 16 * v (message address low/high, data, vector
 * control with its mask bit 0, power-on 1), PBA bits at 0x2000 (read
 * only).  Dword accesses; unmasking a vector whose PBA bit is set sends
 * its message ([PCI-3.0] 6.8.2).
 */
uint32_t ixg_msix_read(IxgDev *dev, uint32_t offset, unsigned size);
void ixg_msix_write(IxgDev *dev, uint32_t offset, uint32_t value,
                    unsigned size);

/** Interrupt mode: what the configuration space has enabled. */
typedef enum IxgIrqMode {
    IXG_IRQ_INTX = 0,  /**< INTA# through port.set_irq (power-on) */
    IXG_IRQ_MSI = 1,   /**< MSI: port.msi(0) per interrupt */
    IXG_IRQ_MSIX = 2,  /**< MSI-X: port.msi(vector) per message */
} IxgIrqMode;

/**
 * The host's configuration space enabled MSI (@mode IXG_IRQ_MSI), MSI-X
 * (IXG_IRQ_MSIX) or neither (IXG_IRQ_INTX).  Takes effect at once: the
 * INTx line falls when leaving INTx mode; pending causes are signalled
 * the new way.  @func_masked: the MSI-X function mask (all vectors held
 * pending, [PCI-3.0] 6.8.2.3) for a model with its own table.  An
 * unknown @mode is ignored.
 */
void ixg_set_irq_mode(IxgDev *dev, IxgIrqMode mode, int func_masked);

/** Current interrupt mode. */
IxgIrqMode ixg_irq_mode(const IxgDev *dev);

/** What happened to a frame handed to ixg_receive(). */
typedef enum IxgRxResult {
    IXG_RX_QUEUED = 0,    /**< accepted into the receive packet buffer */
    IXG_RX_FILTERED = 1,  /**< rejected by the address/VLAN filter */
    IXG_RX_DISABLED = 2,  /**< RXCTRL.RXEN clear or link down */
    IXG_RX_OVERRUN = 3,   /**< packet buffer full: MPC, EICR.RX_MISS */
    IXG_RX_BAD_SIZE = 4,  /**< undersize (RUC) or oversize (ROC) */
    IXG_RX_NO_DESC = 5,   /**< its queue had no descriptor and drops
                               (SRRCTL.DROP_EN): RNBC */
} IxgRxResult;

/** A frame of @len bytes (DA..payload, no FCS) finished arriving at the
 *  current time.  The frame is copied.  Never blocks. */
IxgRxResult ixg_receive(IxgDev *dev, const uint8_t *frame, uint32_t len);

/** ixg_receive() of a frame about which the sender knows *@known (NULL:
 *  nothing).  Same results as ixg_receive() when it holds. */
IxgRxResult ixg_receive_known(IxgDev *dev, const uint8_t *frame,
                              uint32_t len, const NicRxKnown *known);

/** Earliest instant (ns) the model needs ixg_run_until(); IXG_NO_DEADLINE
 *  if none.  O(1). */
uint64_t ixg_next_deadline(const IxgDev *dev);

/** Run every internal event due at or before @now_ns. */
void ixg_run_until(IxgDev *dev, uint64_t now_ns);

/** ixg_run_until for a host that re-arms its timer itself: the earliest
 *  deadline after the events is returned instead of announced. */
uint64_t ixg_run_due(IxgDev *dev, uint64_t now_ns);

/** Connect (@up 1) or disconnect the cable; the link follows (LINKS.UP,
 *  EICR.LSC; datasheet 4.4.3.12 LINKS/AUTOC, 3.5.4 interrupts). */
void ixg_set_link(IxgDev *dev, int up);

/** Current level of the INTx line (0 or 1). */
int ixg_irq_level(const IxgDev *dev);

/** The configuration the device was created with. */
const IxgConfig *ixg_config(const IxgDev *dev);

/**
 * Cumulative totals for reports: 64-bit, never cleared by reads, the
 * meaning of the datasheet 4.4.3.9 counters they are named after, plus
 * the model's own diagnostics (bus transactions per frame: desc_reads,
 * wb_writes).
 */
typedef struct IxgTotals {
    uint64_t gprc, gptc, gorc, gotc, tpr, tpt, tor, tot;
    uint64_t bprc, mprc, bptc, mptc;
    uint64_t mpc;            /**< frames dropped: packet buffer full */
    uint64_t rnbc;           /**< frames that found no descriptor */
    uint64_t rx_nodesc_drops;/**< of those, dropped (SRRCTL.DROP_EN) */
    uint64_t ruc, roc;       /**< undersize / oversize frames dropped */
    uint64_t rx_filtered;    /**< frames rejected by the address filter */
    uint64_t rx_disabled;    /**< frames seen while RX disabled/link down */
    uint64_t rx_dma_errors;  /**< DMA faults on the receive path */
    uint64_t tx_dma_errors;  /**< DMA faults on the transmit path */
    uint64_t tx_bad_desc;    /**< malformed TX descriptors/chains dropped */
    uint64_t tx_frames_dropped; /**< TX frames dropped (bad chain, fault) */
    uint64_t irq_assertions; /**< rising edges of the INTx line */
    uint64_t msi_messages;   /**< MSI/MSI-X messages sent (all vectors) */
    uint64_t rx_desc_written;/**< RX descriptors written back */
    uint64_t tx_desc_written;/**< TX descriptors written back (DD) */
    uint64_t rx_desc_reads;  /**< RX descriptor fetch transactions */
    uint64_t tx_desc_reads;  /**< TX descriptor fetch transactions */
    uint64_t rx_wb_writes;   /**< RX write-back transactions */
    uint64_t tx_wb_writes;   /**< TX write-back transactions (DD or head) */
    uint64_t tx_data_reads;  /**< TX data read transactions */
} IxgTotals;

/** The fields of IxgTotals in declaration order, as an X-macro. */
#define IXG_TOTALS_FIELDS(X)                                              \
    X(gprc) X(gptc) X(gorc) X(gotc) X(tpr) X(tpt) X(tor) X(tot)           \
    X(bprc) X(mprc) X(bptc) X(mptc) X(mpc) X(rnbc) X(rx_nodesc_drops)     \
    X(ruc) X(roc) X(rx_filtered) X(rx_disabled) X(rx_dma_errors)          \
    X(tx_dma_errors) X(tx_bad_desc) X(tx_frames_dropped)                  \
    X(irq_assertions) X(msi_messages) X(rx_desc_written)                  \
    X(tx_desc_written) X(rx_desc_reads) X(tx_desc_reads) X(rx_wb_writes)  \
    X(tx_wb_writes) X(tx_data_reads)

/** Copy the cumulative totals into *out. */
void ixg_totals(const IxgDev *dev, IxgTotals *out);

/** Per-queue totals (64-bit, never cleared): the QPRC/QBRC/QPTC/QBTC
 *  counts for every queue, not only the 16 the registers have. */
typedef struct IxgQueueTotals {
    uint64_t rx_packets, rx_bytes;  /**< placed in host memory */
    uint64_t rx_nodesc_drops;       /**< dropped for want of descriptors */
    uint64_t tx_packets, tx_bytes;  /**< fetched and sent */
} IxgQueueTotals;

/** Totals of RX queue @q and TX queue @q (q < IXG_NUM_RX_QUEUES; the TX
 *  fields 0 for q >= IXG_NUM_TX_QUEUES).  0, or -1 for a bad @q. */
int ixg_queue_totals(const IxgDev *dev, uint32_t q, IxgQueueTotals *out);

/** Messages sent on MSI-X vector @v (or MSI for v 0) so far; 0 for a bad
 *  @v. */
uint64_t ixg_vector_messages(const IxgDev *dev, uint32_t v);

/** Read a register without side effects (no clear-on-read).  Unknown
 *  offsets give 0. */
uint32_t ixg_peek_reg(const IxgDev *dev, uint32_t offset);

/** Bytes needed by ixg_save(). */
size_t ixg_save_size(const IxgDev *dev);

/** Serialise the whole device state into @buf of @len bytes.  Returns
 *  the bytes written, or 0 if @len is too small. */
size_t ixg_save(const IxgDev *dev, uint8_t *buf, size_t len);

/**
 * Restore state saved by ixg_save() (same model version).  Returns 0, or
 * -1 if the blob is malformed (wrong magic, version, size or hash,
 * anything out of range, a config ixg_new would refuse); on failure the
 * device gets a power-on reset.  Pending timers fire at their own
 * instants on the next call, as in the saved instance.
 */
int ixg_restore(IxgDev *dev, const uint8_t *buf, size_t len);

/* ------------------------- receive-side scaling ---------------------- */

/** The Toeplitz hash of @n bytes of @input under the 40-byte @key
 *  (datasheet 3.5.2.10.1: each set input bit, left to right, XORs in the
 *  32 key bits starting at its position). */
uint32_t ixg_toeplitz(const uint8_t key[40], const uint8_t *input,
                      uint32_t n);

/**
 * What the device's RSS would do with the @len-byte frame (no FCS) now:
 * the 32-bit hash and RSS type (datasheet 3.5.2.10, IXG_ARXD_RSSTYPE_*,
 * 0 when no enabled hash function applies) and the receive queue it
 * picks from RETA (0 with RSS off).  Hosts use it to predict the queue
 * of a flow; it has no side effect.  Returns the queue.
 */
uint32_t ixg_rss_classify(const IxgDev *dev, const uint8_t *frame,
                          uint32_t len, uint32_t *hash, uint32_t *type);

/* ------------------------------ tracing ------------------------------ */

/** Trace events of the 82598 model: guest programming errors and notable
 *  events, each with two integer arguments (a, b). */
typedef enum IxgTraceEvent {
    /* ---- guest programming errors ---- */
    /** Access of a size other than 1, 2, 4, unaligned or beyond the BAR:
     *  ignored.  a = offset, b = size. */
    IXG_TRACE_BAD_ACCESS = 0,
    /** Access to an offset with no register: reads 0, writes ignored.
     *  a = offset, b = 1 write, 0 read. */
    IXG_TRACE_UNKNOWN_REG,
    /** Write to a read-only register.  a = offset, b = value. */
    IXG_TRACE_RO_WRITE,
    /** RDBAL/TDBAL with bits 6:0 set (128-byte alignment).  a = offset,
     *  b = value. */
    IXG_TRACE_RING_BASE,
    /** RDLEN/TDLEN zero or not a multiple of 128.  a = offset, b = value. */
    IXG_TRACE_RING_LEN,
    /** RDH/RDT/TDH/TDT beyond the ring.  a = offset, b = value. */
    IXG_TRACE_RING_INDEX,
    /** The port refused a DMA read.  a = address, b = length. */
    IXG_TRACE_DMA_READ_FAULT,
    /** The port refused a DMA write.  a = address, b = length. */
    IXG_TRACE_DMA_WRITE_FAULT,
    /** Malformed transmit descriptor or chain dropped.  a = queue,
     *  b = TDH. */
    IXG_TRACE_TX_BAD_DESC,
    /** EERD read beyond the EEPROM.  a = word address, b = 0. */
    IXG_TRACE_EEPROM_ADDR,
    /** SRRCTL written with a packet buffer size of 0: the frames of
     *  the queues using it wait.  a = SRRCTL index, b = value. */
    IXG_TRACE_RX_QUEUE_CFG,
    /* ---- notable events ---- */
    /** Reset.  a = 1 power-on, 0 CTRL.RST; b = 0. */
    IXG_TRACE_RESET,
    /** LINKS.UP changed (EICR.LSC).  a = 1 up, 0 down; b = Mb/s. */
    IXG_TRACE_LINK,
    /** First frame of a run dropped on a full packet buffer (MPC).
     *  a = MPC total, b = bytes held. */
    IXG_TRACE_RX_OVERRUN,
    /** EITR written with a new interval.  a = vector, b = interval
     *  (256 ns units). */
    IXG_TRACE_EITR,
    /** Interrupt mode changed.  a = IxgIrqMode, b = 0. */
    IXG_TRACE_IRQ_MODE,
    IXG_TRACE_COUNT
} IxgTraceEvent;

/** Short name of @ev ("ring-len", "link", ...); "?" if unknown. */
const char *ixg_trace_name(IxgTraceEvent ev);
/** 1 if @ev is a guest programming error, 0 for a notable event. */
int ixg_trace_is_error(IxgTraceEvent ev);
/** Format @ev with its arguments as one line without newline into @buf
 *  of @len bytes (always terminated when @len > 0); snprintf's return. */
int ixg_trace_format(IxgTraceEvent ev, uint64_t a, uint64_t b, char *buf,
                     size_t len);

#ifdef __cplusplus
}
#endif

#endif /* IXG_IXGBE_H */
