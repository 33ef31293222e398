/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * [guest]: the driver the full-system guest loads (docs/full-system.md,
 * "The guest's driver") and its vCPUs ("Several vCPUs": [guest] cpus,
 * the host's unless given; each NIC's `cpu` must be one of them).
 * `e1klab` (the default) is e1klab.ko, the same driver core the
 * testbench runs, so a scenario means the same driver on
 * both backends.  `stock` is Linux 6.1's own e1000 (drivers/net/ethernet/
 * intel/e1000): NAPI only, NAPI weight 64, one copybreak for all ports,
 * dynamic ITR whenever InterruptThrottleRate is 1, 3 or 4 -- a scenario
 * that asks it for something else is refused here, at the key that asks.
 */
#include <stdarg.h>
#include <string.h>

#include <glib.h>

#include "scenario/scenario_ld.h"
#include "scenario/scenario_load.h"

/* Linux e1000's netif_napi_add weight (NAPI_POLL_WEIGHT), no parameter */
#define STOCK_WEIGHT 64u

int tb_ld_guest(TbLd *ld)
{
    const char *g = "guest";
    TbGuestCfg *gc = &ld->sc->guest;
    char *w;

    if (!tb_ld_has_group(ld, g)) {
        return 0;
    }
    if (tb_ld_check_keys(ld, g, TB_SEC_GUEST, -1) < 0 ||
        tb_ld_keys(ld, g, TB_SEC_GUEST, gc, NULL, NULL) < 0) {
        return -1;
    }
    if (tb_ld_has(ld, g, "driver")) {
        w = tb_ld_where(ld, g, "driver");
        g_strlcpy(gc->driver_at, w, sizeof(gc->driver_at));
        g_free(w);
    }
    if (tb_ld_has(ld, g, "cpus")) {
        w = tb_ld_where(ld, g, "cpus");
        g_strlcpy(gc->cpus_at, w, sizeof(gc->cpus_at));
        g_free(w);
    }
    return 0;
}

uint32_t tb_guest_cpus(const TbScenario *sc)
{
    uint32_t n = sc->guest.cpus ? sc->guest.cpus : sc->host.cpus;

    return n ? n : 1;
}

uint32_t tb_guest_nic_cpu(const TbScenario *sc, uint32_t i)
{
    const TbNicCfg *n = &sc->nic[i];

    return n->cpu_plus1 ? n->cpu_plus1 - 1 : i % tb_guest_cpus(sc);
}

/* A NIC's `cpu` (given; the default is always one) must be a CPU of the
 * guest when [guest] cpus has fewer than the host.  0 or -1. */
static int guest_nic_cpus(TbLd *ld)
{
    const TbScenario *sc = ld->sc;
    uint32_t cpus = tb_guest_cpus(sc);

    for (uint32_t i = 0; i < sc->nnics; i++) {
        const TbNicCfg *n = &sc->nic[i];
        char *g;
        int r;

        if (n->cpu_plus1 <= cpus) {
            continue;
        }
        g = g_strconcat("nic.", n->name, NULL);
        r = tb_ld_fail(ld, g, "cpu", "%u is not a CPU of the guest "
                       "([guest] cpus = %u: 0..%u)", n->cpu_plus1 - 1,
                       cpus, cpus - 1);
        g_free(g);
        return r;
    }
    return 0;
}

/* Refuse driver key @key of [nic.@nic] for the stock driver: at the key
 * in [nic.NAME] if given there, else in [driver], else at [guest]
 * driver (a default the stock driver cannot honour).  Returns -1. */
G_GNUC_PRINTF(4, 5)
static int stock_fail(TbLd *ld, const char *nic, const char *key,
                      const char *fmt, ...)
{
    char *g = g_strconcat("nic.", nic, NULL);
    char *msg, *what;
    va_list ap;
    int r;

    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    what = g_strdup_printf("Linux's e1000 ([guest] driver = stock) %s", msg);
    if (tb_ld_has(ld, g, key)) {
        r = tb_ld_fail(ld, g, key, "%s", what);
    } else if (tb_ld_has(ld, "driver", key)) {
        r = tb_ld_fail(ld, "driver", key, "%s", what);
    } else {
        r = tb_ld_fail(ld, "guest", "driver", "[%s] %s (default): %s", g,
                       key, what);
    }
    g_free(what);
    g_free(msg);
    g_free(g);
    return r;
}

/* NIC @i under the stock driver: 0 or -1 with ld->err. */
static int stock_nic(TbLd *ld, uint32_t i)
{
    const TbNicCfg *n = &ld->sc->nic[i];
    const struct e1k_drv_params *p = &n->drv;
    uint32_t itr = p->InterruptThrottleRate;
    char *g = g_strconcat("nic.", n->name, NULL);
    int itr_given = tb_ld_has(ld, g, "InterruptThrottleRate") ||
                    tb_ld_has(ld, "driver", "InterruptThrottleRate");

    g_free(g);

    if (p->mode == E1K_MODE_LEGACY || p->mode == E1K_MODE_NAPI_TWIST) {
        return stock_fail(ld, n->name, "mode", "is NAPI only (napi, or "
                          "napi-dynitr for InterruptThrottleRate 1, 3, 4), "
                          "not %s: use driver = e1klab",
                          e1k_drv_mode_name(p->mode));
    }
    if (p->mode == E1K_MODE_NAPI && (itr == 1 || itr == 3 || itr == 4)) {
        return stock_fail(ld, n->name,
                          itr_given ? "InterruptThrottleRate" : "mode",
                          "adapts the interrupt rate with "
                          "InterruptThrottleRate %u (mode napi-dynitr); "
                          "napi keeps it fixed: set mode = napi-dynitr or a "
                          "fixed InterruptThrottleRate", itr);
    }
    if (p->weight != STOCK_WEIGHT) {
        return stock_fail(ld, n->name, "weight", "has NAPI weight %u (no "
                          "parameter), not %u", STOCK_WEIGHT, p->weight);
    }
    if (p->copybreak != ld->sc->nic[0].drv.copybreak) {
        return stock_fail(ld, n->name, "copybreak", "takes one copybreak "
                          "for all ports (%u on [nic.%s], %u here)",
                          ld->sc->nic[0].drv.copybreak, ld->sc->nic[0].name,
                          p->copybreak);
    }
    return 0;
}

int tb_ld_guest_rules(TbLd *ld)
{
    if (guest_nic_cpus(ld) < 0) {
        return -1;
    }
    if (ld->sc->guest.driver != TB_GUEST_STOCK) {
        return 0;
    }
    for (uint32_t i = 0; i < ld->sc->nnics; i++) {
        if (stock_nic(ld, i) < 0) {
            return -1;
        }
    }
    return 0;
}

int tb_scenario_testbench_check(const TbScenario *sc, char **err)
{
    if (sc->guest.driver == TB_GUEST_STOCK) {
        *err = g_strdup_printf("%s[guest] driver: 'stock' (Linux's own "
                               "e1000) runs only in the guest (--backend "
                               "qemu); the testbench runs e1klab's driver "
                               "core", sc->guest.driver_at);
        return -1;
    }
    if (sc->guest.cpus && sc->guest.cpus != sc->host.cpus) {
        *err = g_strdup_printf("%s[guest] cpus: %u vCPUs run only in the "
                               "guest (--backend qemu); the testbench runs "
                               "[host] cpus = %u", sc->guest.cpus_at,
                               sc->guest.cpus, sc->host.cpus);
        return -1;
    }
    return 0;
}
