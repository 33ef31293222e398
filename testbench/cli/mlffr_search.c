/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The trials and the binary search of `e1klab mlffr` (mlffr_search.h).
 * A trial is the scenario run in this process on the modelled host with
 * the frame size, rate and frame count of the trial; a frame size's
 * search runs in a child process so that several sizes run at a time.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <signal.h>

#include "cli/mlffr_search.h"
#include "cli/progress.h"
#include "report/report.h"
#include "scenario/scenario_load.h"
#include "sim/sim.h"

uint64_t tb_mlffr_line_pps(uint32_t size, uint32_t link_mbps)
{
    return (uint64_t)link_mbps * 1000000u / (((uint64_t)size + 20) * 8);
}

/* One source, [traffic], of kind pktgen.  0 or -1 with *err. */
static int one_pktgen(const TbMlffrCfg *c, const TbScenario *sc, char **err)
{
    if (sc->nsources == 1 && !sc->traffic[0].name[0] &&
        sc->traffic[0].kind == TB_TRAFFIC_PKTGEN) {
        return 0;
    }
    *err = g_strdup_printf("%s: mlffr needs exactly one traffic source, a "
                           "[traffic] section of kind pktgen", c->scenario);
    return -1;
}

int tb_mlffr_check(const TbMlffrCfg *c, char **err)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    int r = tb_scenario_load(c->scenario, (const char *const *)c->sets, sc,
                             err);

    r = r == 0 ? one_pktgen(c, sc, err) : -1;
    g_free(sc);
    return r;
}

int tb_mlffr_load(const TbMlffrCfg *c, uint32_t size, uint64_t pps,
                  TbScenario *sc, char **err)
{
    GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
    int r;

    for (char **s = c->sets; s && *s; s++) {
        g_ptr_array_add(a, g_strdup(*s));
    }
    g_ptr_array_add(a, g_strdup_printf("traffic.frame_size=%u", size));
    g_ptr_array_add(a, g_strdup_printf("traffic.pps=%" PRIu64, pps));
    g_ptr_array_add(a, g_strdup_printf("traffic.count=%" PRIu64,
                                       c->trial_frames));
    g_ptr_array_add(a, g_strdup("run.duration=0"));
    g_ptr_array_add(a, NULL);
    r = tb_scenario_load(c->scenario, (const char *const *)a->pdata, sc,
                         err);
    g_ptr_array_free(a, TRUE);
    return r == 0 ? one_pktgen(c, sc, err) : -1;
}

int tb_mlffr_trial(const TbMlffrCfg *c, uint32_t size, uint64_t pps,
                   uint64_t *lost, uint64_t *offered, char **err)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbSim *sim = NULL;
    int r = -1;

    if (tb_mlffr_load(c, size, pps, sc, err) == 0 &&
        (sim = tb_sim_new(sc, err)) != NULL && tb_sim_run(sim, err) == 0) {
        const TbResults *res = tb_sim_results(sim);
        TbDerived d;

        tb_report_derive(sc, res, &d);
        *offered = res->offered;
        *lost = res->offered > d.delivered ? res->offered - d.delivered : 0;
        r = 0;
    }
    tb_sim_free(sim);
    g_free(sc);
    return r;
}

/* Whether a trial at @pps passes: lost <= tolerance x offered. */
static int passes(const TbMlffrCfg *c, TbMlffrResult *r, uint64_t pps,
                  int *pass, char **err)
{
    uint64_t lost, offered;

    if (tb_mlffr_trial(c, r->size, pps, &lost, &offered, err) < 0) {
        return -1;
    }
    r->trials++;
    *pass = (unsigned __int128)lost * 1000000u <=
            (unsigned __int128)c->loss_ppm * offered;
    return 0;
}

int tb_mlffr_search(const TbMlffrCfg *c, TbMlffrResult *r, char **err)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    uint64_t lo = 0, hi;
    int pass = 0, rc;

    rc = tb_mlffr_load(c, r->size, 1, sc, err);
    r->line_pps = rc == 0 ? tb_mlffr_line_pps(r->size,
                                              sc->nic[sc->traffic[0].nic]
                                                  .link_mbps)
                          : 0;
    g_free(sc);
    if (rc < 0) {
        return -1;
    }
    hi = r->line_pps;
    r->step_pps = hi * c->res_ppm / 1000000u ? hi * c->res_ppm / 1000000u
                                             : 1;
    r->trials = 0;
    if (passes(c, r, hi, &pass, err) < 0) {
        return -1;
    }
    while (!pass && hi - lo > r->step_pps) {
        uint64_t mid = lo + (hi - lo) / 2;
        int ok;
        if (passes(c, r, mid, &ok, err) < 0) {
            return -1;
        }
        *(ok ? &lo : &hi) = mid;
    }
    r->pps = pass ? hi : lo;
    return 0;
}

/* ---- a child process per frame size ---- */

/* In the child: search @r and write 'R' + the result or 'E' + the
 * message to @fd; never returns. */
static void child(const TbMlffrCfg *c, TbMlffrResult *r, int fd)
{
    char *err = NULL;
    GString *o = g_string_new(NULL);

    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (tb_mlffr_search(c, r, &err) == 0) {
        g_string_append_c(o, 'R');
        g_string_append_len(o, (const char *)r, sizeof(*r));
    } else {
        g_string_append_printf(o, "E%s", err);
    }
    if (write(fd, o->str, o->len) != (ssize_t)o->len) {
        _exit(1);
    }
    _exit(0);
}

/* The reply of a child on @fd into @r.  0, or -1 with *err. */
static int reply(int fd, TbMlffrResult *r, char **err)
{
    GString *in = g_string_new(NULL);
    char buf[4096];
    ssize_t n;
    int rc = -1;

    while ((n = read(fd, buf, sizeof(buf))) > 0 ||
           (n < 0 && errno == EINTR)) {
        g_string_append_len(in, buf, n > 0 ? n : 0);
    }
    if (in->len == 1 + sizeof(*r) && in->str[0] == 'R') {
        memcpy(r, in->str + 1, sizeof(*r));
        rc = 0;
    } else {
        *err = g_strdup_printf("%u bytes: %s", r->size,
                               in->len > 1 && in->str[0] == 'E'
                                   ? in->str + 1 : "the search died");
    }
    g_string_free(in, TRUE);
    return rc;
}

/* Start the child of size @i; its pid and read end into @pid, @fd. */
static int start(const TbMlffrCfg *c, TbMlffrResult *res, guint i,
                 pid_t *pid, int *fd, char **err)
{
    int p[2];

    if (pipe(p) < 0) {
        *err = g_strdup_printf("pipe: %s", g_strerror(errno));
        return -1;
    }
    fflush(NULL);
    *pid = fork();
    if (*pid == 0) {
        close(p[0]);
        child(c, &res[i], p[1]);
    }
    close(p[1]);
    if (*pid < 0) {
        close(p[0]);
        *err = g_strdup_printf("fork: %s", g_strerror(errno));
        return -1;
    }
    *fd = p[0];
    return 0;
}

/* The progress bar over frame sizes and the sizes done. */
typedef struct Bar {
    TbProgress p;
    guint done;
} Bar;

/* Wait for one running child, collect its reply.  0 or -1. */
static int collect(const TbMlffrCfg *c, TbMlffrResult *res, pid_t *pids,
                   int *fds, guint n, guint *running, Bar *bar, char **err)
{
    int status;
    pid_t w;
    int rc = -1;

    while ((w = waitpid(-1, &status, 0)) < 0 && errno == EINTR) {
    }
    if (w < 0) {
        *running = 0;
        if (!*err) {
            *err = g_strdup_printf("waitpid: %s", g_strerror(errno));
        }
        return -1;
    }
    for (guint i = 0; i < n; i++) {
        if (pids[i] == w) {
            char *e = NULL;
            rc = reply(fds[i], &res[i], &e);
            close(fds[i]);
            pids[i] = 0;
            (*running)--;
            if (rc < 0 && !*err) {
                *err = e;
            } else {
                g_free(e);
            }
            bar->done += rc == 0;
            if (rc == 0 && bar->p.on) {
                tb_progress_draw(&bar->p, bar->done, n);
            } else if (rc == 0 && !c->quiet) {
                fprintf(stderr, "mlffr: %u bytes: %" PRIu64 " frames/s "
                        "(%u trial%s)\n", res[i].size, res[i].pps,
                        res[i].trials, res[i].trials == 1 ? "" : "s");
            }
            return rc;
        }
    }
    return 0;
}

int tb_mlffr_search_all(const TbMlffrCfg *c, TbMlffrResult *res, guint n,
                        char **err)
{
    pid_t *pids = g_new0(pid_t, n);
    int *fds = g_new0(int, n);
    guint next = 0, running = 0;
    int failed = 0;
    Bar bar = {.done = 0};

    tb_progress_init(&bar.p, c->quiet, "frame sizes", 1);
    tb_progress_draw(&bar.p, 0, n);

    while ((next < n && !failed) || running) {
        if (next < n && !failed && running < (guint)c->jobs) {
            if (start(c, res, next, &pids[next], &fds[next], err) < 0) {
                failed = 1;
            } else {
                running++;
            }
            next++;
            continue;
        }
        if (collect(c, res, pids, fds, n, &running, &bar, err) < 0) {
            failed = 1;
        }
    }
    tb_progress_clear(&bar.p);
    g_free(pids);
    g_free(fds);
    return failed ? -1 : 0;
}
