/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab-82540em / e1klab-82545em: a QEMU PCI device embedding the e1klab
 * device model (hw/net/e1000.h).  This file holds what is the e1000's:
 * BAR0/BAR1, the power management capability, the link partner and bus
 * properties, the PCI IDs; the port, the replay, the capture and stats
 * files, the netdev and the VM state's model blob are the glue every
 * e1klab device shares (e1klab_glue.h).  No register or timing logic
 * lives here.
 */
#include "qemu/osdep.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/pci/pci.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "qom/object.h"

#include "e1000.h"
#include "e1000_regs.h"
#include "e1klab_glue.h"

#define TYPE_E1KLAB_BASE "e1klab-base"
OBJECT_DECLARE_SIMPLE_TYPE(E1klabState, E1KLAB_BASE)

/** Per-type data: chip, PCI IDs (Linux e1000_hw.h), the bus-timing used
 *  when the property is not given: the chip's own bus (SDM: the
 *  82540EM is a 32-bit PCI part, the 82545EM a 64-bit PCI/PCI-X one). */
typedef struct E1klabInfo {
    const char *name;
    E1kChip chip;
    uint16_t device_id;
    uint16_t subsys_vendor;
    uint16_t subsys_id;
    const char *default_bus;
} E1klabInfo;

struct E1klabState {
    PCIDevice parent_obj;

    MemoryRegion mmio;       /* BAR0, E1K_MMIO_SIZE bytes */
    MemoryRegion io;         /* BAR1, E1K_IO_SIZE bytes: IOADDR/IODATA */
    E1kDev *dev;
    E1klabGlue g;            /* port, replay, files, netdev (shared) */

    /* properties of the e1000 parts */
    char *bus_timing;        /* "pci32-33" | "pci64-66" | "pcix133" */
    char *link_partner;      /* e1k_partner_parse syntax (default "auto") */
};

static const E1klabInfo *object_class_get_class_data_e1klab(PCIDevice *pd);

/* ------------------------------------------------------------ model */

static void e1klab_op_run_until(void *dev, uint64_t now_ns)
{
    e1k_run_until(dev, now_ns);
}

static uint64_t e1klab_op_next_deadline(const void *dev)
{
    return e1k_next_deadline(dev);
}

static void e1klab_op_receive(void *dev, const uint8_t *frame, uint32_t len)
{
    e1k_receive(dev, frame, len);
}

static void e1klab_op_set_link(void *dev, int up)
{
    e1k_set_link(dev, up);
}

static bool e1klab_op_rx_enabled(const void *dev)
{
    return (e1k_peek_reg(dev, E1K_RCTL) & E1K_RCTL_EN) != 0;
}

static void e1klab_op_write_totals(E1klabGlue *g, FILE *f)
{
    E1kTotals t;

    e1k_totals(g->dev, &t);
#define P(name) fprintf(f, "model." #name "=%" PRIu64 "\n", (uint64_t)t.name);
    E1K_TOTALS_FIELDS(P)
#undef P
}

static size_t e1klab_op_save_size(const void *dev)
{
    return e1k_save_size(dev);
}

static size_t e1klab_op_save(const void *dev, uint8_t *buf, size_t len)
{
    return e1k_save(dev, buf, len);
}

static int e1klab_op_restore(void *dev, const uint8_t *buf, size_t len)
{
    return e1k_restore(dev, buf, len);
}

static int e1klab_op_trace_is_error(unsigned ev)
{
    return e1k_trace_is_error((E1kTraceEvent)ev);
}

static int e1klab_op_trace_format(unsigned ev, uint64_t a, uint64_t b,
                                  char *buf, size_t len)
{
    return e1k_trace_format((E1kTraceEvent)ev, a, b, buf, len);
}

static const E1klabModelOps e1klab_model_ops = {
    .run_until = e1klab_op_run_until,
    .next_deadline = e1klab_op_next_deadline,
    .receive = e1klab_op_receive,
    .set_link = e1klab_op_set_link,
    .rx_enabled = e1klab_op_rx_enabled,
    .write_totals = e1klab_op_write_totals,
    .save_size = e1klab_op_save_size,
    .save = e1klab_op_save,
    .restore = e1klab_op_restore,
    .trace_is_error = e1klab_op_trace_is_error,
    .trace_format = e1klab_op_trace_format,
};

/* ------------------------------------------------------------ BARs */

E1KLAB_GLUE_BAR(e1klab_mmio, E1klabState, e1k_mmio_read, e1k_mmio_write, 8)
E1KLAB_GLUE_BAR(e1klab_io, E1klabState, e1k_io_read, e1k_io_write, 4)

/* ------------------------------------------------------------ realize */

/* BAR0 (memory, E1K_MMIO_SIZE) and BAR1 (I/O, IOADDR/IODATA). */
static void e1klab_init_bars(E1klabState *s, PCIDevice *pd)
{
    memory_region_init_io(&s->mmio, OBJECT(s), &e1klab_mmio_ops, s,
                          "e1klab-mmio", E1K_MMIO_SIZE);
    memory_region_init_io(&s->io, OBJECT(s), &e1klab_io_ops, s,
                          "e1klab-io", E1K_IO_SIZE);
    pci_register_bar(pd, 0, PCI_BASE_ADDRESS_SPACE_MEMORY, &s->mmio);
    pci_register_bar(pd, 1, PCI_BASE_ADDRESS_SPACE_IO, &s->io);
}

/* The link partner (link-partner, link-mbps) into @cfg; link-mbps 0
 * becomes the speed of the partner's fastest mode (1000 for "auto").
 * false with *errp set. */
static bool e1klab_link_config(E1klabState *s, E1kConfig *cfg, Error **errp)
{
    uint32_t m, at;

    if (s->link_partner &&
        e1k_partner_parse(s->link_partner, cfg) < 0) {
        error_setg(errp, "e1klab: link-partner '%s' is not auto, "
                   "auto:MODES or forced:MODE (modes 10half, 10full, "
                   "100half, 100full, 1000half, 1000full; MODES joined by +)",
                   s->link_partner);
        return false;
    }
    m = cfg->partner_modes;
    if (s->g.link_mbps == 0) {
        s->g.link_mbps = (m & (E1K_LP_1000HD | E1K_LP_1000FD)) ? 1000
                       : (m & (E1K_LP_100HD | E1K_LP_100FD)) ? 100 : 10;
    }
    if (s->g.link_mbps != 10 && s->g.link_mbps != 100 && s->g.link_mbps != 1000) {
        error_setg(errp, "e1klab: link-mbps must be 10, 100 or 1000 "
                   "(got %u)", s->g.link_mbps);
        return false;
    }
    cfg->link_mbps = s->g.link_mbps;
    at = s->g.link_mbps == 1000 ? E1K_LP_1000HD | E1K_LP_1000FD
         : s->g.link_mbps == 100 ? E1K_LP_100HD | E1K_LP_100FD
                               : E1K_LP_10HD | E1K_LP_10FD;
    if (!(e1k_partner_modes(cfg) & at)) {
        error_setg(errp, "e1klab: link-partner '%s' has no mode at "
                   "link-mbps %u (the partner's top speed)",
                   s->link_partner, s->g.link_mbps);
        return false;
    }
    return true;
}

/* The PCI power management capability at 0xDC (SDM 4.1, PCI Power
 * Management 1.1): PME from D0, D3hot and D3cold, device specific
 * initialisation; PMCSR's state, PME_En and data select writable,
 * PME_Status write-1-to-clear.  Linux's device_can_wakeup() needs it for
 * Wake on LAN (e1000_set_wol). */
#define E1KLAB_PM_CAP 0xDC
#define E1KLAB_PMC 0xC822u

static void e1klab_realize(PCIDevice *pd, Error **errp)
{
    E1klabState *s = E1KLAB_BASE(pd);
    const E1klabInfo *info = object_class_get_class_data_e1klab(pd);
    E1kConfig cfg;
    E1kPort port;

    pd->config[PCI_CACHE_LINE_SIZE] = 0x10;
    pd->config[PCI_INTERRUPT_PIN] = 1;          /* INTA# */

    qemu_macaddr_default_if_unset(&s->g.conf.macaddr);
    e1k_config_default(&cfg);
    cfg.chip = info->chip;
    memcpy(cfg.mac, s->g.conf.macaddr.a, 6);
    if (!e1klab_link_config(s, &cfg, errp) ||
        !e1klab_glue_add_pm(pd, E1KLAB_PM_CAP, E1KLAB_PMC, errp)) {
        return;
    }
    if (e1k_bus_parse(s->bus_timing ? s->bus_timing : info->default_bus,
                      &cfg.bus) < 0) {
        error_setg(errp, "e1klab: bus-timing '%s' is not one of pci32-33, "
                   "pci64-66, pcix133", s->bus_timing);
        return;
    }
    if (!e1klab_glue_prepare(&s->g, pd, &e1klab_model_ops, cfg.mac, errp)) {
        return;
    }
    e1klab_glue_port(&s->g, &port);
    s->dev = e1k_new(&cfg, &port);
    if (!s->dev) {
        error_setg(errp, "e1klab: model rejected the configuration");
        e1klab_glue_abandon(&s->g);
        return;
    }
    e1klab_glue_start(&s->g, s->dev, E1K_MMIO_SIZE);
    e1klab_init_bars(s, pd);
}

static void e1klab_exit(PCIDevice *pd)
{
    E1klabState *s = E1KLAB_BASE(pd);

    e1klab_glue_exit(&s->g);
    e1k_free(s->dev);
    s->dev = NULL;
    s->g.dev = NULL;
}

static void e1klab_qdev_reset(DeviceState *d)
{
    E1klabState *s = E1KLAB_BASE(d);

    e1k_reset(s->dev);
}

/* ------------------------------------------------------------ VM state */

static int e1klab_pre_save(void *opaque)
{
    return e1klab_glue_pre_save(&((E1klabState *)opaque)->g);
}

static int e1klab_post_save(void *opaque)
{
    return e1klab_glue_post_save(&((E1klabState *)opaque)->g);
}

static int e1klab_pre_load(void *opaque)
{
    return e1klab_glue_pre_load(&((E1klabState *)opaque)->g);
}

static int e1klab_post_load(void *opaque, int version_id)
{
    return e1klab_glue_post_load(&((E1klabState *)opaque)->g);
}

static const VMStateDescription e1klab_vmstate = {
    .name = "e1klab",
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = e1klab_pre_save,
    .post_save = e1klab_post_save,
    .pre_load = e1klab_pre_load,
    .post_load = e1klab_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, E1klabState),
        E1KLAB_GLUE_VMSTATE_FIELDS(E1klabState, g),
        VMSTATE_END_OF_LIST()
    },
};

/* ------------------------------------------------------------ types */

static Property e1klab_properties[] = {
    E1KLAB_GLUE_PROPERTIES(E1klabState, g),
    DEFINE_PROP_STRING("bus-timing", E1klabState, bus_timing),
    DEFINE_PROP_UINT32("link-mbps", E1klabState, g.link_mbps, 0),
    DEFINE_PROP_STRING("link-partner", E1klabState, link_partner),
    DEFINE_PROP_END_OF_LIST(),
};

static void e1klab_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);
    const E1klabInfo *info = data;

    k->realize = e1klab_realize;
    k->exit = e1klab_exit;
    k->romfile = NULL;
    k->vendor_id = E1K_PCI_VENDOR_INTEL;
    k->device_id = info->device_id;
    k->subsystem_vendor_id = info->subsys_vendor;
    k->subsystem_id = info->subsys_id;
    k->revision = 3;
    k->class_id = PCI_CLASS_NETWORK_ETHERNET;
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
    dc->desc = info->chip == E1K_CHIP_82540EM
        ? "e1klab model of the Intel 82540EM (PRO/1000 MT Desktop)"
        : "e1klab model of the Intel 82545EM (PRO/1000 MT Server)";
    dc->reset = e1klab_qdev_reset;
    dc->vmsd = &e1klab_vmstate;
    device_class_set_props(dc, e1klab_properties);
}

static const E1klabInfo e1klab_devices[] = {
    { "e1klab-82540em", E1K_CHIP_82540EM, E1K_PCI_DEVICE_82540EM,
      0x8086, 0x001E, "pci32-33" },
    { "e1klab-82545em", E1K_CHIP_82545EM, E1K_PCI_DEVICE_82545EM,
      0x8086, 0x1001, "pci64-66" },
};

static const E1klabInfo *object_class_get_class_data_e1klab(PCIDevice *pd)
{
    const char *name = object_get_typename(OBJECT(pd));

    for (size_t i = 0; i < ARRAY_SIZE(e1klab_devices); i++) {
        if (!strcmp(name, e1klab_devices[i].name)) {
            return &e1klab_devices[i];
        }
    }
    return &e1klab_devices[0];
}

static const TypeInfo e1klab_base_info = {
    .name = TYPE_E1KLAB_BASE,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(E1klabState),
    .abstract = true,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void e1klab_register_types(void)
{
    type_register_static(&e1klab_base_info);
    for (size_t i = 0; i < ARRAY_SIZE(e1klab_devices); i++) {
        TypeInfo ti = {
            .name = e1klab_devices[i].name,
            .parent = TYPE_E1KLAB_BASE,
            .class_init = e1klab_class_init,
            .class_data = (void *)&e1klab_devices[i],
        };
        type_register(&ti);
    }
}

type_init(e1klab_register_types)
