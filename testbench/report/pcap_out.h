/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --pcap-out: the frames transmitted by every NIC of a run, written as a
 * classic pcap (DLT_EN10MB, nanosecond timestamps = simulated time since
 * the start of the run, snaplen 65535) through libpcap.
 */
#ifndef TB_PCAP_OUT_H
#define TB_PCAP_OUT_H

#include <stdint.h>
#include <stdio.h>

typedef struct TbPcapOut TbPcapOut;

/** Start a capture on the open stream @f (taken over: closed by
 *  tb_pcap_out_close).  NULL and *err (g_malloc'd) on failure. */
TbPcapOut *tb_pcap_out_new(FILE *f, char **err);

/** Append a frame of @len bytes (without FCS) that left at @t_ns. */
void tb_pcap_out_frame(TbPcapOut *po, uint64_t t_ns, const uint8_t *frame,
                       uint32_t len);

/** Frames written so far. */
uint64_t tb_pcap_out_count(const TbPcapOut *po);

/** Flush and close.  0, or -1 if a write failed.  NULL accepted. */
int tb_pcap_out_close(TbPcapOut *po);

#endif /* TB_PCAP_OUT_H */
