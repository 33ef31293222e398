/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A SPECweb99-like static workload, from the benchmark's published design
 * (docs/specweb.md; [SPECWEB96-WL] for the classes, sizes and mix that
 * SPECweb99 kept, [SPECWEB99-WP] and [RUAN06] for the directories, Zipf
 * popularity and the per-connection rate; not SPEC's code):
 *
 *   - a file set of directories of 36 files: 4 classes of 9 sizes, class
 *     c file k (1..9) of k x 102.4 (c 0, truncated), k x 1024,
 *     k x 10240, k x 102400 bytes (c 3: 100-900 KB);
 *   - a request picks a directory by Zipf (alpha 1) over the directories,
 *     a class by the published mix 35 / 50 / 14 / 1 %, and a file of the
 *     class by Zipf (alpha 1) over its 9 files (the popularity ranks
 *     placed around the class's middle file, specweb_mix.c);
 *   - a simultaneous connection is a client that keeps its connection
 *     alive for a number of requests and paces itself to the target bit
 *     rate (400 kbit/s): after a response it waits until the response's
 *     bits at that rate have elapsed since its request;
 *   - a connection conforms when its bit rate over the run (bytes
 *     received x 8 / time from its first request to the end of the
 *     measurement) is at least 320 kbit/s.
 *
 * Everything is deterministic: a connection's choices come from its own
 * generator, seeded from the run's seed and its number.
 */
#ifndef TB_SPECWEB_H
#define TB_SPECWEB_H

#include <stdbool.h>
#include <stdint.h>

/** Classes and files per class of a directory. */
#define SW_CLASSES 4
#define SW_FILES 9

/** The target bit rate a client paces itself to, bit/s. */
#define SW_TARGET_BPS 400000u
/** The least bit rate of a conforming connection, bit/s. */
#define SW_CONFORM_BPS 320000u

/** The file set and the access mix. */
typedef struct SwMix {
    uint32_t directories;          /**< >= 1 */
    double class_cdf[SW_CLASSES];  /**< cumulative class mix */
    double file_cdf[SW_FILES];     /**< cumulative popularity of file
                                        1..9 within a class */
    double *dir_cdf;               /**< cumulative Zipf over directories
                                        (directories entries) */
} SwMix;

/** One request: directory (0..), class (0..3), file (1..9), bytes. */
typedef struct SwRequest {
    uint32_t dir, cls, file;
    uint32_t bytes;
} SwRequest;

/** Bytes of file @file (1..9) of class @cls (0..3). */
uint32_t sw_file_bytes(uint32_t cls, uint32_t file);

/** The mix of a file set of @directories directories (>= 1): 0, or -1
 *  (no directory, or out of memory). */
int sw_mix_init(SwMix *m, uint32_t directories);
void sw_mix_clear(SwMix *m);

/** Probability of class @cls (0..3), of file @file (1..9) within a
 *  class, and the mean response size of the mix, bytes. */
double sw_class_p(const SwMix *m, uint32_t cls);
double sw_file_p(const SwMix *m, uint32_t file);
double sw_mean_bytes(const SwMix *m);

/** A connection's generator (xorshift64*: deterministic, no state
 *  shared between connections). */
typedef struct SwRng {
    uint64_t s;
} SwRng;

/** The generator of connection @conn in a run of seed @seed. */
void sw_rng_seed(SwRng *r, uint64_t seed, uint32_t conn);
/** A uniform double in [0, 1). */
double sw_rng_unit(SwRng *r);

/** The next request of a client with generator @r. */
SwRequest sw_next_request(const SwMix *m, SwRng *r);

/** One client connection's accounting (times in ns).  Each response's
 *  bytes are spread evenly over its paced interval, from its request to
 *  the later of its last byte and its due time (the next request's
 *  earliest time, SW_TARGET_BPS); the bit rate over a measurement window
 *  is the bytes of the intervals' parts inside it over the window's
 *  length.  A connection that keeps up thus counts 400 kbit/s in any
 *  window, also one that starts while it waits after a large response
 *  (SPECweb99 counts only the measurement interval after a warm-up:
 *  [SPECWEB99-WP], the run rules' section 2.2; docs/specweb.md, "The
 *  measurement window"). */
typedef struct SwConn {
    uint64_t first_req_ns;   /**< its first request; UINT64_MAX: none */
    uint64_t bytes;          /**< response bytes received */
    uint64_t requests;       /**< responses completed */
    uint64_t win_ns;         /**< the measurement window's start (0: from
                                  the first request); set before the
                                  first request */
    double win_bytes;        /**< bytes in the window of every paced
                                  interval but the last */
    uint64_t last_req_ns, last_end_ns; /**< the last paced interval */
    uint32_t last_bytes;     /**< its response bytes */
} SwConn;

/** A fresh connection (no request yet, no window: win_ns 0). */
void sw_conn_init(SwConn *c);
/** A request sent at @t_ns (the first one starts the connection's
 *  time). */
void sw_conn_request(SwConn *c, uint64_t t_ns);
/** Its response of @bytes completed at @t_ns (after the request sent at
 *  @req_ns): the time the client sends its next request, paced to
 *  SW_TARGET_BPS (never before @t_ns). */
uint64_t sw_conn_response(SwConn *c, uint64_t req_ns, uint64_t t_ns,
                          uint32_t bytes);
/** The connection's bit rate over the measurement window ending at
 *  @end_ns (from the later of its window start and its first request),
 *  bit/s; 0 without a response or an empty window. */
double sw_conn_bps(const SwConn *c, uint64_t end_ns);
/** True if it conforms at @end_ns (bit rate >= SW_CONFORM_BPS). */
bool sw_conn_conforms(const SwConn *c, uint64_t end_ns);

#endif /* TB_SPECWEB_H */
