/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Driver core over the real device model: probe (EEPROM over Microwire,
 * checksum, MAC, PHY), open (register programming from the parameters),
 * link reporting, parameter defaults and validation.
 */
#include <string.h>

#include "e1000_core.h"
#include "e1000_drv_internal.h"
#include "fake_os.h"

#define MEM (16u << 20)

static uint32_t peek(FakeOs *f, uint32_t reg)
{
    return e1k_peek_reg(f->tp->dev, reg);
}

/* Probe reads the MAC from EEPROM words 0-2 via EECD bit-banging. */
static void test_probe_mac(void)
{
    E1kConfig cfg;
    struct e1k_drv_params p;
    static const uint8_t mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };

    e1k_config_default(&cfg);
    memcpy(cfg.mac, mac, 6);
    FakeOs *f = fos_new(MEM, &cfg);
    e1k_drv_params_default(&p);
    g_assert_nonnull(fos_probe(f, &p));
    g_assert_cmpmem(e1k_drv_mac(f->a), 6, mac, 6);
    /* Microwire: REQ was raised and EECD toggled; EERD never used
     * (Linux use_eerd = false on 82540/82545, e1000_hw.c). */
    g_assert_cmpuint(fos_writes_of(f, E1K_EECD, -1), >, 64u * 25u);
    g_assert_cmpuint(fos_writes_of(f, E1K_EERD, -1), ==, 0);
    g_assert_cmpuint(peek(f, E1K_EECD) & (E1K_EECD_REQ | E1K_EECD_CS), ==, 0);
    /* The whole image was read and sums to 0xBABA. */
    g_assert_cmpuint(e1k_eeprom_sum(f->a->eeprom), ==, E1K_EEPROM_SUM);
    g_assert_cmpuint(f->a->eeprom[E1K_EE_DEVID], ==, E1K_PCI_DEVICE_82540EM);
    /* PHY identified, link requested. */
    g_assert_cmpuint(f->a->phy_id & E1K_PHY_REVISION_MASK, ==,
                     E1K_M88E1011_I_PHY_ID);
    g_assert_true(peek(f, E1K_CTRL) & E1K_CTRL_SLU);
    /* Station address in RAL0/RAH0 with AV. */
    g_assert_cmphex(peek(f, E1K_RAL(0)), ==, 0x33221102u);
    g_assert_cmphex(peek(f, E1K_RAH(0)), ==, 0x5544u | E1K_RAH_AV);
    g_assert_false(fos_log_has(f, "Checksum"));
    fos_free(f);
}

/* White-box: flip one EEPROM bit after the MAC reset reloaded it. */
static void corrupt_after_reset(FakeOs *f, uint32_t reg, uint32_t val)
{
    if (reg == E1K_CTRL && (val & E1K_CTRL_RST)) {
        f->tp->dev->ee.words[0x20] ^= 0x0100u;
    }
}

static void test_probe_bad_checksum(void)
{
    struct e1k_drv_params p;
    FakeOs *f = fos_new(MEM, NULL);

    f->after_write = corrupt_after_reset;
    e1k_drv_params_default(&p);
    g_assert_null(fos_probe(f, &p));
    g_assert_true(fos_log_has(f, "The EEPROM Checksum Is Not Valid"));
    fos_free(f);
}

/* The driver's bookkeeping memory goes through osdep.h: the adapter at
 * probe and one buffer_info array per ring at open, every one of them
 * released by remove; a failed probe releases the adapter. */
static void test_kalloc_balanced(void)
{
    struct e1k_drv_params p;
    FakeOs *f = fos_new(MEM, NULL);
    struct e1k_adapter *a;

    e1k_drv_params_default(&p);
    a = fos_probe(f, &p);
    g_assert_nonnull(a);
    g_assert_cmpuint(f->kallocs, ==, 1);
    g_assert_cmpint(e1k_drv_open(a), ==, 0);
    g_assert_cmpuint(f->kallocs, ==, 3);
    g_assert_cmpuint(f->kfrees, ==, 0);
    e1k_drv_close(a);
    e1k_drv_remove(a);
    f->a = NULL;
    g_assert_cmpuint(f->kfrees, ==, 3);
    fos_free(f);

    f = fos_new(MEM, NULL);
    f->after_write = corrupt_after_reset;
    g_assert_null(fos_probe(f, &p));
    g_assert_cmpuint(f->kallocs, ==, 1);
    g_assert_cmpuint(f->kfrees, ==, 1);
    fos_free(f);
}

/* Open programs the delay and throttle registers from the parameters (Linux
 * e1000_configure_rx/tx: RDTR = RxIntDelay, RADV, TIDV, TADV, ITR =
 * 1e9/(itr*256)). */
static void test_open_registers(void)
{
    struct e1k_drv_params p;
    FakeOs *f = fos_new(MEM, NULL);

    e1k_drv_params_default(&p);
    p.RxIntDelay = 1;
    p.RxAbsIntDelay = 100;
    p.TxIntDelay = 8;
    p.TxAbsIntDelay = 32;
    p.InterruptThrottleRate = 3;
    p.RxDescriptors = 128;
    p.TxDescriptors = 80;
    fos_up(f, &p);

    g_assert_cmpuint(peek(f, E1K_RDTR), ==, 1);
    g_assert_cmpuint(peek(f, E1K_RADV), ==, 100);
    g_assert_cmpuint(peek(f, E1K_TIDV), ==, 8);
    g_assert_cmpuint(peek(f, E1K_TADV), ==, 32);
    g_assert_cmpuint(peek(f, E1K_ITR), ==, 195); /* 1e9/(20000*256) */
    g_assert_cmpuint(peek(f, E1K_RDLEN), ==, 128u * 16u);
    g_assert_cmpuint(peek(f, E1K_TDLEN), ==, 80u * 16u);
    /* RDT = next_to_use - 1: 127 buffers given, one withheld. */
    g_assert_cmpuint(peek(f, E1K_RDT), ==, 126);
    g_assert_cmpuint(peek(f, E1K_TDT), ==, 0);
    /* RCTL: EN|BAM, RDMTS 1/2, BSIZE 2048, SECRC off (e1000_setup_rctl). */
    g_assert_cmphex(peek(f, E1K_RCTL), ==, E1K_RCTL_EN | E1K_RCTL_BAM);
    g_assert_cmphex(peek(f, E1K_TCTL), ==,
                    E1K_TCTL_EN | E1K_TCTL_PSP | 0x0Fu << 4 | 0x40u << 12 |
                    E1K_TCTL_RTLC);
    g_assert_cmphex(peek(f, E1K_TIPG), ==, 8u | 8u << 10 | 6u << 20);
    g_assert_cmphex(peek(f, E1K_IMS), ==,
                    E1K_ICR_RXT0 | E1K_ICR_TXDW | E1K_ICR_RXDMT0 |
                    E1K_ICR_RXSEQ | E1K_ICR_LSC);
    g_assert_true(peek(f, E1K_RXCSUM) & E1K_RXCSUM_TUOFL);
    g_assert_true(fos_log_has(f, "NIC Link is Up 1000 Mbps Full Duplex"));
    g_assert_true(f->carrier);
    fos_free(f);
}

/* MTU -> receive buffer and RCTL (Linux e1000_change_mtu,
 * e1000_setup_rctl; SDM 13.4.22 BSIZE/BSEX): 2048 (BSIZE 00, BSEX 0)
 * while the frame fits, else 4096 (11), 8192 (10), 16384 (01) with BSEX;
 * LPE above MTU 1500.  Promiscuous mode sets UPE and MPE while up;
 * a change of MTU while up reopens; out of range is refused. */
static void test_open_rx_mode(void)
{
    static const struct {
        uint32_t mtu, buf, rctl;
    } c[] = {
        {1500, 2048, 0},
        {2030, 2048, E1K_RCTL_LPE},
        {2031, 4096, E1K_RCTL_LPE | E1K_RCTL_BSEX | 3u << 16},
        {8174, 8192, E1K_RCTL_LPE | E1K_RCTL_BSEX | 2u << 16},
        {9000, 16384, E1K_RCTL_LPE | E1K_RCTL_BSEX | 1u << 16},
        {16110, 16384, E1K_RCTL_LPE | E1K_RCTL_BSEX | 1u << 16},
    };
    struct e1k_drv_params p;

    e1k_drv_params_default(&p);
    for (size_t i = 0; i < G_N_ELEMENTS(c); i++) {
        FakeOs *f = fos_new(MEM, NULL);
        struct e1k_adapter *a = fos_probe(f, &p);

        g_assert_cmpuint(e1k_drv_rx_buffer_len(c[i].mtu), ==, c[i].buf);
        g_assert_cmpint(e1k_drv_change_mtu(a, c[i].mtu), ==, 0);
        g_assert_cmpint(e1k_drv_open(a), ==, 0);
        g_assert_cmpuint(a->rx_buffer_len, ==, c[i].buf);
        g_assert_cmphex(peek(f, E1K_RCTL), ==,
                        E1K_RCTL_EN | E1K_RCTL_BAM | c[i].rctl);
        e1k_drv_set_promisc(a, true);
        g_assert_cmphex(peek(f, E1K_RCTL), ==, E1K_RCTL_EN | E1K_RCTL_BAM |
                        c[i].rctl | E1K_RCTL_UPE | E1K_RCTL_MPE);
        /* back to 1500 while up: closed and reopened, still promiscuous */
        g_assert_cmpint(e1k_drv_change_mtu(a, 1500), ==, 0);
        g_assert_cmpuint(a->rx_buffer_len, ==, 2048);
        g_assert_cmphex(peek(f, E1K_RCTL), ==, E1K_RCTL_EN | E1K_RCTL_BAM |
                        E1K_RCTL_UPE | E1K_RCTL_MPE);
        e1k_drv_set_promisc(a, false);
        g_assert_cmphex(peek(f, E1K_RCTL), ==, E1K_RCTL_EN | E1K_RCTL_BAM);
        g_assert_cmpint(e1k_drv_change_mtu(a, 67), ==, -1);
        g_assert_cmpint(e1k_drv_change_mtu(a, 16111), ==, -1);
        g_assert_cmpuint(a->mtu, ==, 1500);
        e1k_drv_close(a);
        e1k_drv_remove(a);
        f->a = NULL;
        fos_free(f);
    }
}

/* ITR per InterruptThrottleRate: 0 leaves it 0, fixed 8000 -> 488,
 * mode 4 starts at 8000 ints/s (first watchdog computation). */
static void test_open_itr_modes(void)
{
    static const struct { uint32_t param, reg; } cases[] = {
        { 0, 0 }, { 1, 195 }, { 3, 195 }, { 4, 488 }, { 8000, 488 },
        { 100000, 39 }, { 70000, 55 },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        struct e1k_drv_params p;
        FakeOs *f = fos_new(MEM, NULL);
        e1k_drv_params_default(&p);
        p.InterruptThrottleRate = cases[i].param;
        fos_up(f, &p);
        g_assert_cmpuint(peek(f, E1K_ITR), ==, cases[i].reg);
        if (cases[i].param == 0) {
            g_assert_cmpuint(fos_writes_of(f, E1K_ITR, -1), ==, 0);
        }
        fos_free(f);
    }
}

/* TX descriptors carry IDE iff TxIntDelay != 0 (Linux e1000_configure_tx). */
static void test_txd_cmd(void)
{
    for (int ide = 0; ide < 2; ide++) {
        struct e1k_drv_params p;
        FakeOs *f = fos_new(MEM, NULL);
        e1k_drv_params_default(&p);
        p.TxIntDelay = ide ? 8 : 0;
        fos_up(f, &p);
        uint8_t want = E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS | E1K_TXD_CMD_RS |
                       (ide ? E1K_TXD_CMD_IDE : 0);
        g_assert_cmphex(f->a->txd_cmd, ==, want);
        fos_free(f);
    }
}

static void test_params_default(void)
{
    struct e1k_drv_params p;
    e1k_drv_params_default(&p);
    g_assert_cmpint(p.mode, ==, E1K_MODE_NAPI);
    g_assert_cmpuint(p.RxDescriptors, ==, 256);
    g_assert_cmpuint(p.TxDescriptors, ==, 256);
    g_assert_cmpuint(p.RxIntDelay, ==, 0);
    g_assert_cmpuint(p.RxAbsIntDelay, ==, 8);
    g_assert_cmpuint(p.TxIntDelay, ==, 8);
    g_assert_cmpuint(p.TxAbsIntDelay, ==, 32);
    g_assert_cmpuint(p.InterruptThrottleRate, ==, 3);
    g_assert_cmpuint(p.XsumRX, ==, 1);
    g_assert_cmpuint(p.copybreak, ==, 256);
    g_assert_cmpuint(p.weight, ==, 64);
    g_assert_cmpuint(p.XsumTX, ==, 0);
    g_assert_cmpuint(p.TSO, ==, 0);
    g_assert_null(e1k_drv_params_check(&p));
}

static void test_params_check(void)
{
    struct e1k_drv_params p;
#define BAD(field, value, word) do {                                      \
        e1k_drv_params_default(&p);                                       \
        p.field = value;                                                  \
        const char *m = e1k_drv_params_check(&p);                         \
        g_assert_nonnull(m);                                              \
        g_assert_nonnull(strstr(m, word));                                \
    } while (0)
#define GOOD(field, value) do {                                           \
        e1k_drv_params_default(&p);                                       \
        p.field = value;                                                  \
        g_assert_null(e1k_drv_params_check(&p));                          \
    } while (0)
    BAD(RxDescriptors, 72, "RxDescriptors");
    BAD(RxDescriptors, 4104, "RxDescriptors");
    BAD(RxDescriptors, 100, "multiple of 8");
    GOOD(RxDescriptors, 80);
    GOOD(RxDescriptors, 4096);
    BAD(TxDescriptors, 8, "TxDescriptors");
    GOOD(TxDescriptors, 4096);
    BAD(RxIntDelay, 65536, "RxIntDelay");
    GOOD(RxIntDelay, 65535);
    BAD(RxAbsIntDelay, 70000, "RxAbsIntDelay");
    BAD(TxIntDelay, 65536, "TxIntDelay");
    BAD(TxAbsIntDelay, 65536, "TxAbsIntDelay");
    BAD(InterruptThrottleRate, 2, "InterruptThrottleRate");
    BAD(InterruptThrottleRate, 99, "InterruptThrottleRate");
    BAD(InterruptThrottleRate, 100001, "InterruptThrottleRate");
    GOOD(InterruptThrottleRate, 0);
    GOOD(InterruptThrottleRate, 1);
    GOOD(InterruptThrottleRate, 4);
    GOOD(InterruptThrottleRate, 100);
    GOOD(InterruptThrottleRate, 100000);
    BAD(XsumRX, 2, "XsumRX");
    BAD(weight, 0, "weight");
    BAD(FlowControl, 4, "FlowControl");
    BAD(mode, 7, "mode");
    BAD(XsumTX, 2, "XsumTX");
    GOOD(XsumTX, 1);
    BAD(TSO, 1, "TSO: 1 needs XsumTX 1");
    e1k_drv_params_default(&p);
    p.XsumTX = 1;
    p.TSO = 2;
    g_assert_cmpstr(e1k_drv_params_check(&p), ==, "TSO: must be 0 or 1");
    p.TSO = 1;
    g_assert_null(e1k_drv_params_check(&p));
#undef BAD
#undef GOOD
}

static void test_mode_names(void)
{
    static const char *names[] = { "legacy", "napi-twist", "napi",
                                   "napi-dynitr" };
    for (int i = 0; i < 4; i++) {
        g_assert_cmpint(e1k_drv_mode_parse(names[i]), ==, i);
        g_assert_cmpstr(e1k_drv_mode_name((enum e1k_drv_mode)i), ==, names[i]);
    }
    g_assert_cmpint(e1k_drv_mode_parse("irq-off"), ==, -1);
    g_assert_cmpint(e1k_drv_mode_parse(""), ==, -1);
    g_assert_cmpint(e1k_drv_mode_parse(NULL), ==, -1);
}

/* Probe refuses bad parameters with a message naming them. */
static void test_probe_bad_params(void)
{
    struct e1k_drv_params p;
    FakeOs *f = fos_new(MEM, NULL);
    e1k_drv_params_default(&p);
    p.TxDescriptors = 20;
    g_assert_null(fos_probe(f, &p));
    g_assert_true(fos_log_has(f, "TxDescriptors"));
    fos_free(f);
}

/* The probe line names the bus as Linux does, from STATUS PCI66, BUS64,
 * PCIX_MODE and PCIX_SPEED (SDM 13.4.2), for each bus the model offers. */
static void test_probe_bus_line(void)
{
    static const struct { E1kBusKind kind; const char *desc; } bus[] = {
        { E1K_BUS_PCI_32_33, "(PCI:33MHz:32-bit) 02:11:22:33:44:55" },
        { E1K_BUS_PCI_64_66, "(PCI:66MHz:64-bit) 02:11:22:33:44:55" },
        { E1K_BUS_PCIX_133, "(PCI-X:133MHz:64-bit) 02:11:22:33:44:55" },
    };
    static const uint8_t mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
    for (unsigned i = 0; i < G_N_ELEMENTS(bus); i++) {
        E1kConfig cfg;
        struct e1k_drv_params p;
        e1k_config_default(&cfg);
        memcpy(cfg.mac, mac, 6);
        g_assert_cmpint(e1k_bus_preset(bus[i].kind, &cfg.bus), ==, 0);
        FakeOs *f = fos_new(MEM, &cfg);
        e1k_drv_params_default(&p);
        g_assert_nonnull(fos_probe(f, &p));
        g_assert_true(fos_log_has(f, bus[i].desc));
        fos_free(f);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/driver/probe/mac", test_probe_mac);
    g_test_add_func("/driver/probe/bus-line", test_probe_bus_line);
    g_test_add_func("/driver/probe/bad-checksum", test_probe_bad_checksum);
    g_test_add_func("/driver/probe/bad-params", test_probe_bad_params);
    g_test_add_func("/driver/probe/kalloc-balanced", test_kalloc_balanced);
    g_test_add_func("/driver/open/registers", test_open_registers);
    g_test_add_func("/driver/open/itr-modes", test_open_itr_modes);
    g_test_add_func("/driver/open/rx-mode", test_open_rx_mode);
    g_test_add_func("/driver/open/txd-cmd", test_txd_cmd);
    g_test_add_func("/driver/params/default", test_params_default);
    g_test_add_func("/driver/params/check", test_params_check);
    g_test_add_func("/driver/params/mode-names", test_mode_names);
    return g_test_run();
}
