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

#include "e1000_core.h"

/** Filter verdict for one frame. */
typedef struct RxVerdict {
    int pass;        /* 1: accepted by address and VLAN filter */
    int inexact;     /* 1: accepted only by UPE/MPE/MTA (status PIF) */
    int tagged;      /* 1: EtherType at 12 equals VET */
} RxVerdict;

static int is_bcast(const uint8_t *da)
{
    static const uint8_t ff[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
    return memcmp(da, ff, 6) == 0;
}

/* Exact match against the 16 receive address registers with AV set.
 * Only entries with ASEL (RAH bits 17:16) = 00, destination address, are
 * used; source-address entries are not modelled and never match. */
static int ra_match(const E1kDev *s, const uint8_t *da)
{
    for (uint32_t i = 0; i < E1K_RA_ENTRIES; i++) {
        uint32_t lo = e1k_reg(s, E1K_RAL(i));
        uint32_t hi = e1k_reg(s, E1K_RAH(i));
        uint8_t a[6] = {
            (uint8_t)lo, (uint8_t)(lo >> 8), (uint8_t)(lo >> 16),
            (uint8_t)(lo >> 24), (uint8_t)hi, (uint8_t)(hi >> 8),
        };
        if ((hi & E1K_RAH_AV) && ((hi >> 16) & 3u) == 0 &&
            memcmp(a, da, 6) == 0) {
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
    int bcast = is_bcast(da);
    int mcast = da[0] & 1u;

    if ((bcast && (rctl & E1K_RCTL_BAM)) || ra_match(s, da)) {
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
    if (is_bcast(da)) {
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
    uint32_t max_wire = (rctl & E1K_RCTL_LPE) ? E1K_LPE_MAX_NOFCS + 4u
                                              : E1K_ETH_MAX_NOFCS + 4u;
    if (wire_len < E1K_ETH_MIN_NOFCS + E1K_ETH_FCS) {
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

/* Descriptor metadata of an admitted frame and the bytes to store: with
 * CTRL.VME a VET tag is stripped into the special field (SDM 3.2.3, 9),
 * then the receive checksums (SDM 3.2.9).  *src is @frame, or @stripped
 * (E1K_RX_MAX_FRAME bytes) holding the untagged copy.  Returns the
 * number of bytes to store. */
static uint32_t rx_prepare(E1kDev *s, const uint8_t *frame, uint32_t len,
                           uint32_t wire_len, const RxVerdict *v,
                           uint32_t tci, E1kRxFrameMeta *m,
                           uint8_t *stripped, const uint8_t **src)
{
    uint32_t l3_off = 14, stored = len;
    /* trailing zero bytes (a generated payload): found once, skipped by
     * the FCS and the checksums (same values) */
    uint32_t zeros = len >= 2u * E1K_ZERO_TAIL_MIN ? e1k_zero_tail(frame, len)
                                                   : 0;

    *src = frame;
    memset(m, 0, sizeof(*m));
    m->wire_len = (uint16_t)wire_len;
    m->fcs = e1k_crc32_zt(frame, len, zeros);
    if (v->inexact) {
        m->status |= E1K_RXD_STAT_PIF;
    }
    if (v->tagged) {
        if (rx_strips(s, v)) {
            /* Strip the 4-byte tag into the descriptor special field. */
            memcpy(stripped, frame, 12);
            memcpy(stripped + 12, frame + 16, len - 16u);
            *src = stripped;
            stored = len - 4u;
            zeros = zeros > stored - 12u ? stored - 12u : zeros;
            m->special = (uint16_t)tci;
            m->status |= E1K_RXD_STAT_VP;
        } else {
            l3_off = 18;
        }
    }
    m->csum = e1k_rx_checksum(e1k_reg(s, E1K_RXCSUM), *src, stored, l3_off,
                              &m->status, &m->errors, zeros);
    return stored;
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
    e1k_set_cause(s, E1K_ICR_RXO);
    return E1K_RX_OVERRUN;
}

E1kRxResult e1k_rx_frame(E1kDev *s, const uint8_t *frame, uint32_t len)
{
    uint32_t rctl = e1k_reg(s, E1K_RCTL);
    uint32_t wire_len = len + E1K_ETH_FCS;
    RxVerdict v = { 0, 0, 0 };
    E1kRxFrameMeta m;
    uint32_t tci = 0, stored;
    int bad_size;
    const uint8_t *src;
    uint8_t stripped[E1K_RX_MAX_FRAME];

    if (!(rctl & E1K_RCTL_EN) || !e1k_link_up(s)) {
        s->totals.rx_disabled++;
        return E1K_RX_DISABLED;
    }
    if (!frame || len < 14u) {
        /* Not even an Ethernet header: no filter can apply.  Counted as
         * undersize and dropped (SBP does not keep these). */
        len = frame ? len : 0;
        count_total(s, len + E1K_ETH_FCS);
        count_ruc(s);
        return E1K_RX_BAD_SIZE;
    }
    if (wire_len < len) { /* length overflowed 32 bits */
        wire_len = UINT32_MAX;
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
    stored = rx_strips(s, &v) ? len - 4u : len;
    if (!e1k_rxbuf_fits(&s->rx, stored, (uint16_t)wire_len)) {
        return rx_overrun(s);
    }
    stored = rx_prepare(s, frame, len, wire_len, &v, tci, &m, stripped,
                        &src);
    if (e1k_rxbuf_push(&s->rx, src, stored, &m) != 0) {
        return rx_overrun(s);
    }
    s->trace_overrun = 0;
    if (!bad_size) {
        count_good(s, frame, wire_len);
    }
    e1k_rx_queued(s);
    return E1K_RX_QUEUED;
}
