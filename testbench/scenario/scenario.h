/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A testbench scenario as plain data: what testbench/scenario/scenario_load.c
 * builds from an INI file (plus --set overrides) and testbench/sim/sim.c runs.
 * Every field corresponds to one documented key in docs/scenarios.md.
 */
#ifndef TB_SCENARIO_H
#define TB_SCENARIO_H

#include <stdint.h>

#include "e1000.h"
#include "e1000_drv.h"
#include "sim/profile.h"

#define TB_MAX_NICS 8
#define TB_MAX_ROUTES 32
#define TB_MAX_SOURCES 4
#define TB_NAME_LEN 32
#define TB_PATH_LEN 1024
/** Longest link partner description + 1 ("auto:" and six modes). */
#define TB_PARTNER_LEN 64
#define TB_MAX_IMIX 8

/** Modelled host (CPU and kernel parameters). */
typedef struct TbHostCfg {
    char profile[TB_NAME_LEN];   /**< cost profile name (profiles/NAME.ini) */
    char profile_path[TB_PATH_LEN]; /**< explicit profile file, or "" */
    uint32_t cpus;               /**< number of CPUs (1..8) */
    uint32_t sink_cpu;           /**< CPU the UDP sink reader is pinned to
                                      (0..cpus-1, default 0) */
    uint32_t cpu_mhz;            /**< CPU clock in MHz; 0 = profile's */
    uint32_t hz;                 /**< kernel HZ (jiffy = 1e9/hz ns) */
    uint32_t netdev_budget;      /**< frames per NET_RX softirq run (300) */
    uint32_t netdev_budget_usecs;/**< us per NET_RX run (2 jiffies) */
    uint32_t netdev_max_backlog; /**< netif_rx backlog, frames (1000) */
    uint32_t dev_weight;         /**< backlog NAPI weight, frames (64) */
    uint32_t max_softirq_restart;/**< __do_softirq restarts (10) */
    uint32_t max_softirq_time_us;/**< __do_softirq time limit, us (2000) */
    uint32_t ip_forward;         /**< 1: forward IPv4 between NICs */
    uint32_t netif_rx_throttle;  /**< 1: 2.4/2.5 netif_rx throttle: once
                                      the backlog overflows, drop until it
                                      has drained empty (0: modern) */
    uint32_t sink_udp_port;      /**< UDP port of the local sink (0 none) */
    uint32_t sink_rcvbuf;        /**< sink socket receive buffer, bytes */
    uint32_t sink_read_size;     /**< bytes per recv() by the reader */
    int tcp_timestamps;          /**< sysctl tcp_timestamps (1) */
    int tcp_window_scaling;      /**< sysctl tcp_window_scaling (1) */
    int kernel;                  /**< TbKernelGen: the Linux generation */
    /* Not keys: the cost profile the loader read to check it, kept so
     * that the run does not parse the file again (sim_host.c uses it
     * when the file and cpu_mhz it would read are these). */
    TbProfile prof;              /**< as read; prof.mhz 0: none kept */
    char prof_file[TB_PATH_LEN]; /**< the file it was read from */
    uint32_t prof_cpu_mhz;       /**< the cpu_mhz it was read with */
} TbHostCfg;

/** [host] kernel: the Linux generation the kernel model follows where an
 *  82598EB sees it (docs/tcp.md, "The kernel setting"). */
typedef enum TbKernelGen {
    TB_KERNEL_2_4 = 0,   /**< the default: the model of the gigabit seeds */
    TB_KERNEL_2_6_22,    /**< NAPI before 2.6.24: one poll per netdev */
    TB_KERNEL_2_6_24,    /**< napi_struct per queue vector */
} TbKernelGen;

/** `chip = 82598EB`: a TbNicCfg.chip value past the e1000 model's
 *  chips, the 82598EB 10 GbE model with its driver core
 *  (sim/nic_82598.c; scenario_82598.c checks its keys). */
#define TB_CHIP_82598EB ((E1kChip)2)
/** Most MSI-X vectors a NIC's irq_affinity names (16 queue vectors and
 *  the other causes'). */
#define TB_MAX_NIC_VECS 17

/** One NIC of the host. */
typedef struct TbNicCfg {
    char name[TB_NAME_LEN];      /**< interface name, e.g. "eth0" */
    E1kChip chip;                /**< 82540EM, 82545EM or TB_CHIP_82598EB */
    uint8_t mac[6];              /**< station address (EEPROM) */
    E1kBus bus;                  /**< bus timing */
    char bus_name[TB_NAME_LEN];  /**< bus preset name, for reports */
    uint32_t link_mbps;          /**< 10, 100, 1000 */
    char partner[TB_PARTNER_LEN];/**< the link partner, e1k_partner_parse
                                      syntax ("auto") */
    uint32_t partner_modes;      /**< parsed: E1kConfig.partner_modes */
    int partner_autoneg;         /**< parsed: E1kConfig.partner_autoneg */
    uint32_t ip;                 /**< IPv4 address, host byte order */
    uint32_t prefix_len;         /**< on-link prefix length */
    uint8_t peer_mac[6];         /**< MAC of the neighbour on this link
                                      (static neighbour entry) */
    uint32_t txqueuelen;         /**< qdisc limit, frames (1000) */
    uint32_t irq;                /**< IRQ number shown in /proc/interrupts */
    uint32_t cpu_plus1;          /**< 1 + the CPU its IRQ is delivered to
                                      (key nic.NAME.cpu); 0: default, NIC
                                      index modulo host.cpus */
    uint32_t mtu;                /**< bytes, E1K_MTU_MIN..E1K_MTU_MAX
                                      (1500; e1k_drv_change_mtu) */
    uint32_t promisc;            /**< 1: promiscuous (IFF_PROMISC,
                                      RCTL.UPE/MPE; e1k_drv_set_promisc) */
    struct e1k_drv_params drv;   /**< driver parameters for this port */
    uint64_t fault_tx_stall_ns;  /**< fault injection: the transmit DMA
                                      stalls this long after host ready
                                      until the next MAC reset; 0: never */
    uint64_t fault_rx_stall_ns;  /**< the same for the receive DMA */
    /* 82598EB only (scenario_82598.c) */
    uint32_t queues;             /**< RSS queue pairs, one MSI-X vector
                                      each (1..16) */
    uint32_t lro;                /**< 1: software LRO */
    uint32_t rss_udp;            /**< 1: RSS hashes UDP ports */
    uint32_t napi_per_device;    /**< not a key: 1 when the host's kernel
                                      is 2.6.22 (one NAPI poll per device,
                                      struct ixg_drv_params) */
    char irq_affinity[TB_PATH_LEN]; /**< the key's text */
    uint32_t nirq_cpus;          /**< entries of irq_cpus (0: the NIC's
                                      vectors follow `cpu` or the NIC
                                      number, as the e1000's line) */
    uint8_t irq_cpus[TB_MAX_NIC_VECS]; /**< CPU of vector v: entry
                                      v mod nirq_cpus */
} TbNicCfg;

/** The name of NIC chip @c as the `chip` key spells it. */
static inline const char *tb_chip_name(E1kChip c)
{
    return c == TB_CHIP_82598EB ? "82598EB"
           : c == E1K_CHIP_82540EM ? "82540EM" : "82545EM";
}

struct ixg_drv_params;
/** The 82598EB driver core's parameters of NIC @n (scenario_82598.c):
 *  its driver keys and queues, lro, rss_udp. */
void tb_nic_ixg_params(const TbNicCfg *n, struct ixg_drv_params *p);

/** A static IPv4 route. */
typedef struct TbRouteCfg {
    uint32_t prefix;             /**< network, host byte order */
    uint32_t prefix_len;         /**< 0..32 */
    int nic;                     /**< index into TbScenario.nic */
    uint32_t gateway;            /**< next hop, 0 = on-link */
} TbRouteCfg;

typedef enum TbTrafficKind {
    TB_TRAFFIC_PKTGEN = 0,       /**< synthetic frames (pktgen-like) */
    TB_TRAFFIC_PCAP = 1,         /**< replay of a pcap/pcapng capture */
} TbTrafficKind;

/** How a replay paces frames (tcpreplay terms). */
typedef enum TbPace {
    TB_PACE_CAPTURED = 0,        /**< captured timing x multiplier */
    TB_PACE_PPS = 1,             /**< fixed packets per second */
    TB_PACE_MBPS = 2,            /**< fixed Mbit/s (frame bytes incl. FCS) */
    TB_PACE_TOPSPEED = 3,        /**< back to back at link speed */
} TbPace;

/** One traffic source feeding one NIC's wire. */
typedef struct TbTrafficCfg {
    char name[TB_NAME_LEN];      /**< section suffix, "" for [traffic] */
    TbTrafficKind kind;
    int nic;                     /**< index of the NIC it feeds */
    uint64_t start_ns;           /**< first frame not before this time */
    TbPace pace;
    double pps;                  /**< TB_PACE_PPS */
    double mbps;                 /**< TB_PACE_MBPS */
    double multiplier;           /**< TB_PACE_CAPTURED speed multiplier */
    int topspeed;                /**< key topspeed = true: TB_PACE_TOPSPEED
                                      (tcpreplay --topspeed) */
    uint32_t loop;               /**< replay the capture this many times */
    uint64_t count;              /**< pktgen: frames to send (0 = until
                                      run end); pcap: cap on frames */
    /* pktgen */
    uint32_t frame_size;         /**< bytes incl. FCS (64..1518) */
    uint32_t imix_n;             /**< entries in the IMIX mix (0 = off) */
    uint32_t imix_size[TB_MAX_IMIX];   /**< bytes incl. FCS */
    uint32_t imix_weight[TB_MAX_IMIX]; /**< relative weights */
    uint32_t flows;              /**< number of flows (UDP src ports) */
    uint8_t dst_mac[6];          /**< destination MAC (default NIC's) */
    uint8_t src_mac[6];
    uint32_t src_ip, dst_ip;     /**< host byte order */
    uint32_t udp_src_port, udp_dst_port;
    uint32_t udp_payload;        /**< if nonzero: UDP payload bytes
                                      (frame_size is derived) */
    /* pcap */
    char pcap[TB_PATH_LEN];      /**< capture file */
    int rewrite_dst_mac;         /**< 1: set DA of every frame to the
                                      NIC's MAC (every frame, unicast or
                                      not, as tcpreplay --enet-dmac) */
} TbTrafficCfg;

/** Run control. */
typedef struct TbRunCfg {
    uint64_t duration_ns;        /**< stop at this simulated time; 0 = when
                                      all traffic is sent plus drain_ns */
    uint64_t drain_ns;           /**< time after the last offered frame */
    uint64_t sample_ns;          /**< CSV time series interval (1 ms) */
    uint64_t seed;               /**< seed for any randomised choice */
} TbRunCfg;

/** The driver the guest loads (`[guest] driver`, docs/full-system.md). */
typedef enum TbGuestDriver {
    TB_GUEST_E1KLAB = 0,         /**< e1klab.ko: the driver core of driver/,
                                      the one the testbench runs */
    TB_GUEST_STOCK = 1,          /**< Linux's own e1000 (NAPI only) */
} TbGuestDriver;

/** The full-system guest ([guest]). */
typedef struct TbGuestCfg {
    TbGuestDriver driver;        /**< driver loaded in the guest */
    char driver_at[TB_PATH_LEN + 64]; /**< where the key was given, as a
                                      message prefix ("file:line: " or
                                      "--set ARG: "); "" if not given */
    uint32_t cpus;               /**< [guest] cpus (1..8), 0 if not given:
                                      then the host's (tb_guest_cpus) */
    char cpus_at[TB_PATH_LEN + 64]; /**< where [guest] cpus was given, as
                                      driver_at; "" if not given */
} TbGuestCfg;

/** A complete scenario. */
typedef struct TbScenario {
    char name[TB_NAME_LEN * 2];
    char file[TB_PATH_LEN];      /**< source file, for messages */
    char overrides[TB_PATH_LEN]; /**< the --set arguments (SECTION.KEY=
                                      VALUE) whose value differs from the
                                      file's or that add a key, in order,
                                      each ended by '\n'; "" for none
                                      (cut at a whole entry when long) */
    TbHostCfg host;
    uint32_t nnics;
    TbNicCfg nic[TB_MAX_NICS];
    uint32_t nroutes;
    TbRouteCfg route[TB_MAX_ROUTES];
    uint32_t nsources;
    TbTrafficCfg traffic[TB_MAX_SOURCES];
    TbRunCfg run;
    TbGuestCfg guest;
} TbScenario;

#endif /* TB_SCENARIO_H */
