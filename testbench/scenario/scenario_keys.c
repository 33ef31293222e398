/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The scenario key registry (see scenario_keys.h): the table of every key
 * of a scenario file.  Driver parameters follow the Linux e1000 module
 * parameters (Documentation/networking/device_drivers/ethernet/intel/
 * e1000.rst); their defaults are e1k_drv_params_default().
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <glib.h>

#include "scenario/scenario_keys.h"
#include "scenario/topology.h"

/* destination field of a row: offset and size in the section's struct */
#define F(T, f) .off = offsetof(T, f), .size = sizeof(((T *)0)->f)
#define U32(lo, hi) .type = TB_KEY_U32, .min = (lo), .max = (hi)

static const char *const mode_names[] = {"legacy", "napi-twist", "napi",
                                         "napi-dynitr", NULL};
static const char *const chip_names[] = {"82540EM", "82545EM", "82598EB",
                                         NULL};
static const char *const bus_names[] = {"pci32-33", "pci64-66", "pcix133",
                                        NULL};
static const char *const kind_names[] = {"pktgen", "pcap", NULL};
static const char *const pace_names[] = {"captured", "pps", "mbps",
                                         "topspeed", NULL};
static const char *const test_names[] = {"TCP_STREAM", "UDP_STREAM",
                                         "TCP_SENDFILE", NULL};
static const char *const guest_driver_names[] = {"e1klab", "stock", NULL};
static const char *const fwd_names[] = {"static", "learning", NULL};
static const char *const kernel_names[] = {"2.4", "2.6.22", "2.6.24", NULL};

#define SC TB_SEC_SCENARIO
#define HO TB_SEC_HOST
#define DR TB_SEC_DRIVER
#define NI TB_SEC_NIC
#define RO TB_SEC_ROUTE
#define TR TB_SEC_TRAFFIC
#define RU TB_SEC_RUN
#define LI TB_SEC_LINK
#define NP TB_SEC_NETPERF
#define GU TB_SEC_GUEST
#define SW TB_SEC_SWITCH
#define WB TB_SEC_SPECWEB
/* [specweb]'s app_* figures: required, ns, TbSpecwebSecCfg.app_ns[I] */
#define APP_NS(I, NAME, HELP)                                            \
    {WB, NAME, .type = TB_KEY_U64, .min = 0, .max = 1000000000,          \
     .unit = "ns", F(TbSpecwebSecCfg, app_ns[I]),                        \
     .flags = TB_KF_REQUIRED, .help = HELP}
#define DP struct e1k_drv_params

const TbKeyDef tb_keys[] = {
    /* [scenario] */
    {SC, "name", TB_KEY_STR, "text", F(TbScenario, name),
     .def_doc = "file name without `.ini`", .help = "name shown in reports"},
    {SC, "description", TB_KEY_STR, "text", .flags = TB_KF_CODE,
     .help = "free text (not used by the run)"},

    /* [host] */
    {HO, "profile", TB_KEY_STR, "name or file", F(TbHostCfg, profile),
     .flags = TB_KF_CODE, .def = "piii-933",
     .help = "CPU cost profile: a name looks up "
     "`testbench/profiles/NAME.ini`; a value containing `/` or ending in "
     "`.ini` is a file (relative to the scenario)"},
    {HO, "profile_path", TB_KEY_PATH, "file", F(TbHostCfg, profile_path),
     .flags = TB_KF_CODE, .def_doc = "(none)",
     .help = "CPU cost profile file, relative to the scenario file (takes "
     "precedence over a `profile` name; `profile` defaults to its base "
     "name)"},
    {HO, "cpus", U32(1, 8), .unit = "CPUs", F(TbHostCfg, cpus), .def = "1",
     .help = "number of CPUs, 1..8 (the seeds are uniprocessor); with more "
     "than one, CPUs run in deterministic lock-step (docs/testbench.md, "
     "\"Several CPUs\")"},
    {HO, "sink_cpu", U32(0, 7), .unit = "CPU", F(TbHostCfg, sink_cpu),
     .def = "0", .help = "CPU the UDP sink reader process is pinned to "
     "(0..cpus-1)"},
    {HO, "cpu_mhz", U32(0, 100000), .unit = "MHz", F(TbHostCfg, cpu_mhz),
     .def = "0", .help = "CPU clock; 0 = the profile's"},
    {HO, "hz", U32(10, 10000), .unit = "1/s", F(TbHostCfg, hz),
     .def = "1000", .help = "kernel HZ; one jiffy = 1e9/hz ns"},
    {HO, "netdev_budget", U32(1, 1000000), .unit = "frames",
     F(TbHostCfg, netdev_budget), .def = "300",
     .help = "frames one NET_RX softirq run may process (net_rx_action "
     "budget)"},
    {HO, "netdev_budget_usecs", U32(1, 10000000), .unit = "us",
     F(TbHostCfg, netdev_budget_usecs), .def_doc = "2 jiffies (2e6/hz)",
     .help = "time limit of one NET_RX run"},
    {HO, "netdev_max_backlog", U32(1, 10000000), .unit = "frames",
     F(TbHostCfg, netdev_max_backlog), .def = "1000",
     .help = "per-CPU netif_rx backlog (non-NAPI path); frames beyond are "
     "dropped (`backlog_drops`)"},
    {HO, "dev_weight", U32(1, 100000), .unit = "frames",
     F(TbHostCfg, dev_weight), .def = "64",
     .help = "quota of the backlog's poll per round"},
    {HO, "max_softirq_restart", U32(1, 1000), .unit = "rounds",
     F(TbHostCfg, max_softirq_restart), .def = "10",
     .help = "`__do_softirq` restarts before handing off to ksoftirqd"},
    {HO, "max_softirq_time_us", U32(1, 10000000), .unit = "us",
     F(TbHostCfg, max_softirq_time_us), .def = "2000",
     .help = "`__do_softirq` time limit before handing off to ksoftirqd"},
    {HO, "ip_forward", TB_KEY_BOOL, "boolean", F(TbHostCfg, ip_forward),
     .def = "true", .help = "forward IPv4 between the NICs "
     "(`net.ipv4.ip_forward`)"},
    {HO, "netif_rx_throttle", TB_KEY_BOOL, "boolean",
     F(TbHostCfg, netif_rx_throttle), .def = "false",
     .help = "the Linux 2.4/2.5 netif_rx throttle: once the backlog "
     "overflows, netif_rx drops every frame until the backlog has drained "
     "empty (2.6 dropped it); the seed scenarios (2.4.20, 2.5.66) turn it "
     "on"},
    {HO, "sink_udp_port", U32(0, 65535), .unit = "UDP port",
     F(TbHostCfg, sink_udp_port), .def = "0", .def_doc = "0 (none)",
     .help = "a UDP socket bound on this port, drained by a process-context "
     "reader (the netperf receiver of seed M2)"},
    {HO, "sink_rcvbuf", U32(1, 1u << 30), .unit = "bytes",
     F(TbHostCfg, sink_rcvbuf), .def = "212992", .range_doc = "1..2^30",
     .help = "the socket's receive buffer (`SO_RCVBUF`; Linux "
     "`rmem_default`)"},
    {HO, "sink_read_size", U32(1, 1u << 20), .unit = "bytes",
     F(TbHostCfg, sink_read_size), .def = "65536", .range_doc = "1..2^20",
     .help = "bytes asked for per `recv()` by the reader"},
    {HO, "tcp_timestamps", TB_KEY_BOOL, "boolean",
     F(TbHostCfg, tcp_timestamps), .def = "true",
     .help = "sysctl tcp_timestamps of the host's TCP sockets "
     "(`[netperf]`): offer the timestamps option (12 bytes per segment; "
     "MSS 1448 at MTU 1500) [RFC7323]"},
    {HO, "tcp_window_scaling", TB_KEY_BOOL, "boolean",
     F(TbHostCfg, tcp_window_scaling), .def = "true",
     .help = "sysctl tcp_window_scaling of the host's TCP sockets "
     "(`[netperf]`): offer window scaling (windows above 65535 bytes) "
     "[RFC7323]"},
    {HO, "kernel", TB_KEY_ENUM, "name", F(TbHostCfg, kernel),
     .names = kernel_names, .what = "kernel", .def = "2.4",
     .help = "the Linux generation the host's kernel model follows where "
     "it matters to an 82598EB (docs/tcp.md, \"The kernel setting\"): "
     "2.4 = the model as the gigabit seeds ran it (an 82598EB keeps a "
     "NAPI context per queue vector); 2.6.22 = NAPI before 2.6.24, one "
     "poll per device over all its queues with the device's quota "
     "(dev->weight), and TSO with checksum offload on unless the driver "
     "keys say otherwise; 2.6.24 = napi_struct per queue vector, TSO on "
     "as 2.6.22; both 2.6 settings autotune the TCP socket buffers "
     "(docs/tcp.md, \"Buffer autotuning\")"},

    /* [driver] and [nic.NAME]: defaults are e1k_drv_params_default() */
    {DR, "mode", TB_KEY_ENUM, "name", F(DP, mode), .names = mode_names,
     .what = "driver mode",
     .help = "interrupt/poll policy (see `driver/e1000_drv.h`): legacy = no "
     "NAPI, ISR loops up to 10 rounds and hands frames to netif_rx; "
     "napi-twist = ISR schedules the poll and never masks; napi = ISR masks "
     "(IMC) and the poll re-enables (IMS) when it did less than its quota; "
     "napi-dynitr = napi plus dynamic ITR"},
    {DR, "RxDescriptors", U32(80, 4096), .unit = "descriptors",
     F(DP, RxDescriptors), .range_doc = "80..4096, multiple of 8",
     .help = "RX ring size"},
    {DR, "TxDescriptors", U32(80, 4096), .unit = "descriptors",
     F(DP, TxDescriptors), .range_doc = "80..4096, multiple of 8",
     .help = "TX ring size"},
    {DR, "RxIntDelay", U32(0, 65535), .unit = "1.024 us", F(DP, RxIntDelay),
     .help = "RDTR receive interrupt delay"},
    {DR, "RxAbsIntDelay", U32(0, 65535), .unit = "1.024 us",
     F(DP, RxAbsIntDelay),
     .help = "RADV absolute receive delay (inactive while RDTR is 0)"},
    {DR, "TxIntDelay", U32(0, 65535), .unit = "1.024 us", F(DP, TxIntDelay),
     .help = "TIDV transmit interrupt delay (IDE set iff non-zero)"},
    {DR, "TxAbsIntDelay", U32(0, 65535), .unit = "1.024 us",
     F(DP, TxAbsIntDelay), .help = "TADV absolute transmit delay"},
    {DR, "InterruptThrottleRate", U32(0, 488281), .unit = "interrupts/s",
     F(DP, InterruptThrottleRate),
     .range_doc = "0, 1, 3, 4, 100..100000; 82598EB: 0, 1, 3, 956..488281",
     .help = "0 off; 1 dynamic; 3 dynamic conservative; 4 simplified "
     "(watchdog); 100..100000 fixed (ITR = 1e9/(rate x 256 ns)).  82598EB: "
     "per MSI-X vector, EITR = 1e9/(rate x 256 ns); 1 and 3 start at "
     "20000 and adapt after each poll in `napi-dynitr` (docs/driver.md, "
     "\"The 82598EB core\")"},
    {DR, "XsumRX", U32(0, 1), .unit = "boolean 0/1", F(DP, XsumRX),
     .help = "RX checksum offload"},
    {DR, "copybreak", U32(0, 16384), .unit = "bytes", F(DP, copybreak),
     .help = "RX frames up to this size are copied into a new skb"},
    {DR, "weight", U32(1, 4096), .unit = "frames", F(DP, weight),
     .help = "NAPI weight: the quota of one poll"},
    {DR, "FlowControl", U32(0, 3), .unit = "mode", F(DP, FlowControl),
     .help = "0 none, 1 RX pause, 2 TX pause, 3 full"},
    {DR, "XsumTX", U32(0, 1), .unit = "boolean 0/1", F(DP, XsumTX),
     .help = "TX checksum offload (`ethtool -K tx`): the driver offers "
     "NETIF_F_IP_CSUM and the kernel leaves TCP checksums to the NIC "
     "(a context descriptor per frame, SDM 3.3.5-3.3.6); testbench only "
     "(e1klab.ko does not offer it)"},
    {DR, "TSO", U32(0, 1), .unit = "boolean 0/1", F(DP, TSO),
     .help = "TCP segmentation offload (`ethtool -K tso`): the kernel "
     "hands TCP skbs of up to 64 KB that the NIC cuts into MSS-sized "
     "segments (SDM 3.5); needs XsumTX 1; testbench only"},

    /* [nic.NAME] */
    {NI, "chip", TB_KEY_ENUM, "name", F(TbNicCfg, chip), .names = chip_names,
     .what = "supported chip", .nocase = 1, .def = "82545EM",
     .help = "`82540EM` (PRO/1000 MT Desktop), `82545EM` (MT Server) or "
     "`82598EB` (10 GbE, CX4; PCIe, MSI-X, RSS; its driver core "
     "driver/ixgbe_*.c: docs/driver.md \"The 82598EB core\")"},
    {NI, "mac", TB_KEY_MAC, "MAC", F(TbNicCfg, mac), .flags = TB_KF_REQUIRED,
     .help = "station address (written to the EEPROM); must be unicast and "
     "unique"},
    {NI, "ip", TB_KEY_CIDR, "a.b.c.d/len", F(TbNicCfg, ip),
     .off2 = offsetof(TbNicCfg, prefix_len),
     .help = "the interface's IPv4 address and on-link prefix; adds an "
     "on-link route"},
    {NI, "peer_mac", TB_KEY_MAC, "MAC", F(TbNicCfg, peer_mac),
     .def_doc = "`02:00:00:00:01:NN` (NN = NIC number + 1)",
     .help = "MAC of the neighbour on this link (a static neighbour entry: "
     "forwarded frames are sent to it); also the default source MAC of "
     "traffic fed into this NIC"},
    {NI, "bus", TB_KEY_BUS, "name", .off = offsetof(TbNicCfg, bus),
     .off2 = offsetof(TbNicCfg, bus_name),
     .size = sizeof(((TbNicCfg *)0)->bus_name), .names = bus_names,
     .what = "bus", .def = "pci64-66",
     .help = "bus timing presets of the device model"},
    {NI, "link_mbps", U32(10, 10000), .unit = "Mbit/s",
     F(TbNicCfg, link_mbps), .def = "1000",
     .def_doc = "1000; 10000 for the 82598EB",
     .range_doc = "10, 100, 1000; the 82598EB: 10000",
     .help = "link speed: the link partner's top speed, at which traffic "
     "into the NIC arrives"},
    {NI, "partner", TB_KEY_STR, "text", F(TbNicCfg, partner),
     .def = "auto",
     .help = "the link partner: `auto` (autonegotiates every mode up to "
     "`link_mbps`), `auto:MODES` or `forced:MODE`, modes `10half`, "
     "`10full`, `100half`, `100full`, `1000half`, `1000full` joined by `+`; "
     "its fastest mode must be at `link_mbps`; the model resolves the link "
     "as IEEE 802.3 clause 28 (parallel detection against a forced "
     "partner: half duplex; docs/model.md \"Link partner\")"},
    {NI, "txqueuelen", U32(1, 1000000), .unit = "frames",
     F(TbNicCfg, txqueuelen), .def = "1000",
     .help = "the pfifo_fast qdisc limit before the driver's xmit"},
    {NI, "irq", U32(0, 255), .unit = "IRQ number", F(TbNicCfg, irq),
     .def_doc = "16 + NIC number", .help = "the line shown in "
     "`/proc/interrupts`"},
    {NI, "mtu", U32(E1K_MTU_MIN, E1K_MTU_MAX), .unit = "bytes",
     F(TbNicCfg, mtu), .def = "1500",
     .help = "the interface's MTU (`ip link set dev NAME mtu N`). Up to "
     "1500 RCTL.LPE is clear: the NIC receives frames up to 1522 bytes "
     "incl. FCS and drops a longer one, counted in ROC "
     "(`rx_long_length_errors`). Above 1500 the driver sets RCTL.LPE "
     "(long packets): the NIC receives frames up to 16384 bytes, whatever "
     "the MTU, into receive buffers of 4096, 8192 or 16384 bytes as the "
     "Linux driver does (docs/driver.md, \"MTU and promiscuous mode\"). "
     "Forwarding drops a datagram larger than the outgoing interface's "
     "MTU (`ip_dropped`: fragmentation is not modelled), so a forwarded "
     "frame must fit mtu + 18 bytes incl. header and FCS"},
    {NI, "promisc", TB_KEY_BOOL, "boolean", F(TbNicCfg, promisc),
     .def = "false",
     .help = "promiscuous mode (`ip link set dev NAME promisc on`): the "
     "driver sets RCTL.UPE and RCTL.MPE, so the NIC accepts frames for "
     "any unicast and multicast address instead of dropping those for "
     "other addresses (`rx_filtered`); the host's IPv4 input still takes "
     "only frames for its own addresses or routes"},
    {NI, "cpu", TB_KEY_CPU, "CPU", F(TbNicCfg, cpu_plus1), .min = 0,
     .max = 7, .def_doc = "NIC number modulo `host.cpus`",
     .help = "IRQ affinity: the CPU the line is delivered to (0..cpus-1), "
     "where its ISR and NAPI poll run; with `--backend qemu` and several "
     "vCPUs, the guest pins the NIC's interrupt vectors to it "
     "(`/proc/irq/N/smp_affinity_list`; the default counts modulo "
     "`guest.cpus`)"},
    {NI, "fault_tx_stall_at", TB_KEY_TIME, "time",
     F(TbNicCfg, fault_tx_stall_ns), .def = "0", .def_doc = "0 (never)",
     .help = "fault injection: at this time after host ready the NIC's "
     "transmit DMA stalls (no descriptor is fetched; the ring fills, the "
     "driver stops the queue) until the driver resets the MAC (CTRL.RST): "
     "the net core's watchdog then logs \"NETDEV WATCHDOG: NAME: transmit "
     "timed out\" and calls the driver's tx_timeout, which resets the "
     "adapter (docs/driver.md \"Watchdog and transmit timeout\"); 0 = never; "
     "testbench only"},
    {NI, "fault_rx_stall_at", TB_KEY_TIME, "time",
     F(TbNicCfg, fault_rx_stall_ns), .def = "0", .def_doc = "0 (never)",
     .help = "fault injection: at this time after host ready the NIC's "
     "receive DMA stalls until the next MAC reset: frames stay in the "
     "receive packet buffer and, once it is full, arriving frames are "
     "missed (MPC, `rx_missed_errors`, ICR.RXO); with `fault_tx_stall_at` "
     "at the same time, a hung bus-master engine; 0 = never; testbench only"},
    {NI, "queues", U32(1, 16), .unit = "queue pairs", F(TbNicCfg, queues),
     .def = "1",
     .help = "82598EB: receive/transmit queue pairs, each with its MSI-X "
     "vector and NAPI context; RSS spreads flows over the receive queues "
     "(RETA entry i -> queue i mod queues); a frame is sent on the queue "
     "of the CPU sending it (CPU mod queues)"},
    {NI, "lro", TB_KEY_BOOL, "boolean", F(TbNicCfg, lro), .def = "false",
     .help = "82598EB: software LRO as the 2007 ixgbe (in-order TCP "
     "segments of one flow merged within a poll; needs a NAPI `mode` and "
     "XsumRX 1)"},
    {NI, "rss_udp", TB_KEY_BOOL, "boolean", F(TbNicCfg, rss_udp),
     .def = "false",
     .help = "82598EB: RSS hashes UDP ports too (MRQC UDP_IPV4/IPV6, as "
     "`ethtool -N NAME rx-flow-hash udp4 sdfn`); without it UDP flows "
     "are spread by their addresses only, as Linux's default"},
    {NI, "irq_affinity", TB_KEY_STR, "CPU,CPU,...",
     F(TbNicCfg, irq_affinity), .def_doc = "0,1,..,cpus-1",
     .help = "82598EB: the CPU of each MSI-X vector in vector order "
     "(queue vectors 0..queues-1, then the other causes'), the list "
     "repeating when shorter (`/proc/irq/N/smp_affinity` of each); "
     "excludes `cpu`"},

    /* [route.NAME] */
    {RO, "dst", TB_KEY_CIDR, "a.b.c.d/len", F(TbRouteCfg, prefix),
     .off2 = offsetof(TbRouteCfg, prefix_len), .flags = TB_KF_REQUIRED,
     .help = "destination prefix (`0.0.0.0/0` = default route)"},
    {RO, "dev", TB_KEY_STR, "NIC name",
     .flags = TB_KF_REQUIRED | TB_KF_CODE,
     .help = "outgoing interface; must be a `[nic.NAME]`"},
    {RO, "via", TB_KEY_IP, "a.b.c.d", F(TbRouteCfg, gateway),
     .def_doc = "none (on-link)",
     .help = "gateway; frames go to the NIC's `peer_mac` either way"},

    /* [traffic], [traffic.NAME] */
    {TR, "kind", TB_KEY_ENUM, "name", F(TbTrafficCfg, kind),
     .names = kind_names, .what = "traffic kind", .def = "pktgen",
     .help = "`pktgen` (synthetic IPv4/UDP) or `pcap` (replay a pcap/pcapng "
     "capture)"},
    {TR, "nic", TB_KEY_STR, "NIC name", .flags = TB_KF_CODE,
     .def_doc = "the only NIC",
     .help = "the NIC fed; required when there are several"},
    {TR, "pace", TB_KEY_ENUM, "name", F(TbTrafficCfg, pace),
     .names = pace_names, .what = "pace",
     .def_doc = "the pace a rate key names (`pps`, `mbps`, `multiplier`, "
     "`topspeed`), else `captured` for pcap and `topspeed` for pktgen",
     .help = "`pps` fixed rate, `mbps` fixed bit rate, `topspeed` back to "
     "back at link speed, `captured` (pcap only) the capture's timing x "
     "multiplier. As tcpreplay's options, each rate key selects its pace: "
     "the pacing keys of `--set`, if any, choose it (a file key naming "
     "another pace is overridden), else the file's; two keys of one of "
     "them naming different paces are an error"},
    {TR, "start", TB_KEY_TIME, "time", F(TbTrafficCfg, start_ns),
     .def = "0", .help = "the first frame is not scheduled before this "
     "time, counted from the moment the host is ready (drivers probed, "
     "links up)"},
    {TR, "pps", TB_KEY_DOUBLE, "frames/s", F(TbTrafficCfg, pps),
     .dmin = 0.001, .dmax = 1e9,
     .help = "rate for `pace = pps`: frame i is scheduled at start + "
     "floor(i x 1e9 / pps) ns (pps with up to 3 decimals); selects that "
     "pace"},
    {TR, "mbps", TB_KEY_DOUBLE, "Mbit/s", F(TbTrafficCfg, mbps),
     .dmin = 0.001, .dmax = 1e6,
     .help = "rate for `pace = mbps`, counting frame bytes incl. FCS: frame "
     "i is scheduled at start + (bits of frames 0..i-1) x 1000 / mbps ns; "
     "selects that pace"},
    {TR, "multiplier", TB_KEY_DOUBLE, "factor", F(TbTrafficCfg, multiplier),
     .dmin = 1e-6, .dmax = 1e6, .def = "1",
     .help = "pcap `pace = captured`: the captured gaps are divided by it "
     "(2 = twice as fast); selects that pace"},
    {TR, "topspeed", TB_KEY_BOOL, "boolean", F(TbTrafficCfg, topspeed),
     .def = "false",
     .help = "`true` selects `pace = topspeed` (tcpreplay's `--topspeed`); "
     "`false` is refused (it names no pace)"},
    {TR, "loop", U32(1, 1000000), .unit = "passes", F(TbTrafficCfg, loop),
     .def = "1", .help = "pcap: replay the capture this many times; each "
     "pass starts where the previous one's last frame was scheduled"},
    {TR, "count", TB_KEY_U64, "frames", F(TbTrafficCfg, count), .min = 0,
     .max = UINT64_C(1) << 40, .def = "0", .range_doc = "0..2^40",
     .help = "pktgen: frames to send (0 = until `[run] duration`, which is "
     "then required); pcap: a cap on the frames replayed over all loops "
     "(0 = no cap)"},
    {TR, "frame_size", U32(64, 16128), .unit = "bytes incl. FCS",
     F(TbTrafficCfg, frame_size), .def = "64",
     .help = "pktgen frame size (1518 = standard maximum)"},
    {TR, "imix", TB_KEY_IMIX, "SIZE:WEIGHT,...",
     .range_doc = "up to 8 entries; SIZE 64..16128, WEIGHT 1..1000000",
     .help = "pktgen size mix instead of `frame_size`, e.g. "
     "`64:7,594:4,1518:1` (sizes incl. FCS). The order is a deterministic "
     "smooth weighted round robin (each step adds every weight to a running "
     "value, takes the largest — the first on a tie — and subtracts the "
     "total from it): for the example, 64 594 64 64 594 64 1518 64 594 64 "
     "594 64, repeating"},
    {TR, "flows", U32(1, 65536), .unit = "flows", F(TbTrafficCfg, flows),
     .def = "1", .help = "pktgen: UDP source ports cycle through "
     "udp_src_port .. udp_src_port + flows - 1"},
    {TR, "src_mac", TB_KEY_MAC, "MAC", F(TbTrafficCfg, src_mac),
     .def_doc = "the NIC's `peer_mac`", .help = "pktgen source address"},
    {TR, "dst_mac", TB_KEY_MAC, "MAC", F(TbTrafficCfg, dst_mac),
     .def_doc = "the NIC's address", .help = "pktgen destination address "
     "(`00:00:00:00:00:00` also means the NIC's)"},
    {TR, "src_ip", TB_KEY_IP, "a.b.c.d", F(TbTrafficCfg, src_ip),
     .def = "198.18.0.1", .help = "pktgen IPv4 source"},
    {TR, "dst_ip", TB_KEY_IP, "a.b.c.d", F(TbTrafficCfg, dst_ip),
     .def_doc = "the NIC's `ip`, else 198.18.1.1",
     .help = "pktgen IPv4 destination (set it to a routed address to "
     "forward)"},
    {TR, "udp_src_port", U32(0, 65535), .unit = "port",
     F(TbTrafficCfg, udp_src_port), .def = "9",
     .help = "pktgen UDP source port (first of the flows)"},
    {TR, "udp_dst_port", U32(0, 65535), .unit = "port",
     F(TbTrafficCfg, udp_dst_port),
     .def_doc = "`[host] sink_udp_port` if set, else 9",
     .help = "pktgen UDP destination port"},
    {TR, "udp_payload", U32(18, 16082), .unit = "bytes",
     F(TbTrafficCfg, udp_payload),
     .help = "pktgen: UDP payload size; the frame is payload + 46 bytes "
     "incl. FCS (1440 → 1486). Excludes `frame_size` and `imix`"},
    {TR, "pcap", TB_KEY_PATH, "file", F(TbTrafficCfg, pcap),
     .def_doc = "**required for pcap**",
     .help = "capture to replay, pcap or pcapng (read through libpcap); "
     "Ethernet (DLT_EN10MB) only"},
    {TR, "rewrite_dst_mac", TB_KEY_BOOL, "boolean",
     F(TbTrafficCfg, rewrite_dst_mac), .def = "false",
     .help = "pcap: set the destination MAC of **every** frame (unicast, "
     "multicast and broadcast alike, as tcpreplay's `--enet-dmac`) to the "
     "NIC's address. Without it, frames for other addresses are dropped by "
     "the NIC's address filter and counted (`rx_filtered`)"},

    /* [run] */
    {RU, "duration", TB_KEY_TIME, "time", F(TbRunCfg, duration_ns),
     .def = "0",
     .help = "stop this long after the host is ready (drivers probed, links "
     "up: `TbResults.init_ns`); 0 = when every source is exhausted, plus "
     "`drain`.  The modelled CPU runs C code synchronously and can only "
     "stop between units of work: the run ends at the first return to the "
     "CPU's scheduling loop at or after that instant, so the work in "
     "progress (a softirq run, bounded by MAX_SOFTIRQ_TIME = 2 ms and "
     "netdev_budget; an interrupt handler) completes (frames keep arriving "
     "meanwhile) and `sim_ns` can exceed init + duration by up to about "
     "that much (e.g. 50 ms -> 50.7 ms under overload).  Rates use the "
     "actual window; CSV rows stop at the last full interval"},
    {RU, "drain", TB_KEY_TIME, "time", F(TbRunCfg, drain_ns), .def = "10ms",
     .help = "with duration 0: time simulated after the last offered frame, "
     "for queues to empty"},
    {RU, "sample", TB_KEY_TIME, "time", F(TbRunCfg, sample_ns),
     .def = "1ms", .range_doc = "at least 1us",
     .help = "interval of the CSV time series"},
    {RU, "seed", TB_KEY_U64, "integer", F(TbRunCfg, seed), .min = 0,
     .max = UINT64_MAX, .def = "0", .range_doc = "0..2^64-1",
     .help = "seed for any randomised choice (none is made today; results "
     "depend only on the scenario)"},

    /* [link.NAME] */
    {LI, "a", TB_KEY_STR, "HOST.NIC or SWITCH", F(TbLinkCfg, end_text[0]),
     .flags = TB_KF_REQUIRED,
     .help = "one end: NIC `NIC` of `[host.HOST]` (a `[nic.HOST.NIC]` "
     "section), or a port of `[switch.SWITCH]` (docs/switch.md)"},
    {LI, "b", TB_KEY_STR, "HOST.NIC or SWITCH", F(TbLinkCfg, end_text[1]),
     .flags = TB_KF_REQUIRED,
     .help = "the other end; two NICs must have the same `link_mbps` (the "
     "link's speed) and different `mac`s; at most one end is a switch "
     "(the port runs at the NIC's `link_mbps`)"},
    {LI, "delay", TB_KEY_TIME, "time", F(TbLinkCfg, delay_ns), .def = "0",
     .help = "propagation delay each way: a frame reaches the other NIC "
     "this long after its last bit left (the NICs model the wire time)"},
    {LI, "drop_every", U32(0, 1000000000), .unit = "frames",
     F(TbLinkCfg, drop_every), .def = "0",
     .help = "lose every N-th frame of each direction on the wire (0: "
     "none); deterministic, for tests of loss recovery"},

    /* [netperf] */
    {NP, "test", TB_KEY_ENUM, "name", F(TbNetperfSecCfg, test),
     .names = test_names, .what = "netperf test", .nocase = 1,
     .def = "TCP_STREAM",
     .help = "netperf's test (`-t`): TCP_STREAM, one connection sending "
     "from `local` to `remote`; UDP_STREAM, datagrams of `message_size` "
     "(at most MTU - 28 bytes, 1472 at MTU 1500) from `local` into a UDP "
     "socket of `remote` (its UDP sink, with `recv_socket` as sink_rcvbuf "
     "and `recv_size` as sink_read_size; `remote` must not set sink_udp_port); "
     "TCP_SENDFILE, TCP_STREAM's connection fed by sendfile() from the "
     "page cache: no copy_from_user when the sending NIC offers checksum "
     "offload (XsumTX 1), else the copy (Linux's fallback; docs/switch.md)"},
    {NP, "local", TB_KEY_STR, "host", F(TbNetperfSecCfg, local),
     .def_doc = "the first host",
     .help = "the host running netperf (the sender)"},
    {NP, "remote", TB_KEY_STR, "host", F(TbNetperfSecCfg, remote),
     .def_doc = "the second host",
     .help = "the host running netserver (`-H`): its first NIC with an "
     "`ip` is the address; `local` needs a route to it"},
    {NP, "message_size", U32(1, 1048576), .unit = "bytes",
     F(TbNetperfSecCfg, message_size), .def_doc = "`send_socket`",
     .help = "bytes per send() (`-m`)"},
    {NP, "recv_size", U32(1, 1048576), .unit = "bytes",
     F(TbNetperfSecCfg, recv_size), .def_doc = "`recv_socket`",
     .help = "bytes per recv() at most (`-M`)"},
    {NP, "send_socket", U32(4096, 16777216), .unit = "bytes",
     F(TbNetperfSecCfg, send_socket), .def = "16384",
     .help = "the sender's SO_SNDBUF (`-s`); Linux 2.4's default "
     "tcp_wmem 16384; with a 2.6 `kernel` on the sender the size it "
     "starts with, grown by autotuning up to 4 MB"},
    {NP, "recv_socket", U32(4096, 16777216), .unit = "bytes",
     F(TbNetperfSecCfg, recv_socket), .def = "87380",
     .help = "the receiver's SO_RCVBUF (`-S`); Linux 2.4's default "
     "tcp_rmem 87380; with a 2.6 `kernel` on the receiver the size it "
     "starts with, grown by autotuning up to 4 MB"},
    {NP, "duration", TB_KEY_TIME, "time", F(TbNetperfSecCfg, duration_ns),
     .def = "10s",
     .help = "test length (`-l`), from host ready; it is the run's "
     "duration (given both, they must be equal; given only `[run] "
     "duration`, that is the test's)"},
    {NP, "nodelay", TB_KEY_BOOL, "boolean", F(TbNetperfSecCfg, nodelay),
     .def = "false", .help = "TCP_NODELAY on both sockets (`-D`)"},
    /* [guest] */
    {GU, "driver", TB_KEY_ENUM, "name", F(TbGuestCfg, driver),
     .names = guest_driver_names, .what = "guest driver", .def = "e1klab",
     .help = "the driver `--backend qemu` loads in the guest: `e1klab` = "
     "e1klab.ko, the driver core the testbench runs, with every `[driver]` "
     "key as a module parameter; `stock` = Linux 6.1's own e1000, which "
     "cannot honour `mode` legacy or napi-twist, a `weight` other than 64, "
     "per-port `copybreak`, nor `mode = napi` with InterruptThrottleRate 1, "
     "3 or 4 (it adapts ITR: that is `napi-dynitr`): such a scenario is "
     "refused. The testbench always runs the driver core: `stock` is "
     "refused there"},
    {GU, "cpus", U32(1, 8), .unit = "CPUs", F(TbGuestCfg, cpus),
     .def_doc = "`host.cpus`",
     .help = "the guest's vCPUs with `--backend qemu` (`-smp`, run "
     "deterministically under -icount: docs/full-system.md, \"Several "
     "vCPUs\"); with more than one, each NIC's interrupt vectors are "
     "pinned to its `cpu` in the guest. The testbench runs `host.cpus` "
     "CPUs: another value is refused there"},

    /* [switch.NAME] (docs/switch.md) */
    {SW, "buffer", U32(1522, 268435456), .unit = "bytes",
     F(TbSwitchCfg, buffer), .flags = TB_KF_REQUIRED,
     .help = "output buffer of each port: frames (with FCS) waiting for "
     "or in transmission on the port; a frame that does not fit is "
     "dropped (tail drop, counted as the port's `drops`)"},
    {SW, "forwarding", TB_KEY_ENUM, "name", F(TbSwitchCfg, forwarding),
     .names = fwd_names, .what = "forwarding", .def = "static",
     .help = "`static`: the table holds each port's NIC address from the "
     "start; `learning`: it starts empty and learns each frame's source "
     "address (no ageing).  Unknown unicast, broadcast and multicast "
     "frames are flooded to every other port"},
    {SW, "pause", TB_KEY_BOOL, "boolean", F(TbSwitchCfg, pause),
     .def = "false",
     .help = "IEEE 802.3x flow control: send a PAUSE frame (XOFF) on a "
     "port when the bytes queued from it pass `pause_threshold`, and one "
     "with pause_time 0 (XON) when they fall to `pause_resume`; the NIC "
     "acts on it as its model does (the e1000 model does not honour "
     "PAUSE: docs/switch.md)"},
    {SW, "pause_threshold", U32(1, 268435456), .unit = "bytes",
     F(TbSwitchCfg, pause_threshold), .def_doc = "`buffer` / 2",
     .help = "XOFF above this many bytes queued (in any output buffer) "
     "from one ingress port"},
    {SW, "pause_resume", U32(0, 268435456), .unit = "bytes",
     F(TbSwitchCfg, pause_resume), .def_doc = "`pause_threshold` / 2",
     .help = "XON when the bytes queued from the paused port fall to this; "
     "below `pause_threshold`"},
    {SW, "pause_quanta", U32(1, 65535), .unit = "512 bit times",
     F(TbSwitchCfg, pause_quanta), .def = "65535",
     .help = "pause_time of an XOFF; it is sent again when half of it has "
     "passed and the port is still above `pause_resume`"},

    /* [specweb] (docs/specweb.md): `e1klab specweb` reads these; its
     * flags override them */
    APP_NS(0, "app_parse", "the server application's work per GET to "
           "parse it and find the file (`--app-ns` P); no default: no "
           "published figure (docs/specweb.md)"),
    APP_NS(1, "app_open", "its open() and close() of the file (`--app-ns` "
           "O)"),
    APP_NS(2, "app_stat", "its stat() of the file (`--app-ns` S)"),
    APP_NS(3, "app_log", "its access-log line (`--app-ns` L)"),
    {WB, "sendfile", TB_KEY_BOOL, "boolean", F(TbSpecwebSecCfg, sendfile),
     .def = "false",
     .help = "the file by sendfile() (no copy when the port checksums, "
     "XsumTX 1), else by send() with copy_from_user (`--sendfile`)"},
    {WB, "request_bytes", U32(1, 65536), .unit = "bytes",
     F(TbSpecwebSecCfg, request_bytes), .def = "200",
     .help = "bytes of a GET on the wire (`--request-bytes`)"},
    {WB, "header_bytes", U32(0, 65536), .unit = "bytes",
     F(TbSpecwebSecCfg, header_bytes), .def = "200",
     .help = "response header bytes before the file (`--header-bytes`)"},
    {WB, "max_conns", U32(1, 60000), .unit = "connections",
     F(TbSpecwebSecCfg, max_conns), .def = "4000",
     .help = "the search's upper bound and first trial (`--max-conns`)"},
    {WB, "resolution", U32(1, 60000), .unit = "connections",
     F(TbSpecwebSecCfg, resolution), .def = "10",
     .help = "the search stops when its bounds are this close "
     "(`--resolution`)"},
    {WB, "rampup", TB_KEY_TIME, "time", F(TbSpecwebSecCfg, rampup_ns),
     .def = "0",
     .help = "the connections connect one after another over this span "
     "from the clients' first turn, at most 60 s (`--rampup` in ms; 0: "
     "all at once)"},
    {WB, "warmup", TB_KEY_TIME, "time", F(TbSpecwebSecCfg, warmup_ns),
     .def = "0",
     .help = "the measurement (conformance, the server's CPU shares) "
     "starts this long after the clients' first turn, the ramp-up "
     "included; below `[run] duration`, at most 60 s (`--warmup` in ms; "
     "0: the whole run)"},
};

const size_t tb_keys_n = G_N_ELEMENTS(tb_keys);

const char *tb_key_sec_name(TbKeySec sec)
{
    static const char *const names[TB_SEC_COUNT] = {
        "scenario", "host", "driver", "nic", "route", "traffic", "run",
        "link", "netperf", "guest", "switch", "specweb"};
    return (unsigned)sec < TB_SEC_COUNT ? names[sec] : "?";
}

const TbKeyDef *tb_key_find(TbKeySec sec, const char *key)
{
    for (size_t i = 0; i < tb_keys_n; i++) {
        if (tb_keys[i].sec == sec && !strcmp(tb_keys[i].key, key)) {
            return &tb_keys[i];
        }
    }
    return NULL;
}

void tb_keys_default(TbKeySec sec, void *base)
{
    for (size_t i = 0; i < tb_keys_n; i++) {
        if (tb_keys[i].sec == sec && tb_keys[i].def) {
            char *msg = tb_key_parse(&tb_keys[i], tb_keys[i].def, base);
            g_assert(!msg);   /* the table's own defaults parse */
        }
    }
}
