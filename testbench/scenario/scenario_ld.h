/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Loader internals shared by scenario_load.c (file text, --set, the key
 * loop) and scenario_sections.c (one function per section kind with the
 * rules that span keys).  Not a public interface.
 */
#ifndef TB_SCENARIO_LD_H
#define TB_SCENARIO_LD_H

#include <glib.h>

#include "scenario/scenario_keys.h"

/** Loader state of one tb_scenario_load_data() call. */
typedef struct TbLd {
    const char *file;      /**< name used in messages */
    char *dir;             /**< for relative paths in the file, or NULL */
    GKeyFile *kf;
    GHashTable *line;      /**< "group\037key" or "group" -> line (int) */
    GHashTable *setarg;    /**< "group\037key" or "group" -> --set arg */
    char *err;             /**< first error */
    TbScenario *sc;
} TbLd;

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
int tb_ld_route(TbLd *ld, const char *grp);
int tb_ld_traffic(TbLd *ld, const char *grp);

#endif /* TB_SCENARIO_LD_H */
