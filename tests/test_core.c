/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Core: creation, reset values, register dispatch, sub-word and I/O BAR
 * access, timers and DMA helpers (SDM 13.4, 4.1). */
#include <string.h>

#include "testport.h"
#include "e1000_core.h"

static int dummy_dma_read(void *o, uint64_t a, void *b, uint32_t l)
{ (void)o; (void)a; (void)b; (void)l; return -1; }
static int dummy_dma_write(void *o, uint64_t a, const void *b, uint32_t l)
{ (void)o; (void)a; (void)b; (void)l; return -1; }
static void dummy_irq(void *o, int l) { (void)o; (void)l; }
static uint64_t dummy_now(void *o) { (void)o; return 0; }

static void test_new_rejects_bad_input(void)
{
    E1kConfig cfg;
    E1kPort port = { .dma_read = dummy_dma_read,
                     .dma_write = dummy_dma_write, .set_irq = dummy_irq,
                     .now_ns = dummy_now };
    E1kDev *d;

    e1k_config_default(&cfg);
    d = e1k_new(&cfg, &port);
    g_assert_nonnull(d); /* optional callbacks may be NULL */
    e1k_free(d);
    e1k_free(NULL);

    g_assert_null(e1k_new(NULL, &port));
    g_assert_null(e1k_new(&cfg, NULL));
    cfg.chip = (E1kChip)7;
    g_assert_null(e1k_new(&cfg, &port));
    e1k_config_default(&cfg);
    cfg.link_mbps = 200;
    g_assert_null(e1k_new(&cfg, &port));
    e1k_config_default(&cfg);
    cfg.bus.width_bytes = 0;
    g_assert_null(e1k_new(&cfg, &port));
    e1k_config_default(&cfg);
    cfg.bus.clock_khz = 0;
    g_assert_null(e1k_new(&cfg, &port));
    e1k_config_default(&cfg);
    port.set_irq = NULL;
    g_assert_null(e1k_new(&cfg, &port));
    port.set_irq = dummy_irq;
    port.now_ns = NULL;
    g_assert_null(e1k_new(&cfg, &port));
    port.now_ns = dummy_now;
    port.dma_read = NULL;
    g_assert_null(e1k_new(&cfg, &port));
}

static void test_config_default(void)
{
    E1kConfig cfg;
    static const uint8_t mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };
    e1k_config_default(&cfg);
    g_assert_cmpint(cfg.chip, ==, E1K_CHIP_82540EM);
    g_assert_cmpmem(cfg.mac, 6, mac, 6);
    g_assert_cmpuint(cfg.bus.width_bytes, ==, 8);
    g_assert_cmpuint(cfg.bus.clock_khz, ==, 66666);
    g_assert_cmpuint(cfg.link_mbps, ==, 1000);
    g_assert_cmpint(cfg.link_up, ==, 1);
    g_assert_cmpuint(cfg.autoneg_ns, ==, 500000000u);
}

static void test_reset_values(void)
{
    TestPort *tp = tp_new(4096, NULL);
    /* FD | LU | SPEED 1000 | PCI66 | BUS64 (64-bit/66 MHz default bus) */
    g_assert_cmphex(tp_rd(tp, E1K_STATUS), ==, 0x00001883u);
    g_assert_cmphex(tp_rd(tp, E1K_CTRL), ==, E1K_CTRL_ASDE);
    g_assert_cmphex(tp_rd(tp, E1K_PBA), ==, 0x00100030u);
    g_assert_cmphex(tp_rd(tp, E1K_LEDCTL), ==, 0x602u);
    g_assert_cmphex(tp_rd(tp, E1K_EECD), ==, E1K_EECD_PRES);
    g_assert_cmphex(tp_rd(tp, E1K_VET), ==, 0x8100u);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_IMS), ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_ITR), ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_RCTL), ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_TCTL), ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_RDLEN), ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_TDH), ==, 0);
    g_assert_cmpint(e1k_irq_level(tp->dev), ==, 0);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    g_assert_true(e1k_link_up(tp->dev));
    g_assert_cmpuint(e1k_link_mbps(tp->dev), ==, 1000);
    tp_free(tp);
}

static void test_status_bus_bits(void)
{
    E1kConfig cfg;
    TestPort *tp;
    e1k_config_default(&cfg);
    g_assert_cmpint(e1k_bus_parse("pci32-33", &cfg.bus), ==, 0);
    tp = tp_new(4096, &cfg);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS), ==, 0x00000083u);
    tp_free(tp);
    g_assert_cmpint(e1k_bus_parse("pcix133", &cfg.bus), ==, 0);
    cfg.link_up = 0;
    tp = tp_new(4096, &cfg);
    /* PCI66 | BUS64 | PCIX_MODE | PCIX_SPEED=10b, no link */
    g_assert_cmphex(tp_rd(tp, E1K_STATUS), ==, 0x0000B800u);
    g_assert_false(e1k_link_up(tp->dev));
    tp_free(tp);
}

static void test_unknown_offsets(void)
{
    TestPort *tp = tp_new(4096, NULL);
    static const uint32_t holes[] = { 0x0024, 0x0034, 0x00CC, 0x0200,
                                      0x4024, 0x4084, 0x7000, 0x1FFFC };
    for (size_t i = 0; i < G_N_ELEMENTS(holes); i++) {
        tp_wr(tp, holes[i], 0x12345678u);
        g_assert_cmphex(tp_rd(tp, holes[i]), ==, 0);
        g_assert_cmphex(e1k_peek_reg(tp->dev, holes[i]), ==, 0);
    }
    /* outside the BAR */
    e1k_mmio_write(tp->dev, E1K_MMIO_SIZE, 1, 4);
    g_assert_cmphex(e1k_mmio_read(tp->dev, E1K_MMIO_SIZE, 4), ==, 0);
    g_assert_cmphex(e1k_mmio_read(tp->dev, 0xFFFFFFFCu, 4), ==, 0);
    tp_free(tp);
}

static void test_read_only(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_STATUS, 0);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS), ==, 0x00001883u);
    tp_wr(tp, E1K_GPRC, 55);
    g_assert_cmphex(tp_rd(tp, E1K_GPRC), ==, 0);
    /* IMC is write-only: reads 0 */
    tp_wr(tp, E1K_IMS, E1K_ICR_LSC);
    g_assert_cmphex(tp_rd(tp, E1K_IMC), ==, 0);
    /* PBA: TXA is read-only, 64 - RXA */
    tp_wr(tp, E1K_PBA, 0xFFFF0028u);
    g_assert_cmphex(tp_rd(tp, E1K_PBA), ==, 0x00180028u);
    tp_free(tp);
}

/* C03 length part: RDLEN/TDLEN keep bits 19:7 only. */
static void test_ring_length_mask(void)
{
    TestPort *tp = tp_new(4096, NULL);
    static const uint32_t in[] = { 16, 0, 200, 0x4000, 0xFFFFFFFFu };
    static const uint32_t out[] = { 0, 0, 128, 0x4000, 0x000FFF80u };
    for (size_t i = 0; i < G_N_ELEMENTS(in); i++) {
        tp_wr(tp, E1K_RDLEN, in[i]);
        g_assert_cmphex(tp_rd(tp, E1K_RDLEN), ==, out[i]);
        tp_wr(tp, E1K_TDLEN, in[i]);
        g_assert_cmphex(tp_rd(tp, E1K_TDLEN), ==, out[i]);
    }
    tp_free(tp);
}

static void test_base_and_index_masks(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_RDBAL, 0x1234567Fu);
    g_assert_cmphex(tp_rd(tp, E1K_RDBAL), ==, 0x12345670u);
    tp_wr(tp, E1K_TDBAL, 0xABCDEF0Fu);
    g_assert_cmphex(tp_rd(tp, E1K_TDBAL), ==, 0xABCDEF00u);
    tp_wr(tp, E1K_RDBAH, 0xFFFFFFFFu);
    g_assert_cmphex(tp_rd(tp, E1K_RDBAH), ==, 0xFFFFFFFFu);
    /* 16-bit indices (SDM 13.4.28-29, 13.4.39-40), ring of 1024 */
    tp_wr(tp, E1K_RDLEN, 0x4000);
    tp_wr(tp, E1K_TDLEN, 0x4000);
    tp_wr(tp, E1K_RDT, 0x10345u);
    g_assert_cmphex(tp_rd(tp, E1K_RDT), ==, 0x0345u);
    tp_wr(tp, E1K_TDH, 0xFFFF0001u);
    g_assert_cmphex(tp_rd(tp, E1K_TDH), ==, 0x0001u);
    /* RAH: AD b15:0, AS b17:16, AV b31 */
    tp_wr(tp, E1K_RAH(3), 0xFFFFFFFFu);
    g_assert_cmphex(tp_rd(tp, E1K_RAH(3)), ==, 0x8003FFFFu);
    tp_wr(tp, E1K_RAL(15), 0xDEADBEEFu);
    g_assert_cmphex(tp_rd(tp, E1K_RAL(15)), ==, 0xDEADBEEFu);
    tp_wr(tp, E1K_MTA + 4 * 127, 0x80000001u);
    g_assert_cmphex(tp_rd(tp, E1K_MTA + 4 * 127), ==, 0x80000001u);
    tp_wr(tp, E1K_VFTA, 0x5A5A5A5Au);
    g_assert_cmphex(tp_rd(tp, E1K_VFTA), ==, 0x5A5A5A5Au);
    /* ITR keeps 15:0 */
    tp_wr(tp, E1K_ITR, 0xFFFF01F4u);
    g_assert_cmphex(tp_rd(tp, E1K_ITR), ==, 0x01F4u);
    tp_free(tp);
}

static void test_register_table_sorted(void)
{
    g_assert_true(e1k_reg_table_sorted());
}

static void test_ctrl_dup_and_rst(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_CTRL_DUP, E1K_CTRL_SLU | E1K_CTRL_FD);
    g_assert_cmphex(tp_rd(tp, E1K_CTRL), ==, E1K_CTRL_SLU | E1K_CTRL_FD);
    g_assert_cmphex(tp_rd(tp, E1K_CTRL_DUP), ==, E1K_CTRL_SLU | E1K_CTRL_FD);

    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    tp_wr(tp, E1K_RCTL, E1K_RCTL_BAM);
    tp_wr(tp, E1K_LEDCTL, 0x1234);
    tp_wr(tp, E1K_PBA, 0x20); /* RXA 32 KB, effective at reset */
    tp_wr(tp, E1K_CTRL, E1K_CTRL_SLU | E1K_CTRL_RST);
    /* RST self-clears; CTRL back to its power-on value */
    g_assert_cmphex(tp_rd(tp, E1K_CTRL), ==, E1K_CTRL_ASDE);
    g_assert_cmphex(tp_rd(tp, E1K_IMS), ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_RCTL), ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_LEDCTL), ==, 0x602u);
    g_assert_cmphex(tp_rd(tp, E1K_PBA), ==, 0x00200020u);
    /* the PHY kept its link: no LSC from a MAC reset */
    g_assert_true(e1k_link_up(tp->dev));
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, 0);
    tp_free(tp);
}

static void test_reset_drops_line(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_IMS, E1K_ICR_LSC);
    tp_wr(tp, E1K_ICS, E1K_ICR_LSC);
    g_assert_cmpint(tp->irq, ==, 1);
    e1k_reset(tp->dev);
    g_assert_cmpint(tp->irq, ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_IMS), ==, 0);
    tp_free(tp);
}

/* Assert that @b's device equals a freshly created one, byte for byte in
 * the save blob; frees @b. */
static void assert_fresh_and_free(TestPort *b)
{
    TestPort *a = tp_new(4096, NULL);
    size_t n = e1k_save_size(a->dev);
    uint8_t *sa = g_malloc(n), *sb = g_malloc(n);

    g_assert_cmpuint(e1k_save(a->dev, sa, n), ==, n);
    g_assert_cmpuint(e1k_save(b->dev, sb, n), ==, n);
    g_assert_cmpmem(sa, n, sb, n);
    tp_free(a);
    tp_free(b);
    g_free(sa);
    g_free(sb);
}

/* e1k_new leaves out clearing what calloc cleared: its device is the
 * one a full power-on reset (every part cleared again) gives, byte for
 * byte in the save blob. */
static void test_new_equals_power_on(void)
{
    TestPort *b = tp_new(4096, NULL);

    e1k_reset(b->dev);
    assert_fresh_and_free(b);
}

/* A power-on reset after all-ones written to every dword of the BAR
 * (but CTRL, whose RST would reset first) gives a fresh device, byte
 * for byte in the save blob: the reset clears every register that can
 * hold a value, and nothing past FFVT stored one. */
static void test_reset_after_every_offset(void)
{
    TestPort *b = tp_new(4096, NULL);

    for (uint32_t off = 0; off < E1K_MMIO_SIZE; off += 4) {
        if (off != E1K_CTRL && off != E1K_CTRL_DUP) {
            e1k_mmio_write(b->dev, off, 0xFFFFFFFFu, 4);
        }
    }
    g_assert_cmphex(e1k_mmio_read(b->dev, E1K_FFVT + 0x3FC, 4), ==, 0xFFu);
    e1k_reset(b->dev);
    g_assert_cmphex(e1k_mmio_read(b->dev, E1K_FFVT + 0x3FC, 4), ==, 0);
    assert_fresh_and_free(b);
}

static void test_subword_access(void)
{
    TestPort *tp = tp_new(4096, NULL);
    /* byte write merges into the register */
    e1k_mmio_write(tp->dev, E1K_LEDCTL + 1, 0xAB, 1);
    g_assert_cmphex(tp_rd(tp, E1K_LEDCTL), ==, 0x0000AB02u);
    e1k_mmio_write(tp->dev, E1K_LEDCTL + 2, 0xBEEF, 2);
    g_assert_cmphex(tp_rd(tp, E1K_LEDCTL), ==, 0xBEEFAB02u);
    g_assert_cmphex(e1k_mmio_read(tp->dev, E1K_LEDCTL + 3, 1), ==, 0xBE);
    g_assert_cmphex(e1k_mmio_read(tp->dev, E1K_LEDCTL + 2, 2), ==, 0xBEEF);
    g_assert_cmphex(e1k_mmio_read(tp->dev, E1K_LEDCTL, 2), ==, 0xAB02);
    /* misaligned or odd sizes: ignored / read 0 */
    e1k_mmio_write(tp->dev, E1K_LEDCTL + 1, 0xFFFF, 2);
    e1k_mmio_write(tp->dev, E1K_LEDCTL + 2, 0xFFFFFFFF, 4);
    e1k_mmio_write(tp->dev, E1K_LEDCTL, 0xFFFFFFFF, 3);
    g_assert_cmphex(tp_rd(tp, E1K_LEDCTL), ==, 0xBEEFAB02u);
    g_assert_cmphex(e1k_mmio_read(tp->dev, E1K_LEDCTL + 1, 2), ==, 0);
    g_assert_cmphex(e1k_mmio_read(tp->dev, E1K_LEDCTL, 8), ==, 0);

    /* write-1 registers: a sub-word write does not touch other bytes */
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW | E1K_ICR_LSC | E1K_ICR_RXT0 |
                           E1K_ICR_MDAC);
    e1k_mmio_write(tp->dev, E1K_ICR + 1, E1K_ICR_MDAC >> 8, 1);
    g_assert_cmphex(e1k_peek_reg(tp->dev, E1K_ICR), ==,
                    E1K_ICR_TXDW | E1K_ICR_LSC | E1K_ICR_RXT0);
    e1k_mmio_write(tp->dev, E1K_IMS + 1, E1K_ICR_MDAC >> 8, 1);
    g_assert_cmphex(tp_rd(tp, E1K_IMS), ==, E1K_ICR_MDAC);
    /* a sub-word read of ICR clears the whole register */
    g_assert_cmphex(e1k_mmio_read(tp->dev, E1K_ICR, 1), ==,
                    E1K_ICR_TXDW | E1K_ICR_LSC | E1K_ICR_RXT0);
    g_assert_cmphex(e1k_peek_reg(tp->dev, E1K_ICR), ==, 0);
    tp_free(tp);
}

static void test_io_bar(void)
{
    TestPort *tp = tp_new(4096, NULL);
    e1k_io_write(tp->dev, 0, E1K_LEDCTL, 4);
    g_assert_cmphex(e1k_io_read(tp->dev, 0, 4), ==, E1K_LEDCTL);
    e1k_io_write(tp->dev, 4, 0x00C0FFEEu, 4);
    g_assert_cmphex(tp_rd(tp, E1K_LEDCTL), ==, 0x00C0FFEEu);
    g_assert_cmphex(e1k_io_read(tp->dev, 4, 4), ==, 0x00C0FFEEu);
    g_assert_cmphex(e1k_io_read(tp->dev, 6, 2), ==, 0x00C0u);
    /* IODATA sub-word write merges */
    e1k_io_write(tp->dev, 5, 0x11, 1);
    g_assert_cmphex(tp_rd(tp, E1K_LEDCTL), ==, 0x00C011EEu);
    /* IOADDR low bits ignored on use */
    e1k_io_write(tp->dev, 0, E1K_LEDCTL + 2, 4);
    g_assert_cmphex(e1k_io_read(tp->dev, 4, 4), ==, 0x00C011EEu);
    /* IODATA on ICR has the clear-on-read side effect */
    tp_wr(tp, E1K_ICS, E1K_ICR_LSC);
    e1k_io_write(tp->dev, 0, E1K_ICR, 4);
    g_assert_cmphex(e1k_io_read(tp->dev, 4, 4), ==, E1K_ICR_LSC);
    g_assert_cmphex(e1k_io_read(tp->dev, 4, 4), ==, 0);
    /* IOADDR keeps the 128 KB window bits only; beyond the BAR: 0 */
    e1k_io_write(tp->dev, 0, 0xFFFFFFFFu, 4);
    g_assert_cmphex(e1k_io_read(tp->dev, 0, 4), ==, 0x0001FFFFu);
    g_assert_cmphex(e1k_io_read(tp->dev, 8, 4), ==, 0);
    e1k_io_write(tp->dev, 8, 1, 4);
    tp_free(tp);
}

static void test_rdtr_fpd_reads_zero(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_RDTR, E1K_RDTR_FPD | 0x10);
    g_assert_cmphex(tp_rd(tp, E1K_RDTR), ==, 0x10);
    tp_free(tp);
}

static void test_dma_helpers(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint8_t buf[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    uint8_t back[8];
    /* address wrap is refused before the port is asked */
    g_assert_cmpint(e1k_dma_read(tp->dev, UINT64_MAX - 2, back, 8), ==, -1);
    g_assert_cmpint(e1k_dma_write(tp->dev, UINT64_MAX - 2, buf, 8), ==, -1);
    g_assert_cmpuint(tp->dma_faults, ==, 0);
    g_assert_cmpint(e1k_dma_write(tp->dev, TP_MEM_BASE + 16, buf, 8), ==, 0);
    g_assert_cmpint(e1k_dma_read(tp->dev, TP_MEM_BASE + 16, back, 8), ==, 0);
    g_assert_cmpmem(buf, 8, back, 8);
    /* outside the port's memory: fault reported */
    g_assert_cmpint(e1k_dma_read(tp->dev, TP_MEM_BASE + 4092, back, 8), ==,
                    -1);
    g_assert_cmpuint(tp->dma_faults, ==, 1);
    /* zero length never reaches the port */
    g_assert_cmpint(e1k_dma_read(tp->dev, 0, back, 0), ==, 0);
    g_assert_cmpuint(tp->dma_faults, ==, 1);
    tp_free(tp);
}

/* At 1000 ns with ITR 1024 ns: an LSC asserts at once, is read, and a
 * second one is held by the ITR gate, its timer (the only deadline, and
 * announced) at 2024 ns. */
static void itr_gate_lsc(TestPort *tp)
{
    tp_advance_to(tp, 1000);
    tp_wr(tp, E1K_ITR, 4); /* 1024 ns */
    tp_wr(tp, E1K_IMS, E1K_ICR_LSC);
    tp_wr(tp, E1K_ICS, E1K_ICR_LSC);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
    tp_wr(tp, E1K_ICS, E1K_ICR_LSC); /* delayed to 1000 + 1024 */
    g_assert_cmpint(tp->irq, ==, 0);
    g_assert_cmpuint(tp->deadline, ==, 2024);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, 2024);
}

/* White-box: due timers fire in time order, ties by id; a timer armed in
 * the past fires in the same run; the deadline is announced on change. */
static void test_timer_order(void)
{
    TestPort *tp = tp_new(4096, NULL);
    E1kDev *d = tp->dev;
    /* ITR gate timer with a pending cause: fires and asserts */
    itr_gate_lsc(tp);
    /* host is late: the edge is stamped when the catch-up runs */
    tp->now = 5000;
    e1k_run_until(d, 5000);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(tp->deadline, ==, E1K_NO_DEADLINE);
    /* a timer armed in the past fires at the next run */
    e1k_timer_arm(d, E1K_TMR_ITR, 10);
    e1k_run_until(d, 5000);
    g_assert_cmpuint(e1k_next_deadline(d), ==, E1K_NO_DEADLINE);
    g_assert_cmpuint(tp->deadline, ==, E1K_NO_DEADLINE);
    tp_free(tp);
}

/* e1k_run_due runs what e1k_run_until runs and returns the next deadline
 * without announcing it: a later entry point announces only a change
 * from that value. */
static void test_run_due(void)
{
    TestPort *tp = tp_new(4096, NULL);
    E1kDev *d = tp->dev;
    itr_gate_lsc(tp);   /* gated until 2024 */
    tp->now = 2000;
    g_assert_cmpuint(e1k_run_due(d, 2000), ==, 2024);   /* not due yet */
    g_assert_cmpint(tp->irq, ==, 0);
    tp->now = 3000;
    tp->deadline = 12345;   /* marks that nothing is announced */
    g_assert_cmpuint(e1k_run_due(d, 3000), ==, E1K_NO_DEADLINE);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(tp->deadline, ==, 12345);
    g_assert_cmpuint(e1k_next_deadline(d), ==, E1K_NO_DEADLINE);
    /* no change since the returned value: still nothing announced */
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
    g_assert_cmpuint(tp->deadline, ==, 12345);
    /* a change is announced: the ITR gate (from the 2024 assertion) */
    tp_wr(tp, E1K_ICS, E1K_ICR_LSC);
    g_assert_cmpuint(tp->deadline, ==, 2024 + 1024);
    g_assert_cmpuint(e1k_run_due(NULL, 0), ==, E1K_NO_DEADLINE);
    tp_free(tp);
}

/* A host clock at UINT64_MAX (= E1K_NO_DEADLINE) with no timer armed:
 * nothing fires (no timer id past the table: the field after timer[]
 * keeps the replaced announcement), no interrupt; an ITR gate armed then
 * is due at once and run_due runs it, leaving no deadline. */
static void test_run_clock_max(void)
{
    TestPort *tp = tp_new(4096, NULL);
    E1kDev *d = tp->dev;
    g_assert_cmpuint(e1k_next_deadline(d), ==, E1K_NO_DEADLINE);
    tp->now = UINT64_MAX;
    g_assert_cmpuint(e1k_run_due(d, UINT64_MAX), ==, E1K_NO_DEADLINE);
    /* the field after timer[]: a stale announcement must be replaced
     * (a cancel of the id past the table would overwrite it instead) */
    d->announced_deadline = 777;
    tp->deadline = 12345;
    e1k_run_until(d, UINT64_MAX);
    g_assert_cmpuint(tp->deadline, ==, E1K_NO_DEADLINE);
    g_assert_cmpint(tp->irq, ==, 0);
    e1k_timer_arm(d, E1K_TMR_ITR, 10);
    g_assert_cmpuint(e1k_run_due(d, UINT64_MAX), ==, E1K_NO_DEADLINE);
    g_assert_cmpuint(e1k_next_deadline(d), ==, E1K_NO_DEADLINE);
    tp_free(tp);
}

/* Two timers due at the same instant (ITR gate and autonegotiation) both
 * fire in one run and produce one rising edge, with the link up. */
static void test_timer_ties(void)
{
    TestPort *tp = tp_new(4096, NULL);
    E1kDev *d = tp->dev;
    tp_wr(tp, E1K_ITR, 4);
    tp_wr(tp, E1K_IMS, E1K_ICR_LSC | E1K_ICR_RXT0);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
    (void)tp_rd(tp, E1K_ICR);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);  /* ITR timer at 1024 */
    e1k_set_link(d, 0);                 /* LSC pending too */
    e1k_set_link(d, 1);
    e1k_mmio_write(d, E1K_MDIC, E1K_MDIC_OP_WRITE | 1u << 21 |
                                    E1K_BMCR_ANENABLE | E1K_BMCR_ANRESTART, 4);
    e1k_timer_arm(d, E1K_TMR_AUTONEG, 1024); /* white-box: same instant */
    tp->now = 2000;
    e1k_run_until(d, 2000);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(tp->irq_rises, ==, 2);
    g_assert_true(e1k_link_up(d));
    g_assert_cmpuint(e1k_next_deadline(d), ==, E1K_NO_DEADLINE);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/new-rejects-bad-input", test_new_rejects_bad_input);
    g_test_add_func("/core/config-default", test_config_default);
    g_test_add_func("/core/reset-values", test_reset_values);
    g_test_add_func("/core/new-equals-power-on", test_new_equals_power_on);
    g_test_add_func("/core/reset-after-every-offset",
                    test_reset_after_every_offset);
    g_test_add_func("/core/status-bus-bits", test_status_bus_bits);
    g_test_add_func("/core/unknown-offsets", test_unknown_offsets);
    g_test_add_func("/core/read-only", test_read_only);
    g_test_add_func("/core/c03-ring-length-mask", test_ring_length_mask);
    g_test_add_func("/core/base-index-masks", test_base_and_index_masks);
    g_test_add_func("/core/ctrl-dup-and-rst", test_ctrl_dup_and_rst);
    g_test_add_func("/core/reset-drops-line", test_reset_drops_line);
    g_test_add_func("/core/subword-access", test_subword_access);
    g_test_add_func("/core/io-bar", test_io_bar);
    g_test_add_func("/core/rdtr-fpd-reads-zero", test_rdtr_fpd_reads_zero);
    g_test_add_func("/core/dma-helpers", test_dma_helpers);
    g_test_add_func("/core/timer-order", test_timer_order);
    g_test_add_func("/core/timer-same-instant", test_timer_ties);
    g_test_add_func("/core/run-due", test_run_due);
    g_test_add_func("/core/run-clock-max", test_run_clock_max);
    g_test_add_func("/core/register-table-sorted", test_register_table_sorted);
    return g_test_run();
}
