/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Parsers of the guest's result block and the device's stats file
 * (qemu_guest.h; formats in docs/full-system.md). */
#include <stdlib.h>
#include <string.h>

#include "qemu/qemu_guest.h"
#include "report/stats64_fields.h"

#define BEGIN_MARK "===E1KLAB-BEGIN==="
#define END_MARK "===E1KLAB-END==="

GPtrArray *tb_guest_lines(const char *text)
{
    GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
    const char *p = text;

    while (p && *p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *l = g_strndup(p, n);
        char *w = l;
        for (char *r = l; *r; r++) {       /* drop '\r' */
            if (*r != '\r') {
                *w++ = *r;
            }
        }
        *w = 0;
        if (*l) {
            g_ptr_array_add(out, l);
        } else {
            g_free(l);
        }
        p = nl ? nl + 1 : NULL;
    }
    return out;
}

TbGuestBlock *tb_guest_block_parse(const char *text, size_t len)
{
    /* console output may hold NULs: work on a copy with them replaced */
    char *t = g_malloc(len + 1);
    char *begin, *end, *body;
    TbGuestBlock *b;
    GPtrArray *all, *cur = NULL;

    for (size_t i = 0; i < len; i++) {
        t[i] = text[i] ? text[i] : ' ';
    }
    t[len] = 0;
    begin = strstr(t, BEGIN_MARK);
    if (!begin) {
        g_free(t);
        return NULL;
    }
    body = strchr(begin, '\n');
    end = body ? strstr(body, "\n" END_MARK) : NULL;
    if (!end) {
        g_free(t);
        return NULL;
    }
    end[1] = 0;
    b = g_new0(TbGuestBlock, 1);
    b->names = g_ptr_array_new_with_free_func(g_free);
    b->lines = g_ptr_array_new_with_free_func(
        (GDestroyNotify)g_ptr_array_unref);
    all = tb_guest_lines(body + 1);
    for (guint i = 0; i < all->len; i++) {
        const char *l = g_ptr_array_index(all, i);
        if (!strncmp(l, "@@ ", 3)) {
            char *name = g_strstrip(g_strdup(l + 3));
            cur = g_ptr_array_new_with_free_func(g_free);
            g_ptr_array_add(b->names, name);
            g_ptr_array_add(b->lines, cur);
        } else if (cur) {
            g_ptr_array_add(cur, g_strdup(l));
        }
    }
    g_ptr_array_unref(all);
    g_free(t);
    return b;
}

void tb_guest_block_free(TbGuestBlock *b)
{
    if (!b) {
        return;
    }
    g_ptr_array_unref(b->names);
    g_ptr_array_unref(b->lines);
    g_free(b);
}

GPtrArray *tb_guest_section(const TbGuestBlock *b, const char *name)
{
    for (guint i = 0; b && i < b->names->len; i++) {
        if (!strcmp(g_ptr_array_index(b->names, i), name)) {
            return g_ptr_array_index(b->lines, i);
        }
    }
    return NULL;
}

/* Parse a decimal or (base 16) hex unsigned number that is the whole of
 * @s.  0 or -1. */
static int num(const char *s, int base, uint64_t *v)
{
    char *e;
    if (!s || !*s || *s == '-') {
        return -1;
    }
    *v = g_ascii_strtoull(s, &e, base);
    return *e ? -1 : 0;
}

/* Non-empty words of @l. */
static char **words(const char *l)
{
    char **f = g_strsplit_set(l, " \t", -1);
    char **w = g_new0(char *, g_strv_length(f) + 1);
    int n = 0;
    for (char **p = f; *p; p++) {
        if (**p) {
            w[n++] = g_strdup(*p);
        }
    }
    g_strfreev(f);
    return w;
}

/* 1 if @w (NULL-terminated words of a numbered /proc/interrupts line)
 * ends with the device list "NAME, NAME, ..., NAME" holding @ifname.
 * The list is read from the end of the line: its last word, then each
 * word before it that ends with ','.  What precedes it (chip, hwirq and
 * flow columns, which vary across kernels) is never looked at, so a name
 * may hold '-' or digits. */
static int irq_names_hold(char **w, guint n, const char *ifname)
{
    size_t il = strlen(ifname);

    for (guint j = n; j-- > 1;) {
        const char *nm = w[j];
        size_t nl = strlen(nm);
        int last = j == n - 1;
        if (!last && (nl < 2 || nm[nl - 1] != ',')) {
            break;              /* not part of the device list */
        }
        if (nl - (last ? 0 : 1) == il && !strncmp(nm, ifname, il)) {
            return 1;
        }
    }
    return 0;
}

int tb_guest_interrupts(GPtrArray *lines, const char *ifname,
                        uint32_t *irq, uint64_t *count)
{
    for (guint i = 0; lines && i < lines->len; i++) {
        /* "  24:   123  IO-APIC  24-fasteoi   eth0, wan-0" */
        char **w = words(g_ptr_array_index(lines, i));
        guint n = g_strv_length(w), k = 1;
        size_t fl = w[0] ? strlen(w[0]) : 0;
        uint64_t line_no = 0, sum = 0, v;
        int hit = 0;

        if (n >= 3 && fl > 1 && w[0][fl - 1] == ':') {
            w[0][fl - 1] = 0;
            if (num(w[0], 10, &line_no) == 0) {
                for (; k < n && num(w[k], 10, &v) == 0; k++) {
                    sum += v;   /* the per-CPU columns */
                }
                hit = k > 1 && k < n && irq_names_hold(w + k, n - k, ifname);
            }
        }
        g_strfreev(w);
        if (hit) {
            *irq = (uint32_t)line_no;
            *count = sum;
            return 0;
        }
    }
    return -1;
}

void tb_guest_softnet(GPtrArray *lines, uint64_t *dropped,
                      uint64_t *time_squeeze)
{
    *dropped = 0;
    *time_squeeze = 0;
    for (guint i = 0; lines && i < lines->len; i++) {
        char **f = g_strsplit_set(g_ptr_array_index(lines, i), " \t", -1);
        uint64_t v[3] = {0, 0, 0};
        int n = 0;
        for (char **p = f; *p && n < 3; p++) {
            if (**p && num(*p, 16, &v[n]) == 0) {
                n++;
            }
        }
        if (n == 3) {
            *dropped += v[1];
            *time_squeeze += v[2];
        }
        g_strfreev(f);
    }
}

int tb_guest_snmp(GPtrArray *lines, const char *proto, const char *field,
                  uint64_t *v)
{
    char *tag = g_strconcat(proto, ":", NULL);
    int r = -1;

    /* header line then value line, both starting with "Proto:" */
    for (guint i = 0; lines && i + 1 < lines->len && r < 0; i++) {
        char **h = words(g_ptr_array_index(lines, i));
        char **x = words(g_ptr_array_index(lines, i + 1));
        if (h[0] && x[0] && !strcmp(h[0], tag) && !strcmp(x[0], tag)) {
            for (int k = 1; h[k] && x[k]; k++) {
                if (!strcmp(h[k], field) && num(x[k], 10, v) == 0) {
                    r = 0;
                    break;
                }
            }
            i++;
        }
        g_strfreev(h);
        g_strfreev(x);
    }
    g_free(tag);
    return r;
}

/* The first number among @w[k..] (a word holding digits only). */
static int first_num(char **w, int k, uint64_t *v)
{
    for (; w[k]; k++) {
        if (num(w[k], 10, v) == 0) {
            return 0;
        }
    }
    return -1;
}

/* One "FILE:LINE" line of the CPU time section into *c; *have gets
 * bit 0 for the clock, 1 for idle time, 2 for a schedstat line. */
static void cpu_line(const char *file, char **w, TbGuestCpu *c, int *have)
{
    uint64_t v;

    if (!strcmp(file, "/proc/timer_list")) {
        if (!strcmp(w[0], "now") && w[1] && !strcmp(w[1], "at") &&
            num(w[2], 10, &v) == 0) {
            c->now = v;
            *have |= 1;
        } else if ((g_str_has_prefix(w[0], ".idle_sleeptime") ||
                    g_str_has_prefix(w[0], ".iowait_sleeptime")) &&
                   first_num(w, 1, &v) == 0) {
            c->idle += v;
            *have |= 2;
        }
    } else if (!strcmp(file, "/proc/schedstat")) {
        if (g_str_has_prefix(w[0], "cpu") && g_strv_length(w) > 7 &&
            num(w[7], 10, &v) == 0) {
            c->tasks += v;
            *have |= 4;
        }
    } else if (g_str_has_prefix(file, "/sys/class/net/") &&
               g_str_has_suffix(file, "/hardirq_ns") &&
               num(w[0], 10, &v) == 0) {
        c->hardirq += v;
    } else if (g_str_has_prefix(file, "/proc/") &&
               g_str_has_suffix(file, "/schedstat") &&
               num(w[0], 10, &v) == 0) {
        c->ksoftirqd += v;
    }
}

int tb_guest_cpu(GPtrArray *lines, TbGuestCpu *c)
{
    int have = 0;

    memset(c, 0, sizeof(*c));
    for (guint i = 0; lines && i < lines->len; i++) {
        const char *l = g_ptr_array_index(lines, i);
        const char *colon = strchr(l, ':');
        char *file;
        char **w;
        if (!colon) {
            continue;
        }
        file = g_strndup(l, (gsize)(colon - l));
        w = words(colon + 1);
        if (w[0]) {
            cpu_line(file, w, c, &have);
        }
        g_strfreev(w);
        g_free(file);
    }
    return have == 7 ? 0 : -1;
}

int tb_guest_softirqs(GPtrArray *lines, const char *name, uint64_t *v)
{
    char *tag = g_strconcat(name, ":", NULL);
    int r = -1;

    for (guint i = 0; lines && i < lines->len && r < 0; i++) {
        char **w = words(g_ptr_array_index(lines, i));
        if (w[0] && !strcmp(w[0], tag)) {
            uint64_t x;
            *v = 0;
            for (int k = 1; w[k] && num(w[k], 10, &x) == 0; k++) {
                *v += x;
            }
            r = 0;
        }
        g_strfreev(w);
    }
    g_free(tag);
    return r;
}

int tb_guest_kv(GPtrArray *lines, const char *key, uint64_t *v)
{
    size_t kl = strlen(key);

    for (guint i = 0; lines && i < lines->len; i++) {
        const char *l = g_ptr_array_index(lines, i);
        if (!strncmp(l, key, kl) && l[kl] == '=') {
            return num(l + kl + 1, 10, v);
        }
    }
    return -1;
}

void tb_guest_link_stats(GPtrArray *lines, struct e1k_link_stats64 *s)
{
    memset(s, 0, sizeof(*s));
#define F(x) tb_guest_kv(lines, #x, &s->x);
    TB_STATS64_FIELDS(F)
#undef F
}

void tb_guest_model_totals(GPtrArray *lines, E1kTotals *t)
{
    memset(t, 0, sizeof(*t));
#define F(x) tb_guest_kv(lines, "model." #x, &t->x);
    E1K_TOTALS_FIELDS(F)
#undef F
}
