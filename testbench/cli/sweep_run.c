/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The points of `e1klab sweep` (sweep_run.h): their command lines, the
 * in-process check of every point's scenario, and a pool of child
 * processes that runs them.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "cli/progress.h"
#include "cli/sweep_run.h"
#include "report/cli_out.h"
#include "scenario/scenario_load.h"
#include "scenario/topology.h"

char *tb_sweep_point_json(const TbSweep *s, guint i)
{
    char name[32];
    g_snprintf(name, sizeof(name), "point-%04u.json", i);
    return g_build_filename(s->dir, name, NULL);
}

/* Append "--set X" for each of @sets (NULL-terminated) to @a. */
static void add_sets(GPtrArray *a, char **sets)
{
    for (char **x = sets; x && *x; x++) {
        g_ptr_array_add(a, g_strdup("--set"));
        g_ptr_array_add(a, g_strdup(*x));
    }
}

char **tb_sweep_point_argv(const TbSweep *s, const char *exe, guint i)
{
    GPtrArray *a = g_ptr_array_new();
    char **ps = tb_sweep_point_sets(s->grid, i);

    g_ptr_array_add(a, g_strdup(exe));
    g_ptr_array_add(a, g_strdup("run"));
    g_ptr_array_add(a, g_strdup(s->scenario));
    add_sets(a, s->sets);
    add_sets(a, ps);
    g_ptr_array_add(a, g_strdup("--json"));
    g_ptr_array_add(a, tb_sweep_point_json(s, i));
    g_ptr_array_add(a, g_strdup("--quiet"));
    g_ptr_array_add(a, NULL);
    g_strfreev(ps);
    return (char **)g_ptr_array_free(a, FALSE);
}

/* Append the files point scenario @sc reads to @inputs (if not NULL). */
static void add_inputs(GPtrArray *inputs, const TbScenario *sc)
{
    char **in = inputs ? tb_scenario_inputs(sc) : NULL;

    for (char **x = in; x && *x; x++) {
        g_ptr_array_add(inputs, g_strdup(*x));
    }
    g_strfreev(in);
}

/* Load point @i's scenario with the user's and the point's --set into
 * @t: its inputs into @inputs, its expected simulated time.  0 or -1
 * with *why. */
static int validate_point(const TbSweep *s, guint i, TbTopology *t,
                          GPtrArray *inputs, char **why)
{
    char **ps = tb_sweep_point_sets(s->grid, i);
    GPtrArray *all = g_ptr_array_new();
    int r;

    for (char **x = s->sets; x && *x; x++) {
        g_ptr_array_add(all, *x);
    }
    for (char **x = ps; *x; x++) {
        g_ptr_array_add(all, *x);
    }
    g_ptr_array_add(all, NULL);
    r = tb_topology_load(s->scenario, (const char *const *)all->pdata, t,
                         why);
    if (r == 0 && (t->netperf.present != 0) != (s->netperf != 0)) {
        *why = g_strdup(s->netperf ? "no [netperf] test: the sweep's "
                                     "columns are the test's"
                                   : "a [netperf] test the scenario does "
                                     "not have: the sweep's columns differ");
        r = -1;
    }
    for (uint32_t h = 0; r == 0 && h < t->nhosts; h++) {
        add_inputs(inputs, &t->host[h]);
        if (s->expect_ns) {
            uint64_t e = tb_scenario_expected_ns(&t->host[h]);
            s->expect_ns[i] = e > s->expect_ns[i] ? e : s->expect_ns[i];
        }
    }
    tb_topology_clear(t);
    g_ptr_array_free(all, TRUE);
    g_strfreev(ps);
    return r;
}

int tb_sweep_validate(const TbSweep *s, GPtrArray *inputs, char **err)
{
    TbTopology t;
    int r = 0;

    for (guint i = 0; i < s->grid->npoints && r == 0; i++) {
        char *why = NULL;
        r = validate_point(s, i, &t, inputs, &why);
        if (r < 0) {
            char *label = tb_sweep_point_label(s->grid, i);
            *err = g_strdup_printf("point %u (%s): %s", i, label, why);
            g_free(label);
            g_free(why);
        }
    }
    return r;
}

/* ---- the grid record, DIR/sweep-grid.txt ---- */

static char *grid_text(const TbSweep *s)
{
    GString *o = g_string_new("# e1klab sweep grid (checked by --collect)\n");
    char *base = g_path_get_basename(s->scenario);

    g_string_append_printf(o, "scenario %s\n", base);
    for (char **x = s->sets; x && *x; x++) {
        g_string_append_printf(o, "set %s\n", *x);
    }
    for (guint i = 0; i < s->grid->npoints; i++) {
        char **ps = tb_sweep_point_sets(s->grid, i);
        g_string_append_printf(o, "point %u", i);
        for (char **x = ps; *x; x++) {
            g_string_append_printf(o, " %s", *x);
        }
        g_string_append_c(o, '\n');
        g_strfreev(ps);
    }
    g_free(base);
    return g_string_free(o, FALSE);
}

int tb_sweep_grid_write(const TbSweep *s, char **err)
{
    char *text = grid_text(s);
    char *path = g_build_filename(s->dir, "sweep-grid.txt", NULL);
    int r = tb_out_write_file(path, text, strlen(text), err);

    g_free(path);
    g_free(text);
    return r;
}

int tb_sweep_grid_check(const TbSweep *s, char **err)
{
    char *want = grid_text(s), *have = NULL;
    char *path = g_build_filename(s->dir, "sweep-grid.txt", NULL);
    char **w, **h;
    guint i = 0;

    if (!g_file_get_contents(path, &have, NULL, NULL)) {
        *err = g_strdup_printf("--collect: %s: missing (the record of the "
                               "grid the points were run with)", path);
        g_free(path);
        g_free(want);
        return -1;
    }
    w = g_strsplit(want, "\n", -1);
    h = g_strsplit(have, "\n", -1);
    while (w[i] && h[i] && !strcmp(w[i], h[i])) {
        i++;
    }
    if (w[i] || h[i]) {
        *err = g_strdup_printf("--collect: %s was run with another grid "
                               "(line %u: '%s', this sweep: '%s')", path,
                               i + 1, h[i] ? h[i] : "", w[i] ? w[i] : "");
    }
    g_strfreev(w);
    g_strfreev(h);
    g_free(have);
    g_free(want);
    g_free(path);
    return *err ? -1 : 0;
}

/* ---- signals: forwarded to the children ---- */

static const int fwd_signals[] = {SIGINT, SIGTERM, SIGHUP};
static volatile sig_atomic_t got_signal;     /* the first one, 0: none */
static volatile pid_t kids[64];              /* running children, 0 */
static pid_t sweep_pid;                      /* for the children's check */

/* Async-signal-safe: remember the signal, pass it on to every child. */
static void on_signal(int sig)
{
    if (!got_signal) {
        got_signal = sig;
    }
    for (unsigned i = 0; i < G_N_ELEMENTS(kids); i++) {
        if (kids[i] > 0) {
            kill(kids[i], sig);
        }
    }
}

/* Install on_signal for the signals not ignored (nohup keeps them
 * ignored); the old actions into @old.  No SA_RESTART: poll() returns. */
static void signals_catch(struct sigaction *old)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (unsigned i = 0; i < G_N_ELEMENTS(fwd_signals); i++) {
        sigaddset(&sa.sa_mask, fwd_signals[i]);
    }
    got_signal = 0;
    for (unsigned i = 0; i < G_N_ELEMENTS(fwd_signals); i++) {
        sigaction(fwd_signals[i], NULL, &old[i]);
        if (old[i].sa_handler != SIG_IGN) {
            sigaction(fwd_signals[i], &sa, NULL);
        }
    }
}

static void signals_restore(const struct sigaction *old)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(fwd_signals); i++) {
        sigaction(fwd_signals[i], &old[i], NULL);
    }
}

/* In the child before exec: die with the sweep (SIGTERM when it ends for
 * any reason, SIGKILL included), also if it ended before this call. */
static void child_setup(gpointer data)
{
    (void)data;
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != sweep_pid) {
        _exit(1);
    }
}

/* ---- the pool of children ---- */

typedef struct Child {
    GPid pid;
    int fd;                    /* its stderr, -1 once at EOF */
    guint point;
    GString *err;
} Child;

typedef struct Pool {
    const TbSweep *s;
    Child *act;                /* s->jobs slots, the first nact in use */
    guint nact;
    guint next;                /* next point to start */
    guint done;                /* points finished */
    int fail_status;           /* exit status of the first failure, 0 */
    char **err;
    TbProgress bar;            /* simulated time of the points done */
    uint64_t done_ns, total_ns;
} Pool;

static void child_read(Child *c)
{
    char buf[512];
    ssize_t n = read(c->fd, buf, sizeof(buf));

    if (n > 0) {
        if (c->err->len < 4096) {
            g_string_append_len(c->err, buf, n);
        }
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
        close(c->fd);
        c->fd = -1;
    }
}

static char *last_line(const char *text)
{
    char **l = g_strsplit(text, "\n", -1);
    char *res = NULL;
    for (char **p = l; *p; p++) {
        g_strstrip(*p);
        if (**p) {
            g_free(res);
            res = g_strdup(*p);
        }
    }
    g_strfreev(l);
    return res ? res : g_strdup("no message");
}

/* Start points while a slot is free and nothing has failed. */
static void pool_fill(Pool *p)
{
    const TbSweep *s = p->s;

    while (p->nact < (guint)s->jobs && p->next < s->grid->npoints &&
           !p->fail_status && !got_signal) {
        char **argv = tb_sweep_point_argv(s, s->exe, p->next);
        Child *c = &p->act[p->nact];
        GError *ge = NULL;
        if (!g_spawn_async_with_pipes(NULL, argv, NULL,
                                      G_SPAWN_DO_NOT_REAP_CHILD |
                                      G_SPAWN_STDOUT_TO_DEV_NULL,
                                      child_setup, NULL, &c->pid, NULL,
                                      NULL, &c->fd, &ge)) {
            *p->err = g_strdup_printf("cannot run %s: %s", s->exe,
                                      ge->message);
            g_error_free(ge);
            g_strfreev(argv);
            p->fail_status = 1;
            return;
        }
        g_strfreev(argv);
        c->point = p->next++;
        c->err = g_string_new(NULL);
        kids[p->nact] = c->pid;
        p->nact++;
        if (got_signal) {
            kill(c->pid, got_signal);   /* came before kids[] knew it */
        }
    }
}

/* Wait until a child's stderr is readable; read what is there. */
static void pool_wait(Pool *p)
{
    struct pollfd pfd[64];
    guint np = 0;

    for (guint i = 0; i < p->nact && np < G_N_ELEMENTS(pfd); i++) {
        if (p->act[i].fd >= 0) {
            pfd[np].fd = p->act[i].fd;
            pfd[np].events = POLLIN;
            pfd[np].revents = 0;
            np++;
        }
    }
    if (np && poll(pfd, np, -1) < 0 && errno != EINTR) {
        *p->err = g_strdup_printf("poll: %s", g_strerror(errno));
        p->fail_status = p->fail_status ? p->fail_status : 1;
    }
    for (guint i = 0, k = 0; i < p->nact; i++) {
        if (p->act[i].fd >= 0) {
            if (k < np && pfd[k].revents) {
                child_read(&p->act[i]);
            }
            k++;
        }
    }
}

/* Child @c ended with wait status @st: a progress line, or the first
 * failure's status and message.  No new points start after a failure;
 * those running finish normally (each writes a complete report or
 * none). */
static void pool_ended(Pool *p, const Child *c, int st)
{
    char *label = tb_sweep_point_label(p->s->grid, c->point);

    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        p->done_ns += p->s->expect_ns ? p->s->expect_ns[c->point] : 0;
        if (p->bar.on) {
            tb_progress_draw(&p->bar, p->done_ns, p->total_ns);
        } else if (!p->s->quiet) {
            fprintf(stderr, "sweep: [%u/%u] point %u (%s) done\n", p->done,
                    p->s->grid->npoints, c->point, label);
        }
    } else if (!p->fail_status) {
        char *msg = last_line(c->err->str);
        if (WIFEXITED(st)) {
            p->fail_status = WEXITSTATUS(st);
            *p->err = g_strdup_printf("point %u (%s) failed (exit %d): %s",
                                      c->point, label, p->fail_status, msg);
        } else {
            p->fail_status = 1;
            *p->err = g_strdup_printf("point %u (%s) died of signal %d: %s",
                                      c->point, label, WTERMSIG(st), msg);
        }
        g_free(msg);
    }
    g_free(label);
}

/* Reap the children whose stderr is closed. */
static void pool_reap(Pool *p)
{
    for (guint i = 0; i < p->nact;) {
        Child *c = &p->act[i];
        int st = 0;
        if (c->fd >= 0) {
            i++;
            continue;
        }
        while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR) {
        }
        g_spawn_close_pid(c->pid);
        p->done++;
        pool_ended(p, c, st);
        g_string_free(c->err, TRUE);
        kids[i] = kids[p->nact - 1];
        kids[p->nact - 1] = 0;
        p->act[i] = p->act[--p->nact];
    }
}

void tb_sweep_remove_points(const TbSweep *s)
{
    for (guint i = 0; i < s->grid->npoints; i++) {
        char *f = tb_sweep_point_json(s, i);
        g_unlink(f);
        g_free(f);
    }
}

int tb_sweep_run_points(const TbSweep *s, char **err)
{
    Pool p = {.s = s, .act = g_new0(Child, s->jobs), .err = err};
    struct sigaction old[G_N_ELEMENTS(fwd_signals)];
    int sig;

    tb_progress_init(&p.bar, s->quiet, "s simulated", 1e9);
    for (guint i = 0; s->expect_ns && i < s->grid->npoints; i++) {
        p.total_ns += s->expect_ns[i];
    }
    p.bar.on = p.bar.on && p.total_ns;  /* --collect: nothing known */
    tb_progress_draw(&p.bar, 0, p.total_ns);
    sweep_pid = getpid();
    signals_catch(old);
    while ((p.next < s->grid->npoints && !p.fail_status && !got_signal) ||
           p.nact > 0) {
        pool_fill(&p);
        if (p.nact == 0) {
            break;
        }
        pool_wait(&p);
        pool_reap(&p);
    }
    g_free(p.act);
    tb_progress_clear(&p.bar);
    sig = got_signal;
    if (sig || p.fail_status) {
        tb_sweep_remove_points(s);
    }
    signals_restore(old);
    if (sig) {
        /* end as the signal would have: by it, default action */
        signal(sig, SIG_DFL);
        raise(sig);
    }
    return p.fail_status;
}
