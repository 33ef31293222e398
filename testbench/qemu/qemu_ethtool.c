/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The guest's "@@ ethtool NAME" sections: `ethtool -S NAME` output (a
 * "NIC statistics:" header, then "     name: value" lines) and the
 * driver counters the report takes from them (docs/full-system.md,
 * "Report fields with --backend qemu"; docs/report-schema.md
 * `interfaces[].driver`).  Pure text processing.
 */
#include <string.h>

#include "qemu/qemu_guest.h"

int tb_guest_ethtool(GPtrArray *lines, const char *name, uint64_t *v)
{
    size_t nl = strlen(name);

    for (guint i = 0; lines && i < lines->len; i++) {
        const char *l = g_ptr_array_index(lines, i);
        char *e;
        while (*l == ' ' || *l == '\t') {
            l++;
        }
        if (strncmp(l, name, nl) || l[nl] != ':') {
            continue;
        }
        l += nl + 1;
        while (*l == ' ' || *l == '\t') {
            l++;
        }
        if (*l < '0' || *l > '9') {
            return -1;
        }
        *v = g_ascii_strtoull(l, &e, 10);
        return *e && *e != ' ' ? -1 : 0;
    }
    return -1;
}

/* ethtool -S name -> struct e1k_drv_counters field: e1klab.ko's own
 * names, and Intel e1000's alloc_rx_buff_failed (the stock driver's
 * counter of the same event) */
#define TB_ETHTOOL_DRV_FIELDS(X)                                          \
    X("interrupts", interrupts)                                           \
    X("interrupts_none", interrupts_none)                                 \
    X("napi_polls", polls)                                                \
    X("napi_polls_complete", polls_complete)                              \
    X("napi_polls_budget", polls_budget)                                  \
    X("rx_cleaned", rx_cleaned)                                           \
    X("tx_cleaned", tx_cleaned)                                           \
    X("alloc_rx_buff_failed", rx_alloc_failed)                            \
    X("tx_busy", tx_busy)                                                 \
    X("resets", resets)                                                   \
    X("itr_changes", itr_changes)

void tb_guest_drv_counters(GPtrArray *lines, struct e1k_drv_counters *c)
{
    uint64_t v = 0;

    memset(c, 0, sizeof(*c));
#define X(name, field) tb_guest_ethtool(lines, name, &c->field);
    TB_ETHTOOL_DRV_FIELDS(X)
#undef X
    if (tb_guest_ethtool(lines, "itr_current", &v) == 0) {
        c->itr_current = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
    }
}

void tb_guest_ethtool_stats(GPtrArray *lines, uint64_t *v)
{
    for (unsigned int i = 0; i < E1K_ETHTOOL_STATS; i++) {
        v[i] = 0;
        tb_guest_ethtool(lines, e1k_drv_ethtool_name(i), &v[i]);
    }
}
