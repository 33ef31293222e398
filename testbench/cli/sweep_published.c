/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The published curve of a sweep's charts (sweep_published.h).
 */
#include <math.h>
#include <string.h>

#include "cli/sweep_published.h"

/* A decimal number that is all of @s (spaces around allowed). */
static bool number(const char *s, double *v)
{
    char *end;
    *v = g_ascii_strtod(s, &end);
    return end != s && !*end && isfinite(*v);
}

/* One line @l (stripped, not empty) into @p (its title) or @x and @y.
 * NULL, or why not (g_free). */
static char *line_parse(TbPublished *p, char *l, GArray *x, GArray *y)
{
    char **f;
    double a, b;
    char *why = NULL;

    if (l[0] == '#') {
        const char *t = l + 1;
        while (*t == ' ') {
            t++;
        }
        if (g_str_has_prefix(t, "title:")) {
            g_free(p->title);
            p->title = g_strstrip(g_strdup(t + 6));
        }
        return NULL;
    }
    f = g_strsplit_set(l, " \t", -1);
    guint n = 0;
    char *v[2] = {NULL, NULL};
    for (char **s = f; *s; s++) {
        if (**s && n < 3) {
            if (n < 2) {
                v[n] = *s;
            }
            n++;
        }
    }
    if (n != 2 || !number(v[0], &a) || !number(v[1], &b)) {
        why = g_strdup_printf("'%s': expected two numbers, X and Y", l);
    }
    for (guint i = 0; !why && i < x->len; i++) {
        if (g_array_index(x, double, i) == a) {
            why = g_strdup_printf("x %s given twice", v[0]);
        }
    }
    if (!why) {
        g_array_append_val(x, a);
        g_array_append_val(y, b);
    }
    g_strfreev(f);
    return why;
}

TbPublished *tb_published_load(const char *path, char **err)
{
    char *text = NULL;
    GError *ge = NULL;

    if (!g_file_get_contents(path, &text, NULL, &ge)) {
        *err = g_strdup_printf("%s: %s", path, ge->message);
        g_error_free(ge);
        return NULL;
    }
    TbPublished *p = g_new0(TbPublished, 1);
    GArray *x = g_array_new(FALSE, FALSE, sizeof(double));
    GArray *y = g_array_new(FALSE, FALSE, sizeof(double));
    char **lines = g_strsplit(text, "\n", -1);
    char *why = NULL;
    guint ln = 0;
    bool bad = true;

    for (char **l = lines; *l && !why; l++) {
        ln++;
        g_strstrip(*l);
        why = **l ? line_parse(p, *l, x, y) : NULL;
    }
    if (why) {
        *err = g_strdup_printf("%s:%u: %s", path, ln, why);
    } else if (x->len == 0) {
        *err = g_strdup_printf("%s: no point (lines of X Y)", path);
    } else {
        bad = false;
    }
    p->n = x->len;
    p->x = (double *)g_array_free(x, FALSE);
    p->y = (double *)g_array_free(y, FALSE);
    if (!p->title) {
        p->title = g_strdup("published");
    }
    g_free(why);
    g_strfreev(lines);
    g_free(text);
    if (bad) {
        tb_published_free(p);
        return NULL;
    }
    return p;
}

bool tb_published_at(const TbPublished *p, double x, double *y)
{
    for (guint i = 0; p && i < p->n; i++) {
        if (p->x[i] == x) {
            *y = p->y[i];
            return true;
        }
    }
    return false;
}

void tb_published_free(TbPublished *p)
{
    if (p) {
        g_free(p->title);
        g_free(p->x);
        g_free(p->y);
        g_free(p);
    }
}
