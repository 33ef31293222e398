// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * e1kpkt: raw Ethernet frames for the guest's conformance checks
 * (guest-images/conform.sh), built static by guest-images/build.sh.
 * busybox has no way to send a frame of a chosen size, EtherType or VLAN
 * tag, or to join a link-layer multicast group; this does both through
 * an AF_PACKET socket (packet(7)).
 *
 *   e1kpkt send IF DST ETYPE LEN COUNT [VID]
 *       COUNT frames of LEN bytes (no FCS; 60..16110) from IF's own MAC
 *       to DST (aa:bb:cc:dd:ee:ff), EtherType ETYPE (hex), with an
 *       802.1Q tag of VLAN VID (1..4094) in the frame if given; payload
 *       "E1KC", the frame number (32-bit big-endian), then 0x5A bytes.
 *       Prints "sent=N".
 *   e1kpkt join IF SECONDS MAC [MAC...]
 *       Join the link-layer multicast groups MAC on IF
 *       (PACKET_ADD_MEMBERSHIP, PACKET_MR_MULTICAST: the driver's
 *       multicast list gets them), keep them SECONDS, then leave.  Prints
 *       "joined=N" once in.
 * Exit 0 on success, 2 with one line on stderr on bad arguments, 1 if a
 * socket call fails.
 */
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_LEN 16110

static int usage(const char *why)
{
    fprintf(stderr, "e1kpkt: %s (usage: e1kpkt send IF DST ETYPE LEN COUNT "
            "[VID] | e1kpkt join IF SECONDS MAC [MAC...])\n", why);
    return 2;
}

static int parse_mac(const char *s, unsigned char *m)
{
    unsigned int b[6];
    char tail;

    if (sscanf(s, "%2x:%2x:%2x:%2x:%2x:%2x%c", &b[0], &b[1], &b[2], &b[3],
               &b[4], &b[5], &tail) != 6) {
        return -1;
    }
    for (int i = 0; i < 6; i++) {
        m[i] = (unsigned char)b[i];
    }
    return 0;
}

/* A packet socket on interface @ifname: its index in *idx, its MAC in
 * @mac (if not NULL).  -1 on failure (message printed). */
static int open_on(const char *ifname, int *idx, unsigned char *mac)
{
    struct ifreq ifr;
    int fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));

    if (fd < 0) {
        perror("e1kpkt: socket");
        return -1;
    }
    memset(&ifr, 0, sizeof(ifr));
    snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
    if (ioctl(fd, SIOCGIFINDEX, &ifr) < 0) {
        perror("e1kpkt: SIOCGIFINDEX");
        close(fd);
        return -1;
    }
    *idx = ifr.ifr_ifindex;
    if (mac) {
        if (ioctl(fd, SIOCGIFHWADDR, &ifr) < 0) {
            perror("e1kpkt: SIOCGIFHWADDR");
            close(fd);
            return -1;
        }
        memcpy(mac, ifr.ifr_hwaddr.sa_data, 6);
    }
    return fd;
}

static int do_send(int argc, char **argv)
{
    static unsigned char f[MAX_LEN];
    unsigned char dst[6], src[6];
    unsigned long etype, len, count, vid = 0;
    struct sockaddr_ll to;
    unsigned long sent = 0;
    size_t o = 12;
    int fd, idx;

    if (argc < 7 || parse_mac(argv[3], dst) < 0) {
        return usage("send: IF DST ETYPE LEN COUNT [VID]");
    }
    etype = strtoul(argv[4], NULL, 16);
    len = strtoul(argv[5], NULL, 10);
    count = strtoul(argv[6], NULL, 10);
    if (argc > 7) {
        vid = strtoul(argv[7], NULL, 10);
    }
    if (etype < 0x600 || etype > 0xFFFF || len < 60 || len > MAX_LEN ||
        vid > 4094) {
        return usage("send: ETYPE 600..ffff, LEN 60..16110, VID 0..4094");
    }
    if ((fd = open_on(argv[2], &idx, src)) < 0) {
        return 1;
    }
    memset(f, 0x5A, len);
    memcpy(f, dst, 6);
    memcpy(f + 6, src, 6);
    if (vid) {
        f[o++] = 0x81;
        f[o++] = 0x00;
        f[o++] = (unsigned char)(vid >> 8);
        f[o++] = (unsigned char)vid;
    }
    f[o++] = (unsigned char)(etype >> 8);
    f[o++] = (unsigned char)etype;
    memcpy(f + o, "E1KC", 4);
    memset(&to, 0, sizeof(to));
    to.sll_family = AF_PACKET;
    to.sll_ifindex = idx;
    to.sll_halen = 6;
    memcpy(to.sll_addr, dst, 6);
    for (unsigned long n = 0; n < count; n++) {
        uint32_t be = htonl((uint32_t)n);
        memcpy(f + o + 4, &be, 4);
        if (sendto(fd, f, len, 0, (struct sockaddr *)&to, sizeof(to)) ==
            (ssize_t)len) {
            sent++;
        }
    }
    printf("sent=%lu\n", sent);
    close(fd);
    return sent == count ? 0 : 1;
}

static int do_join(int argc, char **argv)
{
    struct packet_mreq mr;
    int fd, idx, n = 0;

    if (argc < 5) {
        return usage("join: IF SECONDS MAC [MAC...]");
    }
    if ((fd = open_on(argv[2], &idx, NULL)) < 0) {
        return 1;
    }
    for (int i = 4; i < argc; i++) {
        memset(&mr, 0, sizeof(mr));
        mr.mr_ifindex = idx;
        mr.mr_type = PACKET_MR_MULTICAST;
        mr.mr_alen = 6;
        if (parse_mac(argv[i], mr.mr_address) < 0 ||
            !(mr.mr_address[0] & 1)) {
            close(fd);
            return usage("join: MAC must be a multicast address");
        }
        if (setsockopt(fd, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &mr,
                       sizeof(mr))) {
            perror("e1kpkt: PACKET_ADD_MEMBERSHIP");
            close(fd);
            return 1;
        }
        n++;
    }
    printf("joined=%d\n", n);
    fflush(stdout);
    sleep((unsigned int)strtoul(argv[3], NULL, 10));
    close(fd);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "send") == 0) {
        return do_send(argc, argv);
    }
    if (argc > 1 && strcmp(argv[1], "join") == 0) {
        return do_join(argc, argv);
    }
    return usage("no command");
}
