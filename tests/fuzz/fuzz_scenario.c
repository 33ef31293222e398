/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the scenario loader (testbench/scenario/;
 * build: scripts/fuzz.sh).
 *
 * The input is the INI text of a scenario file, loaded with relative
 * paths taken from the current directory (the fuzz build directory).
 * tb_topology_load_data() must return 0 with no message, or -1 with a
 * one-line message.  ASan/UBSan/LeakSanitizer catch memory errors and
 * leaks in the loader.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "scenario/topology.h"

#define FS_CHECK(cond)                                                    \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "fuzz_scenario: check failed: %s\n", #cond);  \
            abort();                                                      \
        }                                                                 \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    TbTopology t;
    char *err = NULL;
    int r = tb_topology_load_data((const char *)data, (ptrdiff_t)size,
                                  "fuzz.ini", NULL, NULL, &t, &err);
    if (r == 0) {
        FS_CHECK(err == NULL);
        FS_CHECK(t.nhosts >= 1);
        tb_topology_clear(&t);
    } else {
        FS_CHECK(r == -1);
        FS_CHECK(err != NULL && strchr(err, '\n') == NULL);
        g_free(err);
    }
    return 0;
}
