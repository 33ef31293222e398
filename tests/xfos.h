/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A fake OS for the 82598EB driver core's unit tests: driver/osdep.h
 * over the real 82598 model through the test port (tests/ixgport.h:
 * host memory at XP_MEM_BASE, manual clock).  As tests/fake_os.h for the
 * e1000 core, with MSI-X: a message on vector v calls the driver's
 * handler of v; a scheduled vector's NAPI context is polled with the
 * weight; otherwise the clock advances to the next device deadline.
 * Frames handed to the stack are recorded with the vector that was
 * running; register writes are recorded with their context.
 */
#ifndef IXG_TESTS_XFOS_H
#define IXG_TESTS_XFOS_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "ixgbe_drv.h"
#include "ixgport.h"
#include "osdep.h"

/** Skb slots: small (2 KB .. 4 KB buffers) and large (LRO, TSO). */
#define XF_SMALL_SLOTS 4096u
#define XF_SMALL_BYTES 4096u
#define XF_LARGE_SLOTS 16u
#define XF_LARGE_BYTES 0x11000u

/** One frame handed to the stack. */
typedef struct XfRx {
    uint8_t *data;     /**< g_malloc'd copy */
    uint32_t len;
    bool csum_ok;
    bool via_netif_rx; /**< legacy path */
    int vector;        /**< the vector whose handler or poll ran */
    uint32_t gso_size; /**< skb_shinfo(skb)->gso_size (LRO: the MSS) */
} XfRx;

/** One register write. */
typedef struct XfWrite {
    uint32_t reg, val;
    int ctx;           /**< 0 other, 1 queue vector handler, 2 poll,
                            3 other-causes handler */
} XfWrite;

struct e1k_skb {
    uint8_t *data;
    uint64_t bus;
    uint32_t len, room;
    bool csum_ok, csum_partial, used;
    uint32_t csum_start, csum_offset, gso_size;
};

struct e1k_os {
    XpPort *xp;
    struct ixg_adapter *a;
    uint32_t weight;
    uint32_t msix_max;          /**< vectors the OS grants */
    uint32_t cpu;               /**< smp_processor_id */
    uint64_t coh_next, coh_end; /**< coherent bump arena (bus) */
    struct e1k_skb small[XF_SMALL_SLOTS], large[XF_LARGE_SLOTS];
    uint32_t napi_sched;        /**< bit per vector */
    uint64_t msi_seen[IXG_MSIX_VECTORS];
    int vector;                 /**< running handler/poll, -1 none */
    int ctx;
    bool queue_stopped, carrier;
    GArray *rx;                 /**< XfRx */
    GArray *writes;             /**< XfWrite */
    GPtrArray *log;
    uint64_t reads_in_handler;  /**< register reads of queue handlers */
    uint64_t charges[E1K_COST_COUNT]; /**< e1k_os_charge counts by item */
};

/** New fake OS over a fresh 82598 model (64 MB of memory). */
struct e1k_os *xf_new(void);
void xf_free(struct e1k_os *os);
/** Run the fake kernel until @t_ns (handlers, polls, deadlines). */
void xf_run_until(struct e1k_os *os, uint64_t t_ns);
/** A frame arriving from the wire now (then run 100 us). */
void xf_receive(struct e1k_os *os, const uint8_t *f, uint32_t len);
/** A fresh skb of @len bytes with @data copied in (for xmit). */
struct e1k_skb *xf_skb(struct e1k_os *os, const uint8_t *data,
                       uint32_t len);
/** Does a log line contain @needle? */
bool xf_logged(const struct e1k_os *os, const char *needle);
/** Value last written to @reg (asserts there was a write). */
uint32_t xf_last_write(const struct e1k_os *os, uint32_t reg);
/** Writes in context @ctx. */
uint32_t xf_writes_in(const struct e1k_os *os, int ctx);

#endif /* IXG_TESTS_XFOS_H */
