/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Modelled kernel networking of the testbench host (Linux names):
 *   k_arena.c   host memory arena: DMA target, coherent rings, skb slab
 *   k_napi.c    softnet: NAPI poll list, net_rx_action, netif_rx backlog
 *               (process_backlog), netif_receive_skb
 *   k_ip.c      IPv4 receive, forwarding (static routes, neighbour), local
 *               delivery to the UDP sink
 *   k_dev.c     qdisc pfifo_fast, dev_queue_xmit, qdisc_run, NET_TX,
 *               netif queue flow control, dev_watchdog (tx timeout)
 *   k_udp.c     UDP socket sink and its reader process
 *   k_log.c     printk ring
 * All code runs on one TbCpu and charges profile costs there.  No
 * allocation on the per-frame path.
 */
#ifndef TB_KERNEL_H
#define TB_KERNEL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sim/cpu.h"

/** Bus address of the first arena byte (nonzero so 0 stays invalid). */
#define TB_ARENA_BUS_BASE 0x10000000ull
/** skb headroom before the data pointer (NET_SKB_PAD-like), bytes. */
#define TB_SKB_HEADROOM 64u
/** Data area of an skb, bytes, unless the arena is made with more
 *  (tb_arena_init_room: jumbo receive buffers): 2048, the e1000
 *  rx_buffer_len for a 1500-byte MTU. */
#define TB_SKB_DATA_MAX 2048u
/** Arena bytes per skb slot. */
#define TB_SKB_SLOT (TB_SKB_HEADROOM + TB_SKB_DATA_MAX)
/** Socket memory charged per queued skb (truesize), bytes. */
#define TB_SKB_TRUESIZE (TB_SKB_SLOT + 256u)
/** Coherent-memory page size, bytes. */
#define TB_PAGE 4096u

/** Most page fragments of an skb (Linux MAX_SKB_FRAGS with 4 KB pages:
 *  65536 / 4096 + 1). */
#define TB_SKB_MAX_FRAGS 17u

/** A page fragment of an skb (skb_frag_t): a coherent-memory page of the
 *  arena (tb_arena_coh_alloc) holding @len bytes from its start. */
typedef struct TbSkbFrag {
    uint8_t *page;
    uint64_t bus;           /**< bus address of page[0] */
    uint32_t len;           /**< bytes, <= TB_PAGE */
} TbSkbFrag;

/** The modelled sk_buff (opaque to the driver, see driver/osdep.h). */
struct e1k_skb {
    /* fixed for the slot (set once by tb_arena_init_room) */
    uint8_t *data;          /**< start of packet data (in the arena; the
                                 stack never moves it) */
    uint32_t idx;           /**< slab slot */
    uint32_t room;          /**< allocated data room, bytes */
    uint8_t last_cpu;       /**< CPU that last allocated or freed it,
                                 TB_SKB_NO_CPU: none yet */
    /* from here on reset by every tb_skb_alloc (TB_SKB_RESET_OFF) */
    uint32_t len;           /**< data length, bytes */
    int8_t in_dev;          /**< receiving netdev index, -1 none */
    uint8_t csum_ok;        /**< CHECKSUM_UNNECESSARY */
    uint8_t allocated;      /**< 1 while owned (double-free guard) */
    uint8_t nr_frags;       /**< page fragments, in the arena's frag table
                                 (tb_skb_frags); beside allocated, so that
                                 tb_skb_free tests both in one compare */
    struct e1k_skb *next;   /**< queue link (backlog, qdisc, socket) */
    /** skb->destructor: called by tb_skb_free before the slot is
     *  released (sock_wfree: a sending socket's wmem), or NULL */
    void (*destructor)(struct e1k_skb *skb);
    void *sk;               /**< the owning socket (destructor's) */
    uint32_t truesize;      /**< bytes charged to that socket */
    /* transmit offloads (0 unless the stack asks) */
    uint32_t data_len;      /**< bytes in frags (len includes them) */
    uint16_t gso_size;      /**< TSO: MSS of the segments, 0: no GSO */
    struct e1k_skb *frag_list; /**< LRO: the merged segments' own skbs
                                 (linked by next), freed with it, as
                                 skb_shinfo()->frag_list */
    uint16_t csum_start;    /**< CHECKSUM_PARTIAL: L4 header offset */
    uint16_t csum_offset;   /**< CHECKSUM_PARTIAL: checksum field offset
                                 from csum_start */
    uint8_t csum_partial;   /**< CHECKSUM_PARTIAL: the NIC completes the
                                 L4 checksum (seeded by the stack) */
};
typedef struct e1k_skb TbSkb;

/** Offset of the first field of TbSkb that tb_skb_alloc resets (the
 *  fields before it are the slot's own). */
#define TB_SKB_RESET_OFF offsetof(TbSkb, len)

/** TbSkb.last_cpu of a slot no CPU has used yet. */
#define TB_SKB_NO_CPU 0xffu

/** Free slots SLAB keeps per CPU for the skb heads' cache (mm/slab.c
 *  enable_cpucache for objects of at most 256 bytes: limit 120,
 *  batchcount 60; Linux 2.4's per-CPU skb_head_pool holds up to 128). */
#define TB_SLAB_LIMIT 120u
#define TB_SLAB_BATCH 60u

/** One CPU's array of free slots (SLAB's struct array_cache): the CPU
 *  frees into it and allocates from it, last in first out; an empty one
 *  takes TB_SLAB_BATCH slots from the arena's shared stack, a full one
 *  gives its TB_SLAB_BATCH oldest back to it. */
typedef struct TbSlabCpu {
    uint32_t avail;
    uint32_t entry[TB_SLAB_LIMIT];
} TbSlabCpu;

/** Host memory: one contiguous arena, [coherent pages | skb slots]. */
typedef struct TbArena {
    uint8_t *mem;
    size_t size;            /**< bytes */
    uint64_t bus_base;      /**< bus address of mem[0] */
    uint32_t coh_pages;     /**< pages of coherent memory at offset 0 */
    uint8_t *coh_used;      /**< 1 byte per page: in use */
    uint32_t coh_first;     /**< every page below it is in use (where
                                 the first-fit search starts) */
    size_t skb_off;         /**< offset of skb slot 0 */
    uint32_t nskb;          /**< slots */
    TbSkb *skbs;            /**< metadata, nskb entries */
    uint32_t *free_stack;   /**< free slot indices (LIFO) */
    uint32_t nfree;
    uint64_t alloc_fail;    /**< skb allocations that failed */
    uint64_t coh_fail;      /**< coherent allocations that failed */
    uint64_t dma_faults;    /**< device DMA outside the arena */
    uint32_t min_free;      /**< low-water mark of free skbs */
    uint32_t room;          /**< data bytes per skb slot */
    size_t slot;            /**< arena bytes per skb slot (headroom +
                                 room) */
    TbSkbFrag *frags;       /**< TB_SKB_MAX_FRAGS per skb slot */
    uint32_t cpu;           /**< the CPU allocating and freeing now
                                 (tb_kernel_set_cpu) */
    TbSlabCpu *ac;          /**< per-CPU arrays (tb_arena_set_cpus), NULL
                                 with one CPU: then one LIFO stack */
    uint32_t ac_free;       /**< free slots in the per-CPU arrays */
    /* large slots after the nskb slots (tb_arena_init_big): indices
     * nskb .. nskb + nbig - 1, for skbs longer than room (a software LRO
     * session, up to 64 KB); none unless asked for */
    uint32_t nbig;          /**< large slots */
    uint32_t big_room;      /**< data bytes per large slot */
    uint32_t *big_free;     /**< free large slot indices (LIFO) */
    uint32_t nbig_free;
} TbArena;

/** Store @v at @p in network byte order: 16 and 32 bits. */
static inline void tb_put_be16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}
static inline void tb_put_be32(uint8_t *p, uint32_t v)
{
    tb_put_be16(p, v >> 16);
    tb_put_be16(p + 2, v);
}
/** Load 16 and 32 bits in network byte order from @p. */
static inline uint32_t tb_get_be16(const uint8_t *p)
{
    return (uint32_t)p[0] << 8 | p[1];
}
static inline uint32_t tb_get_be32(const uint8_t *p)
{
    return tb_get_be16(p) << 16 | tb_get_be16(p + 2);
}

/** Create the arena: @coh_bytes of coherent memory (rounded to pages)
 *  and @nskb skb slots of TB_SKB_DATA_MAX data bytes.  0 or -1 with *err
 *  set. */
int tb_arena_init(TbArena *a, size_t coh_bytes, uint32_t nskb, char **err);
/** The same with @room data bytes per skb slot (at least TB_SKB_DATA_MAX;
 *  e.g. 16384 for the receive buffers of a jumbo MTU). */
int tb_arena_init_room(TbArena *a, size_t coh_bytes, uint32_t nskb,
                       uint32_t room, char **err);
/** The same with @nbig large slots of @big_room data bytes after them,
 *  taken by tb_skb_alloc for a length above @room (the 64 KB skb a
 *  software LRO session is merged into; Linux allocates such an skb
 *  from the general kmalloc pool, which a fixed slab of @room cannot
 *  stand in for).  @nbig 0: tb_arena_init_room. */
int tb_arena_init_big(TbArena *a, size_t coh_bytes, uint32_t nskb,
                      uint32_t room, uint32_t nbig, uint32_t big_room,
                      char **err);
void tb_arena_destroy(TbArena *a);
/** dma_alloc_coherent: zeroed, 4096-aligned; NULL if exhausted. */
void *tb_arena_coh_alloc(TbArena *a, size_t size, uint64_t *bus);
void tb_arena_coh_free(TbArena *a, void *cpu, size_t size);
/** Allocate an skb with @len bytes of room: a slot of the slab if @len
 *  <= the arena's room, else a large slot if @len <= big_room; NULL
 *  (counted in alloc_fail) if too large or no such slot is free. */
TbSkb *tb_skb_alloc(TbArena *a, uint32_t len);
/** tb_skb_free for an skb with a destructor or page fragments, or one
 *  that is NULL or not allocated (ignored). */
void tb_skb_free_slow(TbArena *a, TbSkb *skb);
/** Slot @idx into the current CPU's array (a full one first gives its
 *  TB_SLAB_BATCH oldest to the shared stack: SLAB's cache_flusharray). */
void tb_slab_put(TbArena *a, uint32_t idx);
/** Per-CPU arrays for a host of @ncpus CPUs (more than one): 0, or -1
 *  with *err set (out of memory).  The arena should hold
 *  @ncpus x TB_SLAB_LIMIT slots more than one CPU needs. */
int tb_arena_set_cpus(TbArena *a, uint32_t ncpus, char **err);
/** kfree_skb: run the destructor, free the page fragments, return the
 *  slot; NULL or a double free is ignored.  The usual skb (no
 *  destructor, no fragments, not a large slot) goes back to the slab
 *  inline. */
static inline void tb_skb_free(TbArena *a, TbSkb *s)
{
    /* allocated == 1 and nr_frags == 0 as one 16-bit compare */
    static const union { uint8_t b[2]; uint16_t w; } plain = { { 1, 0 } };
    uint16_t an = 0;
    _Static_assert(offsetof(TbSkb, nr_frags) == offsetof(TbSkb, allocated) + 1,
                   "allocated and nr_frags adjacent");
    if (s) {
        memcpy(&an, &s->allocated, 2);
    }
    if (an == plain.w && !s->destructor && s->idx < a->nskb) {
        s->allocated = 0;
        if (a->ac) {
            tb_slab_put(a, s->idx);
        } else {
            a->free_stack[a->nfree++] = s->idx;
        }
        return;
    }
    tb_skb_free_slow(a, s);
}
/** The page fragments of @skb (skb_shinfo(skb)->frags): nr_frags
 *  entries used of TB_SKB_MAX_FRAGS. */
static inline TbSkbFrag *tb_skb_frags(const TbArena *a, const TbSkb *s)
{
    return a->frags + (size_t)s->idx * TB_SKB_MAX_FRAGS;
}
/** Append a page fragment to @skb (nr_frags < TB_SKB_MAX_FRAGS): a free
 *  coherent page, not zeroed (alloc_page() without __GFP_ZERO: only the
 *  bytes the frag is given are read); NULL if none is left.  The caller fills it and adds
 *  its length to frag len, skb->len and skb->data_len. */
TbSkbFrag *tb_skb_add_frag(TbArena *a, TbSkb *skb);
/** Bus address of the skb data. */
static inline uint64_t tb_skb_bus(const TbArena *a, const TbSkb *s)
{
    return a->bus_base + (uint64_t)(s->data - a->mem);
}
/** __skb_queue_tail on a singly linked FIFO of skbs (@head, @tail; both
 *  NULL when empty): @skb goes last.  The caller counts its length. */
static inline void tb_skb_queue_tail(TbSkb **head, TbSkb **tail, TbSkb *skb)
{
    skb->next = NULL;
    if (*tail) {
        (*tail)->next = skb;
    } else {
        *head = skb;
    }
    *tail = skb;
}
/** __skb_dequeue on such a FIFO: the first skb (unlinked), or NULL if
 *  the FIFO is empty. */
static inline TbSkb *tb_skb_dequeue(TbSkb **head, TbSkb **tail)
{
    TbSkb *skb = *head;
    if (!skb) {
        return NULL;
    }
    *head = skb->next;
    if (!*head) {
        *tail = NULL;
    }
    skb->next = NULL;
    return skb;
}
/** Device DMA into/out of the arena: 0, or -1 (counted) if out of range. */
int tb_arena_dma_read(TbArena *a, uint64_t addr, void *buf, uint32_t len);
int tb_arena_dma_write(TbArena *a, uint64_t addr, const void *buf,
                       uint32_t len);

/* ---- NAPI ---- */

typedef struct TbNapi TbNapi;
/** napi->poll: process up to @budget frames; returns work done. */
typedef int (*TbNapiPollFn)(TbNapi *n, int budget);

/** struct napi_struct. */
struct TbNapi {
    TbNapi *prev, *next;    /**< poll list links when on_list */
    TbNapiPollFn poll;
    void *owner;
    int weight;             /**< frames per poll (quota) */
    bool sched;             /**< NAPI_STATE_SCHED */
    bool missed;            /**< NAPI_STATE_MISSED */
    bool on_list;
    bool completed;         /**< napi_complete_done called in this poll */
    bool charge_poll;       /**< k charges napi_poll per call (backlog) */
    uint64_t polls;         /**< poll calls */
};

typedef struct TbKernel TbKernel;
typedef struct TbNetdev TbNetdev;

/** A work item (struct work_struct): @fn(@ctx) runs once in process
 *  context on the kernel's worker after tb_schedule_work (k_work.c). */
typedef struct TbWork {
    void (*fn)(void *ctx);
    void *ctx;
    bool pending;                 /**< queued, not yet run */
    struct TbWork *next;
} TbWork;

/** ndo_start_xmit: 0 NETDEV_TX_OK (skb consumed), 1 NETDEV_TX_BUSY. */
typedef int (*TbXmitFn)(TbNetdev *dev, TbSkb *skb);
/** ndo_tx_timeout. */
typedef void (*TbTxTimeoutFn)(TbNetdev *dev);

/** A static neighbour entry (an ARP entry that never expires): the
 *  station @mac owns IPv4 address @ip (host byte order). */
typedef struct TbNeigh {
    uint32_t ip;
    uint8_t mac[6];
} TbNeigh;

/** struct net_device (one TX queue). */
struct TbNetdev {
    char name[32];
    int index;
    TbKernel *k;
    uint8_t mac[6];          /**< own station address */
    uint8_t peer_mac[6];     /**< static neighbour on this link */
    const TbNeigh *neigh;    /**< neighbours on a shared segment (a
                                  switch), sorted by ip; frames to an
                                  address not among them go to peer_mac */
    uint32_t nneigh;         /**< 0: every frame goes to peer_mac */
    uint32_t mtu;            /**< bytes (1500 unless set before open);
                                  forwarding drops larger datagrams */
    uint32_t ip;             /**< IPv4, host byte order (0 none) */
    TbXmitFn xmit;
    TbTxTimeoutFn tx_timeout;
    void *priv;              /**< driver glue (struct e1k_os) */
    TbNapi napi;
    /* TX queue and qdisc (pfifo_fast, one band used) */
    bool queue_stopped;      /**< __QUEUE_STATE_DRV_XOFF */
    bool carrier;
    bool qdisc_running;      /**< __QDISC_STATE_RUNNING */
    bool tx_scheduled;       /**< on the NET_TX output queue */
    TbNetdev *next_sched;
    TbSkb *q_head, *q_tail;
    uint32_t qlen;
    uint32_t txqueuelen;     /**< qdisc limit, frames */
    uint64_t trans_start;    /**< jiffies of the last successful xmit */
    uint64_t qdisc_drops;
    uint64_t qdisc_requeues;
    uint64_t xmit_ok;
    /* dev_watchdog */
    TbSpin tx_lock;          /**< netif_tx_lock (xmit, tx timeout) */
    TbTimer watchdog;
    uint64_t watchdog_timeo; /**< jiffies (5 s) */
    uint64_t tx_timeouts;
    /* stack receive counters */
    uint64_t rx_stack;       /**< frames handed to the stack */
    /* transmit offloads the driver offers (dev->features) */
    bool features_tso;       /**< NETIF_F_TSO (with NETIF_F_SG): TCP
                                  skbs of up to 64 KB, segmented by the
                                  NIC */
    bool features_csum;      /**< NETIF_F_IP_CSUM: the NIC completes TCP
                                  checksums (CHECKSUM_PARTIAL) */
};

/** A static route (longest prefix wins). */
typedef struct TbRoute {
    uint32_t prefix, mask;   /**< host byte order */
    uint32_t prefix_len;
    int dev;                 /**< netdev index */
} TbRoute;

/** The UDP sink socket and its reader. */
typedef struct TbSink {
    uint32_t port;           /**< 0: no socket */
    uint32_t rcvbuf;         /**< sk_rcvbuf, bytes */
    uint32_t rmem;           /**< sk_rmem_alloc, bytes */
    uint32_t read_size;      /**< bytes per recv() */
    TbSkb *head, *tail;
    uint32_t qlen;
    TbProc reader;
    TbCpu *cpu;              /**< CPU the reader is pinned to */
    uint64_t datagrams, bytes, drops;
} TbSink;

#define TB_KMAX_DEVS 8
#define TB_KMAX_ROUTES 32
#define TB_LOG_LINES 256
#define TB_LOG_LEN 160

/** Kernel parameters (Linux sysctl names). */
typedef struct TbKernelCfg {
    uint32_t netdev_budget;       /**< 300 */
    uint32_t netdev_budget_usecs; /**< 0: 2 jiffies */
    uint32_t netdev_max_backlog;  /**< 1000 */
    uint32_t dev_weight;          /**< 64 */
    uint32_t ip_forward;          /**< 1 */
    uint32_t netif_rx_throttle;   /**< 1: 2.4/2.5-era netif_rx throttle */
    uint32_t sink_port, sink_rcvbuf, sink_read_size;
} TbKernelCfg;

/** Per-CPU softnet_data fields (Linux struct softnet_data): the poll
 *  list, the netif_rx backlog and its NAPI, the NET_TX output queue and
 *  the softnet counters.  A macro so that CPU 0's copy keeps its
 *  historic names directly in TbKernel (k->backlog, k->time_squeeze). */
#define TB_SOFTNET_FIELDS                                                  \
    TbNapi poll_list;       /* sentinel of the poll list */              \
    TbNapi backlog;         /* process_backlog NAPI (owner: softnet) */  \
    TbSkb *bl_head, *bl_tail;                                            \
    uint32_t bl_len;        /* backlog frames */                         \
    uint64_t time_squeeze;  /* budget or time ran out */                 \
    uint64_t backlog_drops; /* softnet "dropped" */                      \
    bool throttle_on;       /* netif_rx throttle in force */             \
    uint64_t throttled;     /* times the throttle engaged */             \
    uint64_t processed;     /* frames into netif_receive_skb */          \
    uint64_t napi_bugs;     /* poll returned < weight, no complete */    \
    TbNetdev *tx_sched_head, *tx_sched_tail;                             \
    TbKernel *sd_k;         /* owning kernel */                          \
    TbCpu *sd_cpu;          /* its CPU */

typedef struct TbSoftnet {
    TB_SOFTNET_FIELDS
} TbSoftnet;

/** Most CPUs the kernel has softnet data for (smp.h TB_MAX_CPUS). */
#define TB_KMAX_CPUS 8

struct TbKernel {
    TbCpu *cpu;                   /**< the running CPU (smp.c switches
                                       it; CPU 0 with one CPU) */
    TbArena arena;
    TbNetdev *dev[TB_KMAX_DEVS];
    uint32_t ndev;
    /* softnet_data of CPU 0 (the fields of TbSoftnet, also reachable
     * as k->sd0); other CPUs' in softnet_x */
    union {
        TbSoftnet sd0;
        struct { TB_SOFTNET_FIELDS };
    };
    TbSoftnet softnet_x[TB_KMAX_CPUS - 1];
    TbSoftnet *sd;                /**< the running CPU's softnet */
    TbSoftnet *sdv[TB_KMAX_CPUS]; /**< softnet of CPU i (NULL: none) */
    uint32_t netdev_budget;
    uint64_t budget_ns;
    uint32_t max_backlog;
    bool netif_rx_throttle;       /**< the throttle is modelled */
    /* IPv4 */
    uint32_t ip_forward;
    TbRoute route[TB_KMAX_ROUTES];
    uint32_t nroutes;
    /* The last forwarding lookup (a stream forwards to one address):
     * its destination and out device (tb_ip_route_dev: NULL if none);
     * valid while route_hit_ok, which tb_route_add and
     * tb_netdev_register clear. */
    bool route_hit_ok;
    uint32_t route_hit_daddr;
    TbNetdev *route_hit_dev;
    uint64_t ip_forwarded;        /**< frames handed to dev_queue_xmit */
    uint64_t local_out;           /**< frames local sockets handed to
                                       dev_queue_xmit (a TSO skb: the
                                       segments it becomes) */
    uint64_t no_route;
    uint64_t ip_dropped;          /**< non-IPv4, bad header, TTL, no port */
    uint64_t local_delivered;     /**< IPv4 frames for a local address */
    TbSink sink;
    struct TbTcpTable *tcp;       /**< TCP sockets (k_tcp.c), NULL: none */
    /* the shared work queue (k_work.c) */
    struct TbWork *work_head, *work_tail;
    TbProc worker;                /**< keventd */
    TbCpu *worker_cpu;            /**< its CPU, NULL until first work */
    /* printk ring */
    char log[TB_LOG_LINES][TB_LOG_LEN];
    uint64_t log_count;           /**< lines ever logged */
    uint64_t log_tx_timeout;      /**< lines with "transmit timed out" */
    uint64_t log_link_up;         /**< lines with "Link is Up" */
    bool log_stderr;              /**< also print to stderr */
};

/** Create the kernel on @cpu; the arena is sized by the caller with
 *  tb_arena_init on k->arena afterwards.  Installs NET_RX/NET_TX. */
TbKernel *tb_kernel_new(TbCpu *cpu, const TbKernelCfg *cfg);
void tb_kernel_free(TbKernel *k);

/** Give CPU @cpu (id @cpu->id, 1..TB_KMAX_CPUS-1) its softnet data and
 *  NET_RX/NET_TX softirqs.  0, or -1 if the id is out of range. */
int tb_kernel_add_cpu(TbKernel *k, TbCpu *cpu);
/** Make @cpu the running CPU (k->cpu, k->sd). */
static inline void tb_kernel_set_cpu(TbKernel *k, TbCpu *cpu)
{
    k->cpu = cpu;
    k->sd = k->sdv[cpu->id];
    k->arena.cpu = cpu->id;
}

/** schedule_work: queue @w on @k's worker (keventd, started on the
 *  running CPU at the first call) unless it is pending already: true if
 *  queued, false if it was pending (Linux kernel/workqueue.c). */
bool tb_schedule_work(TbKernel *k, TbWork *w);

/** Register a netdev (register_netdev); its index is set.  -1 if full. */
int tb_netdev_register(TbKernel *k, TbNetdev *dev);
/** dev_open: carrier/queue up, arm dev_watchdog (5 s). */
void tb_netdev_open(TbKernel *k, TbNetdev *dev);

/** The device of the route to @daddr (ip_route_output), or NULL. */
TbNetdev *tb_ip_route_dev(const TbKernel *k, uint32_t daddr);
/** The Ethernet header of an IPv4 frame to @daddr out of @dev into @d
 *  (ETH_HLEN = 14 bytes): to the neighbour owning @daddr on the
 *  device's segment (dev->neigh), else to its static neighbour peer_mac. */
void tb_eth_hdr_out(uint8_t *d, const TbNetdev *dev, uint32_t daddr);

/** Add a route; -1 if the table is full or @prefix_len > 32. */
int tb_route_add(TbKernel *k, uint32_t prefix, uint32_t prefix_len,
                 int dev);
/** Longest-prefix route for @daddr; index into k->route or -1. */
int tb_route_lookup(const TbKernel *k, uint32_t daddr);

/* NAPI (k_napi.c) */
/** napi_schedule: true if this call scheduled it. */
bool tb_napi_schedule(TbKernel *k, TbNapi *n);
/** napi_complete_done: true if the driver may re-enable interrupts. */
bool tb_napi_complete_done(TbKernel *k, TbNapi *n, int work);
/** netif_rx: 0 queued, -1 dropped (backlog full; skb freed). */
int tb_netif_rx(TbKernel *k, TbSkb *skb);
/** netif_receive_skb: into the IPv4 stack (consumes the skb). */
void tb_netif_receive_skb(TbKernel *k, TbSkb *skb);

/* IPv4 (k_ip.c) */
/** ip_rcv of @skb, received on device @in (skb->in_dev's, NULL if none);
 *  consumes the skb. */
void tb_ip_rcv(TbKernel *k, TbSkb *skb, const TbNetdev *in);
/** tb_netif_receive_skb of an skb whose in_dev is registered device @in
 *  (a driver's receive: its device at hand, not looked up); in k_ip.c,
 *  with ip_rcv inline in it. */
void tb_netif_receive_skb_dev(TbKernel *k, TbSkb *skb, TbNetdev *in);
/** @s folded to 16 bits with end-around carries (ones' complement). */
static inline uint32_t tb_csum_fold(uint64_t s)
{
    while (s >> 16) {
        s = (s & 0xffff) + (s >> 16);
    }
    return (uint32_t)s;
}
/** The ones'-complement sum of @len bytes (big-endian 16-bit words, an
 *  odd last byte padded with zero), folded to 16 bits [RFC1071]. */
uint32_t tb_csum_sum(const uint8_t *p, uint32_t len);
/** Internet checksum of @len bytes (ones' complement of the sum). */
uint16_t tb_ip_csum(const uint8_t *p, uint32_t len);

/* devices (k_dev.c) */
/** dev_queue_xmit (consumes the skb). */
void tb_dev_queue_xmit(TbNetdev *dev, TbSkb *skb);
void tb_netif_stop_queue(TbNetdev *dev);
void tb_netif_wake_queue(TbNetdev *dev);
void tb_netif_schedule(TbNetdev *dev);
void tb_net_tx_action(TbCpu *cpu, void *ctx);
/** kfree_skb with its CPU cost. */
void tb_kfree_skb(TbKernel *k, TbSkb *skb);
/** The current CPU allocates or frees @skb: if another CPU did last, its
 *  head's cache lines move between the CPUs' caches (one skb_remote, the
 *  profile's estimate of that traffic); the current CPU is now its last.
 *  Never charges with one CPU. */
static inline void tb_skb_touch(TbKernel *k, TbSkb *skb)
{
    uint8_t id = (uint8_t)k->cpu->id;
    if (skb->last_cpu != id) {
        if (skb->last_cpu != TB_SKB_NO_CPU) {
            tb_cpu_cost(k->cpu, TB_COST_SKB_REMOTE, 1);
        }
        skb->last_cpu = id;
    }
}
/** Each sk_buff head a free of @skb releases, as @f: the skbs on its
 *  frag_list if it has one (an LRO merged frame: the large slot holds the
 *  merged bytes, the testbench's uncharged linear copy; every segment's
 *  own skb, the first one's included, is chained there, as Linux frees a
 *  frag_list), else @skb itself. */
#define TB_SKB_FOR_EACH_HEAD(f, skb) \
    for (TbSkb *f = (skb)->frag_list ? (skb)->frag_list : (skb); f; \
         f = (skb)->frag_list ? f->next : NULL)
/** Free @skb, a data skb the socket's reader on CPU @reader frees in
 *  Linux (tcp_recvmsg's sk_eat_skb after copying it out), from the
 *  softirq that queued its bytes (the model keeps the bytes, not the
 *  skb): skb_free charged here as before; its slots go to @reader's slab
 *  array, and each of its skbs (the frag_list ones too) last touched on
 *  another CPU than @reader becomes @reader's.  Returns that number of
 *  crossings, for the reader to charge (one skb_remote each) when it
 *  next takes the socket. */
uint32_t tb_kfree_skb_for(TbKernel *k, TbSkb *skb, uint8_t reader);
/** tb_kfree_skb inline, for a hot caller with registers to spare (the
 *  socket reader): charge skb_free, free the skb. */
static inline void tb_kfree_skb_inline(TbKernel *k, TbSkb *skb)
{
    TB_SKB_FOR_EACH_HEAD(f, skb) {
        tb_skb_touch(k, f);
        tb_cpu_cost(k->cpu, TB_COST_SKB_FREE, 1);
    }
    tb_skb_free(&k->arena, skb);
}

/* UDP sink (k_udp.c) */
void tb_sink_init(TbKernel *k, uint32_t port, uint32_t rcvbuf,
                  uint32_t read_size);
/** Pin the reader process to @cpu (host.sink_cpu). */
void tb_sink_pin(TbKernel *k, TbCpu *cpu);
/** udp_rcv for a datagram to @dport with @payload bytes (consumes). */
void tb_udp_rcv(TbKernel *k, TbSkb *skb, uint32_t dport, uint32_t payload);

/* printk (k_log.c) */
void tb_klog(TbKernel *k, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void tb_klogv(TbKernel *k, int level, const char *fmt, va_list ap);
/** The @i-th most recent line (0 = newest), NULL if none. */
const char *tb_klog_line(const TbKernel *k, uint32_t i);

#endif /* TB_KERNEL_H */
