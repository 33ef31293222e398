/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The key tables of docs/scenarios.md, generated from the key registry
 * (scenario_keys.h): one Markdown table per section kind with the
 * columns key, unit, default, range and meaning.
 */
#include <string.h>

#include <glib.h>

#include "scenario/scenario_keys.h"

/* "`a`, `b`, `c`" */
static void append_names(GString *s, const char *const *names)
{
    for (int i = 0; names[i]; i++) {
        g_string_append_printf(s, "%s`%s`", i ? ", " : "", names[i]);
    }
}

/* a [driver] default, from e1k_drv_params_default() */
static void append_driver_default(GString *s, const TbKeyDef *k)
{
    struct e1k_drv_params d;
    const char *b = (const char *)&d;
    uint32_t u;
    int i;

    e1k_drv_params_default(&d);
    if (k->type == TB_KEY_ENUM) {
        memcpy(&i, b + k->off, sizeof(i));
        g_string_append_printf(s, "`%s`", k->names[i]);
    } else {
        memcpy(&u, b + k->off, sizeof(u));
        g_string_append_printf(s, "%u", u);
    }
}

static void append_default(GString *s, const TbKeyDef *k)
{
    if (k->flags & TB_KF_REQUIRED) {
        g_string_append(s, "**required**");
    } else if (k->def_doc) {
        g_string_append(s, k->def_doc);
    } else if (k->def && (k->type == TB_KEY_ENUM || k->type == TB_KEY_BUS ||
                          k->type == TB_KEY_STR)) {
        g_string_append_printf(s, "`%s`", k->def);
    } else if (k->def) {
        g_string_append(s, k->def);
    } else if (k->sec == TB_SEC_DRIVER) {
        append_driver_default(s, k);
    } else {
        g_string_append(s, "none");
    }
}

/* %g without the exponent's '+' and leading zeros: 1e9, 1e-6 */
static void append_double(GString *s, double v)
{
    char buf[32], *e;

    g_snprintf(buf, sizeof(buf), "%g", v);
    e = strchr(buf, 'e');
    if (e) {
        char *d = e + 1 + (e[1] == '-');
        char *src = e + 1 + (e[1] == '+' || e[1] == '-');
        while (*src == '0' && src[1]) {
            src++;
        }
        memmove(d, src, strlen(src) + 1);
    }
    g_string_append(s, buf);
}

static void append_range(GString *s, const TbKeyDef *k)
{
    if (k->range_doc) {
        g_string_append(s, k->range_doc);
        return;
    }
    switch (k->type) {
    case TB_KEY_U32: case TB_KEY_U64: case TB_KEY_CPU:
        g_string_append_printf(s, "%" G_GUINT64_FORMAT "..%"
                               G_GUINT64_FORMAT, k->min, k->max);
        break;
    case TB_KEY_DOUBLE:
        append_double(s, k->dmin);
        g_string_append(s, "..");
        append_double(s, k->dmax);
        break;
    case TB_KEY_ENUM: case TB_KEY_BUS:
        append_names(s, k->names);
        break;
    case TB_KEY_BOOL:
        g_string_append(s, "true, false");
        break;
    default:
        break;
    }
}

char *tb_keys_markdown(TbKeySec sec)
{
    GString *s = g_string_new("| key | unit | default | range | meaning |\n"
                              "|---|---|---|---|---|\n");

    for (size_t i = 0; i < tb_keys_n; i++) {
        const TbKeyDef *k = &tb_keys[i];
        if (k->sec != sec) {
            continue;
        }
        size_t len;
        g_string_append_printf(s, "| %s | %s | ", k->key, k->unit);
        append_default(s, k);
        g_string_append(s, " | ");
        len = s->len;
        append_range(s, k);
        g_string_append_printf(s, "%s| %s |\n", s->len > len ? " " : "",
                               k->help);
    }
    if (sec == TB_SEC_NIC) {
        g_string_append(s, "| *any `[driver]` key* | | the `[driver]` value "
                        "| | overrides it for this NIC |\n");
    }
    return g_string_free(s, FALSE);
}

/* @doc with the block of @sec replaced (g_malloc'd); NULL and *err set if
 * its markers are missing. */
static char *replace_block(const char *doc, TbKeySec sec, char **err)
{
    const char *name = tb_key_sec_name(sec);
    char *begin = g_strdup_printf("<!-- keys:%s begin -->\n", name);
    char *end = g_strdup_printf("<!-- keys:%s end -->", name);
    const char *b = strstr(doc, begin);
    const char *e = b ? strstr(b, end) : NULL;
    char *out = NULL;

    if (!e) {
        *err = g_strdup_printf("no '<!-- keys:%s begin -->' ... '%s' block",
                               name, end);
    } else {
        char *table = tb_keys_markdown(sec);
        size_t head = (size_t)(b - doc) + strlen(begin);
        out = g_strdup_printf("%.*s%s%s", (int)head, doc, table, e);
        g_free(table);
    }
    g_free(begin);
    g_free(end);
    return out;
}

char *tb_keys_doc_update(const char *doc, char **err)
{
    char *cur = g_strdup(doc);

    for (int s = 0; s < TB_SEC_COUNT && cur; s++) {
        char *next = replace_block(cur, (TbKeySec)s, err);
        g_free(cur);
        cur = next;
    }
    return cur;
}
