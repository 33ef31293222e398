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

#include "cli/check.h"
#include "cli/cli_opts.h"
#include "report/cli_out.h"
#include "cli/expect.h"
#include "report/report.h"
#include "report/report_path.h"
#include "scenario/scenario_load.h"
#include "scenario/topology.h"
#include "sim/sim.h"

#define EXIT_FAILED 1
#define EXIT_BAD_INPUT 2

/* --json and --junit before anything runs: writable, not a directory,
 * none of @inputs (NULL-terminated) nor the expectation file @expect or
 * the --report file (tb_out_check).  0 or -1 with *err. */
static int check_outs(const char *json_path, const char *junit_path,
                      const char *const *inputs, const char *expect,
                      const char *report, char **err)
{
    GPtrArray *in = g_ptr_array_new();
    int r;

    for (const char *const *i = inputs; i && *i; i++) {
        g_ptr_array_add(in, (char *)*i);
    }
    g_ptr_array_add(in, (char *)expect);
    g_ptr_array_add(in, (char *)(report ? report : ""));
    g_ptr_array_add(in, NULL);
    r = tb_out_check(json_path, "--json",
                     (const char *const *)in->pdata, err) < 0 ||
        tb_out_check(junit_path, "--junit",
                     (const char *const *)in->pdata, err) < 0 ? -1 : 0;
    g_ptr_array_free(in, TRUE);
    return r;
}

/* The files every host of @t reads, NULL-terminated (g_strfreev). */
static char **topology_inputs(const TbTopology *t)
{
    GPtrArray *a = g_ptr_array_new();

    for (uint32_t h = 0; h < t->nhosts; h++) {
        char **in = tb_scenario_inputs(&t->host[h]);
        for (char **x = in; *x; x++) {
            g_ptr_array_add(a, g_strdup(*x));
        }
        g_strfreev(in);
    }
    g_ptr_array_add(a, NULL);
    return (char **)g_ptr_array_free(a, FALSE);
}

/* Run @scenario with @sets after checking the outputs of @o (@expect:
 * the expectation file); the JSON report text (as `e1klab run --json`
 * writes it), or NULL with *err. */
static char *run_scenario(const char *scenario, const char *const *sets,
                          const char *json_path, const char *junit_path,
                          const char *expect, char **err)
{
    TbTopology t;
    TbSim *sim = NULL;
    char *json = NULL;
    char **in = NULL;

    if (tb_topology_load(scenario, sets, &t, err) == 0) {
        in = topology_inputs(&t);
    }
    if (in && check_outs(json_path, junit_path, (const char *const *)in,
                         expect, NULL, err) == 0) {
        sim = tb_sim_new(&t, err);
        if (sim && tb_sim_run(sim, err) == 0) {
            TbRunReport rr;
            tb_run_report_init(&rr, sim);
            json = tb_report_run_json(&rr);
            tb_run_report_clear(&rr);
        }
    }
    tb_sim_free(sim);
    g_strfreev(in);
    if (in) {
        tb_topology_clear(&t);
    }
    return json;
}

/* The JUnit suite: the scenario's name (scenario.name of a host's
 * report, scenario of a report of named hosts), else the expectation
 * file's base name. */
static char *suite_name(JsonNode *root, const char *expect_path)
{
    JsonNode *n = tb_report_path_node(root, "scenario.name");
    char *base, *dot;

    if (!n) {
        n = tb_report_path_node(root, "scenario");
    }
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

/* Every option of `e1klab check`, filled by GOption through @entries. */
typedef struct CheckOpts {
    char **sets;               /* --set SECTION.KEY=VALUE, NULL-terminated */
    char *junit_path;          /* --junit FILE */
    char *json_path;           /* --json FILE */
    char *report_path;         /* --report REPORT.json: no run */
    GOptionEntry entries[TB_CLI_MAX_OPTS];
} CheckOpts;

static void check_opts_init(CheckOpts *o)
{
    const GOptionEntry e[] = {
        TB_CLI_OPT_SET(&o->sets, "Override a scenario key (repeatable; "
                                 "after the file's 'set' lines)"),
        TB_CLI_OPT_FILE("junit", &o->junit_path,
                        "Write JUnit XML (one testcase per check) to FILE"),
        TB_CLI_OPT_FILE("json", &o->json_path,
                        "Also write the run's JSON report to FILE"),
        {"report", 0, 0, G_OPTION_ARG_FILENAME, &o->report_path,
         "Check an existing JSON report instead of running a scenario",
         "REPORT.json"},
        TB_CLI_OPT_END};

    G_STATIC_ASSERT(sizeof(e) <= sizeof(o->entries));
    memset(o, 0, sizeof(*o));
    memcpy(o->entries, e, sizeof(e));
}

/* Parse and check the command line; EXPECT.ini is (*argv)[*argc - 1].
 * 0 or -1 with *err. */
static int check_opts_parse(CheckOpts *o, int *argc, char ***argv,
                            char **err)
{
    GOptionContext *oc = g_option_context_new(
        "SCENARIO.ini EXPECT.ini - run a scenario and check its report");
    const char *outs[2], *names[] = {"--json", "--junit"};
    int r;

    g_set_prgname("e1klab check");
    g_option_context_add_main_entries(oc, o->entries, NULL);
    g_option_context_set_description(oc,
        "Expectation syntax and field paths: docs/sweep-and-check.md.\n"
        "Exit status: 0 all checks passed, 1 a check failed, 2 bad input.");
    r = tb_cli_parse(oc, argc, argv, "check: ", err);
    g_option_context_free(oc);
    if (r < 0) {
        return -1;
    }
    if (*argc != (o->report_path ? 2 : 3)) {
        *err = g_strdup(o->report_path
                            ? "check: with --report give only EXPECT.ini"
                            : "check: need SCENARIO.ini and EXPECT.ini (see "
                              "e1klab help check)");
        return -1;
    }
    if (o->report_path && (o->sets || o->json_path)) {
        *err = g_strdup("check: --set and --json need a scenario run, not "
                        "--report");
        return -1;
    }
    outs[0] = o->json_path;
    outs[1] = o->junit_path;
    return tb_out_conflict(outs, names, 2, err) < 0 ? -1 : 0;
}

/* The report to check: --report's file, or a run of @scenario with the
 * expectation file's "set" lines, then the --set options.  *json gets the
 * run's report text (NULL with --report).  NULL with *err. */
static JsonNode *check_report(const CheckOpts *o, const TbExpectFile *ef,
                              const char *scenario, char **json, char **err)
{
    GPtrArray *all_sets;
    JsonNode *root = NULL;

    if (o->report_path) {
        if (ef->sets->len > 1) {
            /* the report was produced elsewhere: the file's "set" lines
             * cannot apply to it */
            fprintf(stderr, "e1klab: check: %s: %u \"set\" line(s) ignored "
                    "with --report\n", ef->name, ef->sets->len - 1);
        }
        if (check_outs(NULL, o->junit_path, NULL, ef->name, o->report_path,
                       err) < 0) {
            return NULL;
        }
        return tb_report_load(o->report_path, err);
    }
    all_sets = g_ptr_array_new();
    for (guint i = 0; i + 1 < ef->sets->len; i++) {
        g_ptr_array_add(all_sets, g_ptr_array_index(ef->sets, i));
    }
    for (char **s = o->sets; s && *s; s++) {
        g_ptr_array_add(all_sets, *s);
    }
    g_ptr_array_add(all_sets, NULL);
    *json = run_scenario(scenario, (const char *const *)all_sets->pdata,
                         o->json_path, o->junit_path, ef->name, err);
    if (*json) {
        root = tb_report_parse(*json, "report", err);
    }
    g_ptr_array_free(all_sets, TRUE);
    return root;
}

static void check_results_free(TbExpectResult *res, guint n)
{
    for (guint i = 0; res && i < n; i++) {
        g_free(res[i].detail);
    }
    g_free(res);
}

/* Evaluate every check of @ef on @root: an array of ef->items->len
 * results (check_results_free), or NULL with *err. */
static TbExpectResult *check_eval(const TbExpectFile *ef, JsonNode *root,
                                  char **err)
{
    guint n = ef->items->len;
    TbExpectResult *res = g_new0(TbExpectResult, n);

    for (guint i = 0; i < n; i++) {
        if (tb_expect_eval(ef, g_ptr_array_index(ef->items, i), root, &res[i],
                           err) < 0) {
            check_results_free(res, n);
            return NULL;
        }
    }
    return res;
}

/* Write --json and --junit as one set, all or nothing (cli_out.h: mode
 * 0666 & ~umask, removed on SIGINT).  0 or -1 with *err. */
static int check_write(const CheckOpts *o, const TbExpectFile *ef,
                       const TbExpectResult *res, const char *json,
                       const char *suite, char **err)
{
    TbOut jf, xf;
    TbOut *const outs[] = {&jf, &xf};

    if (tb_out_open(&jf, o->json_path, err) < 0) {
        return -1;
    }
    if (tb_out_open(&xf, o->junit_path, err) < 0) {
        tb_out_abort(&jf);
        return -1;
    }
    if (jf.f) {
        fputs(json, jf.f);
    }
    if (xf.f) {
        char *xml = tb_expect_junit(ef, res, suite);
        fputs(xml, xf.f);
        g_free(xml);
    }
    return tb_out_commit_all(outs, 2, err);
}

/* One PASS/FAIL line per check, then the totals; the number failed. */
static guint check_print(const TbExpectFile *ef, const TbExpectResult *res)
{
    guint npass = 0, nfail = 0;

    for (guint i = 0; i < ef->items->len; i++) {
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
    return nfail;
}

/* Load, run or read, evaluate, write, print.  The exit status; *err set
 * on bad input. */
static int check_do(const CheckOpts *o, int argc, char **argv, char **err)
{
    TbExpectFile *ef = tb_expect_load(argv[argc - 1], err);
    TbExpectResult *res = NULL;
    JsonNode *root = NULL;
    char *json = NULL, *suite = NULL;
    int status = EXIT_BAD_INPUT;

    if (ef) {
        root = check_report(o, ef, argv[1], &json, err);
    }
    if (root) {
        res = check_eval(ef, root, err);
    }
    if (res) {
        suite = suite_name(root, ef->name);
        if (check_write(o, ef, res, json, suite, err) == 0) {
            status = check_print(ef, res) ? EXIT_FAILED : 0;
        }
    }
    if (ef) {
        check_results_free(res, ef->items->len);
    }
    if (root) {
        json_node_unref(root);
    }
    tb_expect_file_free(ef);
    g_free(json);
    g_free(suite);
    return status;
}

int tb_cmd_check(int argc, char **argv)
{
    CheckOpts o;
    char *err = NULL;
    int status = EXIT_BAD_INPUT;

    check_opts_init(&o);
    if (check_opts_parse(&o, &argc, &argv, &err) == 0) {
        status = check_do(&o, argc, argv, &err);
    }
    if (err) {
        status = tb_cli_error(g_str_has_prefix(err, "check:") ? ""
                                                             : "check: ",
                              &err, EXIT_BAD_INPUT);
    }
    tb_cli_free_values(o.entries);
    return status;
}
