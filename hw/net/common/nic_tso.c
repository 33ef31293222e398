/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP/UDP segmentation header rewrite of the common layer (nic_tso.h).
 */
#include "nic_bytes.h"
#include "nic_csum.h"
#include "nic_tso.h"

#define TCP_FIN 0x01u
#define TCP_PSH 0x08u

void nic_tso_segment(uint8_t *f, uint32_t seglen, const uint8_t *proto,
                     const NicTsoHdr *h, uint32_t seg_count,
                     uint32_t pay_sent, int last)
{
    uint32_t l4len = seglen - h->tucss;

    if (h->ipv4) {
        nic_st_be16(f + h->ipcss + 2, seglen - h->ipcss);
        nic_st_be16(f + h->ipcss + 4,
                    (nic_ld_be16(proto + h->ipcss + 4) + seg_count) &
                        0xFFFFu);
    } else {
        nic_st_be16(f + h->ipcss + 4, seglen - h->ipcss - 40u);
    }
    if (h->tcp) {
        nic_st_be32(f + h->tucss + 4,
                    nic_ld_be32(proto + h->tucss + 4) + pay_sent);
        if (!last) {
            f[h->tucss + 13] &= (uint8_t)~(TCP_FIN | TCP_PSH);
        }
    } else {
        nic_st_be16(f + h->tucss + 4, l4len);
    }
    if (h->ixsm) {
        nic_put_csum(f, seglen, h->ipcss, h->ipcso, h->ipcse, 0, 0);
    }
    if (h->txsm) {
        nic_put_csum(f, seglen, h->tucss, h->tucso, 0, l4len, !h->tcp);
    }
}
