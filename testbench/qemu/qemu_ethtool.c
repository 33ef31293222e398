/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The guest's "@@ ethtool NAME" sections: `ethtool -S NAME` output (a
 * "NIC statistics:" header, then "     name: value" lines) read under
 * the driver core's names (docs/full-system.md,
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

void tb_guest_ethtool_stats(GPtrArray *lines, uint64_t *v)
{
    for (unsigned int i = 0; i < E1K_ETHTOOL_STATS; i++) {
        v[i] = 0;
        tb_guest_ethtool(lines, e1k_drv_ethtool_name(i), &v[i]);
    }
}
