/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Transmitted frames to a pcap file (pcap_out.h). */
#include <pcap/pcap.h>

#include <glib.h>

#include "report/pcap_out.h"

#define TB_PCAP_OUT_SNAPLEN 65535u

struct TbPcapOut {
    pcap_t *dead;
    pcap_dumper_t *dump;
    uint64_t frames;
};

TbPcapOut *tb_pcap_out_new(FILE *f, char **err)
{
    TbPcapOut *po = g_new0(TbPcapOut, 1);

    po->dead = pcap_open_dead_with_tstamp_precision(
        DLT_EN10MB, TB_PCAP_OUT_SNAPLEN, PCAP_TSTAMP_PRECISION_NANO);
    if (!po->dead) {
        *err = g_strdup("pcap-out: libpcap could not start a capture");
        fclose(f);
        g_free(po);
        return NULL;
    }
    po->dump = pcap_dump_fopen(po->dead, f);
    if (!po->dump) {
        *err = g_strdup_printf("pcap-out: %s", pcap_geterr(po->dead));
        fclose(f);
        pcap_close(po->dead);
        g_free(po);
        return NULL;
    }
    return po;
}

void tb_pcap_out_frame(TbPcapOut *po, uint64_t t_ns, const uint8_t *frame,
                       uint32_t len)
{
    struct pcap_pkthdr h;

    h.ts.tv_sec = (time_t)(t_ns / 1000000000u);
    h.ts.tv_usec = (suseconds_t)(t_ns % 1000000000u); /* ns precision */
    h.len = len;
    h.caplen = len < TB_PCAP_OUT_SNAPLEN ? len : TB_PCAP_OUT_SNAPLEN;
    pcap_dump((u_char *)po->dump, &h, frame);
    po->frames++;
}

uint64_t tb_pcap_out_count(const TbPcapOut *po)
{
    return po->frames;
}

int tb_pcap_out_close(TbPcapOut *po)
{
    int r = 0;

    if (!po) {
        return 0;
    }
    if (pcap_dump_flush(po->dump) < 0) {
        r = -1;
    }
    if (ferror(pcap_dump_file(po->dump))) {
        r = -1;
    }
    pcap_dump_close(po->dump);
    pcap_close(po->dead);
    g_free(po);
    return r;
}
