/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot output of `e1klab sweep` (sweep_plot.h): a whitespace data file
 * with one block per group (gnuplot "index"), a generated script, one
 * gnuplot run, then the renames.
 */
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "cli/sweep_plot.h"
#include "report/cli_out.h"

const char *const tb_sweep_plot_files[] = {
    "forwarded.png", "forwarded.svg", "interrupts.png", "interrupts.svg",
    "cpu.png", "cpu.svg", NULL,
};

void tb_plot_gp_str(GString *o, const char *s)
{
    g_string_append_c(o, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') {
            g_string_append_c(o, '\\');
        }
        g_string_append_c(o, *s == '\n' ? ' ' : *s);
    }
    g_string_append_c(o, '"');
}

void tb_plot_pngterm(GString *o, int w, int h)
{
    g_string_append_printf(o, "if (strstrt(GPVAL_TERMINALS, \"pngcairo\") "
                           "> 0) {\n  pngterm = \"pngcairo size %d,%d font "
                           "'sans,10'\"\n} else {\n  pngterm = \"png size "
                           "%d,%d\"\n}\n", w, h, w, h);
}

void tb_plot_terminal(GString *o, bool svg, int w, int h)
{
    if (svg) {
        g_string_append_printf(o, "set terminal svg size %d,%d font "
                               "'sans,10' background '#ffffff'\n", w, h);
    } else {
        g_string_append(o, "set terminal @pngterm\n");
    }
    g_string_append(o, "set termoption noenhanced\n");
}

void tb_plot_chart_head(GString *o, const char *out, const char *title,
                        const char *ylabel)
{
    g_string_append(o, "set output ");
    tb_plot_gp_str(o, out);
    g_string_append(o, "\nset title ");
    tb_plot_gp_str(o, title);
    g_string_append(o, "\nset ylabel ");
    tb_plot_gp_str(o, ylabel);
    g_string_append(o, "\nplot ");
}

static int cmp_point(const void *a, const void *b)
{
    const TbPlotPoint *x = *(const TbPlotPoint *const *)a;
    const TbPlotPoint *y = *(const TbPlotPoint *const *)b;
    if (x->offered_kpps != y->offered_kpps) {
        return x->offered_kpps < y->offered_kpps ? -1 : 1;
    }
    return x < y ? -1 : x > y;
}

static char *data_text(const char *const *groups, guint ngroups,
                       const TbPlotPoint *pts, guint npts)
{
    GString *o = g_string_new("# e1klab sweep: one block per curve\n"
                              "# offered_kpps forwarded_kpps rx_irq_per_s "
                              "hardirq_pct softirq_pct process_pct "
                              "idle_pct\n");
    const TbPlotPoint **v = g_new(const TbPlotPoint *, npts ? npts : 1);

    for (guint g = 0; g < ngroups; g++) {
        guint n = 0;
        for (guint i = 0; i < npts; i++) {
            if (pts[i].group == g) {
                v[n++] = &pts[i];
            }
        }
        qsort(v, n, sizeof(*v), cmp_point);
        g_string_append_printf(o, "%s# %s\n", g ? "\n\n" : "", groups[g]);
        for (guint i = 0; i < n; i++) {
            g_string_append_printf(o, "%.3f %.3f %.1f %.4f %.4f %.4f %.4f\n",
                                   v[i]->offered_kpps, v[i]->forwarded_kpps,
                                   v[i]->rx_irq_per_s, v[i]->cpu_pct[0],
                                   v[i]->cpu_pct[1], v[i]->cpu_pct[2],
                                   v[i]->cpu_pct[3]);
        }
    }
    g_free(v);
    return g_string_free(o, FALSE);
}

static void chart(GString *o, const char *out, const char *title,
                  const char *ylabel, const char *const *groups,
                  guint ngroups, int kind)
{
    static const char *const ctx[] = {"hardirq", "softirq", "idle"};
    static const int ctx_col[] = {4, 5, 7};

    tb_plot_chart_head(o, out, title, ylabel);
    for (guint g = 0; g < ngroups; g++) {
        if (kind == 2) {
            for (int c = 0; c < 3; c++) {
                char *t = g_strdup_printf("%s %s", groups[g], ctx[c]);
                g_string_append_printf(o, "%s\"sweep-plot.dat\" index %u "
                                       "using 1:%d with linespoints lw 2 "
                                       "lc %u dt %d pt %d title ",
                                       g || c ? ", \\\n     " : "", g,
                                       ctx_col[c], g + 1, c + 1, c + 5);
                tb_plot_gp_str(o, t);
                g_free(t);
            }
        } else {
            g_string_append_printf(o, "%s\"sweep-plot.dat\" index %u using "
                                   "1:%d with linespoints lw 2 lc %u pt %u "
                                   "title ", g ? ", \\\n     " : "", g,
                                   kind == 0 ? 2 : 3, g + 1, g + 4);
            tb_plot_gp_str(o, groups[g]);
        }
    }
    if (kind == 0) {
        g_string_append(o, ", \\\n     x with lines dt 3 lc rgb \"gray40\" "
                           "title \"offered\"");
    }
    g_string_append(o, "\n");
}

static char *script_text(const char *title, const char *const *groups,
                         guint ngroups, const char *rx_iface)
{
    GString *o = g_string_new("# Generated by e1klab sweep; run with "
                              "`gnuplot sweep.gp` in this directory.\n");
    char *irq_title = g_strdup_printf("%s: RX interrupts/s (%s) vs offered "
                                      "load", title, rx_iface);
    char *fwd_title = g_strdup_printf("%s: forwarded vs offered load", title);
    char *cpu_title = g_strdup_printf("%s: CPU share vs offered load", title);
    char *irq_label = g_strdup_printf("%s interrupts/s", rx_iface);
    static const char *const ext[] = {"png", "svg"};

    g_string_append(o,
        "set datafile separator whitespace\n"
        "set key outside right top\n"
        "set grid\n"
        "set xrange [0:*]\n"
        "set yrange [0:*]\n"
        "set xlabel \"offered load (kpps)\"\n");
    tb_plot_pngterm(o, 1000, 600);
    for (int e = 0; e < 2; e++) {
        char *f;
        tb_plot_terminal(o, e == 1, 1000, 600);
        f = g_strdup_printf("forwarded.%s", ext[e]);
        chart(o, f, fwd_title, "forwarded (kpps)", groups, ngroups, 0);
        g_free(f);
        f = g_strdup_printf("interrupts.%s", ext[e]);
        chart(o, f, irq_title, irq_label, groups, ngroups, 1);
        g_free(f);
        g_string_append(o, "set yrange [0:100]\n");
        f = g_strdup_printf("cpu.%s", ext[e]);
        chart(o, f, cpu_title, "CPU share (%)", groups, ngroups, 2);
        g_free(f);
        g_string_append(o, "set yrange [0:*]\nset output\n");
    }
    g_free(irq_title);
    g_free(fwd_title);
    g_free(cpu_title);
    g_free(irq_label);
    return g_string_free(o, FALSE);
}

/* After gnuplot failed: no chart of @files is left half drawn. */
static void remove_charts(const char *dir, const char *const *files)
{
    for (const char *const *f = files; *f; f++) {
        char *p = g_build_filename(dir, *f, NULL);
        g_unlink(p);
        g_free(p);
    }
}

int tb_plot_check(const char *dir, const char *const *files, char **err)
{
    for (const char *const *f = files; *f; f++) {
        char *fin = g_build_filename(dir, *f, NULL);
        int there = g_file_test(fin, G_FILE_TEST_IS_REGULAR);
        if (!there) {
            *err = g_strdup_printf("%s: gnuplot did not write it", fin);
        }
        g_free(fin);
        if (!there) {
            remove_charts(dir, files);
            return -1;
        }
    }
    return 0;
}

int tb_plot_put(const char *dir, const char *name, const char *text,
                char **err)
{
    char *p = g_build_filename(dir, name, NULL);
    int r = tb_out_write_file(p, text, strlen(text), err);
    g_free(p);
    return r;
}

int tb_plot_run(const char *gnuplot, const char *dir, const char *script,
                char **err)
{
    char *argv[] = {(char *)gnuplot, (char *)script, NULL};
    char *serr = NULL;
    GError *ge = NULL;
    int status = 0, r = 0;

    if (!g_spawn_sync(dir, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                      NULL, NULL, &serr, &status, &ge)) {
        *err = g_strdup_printf("cannot run %s: %s", gnuplot, ge->message);
        g_error_free(ge);
        r = -1;
    } else if (!g_spawn_check_wait_status(status, NULL)) {
        char **lines = g_strsplit(serr ? serr : "", "\n", -1);
        const char *last = "";
        for (char **l = lines; *l; l++) {
            if (**l) {
                last = *l;
            }
        }
        *err = g_strdup_printf("gnuplot failed on %s/%s: %s", dir, script,
                               last);
        g_strfreev(lines);
        r = -1;
    }
    g_free(serr);
    return r;
}

int tb_sweep_plot(const char *gnuplot, const char *dir, const char *title,
                  const char *const *groups, guint ngroups,
                  const TbPlotPoint *pts, guint npts, const char *rx_iface,
                  char **err)
{
    char *data = data_text(groups, ngroups, pts, npts);
    char *script = script_text(title, groups, ngroups, rx_iface);
    int r = -1;

    if (tb_plot_put(dir, "sweep-plot.dat", data, err) < 0 ||
        tb_plot_put(dir, "sweep.gp", script, err) < 0 ||
        tb_plot_run(gnuplot, dir, "sweep.gp", err) < 0) {
        remove_charts(dir, tb_sweep_plot_files);
    } else {
        r = tb_plot_check(dir, tb_sweep_plot_files, err);
    }
    g_free(data);
    g_free(script);
    return r;
}
