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

/* The one source of @t, a [traffic] section (of its host) of kind
 * pktgen: its host into *@host.  0 or -1 with *err. */
static int one_pktgen(const char *scenario, const TbTopology *t,
                      uint32_t *host, char **err)
{
    uint32_t n = 0;
    *host = 0;
    for (uint32_t h = 0; h < t->nhosts; h++) {
        const TbScenario *sc = &t->host[h];
        n += sc->nsources;
        if (sc->nsources == 1 && !sc->traffic[0].name[0] &&
            sc->traffic[0].kind == TB_TRAFFIC_PKTGEN) {
            *host = h;
        }
    }
    if (n == 1 && t->host[*host].nsources == 1 &&
        !t->host[*host].traffic[0].name[0] &&
        t->host[*host].traffic[0].kind == TB_TRAFFIC_PKTGEN) {
        return 0;
    }
    *err = g_strdup_printf("%s: mlffr needs exactly one traffic source, a "
                           "[traffic] section of kind pktgen ([traffic.HOST] "
                           "in a scenario of named hosts)", scenario);
    return -1;
}

int tb_mlffr_check(TbMlffrCfg *c, char **err)
{
    TbTopology t;
    uint32_t h = 0;
    int r = tb_topology_load(c->scenario, (const char *const *)c->sets, &t,
                             err);

    r = r == 0 ? one_pktgen(c->scenario, &t, &h, err) : -1;
    if (r == 0) {
        char *sec = tb_topology_source_section(&t, h, 0);
        g_strlcpy(c->source, sec, sizeof(c->source));
        g_free(sec);
    }
    tb_topology_clear(&t);
    return r;
}

int tb_mlffr_load(const TbMlffrCfg *c, uint32_t size, uint64_t pps,
                  TbTopology *t, uint32_t *host, char **err)
{
    GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
    int r;

    for (char **s = c->sets; s && *s; s++) {
        g_ptr_array_add(a, g_strdup(*s));
    }
    g_ptr_array_add(a, g_strdup_printf("%s.frame_size=%u", c->source, size));
    g_ptr_array_add(a, g_strdup_printf("%s.pps=%" PRIu64, c->source, pps));
    g_ptr_array_add(a, g_strdup_printf("%s.count=%" PRIu64, c->source,
                                       c->trial_frames));
    g_ptr_array_add(a, g_strdup("run.duration=0"));
    g_ptr_array_add(a, NULL);
    r = tb_topology_load(c->scenario, (const char *const *)a->pdata, t, err);
    g_ptr_array_free(a, TRUE);
    return r == 0 ? one_pktgen(c->scenario, t, host, err) : -1;
}

/* What left the network from @sim or was read by a sink: per host, its
 * forwarded frames less those sent onto a link, and its sink's
 * datagrams. */
static uint64_t delivered(const TbSim *sim)
{
    const TbTopology *t = tb_sim_topology(sim);
    uint64_t n = 0;

    for (uint32_t h = 0; h < t->nhosts; h++) {
        const TbResults *r = tb_sim_results(sim, h);
        uint64_t fwd = r->forwarded, linked = 0;
        for (uint32_t i = 0; i < t->nlinks; i++) {
            for (int e = 0; e < 2; e++) {
                if (t->link[i].host[e] == h) {
                    linked += r->iface[t->link[i].nic[e]].wire_tx_frames;
                }
            }
        }
        n += (fwd > linked ? fwd - linked : 0) + r->sink_datagrams;
    }
    return n;
}

int tb_mlffr_trial(const TbMlffrCfg *c, uint32_t size, uint64_t pps,
                   uint64_t *lost, uint64_t *offered, char **err)
{
    TbTopology t;
    TbSim *sim = NULL;
    uint32_t h;
    int r = -1;

    if (tb_mlffr_load(c, size, pps, &t, &h, err) == 0 &&
        (sim = tb_sim_new(&t, err)) != NULL && tb_sim_run(sim, err) == 0) {
        uint64_t d = delivered(sim);
        *offered = tb_sim_results(sim, h)->offered;
        *lost = *offered > d ? *offered - d : 0;
        r = 0;
    }
    tb_sim_free(sim);
    tb_topology_clear(&t);
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
    TbTopology t;
    uint64_t lo = 0, hi;
    uint32_t h = 0;
    int pass = 0, rc;

    rc = tb_mlffr_load(c, r->size, 1, &t, &h, err);
    if (rc == 0) {
        const TbScenario *sc = &t.host[h];
        r->line_pps = tb_mlffr_line_pps(r->size,
                                        sc->nic[sc->traffic[0].nic]
                                            .link_mbps);
    }
    tb_topology_clear(&t);
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
