/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab check` (check.h): load the expectations first (a syntax error
 * costs no run), run the scenario in-process, build the JSON report
 * exactly as `e1klab run --json` does, evaluate every check, print and
 * optionally write JUnit XML.
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "cli/check.h"
#include "report/cli_out.h"
#include "cli/expect.h"
#include "report/report.h"
#include "report/report_path.h"
#include "scenario/scenario_load.h"
#include "sim/sim.h"

#define EXIT_FAILED 1
#define EXIT_BAD_INPUT 2

/* Run @scenario with @sets; the JSON report text, or NULL with *err. */
static char *run_scenario(const char *scenario, const char *const *sets,
                          char **err)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbSim *sim = NULL;
    char *json = NULL;

    if (tb_scenario_load(scenario, sets, sc, err) == 0) {
        sim = tb_sim_new(sc, err);
        if (sim && tb_sim_run(sim, err) == 0) {
            json = tb_report_json(sc, tb_sim_results(sim));
        }
    }
    tb_sim_free(sim);
    g_free(sc);
    return json;
}

static char *suite_name(JsonNode *root, const char *expect_path)
{
    JsonNode *n = tb_report_path_node(root, "scenario.name");
    char *base, *dot;

    if (n && JSON_NODE_HOLDS_VALUE(n) &&
        json_node_get_value_type(n) == G_TYPE_STRING &&
        *json_node_get_string(n)) {
        return g_strdup(json_node_get_string(n));
    }
    base = g_path_get_basename(expect_path);
    dot = strrchr(base, '.');
    if (dot && dot != base) {
        *dot = 0;
    }
    return base;
}

/* All-or-nothing, mode 0666 & ~umask, removed on SIGINT (cli_out.h). */
static int write_file(const char *path, const char *text, char **err)
{
    return tb_out_write_file(path, text, strlen(text), err);
}

int tb_cmd_check(int argc, char **argv)
{
    char **sets = NULL;
    char *junit_path = NULL, *json_path = NULL, *report_path = NULL;
    GOptionEntry entries[] = {
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "Override a scenario key (repeatable; after the file's 'set' "
         "lines)", "SECTION.KEY=VALUE"},
        {"junit", 0, 0, G_OPTION_ARG_FILENAME, &junit_path,
         "Write JUnit XML (one testcase per check) to FILE", "FILE"},
        {"json", 0, 0, G_OPTION_ARG_FILENAME, &json_path,
         "Also write the run's JSON report to FILE", "FILE"},
        {"report", 0, 0, G_OPTION_ARG_FILENAME, &report_path,
         "Check an existing JSON report instead of running a scenario",
         "REPORT.json"},
        {NULL, 0, 0, 0, NULL, NULL, NULL}};
    GOptionContext *oc = g_option_context_new(
        "SCENARIO.ini EXPECT.ini - run a scenario and check its report");
    GError *ge = NULL;
    TbExpectFile *ef = NULL;
    TbExpectResult *res = NULL;
    GPtrArray *all_sets = NULL;
    JsonNode *root = NULL;
    char *err = NULL, *json = NULL, *xml = NULL, *suite = NULL;
    const char *expect_path;
    guint npass = 0, nfail = 0, n = 0;
    int status = EXIT_BAD_INPUT;

    g_set_prgname("e1klab check");
    g_option_context_add_main_entries(oc, entries, NULL);
    g_option_context_set_description(oc,
        "Expectation syntax and field paths: docs/sweep-and-check.md.\n"
        "Exit status: 0 all checks passed, 1 a check failed, 2 bad input.");
    if (!g_option_context_parse(oc, &argc, &argv, &ge)) {
        err = g_strdup_printf("check: %s", ge->message);
        g_error_free(ge);
        goto out;
    }
    if (argc != (report_path ? 2 : 3)) {
        err = g_strdup(report_path
                           ? "check: with --report give only EXPECT.ini"
                           : "check: need SCENARIO.ini and EXPECT.ini (see "
                             "e1klab help check)");
        goto out;
    }
    if (report_path && (sets || json_path)) {
        err = g_strdup("check: --set and --json need a scenario run, not "
                       "--report");
        goto out;
    }
    {
        const char *outs[] = {json_path, junit_path};
        const char *names[] = {"--json", "--junit"};
        if (tb_out_conflict(outs, names, 2, &err) < 0) {
            goto out;
        }
    }
    expect_path = argv[argc - 1];
    ef = tb_expect_load(expect_path, &err);
    if (!ef) {
        goto out;
    }
    if (report_path) {
        if (ef->sets->len > 1) {
            /* the report was produced elsewhere: the file's "set" lines
             * cannot apply to it */
            fprintf(stderr, "e1klab: check: %s: %u \"set\" line(s) ignored "
                    "with --report\n", expect_path, ef->sets->len - 1);
        }
        root = tb_report_load(report_path, &err);
    } else {
        all_sets = g_ptr_array_new();
        for (guint i = 0; i + 1 < ef->sets->len; i++) {
            g_ptr_array_add(all_sets, g_ptr_array_index(ef->sets, i));
        }
        for (char **s = sets; s && *s; s++) {
            g_ptr_array_add(all_sets, *s);
        }
        g_ptr_array_add(all_sets, NULL);
        json = run_scenario(argv[1], (const char *const *)all_sets->pdata,
                            &err);
        if (json) {
            root = tb_report_parse(json, "report", &err);
        }
    }
    if (!root) {
        goto out;
    }
    n = ef->items->len;
    res = g_new0(TbExpectResult, n);
    for (guint i = 0; i < n; i++) {
        if (tb_expect_eval(ef, g_ptr_array_index(ef->items, i), root, &res[i],
                           &err) < 0) {
            goto out;
        }
    }
    suite = suite_name(root, expect_path);
    if (json_path && write_file(json_path, json, &err) < 0) {
        goto out;
    }
    if (junit_path) {
        xml = tb_expect_junit(ef, res, suite);
        if (write_file(junit_path, xml, &err) < 0) {
            if (json_path) {
                g_unlink(json_path);
            }
            goto out;
        }
    }
    for (guint i = 0; i < n; i++) {
        const TbExpect *e = g_ptr_array_index(ef->items, i);
        printf("%s %s: %s\n", res[i].pass ? "PASS" : "FAIL", e->name,
               res[i].detail);
        if (res[i].pass) {
            npass++;
        } else {
            nfail++;
        }
    }
    printf("%u passed, %u failed\n", npass, nfail);
    fflush(stdout);
    status = nfail ? EXIT_FAILED : 0;

out:
    if (err) {
        fprintf(stderr, "e1klab: %s%s\n",
                g_str_has_prefix(err, "check:") ? "" : "check: ", err);
        status = EXIT_BAD_INPUT;
    }
    for (guint i = 0; res && i < n; i++) {
        g_free(res[i].detail);
    }
    g_free(res);
    if (root) {
        json_node_unref(root);
    }
    if (all_sets) {
        g_ptr_array_free(all_sets, TRUE);
    }
    tb_expect_file_free(ef);
    g_free(err);
    g_free(json);
    g_free(xml);
    g_free(suite);
    g_strfreev(sets);
    g_free(junit_path);
    g_free(json_path);
    g_free(report_path);
    g_option_context_free(oc);
    return status;
}
