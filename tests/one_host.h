/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Test helpers for scenarios of one unnamed host (a file without
 * [host.NAME] sections, scenario/topology.h): load its TbScenario from
 * text or a file, and build a run of a TbScenario the test changed.
 */
#ifndef TB_TEST_ONE_HOST_H
#define TB_TEST_ONE_HOST_H

#include <glib.h>

#include "scenario/topology.h"
#include "sim/sim.h"

/* The host of the scenario text @text (@name in messages, relative paths
 * against @dir or the current directory) into *@sc, as tb_topology_load
 * loads it.  0, or -1 with *err. */
static inline int one_host_load_data(const char *text, const char *name,
                                     const char *dir,
                                     const char *const *sets, TbScenario *sc,
                                     char **err)
{
    TbTopology t;
    int r = tb_topology_load_data(text, -1, name, dir, sets, &t, err);
    if (r == 0) {
        g_assert_cmpuint(t.nhosts, ==, 1);
        *sc = t.host[0];
        tb_topology_clear(&t);
    }
    return r;
}

/* The same from the file @path. */
static inline int one_host_load(const char *path, const char *const *sets,
                                TbScenario *sc, char **err)
{
    TbTopology t;
    int r = tb_topology_load(path, sets, &t, err);
    if (r == 0) {
        g_assert_cmpuint(t.nhosts, ==, 1);
        *sc = t.host[0];
        tb_topology_clear(&t);
    }
    return r;
}

/* A run of the one unnamed host @sc (copied). */
static inline TbSim *one_host_sim(const TbScenario *sc, char **err)
{
    char name[1][TB_NAME_LEN] = {""};
    TbTopology t = {.nhosts = 1, .host_name = name,
                    .host = (TbScenario *)sc};
    return tb_sim_new(&t, err);
}

#endif /* TB_TEST_ONE_HOST_H */
