/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A scenario of several modelled hosts joined by links (docs/scenarios.md,
 * "Several hosts"): each [host.NAME] with its own sections becomes one
 * complete TbScenario (its "view": [host], [nic.IF], [route.R],
 * [traffic], [traffic.T], plus the shared [scenario], [driver] and
 * [run]); each [link.NAME] joins two NICs full duplex.  A file without
 * [host.NAME] sections is one host, loaded exactly as tb_scenario_load()
 * loads it.  Loaded by topology_load.c; run by sim/net.h.
 */
#ifndef TB_TOPOLOGY_H
#define TB_TOPOLOGY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scenario/scenario.h"

/** Most hosts and links of a topology. */
#define TB_MAX_HOSTS 4
#define TB_MAX_LINKS 8
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
} TbLinkCfg;

/** netperf tests ([netperf] test). */
typedef enum TbNetperfTest {
    TB_NETPERF_TCP_STREAM = 0,
    TB_NETPERF_UDP_STREAM,
} TbNetperfTest;

/** The test's data port: TCP_STREAM's connection, UDP_STREAM's
 *  receiving socket (the remote host's UDP sink). */
#define TB_NETPERF_DATA_PORT 12866u

/** A netperf test between two hosts ([netperf]); sizes in bytes. */
typedef struct TbNetperfSecCfg {
    int present;                 /**< a [netperf] section was given */
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

/** Hosts and links of a scenario file. */
typedef struct TbTopology {
    uint32_t nhosts;
    char host_name[TB_MAX_HOSTS][TB_NAME_LEN]; /**< "" for a file without
                                                    [host.NAME] */
    TbScenario host[TB_MAX_HOSTS];
    uint32_t nlinks;
    TbLinkCfg link[TB_MAX_LINKS];
    TbNetperfSecCfg netperf;
} TbTopology;

/**
 * Load the scenario file @path with --set overrides @sets (as
 * tb_scenario_load) into @t (caller-allocated; large: allocate it on the
 * heap).  A file with [host.NAME] sections: every section must belong to
 * a declared host ([nic.HOST.IF], [route.HOST.R], [traffic.HOST],
 * [traffic.HOST.T]) or be [scenario], [driver], [run] or [link.NAME];
 * each host has one CPU; the run needs a duration; a linked NIC feeds no
 * traffic source, and its peer_mac is the other end's address.  0, or -1
 * with *err set (one line with file:line, section and key).
 */
int tb_topology_load(const char *path, const char *const *sets,
                     TbTopology *t, char **err);
/** The same from text @data (@len bytes, -1: NUL-terminated) named
 *  @name, relative paths against @dir (NULL: the current directory). */
int tb_topology_load_data(const char *data, ptrdiff_t len, const char *name,
                          const char *dir, const char *const *sets,
                          TbTopology *t, char **err);

/** @group ("host.NAME" or "link.NAME") makes a scenario file one of
 *  several hosts, loaded by tb_topology_load (not tb_scenario_load). */
bool tb_topology_multi_group(const char *group);

#endif /* TB_TOPOLOGY_H */
