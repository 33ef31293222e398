/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * IPv4 receive: header checks (ip_rcv), local delivery to the UDP sink,
 * forwarding (ip_forward: TTL decrement with incremental checksum update
 * as ip_decrease_ttl does, longest-prefix route lookup over static routes,
 * neighbour output with the out link's static peer MAC), then
 * dev_queue_xmit on the out device.
 */
#include "kernel/k_tcp.h"
#include "kernel/kernel.h"

#include <string.h>

#define ETH_HLEN 14
#define ETH_P_IP 0x0800

/* Eight bytes at a time in host order, which the sum does not
 * depend on up to a byte swap [RFC1071 2(B)]; the tail in network
 * order. */
uint32_t tb_csum_sum(const uint8_t *p, uint32_t len)
{
    uint64_t s = 0;
    uint32_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        s += (w & 0xffffffffu) + (w >> 32);
    }
    uint32_t f = tb_csum_fold(s);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    f = ((f & 0xff) << 8) | (f >> 8);
#endif
    for (; i + 1 < len; i += 2) {
        f += tb_get_be16(p + i);
    }
    if (i < len) {
        f += (uint32_t)p[i] << 8;
    }
    return tb_csum_fold(f);
}

uint16_t tb_ip_csum(const uint8_t *p, uint32_t len)
{
    return (uint16_t)~tb_csum_sum(p, len);
}

/* @a + @b with end-around carry: ones'-complement addition of 64-bit
 * words, which keeps the sum's value mod 2^16 - 1 [RFC1071 2(C)]. */
static inline uint64_t add_eac64(uint64_t a, uint64_t b)
{
    uint64_t s = a + b;
    return s + (s < b);
}

/* Whether the IPv4 header at @ip (@ihl bytes) has a good checksum
 * [RFC791 3.1]: its ones'-complement sum is 0xffff.  The usual 20-byte
 * header as two 64-bit words and one 32-bit word in host order (the sum
 * is the same up to a byte swap [RFC1071 2(B)], and 0xffff is its own
 * swap), added with end-around carry, then folded to 16 bits in two
 * steps: the high half of x + (x rotated by half its width) is the
 * end-around-carry sum of x's two halves.  A nonzero sum never folds to
 * 0, and the header is never all zero (version 4), so the result is the
 * one form of the sum in 1..0xffff, as a fold 16 bits at a time gives. */
static bool ip_hdr_csum_ok(const uint8_t *ip, uint32_t ihl)
{
    if (ihl != 20) {
        return tb_ip_csum(ip, ihl) == 0;
    }
    uint64_t a, b;
    uint32_t c;
    memcpy(&a, ip, 8);
    memcpy(&b, ip + 8, 8);
    memcpy(&c, ip + 16, 4);
    uint64_t s = add_eac64(add_eac64(a, b), c);
    uint32_t x = (uint32_t)((s + (s >> 32 | s << 32)) >> 32);
    return (x + (x >> 16 | x << 16)) >> 16 == 0xffffu;
}

/* The header length in bytes of the IPv4 header at @ip, whose total
 * length field says @tot, in a frame with @room bytes from the header
 * on; 0 if ip_rcv drops it: not version 4, IHL below 5 words, a total
 * length shorter than the header or longer than the frame, a bad header
 * checksum [RFC791 3.1].  The usual header (version 4, IHL 5) is one
 * compare of its first byte. */
static inline uint32_t ip_hdr_len(const uint8_t *ip, uint32_t tot,
                                  uint32_t room)
{
    uint32_t ihl = 20;

    if (ip[0] != 0x45) {
        ihl = (ip[0] & 15u) * 4u;
        if ((ip[0] >> 4) != 4 || ihl < 20) {
            return 0;
        }
    }
    if (tot < ihl || tot > room || !ip_hdr_csum_ok(ip, ihl)) {
        return 0;
    }
    return ihl;
}

int tb_route_add(TbKernel *k, uint32_t prefix, uint32_t prefix_len, int dev)
{
    if (k->nroutes >= TB_KMAX_ROUTES || prefix_len > 32) {
        return -1;
    }
    uint32_t mask = prefix_len ? ~0u << (32 - prefix_len) : 0;
    /* keep sorted by prefix length, longest first; stable for ties */
    uint32_t i = k->nroutes;
    while (i > 0 && k->route[i - 1].prefix_len < prefix_len) {
        k->route[i] = k->route[i - 1];
        i--;
    }
    k->route[i] = (TbRoute){ prefix & mask, mask, prefix_len, dev };
    k->nroutes++;
    k->route_hit_ok = false;   /* the table changed */
    return 0;
}

int tb_route_lookup(const TbKernel *k, uint32_t daddr)
{
    for (uint32_t i = 0; i < k->nroutes; i++) {
        if ((daddr & k->route[i].mask) == k->route[i].prefix) {
            return (int)i;
        }
    }
    return -1;
}

TbNetdev *tb_ip_route_dev(const TbKernel *k, uint32_t daddr)
{
    int r = tb_route_lookup(k, daddr);
    if (r < 0 || (uint32_t)k->route[r].dev >= k->ndev) {
        return NULL;
    }
    return k->dev[k->route[r].dev];
}

/* The address of the neighbour owning @daddr on @dev's segment (binary
 * search of dev->neigh), or dev->peer_mac. */
static __attribute__((noinline)) const uint8_t *
neigh_mac(const TbNetdev *dev, uint32_t daddr)
{
    uint32_t lo = 0, hi = dev->nneigh;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (dev->neigh[mid].ip < daddr) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo < dev->nneigh && dev->neigh[lo].ip == daddr
           ? dev->neigh[lo].mac : dev->peer_mac;
}

void tb_eth_hdr_out(uint8_t *d, const TbNetdev *dev, uint32_t daddr)
{
    memcpy(d, dev->nneigh ? neigh_mac(dev, daddr) : dev->peer_mac, 6);
    memcpy(d + 6, dev->mac, 6);
    d[12] = (uint8_t)(ETH_P_IP >> 8);
    d[13] = (uint8_t)ETH_P_IP;
}

/* tb_ip_route_dev for the forwarding path, through the one-entry
 * cache of the last destination (route_hit_*): the table is scanned
 * only when the destination changes, a route was added or a device
 * registered.  The out device, or NULL (no route, or a route to a
 * device that does not exist). */
static TbNetdev *route_dev_fwd(TbKernel *k, uint32_t daddr)
{
    if (!k->route_hit_ok || k->route_hit_daddr != daddr) {
        k->route_hit_dev = tb_ip_route_dev(k, daddr);
        k->route_hit_daddr = daddr;
        k->route_hit_ok = true;
    }
    return k->route_hit_dev;
}

static bool is_local(const TbKernel *k, uint32_t daddr)
{
    for (uint32_t i = 0; i < k->ndev; i++) {
        if (k->dev[i]->ip && k->dev[i]->ip == daddr) {
            return true;
        }
    }
    return false;
}

static void drop(TbKernel *k, TbSkb *skb, uint64_t *ctr)
{
    (*ctr)++;
    tb_kfree_skb(k, skb);
}

/* eth_type_trans's PACKET_OTHERHOST: a unicast frame for another
 * station's address than that of @in (the receiving device, NULL if
 * none), which only a promiscuous NIC passes up; ip_rcv drops it. */
static bool other_host(const TbNetdev *in, const TbSkb *skb)
{
    const uint8_t *dst = skb->data;

    if ((dst[0] & 1u) || !in) {
        return false;
    }
    return memcmp(dst, in->mac, 6) != 0;
}

/* ip_rcv: the header checks, then local delivery or forwarding.  Forced
 * inline into tb_netif_receive_skb_dev (every frame a driver receives)
 * and tb_ip_rcv (the backlog's frames). */
static inline __attribute__((always_inline))
void ip_rcv(TbKernel *k, TbSkb *skb, const TbNetdev *in)
{
    uint8_t *d = skb->data;
    uint32_t len = skb->len;

    if (len < ETH_HLEN + 20 || tb_get_be16(d + 12) != ETH_P_IP) {
        drop(k, skb, &k->ip_dropped);
        return;
    }
    uint8_t *ip = d + ETH_HLEN;
    uint32_t tot = tb_get_be16(ip + 2);
    uint32_t ihl = ip_hdr_len(ip, tot, len - ETH_HLEN);
    if (!ihl) {
        drop(k, skb, &k->ip_dropped);
        return;
    }
    uint32_t daddr = tb_get_be32(ip + 16);
    if (other_host(in, skb)) {
        drop(k, skb, &k->ip_dropped);
        return;
    }
    if (is_local(k, daddr)) {
        k->local_delivered++;
        if (ip[9] == 6 && !(tb_get_be16(ip + 6) & 0x3fff)
            && tb_tcp_active(k)) {
            /* the IP part only: tcp_rcv has its own socket lookup */
            tb_cpu_cost(k->cpu, TB_COST_IP_LOCAL_DELIVER, 1);
            tb_tcp_v4_rcv(k, skb, tot);
            return;
        }
        /* the IP part and the protocol's: udp_rcv (or the drop) */
        tb_cpu_cost_pair(k->cpu, TB_COST_IP_LOCAL_DELIVER, TB_COST_UDP_RCV);
        if (ip[9] != 17 || tot < ihl + 8
            || (tb_get_be16(ip + 6) & 0x3fff)) {
            /* not UDP, or a fragment (no reassembly modelled) */
            drop(k, skb, &k->ip_dropped);
            return;
        }
        uint8_t *udp = ip + ihl;
        uint32_t ulen = tb_get_be16(udp + 4);
        if (ulen < 8 || ulen > tot - ihl) {
            drop(k, skb, &k->ip_dropped);
            return;
        }
        tb_udp_rcv(k, skb, tb_get_be16(udp + 2), ulen - 8);
        return;
    }
    if (!k->ip_forward) {
        drop(k, skb, &k->ip_dropped);
        return;
    }
    tb_cpu_cost(k->cpu, TB_COST_IP_FORWARD, 1);
    if (ip[8] <= 1) {
        /* TTL exceeded (the ICMP error is not modelled) */
        drop(k, skb, &k->ip_dropped);
        return;
    }
    TbNetdev *out = route_dev_fwd(k, daddr);
    if (!out) {
        drop(k, skb, &k->no_route);
        return;
    }
    if (tot > out->mtu) {
        /* larger than the outgoing MTU: fragmentation (and DF's ICMP
         * "fragmentation needed") is not modelled */
        drop(k, skb, &k->ip_dropped);
        return;
    }
    /* ip_decrease_ttl: TTL is the high byte of word 4; the checksum goes
     * up by 0x0100 with end-around carry (RFC 1624) */
    uint32_t c = tb_get_be16(ip + 10) + 0x0100u;
    c = (c & 0xffff) + (c >> 16);
    ip[10] = (uint8_t)(c >> 8);
    ip[11] = (uint8_t)c;
    ip[8]--;
    tb_eth_hdr_out(d, out, daddr);   /* the type is already ETH_P_IP */
    k->ip_forwarded++;
    tb_dev_queue_xmit(out, skb);
}

void tb_ip_rcv(TbKernel *k, TbSkb *skb, const TbNetdev *in)
{
    ip_rcv(k, skb, in);
}

/* netif_receive_skb (k_napi.c's tb_netif_receive_skb) for a driver's
 * frame: here so that ip_rcv is inline in it. */
void tb_netif_receive_skb_dev(TbKernel *k, TbSkb *skb, TbNetdev *in)
{
    tb_cpu_cost(k->cpu, TB_COST_NETIF_RECEIVE_SKB, 1);
    k->sd->processed++;
    in->rx_stack++;
    ip_rcv(k, skb, in);
}
