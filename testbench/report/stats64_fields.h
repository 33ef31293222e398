/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The fields of struct e1k_link_stats64 (driver/e1000_drv.h; Linux struct
 * rtnl_link_stats64, include/uapi/linux/if_link.h) in declaration order,
 * which is also the key order of the JSON report's "stats64" object
 * (docs/report-schema.md).  An X-macro: TB_STATS64_FIELDS(X) expands to
 * X(rx_packets) X(tx_packets) ... X(rx_nohandler), so a reader or a
 * writer of these fields names each once, e.g.
 *   #define PUT(f) put(#f, s->f);
 *   TB_STATS64_FIELDS(PUT)
 */
#ifndef TB_STATS64_FIELDS_H
#define TB_STATS64_FIELDS_H

#define TB_STATS64_FIELDS(X)                                              \
    X(rx_packets) X(tx_packets) X(rx_bytes) X(tx_bytes)                   \
    X(rx_errors) X(tx_errors) X(rx_dropped) X(tx_dropped)                 \
    X(multicast) X(collisions)                                            \
    X(rx_length_errors) X(rx_over_errors) X(rx_crc_errors)                \
    X(rx_frame_errors) X(rx_fifo_errors) X(rx_missed_errors)              \
    X(tx_aborted_errors) X(tx_carrier_errors) X(tx_fifo_errors)           \
    X(tx_heartbeat_errors) X(tx_window_errors)                            \
    X(rx_compressed) X(tx_compressed) X(rx_nohandler)

#endif /* TB_STATS64_FIELDS_H */
