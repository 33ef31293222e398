/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The 82598's register file: every register the model knows, its
 * writable bits, reset value and kind (datasheet 4.4.3; bits as Linux's
 * ixgbe_type.h names them; the masks the ixgbe self-test's register
 * test checks, reg_test_82598, hold), and the dispatch of reads and
 * writes to the parts that own the special ones.
 *
 * Layout: a table of non-overlapping ranges sorted by offset (single
 * registers and arrays with a stride), searched by bisection, plus two
 * decoders for the per-queue blocks (receive queues at 0x01000 +
 * 0x40 q, transmit queues at 0x06000 + 0x40 q) whose registers
 * interleave.  The per-frame registers (the tails, EICR, EIMS/EIMC,
 * EITR) are caught before any search.
 */
#include "ixgbe_core.h"

/** What a register is (who handles its reads and writes). */
enum {
    K_RW = 0,   /* masked storage */
    K_RO,       /* read-only, maintained by the model (writes traced) */
    K_STAT,     /* statistics counter, clear on read */
    K_INTR,     /* ixgbe_intr.c */
    K_EE,       /* ixgbe_eeprom.c */
    K_LINK,     /* ixgbe_link.c */
    K_RX,       /* masked store, then ixgbe_rx_reg_written */
    K_TX,       /* masked store, then ixgbe_tx_reg_written */
    K_CTRL,     /* CTRL: resets */
    K_RSSRK,    /* masked store, then the Toeplitz table */
    K_ZERO,     /* reads 0, writes ignored quietly (firmware/flash
                   interfaces of a part without them) */
};

/** A register or an array of them: [first, last] with @stride, writable
 *  bits (@wmask; @wmask_odd for slots at offset % 8 == 4 when the array
 *  interleaves two registers, as RAL/RAH), reset value, kind. */
typedef struct RegDesc {
    uint32_t first, last, stride;
    uint32_t wmask, wmask_odd;
    uint32_t reset;
    uint32_t kind;
} RegDesc;

#define R1(o, m, r, k) { o, o, 4, m, m, r, k }
#define RA(o, n, st, m, r, k) { o, (o) + (st) * ((n) - 1u), st, m, m, r, k }

/* Sorted by offset; bisection needs it (test /ixgbe/regs/table-sorted). */
static const RegDesc regs[] = {
    R1(IXG_CTRL, IXG_CTRL_GIO_DIS | IXG_CTRL_LRST | IXG_CTRL_RST, 0, K_CTRL),
    R1(IXG_STATUS, 0, 0, K_RO),
    R1(IXG_CTRL_EXT, IXG_CTRL_EXT_NS_DIS | IXG_CTRL_EXT_RO_DIS |
                     IXG_CTRL_EXT_DRV_LOAD, 0, K_RW),
    R1(IXG_ESDP, 0x00FFFFFFu, 0, K_RW),
    R1(IXG_EODSDP, 0x000000FFu, 0, K_RW),
    R1(IXG_FRTIMER, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_TCPTIMER, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_LEDCTL, 0xCFCFCFCFu, 0, K_RW),
    R1(IXG_EICR, 0, 0, K_INTR),
    R1(IXG_EICS, 0, 0, K_INTR),
    R1(IXG_EIAC, IXG_EICR_RTXQ | IXG_EICR_TCP_TIMER, 0, K_RW),
    RA(IXG_EITR(0), IXG_EITR_COUNT, 4, 0, 0, K_INTR),
    R1(IXG_EIMS, 0, 0, K_INTR),
    R1(IXG_EIMC, 0, 0, K_INTR),
    R1(IXG_EIAM, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_GPIE, 0, 0, K_INTR),
    RA(IXG_IVAR(0), IXG_IVAR_REGS, 4, 0, 0, K_INTR),
    RA(IXG_SRRCTL(0), 16, 4, IXG_SRRCTL_BSIZEPKT_MASK |
       IXG_SRRCTL_BSIZEHDR_MASK | IXG_SRRCTL_RDMTS_MASK |
       IXG_SRRCTL_DESCTYPE_MASK | IXG_SRRCTL_DROP_EN, 0x00000402u, K_RX),
    RA(IXG_DCA_RXCTRL(0), 16, 4, 0x0000A2FFu, 0, K_RW),
    R1(IXG_RDRXCTL, 0x0000003Fu, 0, K_RX),
    R1(IXG_RXCTRL, IXG_RXCTRL_RXEN | IXG_RXCTRL_DMBYPS, 0, K_RX),
    R1(IXG_PFCTOP, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_FCTTV(0), 4, 4, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_FCRTL(0), 8, 8, 0x8007FFF0u, 0, K_RW),
    RA(IXG_FCRTH(0), 8, 8, 0x8007FFF0u, 0, K_RW),
    R1(IXG_FCRTV, 0x0000FFFFu, 0, K_RW),
    RA(IXG_RXPBSIZE(0), 8, 4, 0x000FFC00u, 0, K_RW), /* [0] below */
    R1(IXG_RMCS, 0x0000007Fu, 0, K_RW),
    R1(IXG_DROPEN, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_PXONTXC(0), 8, 4, 0, 0, K_STAT),
    RA(IXG_PXOFFTXC(0), 8, 4, 0, 0, K_STAT),
    R1(IXG_LXONTXC, 0, 0, K_STAT),
    R1(IXG_LXOFFTXC, 0, 0, K_STAT),
    RA(IXG_MPC(0), 8, 4, 0, 0, K_STAT),
    RA(IXG_RNBC(0), 8, 4, 0, 0, K_STAT),
    R1(IXG_CRCERRS, 0, 0, K_STAT),
    R1(IXG_ILLERRC, 0, 0, K_STAT),
    R1(IXG_ERRBC, 0, 0, K_STAT),
    R1(IXG_MSPDC, 0, 0, K_STAT),
    R1(IXG_MLFC, 0, 0, K_STAT),
    R1(IXG_MRFC, 0, 0, K_STAT),
    R1(IXG_RLEC, 0, 0, K_STAT),
    RA(IXG_PRC64, 10, 4, 0, 0, K_STAT),     /* PRC64 .. GPTC */
    R1(IXG_GORCL, 0, 0, K_ZERO),            /* 82598: only the high one */
    R1(IXG_GORCH, 0, 0, K_STAT),
    R1(IXG_GOTCL, 0, 0, K_ZERO),
    R1(IXG_GOTCH, 0, 0, K_STAT),
    RA(IXG_RUC, 6, 4, 0, 0, K_STAT),        /* RUC .. MNGPDC */
    R1(IXG_TORL, 0, 0, K_ZERO),
    R1(IXG_TORH, 0, 0, K_STAT),
    RA(IXG_TPR, 10, 4, 0, 0, K_STAT),       /* TPR .. BPTC */
    R1(IXG_XEC, 0, 0, K_STAT),
    R1(IXG_PCS1GCFIG, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_PCS1GLCTL, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_PCS1GLSTA, 0, 0, K_RO),
    R1(IXG_PCS1GANA, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_PCS1GANLP, 0, 0, K_RO),
    R1(IXG_PCS1GANNP, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_PCS1GANLPNP, 0, 0, K_RO),
    R1(IXG_HLREG0, 0x1FF7D407u, IXG_HLREG0_TXCRCEN | IXG_HLREG0_RXCRCSTRP |
                                IXG_HLREG0_TXPADEN, K_RW),
    R1(IXG_HLREG1, 0, 0, K_RO),
    R1(IXG_PAP, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_MSCA, 0, 0, K_LINK),
    R1(IXG_MSRWD, 0, 0, K_LINK),
    R1(IXG_MHADD, 0xFFFF0000u, 1518u << IXG_MHADD_MFS_SHIFT, K_RW),
    R1(IXG_PCSS1, 0, 0, K_RO),
    R1(IXG_PCSS2, 0, 0, K_RO),
    R1(IXG_XPCSS, 0, 0, K_RO),
    R1(IXG_SERDESC, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_MACS, 0, 0, K_RO),
    R1(IXG_AUTOC, 0, 0, K_LINK),
    R1(IXG_LINKS, 0, 0, K_LINK),
    R1(IXG_AUTOC2, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_AUTOC3, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_ANLP1, 0, 0, K_RO),
    R1(IXG_ANLP2, 0, 0, K_RO),
    R1(IXG_ATLASCTL, 0, 0, K_LINK),
    R1(IXG_RXCSUM, IXG_RXCSUM_IPPCSE | IXG_RXCSUM_PCSD, 0, K_RW),
    R1(IXG_RFCTL, 0x000007FFu, 0, K_RW),
    R1(IXG_FCTRL, IXG_FCTRL_SBP | IXG_FCTRL_MPE | IXG_FCTRL_UPE |
                  IXG_FCTRL_BAM | IXG_FCTRL_PMCF | IXG_FCTRL_DPF |
                  IXG_FCTRL_RPFCE | IXG_FCTRL_RFCE, 0, K_RW),
    R1(IXG_VLNCTRL, IXG_VLNCTRL_VET | IXG_VLNCTRL_CFI | IXG_VLNCTRL_CFIEN |
                    IXG_VLNCTRL_VFE | IXG_VLNCTRL_VME, 0x00008100u, K_RW),
    R1(IXG_MCSTCTRL, IXG_MCSTCTRL_MO_MASK | IXG_MCSTCTRL_MFE, 0, K_RW),
    RA(IXG_MTA(0), IXG_MTA_WORDS, 4, 0xFFFFFFFFu, 0, K_RW),
    /* RAL (all bits) / RAH (AD 15:0, ASEL 17:16, VIND 21:18, AV 31) */
    { IXG_RAL(0), IXG_RAH(IXG_RA_ENTRIES - 1u), 4, 0xFFFFFFFFu, 0x803FFFFFu,
      0, K_RW },
    RA(IXG_PSRTYPE(0), 16, 4, 0x0000FFFFu, 0, K_RW),
    R1(IXG_WUC, 0x0000001Fu, 0, K_RW),
    R1(IXG_WUFC, 0x000F01FFu, 0, K_RW),
    R1(IXG_WUS, 0x000F01FFu, 0, K_RW),
    R1(IXG_MRQC, IXG_MRQC_MRQE_MASK | 0x01FF0000u, 0, K_RW),
    R1(IXG_VMD_CTL, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_IPAV, 0x0001000Fu, 0, K_RW),
    RA(IXG_IP4AT, 8, 4, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_IP6AT, 4, 4, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_WUPL, 0x00000FFFu, 0, K_RW),
    RA(IXG_WUPM, 32, 4, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_IMIR(0), 8, 4, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_IMIREXT(0), 8, 4, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_IMIRVP, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_RETA(0), IXG_RETA_ENTRIES / 4u, 4, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_RSSRK(0), 10, 4, 0xFFFFFFFFu, 0, K_RSSRK),
    RA(IXG_DCA_TXCTRL(0), 16, 4, 0x0000AA1Fu, 0, K_RW),
    R1(IXG_DTXCTL, 0x00000005u, 0, K_RW),
    RA(IXG_FHFT, 256, 4, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_VFTA(0), IXG_VFTA_WORDS, 4, 0xFFFFFFFFu, 0, K_RW),
    RA(IXG_VFTAVIND(0, 0), 4u * 128u, 4, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_TIPG, 0x000000FFu, 0, K_RW),
    RA(IXG_TXPBSIZE(0), 8, 4, 0x000FFC00u, 0, K_RW), /* [0] below */
    R1(IXG_MNGTXMAP, 0xFFFFFFFFu, 0, K_RW),
    R1(IXG_TFCS, 0, 0, K_RO),
    RA(IXG_PXONRXC(0), 8, 4, 0, 0, K_STAT),
    RA(IXG_PXOFFRXC(0), 8, 4, 0, 0, K_STAT),
    R1(IXG_LXONRXC, 0, 0, K_STAT),
    R1(IXG_LXOFFRXC, 0, 0, K_STAT),
    R1(IXG_MNGPTC, 0, 0, K_STAT),
    R1(IXG_EEC, 0, 0, K_EE),
    R1(IXG_EERD, 0, 0, K_EE),
    R1(IXG_FLA, 0x0000000Fu, 0, K_RW),
    R1(IXG_EEMNGCTL, 0, 0, K_ZERO),
    R1(IXG_EEMNGDATA, 0, 0, K_ZERO),
    R1(IXG_FLMNGCTL, 0, 0, K_ZERO),
    R1(IXG_FLMNGDATA, 0, 0, K_ZERO),
    R1(IXG_FLMNGCNT, 0, 0, K_ZERO),
    R1(IXG_FLOP, 0, 0, K_ZERO),
    R1(IXG_SWSM, 0, 0, K_EE),
    R1(IXG_FWSM, 0, 0, K_RO),
    R1(IXG_FACTPS, 0, 0, K_RO),
    R1(IXG_GSSR, 0, 0, K_EE),
    R1(IXG_GRC, 0x00000003u, 0, K_RW),
    R1(IXG_GCR, IXG_GCR_CMPL_TMOUT | IXG_GCR_TMOUT_RESEND, 0, K_RW),
    R1(IXG_DCA_ID, 0, 0, K_RO),
    R1(IXG_DCA_CTRL, 0x00000003u, 0, K_RW),
    R1(IXG_GHECCR, 0xFFFFFFFFu, 0, K_RW),
};

/* The receive queue block: the register at @off & 0x3F of queue
 * (off - 0x01000) >> 6, by dword index (datasheet 4.4.3.5). */
static const RegDesc rxq_regs[16] = {
    [0x00 >> 2] = { 0, 0, 0, IXG_RDBAL_MASK, IXG_RDBAL_MASK, 0, K_RX },
    [0x04 >> 2] = { 0, 0, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, K_RX },
    [0x08 >> 2] = { 0, 0, 0, IXG_RDLEN_MASK, IXG_RDLEN_MASK, 0, K_RX },
    [0x10 >> 2] = { 0, 0, 0, 0x0000FFFFu, 0x0000FFFFu, 0, K_RX },
    [0x18 >> 2] = { 0, 0, 0, 0x0000FFFFu, 0x0000FFFFu, 0, K_RX },
    [0x28 >> 2] = { 0, 0, 0, 0x067F7F7Fu, 0x067F7F7Fu, 0x00010000u, K_RX },
    [0x30 >> 2] = { 0, 0, 0, 0, 0, 0, K_STAT },   /* QPRC, q < 16 */
    [0x34 >> 2] = { 0, 0, 0, 0, 0, 0, K_STAT },   /* QBRC, q < 16 */
};
/* Slots of the block with no register read 0 (kind K_ZERO never set
 * here: a zero wmask with kind K_RW marks "none"). */

/* The transmit queue block (datasheet 4.4.3.8). */
static const RegDesc txq_regs[16] = {
    [0x00 >> 2] = { 0, 0, 0, IXG_RDBAL_MASK, IXG_RDBAL_MASK, 0, K_TX },
    [0x04 >> 2] = { 0, 0, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, K_TX },
    [0x08 >> 2] = { 0, 0, 0, IXG_RDLEN_MASK, IXG_RDLEN_MASK, 0, K_TX },
    [0x10 >> 2] = { 0, 0, 0, 0x0000FFFFu, 0x0000FFFFu, 0, K_TX },
    [0x18 >> 2] = { 0, 0, 0, 0x0000FFFFu, 0x0000FFFFu, 0, K_TX },
    [0x28 >> 2] = { 0, 0, 0, 0x067F7F7Fu, 0x067F7F7Fu, 0, K_TX },
    [0x30 >> 2] = { 0, 0, 0, 0, 0, 0, K_STAT },   /* QPTC, q < 16 */
    [0x34 >> 2] = { 0, 0, 0, 0, 0, 0, K_STAT },   /* QBTC, q < 16 */
    [0x38 >> 2] = { 0, 0, 0, 0xFFFFFFFDu, 0xFFFFFFFDu, 0, K_TX },
    [0x3C >> 2] = { 0, 0, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, K_TX },
};

/** True if @d of a queue block is a register (not a hole). */
static bool qreg_present(const RegDesc *d)
{
    return d->kind != K_RW || d->wmask != 0;
}

/** The descriptor of the register at dword-aligned @off and its
 *  writable mask, NULL if none. */
static const RegDesc *reg_find(uint32_t off, uint32_t *wmask)
{
    size_t lo = 0, hi = sizeof(regs) / sizeof(regs[0]);
    const RegDesc *d;

    if (off >= IXG_RXQ_BASE && off < IXG_RXQ_END) {
        uint32_t q = (off - IXG_RXQ_BASE) >> 6;
        d = &rxq_regs[(off & 0x3Fu) >> 2];
        if (!qreg_present(d) || (d->kind == K_STAT && q >= 16u)) {
            return NULL;
        }
        *wmask = d->wmask;
        return d;
    }
    if (off >= IXG_TXQ_BASE && off < IXG_TXQ_END) {
        uint32_t q = (off - IXG_TXQ_BASE) >> 6;
        d = &txq_regs[(off & 0x3Fu) >> 2];
        if (!qreg_present(d) || (d->kind == K_STAT && q >= 16u)) {
            return NULL;
        }
        *wmask = d->wmask;
        return d;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        d = &regs[mid];
        if (off < d->first) {
            hi = mid;
        } else if (off > d->last) {
            lo = mid + 1;
        } else {
            if ((off - d->first) % d->stride != 0) {
                return NULL;
            }
            *wmask = (off & 4u) ? d->wmask_odd : d->wmask;
            return d;
        }
    }
    return NULL;
}

bool ixg_reg_table_sorted(void)
{
    for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
        if (regs[i].last < regs[i].first || regs[i].stride == 0 ||
            (i > 0 && regs[i - 1].last >= regs[i].first)) {
            return false;
        }
    }
    return true;
}

void ixg_regs_reset(IxgDev *s, bool power_on)
{
    (void)power_on; /* CTRL.RST resets every MAC register too (3.1.x) */
    memset(s->reg, 0, sizeof(s->reg));
    for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
        const RegDesc *d = &regs[i];
        if (d->reset == 0) {
            continue;
        }
        for (uint32_t o = d->first; o <= d->last; o += d->stride) {
            ixg_reg_set(s, o, d->reset);
        }
    }
    for (uint32_t q = 0; q < IXG_NUM_RX_QUEUES; q++) {
        ixg_reg_set(s, IXG_RXDCTL(q), rxq_regs[0x28 >> 2].reset);
    }
    /* the whole packet buffers in buffer 0 (no DCB, datasheet 3.5.2.5;
     * Linux's non-DCB set-up keeps these reset values) */
    ixg_reg_set(s, IXG_RXPBSIZE(0), IXG_RX_PB_BYTES);
    ixg_reg_set(s, IXG_TXPBSIZE(0), 320u * 1024u);
}

/* ------------------------------------------------------------------ */

/** Masked store of a plain register, the RX/TX side told afterwards. */
static void store(IxgDev *s, const RegDesc *d, uint32_t off, uint32_t val,
                  uint32_t wmask)
{
    uint32_t old = ixg_reg(s, off);

    ixg_reg_set(s, off, val & wmask);
    if (d->kind == K_RX) {
        ixg_rx_reg_written(s, off, old);
    } else if (d->kind == K_TX) {
        ixg_tx_reg_written(s, off, old);
    } else if (d->kind == K_RSSRK) {
        ixg_rss_prepare(s);
    }
}

/** CTRL write (datasheet 4.4.3.1.1): RST resets the device (register
 *  file, queues, EEPROM reload) and self-clears; LRST resets the link;
 *  GIO_DIS blocks master requests (STATUS.GIO clears: nothing pending). */
static void ctrl_write(IxgDev *s, uint32_t val)
{
    if (val & IXG_CTRL_RST) {
        ixg_device_reset(s, false); /* self-clearing: CTRL reloads 0 */
        return;
    }
    ixg_reg_set(s, IXG_CTRL, val & IXG_CTRL_GIO_DIS);
    ixg_reg_set(s, IXG_STATUS,
                (ixg_reg(s, IXG_STATUS) & ~IXG_STATUS_GIO) |
                ((val & IXG_CTRL_GIO_DIS) ? 0 : IXG_STATUS_GIO));
    if (val & IXG_CTRL_LRST) {
        ixg_link_reset(s);
    }
}

void ixg_reg_write(IxgDev *s, uint32_t off, uint32_t val)
{
    uint32_t wmask;
    const RegDesc *d = reg_find(off, &wmask);

    if (!d) {
        ixg_trace(s, IXG_TRACE_UNKNOWN_REG, off, 1);
        return;
    }
    switch (d->kind) {
    case K_RW:
    case K_RX:
    case K_TX:
    case K_RSSRK:
        store(s, d, off, val, wmask);
        return;
    case K_RO:
    case K_STAT:
        ixg_trace(s, IXG_TRACE_RO_WRITE, off, val);
        return;
    case K_INTR:
        ixg_intr_write(s, off, val);
        return;
    case K_EE:
        ixg_eeprom_write(s, off, val);
        return;
    case K_LINK:
        ixg_link_write(s, off, val);
        return;
    case K_CTRL:
        ctrl_write(s, val);
        return;
    default:
        return; /* K_ZERO */
    }
}

uint32_t ixg_reg_read(IxgDev *s, uint32_t off, bool side)
{
    uint32_t wmask;
    const RegDesc *d = reg_find(off, &wmask);

    if (!d) {
        if (side) {
            ixg_trace(s, IXG_TRACE_UNKNOWN_REG, off, 0);
        }
        return 0;
    }
    switch (d->kind) {
    case K_STAT:
        return ixg_stats_read(s, off, side);
    case K_INTR:
        return ixg_intr_read(s, off, side);
    case K_EE:
        return ixg_eeprom_read(s, off, side);
    case K_LINK:
        return ixg_link_read(s, off);
    case K_ZERO:
        return 0;
    case K_RX:
        if (off >= IXG_RXQ_BASE && off < IXG_RXQ_END &&
            (off & 0x3Fu) == 0x28u) {
            return ixg_rx_rxdctl_read(s, (off - IXG_RXQ_BASE) >> 6);
        }
        return ixg_reg(s, off);
    case K_TX:
        if (off >= IXG_TXQ_BASE && off < IXG_TXQ_END &&
            (off & 0x3Fu) == 0x28u) {
            return ixg_tx_txdctl_read(s, (off - IXG_TXQ_BASE) >> 6);
        }
        return ixg_reg(s, off);
    default:
        return ixg_reg(s, off);
    }
}

int ixg_regs_validate(const IxgDev *s)
{
    /* every slot with no register, and every bit a register cannot
     * hold, is zero; registers maintained by the model are checked by
     * their owners */
    for (uint32_t off = 0; off < IXG_MMIO_SIZE; off += 4) {
        uint32_t wmask, v = ixg_reg(s, off);
        const RegDesc *d = reg_find(off, &wmask);

        if (!d) {
            if (v) {
                return -1;
            }
            continue;
        }
        if ((d->kind == K_RW || d->kind == K_RX || d->kind == K_TX ||
             d->kind == K_RSSRK) && (v & ~wmask)) {
            return -1;
        }
        if (d->kind == K_ZERO && v) {
            return -1;
        }
    }
    return 0;
}
