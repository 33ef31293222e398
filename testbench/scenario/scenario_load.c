/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scenario loader: INI text -> TbScenario (see scenario_load.h and
 * docs/scenarios.md).  GKeyFile parses the values; since it keeps no line
 * numbers, the file text is scanned here once to remember the line of
 * every [section] and key (and to reject lines GKeyFile would refuse or
 * silently merge: text outside key = value, duplicate keys).  Keys are
 * parsed through the key registry (scenario_keys.h); the sections' own
 * rules are in scenario_sections.c.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdarg.h>
#include <string.h>

#include <glib.h>

#include "scenario/scenario_ld.h"
#include "scenario/scenario_load.h"
#include "scenario/topology.h"

/* ---- messages ---- */

static char *lkey(const char *grp, const char *key)
{
    return key ? g_strconcat(grp, "\037", key, NULL) : g_strdup(grp);
}

const char *tb_ld_file_group(const TbLd *ld, const char *grp)
{
    const char *f = ld->gmap ? g_hash_table_lookup(ld->gmap, grp) : NULL;
    return f ? f : grp;
}

/* "file:line: " or "--set ARG: " for (grp, key); key NULL = the section */
char *tb_ld_where(TbLd *ld, const char *grp, const char *key)
{
    char *k = lkey(tb_ld_file_group(ld, grp), key);
    const char *arg = g_hash_table_lookup(ld->setarg, k);
    gpointer ln = g_hash_table_lookup(ld->line, k);
    char *w;

    if (arg && (key || !ln)) {
        w = g_strdup_printf("--set %s: ", arg);
    } else if (ln) {
        w = g_strdup_printf("%s:%d: ", ld->file, GPOINTER_TO_INT(ln));
    } else if (!key) {
        w = g_strdup_printf("%s: ", ld->file);
    } else {
        /* a key only implied (missing): point at its section */
        g_free(k);
        return tb_ld_where(ld, grp, NULL);
    }
    g_free(k);
    return w;
}

int tb_ld_fail(TbLd *ld, const char *grp, const char *key, const char *fmt,
               ...)
{
    va_list ap;
    char *msg, *w;

    if (ld->err) {
        return -1;
    }
    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    w = tb_ld_where(ld, grp, key);
    grp = tb_ld_file_group(ld, grp);
    if (key) {
        ld->err = g_strdup_printf("%s[%s] %s: %s", w, grp, key, msg);
    } else {
        ld->err = g_strdup_printf("%s[%s]: %s", w, grp, msg);
    }
    g_free(w);
    g_free(msg);
    return -1;
}

/* ---- keys through the registry ---- */

char *tb_ld_val(TbLd *ld, const char *grp, const char *key)
{
    char *v = g_key_file_get_string(ld->kf, grp, key, NULL);
    return v ? g_strstrip(v) : NULL;
}

int tb_ld_has(TbLd *ld, const char *grp, const char *key)
{
    return g_key_file_has_key(ld->kf, grp, key, NULL);
}

int tb_ld_from_set(TbLd *ld, const char *grp, const char *key)
{
    char *k = lkey(grp, key);
    int r = g_hash_table_contains(ld->setarg, k);

    g_free(k);
    return r;
}

void tb_ld_drop(TbLd *ld, const char *grp, const char *key)
{
    g_key_file_remove_key(ld->kf, grp, key, NULL);
}

int tb_ld_has_group(TbLd *ld, const char *grp)
{
    return g_key_file_has_group(ld->kf, grp);
}

int tb_ld_check_keys(TbLd *ld, const char *grp, TbKeySec sec, int sec2)
{
    gsize n;
    char **keys = g_key_file_get_keys(ld->kf, grp, &n, NULL);
    int r = 0;

    for (gsize i = 0; keys && i < n && r == 0; i++) {
        if (!tb_key_find(sec, keys[i]) &&
            (sec2 < 0 || !tb_key_find((TbKeySec)sec2, keys[i]))) {
            r = tb_ld_fail(ld, grp, keys[i], "unknown key");
        }
    }
    g_strfreev(keys);
    return r;
}

/* Required @key of @grp absent: a section the file does not have (only a
 * --set names it) is said to be missing from the scenario. */
static int missing_key(TbLd *ld, const char *grp, const char *key)
{
    const char *fg = tb_ld_file_group(ld, grp);
    char *k = lkey(fg, NULL);
    bool in_file = g_hash_table_lookup(ld->line, k) != NULL;

    g_free(k);
    if (in_file) {
        return tb_ld_fail(ld, grp, NULL, "missing required key '%s'", key);
    }
    if (g_str_has_prefix(fg, "nic.")) {
        return tb_ld_fail(ld, grp, NULL, "no NIC '%s' in the scenario (a "
                          "--set that adds one must give its required key "
                          "'%s')", fg + 4, key);
    }
    return tb_ld_fail(ld, grp, NULL, "no such section in the scenario (a "
                      "--set that adds it must give its required key '%s')",
                      key);
}

int tb_ld_required(TbLd *ld, const char *grp, TbKeySec sec)
{
    for (size_t i = 0; i < tb_keys_n; i++) {
        const TbKeyDef *k = &tb_keys[i];
        if (k->sec == sec && (k->flags & TB_KF_REQUIRED) &&
            !tb_ld_has(ld, grp, k->key)) {
            return missing_key(ld, grp, k->key);
        }
    }
    return 0;
}

/* A path value: relative ones against the scenario's directory (or, for
 * a --set value, the current directory).  Caller frees. */
static char *resolve_path(TbLd *ld, const char *grp, const char *key,
                          const char *v)
{
    char *k = lkey(grp, key), *p;

    if (g_path_is_absolute(v) || g_hash_table_lookup(ld->setarg, k) ||
        !ld->dir) {
        p = g_strdup(v);
    } else {
        p = g_build_filename(ld->dir, v, NULL);
    }
    g_free(k);
    return p;
}

int tb_ld_key(TbLd *ld, const char *grp, const TbKeyDef *k, void *base)
{
    char *v, *msg;

    if (!tb_ld_has(ld, grp, k->key)) {
        return (k->flags & TB_KF_REQUIRED) ? missing_key(ld, grp, k->key)
                                            : 0;
    }
    v = tb_ld_val(ld, grp, k->key);
    if (!v) {
        return 0;
    }
    if (k->type == TB_KEY_PATH && !*v) {
        msg = g_strdup("empty path");
    } else if (k->type == TB_KEY_PATH) {
        char *p = resolve_path(ld, grp, k->key, v);
        msg = tb_key_parse(k, p, base);
        g_free(p);
    } else {
        msg = tb_key_parse(k, v, base);
    }
    g_free(v);
    if (msg) {
        tb_ld_fail(ld, grp, k->key, "%s", msg);
        g_free(msg);
        return -1;
    }
    return 0;
}

int tb_ld_keys(TbLd *ld, const char *grp, TbKeySec sec, void *base,
               const char *first, const char *last)
{
    int on = first == NULL;

    for (size_t i = 0; i < tb_keys_n; i++) {
        const TbKeyDef *k = &tb_keys[i];
        if (k->sec != sec) {
            continue;
        }
        on = on || !strcmp(k->key, first);
        if (!on) {
            continue;
        }
        if (!(k->flags & TB_KF_CODE) && tb_ld_key(ld, grp, k, base) < 0) {
            return -1;
        }
        if (last && !strcmp(k->key, last)) {
            break;
        }
    }
    return 0;
}

/* ---- text scan: line numbers and lines GKeyFile would refuse ---- */

/* "[name]": remember the section's first line; *grp = its name */
static int scan_header(TbLd *ld, const char *l, int ln, char **grp)
{
    const char *end = strchr(l, ']');

    if (!end || end[1] || end == l + 1) {
        ld->err = g_strdup_printf("%s:%d: malformed section header '%s'",
                                  ld->file, ln, l);
        return -1;
    }
    g_free(*grp);
    *grp = g_strndup(l + 1, (gsize)(end - l - 1));
    if (g_hash_table_contains(ld->line, *grp)) {
        ld->err = g_strdup_printf("%s:%d: [%s]: duplicate section (first on "
                                  "line %d)", ld->file, ln, *grp,
                                  GPOINTER_TO_INT(g_hash_table_lookup(
                                      ld->line, *grp)));
        return -1;
    }
    g_hash_table_insert(ld->line, g_strdup(*grp), GINT_TO_POINTER(ln));
    return 0;
}

/* "key = value" in section @grp: remember its line, refuse a repeat */
static int scan_key(TbLd *ld, char *l, int ln, const char *grp)
{
    char *eq = strchr(l, '='), *name, *key;

    if (!eq) {
        ld->err = g_strdup_printf("%s:%d: expected '[section]' or "
                                  "'key = value', got '%s'", ld->file, ln,
                                  l);
        return -1;
    }
    if (!grp) {
        ld->err = g_strdup_printf("%s:%d: key outside any [section]",
                                  ld->file, ln);
        return -1;
    }
    *eq = 0;
    name = g_strstrip(l);
    key = lkey(grp, name);
    if (g_hash_table_contains(ld->line, key)) {
        ld->err = g_strdup_printf("%s:%d: [%s] %s: duplicate key (first on "
                                  "line %d)", ld->file, ln, grp, name,
                                  GPOINTER_TO_INT(g_hash_table_lookup(
                                      ld->line, key)));
        g_free(key);
        return -1;
    }
    g_hash_table_insert(ld->line, key, GINT_TO_POINTER(ln));
    return 0;
}

static int scan_lines(TbLd *ld, const char *data, size_t len)
{
    char *text = g_strndup(data, len);
    char **lines = g_strsplit(text, "\n", -1);
    char *grp = NULL;
    int r = 0;

    for (int i = 0; lines[i] && r == 0; i++) {
        char *l = g_strstrip(lines[i]);
        if (!g_utf8_validate(l, -1, NULL)) {
            ld->err = g_strdup_printf("%s:%d: not valid UTF-8", ld->file,
                                      i + 1);
            r = -1;
            break;
        }
        if (!*l || *l == '#' || *l == ';') {
            continue;
        }
        r = *l == '[' ? scan_header(ld, l, i + 1, &grp)
                      : scan_key(ld, l, i + 1, grp);
    }
    g_free(grp);
    g_strfreev(lines);
    g_free(text);
    return r;
}

/* ---- --set overrides: into the key file, remembered for messages ---- */

/* A section (@key 0) or key name a file line could hold: not empty, no
 * '[', ']' or control character, no space at either end; a key also no
 * '=' and no space at all.  NULL, or what is wrong. */
static const char *bad_name(const char *n, int key)
{
    size_t len = strlen(n);

    if (!len) {
        return "empty";
    }
    if (g_ascii_isspace(n[0]) || g_ascii_isspace(n[len - 1])) {
        return "space at an end";
    }
    for (const char *c = n; *c; c++) {
        if (*c == '[' || *c == ']' || g_ascii_iscntrl(*c) ||
            (key && (*c == '=' || *c == ' '))) {
            return "contains '[', ']', '=', a space or a control character";
        }
    }
    return NULL;
}

/* "--set @arg" split into its section and key: 0, or -1 with ld->err. */
static int set_split(TbLd *ld, const char *arg, char **lhs, char **key)
{
    const char *eq = strchr(arg, '='), *why = NULL, *what = "section";
    char *dot;

    *lhs = eq ? g_strndup(arg, (gsize)(eq - arg)) : NULL;
    dot = *lhs ? strrchr(*lhs, '.') : NULL;
    if (!g_utf8_validate(arg, -1, NULL)) {
        ld->err = g_strdup_printf("--set %s: not valid UTF-8", arg);
    } else if (!dot || dot == *lhs || !dot[1]) {
        ld->err = g_strdup_printf("--set %s: expected section.key=value",
                                  arg);
    } else {
        *dot = 0;
        *key = dot + 1;
        why = bad_name(*lhs, 0);
        if (!why) {
            why = bad_name(*key, 1);
            what = "key";
        }
        if (!why) {
            return 0;
        }
        ld->err = g_strdup_printf("--set %s: malformed %s name '%s' (%s)",
                                  arg, what, what[0] == 's' ? *lhs : *key,
                                  why);
    }
    g_clear_pointer(lhs, g_free);
    return -1;
}

/* Note --set @arg in sc->overrides if it changes or adds @key of @grp
 * (compared with the value before it, both trimmed). */
static void note_override(TbLd *ld, const char *grp, const char *key,
                          const char *arg)
{
    char *old = g_key_file_get_value(ld->kf, grp, key, NULL);
    char *val = g_strstrip(g_strdup(strchr(arg, '=') + 1));
    char *ov = ld->sc->overrides;
    size_t used = strlen(ov), need = strlen(arg) + 1;

    if ((!old || strcmp(g_strstrip(old), val) != 0) &&
        used + need < sizeof(ld->sc->overrides)) {
        g_strlcat(ov, arg, sizeof(ld->sc->overrides));
        g_strlcat(ov, "\n", sizeof(ld->sc->overrides));
    }
    g_free(old);
    g_free(val);
}

static int apply_sets(TbLd *ld, const char *const *sets)
{
    for (const char *const *s = sets; s && *s; s++) {
        char *lhs, *key;
        if (set_split(ld, *s, &lhs, &key) < 0) {
            return -1;
        }
        note_override(ld, lhs, key, *s);
        g_key_file_set_value(ld->kf, lhs, key, strchr(*s, '=') + 1);
        g_hash_table_replace(ld->setarg, lkey(lhs, key), g_strdup(*s));
        if (!g_hash_table_contains(ld->setarg, lhs)) {
            g_hash_table_insert(ld->setarg, g_strdup(lhs), g_strdup(*s));
        }
        g_free(lhs);
    }
    return 0;
}

/* ---- defaults and the whole file ---- */

void tb_scenario_defaults(TbScenario *sc, const char *name)
{
    char *base = g_path_get_basename(name);

    memset(sc, 0, sizeof(*sc));
    g_strlcpy(sc->file, name, sizeof(sc->file));
    if (g_str_has_suffix(base, ".ini")) {
        base[strlen(base) - 4] = 0;
    }
    g_strlcpy(sc->name, base, sizeof(sc->name));
    g_free(base);
    tb_keys_default(TB_SEC_SCENARIO, sc);
    tb_keys_default(TB_SEC_HOST, &sc->host);
    tb_keys_default(TB_SEC_RUN, &sc->run);
    tb_keys_default(TB_SEC_GUEST, &sc->guest);
    /* two jiffies, as net_rx_action's time limit */
    sc->host.netdev_budget_usecs = 2 * 1000000u / sc->host.hz;
}

/* The section kind of group @g, or -1 if it is not one. */
static int group_sec(const char *g)
{
    static const TbKeySec fixed[] = {TB_SEC_SCENARIO, TB_SEC_HOST,
                                     TB_SEC_DRIVER, TB_SEC_RUN,
                                     TB_SEC_TRAFFIC, TB_SEC_GUEST};

    for (size_t i = 0; i < G_N_ELEMENTS(fixed); i++) {
        if (!strcmp(g, tb_key_sec_name(fixed[i]))) {
            return (int)fixed[i];
        }
    }
    if (g_str_has_prefix(g, "nic.")) {
        return TB_SEC_NIC;
    }
    if (g_str_has_prefix(g, "route.")) {
        return TB_SEC_ROUTE;
    }
    return g_str_has_prefix(g, "traffic.") ? TB_SEC_TRAFFIC : -1;
}

/* Unknown sections, in file order. */
static int check_sections(TbLd *ld, char **groups)
{
    for (int i = 0; groups[i]; i++) {
        if (group_sec(groups[i]) < 0) {
            return tb_ld_fail(ld, groups[i], NULL, "unknown section (known: "
                              "scenario, host, driver, nic.NAME, route.NAME, "
                              "traffic, traffic.NAME, run, guest)");
        }
    }
    return 0;
}

/* Every section of kind @sec (NIC, ROUTE or TRAFFIC), in file order. */
static int load_named(TbLd *ld, char **groups, TbKeySec sec,
                      const struct e1k_drv_params *base)
{
    for (int i = 0; groups[i]; i++) {
        int r = 0;
        if (group_sec(groups[i]) != (int)sec) {
            continue;
        }
        if (sec == TB_SEC_NIC) {
            r = tb_ld_nic(ld, groups[i], base);
        } else if (sec == TB_SEC_ROUTE) {
            r = tb_ld_route(ld, groups[i]);
        } else {
            r = tb_ld_traffic(ld, groups[i]);
        }
        if (r < 0) {
            return -1;
        }
    }
    return 0;
}

static uint32_t prefix_mask(uint32_t len)
{
    return len ? 0xffffffffu << (32 - len) : 0;
}

/* The on-link route of every NIC with an address (before the static
 * ones). */
static void add_onlink_routes(TbScenario *sc)
{
    for (uint32_t i = 0; i < sc->nnics; i++) {
        if (sc->nic[i].ip) {
            TbRouteCfg *rt = &sc->route[sc->nroutes++];
            rt->prefix = sc->nic[i].ip & prefix_mask(sc->nic[i].prefix_len);
            rt->prefix_len = sc->nic[i].prefix_len;
            rt->nic = (int)i;
            rt->gateway = 0;
        }
    }
}

int tb_ld_load_all(TbLd *ld, char **groups)
{
    TbScenario *sc = ld->sc;
    struct e1k_drv_params base;

    if (check_sections(ld, groups) < 0 || tb_ld_scenario(ld) < 0 ||
        tb_ld_host(ld) < 0 || tb_ld_run(ld) < 0 ||
        tb_ld_guest(ld) < 0 || tb_ld_driver(ld, &base) < 0 ||
        load_named(ld, groups, TB_SEC_NIC, &base) < 0) {
        return -1;
    }
    if (sc->nnics == 0) {
        ld->err = ld->host
                      ? g_strdup_printf("%s: [host.%s]: no [nic.%s.NAME] "
                                        "section", ld->file, ld->host,
                                        ld->host)
                      : g_strdup_printf("%s: no [nic.NAME] section", ld->file);
        return -1;
    }
    if (tb_ld_guest_rules(ld) < 0) {
        return -1;
    }
    add_onlink_routes(sc);
    if (load_named(ld, groups, TB_SEC_ROUTE, NULL) < 0 ||
        load_named(ld, groups, TB_SEC_TRAFFIC, NULL) < 0) {
        return -1;
    }
    if (sc->nsources == 0 && !ld->host) {
        ld->err = g_strdup_printf("%s: no [traffic] section", ld->file);
        return -1;
    }
    return 0;
}

/* The text into ld->kf (with --set applied), line numbers into ld->line. */
int tb_ld_read_text(TbLd *ld, const char *data, size_t n,
                    const char *const *sets)
{
    GError *ge = NULL;

    if (memchr(data, 0, n)) {
        ld->err = g_strdup_printf("%s: not a text file", ld->file);
        return -1;
    }
    if (scan_lines(ld, data, n) < 0) {
        return -1;
    }
    if (!g_key_file_load_from_data(ld->kf, data, n, G_KEY_FILE_NONE, &ge)) {
        ld->err = g_strdup_printf("%s: %s", ld->file, ge->message);
        g_error_free(ge);
        return -1;
    }
    return apply_sets(ld, sets);
}

void tb_ld_init(TbLd *ld, const char *name, const char *dir, TbScenario *sc)
{
    memset(ld, 0, sizeof(*ld));
    ld->file = name;
    ld->dir = dir ? g_strdup(dir) : NULL;
    ld->sc = sc;
    ld->kf = g_key_file_new();
    ld->line = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    ld->setarg = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                       g_free);
}

void tb_ld_clear(TbLd *ld)
{
    g_free(ld->err);
    g_free(ld->dir);
    g_key_file_free(ld->kf);
    g_hash_table_destroy(ld->line);
    g_hash_table_destroy(ld->setarg);
    ld->err = ld->dir = NULL;
}

int tb_ld_read_file(const char *path, char **data, gsize *len, char **dir,
                    char **err)
{
    GError *ge = NULL;

    *data = NULL;
    if (!g_file_get_contents(path, data, len, &ge)) {
        if (ge->code == G_FILE_ERROR_NOENT) {
            *err = g_strdup_printf("%s: cannot read scenario: %s", path,
                                   g_strerror(ENOENT));
        } else {
            *err = g_strdup(ge->message);
        }
        g_error_free(ge);
        return -1;
    }
    if (strlen(path) >= TB_PATH_LEN) {
        g_clear_pointer(data, g_free);
        *err = g_strdup_printf("%s: path too long", path);
        return -1;
    }
    *dir = g_path_get_dirname(path);
    return 0;
}
