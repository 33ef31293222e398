/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab-82598eb, e1klab-82598af, e1klab-82598af-dual: a QEMU PCI device
 * embedding the e1klab model of the Intel 82598EB 10 GbE controller
 * (hw/net/ixgbe/ixgbe.h, docs/model-82598.md).  This file holds what is
 * the 82598's: BAR0 (registers, 128 KB), BAR2 (I/O window), BAR3 (the
 * MSI-X table at 0 and PBA at 0x2000, QEMU's msix API), the
 * configuration space capabilities where the datasheet puts them (power
 * management 0x40, MSI 0x50, MSI-X 0x60, PCI Express 0xA0: datasheet
 * 3.1.1.14) and the interrupt mode the guest enables there.  The port,
 * the replay, the capture and stats files, the netdev and the model blob
 * in the VM state are the shared glue (e1klab_glue.h).  No register or
 * timing logic lives here.
 *
 * The machine is QEMU's i440fx PC (-M pc), a conventional PCI bus: the
 * PCI Express capability is built here as the 82598 presents it (an
 * endpoint on a 2.5 GT/s x8 link), so Linux's ixgbe reads its link
 * status and device control 2 at the offsets it uses, while the guest
 * sees 256 bytes of configuration space (no extended space on that bus).
 */
#include "qemu/osdep.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/pci/pci.h"
#include "hw/pci/msi.h"
#include "hw/pci/msix.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "qom/object.h"

#include "ixgbe.h"
#include "ixgbe_regs.h"
#include "e1klab_glue.h"

#define TYPE_E1KLAB_82598 "e1klab-82598-base"
OBJECT_DECLARE_SIMPLE_TYPE(E1klab82598State, E1KLAB_82598)

/** Per-type data: the part and its PCI device ID (ixgbe.h). */
typedef struct E1klab82598Info {
    const char *name;
    IxgChip chip;
    const char *desc;
} E1klab82598Info;

struct E1klab82598State {
    PCIDevice parent_obj;

    MemoryRegion mmio;       /* BAR0, IXG_MMIO_SIZE bytes */
    MemoryRegion io;         /* BAR2, IXG_IO_SIZE bytes: IOADDR/IODATA */
    MemoryRegion msix;       /* BAR3, IXG_MSIX_BAR_SIZE: table and PBA */
    IxgDev *dev;
    E1klabGlue g;            /* port, replay, files, netdev (shared) */
    IxgIrqMode irq_mode;     /* what the configuration space enables */

    /* registers the stats file reports (IXGQ_REPORT_REGS), recorded when
     * the replay handed over its last frame (have_regs 1) */
    uint32_t report_regs[5 + 10 + IXG_RETA_ENTRIES / 4];
    bool have_regs;

    /* properties of the 82598 */
    char *bus_timing;        /* nic_bus_parse name, default "pcie1-x8" */
};

static const E1klab82598Info *e1klab_82598_info(PCIDevice *pd);

/* ------------------------------------------------------------ model */

static void ixgq_op_run_until(void *dev, uint64_t now_ns)
{
    ixg_run_until(dev, now_ns);
}

static uint64_t ixgq_op_next_deadline(const void *dev)
{
    return ixg_next_deadline(dev);
}

static void ixgq_op_receive(void *dev, const uint8_t *frame, uint32_t len)
{
    ixg_receive(dev, frame, len);
}

static void ixgq_op_set_link(void *dev, int up)
{
    ixg_set_link(dev, up);
}

static bool ixgq_op_rx_enabled(const void *dev)
{
    return (ixg_peek_reg(dev, IXG_RXCTRL) & IXG_RXCTRL_RXEN) != 0;
}

/* The registers of the stats file's reg.* lines, in order: the receive
 * and link state (RXCTRL, HLREG0, AUTOC, LINKS), MRQC, RSSRK[0..9],
 * RETA[0..31] (datasheet 4.4.3.7). */
static uint32_t ixgq_report_reg(unsigned i)
{
    static const uint32_t first[] = { IXG_RXCTRL, IXG_HLREG0, IXG_AUTOC,
                                      IXG_LINKS, IXG_MRQC };

    return i < 5 ? first[i] : i < 15 ? IXG_RSSRK(i - 5) : IXG_RETA(i - 15);
}

/* E1klabModelOps.replay_done: keep the registers as they are now, with
 * the replayed frames in the device, for the stats file (the guest's
 * shutdown resets the device before QEMU exits). */
static void ixgq_op_replay_done(E1klabGlue *g)
{
    E1klab82598State *s = container_of(g, E1klab82598State, g);

    for (unsigned i = 0; i < ARRAY_SIZE(s->report_regs); i++) {
        s->report_regs[i] = ixg_peek_reg(s->dev, ixgq_report_reg(i));
    }
    s->have_regs = true;
}

/* reg.* lines: the registers recorded when the replay ended, else now. */
static void ixgq_write_regs(const E1klab82598State *s, FILE *f)
{
    static const char *const name[] = { "RXCTRL", "HLREG0", "AUTOC",
                                         "LINKS", "MRQC" };

    fprintf(f, "reg.at=%s\n", s->have_regs ? "replay-end" : "exit");
    for (unsigned i = 0; i < ARRAY_SIZE(s->report_regs); i++) {
        uint32_t v = s->have_regs ? s->report_regs[i]
                                  : ixg_peek_reg(s->dev, ixgq_report_reg(i));
        if (i < 5) {
            fprintf(f, "reg.%s=0x%08x\n", name[i], v);
        } else if (i < 15) {
            fprintf(f, "reg.RSSRK.%u=0x%08x\n", i - 5, v);
        } else {
            fprintf(f, "reg.RETA.%u=0x%08x\n", i - 15, v);
        }
    }
}

/*
 * The stats file's model lines: IxgTotals (model.NAME), the per-queue
 * totals of the queues that saw traffic (model.rxq.N.packets, .bytes,
 * model.txq.N.packets, .bytes), the messages per MSI-X vector that sent
 * any (model.vector.N.messages), then the reg.* lines (ixgq_write_regs):
 * from the RSS registers a host computes the queue of a flow with
 * ixg_rss_classify (tests/ixgbe_rss_queues.c).
 */
static void ixgq_op_write_totals(E1klabGlue *g, FILE *f)
{
    const IxgDev *dev = g->dev;
    IxgTotals t;
    IxgQueueTotals q;

    ixg_totals(dev, &t);
#define P(name) fprintf(f, "model." #name "=%" PRIu64 "\n", (uint64_t)t.name);
    IXG_TOTALS_FIELDS(P)
#undef P
    for (uint32_t i = 0; i < IXG_NUM_RX_QUEUES; i++) {
        if (ixg_queue_totals(dev, i, &q) == 0 && q.rx_packets) {
            fprintf(f, "model.rxq.%u.packets=%" PRIu64 "\n", i, q.rx_packets);
            fprintf(f, "model.rxq.%u.bytes=%" PRIu64 "\n", i, q.rx_bytes);
        }
    }
    for (uint32_t i = 0; i < IXG_NUM_TX_QUEUES; i++) {
        if (ixg_queue_totals(dev, i, &q) == 0 && q.tx_packets) {
            fprintf(f, "model.txq.%u.packets=%" PRIu64 "\n", i, q.tx_packets);
            fprintf(f, "model.txq.%u.bytes=%" PRIu64 "\n", i, q.tx_bytes);
        }
    }
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        uint64_t n = ixg_vector_messages(dev, v);
        if (n) {
            fprintf(f, "model.vector.%u.messages=%" PRIu64 "\n", v, n);
        }
    }
    ixgq_write_regs(container_of(g, E1klab82598State, g), f);
}

static size_t ixgq_op_save_size(const void *dev)
{
    return ixg_save_size(dev);
}

static size_t ixgq_op_save(const void *dev, uint8_t *buf, size_t len)
{
    return ixg_save(dev, buf, len);
}

static int ixgq_op_restore(void *dev, const uint8_t *buf, size_t len)
{
    return ixg_restore(dev, buf, len);
}

static int ixgq_op_trace_is_error(unsigned ev)
{
    return ixg_trace_is_error((IxgTraceEvent)ev);
}

static int ixgq_op_trace_format(unsigned ev, uint64_t a, uint64_t b,
                                char *buf, size_t len)
{
    return ixg_trace_format((IxgTraceEvent)ev, a, b, buf, len);
}

static const E1klabModelOps ixgq_model_ops = {
    .run_until = ixgq_op_run_until,
    .next_deadline = ixgq_op_next_deadline,
    .receive = ixgq_op_receive,
    .set_link = ixgq_op_set_link,
    .rx_enabled = ixgq_op_rx_enabled,
    .write_totals = ixgq_op_write_totals,
    .save_size = ixgq_op_save_size,
    .save = ixgq_op_save,
    .restore = ixgq_op_restore,
    .trace_is_error = ixgq_op_trace_is_error,
    .trace_format = ixgq_op_trace_format,
    .replay_done = ixgq_op_replay_done,
};

/* port.msi: a message for @vector (MSI: 0) leaves the device now.
 * QEMU applies the vector's mask and pending bit (msix_notify). */
static void ixgq_port_msi(void *opaque, uint32_t vector)
{
    E1klabGlue *g = opaque;

    if (msix_enabled(g->pd)) {
        if (vector < IXG_MSIX_VECTORS) {
            msix_notify(g->pd, vector);
        }
    } else if (msi_enabled(g->pd)) {
        msi_notify(g->pd, 0);
    }
}

/* ------------------------------------------------------------ BARs */

E1KLAB_GLUE_BAR(ixgq_mmio, E1klab82598State, ixg_mmio_read, ixg_mmio_write, 8)
E1KLAB_GLUE_BAR(ixgq_io, E1klab82598State, ixg_io_read, ixg_io_write, 4)

/* ------------------------------------------------------------ config space */

/* Tell the model which interrupt mode the configuration space enables
 * (MSI-X over MSI over INTx), when it changed. */
static void ixgq_sync_irq_mode(E1klab82598State *s)
{
    PCIDevice *pd = PCI_DEVICE(s);
    IxgIrqMode m = msix_enabled(pd) ? IXG_IRQ_MSIX
                   : msi_enabled(pd) ? IXG_IRQ_MSI : IXG_IRQ_INTX;

    if (m != s->irq_mode) {
        s->irq_mode = m;
        ixg_set_irq_mode(s->dev, m, 0);
    }
}

static void ixgq_write_config(PCIDevice *pd, uint32_t addr, uint32_t val,
                              int len)
{
    pci_default_write_config(pd, addr, val, len);
    ixgq_sync_irq_mode(E1KLAB_82598(pd));
}

/*
 * The PCI Express capability at IXG_PCI_CAP_EXP (datasheet 3.1.1.14.7,
 * [PCIe-1.1] 7.8), version 2 so that device control 2 exists: an
 * endpoint; device capabilities max payload 256 bytes; link capabilities
 * and status 2.5 GT/s with the width of the modelled link, @lanes (x8 by
 * default: what ixgbe_get_bus_info_generic reads at
 * IXGBE_PCI_LINK_STATUS, 0xB2); device control, link control and device
 * control 2 (completion timeout value and disable, which
 * ixgbe_start_hw_82598 sets at 0xC8) writable.
 */
#define IXGQ_EXP_SIZE 0x3C

static bool ixgq_add_pcie_cap(PCIDevice *pd, uint32_t lanes, Error **errp)
{
    uint8_t o = IXG_PCI_CAP_EXP;

    if (pci_add_capability(pd, PCI_CAP_ID_EXP, o, IXGQ_EXP_SIZE, errp) < 0) {
        return false;
    }
    pci_set_word(pd->config + o + PCI_EXP_FLAGS,
                 2 | (PCI_EXP_TYPE_ENDPOINT << 4));
    pci_set_long(pd->config + o + PCI_EXP_DEVCAP, 0x1);   /* MPS 256 */
    pci_set_word(pd->wmask + o + PCI_EXP_DEVCTL, 0x7FFF);
    pci_set_long(pd->config + o + PCI_EXP_LNKCAP,
                 PCI_EXP_LNKCAP_SLS_2_5GB | (lanes << 4));
    pci_set_word(pd->wmask + o + PCI_EXP_LNKCTL, 0x00C3);
    pci_set_word(pd->config + o + PCI_EXP_LNKSTA,
                 PCI_EXP_LNKSTA_CLS_2_5GB | (lanes << 4));
    pci_set_long(pd->config + o + PCI_EXP_DEVCAP2, 0xF);  /* timeout A-D */
    pci_set_word(pd->wmask + o + PCI_EXP_DEVCTL2, 0x001F);
    return true;
}

/*
 * Capabilities in the datasheet's chain 0x40 -> 0x50 -> 0x60 -> 0xA0
 * (QEMU links each new one at the head of the list, so they are added
 * last to first): PCI Express; MSI-X with IXG_MSIX_VECTORS vectors, the
 * table in BAR3 at IXG_MSIX_TABLE_OFF and the PBA at IXG_MSIX_PBA_OFF
 * (Tables 3-22, 3-23), every vector usable; MSI, 64-bit, one message;
 * power management (PMC 0x0003: version 1.2, no PME: the model has no
 * wake-up logic).
 */
static bool ixgq_add_caps(E1klab82598State *s, PCIDevice *pd,
                          uint32_t lanes, Error **errp)
{
    if (!ixgq_add_pcie_cap(pd, lanes, errp) ||
        msix_init(pd, IXG_MSIX_VECTORS, &s->msix, 3, IXG_MSIX_TABLE_OFF,
                  &s->msix, 3, IXG_MSIX_PBA_OFF, IXG_PCI_CAP_MSIX,
                  errp) < 0) {
        return false;
    }
    for (unsigned v = 0; v < IXG_MSIX_VECTORS; v++) {
        msix_vector_use(pd, v);
    }
    if (msi_init(pd, IXG_PCI_CAP_MSI, 1, true, false, errp) < 0) {
        return false;
    }
    return e1klab_glue_add_pm(pd, IXG_PCI_CAP_PM, 0x0003, errp);
}

/* ------------------------------------------------------------ realize */

static void ixgq_realize(PCIDevice *pd, Error **errp)
{
    E1klab82598State *s = E1KLAB_82598(pd);
    const E1klab82598Info *info = e1klab_82598_info(pd);
    IxgConfig cfg;
    NicPort port;

    pd->config[PCI_CACHE_LINE_SIZE] = 0x10;
    pd->config[PCI_INTERRUPT_PIN] = 1;          /* INTA# */
    qemu_macaddr_default_if_unset(&s->g.conf.macaddr);
    ixg_config_default(&cfg);
    cfg.chip = info->chip;
    memcpy(cfg.mac, s->g.conf.macaddr.a, 6);
    cfg.lan_id = info->chip == IXG_CHIP_82598AF_DUAL ? PCI_FUNC(pd->devfn)
                                                     : 0;
    if (cfg.lan_id > 1) {
        error_setg(errp, "e1klab: %s: a dual-port part has functions 0 "
                   "and 1 (got %u)", info->name, cfg.lan_id);
        return;
    }
    if (s->bus_timing && (nic_bus_parse(s->bus_timing, &cfg.bus) < 0 ||
                          cfg.bus.kind != NIC_BUS_PCIE)) {
        error_setg(errp, "e1klab: bus-timing '%s' is not one of pcie1-x1, "
                   "pcie1-x4, pcie1-x8", s->bus_timing);
        return;
    }
    s->g.link_mbps = 10000;                     /* 10GBASE wire time */
    memory_region_init(&s->msix, OBJECT(s), "e1klab-82598-msix",
                       IXG_MSIX_BAR_SIZE);
    if (!ixgq_add_caps(s, pd, cfg.bus.lanes, errp) ||
        !e1klab_glue_prepare(&s->g, pd, &ixgq_model_ops, cfg.mac, errp)) {
        return;
    }
    e1klab_glue_port(&s->g, &port);
    port.msi = ixgq_port_msi;
    s->dev = ixg_new(&cfg, &port);
    if (!s->dev) {
        error_setg(errp, "e1klab: model rejected the configuration");
        e1klab_glue_abandon(&s->g);
        return;
    }
    s->irq_mode = IXG_IRQ_INTX;
    e1klab_glue_start(&s->g, s->dev, IXG_MMIO_SIZE);
    memory_region_init_io(&s->mmio, OBJECT(s), &ixgq_mmio_ops, s,
                          "e1klab-82598-mmio", IXG_MMIO_SIZE);
    memory_region_init_io(&s->io, OBJECT(s), &ixgq_io_ops, s,
                          "e1klab-82598-io", IXG_IO_SIZE);
    pci_register_bar(pd, 0, PCI_BASE_ADDRESS_SPACE_MEMORY, &s->mmio);
    pci_register_bar(pd, 2, PCI_BASE_ADDRESS_SPACE_IO, &s->io);
    pci_register_bar(pd, 3, PCI_BASE_ADDRESS_SPACE_MEMORY, &s->msix);
}

static void ixgq_exit(PCIDevice *pd)
{
    E1klab82598State *s = E1KLAB_82598(pd);

    e1klab_glue_exit(&s->g);
    msix_uninit(pd, &s->msix, &s->msix);
    msi_uninit(pd);
    ixg_free(s->dev);
    s->dev = NULL;
    s->g.dev = NULL;
}

static void ixgq_qdev_reset(DeviceState *d)
{
    E1klab82598State *s = E1KLAB_82598(d);

    /* QEMU clears the MSI and MSI-X enable bits after this (without a
     * configuration write): the model's power-on mode is INTx too. */
    ixg_reset(s->dev);
    s->irq_mode = IXG_IRQ_INTX;
}

/* ------------------------------------------------------------ VM state */

static int ixgq_pre_save(void *opaque)
{
    return e1klab_glue_pre_save(&((E1klab82598State *)opaque)->g);
}

static int ixgq_post_save(void *opaque)
{
    return e1klab_glue_post_save(&((E1klab82598State *)opaque)->g);
}

static int ixgq_pre_load(void *opaque)
{
    return e1klab_glue_pre_load(&((E1klab82598State *)opaque)->g);
}

/* After the model (or, restore-model=off, this instance's own power-on
 * model): the interrupt mode is the restored configuration space's. */
static int ixgq_post_load(void *opaque, int version_id)
{
    E1klab82598State *s = opaque;
    int rc = e1klab_glue_post_load(&s->g);

    s->irq_mode = ixg_irq_mode(s->dev);
    ixgq_sync_irq_mode(s);
    return rc;
}

static const VMStateDescription ixgq_vmstate = {
    .name = "e1klab-82598",
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = ixgq_pre_save,
    .post_save = ixgq_post_save,
    .pre_load = ixgq_pre_load,
    .post_load = ixgq_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, E1klab82598State),
        VMSTATE_MSIX(parent_obj, E1klab82598State),
        E1KLAB_GLUE_VMSTATE_FIELDS(E1klab82598State, g),
        VMSTATE_END_OF_LIST()
    },
};

/* ------------------------------------------------------------ types */

static Property ixgq_properties[] = {
    E1KLAB_GLUE_PROPERTIES(E1klab82598State, g),
    DEFINE_PROP_STRING("bus-timing", E1klab82598State, bus_timing),
    DEFINE_PROP_END_OF_LIST(),
};

static const E1klab82598Info ixgq_devices[] = {
    { "e1klab-82598eb", IXG_CHIP_82598EB_CX4,
      "e1klab model of the Intel 82598EB 10 GbE controller (10GBASE-CX4)" },
    { "e1klab-82598af", IXG_CHIP_82598AF_SINGLE,
      "e1klab model of the Intel 82598AF 10 GbE controller (single port)" },
    { "e1klab-82598af-dual", IXG_CHIP_82598AF_DUAL,
      "e1klab model of the Intel 82598AF 10 GbE controller (dual port)" },
};

static const E1klab82598Info *e1klab_82598_info(PCIDevice *pd)
{
    const char *name = object_get_typename(OBJECT(pd));

    for (size_t i = 0; i < ARRAY_SIZE(ixgq_devices); i++) {
        if (!strcmp(name, ixgq_devices[i].name)) {
            return &ixgq_devices[i];
        }
    }
    return &ixgq_devices[0];
}

static void ixgq_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);
    const E1klab82598Info *info = data;

    k->realize = ixgq_realize;
    k->exit = ixgq_exit;
    k->config_write = ixgq_write_config;
    k->romfile = NULL;
    k->vendor_id = IXG_PCI_VENDOR_INTEL;
    k->device_id = ixg_chip_device_id(info->chip);
    k->subsystem_vendor_id = IXG_PCI_VENDOR_INTEL;
    k->subsystem_id = 0;
    k->revision = 0;
    k->class_id = PCI_CLASS_NETWORK_ETHERNET;
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
    dc->desc = info->desc;
    dc->reset = ixgq_qdev_reset;
    dc->vmsd = &ixgq_vmstate;
    device_class_set_props(dc, ixgq_properties);
}

static const TypeInfo ixgq_base_info = {
    .name = TYPE_E1KLAB_82598,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(E1klab82598State),
    .abstract = true,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void ixgq_register_types(void)
{
    type_register_static(&ixgq_base_info);
    for (size_t i = 0; i < ARRAY_SIZE(ixgq_devices); i++) {
        TypeInfo ti = {
            .name = ixgq_devices[i].name,
            .parent = TYPE_E1KLAB_82598,
            .class_init = ixgq_class_init,
            .class_data = (void *)&ixgq_devices[i],
        };
        type_register(&ti);
    }
}

type_init(ixgq_register_types)
