/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The pace of a traffic section (scenario_ld.h), as tcpreplay's options
 * select it: each pacing key names one pace -- `pps` (--pps), `mbps`
 * (--mbps), `multiplier` (--multiplier: the captured timing), `topspeed`
 * (--topspeed) -- and `pace` names it outright.  The keys given by --set,
 * if any, choose the pace; otherwise the file's keys do.  Two keys of the
 * same layer that name different paces are an error naming both (a key
 * with no effect in the pace is never silently ignored); a file key that
 * names another pace than the one --set chose is overridden (dropped).
 * With no pacing key the pace is `captured` for a capture, `topspeed`
 * for pktgen.  docs/scenarios.md, "Traffic".
 */
#include <glib.h>

#include "scenario/scenario_ld.h"

/* The pacing keys; the pace each names (-1: the value of `pace`). */
static const struct {
    const char *key;
    int pace;
} pace_keys[] = {
    {"pace", -1},
    {"pps", TB_PACE_PPS},
    {"mbps", TB_PACE_MBPS},
    {"multiplier", TB_PACE_CAPTURED},
    {"topspeed", TB_PACE_TOPSPEED},
};

#define NKEYS G_N_ELEMENTS(pace_keys)

/* The pace key @i names, given the parsed `pace` value @named. */
static int key_pace(guint i, int named)
{
    return pace_keys[i].pace < 0 ? named : pace_keys[i].pace;
}

static const char *pace_name(int p)
{
    return tb_key_find(TB_SEC_TRAFFIC, "pace")->names[p];
}

/* The pacing keys of layer @set (1: --set, 0: the file) in @g: the pace
 * they name into *@pace, the first key naming it into *@by (*@by NULL:
 * none given).  0, or -1 when two of them name different paces. */
static int layer_pace(TbLd *ld, const char *g, int set, int named,
                      int *pace, const char **by)
{
    *by = NULL;
    for (guint i = 0; i < NKEYS; i++) {
        const char *k = pace_keys[i].key;
        int p = key_pace(i, named);

        if (!tb_ld_has(ld, g, k) || tb_ld_from_set(ld, g, k) != set) {
            continue;
        }
        if (!*by) {
            *pace = p;
            *by = k;
        } else if (p != *pace) {
            return tb_ld_fail(ld, g, k, "conflicts with %s: two paces "
                              "(%s and %s); give one", *by,
                              pace_name(*pace), pace_name(p));
        }
    }
    return 0;
}

/* Drop the file's pacing keys that name another pace than @pace. */
static void drop_overridden(TbLd *ld, const char *g, int named, int pace)
{
    for (guint i = 0; i < NKEYS; i++) {
        const char *k = pace_keys[i].key;

        if (tb_ld_has(ld, g, k) && !tb_ld_from_set(ld, g, k) &&
            key_pace(i, named) != pace) {
            tb_ld_drop(ld, g, k);
        }
    }
}

int tb_ld_traffic_pace(TbLd *ld, const char *g, TbTrafficCfg *t)
{
    int named = -1, pace = -1;
    const char *by = NULL;

    if (tb_ld_has(ld, g, "pace")) {
        if (tb_ld_keys(ld, g, TB_SEC_TRAFFIC, t, "pace", "pace") < 0) {
            return -1;
        }
        named = (int)t->pace;
    }
    if (layer_pace(ld, g, 1, named, &pace, &by) < 0 ||
        (!by && layer_pace(ld, g, 0, named, &pace, &by) < 0)) {
        return -1;
    }
    if (!by) {
        pace = t->kind == TB_TRAFFIC_PCAP ? TB_PACE_CAPTURED
                                          : TB_PACE_TOPSPEED;
    } else if (pace == TB_PACE_CAPTURED && t->kind != TB_TRAFFIC_PCAP) {
        return tb_ld_fail(ld, g, by, "pace 'captured' needs kind = pcap");
    }
    drop_overridden(ld, g, named, pace);
    t->pace = (TbPace)pace;
    return 0;
}
