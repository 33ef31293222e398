/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab device model of the Intel 82540EM / 82545EM gigabit Ethernet
 * controllers: public interface.
 *
 * The model is plain C11 over libc.  It never includes QEMU, GLib or
 * testbench headers and has no global state: every instance lives in its
 * own E1kDev.  It reaches the host only through an E1kPort (function
 * pointers plus an opaque pointer) given at creation.
 *
 * Time.  The model reads the current time (ns, 64-bit, monotonic) from the
 * port.  It owns its timers internally and publishes only "the earliest
 * instant at which I need to run" (e1k_next_deadline()).  The host calls
 * e1k_run_until(dev, t) when its clock reaches that instant; every other
 * entry point also catches up on due work first.  Whenever the earliest
 * deadline changes the model calls port->deadline_changed so a host with a
 * single timer (QEMU) or an event queue (testbench) can re-arm it.
 *
 * Frames.  Frames cross this interface without the 4-byte FCS (as pcap
 * and QEMU carry them): a minimum Ethernet frame is 60 bytes here, 64 on
 * the wire.  The model adds the FCS to byte counters and wire time.
 *
 * Register and bit names follow the Intel PCI/PCI-X Family of Gigabit
 * Ethernet Controllers Software Developer's Manual (SDM, doc 317453006EN
 * rev 4.0); sections are cited next to each feature in the sources.
 */
#ifndef E1K_E1000_H
#define E1K_E1000_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nic_bus.h"
#include "nic_port.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Size of the memory register BAR in bytes (SDM 4.1: 128 KB). */
#define E1K_MMIO_SIZE 0x20000u
/** Size of the I/O BAR in bytes (SDM 4.1: IOADDR at +0, IODATA at +4). */
#define E1K_IO_SIZE 8u
/** "No deadline": returned by e1k_next_deadline() when nothing is armed. */
#define E1K_NO_DEADLINE UINT64_MAX

/** Chip variant; selects PCI device ID and EEPROM contents (Linux
 *  e1000_hw.h). */
typedef enum E1kChip {
    E1K_CHIP_82540EM = 0, /**< 8086:100E, PRO/1000 MT Desktop */
    E1K_CHIP_82545EM = 1, /**< 8086:100F, PRO/1000 MT Server (copper) */
} E1kChip;

/** PCI vendor ID of both chips. */
#define E1K_PCI_VENDOR_INTEL 0x8086u
/** PCI device IDs (Linux e1000_hw.h E1000_DEV_ID_*). */
#define E1K_PCI_DEVICE_82540EM 0x100Eu
#define E1K_PCI_DEVICE_82545EM 0x100Fu

/**
 * Host bus the device sits on; sets how long descriptor fetches, data DMA
 * and write-backs take (cycle-approximate, one transaction at a time).
 * The family's bus description (common/nic_bus.h); the e1000 sits on a
 * parallel bus (PCI, PCI-X: kind NIC_BUS_PARALLEL, the first four fields).
 *
 * A transaction of n bytes occupies the bus for
 *   (overhead_clocks + ceil(n / width_bytes)) clock periods.
 * A host register read (MMIO readl) stalls the CPU for read_latency_clocks
 * clock periods (the round trip); posted writes cost nothing here.
 */
typedef NicBus E1kBus;

/** Bounds of a valid E1kBus (e1k_bus_valid): the clock from 1 MHz to
 *  1 GHz (kHz), at most 64 overhead clocks per transaction and 1024
 *  clocks of MMIO read round trip.  They cover conventional PCI and
 *  PCI-X (SDM 4.1) with wide margins and keep every bus reservation
 *  short enough for a saved state to restore. */
#define E1K_BUS_MIN_KHZ NIC_BUS_MIN_KHZ
#define E1K_BUS_MAX_KHZ NIC_BUS_MAX_KHZ
#define E1K_BUS_MAX_OVERHEAD_CLOCKS NIC_BUS_MAX_OVERHEAD_CLOCKS
#define E1K_BUS_MAX_READ_LATENCY_CLOCKS NIC_BUS_MAX_READ_LATENCY_CLOCKS

/**
 * True if @bus is a parallel bus (kind NIC_BUS_PARALLEL) within the
 * bounds above with a width of 4 or 8 bytes: nic_bus_valid restricted to
 * the buses an 82540EM/82545EM can sit on (a PCIe link is refused).  The
 * one check of bus timing: e1k_new refuses, and e1k_restore refuses a
 * saved state, with exactly this rule.  False for NULL.
 */
bool e1k_bus_valid(const E1kBus *bus);

/** Bus presets (SDM 4.1 bandwidth note): the parallel presets of the
 *  family's NicBusPreset, same values. */
typedef enum E1kBusKind {
    E1K_BUS_PCI_32_33 = NIC_BUS_PCI_32_33, /**< 32-bit/33 MHz PCI, 132 MB/s */
    E1K_BUS_PCI_64_66 = NIC_BUS_PCI_64_66, /**< 64-bit/66 MHz PCI, 528 MB/s
                                                (default) */
    E1K_BUS_PCIX_133 = NIC_BUS_PCIX_133,   /**< 64-bit/133 MHz PCI-X,
                                                1064 MB/s */
} E1kBusKind;

/**
 * Fill *bus with a preset.  Returns 0, or -1 for an unknown kind (then
 * *bus is untouched).
 */
int e1k_bus_preset(E1kBusKind kind, E1kBus *bus);

/**
 * Parse a bus name ("pci32-33", "pci64-66", "pcix133") into *bus.
 * Returns 0, or -1 if the name is unknown or not a bus of the e1000 (a
 * PCIe name, nic_bus_parse's, is refused).
 */
int e1k_bus_parse(const char *name, E1kBus *bus);

/** Time in ns for one bus transaction of @bytes bytes on @bus
 *  (nic_bus_xfer_ns). */
uint64_t e1k_bus_xfer_ns(const E1kBus *bus, uint32_t bytes);

/** Time in ns a CPU stalls on one MMIO read over @bus
 *  (nic_bus_read_stall_ns). */
uint64_t e1k_bus_read_stall_ns(const E1kBus *bus);

/**
 * Trace events: guest programming errors (the model carries on as the
 * hardware would, usually by ignoring the bad value) and notable events.
 * Each comes with two integer arguments @a and @b whose meaning is given
 * per event; e1k_trace_format() renders them as text.  The model only
 * reports what it detects anyway: tracing never changes its behaviour.
 */
typedef enum E1kTraceEvent {
    /* ---- guest programming errors ---- */
    /** MMIO/I/O access of a size other than 1, 2, 4, unaligned, or
     *  beyond the BAR (SDM 4.1): ignored.  a = offset, b = size. */
    E1K_TRACE_BAD_ACCESS = 0,
    /** Access to an offset that holds no register (SDM 13.3 register
     *  map): reads 0, writes ignored.  a = offset, b = 1 write, 0 read. */
    E1K_TRACE_UNKNOWN_REG,
    /** Write to a read-only register (STATUS, FLA, RXCW, the statistics
     *  of SDM 13.7): ignored.  a = offset, b = value written. */
    E1K_TRACE_RO_WRITE,
    /** RDBAL/TDBAL written with any of bits 3:0 set; the ring base must
     *  be 16-byte aligned and those bits are ignored (SDM 13.4.27,
     *  13.4.37).  a = offset, b = value written. */
    E1K_TRACE_RING_BASE,
    /** RDLEN/TDLEN written as zero or not a multiple of 128 bytes (SDM
     *  13.4.28, 13.4.38): low bits ignored, a zero ring is not used.
     *  a = offset, b = value written. */
    E1K_TRACE_RING_LEN,
    /** RDH/RDT/TDH/TDT written at or beyond the number of descriptors
     *  of a configured ring (SDM 13.4.29-31, 13.4.39-41): the ring is
     *  not processed until fixed.  a = offset, b = value written. */
    E1K_TRACE_RING_INDEX,
    /** The port refused a DMA read (descriptor or TX data fetch; SDM
     *  3.2, 3.3): the access is abandoned and counted.  a = bus address,
     *  b = length in bytes. */
    E1K_TRACE_DMA_READ_FAULT,
    /** The port refused a DMA write (RX data, write-back).  a = bus
     *  address, b = length in bytes. */
    E1K_TRACE_DMA_WRITE_FAULT,
    /** Malformed transmit descriptor or chain dropped (SDM 3.3.3, 3.3.6,
     *  3.3.7): mixed legacy/extended, context inside a chain, unknown
     *  DTYP, chain longer than the ring, bad TSO context.  a = TDH,
     *  b = frames dropped so far (model total). */
    E1K_TRACE_TX_BAD_DESC,
    /** MDIC operation on a PHY address other than 1 or with an opcode
     *  other than read/write (SDM 13.4.5): MDIC.E set.  a = PHY address,
     *  b = opcode field (bits 27:26). */
    E1K_TRACE_MDIC_ERROR,
    /** EERD read of a word beyond the 64-word EEPROM (SDM 13.4.4): reads
     *  0.  a = word address, b = 0. */
    E1K_TRACE_EEPROM_ADDR,
    /** Microwire opcode other than READ on EECD (SDM 5.3; write/erase
     *  are not modelled): ignored, DO stays high.  a = 3-bit opcode with
     *  start bit, b = address. */
    E1K_TRACE_EEPROM_OPCODE,
    /* ---- notable events ---- */
    /** Reset (SDM 13.4.1).  a = 1 power-on (or a failed restore),
     *  0 CTRL.RST; b = 0. */
    E1K_TRACE_RESET,
    /** STATUS.LU changed; ICR.LSC raised (SDM 13.4.2, 13.4.17).
     *  a = 1 up, 0 down; b = speed in Mb/s. */
    E1K_TRACE_LINK,
    /** First frame of a run dropped because the receive packet buffer
     *  was full: MPC, ICR.RXO (SDM 3.2.7.4, 13.7).  The run ends with the
     *  next frame accepted.  a = MPC total so far, b = buffer bytes used. */
    E1K_TRACE_RX_OVERRUN,
    /** ITR written with a new interval: the minimum spacing of
     *  interrupt assertions changed (SDM 13.4.18).  a = old interval,
     *  b = new interval (units of 256 ns). */
    E1K_TRACE_ITR,
    E1K_TRACE_COUNT
} E1kTraceEvent;

/** Short name of @ev ("ring-len", "link", ...); "?" if unknown. */
const char *e1k_trace_name(E1kTraceEvent ev);

/** 1 if @ev is a guest programming error, 0 for a notable event. */
int e1k_trace_is_error(E1kTraceEvent ev);

/**
 * Format event @ev with its arguments as one short line without a
 * newline, "<name> <details>" (e.g. "ring-len RDLEN=0x00000404, not a
 * multiple of 128"), into @buf of @len bytes (truncated, always
 * terminated when @len > 0).  Returns the snprintf-style length.
 */
int e1k_trace_format(E1kTraceEvent ev, uint64_t a, uint64_t b, char *buf,
                     size_t len);

/**
 * The host side of one device instance: the family's port
 * (common/nic_port.h documents each field).  Every callback is mandatory
 * except deadline_changed, tx_frame, trace and msi (the e1000 signals
 * only INTA# through set_irq and never calls msi); the fields after
 * trace are optional fast paths.  trace receives E1kTraceEvent ids.
 */
typedef NicPort E1kPort;

/**
 * Technology abilities of the link partner (E1kConfig.partner_modes), one
 * bit per 10BASE-T / 100BASE-TX / 1000BASE-T mode and duplex ([IEEE-802.3]
 * clause 28 and Annex 28B; the priority order of Annex 28B.3 decides a
 * negotiation: 1000 full, 1000 half, 100 full, 100 half, 10 full, 10 half).
 */
#define E1K_LP_10HD   (1u << 0)
#define E1K_LP_10FD   (1u << 1)
#define E1K_LP_100HD  (1u << 2)
#define E1K_LP_100FD  (1u << 3)
#define E1K_LP_1000HD (1u << 4)
#define E1K_LP_1000FD (1u << 5)
#define E1K_LP_ALL    0x3Fu

/** Creation parameters. */
typedef struct E1kConfig {
    E1kChip chip;           /**< 82540EM or 82545EM */
    uint8_t mac[6];         /**< station address, stored in EEPROM words 0-2 */
    E1kBus bus;             /**< host bus timing */
    uint32_t link_mbps;     /**< the link partner's top speed, 10, 100 or
                                 1000 Mb/s: it offers the modes of
                                 partner_modes at or below this speed */
    int link_up;            /**< 1: cable connected at power-on */
    uint32_t autoneg_ns;    /**< autonegotiation time after restart, ns */
    uint32_t partner_modes; /**< the partner's abilities, E1K_LP_* bits
                                 (with link_mbps at least one must remain);
                                 default E1K_LP_ALL */
    int partner_autoneg;    /**< 1: the partner autonegotiates (default);
                                 0: it is forced to its fastest mode
                                 (clause 28.2.3.1 parallel detection is
                                 then all an autonegotiating PHY can do) */
} E1kConfig;

/** Fill *cfg with defaults: 82540EM, MAC 52:54:00:12:34:56, 64/66 PCI,
 *  1000 Mb/s, link up, autoneg 500 ms (as [QEMU-E1000]), a partner that
 *  autonegotiates every mode up to 1000 full. */
void e1k_config_default(E1kConfig *cfg);

/** The modes the partner of @cfg offers: partner_modes at or below
 *  link_mbps (E1K_LP_* bits). */
uint32_t e1k_partner_modes(const E1kConfig *cfg);

/**
 * Parse a link partner description into @cfg's partner_modes and
 * partner_autoneg: "auto" (autonegotiates every mode, the default),
 * "auto:MODES" (autonegotiates MODES) or "forced:MODE" (no
 * autonegotiation, runs at MODE), where a mode is 10half, 10full,
 * 100half, 100full, 1000half or 1000full and MODES joins modes with '+'
 * (e.g. "auto:100full+100half").  Returns 0, or -1 for anything else
 * (@cfg untouched).  link_mbps is not changed: e1k_config_valid then
 * requires it to be the speed of the partner's fastest mode.
 */
int e1k_partner_parse(const char *spec, E1kConfig *cfg);

/** Write the description of @cfg's partner in e1k_partner_parse's syntax
 *  into @buf of @len bytes ("auto" for every mode; modes fastest first).
 *  Returns the snprintf-style length. */
int e1k_partner_format(const E1kConfig *cfg, char *buf, size_t len);

typedef struct E1kDev E1kDev;

/**
 * Create a device in its power-on reset state.  @port is copied.
 * Returns NULL if @cfg or @port is invalid (unknown chip or speed, a
 * mandatory callback missing, a DMA window as E1kPort.dma_mem refuses,
 * bus timing outside e1k_bus_valid) or memory ran out.
 */
E1kDev *e1k_new(const E1kConfig *cfg, const E1kPort *port);

/** Destroy a device (NULL is accepted).  No callbacks are made. */
void e1k_free(E1kDev *dev);

/** Power-on reset (same as e1k_new's initial state; link per config). */
void e1k_reset(E1kDev *dev);

/**
 * Memory BAR access.  @offset is the byte offset in the 128 KB BAR,
 * @size 1, 2 or 4 bytes.  Sub-word accesses act on the containing
 * 32-bit register (reads shifted, writes merged into the current value).
 * Unknown offsets read 0 and ignore writes.
 */
uint32_t e1k_mmio_read(E1kDev *dev, uint32_t offset, unsigned size);
void e1k_mmio_write(E1kDev *dev, uint32_t offset, uint32_t value,
                    unsigned size);

/** I/O BAR access (IOADDR at 0, IODATA at 4; SDM 4.1, Linux e1000_hw.c). */
uint32_t e1k_io_read(E1kDev *dev, uint32_t offset, unsigned size);
void e1k_io_write(E1kDev *dev, uint32_t offset, uint32_t value,
                  unsigned size);

/** What happened to a frame handed to e1k_receive(). */
typedef enum E1kRxResult {
    E1K_RX_QUEUED = 0,     /**< accepted into the receive packet buffer */
    E1K_RX_FILTERED = 1,   /**< rejected by the address/VLAN filter */
    E1K_RX_DISABLED = 2,   /**< RCTL.EN clear or link down: not received */
    E1K_RX_OVERRUN = 3,    /**< packet buffer full: dropped, MPC, ICR.RXO */
    E1K_RX_BAD_SIZE = 4,   /**< undersize (RUC) or oversize (ROC): dropped */
} E1kRxResult;

/**
 * A frame of @len bytes (DA..payload, without FCS) finished arriving from
 * the wire at the current time.  The frame is copied.  Frames larger than
 * 16384+ bytes are counted (ROC) and dropped.  Never blocks or applies
 * backpressure: when the packet buffer is full the frame is dropped.
 */
E1kRxResult e1k_receive(E1kDev *dev, const uint8_t *frame, uint32_t len);

/** What the sender of a frame knows about it (e1k_receive_known): the
 *  family's NicRxKnown (common/nic_port.h). */
typedef NicRxKnown E1kRxKnown;

/**
 * e1k_receive() of a frame about which the sender knows what *@known
 * says (not kept after the call; NULL: nothing, as e1k_receive()).  Same
 * results as e1k_receive() when it holds.
 */
E1kRxResult e1k_receive_known(E1kDev *dev, const uint8_t *frame,
                              uint32_t len, const E1kRxKnown *known);

/** Earliest instant (ns) the model needs e1k_run_until(); E1K_NO_DEADLINE
 *  if none.  O(1): the model keeps it up to date as its timers change, so
 *  a host may call it after every entry point instead of tracking
 *  deadline_changed (it equals the last value announced there). */
uint64_t e1k_next_deadline(const E1kDev *dev);

/** Run every internal event due at or before @now_ns (which should be the
 *  port's current time). */
void e1k_run_until(E1kDev *dev, uint64_t now_ns);

/** e1k_run_until for a host that sets its timer for the device itself
 *  right after the call: the same events run, and the earliest deadline
 *  after them is returned (E1K_NO_DEADLINE if none) instead of announced
 *  through deadline_changed (it counts as announced). */
uint64_t e1k_run_due(E1kDev *dev, uint64_t now_ns);

/** Connect (@up 1) or disconnect the cable; raises ICR.LSC (SDM 3.x link
 *  status, 13.4.2 STATUS.LU). */
void e1k_set_link(E1kDev *dev, int up);

/** Fault injection: the transmit DMA stalls (no transmit descriptor is
 *  fetched any more; what is in flight completes). */
#define E1K_FAULT_TX 1u
/** Fault injection: the receive DMA stalls (received frames stay in the
 *  receive packet buffer; once it is full, arriving frames are missed:
 *  MPC, ICR.RXO). */
#define E1K_FAULT_RX 2u

/**
 * Fault injection: from now on the DMA directions in @dirs (E1K_FAULT_TX,
 * E1K_FAULT_RX, or both: a hung bus-master engine) stall until the next
 * MAC or power-on reset (CTRL.RST clears the fault, as a reset clears a
 * hung adapter: Linux e1000_tx_timeout/e1000_reset).  Registers stay
 * readable and writable; nothing else changes.  Not part of the saved
 * state (a restored device has no fault).  A NULL @dev is ignored.
 */
void e1k_fault_stall(E1kDev *dev, unsigned dirs);

/** Current level of the interrupt line (0 or 1). */
int e1k_irq_level(const E1kDev *dev);

/** The configuration the device was created with. */
const E1kConfig *e1k_config(const E1kDev *dev);

/**
 * Cumulative totals for reports.  Unlike the statistics registers they are
 * never cleared by reads and are 64-bit.  Same meaning as the SDM 13.7
 * counters they are named after, plus model-only diagnostics.
 */
typedef struct E1kTotals {
    uint64_t gprc, gptc, gorc, gotc, tpr, tpt, tor, tot;
    uint64_t bprc, mprc, bptc, mptc;
    uint64_t mpc;          /**< frames dropped: packet buffer full */
    uint64_t rnbc;         /**< frames that found no free RX descriptor */
    uint64_t ruc, roc;     /**< undersize / oversize frames dropped */
    uint64_t crcerrs;
    uint64_t rx_filtered;  /**< frames rejected by the address filter */
    uint64_t rx_disabled;  /**< frames seen while RX disabled/link down */
    uint64_t rx_dma_errors;/**< DMA faults on the receive path */
    uint64_t tx_dma_errors;/**< DMA faults on the transmit path */
    uint64_t tx_bad_desc;  /**< malformed TX descriptors / chains dropped */
    uint64_t tx_frames_dropped; /**< TX frames dropped (bad chain, fault) */
    uint64_t irq_assertions;    /**< rising edges of the interrupt line */
    uint64_t rx_desc_written;   /**< RX descriptors written back */
    uint64_t tx_desc_written;   /**< TX descriptors written back (DD) */
} E1kTotals;

/**
 * The fields of E1kTotals in declaration order, as an X-macro: a reader or
 * writer of every total names each field once, e.g.
 *   #define PUT(f) put(#f, t->f);
 *   E1K_TOTALS_FIELDS(PUT)
 */
#define E1K_TOTALS_FIELDS(X)                                              \
    X(gprc) X(gptc) X(gorc) X(gotc) X(tpr) X(tpt) X(tor) X(tot)           \
    X(bprc) X(mprc) X(bptc) X(mptc) X(mpc) X(rnbc) X(ruc) X(roc)          \
    X(crcerrs) X(rx_filtered) X(rx_disabled) X(rx_dma_errors)             \
    X(tx_dma_errors) X(tx_bad_desc) X(tx_frames_dropped)                  \
    X(irq_assertions) X(rx_desc_written) X(tx_desc_written)

/** Copy the cumulative totals into *out. */
void e1k_totals(const E1kDev *dev, E1kTotals *out);

/**
 * Read a register's current value without side effects (no clear-on-read,
 * no I/O).  For reports and debuggers.  Unknown offsets give 0.
 */
uint32_t e1k_peek_reg(const E1kDev *dev, uint32_t offset);

/** Bytes needed by e1k_save(). */
size_t e1k_save_size(const E1kDev *dev);

/**
 * Serialise the whole device state (registers, packet buffers, in-flight
 * DMA, timer deadlines) into @buf of @len bytes.  Returns the number of
 * bytes written, or 0 if @len is too small.
 */
size_t e1k_save(const E1kDev *dev, uint8_t *buf, size_t len);

/**
 * Restore state saved by e1k_save() (any instance, same model version).
 * Returns 0, or -1 if the blob is malformed (wrong magic, version or size,
 * indices out of range, a config e1k_new would refuse); on failure the
 * device is reset instead.  After a restore the line level and deadline
 * are re-announced through the port and the model clock is the saved
 * one: deadlines already due at the port clock fire at their own instants
 * on the next call, as they would have in the saved instance.
 */
int e1k_restore(E1kDev *dev, const uint8_t *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* E1K_E1000_H */
