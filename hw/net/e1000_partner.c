/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The link partner's description: "auto", "auto:MODES", "forced:MODE"
 * (e1000.h e1k_partner_parse) to and from E1kConfig.partner_modes /
 * partner_autoneg.  One syntax for the QEMU property `link-partner` and
 * the testbench's `[nic] partner` key.  Mode names are the speeds in Mb/s
 * and the duplex of [IEEE-802.3] clause 28's technology abilities.
 */
#include <stdio.h>
#include <string.h>

#include "e1000.h"

/** Mode names, fastest first (the Annex 28B.3 priority order). */
static const struct {
    const char *name;
    uint32_t bit;
} partner_mode_names[] = {
    { "1000full", E1K_LP_1000FD }, { "1000half", E1K_LP_1000HD },
    { "100full", E1K_LP_100FD },   { "100half", E1K_LP_100HD },
    { "10full", E1K_LP_10FD },     { "10half", E1K_LP_10HD },
};
#define N_MODE_NAMES (sizeof(partner_mode_names) / sizeof(partner_mode_names[0]))

/** The E1K_LP_* bit named by the @len bytes at @p, 0 if none. */
static uint32_t mode_bit(const char *p, size_t len)
{
    for (size_t i = 0; i < N_MODE_NAMES; i++) {
        if (strlen(partner_mode_names[i].name) == len &&
            memcmp(partner_mode_names[i].name, p, len) == 0) {
            return partner_mode_names[i].bit;
        }
    }
    return 0;
}

/** Modes joined by '+' in @p; 0 on any bad, empty or repeated name. */
static uint32_t parse_modes(const char *p)
{
    uint32_t modes = 0;

    for (;;) {
        const char *end = strchr(p, '+');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        uint32_t bit = mode_bit(p, len);

        if (!bit || (modes & bit)) {
            return 0;
        }
        modes |= bit;
        if (!end) {
            return modes;
        }
        p = end + 1;
    }
}

int e1k_partner_parse(const char *spec, E1kConfig *cfg)
{
    uint32_t modes;

    if (!spec || !cfg) {
        return -1;
    }
    if (strcmp(spec, "auto") == 0) {
        cfg->partner_modes = E1K_LP_ALL;
        cfg->partner_autoneg = 1;
        return 0;
    }
    if (strncmp(spec, "auto:", 5) == 0 && (modes = parse_modes(spec + 5))) {
        cfg->partner_modes = modes;
        cfg->partner_autoneg = 1;
        return 0;
    }
    if (strncmp(spec, "forced:", 7) == 0 &&
        (modes = parse_modes(spec + 7)) && !(modes & (modes - 1))) {
        cfg->partner_modes = modes;
        cfg->partner_autoneg = 0;
        return 0;
    }
    return -1;
}

int e1k_partner_format(const E1kConfig *cfg, char *buf, size_t len)
{
    char modes[64] = "";
    size_t n = 0;

    if (cfg->partner_autoneg && cfg->partner_modes == E1K_LP_ALL) {
        return snprintf(buf, len, "auto");
    }
    for (size_t i = 0; i < N_MODE_NAMES; i++) {
        if (cfg->partner_modes & partner_mode_names[i].bit) {
            n += (size_t)snprintf(modes + n, sizeof(modes) - n, "%s%s",
                                  n ? "+" : "", partner_mode_names[i].name);
        }
    }
    return snprintf(buf, len, "%s:%s",
                    cfg->partner_autoneg ? "auto" : "forced", modes);
}
