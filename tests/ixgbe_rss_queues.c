/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ixgbe-rss-queues: which receive queue the 82598EB's RSS gives each flow
 * of a capture, computed by the model (ixg_rss_classify, datasheet
 * 3.5.2.10) from the RSS registers a run left in the device: the
 * reg.MRQC, reg.RSSRK.0..9 and reg.RETA.0..31 lines of the QEMU device's
 * stats file (hw/qemu/e1klab_82598.c), i.e. what the guest's driver
 * programmed, read back from the device.
 *
 * Usage: ixgbe-rss-queues STATS CAPTURE
 * Prints, per flow (IPv4 source, destination, protocol and ports, in
 * order of first appearance):
 *   flow.N=SRC:SPORT>DST:DPORT/PROTO frames=K queue=Q hash=0xH
 * then per queue that received frames, in queue order, the frame count
 * in the guest's "@@ rss" format (guest-images/ixgbe-diag.sh):
 *   rxq.Q=FRAMES
 * Exit 0; 2 with one line naming the file (and line) on bad input.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pcap/pcap.h>

#include "ixgbe.h"
#include "ixgbe_regs.h"

#define MAX_FLOWS 64u

/** One flow: its key bytes (IPv4 addresses, protocol, ports) and what
 *  the model says about it. */
typedef struct Flow {
    uint8_t key[13];
    uint32_t frames, queue, hash;
} Flow;

static int dummy_dma(void *o, uint64_t a, void *b, uint32_t l)
{
    (void)o; (void)a; (void)b; (void)l;
    return -1;
}

static int dummy_dma_w(void *o, uint64_t a, const void *b, uint32_t l)
{
    (void)o; (void)a; (void)b; (void)l;
    return -1;
}

static void dummy_irq(void *o, int l)
{
    (void)o; (void)l;
}

static uint64_t dummy_now(void *o)
{
    (void)o;
    return 0;
}

/* Write the register of a "reg.MRQC=0xV", "reg.RSSRK.I=0xV" or
 * "reg.RETA.I=0xV" line into @dev; 1 if the line was one, 0 if it is
 * another line (other registers too), -1 if it is one of these three
 * malformed. */
static int apply_line(IxgDev *dev, const char *line, unsigned *seen)
{
    unsigned i;
    uint32_t v;
    char name[8];

    if (strncmp(line, "reg.MRQC", 8) != 0 &&
        strncmp(line, "reg.RSSRK", 9) != 0 &&
        strncmp(line, "reg.RETA", 8) != 0) {
        return 0;
    }
    if (sscanf(line, "reg.MRQC=0x%" SCNx32, &v) == 1) {
        ixg_mmio_write(dev, IXG_MRQC, v, 4);
        seen[0]++;
        return 1;
    }
    if (sscanf(line, "reg.%7[A-Z].%u=0x%" SCNx32, name, &i, &v) == 3) {
        if (!strcmp(name, "RSSRK") && i < 10) {
            ixg_mmio_write(dev, IXG_RSSRK(i), v, 4);
            seen[1]++;
            return 1;
        }
        if (!strcmp(name, "RETA") && i < IXG_RETA_ENTRIES / 4) {
            ixg_mmio_write(dev, IXG_RETA(i), v, 4);
            seen[2]++;
            return 1;
        }
    }
    return -1;
}

/* Program @dev's RSS registers from the stats file @path; 0, or -1 after
 * printing the error. */
static int load_regs(IxgDev *dev, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256];
    unsigned seen[3] = { 0, 0, 0 }, n = 0;

    if (!f) {
        fprintf(stderr, "ixgbe-rss-queues: %s: cannot open\n", path);
        return -1;
    }
    while (fgets(line, sizeof(line), f)) {
        n++;
        if (apply_line(dev, line, seen) < 0) {
            fprintf(stderr, "ixgbe-rss-queues: %s:%u: malformed register "
                    "line\n", path, n);
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    if (seen[0] != 1 || seen[1] != 10 || seen[2] != IXG_RETA_ENTRIES / 4) {
        fprintf(stderr, "ixgbe-rss-queues: %s: want reg.MRQC, 10 reg.RSSRK "
                "and 32 reg.RETA lines (got %u, %u, %u)\n", path, seen[0],
                seen[1], seen[2]);
        return -1;
    }
    return 0;
}

/* The flow key of an Ethernet II / IPv4 frame (addresses, protocol,
 * ports of TCP/UDP, else 0); 0, or -1 if the frame is not IPv4. */
static int flow_key(const uint8_t *p, uint32_t len, uint8_t key[13])
{
    uint32_t ihl;

    if (len < 34 || p[12] != 0x08 || p[13] != 0x00 || (p[14] >> 4) != 4) {
        return -1;
    }
    ihl = (p[14] & 0xFu) * 4u;
    memcpy(key, p + 26, 8);
    key[8] = p[23];
    memset(key + 9, 0, 4);
    if ((p[23] == 6 || p[23] == 17) && len >= 14 + ihl + 4) {
        memcpy(key + 9, p + 14 + ihl, 4);
    }
    return 0;
}

/* Classify every frame of @path, grouping by flow into @fl; the flow
 * count, or -1 after printing the error. */
static int classify(IxgDev *dev, const char *path, Flow *fl)
{
    char err[PCAP_ERRBUF_SIZE];
    pcap_t *pc = pcap_open_offline(path, err);
    struct pcap_pkthdr *h;
    const u_char *p;
    int n = 0, rc;

    if (!pc) {
        fprintf(stderr, "ixgbe-rss-queues: %s: %s\n", path, err);
        return -1;
    }
    while ((rc = pcap_next_ex(pc, &h, &p)) == 1) {
        uint8_t key[13];
        int i;

        if (flow_key(p, h->caplen, key) < 0) {
            continue;
        }
        for (i = 0; i < n && memcmp(fl[i].key, key, 13); i++) {
        }
        if (i == n) {
            if (n == (int)MAX_FLOWS) {
                fprintf(stderr, "ixgbe-rss-queues: %s: more than %u flows\n",
                        path, MAX_FLOWS);
                pcap_close(pc);
                return -1;
            }
            memcpy(fl[n].key, key, 13);
            fl[n].frames = 0;
            fl[n].queue = ixg_rss_classify(dev, p, h->caplen, &fl[n].hash,
                                           NULL);
            n++;
        }
        fl[i].frames++;
    }
    pcap_close(pc);
    return n;
}

static void print_flows(const Flow *fl, int n)
{
    uint64_t perq[IXG_NUM_RX_QUEUES] = { 0 };

    for (int i = 0; i < n; i++) {
        const uint8_t *k = fl[i].key;
        printf("flow.%d=%u.%u.%u.%u:%u>%u.%u.%u.%u:%u/%u frames=%u queue=%u "
               "hash=0x%08x\n", i, k[0], k[1], k[2], k[3],
               (unsigned)(k[9] << 8 | k[10]), k[4], k[5], k[6], k[7],
               (unsigned)(k[11] << 8 | k[12]), k[8], fl[i].frames,
               fl[i].queue, fl[i].hash);
        perq[fl[i].queue % IXG_NUM_RX_QUEUES] += fl[i].frames;
    }
    for (uint32_t q = 0; q < IXG_NUM_RX_QUEUES; q++) {
        if (perq[q]) {
            printf("rxq.%u=%" PRIu64 "\n", q, perq[q]);
        }
    }
}

int main(int argc, char **argv)
{
    IxgConfig cfg;
    IxgPort port = { .dma_read = dummy_dma, .dma_write = dummy_dma_w,
                     .set_irq = dummy_irq, .now_ns = dummy_now };
    static Flow fl[MAX_FLOWS];
    IxgDev *dev;
    int n;

    if (argc != 3) {
        fprintf(stderr, "usage: ixgbe-rss-queues STATS CAPTURE\n");
        return 2;
    }
    ixg_config_default(&cfg);
    dev = ixg_new(&cfg, &port);
    if (!dev) {
        fprintf(stderr, "ixgbe-rss-queues: out of memory\n");
        return 2;
    }
    if (load_regs(dev, argv[1]) < 0 || (n = classify(dev, argv[2], fl)) < 0) {
        ixg_free(dev);
        return 2;
    }
    print_flows(fl, n);
    ixg_free(dev);
    return 0;
}
