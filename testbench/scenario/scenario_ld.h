/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Loader internals shared by scenario_load.c (file text, --set, the key
 * loop) and scenario_sections.c (one function per section kind with the
 * rules that span keys).  Not a public interface.
 */
#ifndef TB_SCENARIO_LD_H
#define TB_SCENARIO_LD_H

#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

#include "scenario/scenario_keys.h"

/** Loader state of one tb_topology_load_data() call. */
typedef struct TbLd {
    const char *file;      /**< name used in messages */
    char *dir;             /**< for relative paths in the file, or NULL */
    GKeyFile *kf;
    GHashTable *line;      /**< "group\037key" or "group" -> line (int) */
    GHashTable *setarg;    /**< "group\037key" or "group" -> --set arg */
    char *err;             /**< first error */
    TbScenario *sc;
    const char *host;      /**< the host whose view is loaded from a
                                file with [host.NAME] sections, or NULL
                                (topology_load.c) */
    GHashTable *gmap;      /**< view group -> its group in the file (for
                                messages and lines), or NULL */
} TbLd;

/** Set up @ld for file @name (directory @dir or NULL) filling @sc (not
 *  touched here); tb_ld_clear() frees what it holds. */
void tb_ld_init(TbLd *ld, const char *name, const char *dir, TbScenario *sc);
void tb_ld_clear(TbLd *ld);

/** The text (@n bytes) into ld->kf with --set @sets applied, lines into
 *  ld->line.  0, or -1 with ld->err set. */
int tb_ld_read_text(TbLd *ld, const char *data, size_t n,
                    const char *const *sets);

/** Every section of ld->kf (@groups, file order) into ld->sc: [scenario],
 *  [host], [run], [driver], NICs, on-link and static routes, sources.  A
 *  host view (ld->host set) may have no source.  0, or -1. */
int tb_ld_load_all(TbLd *ld, char **groups);

/** Read scenario file @path: its text (*@data, *@len) and directory
 *  (*@dir), both g_malloc'd.  0, or -1 with *@err set (unreadable, or a
 *  path of TB_PATH_LEN bytes or more). */
int tb_ld_read_file(const char *path, char **data, gsize *len, char **dir,
                    char **err);

/** @n is a name of 1 to @size - 1 letters, digits, '-' or '_' (an
 *  interface, host or link name). */
bool tb_ld_valid_name(const char *n, size_t size);

/** The name of view group @grp in the file (itself without a view). */
const char *tb_ld_file_group(const TbLd *ld, const char *grp);

/**
 * Record the first error: "file:line: [grp] key: MSG" (key NULL: "[grp]:
 * MSG"; "--set ARG: " instead of "file:line: " for a --set value).
 * Returns -1.
 */
G_GNUC_PRINTF(4, 5)
int tb_ld_fail(TbLd *ld, const char *grp, const char *key, const char *fmt,
               ...);

/** "file:line: " or "--set ARG: " for (@grp, @key) (@key NULL: the
 *  section; a key not given: its section), g_malloc'd. */
char *tb_ld_where(TbLd *ld, const char *grp, const char *key);

/** The value of @key in @grp, trimmed, g_malloc'd; NULL if absent. */
char *tb_ld_val(TbLd *ld, const char *grp, const char *key);

/** Whether @grp has @key. */
int tb_ld_has(TbLd *ld, const char *grp, const char *key);

/** Whether @key of @grp was given by --set (else by the file, if given). */
int tb_ld_from_set(TbLd *ld, const char *grp, const char *key);

/** Forget @key of @grp (a file setting a --set overrides): no longer
 *  given, its value never parsed. */
void tb_ld_drop(TbLd *ld, const char *grp, const char *key);

/** Whether the file (or a --set) has the section @grp. */
int tb_ld_has_group(TbLd *ld, const char *grp);

/** Every key of @grp must be a row of @sec or of @sec2 (-1: none). */
int tb_ld_check_keys(TbLd *ld, const char *grp, TbKeySec sec, int sec2);

/** Every TB_KF_REQUIRED row of @sec must be given in @grp.  0 or -1. */
int tb_ld_required(TbLd *ld, const char *grp, TbKeySec sec);

/** Parse the key of row @k in @grp into @base (absent: nothing, or the
 *  missing-key error of a required row).  0 or -1. */
int tb_ld_key(TbLd *ld, const char *grp, const TbKeyDef *k, void *base);

/**
 * tb_ld_key() for the rows of @sec from key @first to key @last (NULL:
 * the first / the last row) in table order, skipping TB_KF_CODE rows.
 * 0 or -1 at the first error.
 */
int tb_ld_keys(TbLd *ld, const char *grp, TbKeySec sec, void *base,
               const char *first, const char *last);

/* Sections (scenario_sections.c), each 0 or -1 with ld->err set. */
int tb_ld_scenario(TbLd *ld);
int tb_ld_host(TbLd *ld);
int tb_ld_run(TbLd *ld);
int tb_ld_guest(TbLd *ld);
/** After the NICs: what `[guest] driver = stock` cannot honour. */
int tb_ld_guest_rules(TbLd *ld);
/** [driver] into *base (e1k_drv_params_default() plus the keys). */
int tb_ld_driver(TbLd *ld, struct e1k_drv_params *base);
int tb_ld_nic(TbLd *ld, const char *grp, const struct e1k_drv_params *base);
/* A [nic.NAME] of chip 82598EB (scenario_82598.c): its link, driver keys
 * (over *n->drv, the [driver] values) and IRQ affinity; and of any other
 * chip: the 82598EB-only keys refused.  0 or -1. */
int tb_ld_nic_82598(TbLd *ld, const char *grp, TbNicCfg *n);
int tb_ld_nic_not_82598(TbLd *ld, const char *grp);
/* The e1000-only keys of [driver] (RxIntDelay, copybreak ...) refused
 * when the network's @nnics NICs (>= 1) hold no e1000 (@any_e1000 false):
 * given there they would change nothing.  0 or -1. */
int tb_ld_driver_e1000_used(TbLd *ld, uint32_t nnics, bool any_e1000);
int tb_ld_route(TbLd *ld, const char *grp);
int tb_ld_traffic(TbLd *ld, const char *grp);
/** The pace of traffic section @grp into t->pace (scenario_pace.c):
 *  from the pacing keys of --set if any, else of the file; contradicting
 *  keys of one layer are an error naming both.  0 or -1. */
int tb_ld_traffic_pace(TbLd *ld, const char *grp, TbTrafficCfg *t);

#endif /* TB_SCENARIO_LD_H */
