/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598 model: the register file.  Reset values (datasheet 4.4.3), the
 * register test of Linux's ixgbe self-test (`ethtool -t`, the 82598's
 * table in ixgbe_ethtool.c: which registers, masks and patterns it
 * checks, reproduced here as facts), sub-word and I/O BAR access, the
 * PCI IDs Linux's ixgbe binds.
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_core.h"
#include "ixgport.h"

/* ---------------------------------------------------------------- */

static void test_table_sorted(void)
{
    g_assert_true(ixg_reg_table_sorted());
}

static void test_chips(void)
{
    IxgChip c;

    /* the device IDs of ixgbe_pci_tbl's 82598 entries (ixgbe_type.h
     * IXGBE_DEV_ID_82598EB_CX4, _82598AF_SINGLE_PORT, _DUAL_PORT) */
    g_assert_cmphex(ixg_chip_device_id(IXG_CHIP_82598EB_CX4), ==, 0x10DD);
    g_assert_cmphex(ixg_chip_device_id(IXG_CHIP_82598AF_SINGLE), ==, 0x10C7);
    g_assert_cmphex(ixg_chip_device_id(IXG_CHIP_82598AF_DUAL), ==, 0x10C6);
    g_assert_cmphex(ixg_chip_device_id(IXG_CHIP_COUNT), ==, 0);
    g_assert_cmpint(ixg_chip_parse("82598eb", &c), ==, 0);
    g_assert_cmpint(c, ==, IXG_CHIP_82598EB_CX4);
    g_assert_cmpint(ixg_chip_parse("82598AF-dual", &c), ==, 0);
    g_assert_cmpint(c, ==, IXG_CHIP_82598AF_DUAL);
    g_assert_cmpint(ixg_chip_parse("82599", &c), ==, -1);
}

static void test_config_refused(void)
{
    IxgConfig cfg;
    IxgPort none = { 0 };
    XpPort *xp = xp_new(4096, NULL, false);
    IxgDev *d;

    ixg_config_default(&cfg);
    g_assert_null(ixg_new(&cfg, &none));            /* no callbacks */
    d = ixg_new(&cfg, &xp->port);                   /* the control */
    g_assert_nonnull(d);
    ixg_free(d);
    cfg.chip = IXG_CHIP_COUNT;
    g_assert_null(ixg_new(&cfg, &xp->port));
    ixg_config_default(&cfg);
    g_assert_cmpint(nic_bus_preset(NIC_BUS_PCI_64_66, &cfg.bus), ==, 0);
    g_assert_null(ixg_new(&cfg, &xp->port));        /* not PCIe */
    ixg_config_default(&cfg);
    cfg.lan_id = 1;                                 /* single-port part */
    g_assert_null(ixg_new(&cfg, &xp->port));
    cfg.chip = IXG_CHIP_82598AF_DUAL;
    d = ixg_new(&cfg, &xp->port);
    g_assert_nonnull(d);
    ixg_free(d);
    cfg.link_up = 2;
    g_assert_null(ixg_new(&cfg, &xp->port));
    xp_free(xp);
}

/* ---------------------------------------------------------------- */

typedef struct RegVal {
    uint32_t off, val;
} RegVal;

/* Power-on values from the datasheet's register descriptions (4.4.3;
 * sections next to each); the link bits with the CX4 cable in. */
static const RegVal reset_values[] = {
    { IXG_CTRL, 0 },                 /* 4.4.3.1.1 */
    { IXG_CTRL_EXT, 0 },
    { IXG_EICR, 0 },                 /* 4.4.3.3 */
    { IXG_EIMS, 0 },
    { IXG_EIAC, 0 },
    { IXG_EIAM, 0 },
    { IXG_GPIE, 0 },
    { IXG_EITR(0), 0 },
    { IXG_EITR(23), 0 },
    { IXG_IVAR(0), 0 },
    { IXG_IVAR(24), 0 },
    { IXG_RXCTRL, 0 },               /* 4.4.3.7 */
    { IXG_FCTRL, 0 },
    { IXG_VLNCTRL, 0x00008100u },    /* VET = 0x8100 */
    { IXG_MRQC, 0 },
    { IXG_RXCSUM, 0 },
    { IXG_SRRCTL(0), 0x00000402u },  /* 2 KB buffers, 256-byte headers */
    { IXG_SRRCTL(15), 0x00000402u },
    { IXG_RXDCTL(0), 0x00010000u },  /* 4.4.3.5.6: WTHRESH 1 */
    { IXG_RXDCTL(63), 0x00010000u },
    { IXG_TXDCTL(0), 0 },
    { IXG_RDLEN(0), 0 },
    { IXG_RDH(0), 0 },
    { IXG_RDT(0), 0 },
    { IXG_TDH(31), 0 },
    { IXG_RXPBSIZE(0), 0x00080000u }, /* 512 KB */
    { IXG_RXPBSIZE(1), 0 },
    { IXG_TXPBSIZE(0), 0x00050000u }, /* 320 KB */
    { IXG_HLREG0, IXG_HLREG0_TXCRCEN | IXG_HLREG0_RXCRCSTRP |
                  IXG_HLREG0_TXPADEN },
    { IXG_MHADD, 1518u << 16 },      /* MFS 0x5EE */
    { IXG_AUTOC, IXG_AUTOC_LMS_10G_NO_AN | IXG_AUTOC_10G_CX4 },
    { IXG_LINKS, 0x6002FF80u },      /* up, 10G, aligned, synced, signal */
    { IXG_RAH(1), 0 },
    { IXG_MTA(0), 0 },
    { IXG_GPRC, 0 },
};

static void test_reset_values(void)
{
    XpPort *xp = xp_new(4096, NULL, false);
    const IxgConfig *cfg = ixg_config(xp->dev);

    for (size_t i = 0; i < G_N_ELEMENTS(reset_values); i++) {
        g_test_message("reg 0x%05x", reset_values[i].off);
        g_assert_cmphex(xp_rd(xp, reset_values[i].off), ==,
                        reset_values[i].val);
    }
    /* station address from the EEPROM, address valid (4.4.3.7.x) */
    g_assert_cmphex(xp_rd(xp, IXG_RAL(0)), ==,
                    (uint32_t)cfg->mac[0] | cfg->mac[1] << 8 |
                    cfg->mac[2] << 16 | (uint32_t)cfg->mac[3] << 24);
    g_assert_cmphex(xp_rd(xp, IXG_RAH(0)), ==,
                    IXG_RAH_AV | cfg->mac[4] | cfg->mac[5] << 8);
    /* EEPROM present, auto-read done (4.4.3.2.1) */
    g_assert_cmphex(xp_rd(xp, IXG_EEC) & (IXG_EEC_PRES | IXG_EEC_ARD), ==,
                    IXG_EEC_PRES | IXG_EEC_ARD);
    /* master enabled, function 0 */
    g_assert_cmphex(xp_rd(xp, IXG_STATUS) & (IXG_STATUS_GIO |
                    IXG_STATUS_LAN_ID), ==, IXG_STATUS_GIO);
    xp_free(xp);
}

static void test_reset_dual_and_fibre(void)
{
    IxgConfig cfg;
    XpPort *xp;

    ixg_config_default(&cfg);
    cfg.chip = IXG_CHIP_82598AF_DUAL;
    cfg.lan_id = 1;
    xp = xp_new(4096, &cfg, false);
    g_assert_cmphex(xp_rd(xp, IXG_STATUS) & IXG_STATUS_LAN_ID, ==,
                    1u << IXG_STATUS_LAN_ID_SHIFT);
    /* fibre: 10 Gb/s serial, no autonegotiation (XAUI PMA) */
    g_assert_cmphex(xp_rd(xp, IXG_AUTOC), ==, IXG_AUTOC_LMS_10G_NO_AN);
    xp_free(xp);
}

/* CTRL.RST puts the registers back (4.4.3.1.1) and self-clears. */
static void test_ctrl_rst(void)
{
    XpPort *xp = xp_new(4096, NULL, false);

    xp_wr(xp, IXG_VLNCTRL, 0x88A8u);
    xp_wr(xp, IXG_MTA(3), 0x12345678u);
    xp_wr(xp, IXG_EIMS, 0xFFFFu);
    xp_wr(xp, IXG_CTRL, IXG_CTRL_RST);
    g_assert_cmphex(xp_rd(xp, IXG_CTRL), ==, 0);
    g_assert_cmphex(xp_rd(xp, IXG_VLNCTRL), ==, 0x8100u);
    g_assert_cmphex(xp_rd(xp, IXG_MTA(3)), ==, 0);
    g_assert_cmphex(xp_rd(xp, IXG_EIMS), ==, 0);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_RESET), ==, 2);
    g_assert_cmpuint(xp_trace_last(xp, IXG_TRACE_RESET)->a, ==, 0);
    xp_free(xp);
}

/* ---------------------------------------------------------------- */
/* Linux's ixgbe register test for the 82598 (ixgbe_ethtool.c,
 * ixgbe_reg_test with reg_test_82598): its table as data, its procedure
 * as a function.  Array entries step 0x40 (queue registers), 4 (TABLE32)
 * or 8 (TABLE64). */

enum { PATTERN, SET_READ, WRITE_NO_TEST, TABLE32, TABLE64_LO, TABLE64_HI };

typedef struct SelfTestReg {
    uint32_t reg, n, type, mask, write;
} SelfTestReg;

static const SelfTestReg selftest_82598[] = {
    { IXG_FCRTL(0), 1, PATTERN, 0x8007FFF0u, 0x8007FFF0u },
    { IXG_FCRTH(0), 1, PATTERN, 0x8007FFF0u, 0x8007FFF0u },
    { IXG_PFCTOP, 1, PATTERN, 0xFFFFFFFFu, 0xFFFFFFFFu },
    { IXG_VLNCTRL, 1, PATTERN, 0, 0 },
    { IXG_RDBAL(0), 4, PATTERN, 0xFFFFFF80u, 0xFFFFFFFFu },
    { IXG_RDBAH(0), 4, PATTERN, 0xFFFFFFFFu, 0xFFFFFFFFu },
    { IXG_RDLEN(0), 4, PATTERN, 0x000FFF80u, 0x000FFFFFu },
    { IXG_RXDCTL(0), 4, WRITE_NO_TEST, 0, IXG_RXDCTL_ENABLE },
    { IXG_RDT(0), 4, PATTERN, 0x0000FFFFu, 0x0000FFFFu },
    { IXG_RXDCTL(0), 4, WRITE_NO_TEST, 0, 0 },
    { IXG_FCRTH(0), 1, PATTERN, 0x8007FFF0u, 0x8007FFF0u },
    { IXG_FCTTV(0), 1, PATTERN, 0xFFFFFFFFu, 0xFFFFFFFFu },
    { IXG_TIPG, 1, PATTERN, 0x000000FFu, 0x000000FFu },
    { IXG_TDBAL(0), 4, PATTERN, 0xFFFFFF80u, 0xFFFFFFFFu },
    { IXG_TDBAH(0), 4, PATTERN, 0xFFFFFFFFu, 0xFFFFFFFFu },
    { IXG_TDLEN(0), 4, PATTERN, 0x000FFF80u, 0x000FFFFFu },
    { IXG_RXCTRL, 1, SET_READ, 0x00000003u, 0x00000003u },
    { IXG_DTXCTL, 1, SET_READ, 0x00000005u, 0x00000005u },
    { IXG_RAL(0), 16, TABLE64_LO, 0xFFFFFFFFu, 0xFFFFFFFFu },
    { IXG_RAL(0), 16, TABLE64_HI, 0x800CFFFFu, 0x800CFFFFu },
    { IXG_MTA(0), 128, TABLE32, 0xFFFFFFFFu, 0xFFFFFFFFu },
};

/** The pattern test of one register: 0 or the register's offset. */
static uint32_t pattern_test(XpPort *xp, uint32_t reg, uint32_t mask,
                             uint32_t write)
{
    static const uint32_t pat[] = { 0x5A5A5A5Au, 0xA5A5A5A5u, 0, ~0u };
    for (size_t i = 0; i < G_N_ELEMENTS(pat); i++) {
        uint32_t before = xp_rd(xp, reg);
        xp_wr(xp, reg, pat[i] & write);
        if (xp_rd(xp, reg) != (pat[i] & write & mask)) {
            return reg;
        }
        xp_wr(xp, reg, before);
    }
    return 0;
}

static uint32_t set_read_test(XpPort *xp, uint32_t reg, uint32_t mask,
                              uint32_t write)
{
    uint32_t before = xp_rd(xp, reg);
    xp_wr(xp, reg, write & mask);
    if ((xp_rd(xp, reg) & mask) != (write & mask)) {
        return reg;
    }
    xp_wr(xp, reg, before);
    return 0;
}

/** The whole register test: 0 if it passes, 1 for STATUS, else the
 *  failing register's offset. */
static uint32_t ixgbe_selftest_regs(XpPort *xp)
{
    const uint32_t toggle = 0x7FFFF3FFu;
    uint32_t before = xp_rd(xp, IXG_STATUS);
    uint32_t value = before & toggle;

    xp_wr(xp, IXG_STATUS, toggle);
    if ((xp_rd(xp, IXG_STATUS) & toggle) != value) {
        return 1;
    }
    xp_wr(xp, IXG_STATUS, before);
    for (size_t t = 0; t < G_N_ELEMENTS(selftest_82598); t++) {
        const SelfTestReg *e = &selftest_82598[t];
        for (uint32_t i = 0; i < e->n; i++) {
            uint32_t bad = 0;
            switch (e->type) {
            case PATTERN:
                bad = pattern_test(xp, e->reg + 0x40u * i, e->mask, e->write);
                break;
            case SET_READ:
                bad = set_read_test(xp, e->reg + 0x40u * i, e->mask,
                                    e->write);
                break;
            case WRITE_NO_TEST:
                xp_wr(xp, e->reg + 0x40u * i, e->write);
                break;
            case TABLE32:
                bad = pattern_test(xp, e->reg + 4u * i, e->mask, e->write);
                break;
            case TABLE64_LO:
                bad = pattern_test(xp, e->reg + 8u * i, e->mask, e->write);
                break;
            default:
                bad = pattern_test(xp, e->reg + 4u + 8u * i, e->mask,
                                   e->write);
                break;
            }
            if (bad) {
                return bad;
            }
        }
    }
    return 0;
}

static void test_selftest_regs(void)
{
    XpPort *xp = xp_new(1u << 20, NULL, true);

    g_assert_cmphex(ixgbe_selftest_regs(xp), ==, 0);
    /* again after a reset, and with traffic set up before */
    xp_wr(xp, IXG_CTRL, IXG_CTRL_RST);
    xp_setup_rxq(xp, 0, XP_MEM_BASE, 64, XP_MEM_BASE + 0x10000, 2048, 63, 0);
    g_assert_cmphex(ixgbe_selftest_regs(xp), ==, 0);
    /* the test leaves no stray state that breaks the model's checks */
    g_assert_cmpint(ixg_regs_validate(xp->dev), ==, 0);
    xp_advance(xp, 1000000);
    xp_free(xp);
}

/* Guard against a test that cannot fail: a device whose RDLEN kept a
 * bit below 128 bytes would fail at RDLEN(0). */
static void test_selftest_catches_bad_mask(void)
{
    XpPort *xp = xp_new(4096, NULL, false);
    uint32_t bad;

    /* a register that holds nothing: the pattern test must name it */
    bad = pattern_test(xp, 0x0F000u, 0xFFFFFFFFu, 0xFFFFFFFFu);
    g_assert_cmphex(bad, ==, 0x0F000u);
    /* RDLEN drops bits 6:0: a mask claiming them fails */
    bad = pattern_test(xp, IXG_RDLEN(0), 0x000FFFFFu, 0x000FFFFFu);
    g_assert_cmphex(bad, ==, IXG_RDLEN(0));
    /* RAH keeps AV 31 and VIND; ASEL is 17:16 */
    bad = pattern_test(xp, IXG_RAH(5), 0xFFFFFFFFu, 0xFFFFFFFFu);
    g_assert_cmphex(bad, ==, IXG_RAH(5));
    xp_free(xp);
}

/* ---------------------------------------------------------------- */

/* Sub-word accesses act on the containing register; bad sizes are
 * ignored and traced. */
static void test_subword_and_bad_access(void)
{
    XpPort *xp = xp_new(4096, NULL, false);

    ixg_mmio_write(xp->dev, IXG_MTA(1) + 2, 0xBEEF, 2);
    ixg_mmio_write(xp->dev, IXG_MTA(1), 0x34, 1);
    g_assert_cmphex(xp_rd(xp, IXG_MTA(1)), ==, 0xBEEF0034u);
    g_assert_cmphex(ixg_mmio_read(xp->dev, IXG_MTA(1) + 3, 1), ==, 0xBE);
    g_assert_cmphex(ixg_mmio_read(xp->dev, IXG_MTA(1) + 2, 2), ==, 0xBEEF);
    ixg_mmio_write(xp->dev, IXG_MTA(1) + 1, 0xFFFF, 2);   /* unaligned */
    ixg_mmio_write(xp->dev, IXG_MTA(1), 0, 8);            /* bad size */
    ixg_mmio_write(xp->dev, IXG_MMIO_SIZE, 1, 4);         /* beyond */
    g_assert_cmphex(xp_rd(xp, IXG_MTA(1)), ==, 0xBEEF0034u);
    g_assert_cmphex(ixg_mmio_read(xp->dev, IXG_MMIO_SIZE - 2, 4), ==, 0);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_BAD_ACCESS), ==, 4);
    /* a hole reads 0, a write there is traced and has no effect */
    xp_wr(xp, 0x0F000u, 0x1234u);
    g_assert_cmphex(xp_rd(xp, 0x0F000u), ==, 0);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_UNKNOWN_REG), ==, 2);
    /* read-only STATUS and statistics */
    xp_wr(xp, IXG_GPRC, 5);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_RO_WRITE), ==, 1);
    g_assert_cmpint(ixg_regs_validate(xp->dev), ==, 0);
    xp_free(xp);
}

/* I/O BAR: IOADDR selects, IODATA reads and writes (4.4.2). */
static void test_io_bar(void)
{
    XpPort *xp = xp_new(4096, NULL, false);

    ixg_io_write(xp->dev, 0, IXG_MTA(7), 4);
    g_assert_cmphex(ixg_io_read(xp->dev, 0, 4), ==, IXG_MTA(7));
    ixg_io_write(xp->dev, 4, 0xCAFEF00Du, 4);
    g_assert_cmphex(xp_rd(xp, IXG_MTA(7)), ==, 0xCAFEF00Du);
    g_assert_cmphex(ixg_io_read(xp->dev, 4, 4), ==, 0xCAFEF00Du);
    ixg_io_write(xp->dev, 0, IXG_VLNCTRL, 4);
    g_assert_cmphex(ixg_io_read(xp->dev, 4, 4), ==, 0x8100u);
    g_assert_cmphex(ixg_io_read(xp->dev, 8, 4), ==, 0);
    /* IOADDR beyond the register file: IODATA reads 0 */
    ixg_io_write(xp->dev, 0, 0x7FFFFFF0u, 4);
    g_assert_cmphex(ixg_io_read(xp->dev, 4, 4), ==, 0);
    ixg_io_write(xp->dev, 4, 1, 4);
    xp_free(xp);
}

/* The side-effect-free peek agrees with a read and clears nothing. */
static void test_peek(void)
{
    XpPort *xp = xp_new(4096, NULL, false);

    xp_wr(xp, IXG_EICS, IXG_EICR_LSC);
    g_assert_cmphex(ixg_peek_reg(xp->dev, IXG_EICR) & IXG_EICR_LSC, !=, 0);
    g_assert_cmphex(ixg_peek_reg(xp->dev, IXG_EICR) & IXG_EICR_LSC, !=, 0);
    g_assert_cmphex(xp_rd(xp, IXG_EICR) & IXG_EICR_LSC, !=, 0);
    g_assert_cmphex(ixg_peek_reg(xp->dev, IXG_EICR), ==, 0);
    g_assert_cmphex(ixg_peek_reg(xp->dev, 0x0F000u), ==, 0);
    g_assert_cmphex(ixg_peek_reg(xp->dev, 0xFFFFFFF0u), ==, 0);
    xp_free(xp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe/regs/table-sorted", test_table_sorted);
    g_test_add_func("/ixgbe/regs/chips", test_chips);
    g_test_add_func("/ixgbe/regs/config-refused", test_config_refused);
    g_test_add_func("/ixgbe/regs/reset-values", test_reset_values);
    g_test_add_func("/ixgbe/regs/reset-dual-fibre", test_reset_dual_and_fibre);
    g_test_add_func("/ixgbe/regs/ctrl-rst", test_ctrl_rst);
    g_test_add_func("/ixgbe/regs/selftest-82598", test_selftest_regs);
    g_test_add_func("/ixgbe/regs/selftest-catches-bad-mask",
                    test_selftest_catches_bad_mask);
    g_test_add_func("/ixgbe/regs/subword", test_subword_and_bad_access);
    g_test_add_func("/ixgbe/regs/io-bar", test_io_bar);
    g_test_add_func("/ixgbe/regs/peek", test_peek);
    return g_test_run();
}
