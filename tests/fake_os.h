/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A fake OS for the driver unit tests: implements driver/osdep.h over the
 * real device model through the test port (tests/testport.h: host memory
 * at TP_MEM_BASE, manual clock in ns).
 *
 * - Memory: descriptor rings come from a bump arena at the top of test
 *   memory; packet buffers (skbs) are fixed 4 KB slots of a slab below it.
 * - Time: udelay/msleep advance the manual clock, firing device deadlines.
 * - Interrupts and NAPI: fos_run_until() plays a tiny uniprocessor kernel:
 *   while the line is asserted it calls the ISR; while the poll is
 *   scheduled it calls e1k_drv_poll(weight); otherwise it advances the
 *   clock to the next device deadline.  No CPU cost is modelled: charges
 *   are only counted.
 * - Recording: every register write (with the context it came from: ISR,
 *   poll or other), register reads per offset, frames handed to the stack
 *   (with the path: netif_rx or receive_skb), log lines.
 */
#ifndef E1K_TESTS_FAKE_OS_H
#define E1K_TESTS_FAKE_OS_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "e1000_drv.h"
#include "osdep.h"
#include "testport.h"

/** Where a register access came from. */
typedef enum FosCtx {
    FOS_CTX_OTHER = 0, /**< probe/open/xmit/watchdog */
    FOS_CTX_ISR = 1,   /**< inside e1k_drv_intr */
    FOS_CTX_POLL = 2,  /**< inside e1k_drv_poll */
} FosCtx;

/** One recorded register write. */
typedef struct FosWrite {
    uint64_t time_ns;
    uint32_t reg;      /**< byte offset */
    uint32_t val;
    FosCtx ctx;
} FosWrite;

/** One frame handed to the stack. */
typedef struct FosRx {
    uint8_t *data;     /**< g_malloc'd copy */
    uint32_t len;      /**< bytes as delivered */
    uint32_t room;     /**< bytes the skb was allocated with */
    bool csum_ok;      /**< CHECKSUM_UNNECESSARY */
    bool vlan_present; /**< a stripped VLAN tag came with it */
    uint16_t vlan_tci; /**< that tag */
    bool via_netif_rx; /**< true: netif_rx (legacy), false: receive_skb */
    FosCtx ctx;        /**< context it was delivered from */
} FosRx;

/** Number of skb slots and their size in bytes. */
#define FOS_SKB_SLOTS 1024u
#define FOS_SKB_SLOT_BYTES 8192u

/** The fake OS (the driver's struct e1k_os). */
struct e1k_os {
    TestPort *tp;
    struct e1k_adapter *a;          /**< set by fos_probe */
    uint32_t weight;                /**< NAPI weight used by fos_run_until */
    /* memory */
    uint64_t skb_base;              /**< bus address of the skb slab */
    uint64_t arena_next, arena_end; /**< coherent bump arena (bus) */
    struct e1k_skb *skbs;           /**< FOS_SKB_SLOTS */
    uint32_t *free_slots;
    uint32_t nfree;
    uint32_t skb_alloc_fail;        /**< >0: fail that many allocations */
    /* recording */
    GArray *writes;                 /**< FosWrite */
    GArray *rx;                     /**< FosRx */
    GPtrArray *log;                 /**< char* lines */
    GHashTable *reads;              /**< offset -> count (read stats) */
    uint64_t nreads;
    uint64_t charges[E1K_COST_COUNT];
    FosCtx ctx;
    /* kernel state */
    bool napi_scheduled;
    bool queue_stopped;
    bool carrier;
    int netif_rx_drop;              /**< 1: netif_rx reports "dropped" */
    uint64_t isr_calls, poll_calls, netif_rx_drops;
    uint64_t skb_allocs;            /**< successful e1k_os_alloc_skb calls */
    uint64_t kallocs, kfrees;       /**< e1k_os_kzalloc/kcalloc successes,
                                     *   e1k_os_kfree calls with non-NULL */
    /** true: msleep services the line and the poll while the clock
     *  runs (a sleeping process lets interrupts in; the self-test's
     *  interrupt test needs it); false (default): the clock only. */
    bool irq_in_sleep;
    /** Called after every register write (white-box hooks); optional. */
    void (*after_write)(struct e1k_os *f, uint32_t reg, uint32_t val);
};

typedef struct e1k_os FakeOs;

/** New fake OS with @mem_bytes of host memory and a device from @cfg
 *  (NULL: defaults). */
FakeOs *fos_new(size_t mem_bytes, const E1kConfig *cfg);
void fos_free(FakeOs *f);
/** e1k_drv_probe with @p; stores the adapter in f->a (may be NULL). */
struct e1k_adapter *fos_probe(FakeOs *f, const struct e1k_drv_params *p);
/** Run the fake kernel until absolute time @t_ns (see above). */
void fos_run_until(FakeOs *f, uint64_t t_ns);
/** Same, for @dt_ns from now. */
void fos_run(FakeOs *f, uint64_t dt_ns);
/** Service the line and the poll until idle, without advancing time
 *  beyond what the driver itself spends. */
void fos_service(FakeOs *f);
/** Count of reads of register @reg so far. */
uint64_t fos_reads_of(FakeOs *f, uint32_t reg);
/** Count of writes of register @reg (in context @ctx, or any if < 0). */
uint32_t fos_writes_of(FakeOs *f, uint32_t reg, int ctx);
/** True if some log line contains @needle. */
bool fos_log_has(FakeOs *f, const char *needle);
/** Allocate an skb holding a copy of @frame (@len bytes). */
struct e1k_skb *fos_skb_from(FakeOs *f, const uint8_t *frame, uint32_t len);
/** Number of skbs currently allocated. */
uint32_t fos_skbs_in_use(FakeOs *f);
/** Probe and open with @p, then run until the link is up (carrier on;
 *  the model's autonegotiation takes 500 ms by default).  Asserts
 *  success. */
struct e1k_adapter *fos_up(FakeOs *f, const struct e1k_drv_params *p);
/** Wire time of a frame of @len bytes (no FCS) at 1 Gb/s, ns:
 *  (len + 4 FCS + 20 preamble/IFG) * 8 ([IEEE-802.3]). */
uint64_t fos_wire_ns(uint32_t len);
/** Deliver a frame from the wire now; asserts the model queued it. */
void fos_inject(FakeOs *f, const uint8_t *frame, uint32_t len);

#endif /* E1K_TESTS_FAKE_OS_H */
