/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Grid expansion for `e1klab sweep` (sweep_grid.h): LIST and exact
 * decimal START:STOP:STEP axes, cartesian product in nested-loop order.
 */
#include <stdbool.h>
#include <string.h>

#include "cli/sweep_grid.h"

#define MAX_FRAC 9
#define MAX_DIGITS 18

/* A decimal number as mantissa x 10^-scale. */
typedef struct Dec {
    gint64 m;
    guint scale;
} Dec;

/* Parse "[+-]digits[.digits]" exactly.  0 or -1. */
static int dec_parse(const char *s, Dec *d)
{
    const char *p = s;
    int neg = 0, seen_point = 0;
    guint digits = 0, sig = 0, frac = 0;
    gint64 m = 0;

    if (*p == '+' || *p == '-') {
        neg = *p == '-';
        p++;
    }
    for (; *p; p++) {
        if (*p == '.') {
            if (seen_point) {
                return -1;
            }
            seen_point = 1;
            continue;
        }
        if (!g_ascii_isdigit(*p)) {
            return -1;
        }
        digits++;
        if (m != 0 || *p != '0') {
            sig++;
        }
        if (sig > MAX_DIGITS) {
            return -1;
        }
        m = m * 10 + (*p - '0');
        if (seen_point) {
            frac++;
        }
    }
    if (digits == 0 || frac > MAX_FRAC) {
        return -1;
    }
    d->m = neg ? -m : m;
    d->scale = frac;
    return 0;
}

/* Rescale @d to @scale (>= d->scale).  0, or -1 on overflow. */
static int dec_rescale(Dec *d, guint scale)
{
    while (d->scale < scale) {
        if (d->m > G_MAXINT64 / 10 || d->m < G_MININT64 / 10) {
            return -1;
        }
        d->m *= 10;
        d->scale++;
    }
    return 0;
}

/* Format mantissa @m at @scale without trailing fraction zeros. */
static char *dec_format(gint64 m, guint scale)
{
    guint64 a = m < 0 ? (guint64)(-(m + 1)) + 1 : (guint64)m;
    guint64 pow = 1;
    char frac[MAX_FRAC + 2];
    char *s;

    for (guint i = 0; i < scale; i++) {
        pow *= 10;
    }
    if (scale == 0 || a % pow == 0) {
        return g_strdup_printf("%s%" G_GUINT64_FORMAT, m < 0 ? "-" : "",
                               scale ? a / pow : a);
    }
    g_snprintf(frac, sizeof(frac), "%0*" G_GUINT64_FORMAT, (int)scale,
               a % pow);
    for (size_t n = strlen(frac); n > 0 && frac[n - 1] == '0'; n--) {
        frac[n - 1] = 0;
    }
    s = g_strdup_printf("%s%" G_GUINT64_FORMAT ".%s", m < 0 ? "-" : "",
                        a / pow, frac);
    return s;
}

int tb_sweep_range(const char *start, const char *stop, const char *step,
                   guint max, GPtrArray *out, char **err)
{
    Dec a, b, st;
    guint scale;
    guint64 count;
    gint64 span;

    if (dec_parse(start, &a) < 0 || dec_parse(stop, &b) < 0 ||
        dec_parse(step, &st) < 0) {
        *err = g_strdup_printf("range %s:%s:%s: START, STOP and STEP must "
                               "be decimal numbers (at most %d fraction "
                               "digits)", start, stop, step, MAX_FRAC);
        return -1;
    }
    scale = MAX(a.scale, MAX(b.scale, st.scale));
    if (dec_rescale(&a, scale) < 0 || dec_rescale(&b, scale) < 0 ||
        dec_rescale(&st, scale) < 0 ||
        (b.m > 0 && a.m < 0 && b.m > G_MAXINT64 + a.m) ||
        (b.m < 0 && a.m > 0 && b.m < G_MININT64 + a.m)) {
        *err = g_strdup_printf("range %s:%s:%s: numbers too large", start,
                               stop, step);
        return -1;
    }
    if (st.m == 0) {
        *err = g_strdup_printf("range %s:%s:%s: STEP is zero", start, stop,
                               step);
        return -1;
    }
    span = b.m - a.m;
    if ((span > 0 && st.m < 0) || (span < 0 && st.m > 0)) {
        *err = g_strdup_printf("range %s:%s:%s: STEP goes away from STOP",
                               start, stop, step);
        return -1;
    }
    count = (guint64)(span / st.m) + 1;
    if (count > max) {
        *err = g_strdup_printf("range %s:%s:%s: %" G_GUINT64_FORMAT
                               " values, more than %u", start, stop, step,
                               count, max);
        return -1;
    }
    for (guint64 i = 0; i < count; i++) {
        g_ptr_array_add(out, dec_format(a.m + (gint64)i * st.m, scale));
    }
    return 0;
}

static void param_free(gpointer p)
{
    TbSweepParam *sp = p;
    g_free(sp->key);
    g_ptr_array_free(sp->values, TRUE);
    g_free(sp);
}

void tb_sweep_grid_free(TbSweepGrid *g)
{
    if (g) {
        g_ptr_array_free(g->params, TRUE);
        g_free(g);
    }
}

static int key_ok(const char *k);

/* A paired axis "K1+K2=V1+W1,V2+W2" (keys and each value joined by '+'):
 * NULL, or why not (g_free): every key a SECTION.KEY given once, a LIST
 * whose values have one part per key, none empty. */
static char *pair_check(const char *key, const GPtrArray *values)
{
    char **k = g_strsplit(key, "+", -1);
    guint nk = g_strv_length(k);
    char *why = NULL;

    for (guint i = 0; i < nk && !why; i++) {
        if (!key_ok(k[i])) {
            why = g_strdup_printf("'%s' is not a SECTION.KEY", k[i]);
        }
        for (guint j = 0; j < i && !why; j++) {
            if (!strcmp(k[i], k[j])) {
                why = g_strdup_printf("key '%s' paired with itself", k[i]);
            }
        }
    }
    for (guint v = 0; v < values->len && !why; v++) {
        const char *val = g_ptr_array_index(values, v);
        char **parts = g_strsplit(val, "+", -1);
        guint np = g_strv_length(parts);
        bool empty = false;
        for (guint i = 0; i < np; i++) {
            empty |= !*g_strstrip(parts[i]);
        }
        if (np != nk || empty) {
            why = g_strdup_printf("value '%s' is not %u values joined by "
                                  "'+', one per key", val, nk);
        }
        g_strfreev(parts);
    }
    g_strfreev(k);
    return why;
}

static int key_ok(const char *k)
{
    const char *dot = strchr(k, '.');
    if (!dot || dot == k || !dot[1] || k[strlen(k) - 1] == '.') {
        return 0;
    }
    for (const char *p = k; *p; p++) {
        if (!g_ascii_isalnum(*p) && *p != '_' && *p != '.' && *p != '-') {
            return 0;
        }
    }
    return 1;
}

/* "START:STOP:STEP" into @values; NULL, or why not (g_free). */
static char *range_values(const char *v, GPtrArray *values)
{
    char **r = g_strsplit(v, ":", -1);
    char *why = NULL;

    if (g_strv_length(r) != 3) {
        why = g_strdup_printf("range '%s' is not START:STOP:STEP", v);
    } else {
        for (int i = 0; i < 3; i++) {
            g_strstrip(r[i]);
        }
        tb_sweep_range(r[0], r[1], r[2], TB_SWEEP_MAX_POINTS, values, &why);
    }
    g_strfreev(r);
    return why;
}

/* "A,B,C" into @values (no empty or repeated value); NULL, or why not
 * (g_free). */
static char *list_values(const char *v, GPtrArray *values)
{
    char **l = g_strsplit(v, ",", -1);
    char *why = NULL;

    for (char **s = l; *s && !why; s++) {
        g_strstrip(*s);
        if (!**s) {
            why = g_strdup("empty value in the list");
            break;
        }
        for (guint i = 0; i < values->len; i++) {
            if (!strcmp(g_ptr_array_index(values, i), *s)) {
                why = g_strdup_printf("value '%s' given twice", *s);
                break;
            }
        }
        if (!why) {
            g_ptr_array_add(values, g_strdup(*s));
        }
    }
    g_strfreev(l);
    return why;
}

/* Parse one "KEY=SPEC"; NULL with *err set. */
static TbSweepParam *param_parse(const char *spec, char **err)
{
    const char *eq = strchr(spec, '=');
    TbSweepParam *p;
    const char *v;
    char *why = NULL;

    if (!eq) {
        *err = g_strdup_printf("--param %s: expected KEY=LIST or "
                               "KEY=START:STOP:STEP", spec);
        return NULL;
    }
    p = g_new0(TbSweepParam, 1);
    p->key = g_strstrip(g_strndup(spec, (size_t)(eq - spec)));
    p->values = g_ptr_array_new_with_free_func(g_free);
    v = eq + 1;
    if (strchr(p->key, '+')) {
        why = strchr(v, ':') && !strchr(v, ',')
                  ? g_strdup("a paired key takes a LIST, not a range")
                  : list_values(v, p->values);
        why = why ? why : pair_check(p->key, p->values);
    } else if (!key_ok(p->key)) {
        why = g_strdup_printf("'%s' is not a SECTION.KEY", p->key);
    } else if (strchr(v, ':') && !strchr(v, ',')) {
        why = range_values(v, p->values);
    } else {
        why = list_values(v, p->values);
    }
    if (!why && p->values->len == 0) {
        why = g_strdup("no values");
    }
    if (why) {
        *err = g_strdup_printf("--param %s: %s", spec, why);
        g_free(why);
        param_free(p);
        return NULL;
    }
    return p;
}

/* A key of the axis keys @key ('+'-joined) that an axis of @g already
 * has (g_free it), or NULL. */
static char *key_twice(const TbSweepGrid *g, const char *key)
{
    char **k = g_strsplit(key, "+", -1);
    char *twice = NULL;

    for (guint i = 0; i < g->params->len && !twice; i++) {
        const TbSweepParam *q = g_ptr_array_index(g->params, i);
        char **qk = g_strsplit(q->key, "+", -1);
        for (char **a = k; *a && !twice; a++) {
            for (char **b = qk; *b && !twice; b++) {
                if (!strcmp(*a, *b)) {
                    twice = g_strdup(*a);
                }
            }
        }
        g_strfreev(qk);
    }
    g_strfreev(k);
    return twice;
}

TbSweepGrid *tb_sweep_grid_new(const char *const *specs, char **err)
{
    TbSweepGrid *g = g_new0(TbSweepGrid, 1);
    guint64 n = 1;

    g->params = g_ptr_array_new_with_free_func(param_free);
    for (const char *const *s = specs; s && *s; s++) {
        TbSweepParam *p = param_parse(*s, err);
        if (!p) {
            tb_sweep_grid_free(g);
            return NULL;
        }
        char *twice = key_twice(g, p->key);
        if (twice) {
            *err = g_strdup_printf("--param %s: key '%s' given twice", *s,
                                   twice);
            g_free(twice);
            param_free(p);
            tb_sweep_grid_free(g);
            return NULL;
        }
        g_ptr_array_add(g->params, p);
        n *= p->values->len;
        if (n > TB_SWEEP_MAX_POINTS) {
            *err = g_strdup_printf("--param %s: the grid has more than %u "
                                   "points", *s, TB_SWEEP_MAX_POINTS);
            tb_sweep_grid_free(g);
            return NULL;
        }
    }
    if (g->params->len == 0) {
        *err = g_strdup("no --param given");
        tb_sweep_grid_free(g);
        return NULL;
    }
    g->npoints = (guint)n;
    return g;
}

const char *tb_sweep_value(const TbSweepGrid *g, guint point, guint axis)
{
    guint rest = point;
    const TbSweepParam *p = NULL;

    /* Last axis fastest: peel axes from the end. */
    for (guint i = g->params->len; i-- > axis;) {
        p = g_ptr_array_index(g->params, i);
        if (i == axis) {
            return g_ptr_array_index(p->values, rest % p->values->len);
        }
        rest /= p->values->len;
    }
    return NULL;
}

/* Append "KEY=VALUE" of axis @axis at @point to @out: one per key of a
 * paired axis. */
static void axis_sets(const TbSweepGrid *g, guint point, guint axis,
                      GPtrArray *out)
{
    const TbSweepParam *p = g_ptr_array_index(g->params, axis);
    char **k = g_strsplit(p->key, "+", -1);
    char **v = g_strsplit(tb_sweep_value(g, point, axis), "+", -1);

    for (guint i = 0; k[i]; i++) {
        char *val = k[1] ? g_strstrip(v[i]) : v[i];
        g_ptr_array_add(out, g_strdup_printf("%s=%s", k[i], val));
    }
    g_strfreev(k);
    g_strfreev(v);
}

char **tb_sweep_point_sets(const TbSweepGrid *g, guint point)
{
    GPtrArray *v = g_ptr_array_new();

    for (guint i = 0; i < g->params->len; i++) {
        axis_sets(g, point, i, v);
    }
    g_ptr_array_add(v, NULL);
    return (char **)g_ptr_array_free(v, FALSE);
}

char *tb_sweep_axis_text(const TbSweepGrid *g, guint point, guint axis)
{
    GPtrArray *v = g_ptr_array_new_with_free_func(g_free);
    char *s;

    axis_sets(g, point, axis, v);
    g_ptr_array_add(v, NULL);
    s = g_strjoinv(" ", (char **)v->pdata);
    g_ptr_array_free(v, TRUE);
    return s;
}

char *tb_sweep_point_label(const TbSweepGrid *g, guint point)
{
    char **v = tb_sweep_point_sets(g, point);
    char *s = g_strjoinv(" ", v);
    g_strfreev(v);
    return s;
}
