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
 *        ixgbe-rss-queues --ethtool-x FILE CAPTURE
 * The second form takes the driver's own view instead, the output of
 * `ethtool -x` (its RSS key as bytes and its indirection table): each
 * flow's queue is then the table entry of the low 7 bits of the Toeplitz
 * hash (ixg_toeplitz) of its IPv4 addresses and TCP ports under that key
 * (datasheet 3.5.2.10, [MS-RSS]), independent of how the device lays the
 * key and table out in its registers.
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

/** The driver's view (ethtool -x): key bytes and indirection table. */
typedef struct DriverView {
    uint8_t key[40];
    uint32_t table[IXG_RETA_ENTRIES];
} DriverView;

/* Parse `ethtool -x` output at @path into *@v; 0, or -1 after printing
 * the error.  Wants 128 table entries and a 40-byte key. */
static int load_ethtool_x(const char *path, DriverView *v)
{
    FILE *f = fopen(path, "r");
    char line[512];
    unsigned nt = 0, nk = 0, n = 0;
    int in_key = 0;

    if (!f) {
        fprintf(stderr, "ixgbe-rss-queues: %s: cannot open\n", path);
        return -1;
    }
    while (fgets(line, sizeof(line), f)) {
        unsigned at, q, b;
        char *p = line;
        int used;

        n++;
        if (in_key) {
            while (nk < 40 && sscanf(p, "%2x%n", &b, &used) == 1) {
                v->key[nk++] = (uint8_t)b;
                p += used;
                if (*p == ':') {
                    p++;
                }
            }
            in_key = 0;
        } else if (!strncmp(line, "RSS hash key:", 13)) {
            in_key = 1;
        } else if (sscanf(line, " %u:%n", &at, &used) == 1 && at == nt) {
            p += used;
            while (sscanf(p, "%u%n", &q, &used) == 1 && nt < IXG_RETA_ENTRIES) {
                v->table[nt++] = q;
                p += used;
            }
        }
    }
    fclose(f);
    if (nt != IXG_RETA_ENTRIES || nk != 40) {
        fprintf(stderr, "ixgbe-rss-queues: %s: want 128 table entries and a "
                "40-byte key (got %u, %u)\n", path, nt, nk);
        return -1;
    }
    return 0;
}

/* The queue the driver's view gives the flow @key (addresses, protocol,
 * ports as flow_key builds it), with its hash in *@hash: TCP/IPv4 hashes
 * addresses and ports, other IPv4 the addresses. */
static uint32_t driver_queue(const DriverView *v, const uint8_t key[13],
                             uint32_t *hash)
{
    uint8_t in[12];

    memcpy(in, key, 8);
    memcpy(in + 8, key + 9, 4);
    *hash = ixg_toeplitz(v->key, in, key[8] == 6 ? 12 : 8);
    return v->table[*hash & (IXG_RETA_ENTRIES - 1)];
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

/* Classify every frame of @path by the device @dev (or, @dv not NULL, by
 * the driver's view), grouping by flow into @fl; the flow count, or -1
 * after printing the error. */
static int classify(IxgDev *dev, const DriverView *dv, const char *path,
                    Flow *fl)
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
            fl[n].queue = dv ? driver_queue(dv, key, &fl[n].hash)
                             : ixg_rss_classify(dev, p, h->caplen,
                                                &fl[n].hash, NULL);
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
    static DriverView dv;
    int n;

    if (argc == 4 && !strcmp(argv[1], "--ethtool-x")) {
        if (load_ethtool_x(argv[2], &dv) < 0 ||
            (n = classify(NULL, &dv, argv[3], fl)) < 0) {
            return 2;
        }
        print_flows(fl, n);
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: ixgbe-rss-queues STATS CAPTURE | "
                "--ethtool-x FILE CAPTURE\n");
        return 2;
    }
    ixg_config_default(&cfg);
    IxgDev *dev = ixg_new(&cfg, &port);
    if (!dev) {
        fprintf(stderr, "ixgbe-rss-queues: out of memory\n");
        return 2;
    }
    if (load_regs(dev, argv[1]) < 0 ||
        (n = classify(dev, NULL, argv[2], fl)) < 0) {
        ixg_free(dev);
        return 2;
    }
    print_flows(fl, n);
    ixg_free(dev);
    return 0;
}
