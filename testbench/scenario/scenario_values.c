/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scenario values: the text forms of docs/scenarios.md ("Syntax") parsed
 * into the types of the key registry (scenario_keys.h).  Messages are
 * the text after "file:line: [section] key: ".
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "scenario/scenario_keys.h"
#include "scenario/scenario_load.h"
#include "traffic/trf.h"

/* ---- public small parsers ---- */

size_t tb_decimal_len(const char *s)
{
    size_t i = 0, d = 0;

    while (g_ascii_isdigit(s[i])) {
        i++, d++;
    }
    if (s[i] == '.') {
        i++;
        while (g_ascii_isdigit(s[i])) {
            i++, d++;
        }
    }
    if (d == 0) {
        return 0;
    }
    if (s[i] == 'e' || s[i] == 'E') {
        size_t j = i + 1 + (s[i + 1] == '+' || s[i + 1] == '-');
        if (g_ascii_isdigit(s[j])) {
            for (i = j; g_ascii_isdigit(s[i]); i++) {
            }
        }
    }
    return i;
}

int tb_parse_time_ns(const char *s, uint64_t *ns)
{
    static const struct { const char *unit; double mult; } units[] = {
        {"ns", 1.0}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9},
    };
    char *end;
    double v;

    if (!s || !*s) {
        return -1;
    }
    if (strcmp(s, "0") == 0) {
        *ns = 0;
        return 0;
    }
    v = g_ascii_strtod(s, &end);
    if (tb_decimal_len(s) == 0 || end != s + tb_decimal_len(s) ||
        !isfinite(v) || v < 0) {
        return -1;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(units); i++) {
        if (strcmp(end, units[i].unit) == 0) {
            double t = v * units[i].mult;
            if (t > (double)TRF_TIME_MAX_NS) {
                return -1;
            }
            *ns = (uint64_t)llround(t);
            return 0;
        }
    }
    return -1;
}

int tb_parse_mac(const char *s, uint8_t mac[6])
{
    return trf_parse_mac(s, mac);
}

int tb_parse_ipv4(const char *s, uint32_t *ip)
{
    return trf_parse_ipv4(s, ip);
}

char *tb_text_one_line(const char *s)
{
    GString *o = g_string_sized_new(strlen(s));
    const char *p = s;

    while (*p) {
        gunichar c = g_utf8_get_char_validated(p, -1);
        const char *next = g_utf8_next_char(p);
        if (c == (gunichar)-1 || c == (gunichar)-2) {
            g_string_append_printf(o, "\\x%02x", (unsigned char)*p);
            next = p + 1;
        } else if (c == '\n') {
            g_string_append(o, "\\n");
        } else if (c == '\t') {
            g_string_append(o, "\\t");
        } else if (c < 0x20 || c == 0x7f) {
            g_string_append_printf(o, "\\x%02x", (unsigned)c);
        } else {
            g_string_append_len(o, p, next - p);
        }
        p = next;
    }
    return g_string_free(o, FALSE);
}

void tb_format_mac(const uint8_t mac[6], char buf[18])
{
    g_snprintf(buf, 18, "%02x:%02x:%02x:%02x:%02x:%02x", mac[0], mac[1],
               mac[2], mac[3], mac[4], mac[5]);
}

void tb_format_ipv4(uint32_t ip, char buf[16])
{
    g_snprintf(buf, 16, "%u.%u.%u.%u", ip >> 24, (ip >> 16) & 255,
               (ip >> 8) & 255, ip & 255);
}

/* ---- one parser per registry type: NULL or a message ---- */

/* Whether @v is an integer: an optional '-', then decimal digits only
 * (a negative or too large one is out of range, not "not a number"). */
static int is_integer(const char *v)
{
    const char *d = v + (v[0] == '-');

    return g_ascii_isdigit(d[0]) && strspn(d, "0123456789") == strlen(d);
}

static char *parse_u64(const TbKeyDef *k, const char *v, uint64_t *out)
{
    char *end;
    guint64 x;

    errno = 0;
    x = g_ascii_strtoull(v, &end, 10);
    if (!is_integer(v)) {
        return g_strdup_printf("'%s' is not a number", v);
    }
    if ((v[0] == '-' && x != 0) || *end || errno || x < k->min ||
        x > k->max) {
        return g_strdup_printf("%s is out of range %" G_GUINT64_FORMAT
                               "..%" G_GUINT64_FORMAT, v, k->min, k->max);
    }
    *out = x;
    return NULL;
}

static char *parse_double(const TbKeyDef *k, const char *v, double *out)
{
    char *end;
    double x = g_ascii_strtod(v, &end);
    const char *d = v + (v[0] == '-');   /* a negative one: out of range */

    if (!*v || *end || !isfinite(x) || end != d + tb_decimal_len(d)) {
        return g_strdup_printf("'%s' is not a number", v);
    }
    if (x < k->dmin || x > k->dmax) {
        return g_strdup_printf("%s is out of range %g..%g", v, k->dmin,
                               k->dmax);
    }
    *out = x;
    return NULL;
}

static char *parse_bool(const char *v, int *out)
{
    if (!g_ascii_strcasecmp(v, "true") || !g_ascii_strcasecmp(v, "yes") ||
        !strcmp(v, "1")) {
        *out = 1;
    } else if (!g_ascii_strcasecmp(v, "false") ||
               !g_ascii_strcasecmp(v, "no") || !strcmp(v, "0")) {
        *out = 0;
    } else {
        return g_strdup_printf("'%s' is not a boolean (true/false, 1/0)", v);
    }
    return NULL;
}

/* "a.b.c.d/len" */
static char *parse_cidr(const char *v, uint32_t *ip, uint32_t *len)
{
    const char *slash = strchr(v, '/');
    char *addr, *end;
    guint64 l;
    int bad;

    if (!slash) {
        return g_strdup_printf("'%s' is not an address with prefix length "
                               "(a.b.c.d/len)", v);
    }
    addr = g_strndup(v, (gsize)(slash - v));
    l = g_ascii_strtoull(slash + 1, &end, 10);
    bad = tb_parse_ipv4(addr, ip) < 0 || !g_ascii_isdigit(slash[1]) ||
          *end || l > 32;
    g_free(addr);
    if (bad) {
        return g_strdup_printf("'%s' is not an address with prefix length "
                               "(a.b.c.d/len, len 0..32)", v);
    }
    *len = (uint32_t)l;
    return NULL;
}

/* index of @v in the row's names, or -1 */
static int enum_index(const TbKeyDef *k, const char *v)
{
    for (int i = 0; k->names[i]; i++) {
        if (k->nocase ? !g_ascii_strcasecmp(v, k->names[i])
                      : !strcmp(v, k->names[i])) {
            return i;
        }
    }
    return -1;
}

static char *not_a(const TbKeyDef *k, const char *v)
{
    char *list = g_strjoinv(", ", (char **)k->names);
    char *msg = g_strdup_printf("'%s' is not a %s (%s)", v, k->what, list);
    g_free(list);
    return msg;
}

static char *parse_bus(const TbKeyDef *k, const char *v, char *base)
{
    E1kBus bus;

    if (e1k_bus_parse(v, &bus) < 0 || strlen(v) >= k->size) {
        return not_a(k, v);
    }
    memcpy(base + k->off, &bus, sizeof(bus));
    g_strlcpy(base + k->off2, v, k->size);
    return NULL;
}

/* one "SIZE:WEIGHT" entry of an IMIX */
static char *parse_imix_entry(char *p, uint32_t *size, uint32_t *weight)
{
    char *colon = strchr(p, ':'), *e1, *e2;
    guint64 s, w;

    if (!colon) {
        return g_strdup_printf("'%s' is not SIZE:WEIGHT", p);
    }
    *colon = 0;
    s = g_ascii_strtoull(p, &e1, 10);
    w = g_ascii_strtoull(colon + 1, &e2, 10);
    *colon = ':';
    if (!g_ascii_isdigit(*p) || *e1 != ':' || !g_ascii_isdigit(colon[1]) ||
        *e2 || s < 64 || s > 16128 || w < 1 || w > 1000000) {
        return g_strdup_printf("'%s' is not SIZE:WEIGHT with SIZE "
                               "64..16128 bytes and WEIGHT 1..1000000", p);
    }
    *size = (uint32_t)s;
    *weight = (uint32_t)w;
    return NULL;
}

/* "64:7,594:4,1518:1" (may leave a partial mix on error) */
static char *parse_imix(const char *v, TbTrafficCfg *t)
{
    char **parts = g_strsplit(v, ",", -1);
    char *msg = NULL;

    t->imix_n = 0;
    for (int i = 0; parts[i] && !msg; i++) {
        if (t->imix_n >= TB_MAX_IMIX) {
            msg = g_strdup_printf("more than %d entries", TB_MAX_IMIX);
        } else {
            msg = parse_imix_entry(g_strstrip(parts[i]),
                                   &t->imix_size[t->imix_n],
                                   &t->imix_weight[t->imix_n]);
            t->imix_n += !msg;
        }
    }
    if (!msg && t->imix_n == 0) {
        msg = g_strdup("empty mix");
    }
    g_strfreev(parts);
    return msg;
}

/* text types: STR, PATH */
static char *parse_text(const TbKeyDef *k, const char *v, char *dst)
{
    if (strlen(v) >= k->size) {
        return g_strdup_printf("%s longer than %zu characters",
                               k->type == TB_KEY_PATH ? "path" : "value",
                               k->size - 1);
    }
    g_strlcpy(dst, v, k->size);
    return NULL;
}

/* integer types: U32, U64, CPU */
static char *parse_int(const TbKeyDef *k, const char *v, char *dst)
{
    uint64_t x = 0;
    uint32_t x32;
    char *msg = parse_u64(k, v, &x);

    if (msg) {
        return msg;
    }
    if (k->type == TB_KEY_U64) {
        memcpy(dst, &x, sizeof(x));
        return NULL;
    }
    x32 = (uint32_t)x + (k->type == TB_KEY_CPU);
    memcpy(dst, &x32, sizeof(x32));
    return NULL;
}

/* value types with a fixed text form: TIME, MAC, IP */
static char *parse_fixed(const TbKeyDef *k, const char *v, char *dst)
{
    uint64_t ns;
    uint8_t mac[6];
    uint32_t ip;

    switch (k->type) {
    case TB_KEY_TIME:
        if (tb_parse_time_ns(v, &ns) < 0) {
            return g_strdup_printf("'%s' is not a time (a number with a "
                                   "unit: ns, us, ms or s) up to the "
                                   "ceiling of simulated time, %llus", v,
                                   TRF_TIME_MAX_NS / 1000000000ull);
        }
        memcpy(dst, &ns, sizeof(ns));
        return NULL;
    case TB_KEY_MAC:
        if (tb_parse_mac(v, mac) < 0) {
            return g_strdup_printf("'%s' is not a MAC address "
                                   "(aa:bb:cc:dd:ee:ff)", v);
        }
        memcpy(dst, mac, 6);
        return NULL;
    default:
        if (tb_parse_ipv4(v, &ip) < 0) {
            return g_strdup_printf("'%s' is not an IPv4 address (a.b.c.d)",
                                   v);
        }
        memcpy(dst, &ip, sizeof(ip));
        return NULL;
    }
}

char *tb_key_parse(const TbKeyDef *k, const char *v, void *base)
{
    char *b = base, *dst = b + k->off;
    int i;

    switch (k->type) {
    case TB_KEY_U32: case TB_KEY_U64: case TB_KEY_CPU:
        return parse_int(k, v, dst);
    case TB_KEY_DOUBLE:
        return parse_double(k, v, (double *)(void *)dst);
    case TB_KEY_BOOL:
        return parse_bool(v, (int *)(void *)dst);
    case TB_KEY_TIME: case TB_KEY_MAC: case TB_KEY_IP:
        return parse_fixed(k, v, dst);
    case TB_KEY_CIDR:
        return parse_cidr(v, (uint32_t *)(void *)dst,
                          (uint32_t *)(void *)(b + k->off2));
    case TB_KEY_STR: case TB_KEY_PATH:
        return k->size ? parse_text(k, v, dst) : NULL;
    case TB_KEY_ENUM:
        i = enum_index(k, v);
        if (i < 0) {
            return not_a(k, v);
        }
        memcpy(dst, &i, sizeof(i));
        return NULL;
    case TB_KEY_BUS:
        return parse_bus(k, v, b);
    case TB_KEY_IMIX:
        return parse_imix(v, base);
    }
    return NULL;
}
