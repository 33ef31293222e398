/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab-scenario-keys: the key tables of docs/scenarios.md from the key
 * registry (scenario_keys.h).
 *
 *   e1klab-scenario-keys SECTION     print one table (scenario, host,
 *                                    driver, nic, route, traffic, run)
 *   e1klab-scenario-keys --check DOC exit 1 if a table in DOC differs
 *   e1klab-scenario-keys --write DOC rewrite the tables in DOC
 *
 * In DOC each table stands between the lines "<!-- keys:NAME begin -->"
 * and "<!-- keys:NAME end -->"; every section kind must have one.
 * Exit status: 0 ok, 1 DOC differs (--check), 2 bad arguments or DOC.
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "scenario/scenario_keys.h"

/* --check / --write DOC: 0, 1 (differs, --check) or 2 */
static int update_doc(const char *path, int write)
{
    char *doc = NULL, *cur, *msg = NULL;
    GError *ge = NULL;
    int r = 0;

    if (!g_file_get_contents(path, &doc, NULL, &ge)) {
        fprintf(stderr, "%s\n", ge->message);
        g_error_free(ge);
        return 2;
    }
    cur = tb_keys_doc_update(doc, &msg);
    if (!cur) {
        fprintf(stderr, "%s: %s\n", path, msg);
        g_free(msg);
        r = 2;
    }
    if (r == 0 && strcmp(cur, doc) != 0) {
        if (!write) {
            fprintf(stderr, "%s: a key table differs from the key registry "
                    "(testbench/scenario/scenario_keys.c); run "
                    "scripts/gen-scenario-docs.sh\n", path);
            r = 1;
        } else if (!g_file_set_contents(path, cur, -1, &ge)) {
            fprintf(stderr, "%s\n", ge->message);
            g_error_free(ge);
            r = 2;
        }
    }
    g_free(cur);
    g_free(doc);
    return r;
}

int main(int argc, char **argv)
{
    if (argc == 3 && (!strcmp(argv[1], "--check") ||
                      !strcmp(argv[1], "--write"))) {
        return update_doc(argv[2], !strcmp(argv[1], "--write"));
    }
    for (int s = 0; argc == 2 && s < TB_SEC_COUNT; s++) {
        if (!strcmp(argv[1], tb_key_sec_name((TbKeySec)s))) {
            char *table = tb_keys_markdown((TbKeySec)s);
            fputs(table, stdout);
            g_free(table);
            return 0;
        }
    }
    fprintf(stderr, "usage: e1klab-scenario-keys SECTION | --check DOC | "
            "--write DOC\n(SECTION: scenario, host, driver, nic, route, "
            "traffic, run)\n");
    return 2;
}
