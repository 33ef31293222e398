/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Dotted field paths into a JSON report, with the aliases documented in
 * report_path.h and docs/sweep-and-check.md.
 */
#include <stdlib.h>
#include <string.h>

#include "report/report_path.h"

/* Step from @node into the member / element named @name; NULL if none. */
static JsonNode *step(JsonNode *node, const char *name)
{
    if (!node) {
        return NULL;
    }
    if (JSON_NODE_HOLDS_OBJECT(node)) {
        JsonObject *o = json_node_get_object(node);
        return json_object_has_member(o, name)
                   ? json_object_get_member(o, name) : NULL;
    }
    if (JSON_NODE_HOLDS_ARRAY(node)) {
        JsonArray *a = json_node_get_array(node);
        guint n = json_array_get_length(a);
        char *end = NULL;
        unsigned long idx;

        if (name[0] >= '0' && name[0] <= '9') {
            idx = strtoul(name, &end, 10);
            if (end && *end == 0) {
                return idx < n ? json_array_get_element(a, (guint)idx)
                               : NULL;
            }
        }
        for (guint i = 0; i < n; i++) {
            JsonNode *e = json_array_get_element(a, i);
            if (JSON_NODE_HOLDS_OBJECT(e)) {
                JsonObject *o = json_node_get_object(e);
                if (json_object_has_member(o, "name")) {
                    const char *s = json_object_get_string_member(o, "name");
                    if (s && strcmp(s, name) == 0) {
                        return e;
                    }
                }
            }
        }
    }
    return NULL;
}

/* Walk @comps[0..n) from @node; NULL if any step is missing. */
static JsonNode *walk(JsonNode *node, char **comps, guint n)
{
    for (guint i = 0; i < n && node; i++) {
        node = step(node, comps[i]);
    }
    return node;
}

static gboolean is_number(JsonNode *n)
{
    if (!n || !JSON_NODE_HOLDS_VALUE(n)) {
        return FALSE;
    }
    GType t = json_node_get_value_type(n);
    return t == G_TYPE_INT64 || t == G_TYPE_DOUBLE || t == G_TYPE_BOOLEAN;
}

/* The interface object named @name in root.interfaces, or NULL. */
static JsonNode *iface(JsonNode *root, const char *name)
{
    JsonNode *ifs = step(root, "interfaces");
    if (!ifs || !JSON_NODE_HOLDS_ARRAY(ifs)) {
        return NULL;
    }
    if (name[0] >= '0' && name[0] <= '9') {
        return NULL;          /* only names here, not indices */
    }
    return step(ifs, name);
}

static JsonNode *resolve(JsonNode *root, const char *path);

/* HOST.REST in a report of named hosts: REST resolved (with every
 * alias) in the report of host HOST; NULL if the report has no hosts or
 * no host of that name, or REST is empty. */
static JsonNode *host_path(JsonNode *root, const char *path)
{
    JsonNode *hosts = step(root, "hosts");
    const char *dot = strchr(path, '.');
    JsonNode *h = NULL;

    if (!hosts || !JSON_NODE_HOLDS_ARRAY(hosts) || !dot || !dot[1]) {
        return NULL;
    }
    char *name = g_strndup(path, (gsize)(dot - path));
    if (name[0] < '0' || name[0] > '9') {   /* names, not indices */
        h = step(hosts, name);
    }
    g_free(name);
    return h ? resolve(step(h, "report"), dot + 1) : NULL;
}

/* Resolve with aliases.  Returns the first candidate that is a number;
 * if none is, the first candidate that exists at all (so that the caller
 * can say "is an object"); NULL if nothing matches. */
static JsonNode *resolve(JsonNode *root, const char *path)
{
    char **c = g_strsplit(path, ".", -1);
    guint n = g_strv_length(c);
    JsonNode *cand[11];
    guint nc = 0;
    JsonNode *res = NULL;

    for (guint i = 0; i < n; i++) {
        if (c[i][0] == 0) {
            g_strfreev(c);
            return NULL;
        }
    }
    if (n == 0) {
        g_strfreev(c);
        return NULL;
    }
    cand[nc++] = walk(root, c, n);
    cand[nc++] = host_path(root, path);
    if (n >= 2) {
        JsonNode *ifn = iface(root, c[0]);
        if (ifn) {
            static const char *const subs[] = {"stats64", "netstat",
                                               "driver", "nic", "ethtool"};
            cand[nc++] = walk(ifn, c + 1, n - 1);
            for (guint s = 0; s < G_N_ELEMENTS(subs); s++) {
                cand[nc++] = walk(step(ifn, subs[s]), c + 1, n - 1);
            }
        }
    } else {
        static const char *const groups[] = {"host", "accounting", "cpu"};
        if (strcmp(c[0], "offered") == 0) {
            cand[nc++] = walk(step(root, "offered"), (char *[]){"frames"}, 1);
        } else if (strcmp(c[0], "offered_pps") == 0) {
            cand[nc++] = walk(step(root, "offered"), (char *[]){"pps"}, 1);
        } else if (strcmp(c[0], "offered_bps") == 0) {
            cand[nc++] = walk(step(root, "offered"), (char *[]){"bps"}, 1);
        }
        for (guint g = 0; g < G_N_ELEMENTS(groups); g++) {
            cand[nc++] = walk(step(root, groups[g]), c, 1);
        }
    }
    for (guint i = 0; i < nc && !res; i++) {
        if (is_number(cand[i])) {
            res = cand[i];
        }
    }
    for (guint i = 0; i < nc && !res; i++) {
        res = cand[i];
    }
    g_strfreev(c);
    return res;
}

JsonNode *tb_report_path_node(JsonNode *root, const char *path)
{
    if (!root || !path) {
        return NULL;
    }
    return resolve(root, path);
}

int tb_report_path_number(JsonNode *root, const char *path, double *value,
                          char **err)
{
    JsonNode *n = tb_report_path_node(root, path);

    if (!n) {
        *err = g_strdup_printf("unknown field '%s'", path);
        return -1;
    }
    if (!is_number(n)) {
        const char *what = JSON_NODE_HOLDS_OBJECT(n)  ? "an object"
                           : JSON_NODE_HOLDS_ARRAY(n) ? "an array"
                           : JSON_NODE_HOLDS_NULL(n)  ? "null"
                                                      : "a string";
        *err = g_strdup_printf("field '%s' is %s, not a number", path, what);
        return -1;
    }
    switch (json_node_get_value_type(n)) {
    case G_TYPE_INT64:
        *value = (double)json_node_get_int(n);
        break;
    case G_TYPE_BOOLEAN:
        *value = json_node_get_boolean(n) ? 1.0 : 0.0;
        break;
    default:
        *value = json_node_get_double(n);
        break;
    }
    return 0;
}

JsonNode *tb_report_parse(const char *text, const char *name, char **err)
{
    JsonParser *p = json_parser_new();
    GError *ge = NULL;
    JsonNode *root = NULL;

    if (!json_parser_load_from_data(p, text, -1, &ge)) {
        *err = g_strdup_printf("%s: not a JSON report: %s", name,
                               ge->message);
        g_error_free(ge);
    } else if (!json_parser_get_root(p) ||
               !JSON_NODE_HOLDS_OBJECT(json_parser_get_root(p))) {
        *err = g_strdup_printf("%s: not a JSON report (no top-level "
                               "object)", name);
    } else {
        root = json_node_copy(json_parser_get_root(p));
    }
    g_object_unref(p);
    return root;
}

int tb_read_text_file(const char *path, char **text, char **err)
{
    GError *ge = NULL;

    if (g_file_get_contents(path, text, NULL, &ge)) {
        return 0;
    }
    /* GLib's message repeats the path in typographic quotes: name the
     * file once, with the plain system error. */
    *err = ge->domain == G_FILE_ERROR && ge->code == G_FILE_ERROR_NOENT
               ? g_strdup_printf("%s: no such file", path)
               : g_strdup_printf("%s: cannot read: %s", path, ge->message);
    g_error_free(ge);
    *text = NULL;
    return -1;
}

JsonNode *tb_report_load(const char *path, char **err)
{
    char *text;
    JsonNode *root;

    if (tb_read_text_file(path, &text, err) < 0) {
        return NULL;
    }
    root = tb_report_parse(text, path, err);
    g_free(text);
    return root;
}
