/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab e1000 driver core: the interface the OS glue calls.
 *
 * Kernel-style driver for the 82540EM/82545EM over driver/osdep.h.  The
 * same code runs in the testbench (testbench/sim/tb_osdep.c) and, later, in a
 * Linux module.  Module parameters keep the Linux e1000 names and units
 * (Linux e1000_param.c, [LINUX-E1000-DOC]).  Interrupt/poll policies are
 * exactly the variants the seed measurements compare (seeds M1 and M3,
 * docs/reproducing-the-seeds.md).
 */
#ifndef E1K_DRIVER_E1000_DRV_H
#define E1K_DRIVER_E1000_DRV_H

#include <stdbool.h>
#include <stdint.h>

#include "osdep.h"

/** Interrupt/poll policy. */
enum e1k_drv_mode {
    /** No NAPI: the ISR loops cleaning RX and TX up to 10 rounds, handing
     *  each frame to netif_rx (2.4-era e1000 without NAPI). */
    E1K_MODE_LEGACY = 0,
    /** NAPI "twist": the ISR only schedules the poll and never masks;
     *  the poll loops cleaning RX and TX while there is work. */
    E1K_MODE_NAPI_TWIST,
    /** NAPI "irq-off": the ISR masks (IMC = ~0) and schedules; the poll
     *  cleans TX then RX within its quota and, when it did less,
     *  completes and re-enables with IMS. */
    E1K_MODE_NAPI,
    /** E1K_MODE_NAPI plus InterruptThrottleRate modes 0/1/3/4/fixed and
     *  the dynamic ITR algorithm (Linux e1000_main.c e1000_set_itr). */
    E1K_MODE_NAPI_DYNITR,
};

/** Parse "legacy", "napi-twist", "napi", "napi-dynitr"; -1 if unknown. */
int e1k_drv_mode_parse(const char *name);
/** Name of a mode ("legacy", ...). */
const char *e1k_drv_mode_name(enum e1k_drv_mode mode);

/** Driver parameters: Linux e1000 module parameter names and units. */
struct e1k_drv_params {
    enum e1k_drv_mode mode;
    uint32_t RxDescriptors;   /**< descriptors, 80..4096, multiple of 8 */
    uint32_t TxDescriptors;   /**< descriptors, 80..4096, multiple of 8 */
    uint32_t RxIntDelay;      /**< RDTR, 1.024 us units */
    uint32_t RxAbsIntDelay;   /**< RADV, 1.024 us units */
    uint32_t TxIntDelay;      /**< TIDV, 1.024 us units (IDE iff != 0) */
    uint32_t TxAbsIntDelay;   /**< TADV, 1.024 us units */
    uint32_t InterruptThrottleRate; /**< 0 off, 1/3 dynamic, 4 simplified,
                                         100..100000 ints/s fixed */
    uint32_t XsumRX;          /**< 1: RX checksum offload on */
    uint32_t copybreak;       /**< bytes: copy RX frames up to this size */
    uint32_t weight;          /**< NAPI weight (quota per poll), frames */
    uint32_t FlowControl;     /**< 0 none, 1 rx pause, 2 tx pause, 3 full */
    uint32_t XsumTX;          /**< 1: TX checksum offload (NETIF_F_IP_CSUM:
                                   TCP/UDP checksums by context
                                   descriptor, SDM 3.3.5) */
    uint32_t TSO;             /**< 1: TCP segmentation offload
                                   (NETIF_F_TSO, SDM 3.5); needs XsumTX */
};

/** Fill *p with the Linux defaults (e1000_param.c): mode napi, 256/256
 *  descriptors, RxIntDelay 0, RxAbsIntDelay 8, TxIntDelay 8,
 *  TxAbsIntDelay 32, InterruptThrottleRate 3, XsumRX 1, copybreak 256,
 *  weight 64, FlowControl 3, XsumTX 0, TSO 0 (ethtool -K tx off tso
 *  off: the stack gives complete frames). */
void e1k_drv_params_default(struct e1k_drv_params *p);

/**
 * Validate parameters.  Returns NULL if valid, else a static message
 * naming the bad parameter and its allowed range.
 */
const char *e1k_drv_params_check(const struct e1k_drv_params *p);

/** Linux struct rtnl_link_stats64 fields (include/uapi/linux/if_link.h). */
struct e1k_link_stats64 {
    uint64_t rx_packets, tx_packets, rx_bytes, tx_bytes;
    uint64_t rx_errors, tx_errors, rx_dropped, tx_dropped, multicast;
    uint64_t collisions;
    uint64_t rx_length_errors, rx_over_errors, rx_crc_errors;
    uint64_t rx_frame_errors, rx_fifo_errors, rx_missed_errors;
    uint64_t tx_aborted_errors, tx_carrier_errors, tx_fifo_errors;
    uint64_t tx_heartbeat_errors, tx_window_errors;
    uint64_t rx_compressed, tx_compressed, rx_nohandler;
};

/** Driver-side event counters for reports. */
struct e1k_drv_counters {
    uint64_t interrupts;       /**< ISR invocations that found a cause */
    uint64_t interrupts_none;  /**< ISR invocations with ICR == 0 */
    uint64_t polls;            /**< poll() calls */
    uint64_t polls_complete;   /**< polls that emptied the ring (completed) */
    uint64_t polls_budget;     /**< polls that used the whole quota */
    uint64_t rx_cleaned;       /**< RX descriptors cleaned */
    uint64_t tx_cleaned;       /**< TX descriptors cleaned */
    uint64_t rx_alloc_failed;  /**< RX buffer allocations that failed */
    uint64_t tx_busy;          /**< xmit returned busy (ring full) */
    uint64_t resets;           /**< adapter resets (tx timeout etc.) */
    uint64_t itr_changes;      /**< ITR register rewrites */
    uint32_t itr_current;      /**< current ints/s target (0 = off) */
};

struct e1k_adapter;

/**
 * Probe: reset the MAC, read and checksum-verify the EEPROM (Microwire via
 * EECD, as Linux does on these parts), take the MAC address, reset and
 * configure the PHY.  Returns the adapter or NULL (logged) on failure.
 */
struct e1k_adapter *e1k_drv_probe(struct e1k_os *os,
                                  const struct e1k_drv_params *p);
/** Free the adapter (after e1k_drv_close). */
void e1k_drv_remove(struct e1k_adapter *a);
/** The station address read from the EEPROM. */
const uint8_t *e1k_drv_mac(const struct e1k_adapter *a);
/** ndo_open: allocate rings, configure RX/TX, enable interrupts.
 *  0 or -1 (logged). */
int e1k_drv_open(struct e1k_adapter *a);
/** ndo_stop: disable, free rings and buffers. */
void e1k_drv_close(struct e1k_adapter *a);
/** Interrupt handler.  Returns 1 (IRQ_HANDLED) or 0 (IRQ_NONE). */
int e1k_drv_intr(struct e1k_adapter *a);
/** NAPI poll with @budget frames; returns the RX work done. */
int e1k_drv_poll(struct e1k_adapter *a, int budget);
/** ndo_start_xmit: 0 NETDEV_TX_OK (skb consumed), 1 NETDEV_TX_BUSY. */
int e1k_drv_xmit(struct e1k_adapter *a, struct e1k_skb *skb);
/** The 2 s watchdog: statistics, link check, ICS = RXDMT0 (Linux
 *  e1000_main.c e1000_watchdog). */
void e1k_drv_watchdog(struct e1k_adapter *a);
/** ndo_tx_timeout: the stack saw "transmit timed out"; reset. */
void e1k_drv_tx_timeout(struct e1k_adapter *a);
/** ndo_get_stats64 from the accumulated counters (as of the last
 *  watchdog run or e1k_drv_update_stats; no register access).  Mapping of
 *  the hardware counters: docs/driver.md "Statistics". */
void e1k_drv_get_stats64(struct e1k_adapter *a, struct e1k_link_stats64 *s);
/** Refresh the statistics from the clear-on-read hardware counters now
 *  (the watchdog does this every 2 s).  Reads every statistics register
 *  (about 60 MMIO reads): meant for end-of-run reports. */
void e1k_drv_update_stats(struct e1k_adapter *a);
/** Driver event counters. */
void e1k_drv_get_counters(const struct e1k_adapter *a,
                          struct e1k_drv_counters *c);

/** `ethtool -S` statistics (driver/e1000_ethtool.c): the first
 *  E1K_ETHTOOL_INTEL carry the Intel e1000 driver's names and sources
 *  ([LINUX-E1000] e1000_gstrings_stats), the rest are the core's own
 *  counters; E1K_ETHTOOL_STATS in all. */
#define E1K_ETHTOOL_INTEL 47u
#define E1K_ETHTOOL_STATS 59u
/** Name of statistic @i ("rx_no_buffer_count"), NULL past the end. */
const char *e1k_drv_ethtool_name(unsigned int i);
/** The E1K_ETHTOOL_STATS values into @data, in name order, as of the last
 *  statistics refresh (no register access; call e1k_drv_update_stats
 *  first for current values).  @tx_timeout_count: the glue's count of
 *  ndo_tx_timeout calls (Linux e1000_tx_timeout counts them). */
void e1k_drv_get_ethtool_stats(struct e1k_adapter *a,
                               uint64_t tx_timeout_count, uint64_t *data);
/** The inverse for the core's counters: fill @c's fields from @data,
 *  E1K_ETHTOOL_STATS values in name order as another reader of the
 *  same names got them (e.g. a guest's `ethtool -S`); a 32-bit field
 *  saturates at UINT32_MAX. */
void e1k_drv_counters_from_ethtool(const uint64_t *data,
                                   struct e1k_drv_counters *c);

/** MTU range (Linux e1000_change_mtu: 68 = ETH_MIN_MTU up to the
 *  82540EM/82545EM's 16128-byte maximum frame less header and FCS). */
#define E1K_MTU_MIN 68u
#define E1K_MTU_MAX 16110u
/** The receive buffer for @mtu (Linux e1000_change_mtu): the largest
 *  frame, mtu + 14 header + 4 FCS, fits in 2048 (up to MTU 2030; 1518
 *  for the standard 1500), else 4096, 8192 or 16384 bytes. */
uint32_t e1k_drv_rx_buffer_len(uint32_t mtu);
/** ndo_change_mtu: the MTU (E1K_MTU_MIN..E1K_MTU_MAX) sets the receive
 *  buffer size (RCTL.BSIZE/BSEX, SDM 13.4.22) and long packet reception
 *  (RCTL.LPE above 1500, SDM 13.4.22); applied at once if the interface
 *  is up (reset and reopen, as Linux e1000_reinit_locked).  0, or -1 if
 *  out of range (unchanged). */
int e1k_drv_change_mtu(struct e1k_adapter *a, uint32_t mtu);
/** ndo_set_rx_mode for IFF_PROMISC: @on sets RCTL.UPE and RCTL.MPE
 *  (unicast and multicast promiscuous, SDM 13.4.22), off clears them;
 *  written at once if up, else kept for open. */
void e1k_drv_set_promisc(struct e1k_adapter *a, bool on);
/**
 * ndo_set_rx_mode in full (Linux e1000_set_rx_mode): @promisc sets
 * RCTL.UPE and MPE, @allmulti MPE; the @n multicast addresses (6 bytes
 * each at @mc) are hashed into the MTA (filter type 0: bits 47:36 of the
 * address, SDM 13.5.1 / 13.4.22 MO = 00b) and the table written.  VFE is
 * off while promiscuous.  Written at once if up, else kept for open.
 */
void e1k_drv_set_rx_mode(struct e1k_adapter *a, bool promisc, bool allmulti,
                         const uint8_t *mc, uint32_t n);
/** The MTA bit of multicast address @mac with filter type 0 (0..4095:
 *  word = hash >> 5, bit = hash & 31). */
uint32_t e1k_drv_mta_hash(const uint8_t *mac);

/* ---- VLAN (driver/e1000_vlan.c; SDM 3.2.3.1, 3.3.3, 13.4.1 VME,
 * 13.4.22 VFE, 13.5.3 VFTA) ---- */

/** Receive tag stripping (CTRL.VME: the tag goes to the descriptor's
 *  special field and e1k_os_skb_vlan_rx), transmit insertion (VLE with
 *  the skb's e1k_os_skb_vlan_tx tag) and the VFTA filter (RCTL.VFE). */
void e1k_drv_set_vlan_offload(struct e1k_adapter *a, bool strip,
                              bool insert, bool filter);
/** Let VLAN @vid (0..4095) pass the filter (ndo_vlan_rx_add_vid). */
void e1k_drv_vlan_add(struct e1k_adapter *a, uint16_t vid);
/** Filter VLAN @vid out again (ndo_vlan_rx_kill_vid). */
void e1k_drv_vlan_kill(struct e1k_adapter *a, uint16_t vid);

/* ---- ethtool operations (Linux e1000_ethtool.c names in brackets) ---- */

/** Link modes as ethtool's legacy ADVERTISED_* bits. */
#define E1K_ADV_10HD   0x01u
#define E1K_ADV_10FD   0x02u
#define E1K_ADV_100HD  0x04u
#define E1K_ADV_100FD  0x08u
#define E1K_ADV_1000HD 0x10u
#define E1K_ADV_1000FD 0x20u

/** Link settings: what is configured and what the link is now. */
struct e1k_link_settings {
    bool autoneg;           /**< autonegotiate (else forced) */
    uint32_t advertised;    /**< E1K_ADV_* when autonegotiating */
    uint32_t forced_speed;  /**< Mb/s when forced: 10, 100 (1000: see set) */
    bool forced_fd;         /**< full duplex when forced */
    bool link_up;           /**< get: STATUS.LU */
    uint32_t speed;         /**< get: STATUS.SPEED, Mb/s */
    bool full_duplex;       /**< get: STATUS.FD */
};
/** [get_link_ksettings] the settings and STATUS (one register read). */
void e1k_drv_get_link_settings(struct e1k_adapter *a,
                               struct e1k_link_settings *ls);
/** [set_link_ksettings] apply @ls now (PHY restart; the link comes back
 *  with the new mode, reported by the watchdog).  Forced 1000 full means
 *  autonegotiation advertising 1000 full only, as Linux's
 *  e1000_set_spd_dplx; 1000 half, other speeds or nothing advertised:
 *  -1 (nothing changed).  0 on success. */
int e1k_drv_set_link_settings(struct e1k_adapter *a,
                              const struct e1k_link_settings *ls);
/** [nway_reset] restart autonegotiation; -1 when forced. */
int e1k_drv_nway_reset(struct e1k_adapter *a);
/** [get_pauseparam] flow control asked for and how. */
void e1k_drv_get_pause(struct e1k_adapter *a, bool *autoneg, bool *rx,
                       bool *tx);
/** [set_pauseparam] FlowControl from @rx/@tx; advertised and
 *  renegotiated with @autoneg, else forced in CTRL.RFCE/TFCE at once.
 *  0 or -1 (PHY access failed).  PAUSE frames are stored settings only in
 *  the e1klab model (docs/model.md). */
int e1k_drv_set_pause(struct e1k_adapter *a, bool autoneg, bool rx, bool tx);
/** [get_wol] Wake on LAN filters the part offers (WUFC bits EX, MC, BC,
 *  MAG; 0 on the 82545EM copper, as Linux e1000_wol_exclusion). */
uint32_t e1k_drv_wol_supported(const struct e1k_adapter *a);
/** [get_wol] the filters enabled (at probe: magic packet if the EEPROM's
 *  APM enable is set, Linux eeprom_wol). */
uint32_t e1k_drv_get_wol(const struct e1k_adapter *a);
/** [set_wol] enable the WUFC filters @wufc; -1 if one is not offered. */
int e1k_drv_set_wol(struct e1k_adapter *a, uint32_t wufc);
/** Before power-off or suspend (Linux __e1000_shutdown): WUC.PME_En and
 *  WUFC for the filters enabled, else both 0 (SDM 13.6.1-2). */
void e1k_drv_arm_wake(struct e1k_adapter *a);

/** [set_phys_id] identify the port: @state 1 LED0 on, 2 off (LEDCTL
 *  mode, SDM 13.4), 0 back to what LEDCTL was. */
void e1k_drv_identify(struct e1k_adapter *a, int state);

/** [get_regs_len] 32 dwords. */
#define E1K_REGS_DUMP_LEN 32u
/** [get_regs] the dump ethtool's e1000 decoder reads: version
 *  (1 << 24 | revision << 16 | device ID) in *@version, then CTRL,
 *  STATUS, RCTL, RDLEN, RDH, RDT, RDTR, TCTL, TDLEN, TDH, TDT, TIDV, PHY
 *  type 0 (M88), M88 PHY specific status, ..., 1000BASE-T status, MANC
 *  (Linux e1000_get_regs layout). */
void e1k_drv_get_regs(struct e1k_adapter *a, uint8_t revision,
                      uint32_t *version, uint32_t regs[E1K_REGS_DUMP_LEN]);
/** [get_eeprom_len] bytes: 2 x the EEPROM's words. */
uint32_t e1k_drv_eeprom_len(const struct e1k_adapter *a);
/** [get_eeprom] @len bytes from byte @offset read from the EEPROM now
 *  (Microwire; little-endian words); the magic vendor | device << 16 in
 *  *@magic.  0, or -1 (range or read failure). */
int e1k_drv_get_eeprom(struct e1k_adapter *a, uint32_t offset, uint32_t len,
                       uint8_t *bytes, uint32_t *magic);

/** [get_ringparam] descriptors per ring and their maximum (4096). */
void e1k_drv_get_rings(const struct e1k_adapter *a, uint32_t *rx,
                       uint32_t *tx, uint32_t *max);
/** [set_ringparam] ring sizes: each clamped to 80..4096 and rounded up to
 *  a multiple of 8; the port is closed and reopened if up.  0 or -1 (the
 *  new rings could not be had: the old sizes are back). */
int e1k_drv_set_rings(struct e1k_adapter *a, uint32_t rx, uint32_t tx);
/** [get_coalesce] rx-usecs as Linux e1000 maps the interrupt throttle:
 *  InterruptThrottleRate 0..4 as is, else 1e6 / rate. */
uint32_t e1k_drv_get_rx_usecs(const struct e1k_adapter *a);
/** [set_coalesce] rx-usecs to InterruptThrottleRate as Linux
 *  e1000_set_coalesce: 0 off, 1 and 3 dynamic, 4 simplified, 10..10000
 *  us a fixed 1e6 / usecs interrupts/s; ITR written at once.  -1 for 2,
 *  5..9 or above 10000 (EINVAL). */
int e1k_drv_set_rx_usecs(struct e1k_adapter *a, uint32_t usecs);
/** The delays of [set_coalesce]'s other fields, 1.024 us units: RDTR,
 *  RADV, TIDV, TADV (RxIntDelay ...), written at once; -1 above 65535. */
int e1k_drv_set_delays(struct e1k_adapter *a, uint32_t rdtr, uint32_t radv,
                       uint32_t tidv, uint32_t tadv);
/** [set_features] receive checksum offload (RXCSUM.TUOFL), transmit
 *  checksum and TSO (the context descriptors of xmit): applied at once. */
void e1k_drv_set_offloads(struct e1k_adapter *a, bool rx_csum, bool tx_csum,
                          bool tso);

/** The self-test's results, Linux e1000's order and meaning (0 passes):
 *  register (the failing register's offset), EEPROM (2: bad checksum),
 *  interrupt (3 masked cause posted, 4 enabled cause not posted, 5 other
 *  causes posted), loopback (PHY loopback: 13 frame not back or wrong,
 *  14 too late; MAC loopback: 23, 24), link (1 no link). */
enum e1k_test {
    E1K_TEST_REG = 0, E1K_TEST_EEPROM, E1K_TEST_INTR, E1K_TEST_LOOPBACK,
    E1K_TEST_LINK, E1K_TEST_COUNT
};
/** The test's name as ethtool prints it ("Register test  (offline)"). */
const char *e1k_drv_test_name(unsigned int i);
/** [self_test] link part: wait up to 4 s for STATUS.LU.  0 or 1. */
uint64_t e1k_drv_test_link(struct e1k_adapter *a);
/**
 * [self_test] offline part, the port closed (no rings) and the OS's
 * interrupt handler installed on the line (it calls e1k_drv_intr):
 * register, EEPROM, interrupt (masked checks only with @irq_shared
 * false) and loopback tests, each after a MAC reset, into
 * @res[E1K_TEST_REG..E1K_TEST_LOOPBACK].  Afterwards the MAC is reset and
 * the link set up again.  True if all four passed.
 */
bool e1k_drv_test_offline(struct e1k_adapter *a, bool irq_shared,
                          uint64_t *res);

#endif /* E1K_DRIVER_E1000_DRV_H */
