/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The rules of a `[nic.NAME]` with `chip = 82598EB` (scenario_ld.h): the
 * 10 Gb/s link, the driver keys the 82598EB core takes (checked by
 * ixg_drv_params_check), the e1000-only keys refused, the MSI-X vectors'
 * IRQ affinity; and, for every other chip, the 82598EB-only keys refused.
 * docs/scenarios.md (generated) documents the keys, docs/driver.md the
 * core.
 */
#include <glib.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ixgbe_drv.h"
#include "nic_bus.h"
#include "scenario/scenario_ld.h"

/* Keys of [nic.NAME] (and [driver] keys given there) that only one of
 * the two driver cores has. */
static const char *const only_82598[] = {"queues", "lro", "rss_udp",
                                         "irq_affinity", NULL};
static const char *const only_e1000[] = {"partner", "bus", "RxIntDelay",
    "RxAbsIntDelay", "TxIntDelay", "TxAbsIntDelay", "copybreak",
    "FlowControl", NULL};

void tb_nic_ixg_params(const TbNicCfg *n, struct ixg_drv_params *p)
{
    ixg_drv_params_default(p);
    p->mode = n->drv.mode;
    p->queues = n->queues;
    p->RxDescriptors = n->drv.RxDescriptors;
    p->TxDescriptors = n->drv.TxDescriptors;
    p->InterruptThrottleRate = n->drv.InterruptThrottleRate;
    p->XsumRX = n->drv.XsumRX;
    p->XsumTX = n->drv.XsumTX;
    p->TSO = n->drv.TSO;
    p->LRO = n->lro;
    p->udp_rss = n->rss_udp;
    p->weight = n->drv.weight;
    p->napi_per_device = n->napi_per_device;
}

/* True if the driver key @key is given for NIC group @g ([driver],
 * [nic.NAME] or --set). */
static bool drv_key_given(TbLd *ld, const char *g, const char *key)
{
    return tb_ld_has(ld, "driver", key) || tb_ld_has(ld, g, key);
}

/* [host] kernel 2.6.x: what that kernel does with an 82598EB unless the
 * scenario says otherwise (docs/tcp.md, "The kernel setting"): TSO and
 * the checksum offload it needs on (NETIF_F_TSO, the 2.6 ixgbe's
 * default), and with 2.6.22 one NAPI poll per device. */
static void kernel_defaults(TbLd *ld, const char *g, TbNicCfg *n)
{
    int kernel = ld->sc->host.kernel;
    if (kernel == TB_KERNEL_2_4) {
        return;
    }
    if (!drv_key_given(ld, g, "TSO")) {
        n->drv.TSO = 1;
        if (!drv_key_given(ld, g, "XsumTX")) {
            n->drv.XsumTX = 1;
        }
    }
    n->napi_per_device = kernel == TB_KERNEL_2_6_22;
}

static int refuse(TbLd *ld, const char *g, const char *const *keys,
                  const char *why)
{
    for (const char *const *k = keys; *k; k++) {
        if (tb_ld_has(ld, g, *k)) {
            return tb_ld_fail(ld, g, *k, "%s", why);
        }
    }
    return 0;
}

int tb_ld_nic_not_82598(TbLd *ld, const char *g)
{
    return refuse(ld, g, only_82598, "only for chip = 82598EB");
}

int tb_ld_driver_e1000_used(TbLd *ld, uint32_t nnics, bool any_e1000)
{
    if (nnics == 0 || any_e1000) {
        return 0;
    }
    return refuse(ld, "driver", only_e1000, "a setting of the e1000 driver "
                  "core only, and every NIC is an 82598EB");
}

/* irq_affinity: CPUs 0..cpus-1 joined by ',' (default every CPU). */
static int affinity(TbLd *ld, const char *g, TbNicCfg *n)
{
    uint32_t cpus = ld->sc->host.cpus;
    if (!tb_ld_has(ld, g, "irq_affinity") && n->cpu_plus1) {
        n->nirq_cpus = 1;                /* every vector on `cpu` */
        n->irq_cpus[0] = (uint8_t)(n->cpu_plus1 - 1);
        return 0;
    }
    if (!tb_ld_has(ld, g, "irq_affinity")) {
        for (n->nirq_cpus = 0; n->nirq_cpus < cpus &&
             n->nirq_cpus < TB_MAX_NIC_VECS; n->nirq_cpus++) {
            n->irq_cpus[n->nirq_cpus] = (uint8_t)n->nirq_cpus;
        }
        return 0;
    }
    if (n->cpu_plus1) {
        return tb_ld_fail(ld, g, "irq_affinity", "excludes cpu");
    }
    gchar **v = g_strsplit(n->irq_affinity, ",", -1);
    int r = 0;
    n->nirq_cpus = 0;
    for (gchar **p = v; *p && r == 0; p++) {
        char *end;
        unsigned long c = strtoul(g_strstrip(*p), &end, 10);
        if (!**p || *end || c >= cpus || n->nirq_cpus >= TB_MAX_NIC_VECS) {
            r = tb_ld_fail(ld, g, "irq_affinity", "'%s' is not a list of "
                           "at most %u CPUs 0..%u", n->irq_affinity,
                           TB_MAX_NIC_VECS, cpus - 1);
        } else {
            n->irq_cpus[n->nirq_cpus++] = (uint8_t)c;
        }
    }
    g_strfreev(v);
    if (r == 0 && n->nirq_cpus == 0) {
        r = tb_ld_fail(ld, g, "irq_affinity", "no CPU given");
    }
    return r;
}

int tb_ld_nic_82598(TbLd *ld, const char *g, TbNicCfg *n)
{
    struct ixg_drv_params p;
    const char *msg;

    if (refuse(ld, g, only_e1000, "not a setting of the 82598EB (its "
               "driver core and PCIe bus: docs/driver.md)") < 0 ||
        tb_ld_keys(ld, g, TB_SEC_DRIVER, &n->drv, NULL, NULL) < 0) {
        return -1;
    }
    kernel_defaults(ld, g, n);
    nic_bus_preset(NIC_BUS_PCIE1_X8, &n->bus);   /* the part's x8 link */
    g_strlcpy(n->bus_name, nic_bus_preset_name(NIC_BUS_PCIE1_X8),
              sizeof(n->bus_name));
    if (!tb_ld_has(ld, g, "link_mbps")) {
        n->link_mbps = 10000;
    } else if (n->link_mbps != 10000) {
        return tb_ld_fail(ld, g, "link_mbps", "%u: the 82598EB links at "
                          "10000", n->link_mbps);
    }
    if (n->mtu > IXG_MTU_MAX) {
        return tb_ld_fail(ld, g, "mtu", "%u: the 82598EB's largest is %u",
                          n->mtu, IXG_MTU_MAX);
    }
    if (n->lro && (n->drv.mode == E1K_MODE_LEGACY || !n->drv.XsumRX)) {
        return tb_ld_fail(ld, g, "lro", "needs a NAPI mode and XsumRX 1");
    }
    tb_nic_ixg_params(n, &p);
    msg = ixg_drv_params_check(&p);
    if (msg) {
        const char *colon = strstr(msg, ": ");
        char *key = colon ? g_strndup(msg, (gsize)(colon - msg)) : NULL;
        int r = tb_ld_fail(ld, g, key && tb_ld_has(ld, g, key) ? key : NULL,
                           "82598EB driver: %s", msg);
        g_free(key);
        return r;
    }
    return affinity(ld, g, n);
}
