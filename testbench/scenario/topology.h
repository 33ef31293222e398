/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The scenario of a run: a network of hosts joined by links
 * (docs/scenarios.md, "Hosts and links").  Every run is one: a file
 * without [host.NAME] sections declares one host, unnamed, whose sections
 * are [host], [nic.IF], [route.R], [traffic] and [traffic.T]; a file with
 * [host.NAME] sections declares those hosts, each with its own sections
 * ([nic.NAME.IF], [route.NAME.R], [traffic.NAME], [traffic.NAME.T]).
 * Each host becomes one complete TbScenario (its "view", with the shared
 * [scenario], [driver] and [run]); each [link.NAME] joins two NICs full
 * duplex; [netperf] is a test between two hosts.  Loaded by
 * topology_load.c; run by sim/sim.h.
 *
 * Nothing bounds the number of hosts and links but memory: the arrays are
 * allocated for what the file declares (docs/performance.md measures a
 * network of 256 hosts).
 */
#ifndef TB_TOPOLOGY_H
#define TB_TOPOLOGY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scenario/scenario.h"

/** Text of a link end, "HOST.NIC". */
#define TB_LINK_END_LEN (2 * TB_NAME_LEN)

/** A full-duplex link between two NICs ([link.NAME]).  Its speed is the
 *  NICs' link_mbps (equal at both ends). */
typedef struct TbLinkCfg {
    char name[TB_NAME_LEN];      /**< section suffix */
    char end_text[2][TB_LINK_END_LEN]; /**< keys a, b: "HOST.NIC" */
    uint32_t host[2];            /**< host index of end a, b */
    uint32_t nic[2];             /**< NIC index within that host */
    uint64_t delay_ns;           /**< propagation delay, each way, ns */
    uint32_t drop_every;         /**< lose every N-th frame of each
                                      direction (0: none) */
    uint32_t sw[2];              /**< end a, b is port @port of switch
                                      sw - 1 (0: the end is a NIC) */
    uint32_t port;               /**< the switch end's port number */
} TbLinkCfg;

/** Forwarding of a switch ([switch.NAME] forwarding). */
typedef enum TbSwitchFwd {
    TB_SWITCH_STATIC = 0,        /**< table of the ports' NIC addresses */
    TB_SWITCH_LEARNING,          /**< empty table, source addresses learnt */
} TbSwitchFwd;

/** A store-and-forward Ethernet switch ([switch.NAME], docs/switch.md);
 *  its ports are the links that end at it, in file order. */
typedef struct TbSwitchCfg {
    char name[TB_NAME_LEN];      /**< section suffix */
    uint32_t buffer;             /**< output buffer of each port, bytes
                                      of frames incl. FCS */
    int forwarding;              /**< TbSwitchFwd */
    int pause;                   /**< send 802.3x PAUSE frames */
    uint32_t pause_threshold;    /**< XOFF above this many bytes queued
                                      from one ingress port (0: buffer/2) */
    uint32_t pause_resume;       /**< XON at or below this (0 with
                                      threshold 0: threshold/2) */
    uint32_t pause_quanta;       /**< pause_time of an XOFF, 512 bit times */
    uint32_t nports;             /**< links ending at it */
} TbSwitchCfg;

/** netperf tests ([netperf] test). */
typedef enum TbNetperfTest {
    TB_NETPERF_TCP_STREAM = 0,
    TB_NETPERF_UDP_STREAM,
    TB_NETPERF_TCP_SENDFILE,     /**< TCP_STREAM's connection fed by
                                      sendfile() from the page cache */
} TbNetperfTest;

/** The test's data port: TCP_STREAM's connection, UDP_STREAM's
 *  receiving socket (the remote host's UDP sink). */
#define TB_NETPERF_DATA_PORT 12866u

/** Most [netperf.NAME] streams of a scenario (their data ports follow
 *  TB_NETPERF_DATA_PORT). */
#define TB_NETPERF_MAX_STREAMS 1024u
/** Most streams one host takes part in (a process and a TCP socket
 *  each: TB_TCP_MAX_SOCKS, TB_MAX_PROCS). */
#define TB_NETPERF_MAX_PER_HOST 64u

/** A netperf test between two hosts ([netperf], or a stream
 *  [netperf.NAME]); sizes in bytes. */
typedef struct TbNetperfSecCfg {
    int present;                 /**< a [netperf] section was given */
    char name[TB_NAME_LEN];      /**< a stream's NAME ("" for [netperf]) */
    uint16_t port;               /**< its data port */
    int test;                    /**< TbNetperfTest */
    char local[TB_NAME_LEN];     /**< host running netperf (sender) */
    char remote[TB_NAME_LEN];    /**< host running netserver (-H) */
    uint32_t local_host, remote_host;  /**< their indices */
    uint32_t local_ip, remote_ip;      /**< the connection's addresses */
    uint32_t message_size;       /**< send() size (-m) */
    uint32_t recv_size;          /**< recv() size (-M) */
    uint32_t send_socket;        /**< sender's SO_SNDBUF (-s) */
    uint32_t recv_socket;        /**< receiver's SO_RCVBUF (-S) */
    uint64_t duration_ns;        /**< test length (-l), = the run's */
    int nodelay;                 /**< TCP_NODELAY (-D) */
} TbNetperfSecCfg;

/** The web-serving workload `e1klab specweb` runs ([specweb];
 *  docs/specweb.md): the search's and the server application model's
 *  settings (TbSwSearchCfg, TbSwAppCfg). */
typedef struct TbSpecwebSecCfg {
    int present;                 /**< a [specweb] section was given */
    int by_specweb;              /**< set by `e1klab specweb` before
                                      tb_sim_new: other commands refuse
                                      the section (it would be ignored) */
    uint64_t app_ns[4];          /**< parse, open, stat, log per GET, ns */
    int sendfile;                /**< sendfile() instead of send() */
    uint32_t request_bytes, header_bytes;  /**< GET, response header */
    uint32_t max_conns, resolution;        /**< the search's bounds */
    uint64_t rampup_ns, warmup_ns;         /**< <= 60 s each */
} TbSpecwebSecCfg;

/** The hosts, links and tests of a scenario file.  @host, @host_name and
 *  @link are allocated by the loader (nhosts, nlinks entries);
 *  tb_topology_clear() frees them. */
typedef struct TbTopology {
    uint32_t nhosts;             /**< >= 1 once loaded */
    char (*host_name)[TB_NAME_LEN]; /**< "" for the one host of a file
                                      without [host.NAME] sections */
    TbScenario *host;            /**< each host's view */
    uint32_t nlinks;
    TbLinkCfg *link;
    uint32_t nswitches;
    TbSwitchCfg *sw;             /**< [switch.NAME]s, file order */
    TbNetperfSecCfg netperf;     /**< [netperf] */
    uint32_t nstreams;
    TbNetperfSecCfg *stream;     /**< [netperf.NAME]s, file order */
    TbSpecwebSecCfg specweb;     /**< [specweb] */
} TbTopology;

/**
 * Load the scenario file @path with --set overrides @sets (NULL-terminated
 * "section.key=value" strings, or NULL; the key is the text after the
 * last '.' before '=': "nic.a.eth0.mtu=9000" sets mtu in [nic.a.eth0])
 * into @t (its previous arrays are not freed: pass a zeroed or cleared
 * one).  A file without [host.NAME] sections is one unnamed host, loaded
 * by the one-host rules of scenario_load.c (it needs a [traffic]
 * section).  With [host.NAME] sections every section must belong to a
 * declared host ([nic.HOST.IF], [route.HOST.R], [traffic.HOST],
 * [traffic.HOST.T]) or be [scenario], [driver], [run], [link.NAME] or
 * [netperf]; a host needs no traffic source; a linked NIC feeds no
 * traffic source, and its peer_mac is the other end's address.  Relative
 * capture paths in the file are taken from the file's directory, those
 * given with --set from the current directory.  0, or -1 with *err set
 * (one line with file:line, section and key; @t then holds nothing to
 * free).
 */
int tb_topology_load(const char *path, const char *const *sets,
                     TbTopology *t, char **err);
/** The same from text @data (@len bytes, -1: NUL-terminated) named
 *  @name, relative paths against @dir (NULL: the current directory). */
int tb_topology_load_data(const char *data, ptrdiff_t len, const char *name,
                          const char *dir, const char *const *sets,
                          TbTopology *t, char **err);
/** Free the arrays of @t and zero it. */
void tb_topology_clear(TbTopology *t);

/** The section of the file that declares source @s of host @h: "traffic"
 *  or "traffic.T" in a file without [host.NAME], else "traffic.HOST" or
 *  "traffic.HOST.T" (for --set keys and messages).  g_free. */
char *tb_topology_source_section(const TbTopology *t, uint32_t h,
                                 uint32_t s);

#endif /* TB_TOPOLOGY_H */
