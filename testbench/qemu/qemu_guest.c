/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Parsers of the guest's result block and the device's stats file
 * (qemu_guest.h; formats in docs/full-system.md). */
#include <inttypes.h>
#include <stdio.h>
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

/* The /proc/interrupts line naming @ifname: its number into *irq, the
 * sum of its per-CPU columns into *sum and the column of CPU @cpu (0 if
 * it has none) into *on, the number of columns returned.  0 if no line
 * names @ifname. */
static guint irq_line(GPtrArray *lines, const char *ifname, uint32_t cpu,
                      uint32_t *irq, uint64_t *sum, uint64_t *on)
{
    for (guint i = 0; lines && i < lines->len; i++) {
        /* "  24:   123  IO-APIC  24-fasteoi   eth0, wan-0" */
        char **w = words(g_ptr_array_index(lines, i));
        guint n = g_strv_length(w), k = 1;
        size_t fl = w[0] ? strlen(w[0]) : 0;
        uint64_t line_no = 0, v;
        int hit = 0;

        *sum = *on = 0;
        if (n >= 3 && fl > 1 && w[0][fl - 1] == ':') {
            w[0][fl - 1] = 0;
            if (num(w[0], 10, &line_no) == 0) {
                for (; k < n && num(w[k], 10, &v) == 0; k++) {
                    *sum += v;  /* the per-CPU columns */
                    *on = k - 1 == cpu ? v : *on;
                }
                hit = k > 1 && k < n && irq_names_hold(w + k, n - k, ifname);
            }
        }
        g_strfreev(w);
        if (hit) {
            *irq = (uint32_t)line_no;
            return k - 1;
        }
    }
    return 0;
}

int tb_guest_interrupts(GPtrArray *lines, const char *ifname,
                        uint32_t *irq, uint64_t *count)
{
    uint64_t on;

    return irq_line(lines, ifname, 0, irq, count, &on) ? 0 : -1;
}

int tb_guest_interrupts_on(GPtrArray *lines, const char *ifname,
                           uint32_t cpu, uint64_t *count)
{
    uint32_t irq;
    uint64_t sum;

    return irq_line(lines, ifname, cpu, &irq, &sum, count) > cpu ? 0 : -1;
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

/* State of a CPU time section's parse: what was seen (bit 0 the clock,
 * 1 idle time, 2 a schedstat line), the timer_list CPU the lines are
 * about, and the ksoftirqd threads' PIDs and run times. */
typedef struct CpuParse {
    int have;
    int64_t tl_cpu;            /* -1 before the first "cpu: N" */
    uint64_t entry[TB_GUEST_MAX_CPUS]; /* .idle_entrytime, 0 if none */
    guint nks;
    uint64_t ks_pid[TB_GUEST_MAX_CPUS], ks_ns[TB_GUEST_MAX_CPUS];
} CpuParse;

/* A /proc/timer_list line */
static void cpu_timer_list(char **w, TbGuestCpu *c, CpuParse *st)
{
    uint64_t v;

    if (!strcmp(w[0], "now") && w[1] && !strcmp(w[1], "at") &&
        num(w[2], 10, &v) == 0) {
        c->now = v;
        st->have |= 1;
    } else if (!strcmp(w[0], "cpu:") && w[1] && num(w[1], 10, &v) == 0) {
        st->tl_cpu = v < TB_GUEST_MAX_CPUS ? (int64_t)v : -1;
    } else if (g_str_has_prefix(w[0], ".idle_entrytime") &&
               first_num(w, 1, &v) == 0) {
        if (st->tl_cpu >= 0) {
            st->entry[st->tl_cpu] = v;
        }
    } else if ((g_str_has_prefix(w[0], ".idle_sleeptime") ||
                g_str_has_prefix(w[0], ".iowait_sleeptime")) &&
               first_num(w, 1, &v) == 0) {
        c->idle += v;
        if (st->tl_cpu >= 0) {
            c->cpu_idle[st->tl_cpu] += v;
        }
        st->have |= 2;
    }
}

/* A /proc/schedstat line ("cpuN ... field 7 ...") */
static void cpu_schedstat(char **w, TbGuestCpu *c, CpuParse *st)
{
    uint64_t v, n;

    if (g_str_has_prefix(w[0], "cpu") && g_strv_length(w) > 7 &&
        num(w[7], 10, &v) == 0) {
        c->tasks += v;
        if (num(w[0] + 3, 10, &n) == 0 && n < TB_GUEST_MAX_CPUS) {
            c->cpu_tasks[n] = v;
            c->ncpus = MAX(c->ncpus, (uint32_t)n + 1);
        }
        st->have |= 4;
    }
}

/* One "FILE:LINE" line of the CPU time section into *c. */
static void cpu_line(const char *file, char **w, TbGuestCpu *c,
                     CpuParse *st)
{
    uint64_t v, pid;

    if (!strcmp(file, "/proc/timer_list")) {
        cpu_timer_list(w, c, st);
    } else if (!strcmp(file, "/proc/schedstat")) {
        cpu_schedstat(w, c, st);
    } else if (g_str_has_prefix(file, "/sys/class/net/") &&
               g_str_has_suffix(file, "/hardirq_ns") &&
               num(w[0], 10, &v) == 0) {
        c->hardirq += v;
    } else if (g_str_has_prefix(file, "/proc/") &&
               g_str_has_suffix(file, "/schedstat") &&
               num(w[0], 10, &v) == 0) {
        c->ksoftirqd += v;
        if (st->nks < TB_GUEST_MAX_CPUS &&
            sscanf(file, "/proc/%" SCNu64 "/", &pid) == 1) {
            st->ks_pid[st->nks] = pid;
            st->ks_ns[st->nks++] = v;
        }
    }
}

/* ksoftirqd/N is the N-th ksoftirqd thread by PID. */
static void cpu_ksoftirqd(TbGuestCpu *c, const CpuParse *st)
{
    for (guint i = 0; i < st->nks; i++) {
        guint rank = 0;
        for (guint j = 0; j < st->nks; j++) {
            rank += st->ks_pid[j] < st->ks_pid[i];
        }
        c->cpu_ksoftirqd[rank] = st->ks_ns[i];
    }
}

int tb_guest_cpu(GPtrArray *lines, TbGuestCpu *c)
{
    CpuParse st = {.tl_cpu = -1};

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
            cpu_line(file, w, c, &st);
        }
        g_strfreev(w);
        g_free(file);
    }
    cpu_ksoftirqd(c, &st);
    for (uint32_t k = 1; k < TB_GUEST_MAX_CPUS; k++) {
        if (st.entry[k] && st.entry[k] < c->now) {
            c->cpu_idle[k] += c->now - st.entry[k];  /* idle until now */
        }
    }
    return st.have == 7 ? 0 : -1;
}

int tb_guest_hardirq(GPtrArray *lines, const char *ifname, uint64_t *ns)
{
    char *tag = g_strdup_printf("/sys/class/net/%s/hardirq_ns:", ifname);
    size_t tl = strlen(tag);
    int r = -1;

    for (guint i = 0; lines && i < lines->len && r < 0; i++) {
        const char *l = g_ptr_array_index(lines, i);
        if (!strncmp(l, tag, tl) && num(l + tl, 10, ns) == 0) {
            r = 0;
        }
    }
    g_free(tag);
    return r;
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
