/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal state of the e1klab e1000 driver core: the adapter, its rings
 * and the helpers the driver's files share.  Only the driver/ sources include this;
 * the OS glue uses e1000_drv.h.
 *
 * Files (one job each):
 *   e1000_hw.c     MAC reset, EEPROM (Microwire on EECD), PHY (MDIC), link
 *   e1000_rings.c  ring allocation, RX buffer refill, ring teardown
 *   e1000_rx.c     RX clean (Linux e1000_clean_rx_irq)
 *   e1000_txctx.c  TX offload context descriptors (e1000_tso,
 *                  e1000_tx_csum)
 *   e1000_tx.c     xmit and TX clean (Linux e1000_xmit_frame,
 *                  e1000_clean_tx_irq)
 *   e1000_intr.c   the four interrupt/poll policies
 *   e1000_itr.c    InterruptThrottleRate modes and dynamic ITR
 *   e1000_stats.c  statistics accumulation and rtnl_link_stats64 mapping
 *   e1000_main.c   probe/open/close/watchdog/tx_timeout
 *   e1000_rxmode.c MTU, receive buffer size, LPE and promiscuous mode
 *   e1000_ethtool.c the ethtool -S table
 *   e1000_param.c  parameter defaults, mode names, validation
 *   e1000_diag.c   the five-part self-test (ethtool -t)
 *   e1000_regdump.c ethtool -d (Intel's layout) and -e
 *   e1000_link.c   link settings (-s), pause (-a/-A), -r, Wake on LAN
 *   e1000_vlan.c   VLAN filter table, tag stripping and insertion
 *   e1000_config.c ring sizes (-g/-G), coalescing (-c/-C), offloads
 *
 * Naming follows the Linux e1000 driver (e1000_main.c) so the code can be read
 * next to it: next_to_use, next_to_clean, buffer_info, itr_setting ...
 */
#ifndef E1K_DRIVER_E1000_DRV_INTERNAL_H
#define E1K_DRIVER_E1000_DRV_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "e1000_drv.h"
#include "e1000_regs.h"
#include "osdep.h"

/* ---- constants (Linux e1000.h, e1000_hw.h, e1000_main.c) ---- */

/** Receive buffer size in bytes; RCTL.BSIZE = 2048 (SDM 13.4.22). */
#define E1K_RXBUFFER_2048 2048u
/** Return RX buffers to hardware in batches of this many descriptors
 *  (Linux e1000.h E1000_RX_BUFFER_WRITE). */
#define E1K_RX_BUFFER_WRITE 16u
/** Largest data per TX descriptor the driver uses, bytes (Linux
 *  E1000_MAX_DATA_PER_TXD = 1 << 12). */
#define E1K_MAX_DATA_PER_TXD 4096u
/** Linux MAX_SKB_FRAGS with 4 KB pages (65536 / 4096 + 1). */
#define E1K_MAX_SKB_FRAGS 17u
/** Free TX descriptors below which xmit stops the queue
 *  (Linux e1000_xmit_frame: desc_needed = MAX_SKB_FRAGS + 7). */
#define E1K_TX_STOP_THRESHOLD (E1K_MAX_SKB_FRAGS + 7u)
/** Free TX descriptors at which TX clean wakes the queue (Linux
 *  e1000_main.c TX_WAKE_THRESHOLD). */
#define E1K_TX_WAKE_THRESHOLD 32u
/** Rounds of RX+TX cleaning per legacy interrupt (Linux 2.4
 *  E1000_MAX_INTR). */
#define E1K_MAX_INTR 10
/** Interrupt causes the driver enables (Linux IMS_ENABLE_MASK; SDM 13.4.20). */
#define E1K_IMS_ENABLE_MASK (E1K_ICR_RXT0 | E1K_ICR_TXDW | E1K_ICR_RXDMT0 | \
                             E1K_ICR_RXSEQ | E1K_ICR_LSC)
/** RX error bits that make a frame bad (Linux E1000_RXD_ERR_FRAME_ERR_MASK;
 *  SDM 3.2.3.2). */
#define E1K_RXD_ERR_FRAME_ERR_MASK (E1K_RXD_ERR_CE | E1K_RXD_ERR_SE | \
                                    E1K_RXD_ERR_SEQ | E1K_RXD_ERR_CXE | \
                                    E1K_RXD_ERR_RXE)
/** M88E1011 PHY identifier with the revision masked ([DPDK-E1000]). */
#define E1K_M88E1011_I_PHY_ID 0x01410C20u
#define E1K_PHY_REVISION_MASK 0xFFFFFFF0u
/** Microwire EEPROM: address bits for 64 words, delay per clock edge in
 *  us (Linux e1000_hw.c e1000_init_eeprom_params; SDM 5). */
#define E1K_EE_ADDR_BITS_64 6u
#define E1K_EE_ADDR_BITS_256 8u
#define E1K_EE_DELAY_US 50u
/** Attempts to obtain EECD.GNT, 5 us apart (Linux E1000_EEPROM_GRANT_ATTEMPTS). */
#define E1K_EE_GRANT_ATTEMPTS 1000u
/** MDIC polls, 50 us apart, before giving up (Linux: 64 in e1000_read_phy_reg_ex
 *  with udelay(50)). */
#define E1K_MDIC_POLLS 64u
/** Flow control defaults (Linux e1000_reset / e1000_setup_link): pause
 *  time in 512-bit-time units, PAUSE address and EtherType. */
#define E1K_FC_PAUSE_TIME 0x0680u
#define E1K_FC_FCAL 0x00C28001u
#define E1K_FC_FCAH 0x00000100u
#define E1K_FC_FCT 0x00008808u
/** FCRTL.XONE: send XON when the low threshold is crossed. */
#define E1K_FCRTL_XONE (1u << 31)
/** RX packet buffer the driver programs, KB (Linux E1000_PBA_48K). */
#define E1K_PBA_48K 48u

/** Latency classes of the dynamic ITR algorithm (Linux enum latency_range;
 *  e1000_main.c). */
enum e1k_latency {
    E1K_LOWEST_LATENCY = 0, /**< 70000 ints/s */
    E1K_LOW_LATENCY = 1,    /**< 20000 ints/s */
    E1K_BULK_LATENCY = 2,   /**< 4000 ints/s */
};

/* ---- rings ---- */

/** Per RX descriptor software state (Linux struct e1000_rx_buffer). */
struct e1k_rx_buffer {
    struct e1k_skb *skb; /**< buffer owned by this slot, NULL if none */
    uint64_t dma;        /**< its bus address (0 if none) */
};

/** Per TX descriptor software state (Linux struct e1000_tx_buffer). */
struct e1k_tx_buffer {
    struct e1k_skb *skb;   /**< set on the EOP descriptor of a frame */
    uint64_t dma;          /**< bus address of this descriptor's data */
    uint32_t length;       /**< bytes in this descriptor */
    uint32_t bytecount;    /**< frame bytes (on the EOP slot) */
    uint32_t next_to_watch;/**< first slot of a frame: index of its EOP */
};

/** RX descriptor ring (Linux struct e1000_rx_ring). */
struct e1k_rx_ring {
    uint8_t *desc;          /**< CPU pointer to count * 16 bytes */
    uint64_t dma;           /**< bus address of desc */
    uint32_t size;          /**< bytes = count * 16 */
    uint32_t count;         /**< descriptors */
    uint32_t next_to_use;   /**< next slot software fills */
    uint32_t next_to_clean; /**< next slot software inspects for DD */
    struct e1k_rx_buffer *buffer_info; /**< count entries */
};

/** TX descriptor ring (Linux struct e1000_tx_ring). */
struct e1k_tx_ring {
    uint8_t *desc;
    uint64_t dma;
    uint32_t size;
    uint32_t count;
    uint32_t next_to_use;
    uint32_t next_to_clean;
    struct e1k_tx_buffer *buffer_info;
};

/** Hardware statistics accumulated from the clear-on-read registers
 *  (Linux struct e1000_hw_stats; SDM 13.7).  All 64-bit. */
struct e1k_hw_stats {
    uint64_t crcerrs, algnerrc, symerrs, rxerrc, mpc, scc, ecol, mcc;
    uint64_t latecol, colc, dc, tncrs, sec, cexterr, rlec;
    uint64_t xonrxc, xontxc, xoffrxc, xofftxc, fcruc;
    uint64_t prc64, prc127, prc255, prc511, prc1023, prc1522;
    uint64_t gprc, bprc, mprc, gptc, gorc, gotc;
    uint64_t rnbc, ruc, rfc, roc, rjc, mgprc, mgpdc, mgptc;
    uint64_t tor, tot, tpr, tpt;
    uint64_t ptc64, ptc127, ptc255, ptc511, ptc1023, ptc1522;
    uint64_t mptc, bptc, tsctc, tsctfc;
};

/** The adapter (Linux struct e1000_adapter + struct e1000_hw). */
struct e1k_adapter {
    struct e1k_os *os;
    struct e1k_drv_params params;

    /* ---- hardware identity (probe) ---- */
    uint16_t eeprom[E1K_EEPROM_WORDS]; /**< words 0..0x3F as read */
    uint32_t eeprom_addr_bits;         /**< 6 or 8 (EECD.SIZE) */
    uint8_t mac[6];                    /**< station address */
    uint32_t phy_id;                   /**< PHY ID1<<16 | ID2 */

    /* ---- link ---- */
    bool link_up;          /**< last STATUS.LU seen */
    uint32_t link_speed;   /**< Mb/s: 10, 100, 1000 (0 if down) */
    bool full_duplex;
    /* ---- link settings (e1000_link.c; Linux hw->autoneg, ...) ---- */
    bool autoneg;          /**< autonegotiate (else forced) */
    uint32_t advertised;   /**< E1K_ADV_* modes to advertise */
    uint32_t forced_speed; /**< forced: 10 or 100 Mb/s */
    bool forced_fd;        /**< forced: full duplex */
    bool fc_autoneg;       /**< pause resolved by autonegotiation */
    uint32_t wol;          /**< Wake on LAN filters (WUFC bits) */
    uint32_t eeprom_wol;   /**< what the EEPROM enables (APM: magic) */
    uint16_t device_id;    /**< PCI device ID from the EEPROM (word 0x0D) */
    bool ledctl_saved;     /**< identify running: ledctl_default kept */
    uint32_t ledctl_default; /**< LEDCTL before identify */
    /* ---- VLAN (e1000_vlan.c) ---- */
    bool vlan_strip;       /**< CTRL.VME: tags stripped on receive */
    bool vlan_insert;      /**< tags inserted on transmit (VLE) */
    bool vlan_filter;      /**< RCTL.VFE: the VFTA filters */
    uint32_t vfta[128];    /**< the VLAN filter table as programmed */
    /* ---- receive filters (e1000_rxmode.c) ---- */
    bool allmulti;         /**< IFF_ALLMULTI: RCTL.MPE */
    uint32_t mta[128];     /**< the multicast table as programmed */
    /* ---- self-test (e1000_diag.c) ---- */
    bool diag_intr;        /**< the interrupt handler only records ICR */
    uint32_t diag_icr;     /**< causes it saw */

    /* ---- rings and buffers ---- */
    struct e1k_rx_ring rx_ring;
    struct e1k_tx_ring tx_ring;
    uint32_t rx_buffer_len;  /**< bytes per RX buffer: 2048, 4096, 8192
                                  or 16384 (e1k_drv_rx_buffer_len) */
    uint32_t mtu;            /**< bytes (1500 unless changed) */
    bool promisc;            /**< IFF_PROMISC: RCTL.UPE and MPE */
    uint32_t rctl;           /**< RCTL as last programmed */
    uint32_t txd_cmd;        /**< CMD bits of a frame's last descriptor */
    bool discarding;         /**< dropping the rest of a multi-buffer frame */
    bool up;                 /**< opened and not closed (Linux !__E1000_DOWN) */

    /* ---- interrupt moderation (e1000_itr.c; Linux e1000_set_itr) ---- */
    uint32_t itr_setting;    /**< 0, 1, 3, 4 or fixed rate & ~3 */
    uint32_t itr;            /**< current target ints/s (or 4 in mode 4
                                  until the first computation) */
    uint32_t rx_itr, tx_itr; /**< enum e1k_latency per direction */
    uint64_t total_tx_bytes, total_tx_packets; /**< since the last IRQ */
    uint64_t total_rx_bytes, total_rx_packets;
    uint64_t gorcl_old, gotcl_old; /**< good octets at the last watchdog */
    uint64_t gorcl, gotcl;         /**< good octets over the last period */

    /* ---- statistics ---- */
    struct e1k_hw_stats stats;
    struct e1k_link_stats64 net_stats;
    struct e1k_drv_counters counters;
    uint64_t sw_rx_packets, sw_rx_bytes;  /**< delivered by RX clean */
    uint64_t sw_tx_packets, sw_tx_bytes;  /**< completed by TX clean */
    uint64_t rx_frame_errors_sw;          /**< frames dropped by RX clean */
    uint64_t restart_queue;               /**< queue wake-ups */
    uint64_t hw_csum_good, hw_csum_err;   /**< RX checksum offload results */
};

/* ---- e1000_hw.c ---- */

/** readl/writel shorthands (Linux er32/ew32). */
static inline uint32_t er32(struct e1k_adapter *a, uint32_t reg)
{
    return e1k_os_readl(a->os, reg);
}
static inline void ew32(struct e1k_adapter *a, uint32_t reg, uint32_t val)
{
    e1k_os_writel(a->os, reg, val);
}
/** Flush posted writes by reading STATUS (Linux E1000_WRITE_FLUSH). */
static inline void e1k_write_flush(struct e1k_adapter *a)
{
    (void)er32(a, E1K_STATUS);
}
/** ew32 then e1k_write_flush, in one call to the OS. */
static inline void ew32_flush(struct e1k_adapter *a, uint32_t reg,
                              uint32_t val)
{
    (void)e1k_os_writel_readl(a->os, reg, val, E1K_STATUS);
}

/** Link speed in Mb/s of a STATUS value (SPEED b7:6: 00 10, 01 100, else
 *  1000; SDM 13.4.2). */
static inline uint32_t e1k_status_mbps(uint32_t status)
{
    switch (status & E1K_STATUS_SPEED_MASK) {
    case E1K_STATUS_SPEED_10:
        return 10;
    case E1K_STATUS_SPEED_100:
        return 100;
    default:
        return 1000;
    }
}

/** Reset the MAC (CTRL.RST) as Linux e1000_reset_hw: masks interrupts,
 *  stops RX/TX, waits for the EEPROM reload, clears ICR. */
void e1k_hw_reset(struct e1k_adapter *a);
/**
 * Read @words EEPROM words from @offset into @data through the Microwire
 * interface on EECD (REQ/GNT, CS, SK, DI, DO; Linux e1000_read_eeprom on
 * 82540/82545; SDM 5).  Returns 0, or -1 if GNT never came or the
 * range is beyond the EEPROM.
 */
int e1k_hw_read_eeprom(struct e1k_adapter *a, uint32_t offset,
                       uint32_t words, uint16_t *data);
/** 16-bit sum of words 0..0x3F (carries dropped); valid if 0xBABA. */
uint16_t e1k_eeprom_sum(const uint16_t *words);
/** Read PHY register @reg via MDIC.  0 and *val, or -1 (not READY or
 *  ERROR; logged). */
int e1k_hw_read_phy(struct e1k_adapter *a, uint32_t reg, uint16_t *val);
/** Write PHY register @reg via MDIC.  0 or -1 (logged). */
int e1k_hw_write_phy(struct e1k_adapter *a, uint32_t reg, uint16_t val);
/** PHY hardware reset (CTRL.PHY_RST), ID check, autonegotiation setup
 *  (advertise 10/100/1000 full and half, restart), CTRL.SLU.  0 or -1. */
int e1k_hw_setup_link(struct e1k_adapter *a);
/** Program RAL0/RAH0 with the station address, clear MTA and the other
 *  receive-address slots, VET, flow control registers. */
void e1k_hw_init_filters(struct e1k_adapter *a);
/**
 * Check the link (STATUS.LU, speed and duplex), update the carrier and
 * log "NIC Link is Up 1000 Mbps Full Duplex" / "NIC Link is Down" on a
 * change (Linux e1000_watchdog).  One STATUS read.
 */
void e1k_hw_check_link(struct e1k_adapter *a);

/* ---- e1000_rings.c ---- */

/** Allocate both rings and their buffer_info arrays.  0 or -1 (logged;
 *  nothing left allocated). */
int e1k_rings_alloc(struct e1k_adapter *a);
/** Free every buffer held by the rings and the rings themselves. */
void e1k_rings_free(struct e1k_adapter *a);
/** Free the buffers held by the rings and zero the descriptors and
 *  indices, keeping the rings allocated (Linux e1000_clean_*_ring). */
void e1k_rings_clean(struct e1k_adapter *a);
/** Program RDBAL..RDT and TDBAL..TDT for the rings (indices 0). */
void e1k_rings_program(struct e1k_adapter *a);
/** Descriptors software may still fill (Linux E1000_DESC_UNUSED):
 *  ring size minus those in use minus one. */
static inline uint32_t e1k_desc_unused(uint32_t count, uint32_t ntu,
                                       uint32_t ntc)
{
    return (ntc > ntu ? 0 : count) + ntc - ntu - 1;
}

/* ---- little-endian descriptor field access ---- */
static inline uint16_t e1k_get_le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (uint16_t)p[1] << 8);
}
static inline void e1k_put_le16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static inline void e1k_put_le64(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, sizeof(v)); /* one store: the host order is LE */
#else
    for (int i = 0; i < 8; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
#endif
}

/* ---- e1000_rx.c ---- */

/**
 * Clean the RX ring: every descriptor with DD, at most @work_to_do frames
 * (Linux e1000_clean_rx_irq).  Good frames go to the stack with
 * e1k_os_receive_skb (@napi true) or e1k_os_netif_rx (@napi false).
 * *work_done is increased per descriptor cleaned.  Returns true if any
 * descriptor was cleaned.
 */
bool e1k_clean_rx_irq(struct e1k_adapter *a, int *work_done, int work_to_do,
                      bool napi);
/**
 * Give up to @cleaned_count buffers back to hardware starting at
 * next_to_use: reuse a slot's buffer if it still has one, else allocate;
 * write RDT = next_to_use - 1 if anything was added (Linux
 * e1000_alloc_rx_buffers; SDM 3.2).  Charges E1K_COST_RX_REFILL per
 * buffer.
 */
void e1k_alloc_rx_buffers(struct e1k_adapter *a, uint32_t cleaned_count);

/* ---- e1000_txctx.c ---- */

/** How the data descriptors of a frame carry its transmit offload. */
struct e1k_tx_off {
    bool ext;         /**< extended data descriptors (DEXT, DTYP data) */
    bool tse;         /**< TCP segmentation (DCMD.TSE) */
    uint8_t popts;    /**< POPTS: IXSM, TXSM */
    uint32_t segs;    /**< frames on the wire: TSO segments, else 1 */
    uint32_t hdrlen;  /**< TSO: header bytes each segment repeats */
    bool vle;         /**< insert the VLAN tag (VLE, last descriptor) */
    uint16_t vlan;    /**< the tag control information it inserts */
};

/** The checksum an skb leaves to the NIC (CHECKSUM_PARTIAL, as
 *  e1k_os_skb_csum_partial reports it): L4 header offset and the
 *  checksum field's offset from it, bytes. */
struct e1k_tx_csum {
    uint32_t start;
    uint32_t offset;
};

/**
 * e1000_tso / e1000_tx_csum: for an skb that asks for checksum offload
 * (@csum: its CHECKSUM_PARTIAL offsets; NULL if it asks for none) and
 * TSO if gso_size, write a TCP/IP context descriptor at next_to_use
 * (advanced) and fill *@o.  Returns 1 (written), 0 (no offload asked;
 * *@o legacy), -1 (an offload the driver did not offer or cannot do:
 * the frame is dropped).  SDM 3.3.5-3.3.6, 3.5.
 */
int e1k_tx_ctx(struct e1k_adapter *a, struct e1k_skb *skb,
               const struct e1k_tx_csum *csum, struct e1k_tx_off *o);

/* ---- e1000_tx.c ---- */

/**
 * Clean the TX ring: free every frame whose EOP descriptor has DD, at
 * most one ring's worth (Linux e1000_clean_tx_irq); wake the queue when
 * at least E1K_TX_WAKE_THRESHOLD descriptors are free.  Sets *cleaned to
 * whether anything was freed.  Returns true if the ring was cleaned
 * completely within the bound (Linux: count < tx_ring->count).
 */
bool e1k_clean_tx_ring(struct e1k_adapter *a, bool *cleaned);

/** e1k_clean_tx_ring, answered inline when nothing is in flight
 *  (next_to_clean == next_to_use, as on a receive-only NIC): nothing
 *  freed, the ring clean within the bound. */
static inline bool e1k_clean_tx_irq(struct e1k_adapter *a, bool *cleaned)
{
    if (a->tx_ring.next_to_clean == a->tx_ring.next_to_use) {
        *cleaned = false;
        return true;
    }
    return e1k_clean_tx_ring(a, cleaned);
}

/* ---- e1000_intr.c ---- */

/** Mask every cause: IMC = ~0 and flush (Linux e1000_irq_disable). */
void e1k_irq_disable(struct e1k_adapter *a);
/** IMS = IMS_ENABLE_MASK and flush (Linux e1000_irq_enable). */
void e1k_irq_enable(struct e1k_adapter *a);

/* ---- e1000_itr.c ---- */

/**
 * One step of the dynamic ITR classifier for one direction (Linux
 * e1000_update_itr).  @cls is the current class, @packets and
 * @bytes the traffic since the last interrupt.  Returns the new class;
 * unchanged if @packets is 0.  Pure function.
 */
enum e1k_latency e1k_itr_update_class(enum e1k_latency cls,
                                      uint64_t packets, uint64_t bytes);
/** ints/s of a latency class: 70000, 20000, 4000. */
uint32_t e1k_itr_class_rate(enum e1k_latency cls);
/**
 * Next ints/s when moving from @old to @target: increases are stepped by
 * target/4 (min(old + target/4, target)), decreases are immediate (Linux
 * e1000_set_itr).  Pure function.
 */
uint32_t e1k_itr_step(uint32_t old, uint32_t target);
/**
 * Mode 4 ("simplified") rate from the good octets of one watchdog period
 * (Linux e1000_watchdog): goc = (gotcl + gorcl) / 10000, dif =
 * |gotcl - gorcl| / 10000, rate = goc > 0 ? dif * 6000 / goc + 2000 :
 * 8000 ints/s.  Pure function.
 */
uint32_t e1k_itr_mode4(uint64_t gotcl, uint64_t gorcl);
/** ITR register value for @rate ints/s: 1e9 / (rate * 256), in 256 ns
 *  units (SDM 13.4.18; Linux e1000_configure_rx); 0 for rate 0. */
uint32_t e1k_itr_reg(uint32_t rate);
/** Initialise itr_setting/itr from InterruptThrottleRate (Linux
 *  e1000_param.c e1000_check_options). */
void e1k_itr_init(struct e1k_adapter *a);
/** Program ITR at configure time if itr_setting != 0 (Linux
 *  e1000_configure_rx). */
void e1k_itr_configure(struct e1k_adapter *a);
/** After a completed poll in dynamic modes 1/3 (Linux e1000_set_itr). */
void e1k_itr_set(struct e1k_adapter *a);
/** Mode 4 recomputation from the watchdog period's octets. */
void e1k_itr_watchdog(struct e1k_adapter *a);

/* ---- e1000_stats.c ---- */

/** Read every statistics register and accumulate; refresh net_stats
 *  (Linux e1000_update_stats). */
void e1k_update_stats(struct e1k_adapter *a);

/* ---- e1000_link.c ---- */

/** Program the PHY and CTRL for the link settings (autonegotiation with
 *  the advertised modes, or the forced speed and duplex) and the flow
 *  control asked for; with the defaults exactly e1k_hw_setup_link's
 *  writes.  0 or -1. */
int e1k_link_program(struct e1k_adapter *a);

/* ---- e1000_vlan.c ---- */

/** Write CTRL.VME, RCTL.VFE and the VFTA as the adapter keeps them
 *  (after a MAC reset; nothing when VLAN offloads are all off). */
void e1k_vlan_restore(struct e1k_adapter *a);

/* ---- e1000_rxmode.c ---- */

/** RCTL's receive-mode bits for the adapter's MTU and promiscuous
 *  setting: BSIZE/BSEX for rx_buffer_len, LPE, UPE and MPE (SDM
 *  13.4.22; Linux e1000_setup_rctl). */
uint32_t e1k_rctl_rx_mode(const struct e1k_adapter *a);
/** Largest frame incl. header and FCS for the MTU, bytes (1518 at 1500;
 *  Linux hw->max_frame_size). */
uint32_t e1k_max_frame(const struct e1k_adapter *a);

#endif /* E1K_DRIVER_E1000_DRV_INTERNAL_H */
