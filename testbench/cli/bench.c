/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab-bench: run one scenario and print how fast the testbench is --
 * offered frames per wall-clock second, simulated time per wall second and
 * peak RSS.  Wall time is measured only here, never inside a run.
 *   e1klab-bench SCENARIO.ini [section.key=value ...]
 */
#include <glib.h>
#include <stdio.h>
#include <sys/resource.h>

#include "scenario/scenario_load.h"
#include "sim/sim.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s SCENARIO.ini [section.key=value ...]\n",
                argv[0]);
        return 2;
    }
    TbScenario *sc = g_new0(TbScenario, 1);
    char *err = NULL;
    if (tb_scenario_load(argv[1], (const char *const *)argv + 2, sc, &err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    gint64 t0 = g_get_monotonic_time();
    TbSim *sim = tb_sim_new(sc, &err);
    if (!sim) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    gint64 t1 = g_get_monotonic_time();
    if (tb_sim_run(sim, &err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    gint64 t2 = g_get_monotonic_time();
    const TbResults *r = tb_sim_results(sim);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double wall = (t2 - t1) / 1e6;
    double simt = (r->sim_ns - r->init_ns) / 1e9;
    printf("scenario            %s\n", sc->name);
    printf("offered frames      %" G_GUINT64_FORMAT "\n", r->offered);
    printf("forwarded frames    %" G_GUINT64_FORMAT "\n", r->forwarded);
    for (uint32_t i = 0; i < r->niface; i++) {
        printf("interrupts %-8s %" G_GUINT64_FORMAT "\n", r->iface[i].name,
               r->iface[i].interrupts);
    }
    printf("setup wall          %.3f s\n", (t1 - t0) / 1e6);
    printf("run wall            %.3f s\n", wall);
    printf("simulated (run)     %.3f s\n", simt);
    printf("offered/wall-second %.0f\n", wall > 0 ? r->offered / wall : 0);
    printf("simulated/wall      %.2f\n", wall > 0 ? simt / wall : 0);
    printf("peak RSS            %.1f MiB\n", ru.ru_maxrss / 1024.0);
    tb_sim_free(sim);
    g_free(sc);
    return 0;
}
