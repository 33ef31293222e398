/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Report fields by dotted path (report_lookup.h). */
#include <string.h>

#include "report_lookup.h"

/* Element of @arr whose "name" member is @name, or NULL. */
static JsonNode *by_name(JsonArray *arr, const char *name)
{
    guint n = json_array_get_length(arr);
    for (guint i = 0; i < n; i++) {
        JsonNode *e = json_array_get_element(arr, i);
        if (JSON_NODE_HOLDS_OBJECT(e)) {
            JsonObject *o = json_node_get_object(e);
            if (json_object_has_member(o, "name") &&
                !g_strcmp0(json_object_get_string_member(o, "name"), name)) {
                return e;
            }
        }
    }
    return NULL;
}

static JsonNode *walk(JsonNode *n, char **parts)
{
    for (; n && *parts; parts++) {
        if (JSON_NODE_HOLDS_OBJECT(n)) {
            JsonObject *o = json_node_get_object(n);
            n = json_object_has_member(o, *parts)
                    ? json_object_get_member(o, *parts) : NULL;
        } else if (JSON_NODE_HOLDS_ARRAY(n)) {
            n = by_name(json_node_get_array(n), *parts);
        } else {
            return NULL;
        }
    }
    return n;
}

static int value_of(JsonNode *n, int64_t *value)
{
    if (!n || !JSON_NODE_HOLDS_VALUE(n)) {
        return -1;
    }
    switch (json_node_get_value_type(n)) {
    case G_TYPE_INT64:
        *value = json_node_get_int(n);
        return 0;
    case G_TYPE_BOOLEAN:
        *value = json_node_get_boolean(n) ? 1 : 0;
        return 0;
    default:
        return -1;
    }
}

int tb_report_lookup(JsonNode *root, const char *path, int64_t *value)
{
    static const char *const sub[] = {"stats64", "netstat", "driver", "nic"};
    char **parts;
    JsonNode *n;
    int r = -1;

    if (!root || !path || !*path) {
        return -1;
    }
    parts = g_strsplit(path, ".", -1);
    n = walk(root, parts);
    if (value_of(n, value) == 0) {
        r = 0;
    } else if (parts[0] && parts[1] && !parts[2] &&
               JSON_NODE_HOLDS_OBJECT(root)) {
        /* IFACE.FIELD */
        JsonObject *o = json_node_get_object(root);
        JsonNode *ifs = json_object_has_member(o, "interfaces")
                            ? json_object_get_member(o, "interfaces") : NULL;
        JsonNode *ifn = ifs && JSON_NODE_HOLDS_ARRAY(ifs)
                            ? by_name(json_node_get_array(ifs), parts[0])
                            : NULL;
        if (ifn) {
            char *one[] = {parts[1], NULL};
            r = value_of(walk(ifn, one), value);
            for (size_t i = 0; r < 0 && i < G_N_ELEMENTS(sub); i++) {
                char *two[] = {(char *)sub[i], parts[1], NULL};
                r = value_of(walk(ifn, two), value);
            }
        }
    }
    g_strfreev(parts);
    return r;
}
