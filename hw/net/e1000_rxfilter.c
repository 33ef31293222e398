/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Frame admission on the receive side of the device model: receiver
 * enable and link, size rules, the destination address and VLAN filters,
 * VLAN tag stripping, checksum offload, receive statistics, and the hand
 * over to the packet buffer.
 *
 * Sources: RCTL SDM 13.4.22; address filtering SDM 13.5.1-3
 * ([QEMU-E1000] for the order); VLAN SDM 9 / CTRL.VME, VET, VFTA; sizes and
 * statistics SDM 13.7; packet buffer SDM 3.2.7.4.
 */
#include <string.h>

#include "e1000_bytes.h"
#include "e1000_core.h"

/** RAH.ASEL, bits 17:16: which address the entry matches (SDM 13.4.26). */
#define RAH_ASEL_MASK (3u << 16)

/** Filter verdict for one frame. */
typedef struct RxVerdict {
    int pass;        /* 1: accepted by address and VLAN filter */
    int inexact;     /* 1: accepted only by UPE/MPE/MTA (status PIF) */
    int tagged;      /* 1: EtherType at 12 equals VET */
} RxVerdict;

/* The destination address as two little-endian words, the layout of
 * RAL (DA bytes 0-3) and RAH bits 15:0 (DA bytes 4-5), SDM 13.5.1-2:
 * each comparison below is then one or two integer compares. */
typedef struct RxDa {
    uint32_t lo, hi;
} RxDa;

static RxDa rx_da(const uint8_t *da)
{
    RxDa d = { e1k_ld_le32(da), e1k_ld_le16(da + 4) };
    return d;
}

static int is_bcast(RxDa d)
{
    return d.lo == 0xFFFFFFFFu && d.hi == 0xFFFFu;
}

/* Exact match against the 16 receive address registers with AV set.
 * Only entries with ASEL (RAH bits 17:16) = 00, destination address, are
 * used; source-address entries are not modelled and never match. */
static int ra_match(const E1kDev *s, RxDa d)
{
    for (uint32_t i = 0; i < E1K_RA_ENTRIES; i++) {
        uint32_t hi = e1k_reg(s, E1K_RAH(i));
        if ((hi & (E1K_RAH_AV | RAH_ASEL_MASK)) == E1K_RAH_AV &&
            (hi & 0xFFFFu) == d.hi && e1k_reg(s, E1K_RAL(i)) == d.lo) {
            return 1;
        }
    }
    return 0;
}

/* MTA hash (SDM 13.5.1): 12 bits of DA[4..5] selected by RCTL.MO. */
static int mta_match(const E1kDev *s, const uint8_t *da)
{
    static const unsigned shift[4] = { 4, 3, 2, 0 };
    uint32_t mo = (e1k_reg(s, E1K_RCTL) & E1K_RCTL_MO_MASK) >>
                  E1K_RCTL_MO_SHIFT;
    uint32_t h = (((uint32_t)da[5] << 8 | da[4]) >> shift[mo]) & 0xFFFu;
    return (e1k_reg(s, E1K_MTA + 4u * (h >> 5)) >> (h & 31u)) & 1u;
}

/*
 * Destination address filter.  Acceptance is the [QEMU-E1000] order
 * (broadcast+BAM, multicast+MPE, unicast+UPE, exact RA, MTA hash); the
 * MTA hash is consulted for multicast addresses only (our reading of SDM
 * 13.5.1: it extends multicast filtering).  PIF is set when the frame
 * was not matched exactly (broadcast with BAM or an RA entry), i.e. it
 * got in only through promiscuous mode or the hash.
 * Broadcast (SDM 13.4.22, RCTL.BAM = 0b: "Ignore broadcast (unless it
 * matches through exact or imperfect filters)"): without BAM only an RA
 * entry or the MTA hash admits it; neither MPE nor UPE does.
 */
static void addr_filter(const E1kDev *s, const uint8_t *da, RxVerdict *v)
{
    uint32_t rctl = e1k_reg(s, E1K_RCTL);
    RxDa d = rx_da(da);
    int bcast = is_bcast(d);
    int mcast = da[0] & 1u;

    if ((bcast && (rctl & E1K_RCTL_BAM)) || ra_match(s, d)) {
        v->pass = 1;
    } else if ((mcast && !bcast && (rctl & E1K_RCTL_MPE)) ||
               (!mcast && (rctl & E1K_RCTL_UPE)) ||
               (mcast && mta_match(s, da))) {
        v->pass = 1;
        v->inexact = 1;
    }
}

/*
 * VLAN filter (RCTL.VFE): a frame tagged with VET passes only if its
 * VID's bit is set in VFTA and, with RCTL.CFIEN, its CFI bit equals
 * RCTL.CFI.  Untagged frames are not affected.
 */
static int vlan_pass(const E1kDev *s, uint32_t tci)
{
    uint32_t rctl = e1k_reg(s, E1K_RCTL);
    uint32_t vid = tci & 0xFFFu;

    if ((rctl & E1K_RCTL_CFIEN) &&
        !!(tci & 0x1000u) != !!(rctl & E1K_RCTL_CFI)) {
        return 0;
    }
    if (!(rctl & E1K_RCTL_VFE)) {
        return 1;
    }
    return (e1k_reg(s, E1K_VFTA + 4u * ((vid >> 5) & 0x7Fu)) >>
            (vid & 31u)) & 1u;
}

/* Statistics for a frame that passed the filter: TPR/TOR (SDM 13.7:
 * every received packet, incl. size errors and MPC drops). */
static void count_total(E1kDev *s, uint32_t wire_len)
{
    e1k_stat_add(s, E1K_TPR, 1);
    e1k_stat_add64(s, E1K_TORL, wire_len);
    s->totals.tpr++;
    s->totals.tor += wire_len;
}

/* Statistics for a good frame accepted into the packet buffer. */
static void count_good(E1kDev *s, const uint8_t *da, uint32_t wire_len)
{
    e1k_stat_add(s, E1K_GPRC, 1);
    e1k_stat_add64(s, E1K_GORCL, wire_len);
    e1k_stat_size_bucket(s, E1K_PRC64, wire_len);
    s->totals.gprc++;
    s->totals.gorc += wire_len;
    if (is_bcast(rx_da(da))) {
        e1k_stat_add(s, E1K_BPRC, 1);
        s->totals.bprc++;
    } else if (da[0] & 1u) {
        e1k_stat_add(s, E1K_MPRC, 1);
        s->totals.mprc++;
    }
}

/* Undersize frame dropped or kept with SBP (RUC, SDM 13.7). */
static void count_ruc(E1kDev *s)
{
    e1k_stat_add(s, E1K_RUC, 1);
    s->totals.ruc++;
}

/* Address and VLAN filters: fills *v, and *tci with the tag control
 * field of a frame tagged with VET (left alone for untagged ones). */
static void rx_filter(const E1kDev *s, const uint8_t *frame, uint32_t len,
                      RxVerdict *v, uint32_t *tci)
{
    uint32_t vet = e1k_reg(s, E1K_VET) & 0xFFFFu;

    v->tagged = len >= 18u && ((uint32_t)frame[12] << 8 | frame[13]) == vet;
    if (v->tagged) {
        *tci = (uint32_t)frame[14] << 8 | frame[15];
    }
    addr_filter(s, frame, v);
    if (v->pass && v->tagged && !vlan_pass(s, *tci)) {
        v->pass = 0;
    }
}

/* Size rules (SDM 13.7 RUC/ROC): below 64 bytes with FCS is undersize,
 * above 1522 (16384 with RCTL.LPE) oversize.  Counts the frame and
 * returns 1 if its size is bad, else 0. */
static int size_bad(E1kDev *s, uint32_t rctl, uint32_t wire_len)
{
    const uint32_t min_wire = E1K_ETH_MIN_NOFCS + E1K_ETH_FCS;
    uint32_t max_wire;

    if (wire_len - min_wire <= E1K_ETH_MAX_NOFCS + 4u - min_wire) {
        return 0;   /* 64..1522: good whatever RCTL.LPE (one compare) */
    }
    max_wire = (rctl & E1K_RCTL_LPE) ? E1K_LPE_MAX_NOFCS + 4u
                                     : E1K_ETH_MAX_NOFCS + 4u;
    if (wire_len < min_wire) {
        count_ruc(s);
        return 1;
    }
    if (wire_len > max_wire) {
        e1k_stat_add(s, E1K_ROC, 1);
        s->totals.roc++;
        return 1;
    }
    return 0;
}

/* 1 if the VET tag of this frame is stripped into the descriptor
 * (CTRL.VME, SDM 3.2.3, 9), so 4 bytes fewer are stored. */
static int rx_strips(const E1kDev *s, const RxVerdict *v)
{
    return v->tagged && (e1k_reg(s, E1K_CTRL) & E1K_CTRL_VME);
}

/* Store @len bytes at @src (the frame as the host will see it) with FCS
 * @fcs in the packet buffer (the caller made sure they fit), and decide
 * its descriptor fields there: @status (PIF, VP), @special, then the
 * receive checksums (SDM 3.2.9) on the stored bytes, whose EtherType
 * sits at @l3_off - 2 and whose last @zeros bytes are zero. */
static void rx_store(E1kDev *s, const uint8_t *src, uint32_t len,
                     uint32_t wire_len, uint32_t fcs, uint32_t l3_off,
                     uint32_t zeros, uint8_t status, uint16_t special)
{
    E1kRxFrameMeta *m = e1k_rxbuf_push(&s->rx, src, len, zeros,
                                       (uint16_t)wire_len, fcs);
    uint8_t errors = 0;

    /* each field written once (the checksum's bits gathered first) */
    m->csum = e1k_rx_checksum(e1k_reg(s, E1K_RXCSUM), src, len, l3_off,
                              &status, &errors, zeros);
    m->special = special;
    m->status = status;
    m->errors = errors;
}

/* rx_store for a frame whose VET tag is stripped into the descriptor
 * special field (CTRL.VME, SDM 3.2.3, 9): the 4 tag bytes at 12..15 are
 * cut out in a copy, so 4 bytes fewer are stored, status VP.  Kept out
 * of line: only this path needs the 16 KB copy on the stack. */
static __attribute__((noinline)) void
rx_store_stripped(E1kDev *s, const uint8_t *frame, uint32_t len,
                  uint32_t wire_len, uint32_t fcs, uint32_t zeros,
                  uint8_t status, uint32_t tci)
{
    uint8_t stripped[E1K_RX_MAX_FRAME];
    uint32_t stored = len - 4u;

    memcpy(stripped, frame, 12);
    memcpy(stripped + 12, frame + 16, len - 16u);
    zeros = zeros > stored - 12u ? stored - 12u : zeros;
    rx_store(s, stripped, stored, wire_len, fcs, 14, zeros,
             status | E1K_RXD_STAT_VP, (uint16_t)tci);
}

/* The number of zero bytes at the end of the @len bytes at @frame, whose
 * bytes from @zero_from on are known to be zero (e1k_receive_known): only
 * the bytes before are read, so a generated frame's payload is not; when
 * one of the 8 bytes just before @zero_from is not zero (pktgen's
 * sequence number) one load finds the last of them: it is the top
 * non-zero byte of that little-endian word. */
static uint32_t rx_zero_tail(const uint8_t *frame, uint32_t len,
                             uint32_t zero_from)
{
    uint64_t w;

    if (zero_from >= len || zero_from < 8u) {
        return e1k_zero_tail(frame, len);
    }
    w = e1k_ld_le64(frame + zero_from - 8u);
    if (!w) {
        return len - zero_from + e1k_zero_tail(frame, zero_from);
    }
    return len - zero_from + (uint32_t)__builtin_clzll(w) / 8u;
}

/* An admitted frame that fits: its FCS over the bytes as they arrived
 * (unless the sender gave it, @known), then rx_store (VLAN tag stripped
 * when @strip, else left in place with the IP header at 18).  Trailing
 * zero bytes (a generated payload) are found once and skipped by the FCS
 * and the checksums (same values). */
static void rx_admit(E1kDev *s, const uint8_t *frame, uint32_t len,
                     const E1kRxKnown *known, uint32_t wire_len,
                     const RxVerdict *v, uint32_t tci, int strip)
{
    uint32_t zeros = len >= 2u * E1K_ZERO_TAIL_MIN
                         ? rx_zero_tail(frame, len, known->zero_from) : 0;
    uint32_t fcs = known->fcs_fn ? known->fcs_fn(known->fcs_ctx)
                                 : e1k_crc32_zt(frame, len, zeros);
    uint8_t status = v->inexact ? E1K_RXD_STAT_PIF : 0;

    if (strip) {
        rx_store_stripped(s, frame, len, wire_len, fcs, zeros, status, tci);
        return;
    }
    rx_store(s, frame, len, wire_len, fcs, v->tagged ? 18u : 14u, zeros,
             status, 0);
}

/* Packet buffer full (SDM 3.2.7.4): dropped, MPC, RXO.  RNBC counts
 * every frame received while RDH == RDT, whether or not it then fits in
 * the buffer (SDM 13.7.33: "the packet is still received if there is
 * space in the FIFO"), so a frame missed with no descriptor available
 * counts in both.  The first drop of a run is traced. */
static E1kRxResult rx_overrun(E1kDev *s)
{
    e1k_stat_add(s, E1K_MPC, 1);
    s->totals.mpc++;
    if (!e1k_rx_desc_available(s)) {
        e1k_stat_add(s, E1K_RNBC, 1);
        s->totals.rnbc++;
    }
    if (!s->trace_overrun) {
        s->trace_overrun = 1;
        e1k_trace(s, E1K_TRACE_RX_OVERRUN, s->totals.mpc,
                  s->rx.used);
    }
    /* RXO is raised by the first drop and stays in ICR until the driver
     * reads or clears it, so the later drops of a run (every one of them
     * with NAPI polling and the interrupt off) would OR the same bit in
     * again: ICR unchanged, and the line is already where ICR, IMS and
     * the ITR timer put it (each of their changes re-evaluates it,
     * SDM 13.4.17-18), so only a new cause needs e1k_set_cause. */
    if (!(e1k_reg(s, E1K_ICR) & E1K_ICR_RXO)) {
        e1k_set_cause(s, E1K_ICR_RXO);
    }
    return E1K_RX_OVERRUN;
}

/* From the line, or (rx_from_loop) from the MAC's or PHY's loop: a
 * frame from the line is refused while the receiver is off, the link
 * down, or either loop on (the receiver then takes the loop's frames, and
 * the PHY keeps the line quiet); the loop's frames need RCTL.EN only. */
E1kRxResult e1k_rx_frame(E1kDev *s, const uint8_t *frame, uint32_t len,
                         const E1kRxKnown *known)
{
    uint32_t rctl = e1k_reg(s, E1K_RCTL);
    uint32_t wire_len = len + E1K_ETH_FCS;
    RxVerdict v = { 0, 0, 0 };
    uint32_t tci = 0;
    int bad_size, strip;

    if (!(rctl & E1K_RCTL_EN) ||
        ((!e1k_link_up(s) || s->looped) && !s->rx_from_loop)) {
        s->totals.rx_disabled++;
        return E1K_RX_DISABLED;
    }
    /* one compare for the usual lengths, 14 .. UINT32_MAX - 4 bytes */
    if (!frame || len - 14u > UINT32_MAX - 18u) {
        if (!frame || len < 14u) {
            /* Not even an Ethernet header: no filter can apply.  Counted
             * as undersize and dropped (SBP does not keep these). */
            len = frame ? len : 0;
            count_total(s, len + E1K_ETH_FCS);
            count_ruc(s);
            return E1K_RX_BAD_SIZE;
        }
        wire_len = UINT32_MAX; /* length overflowed 32 bits */
    }
    rx_filter(s, frame, len, &v, &tci);
    if (!v.pass) {
        s->totals.rx_filtered++;
        return E1K_RX_FILTERED;
    }

    count_total(s, wire_len);
    bad_size = size_bad(s, rctl, wire_len);
    /* RCTL.SBP keeps undersize/oversize frames (no GPRC); the model never
     * stores more than 16384 bytes with FCS. */
    if (bad_size && (!(rctl & E1K_RCTL_SBP) || len > E1K_RX_MAX_FRAME)) {
        return E1K_RX_BAD_SIZE;
    }
    /* A frame that will not fit is dropped before its FCS and checksums
     * are computed: nothing would read them. */
    strip = rx_strips(s, &v);
    if (!e1k_rxbuf_fits(&s->rx, strip ? len - 4u : len, (uint16_t)wire_len)) {
        return rx_overrun(s);
    }
    rx_admit(s, frame, len, known, wire_len, &v, tci, strip);
    s->trace_overrun = 0;
    if (!bad_size) {
        count_good(s, frame, wire_len);
    }
    e1k_rx_queued(s);
    return E1K_RX_QUEUED;
}

static const E1kRxKnown loop_nothing_known = { UINT32_MAX, NULL, NULL };

E1kRxResult e1k_rx_loop_frame(E1kDev *s, const uint8_t *frame,
                              uint32_t len)
{
    E1kRxResult r;

    s->rx_from_loop = 1;
    r = e1k_rx_frame(s, frame, len, &loop_nothing_known);
    s->rx_from_loop = 0;
    return r;
}
