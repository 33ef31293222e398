/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The self-test (ethtool -t), the five parts of Intel's diagnostic as
 * the Linux e1000 driver runs them, with the same result codes
 * ([LINUX-E1000] e1000_ethtool.c e1000_diag_test: e1000_reg_test,
 * e1000_eeprom_test, e1000_intr_test, e1000_loopback_test,
 * e1000_link_test).  The register test checks the same registers, masks
 * and patterns; the interrupt test forces every cause of the chip (0-16)
 * where Linux forces 0-9; the loopback test runs the PHY loopback Linux
 * runs on copper parts and then MAC loopback (RCTL.LBM), and checks each
 * frame's descriptor and bytes.  SDM 13.4 (registers), 13.4.17-21
 * (interrupts), 5 (EEPROM), 13.4.22 RCTL.LBM and 8 (PHY loopback).
 */
#include <string.h>

#include "e1000_drv_internal.h"

static const char *const test_names[E1K_TEST_COUNT] = {
    "Register test  (offline)", "Eeprom test    (offline)",
    "Interrupt test (offline)", "Loopback test  (offline)",
    "Link test   (on/offline)",
};

const char *e1k_drv_test_name(unsigned int i)
{
    return i < E1K_TEST_COUNT ? test_names[i] : NULL;
}

/* ------------------------------------------------------------------ */
/* register test                                                       */

/* One pattern check: the register, the bits it keeps, the bits written. */
struct reg_check {
    uint32_t reg, mask, write;
};

/* Patterns written through each check's write bits. */
static const uint32_t patterns[] = {
    0x5A5A5A5Au, 0xA5A5A5A5u, 0x00000000u, 0xFFFFFFFFu
};

/* The register test of the 82543 and later, in its order: the first
 * group, RCTL/TCTL (set and check) come between it and the second. */
static const struct reg_check checks_a[] = {
    { E1K_FCAL, 0xFFFFFFFFu, 0xFFFFFFFFu }, { E1K_FCAH, 0xFFFFu, ~0u },
    { E1K_FCT, 0xFFFFu, ~0u }, { E1K_VET, 0xFFFFu, ~0u },
    { E1K_RDTR, 0xFFFFu, ~0u }, { E1K_RDBAH, ~0u, ~0u },
    { E1K_RDLEN, 0x000FFF80u, 0x000FFFFFu }, { E1K_RDH, 0xFFFFu, 0xFFFFu },
    { E1K_RDT, 0xFFFFu, 0xFFFFu }, { E1K_FCRTH, 0xFFF8u, 0xFFF8u },
    { E1K_FCTTV, 0xFFFFu, 0xFFFFu }, { E1K_TIPG, 0x3FFFFFFFu, 0x3FFFFFFFu },
    { E1K_TDBAH, ~0u, ~0u }, { E1K_TDLEN, 0x000FFF80u, 0x000FFFFFu },
};
static const struct reg_check checks_b[] = {
    { E1K_RDBAL, 0xFFFFFFF0u, ~0u }, { E1K_TXCW, 0xC000FFFFu, 0xFFFFu },
    { E1K_TDBAL, 0xFFFFFFF0u, ~0u }, { E1K_TIDV, 0xFFFFu, 0xFFFFu },
};

/* Each pattern through @c: 0, or the register's offset. */
static uint64_t pattern_check(struct e1k_adapter *a, const struct reg_check *c)
{
    for (uint32_t i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
        uint32_t w = c->write & patterns[i];

        ew32(a, c->reg, w);
        if (er32(a, c->reg) != (w & c->mask)) {
            e1k_os_log(a->os, 0, "pattern test reg %04X failed: got "
                       "0x%08X expected 0x%08X", c->reg, er32(a, c->reg),
                       w & c->mask);
            return c->reg;
        }
    }
    return 0;
}

/* Write @write & @mask, read back through @mask: 0 or @reg. */
static uint64_t set_check(struct e1k_adapter *a, uint32_t reg, uint32_t mask,
                          uint32_t write)
{
    ew32(a, reg, write & mask);
    if ((er32(a, reg) & mask) != (write & mask)) {
        e1k_os_log(a->os, 0, "set/check reg %04X test failed", reg);
        return reg;
    }
    return 0;
}

/* Each check of @c (@n of them): 0 or the failing register. */
static uint64_t check_all(struct e1k_adapter *a, const struct reg_check *c,
                          uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        uint64_t r = pattern_check(a, &c[i]);
        if (r) {
            return r;
        }
    }
    return 0;
}

static uint64_t test_regs(struct e1k_adapter *a)
{
    const uint32_t toggle = 0xFFFFF833u, rctl = 0x06DFB3FEu;
    uint32_t before = er32(a, E1K_STATUS), value = before & toggle;
    uint64_t r;

    /* STATUS is read-only: writing the toggled bits changes nothing */
    ew32(a, E1K_STATUS, toggle);
    if ((er32(a, E1K_STATUS) & toggle) != value) {
        return 1;
    }
    ew32(a, E1K_STATUS, before);
    r = check_all(a, checks_a, sizeof(checks_a) / sizeof(checks_a[0]));
    if (!r) {
        r = set_check(a, E1K_RCTL, ~0u, 0);
    }
    if (!r) {
        r = set_check(a, E1K_RCTL, rctl, 0x003FFFFBu);
    }
    if (!r) {
        r = set_check(a, E1K_TCTL, ~0u, 0);
    }
    if (!r) {
        r = set_check(a, E1K_RCTL, rctl, ~0u);
    }
    if (!r) {
        r = check_all(a, checks_b, sizeof(checks_b) / sizeof(checks_b[0]));
    }
    for (uint32_t i = 0; !r && i < E1K_RA_ENTRIES - 1u; i++) {
        struct reg_check c = { E1K_RAH(i), 0x8003FFFFu, ~0u };
        r = pattern_check(a, &c);
    }
    for (uint32_t i = 0; !r && i < E1K_MTA_WORDS; i++) {
        struct reg_check c = { E1K_MTA + 4u * i, ~0u, ~0u };
        r = pattern_check(a, &c);
    }
    return r;
}

/* ------------------------------------------------------------------ */
/* EEPROM and interrupt tests                                          */

static uint64_t test_eeprom(struct e1k_adapter *a)
{
    uint16_t w[E1K_EEPROM_WORDS];

    if (e1k_hw_read_eeprom(a, 0, E1K_EEPROM_WORDS, w) < 0) {
        return 1;
    }
    return e1k_eeprom_sum(w) == E1K_EEPROM_SUM ? 0 : 2;
}

/* Causes the interrupt test forces: every ICR bit of the chip. */
#define DIAG_CAUSES 17u
#define DIAG_ALL 0x0001FFFFu

/* Force @cause in ICS with @mask written to @mask_reg first, wait 10 ms:
 * the causes the handler saw. */
static uint32_t force(struct e1k_adapter *a, uint32_t mask_reg,
                      uint32_t mask, uint32_t cause)
{
    a->diag_icr = 0;
    ew32(a, mask_reg, mask);
    ew32_flush(a, E1K_ICS, cause);
    e1k_os_msleep(a->os, 10);
    return a->diag_icr;
}

static uint64_t test_intr(struct e1k_adapter *a, bool shared)
{
    uint64_t res = 0;

    a->diag_intr = true;
    ew32_flush(a, E1K_IMC, 0xFFFFFFFFu);
    e1k_os_msleep(a->os, 10);
    for (uint32_t i = 0; i < DIAG_CAUSES && !res; i++) {
        uint32_t m = 1u << i;

        /* masked: must not be posted (only checkable on a line of our
         * own: a shared line's other device may call the handler) */
        if (!shared && (force(a, E1K_IMC, m, m) & m)) {
            res = 3;
        } else if (!(force(a, E1K_IMS, m, m) & m)) {
            res = 4;
        } else if (!shared && force(a, E1K_IMC, ~m & DIAG_ALL,
                                    ~m & DIAG_ALL)) {
            res = 5;
        }
    }
    ew32_flush(a, E1K_IMC, 0xFFFFFFFFu);
    e1k_os_msleep(a->os, 10);
    a->diag_intr = false;
    return res;
}

/* ------------------------------------------------------------------ */
/* loopback test                                                       */

#define LB_DESC 64u      /* descriptors per test ring */
#define LB_FRAMES 32u    /* frames sent and checked per loop */
#define LB_LEN 1024u     /* bytes per frame (no FCS) */
#define LB_BUF 2048u     /* receive buffer */

/* The test's rings and buffers. */
struct lb {
    uint8_t *tx, *rx;
    uint64_t tx_dma, rx_dma;
    struct e1k_skb *txb[LB_FRAMES], *rxb[LB_DESC];
};

/* Frame @n: broadcast, 0xFF in the first half, 0xAA in the second with
 * two marker bytes and the frame number (Linux
 * e1000_create_lbtest_frame, plus the number). */
static void lb_frame(uint8_t *p, uint32_t n)
{
    memset(p, 0xFF, LB_LEN / 2u);
    memset(p + LB_LEN / 2u, 0xAA, LB_LEN / 2u);
    p[LB_LEN / 2u + 10u] = 0xBE;
    p[LB_LEN / 2u + 12u] = 0xAF;
    p[LB_LEN / 2u + 14u] = (uint8_t)n;
}

static void lb_free(struct e1k_adapter *a, struct lb *l)
{
    for (uint32_t i = 0; i < LB_FRAMES; i++) {
        if (l->txb[i]) {
            e1k_os_free_skb(a->os, l->txb[i]);
        }
    }
    for (uint32_t i = 0; i < LB_DESC; i++) {
        if (l->rxb[i]) {
            e1k_os_free_skb(a->os, l->rxb[i]);
        }
    }
    if (l->tx) {
        e1k_os_free_coherent(a->os, LB_DESC * E1K_DESC_SIZE, l->tx, l->tx_dma);
    }
    if (l->rx) {
        e1k_os_free_coherent(a->os, LB_DESC * E1K_DESC_SIZE, l->rx, l->rx_dma);
    }
    memset(l, 0, sizeof(*l));
}

/* Rings and buffers: frames in the TX buffers, empty RX buffers in every
 * RX descriptor.  0 or -1 (freed). */
static int lb_alloc(struct e1k_adapter *a, struct lb *l)
{
    memset(l, 0, sizeof(*l));
    l->tx = e1k_os_alloc_coherent(a->os, LB_DESC * E1K_DESC_SIZE, &l->tx_dma);
    l->rx = e1k_os_alloc_coherent(a->os, LB_DESC * E1K_DESC_SIZE, &l->rx_dma);
    if (!l->tx || !l->rx) {
        goto fail;
    }
    memset(l->tx, 0, LB_DESC * E1K_DESC_SIZE);
    memset(l->rx, 0, LB_DESC * E1K_DESC_SIZE);
    for (uint32_t i = 0; i < LB_DESC; i++) {
        uint64_t dma;
        if (!(l->rxb[i] = e1k_os_alloc_skb(a->os, LB_BUF)) ||
            !(dma = e1k_os_skb_dma(a->os, l->rxb[i]))) {
            goto fail;
        }
        e1k_put_le64(l->rx + i * E1K_DESC_SIZE, dma);
    }
    for (uint32_t i = 0; i < LB_FRAMES; i++) {
        uint64_t dma;
        if (!(l->txb[i] = e1k_os_alloc_skb(a->os, LB_LEN))) {
            goto fail;
        }
        lb_frame(e1k_os_skb_data(l->txb[i]), i);
        e1k_os_skb_set_len(l->txb[i], LB_LEN);
        if (!(dma = e1k_os_skb_dma(a->os, l->txb[i]))) {
            goto fail;
        }
        e1k_put_le64(l->tx + i * E1K_DESC_SIZE + E1K_TXD_ADDR, dma);
        e1k_put_le64(l->tx + i * E1K_DESC_SIZE + E1K_TXD_LENGTH,
                     LB_LEN | (uint64_t)(E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS |
                                         E1K_TXD_CMD_RS) << 24);
    }
    return 0;
fail:
    lb_free(a, l);
    return -1;
}

/* Program both rings; the receiver on with @lbm (RCTL.LBM bits). */
static void lb_program(struct e1k_adapter *a, const struct lb *l,
                       uint32_t lbm)
{
    ew32(a, E1K_TDBAL, (uint32_t)l->tx_dma);
    ew32(a, E1K_TDBAH, (uint32_t)(l->tx_dma >> 32));
    ew32(a, E1K_TDLEN, LB_DESC * E1K_DESC_SIZE);
    ew32(a, E1K_TDH, 0);
    ew32(a, E1K_TDT, 0);
    ew32(a, E1K_TCTL, E1K_TCTL_EN | E1K_TCTL_PSP | 0x0Fu << E1K_TCTL_CT_SHIFT |
                      0x40u << E1K_TCTL_COLD_SHIFT);
    ew32(a, E1K_RDBAL, (uint32_t)l->rx_dma);
    ew32(a, E1K_RDBAH, (uint32_t)(l->rx_dma >> 32));
    ew32(a, E1K_RDLEN, LB_DESC * E1K_DESC_SIZE);
    ew32(a, E1K_RDH, 0);
    ew32(a, E1K_RDT, LB_DESC - 1u);
    ew32(a, E1K_RCTL, E1K_RCTL_EN | E1K_RCTL_BAM | lbm);
}

/* RX descriptor @i holds frame @i: DD and EOP, no error, 1024 bytes plus
 * FCS, the broadcast address, both halves' fill, the markers and the
 * frame's number (e1000_check_lbtest_frame checks byte 3 and the
 * markers). */
static bool lb_got(struct e1k_adapter *a, const struct lb *l, uint32_t i)
{
    const uint8_t *d = l->rx + i * E1K_DESC_SIZE, *p;
    const uint32_t h = LB_LEN / 2u;

    if ((d[E1K_RXD_STATUS] & (E1K_RXD_STAT_DD | E1K_RXD_STAT_EOP)) !=
            (E1K_RXD_STAT_DD | E1K_RXD_STAT_EOP) ||
        d[E1K_RXD_ERRORS] ||
        e1k_get_le16(d + E1K_RXD_LENGTH) != LB_LEN + E1K_ETH_FCS) {
        return false;
    }
    p = e1k_os_skb_data(l->rxb[i]);
    for (uint32_t k = 0; k < 6; k++) {
        if (p[k] != 0xFF) {
            return false;
        }
    }
    return p[h - 1u] == 0xFF && p[h] == 0xAA && p[LB_LEN - 1u] == 0xAA &&
           p[h + 10u] == 0xBE && p[h + 12u] == 0xAF && p[h + 14u] == i;
}

/* Send the frames, then give them 10 ms (at 10 Mb/s they take 27 ms,
 * but the loops run at 1000): 0, @code if one is missing or wrong,
 * @code + 1 if they came only later (within 200 ms). */
static uint64_t lb_run(struct e1k_adapter *a, const struct lb *l,
                       uint64_t code)
{
    uint32_t waited = 0;

    ew32_flush(a, E1K_TDT, LB_FRAMES);
    for (;;) {
        uint32_t ok = 0;
        e1k_os_msleep(a->os, 10);
        waited += 10;
        while (ok < LB_FRAMES && lb_got(a, l, ok)) {
            ok++;
        }
        if (ok == LB_FRAMES) {
            return waited > 10 ? code + 1 : 0;
        }
        if (waited >= 200) {
            e1k_os_log(a->os, 0, "loopback: %u of %u frames came back", ok,
                       LB_FRAMES);
            return code;
        }
    }
}

/* PHY loopback at 1000 full as Linux e1000_integrated_phy_loopback sets
 * it: auto MDI-X off, PHY reset, autonegotiation off, loopback; the MAC
 * forced to the same speed and duplex. */
static int phy_loop_on(struct e1k_adapter *a)
{
    static const uint16_t seq[][2] = {
        { E1K_PHY_M88_SCTRL, 0x0808u }, { E1K_PHY_BMCR, 0x9140u },
        { E1K_PHY_BMCR, 0x8140u }, { E1K_PHY_BMCR, 0x4140u },
    };
    for (uint32_t i = 0; i < 4; i++) {
        if (e1k_hw_write_phy(a, seq[i][0], seq[i][1]) < 0) {
            return -1;
        }
    }
    return 0;
}

/* CTRL forcing 1000 full with SLU (and ILOS, as Linux for M88 copper). */
static void mac_force_1000(struct e1k_adapter *a)
{
    uint32_t ctrl = er32(a, E1K_CTRL) & ~E1K_CTRL_SPEED_MASK;

    ew32(a, E1K_CTRL, ctrl | E1K_CTRL_FRCSPD | E1K_CTRL_FRCDPX |
                      2u << E1K_CTRL_SPEED_SHIFT | E1K_CTRL_FD |
                      E1K_CTRL_SLU | E1K_CTRL_ILOS);
}

/* One loop: PHY (@mac false) or MAC loopback; 0 or the code. */
static uint64_t test_loop(struct e1k_adapter *a, bool mac)
{
    struct lb l;
    uint64_t res;

    if (lb_alloc(a, &l) < 0) {
        return mac ? 21 : 11; /* no memory for the test rings */
    }
    if (!mac && phy_loop_on(a) < 0) {
        lb_free(a, &l);
        return 9;
    }
    mac_force_1000(a);
    e1k_os_udelay(a->os, 500);
    lb_program(a, &l, mac ? E1K_RCTL_LBM_MAC : 0);
    res = lb_run(a, &l, mac ? 23 : 13);
    /* stop, loopback off (e1000_loopback_cleanup) */
    ew32(a, E1K_RCTL, 0);
    ew32_flush(a, E1K_TCTL, E1K_TCTL_PSP);
    if (!mac) {
        (void)e1k_hw_write_phy(a, E1K_PHY_BMCR, 0x9140u);
    }
    e1k_os_msleep(a->os, 1);
    lb_free(a, &l);
    return res;
}

/* ------------------------------------------------------------------ */

uint64_t e1k_drv_test_link(struct e1k_adapter *a)
{
    /* Linux waits 4 s for autonegotiation, then reads STATUS.LU */
    for (uint32_t i = 0; i < 40; i++) {
        if (er32(a, E1K_STATUS) & E1K_STATUS_LU) {
            return 0;
        }
        e1k_os_msleep(a->os, 100);
    }
    return (er32(a, E1K_STATUS) & E1K_STATUS_LU) ? 0 : 1;
}

bool e1k_drv_test_offline(struct e1k_adapter *a, bool irq_shared,
                          uint64_t *res)
{
    e1k_hw_reset(a);
    res[E1K_TEST_REG] = test_regs(a);
    e1k_hw_reset(a);
    res[E1K_TEST_EEPROM] = test_eeprom(a);
    e1k_hw_reset(a);
    res[E1K_TEST_INTR] = test_intr(a, irq_shared);
    e1k_hw_reset(a);
    res[E1K_TEST_LOOPBACK] = test_loop(a, false);
    if (!res[E1K_TEST_LOOPBACK]) {
        e1k_hw_reset(a);
        res[E1K_TEST_LOOPBACK] = test_loop(a, true);
    }
    /* back to normal: MAC reset, filters, link as configured */
    e1k_hw_reset(a);
    e1k_hw_init_filters(a);
    if (e1k_hw_setup_link(a) < 0) {
        e1k_os_log(a->os, 0, "PHY setup failed after the self-test");
    }
    return !res[E1K_TEST_REG] && !res[E1K_TEST_EEPROM] &&
           !res[E1K_TEST_INTR] && !res[E1K_TEST_LOOPBACK];
}
