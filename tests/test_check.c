/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of `e1klab check` expectations (testbench/cli/expect.c) and
 * report field paths (testbench/report/report_path.c).  The report is built by
 * the real JSON report builder (tb_report_json) from a shipped scenario
 * and a TbResults with chosen counts, so the aliases are tested against
 * the schema as it is, not against a copy of it.
 */
#include <string.h>

#include <glib.h>

#include "one_host.h"
#include "cli/expect.h"
#include "report/report.h"
#include "report/report_path.h"
#include "scenario/scenario_load.h"

static JsonNode *report;

/* A report of forward-970kpps-napi.ini with known numbers. */
static JsonNode *make_report(void)
{
    TbScenario *sc = g_new0(TbScenario, 1);
    TbResults *r = g_new0(TbResults, 1);
    char *path = g_build_filename(TB_SCENARIOS_DIR,
                                  "forward-970kpps-napi.ini", NULL);
    char *err = NULL, *json;
    JsonNode *root;

    g_assert_cmpint(one_host_load(path, NULL, sc, &err), ==, 0);
    g_free(path);
    r->sim_ns = 2000000000u;
    r->offered = 1000000;
    r->offered_bytes = 64000000;
    r->first_offer_ns = 1000000000u;
    r->last_offer_ns = 1000000000u + 1030926804u;   /* 970 kpps */
    r->rx_queued = 600000;
    r->rx_overrun = 400000;
    r->forwarded = 298580;
    r->cpu.softirq = 900000000;
    r->cpu.idle = 100000000;
    r->niface = 2;
    g_strlcpy(r->iface[0].name, "eth0", TB_NAME_LEN);
    g_strlcpy(r->iface[1].name, "eth1", TB_NAME_LEN);
    r->iface[0].irq = 16;
    r->iface[1].irq = 17;
    r->iface[0].interrupts = 312;
    r->iface[1].interrupts = 4000;
    r->iface[0].stats.rx_packets = 600000;
    r->iface[0].stats.rx_over_errors = 7;
    r->iface[0].stats.rx_fifo_errors = 400000;
    r->iface[0].drv.polls = 5000;
    r->iface[0].nic.mpc = 400000;
    r->iface[0].nic.rnbc = 450000;
    r->iface[0].nic.roc = 3;
    /* the driver's ethtool -S view of the same registers (names in
     * e1k_drv_ethtool_name order: 18 rx_no_buffer_count, 31
     * rx_long_length_errors) */
    g_assert_cmpstr(e1k_drv_ethtool_name(18), ==, "rx_no_buffer_count");
    g_assert_cmpstr(e1k_drv_ethtool_name(31), ==, "rx_long_length_errors");
    r->iface[0].ethtool[18] = 450000;
    r->iface[0].ethtool[31] = 3;
    r->iface[1].stats.tx_packets = 298580;
    json = tb_report_json(sc, r);
    root = tb_report_parse(json, "test", &err);
    g_assert_nonnull(root);
    g_free(json);
    g_free(sc);
    g_free(r);
    return root;
}

static double field(const char *path)
{
    double v = -1;
    char *err = NULL;
    if (tb_report_path_number(report, path, &v, &err) < 0) {
        g_test_message("%s: %s", path, err);
    }
    g_assert_null(err);
    return v;
}

static void test_paths(void)
{
    char *err = NULL;
    double v;

    /* literal paths: members, array index, array element by name */
    g_assert_cmpfloat(field("interrupts.eth0"), ==, 312);
    g_assert_cmpfloat(field("interrupts.eth1"), ==, 4000);
    g_assert_cmpfloat(field("interfaces.0.interrupts"), ==, 312);
    g_assert_cmpfloat(field("interfaces.eth1.stats64.tx_packets"), ==,
                      298580);
    g_assert_cmpfloat(field("host.forwarded"), ==, 298580);
    g_assert_cmpfloat(field("offered.frames"), ==, 1000000);
    /* IFACE.X: the interface, then stats64, netstat, driver, nic */
    g_assert_cmpfloat(field("eth0.interrupts"), ==, 312);
    g_assert_cmpfloat(field("eth0.rx_over_errors"), ==, 7);
    g_assert_cmpfloat(field("eth0.RX-OVR"), ==, 400000);  /* fifo errors */
    g_assert_cmpfloat(field("eth0.polls"), ==, 5000);
    g_assert_cmpfloat(field("eth0.MPC"), ==, 400000);
    g_assert_cmpfloat(field("eth1.tx_packets"), ==, 298580);
    /* Intel's ethtool -S names as aliases of the registers they read */
    g_assert_cmpfloat(field("eth0.rx_no_buffer_count"), ==, 450000);
    g_assert_cmpfloat(field("eth0.rx_no_buffer_count"), ==,
                      field("eth0.RNBC"));
    g_assert_cmpfloat(field("eth0.rx_long_length_errors"), ==,
                      field("eth0.ROC"));
    g_assert_cmpfloat(field("interfaces.eth0.ethtool.rx_long_length_errors"),
                      ==, 3);
    /* single names */
    g_assert_cmpfloat(field("forwarded"), ==, 298580);
    g_assert_cmpfloat(field("offered"), ==, 1000000);
    g_assert_cmpfloat(field("offered_pps"), ==, 970000);
    g_assert_cmpfloat(field("idle_ppm"), ==, 100000);
    g_assert_cmpfloat(field("accounting.balanced"), ==, 1);
    /* errors */
    g_assert_cmpint(tb_report_path_number(report, "eth0.nosuch", &v, &err),
                    ==, -1);
    g_assert_cmpstr(err, ==, "unknown field 'eth0.nosuch'");
    g_free(err);
    err = NULL;
    g_assert_cmpint(tb_report_path_number(report, "eth7.rx_packets", &v,
                                          &err), ==, -1);
    g_assert_cmpstr(err, ==, "unknown field 'eth7.rx_packets'");
    g_free(err);
    err = NULL;
    g_assert_cmpint(tb_report_path_number(report, "interrupts", &v, &err),
                    ==, -1);
    g_assert_cmpstr(err, ==, "field 'interrupts' is an object, not a number");
    g_free(err);
    err = NULL;
    g_assert_cmpint(tb_report_path_number(report, "eth0.mode", &v, &err),
                    ==, -1);
    g_assert_cmpstr(err, ==, "field 'eth0.mode' is a string, not a number");
    g_free(err);
}

static TbExpectFile *parse(const char *text)
{
    char *err = NULL;
    TbExpectFile *f = tb_expect_parse(text, "e.ini", &err);
    if (!f) {
        g_test_message("error: %s", err);
    }
    g_assert_nonnull(f);
    return f;
}

/* Evaluate the single check in @line; returns pass and checks detail. */
static int eval1(const char *line, const char *detail)
{
    TbExpectFile *f = parse(line);
    TbExpectResult r = {0};
    char *err = NULL;
    int pass;

    g_assert_cmpuint(f->items->len, ==, 1);
    g_assert_cmpint(tb_expect_eval(f, g_ptr_array_index(f->items, 0), report,
                                   &r, &err), ==, 0);
    if (detail) {
        g_assert_cmpstr(r.detail, ==, detail);
    }
    pass = r.pass;
    g_free(r.detail);
    tb_expect_file_free(f);
    return pass;
}

static void test_compare(void)
{
    g_assert_true(eval1("interrupts.eth0 <= 500",
                        "measured 312 (expect <= 500)"));
    g_assert_false(eval1("interrupts.eth0 <= 311",
                         "measured 312 (expect <= 311)"));
    g_assert_true(eval1("interrupts.eth0 <= 312", NULL));
    g_assert_false(eval1("interrupts.eth0 < 312", NULL));
    g_assert_true(eval1("interrupts.eth0>=312", NULL));
    g_assert_false(eval1("interrupts.eth0 > 312", NULL));
    g_assert_true(eval1("interrupts.eth0 == 312", "measured 312 (expect = "
                        "312)"));
    g_assert_false(eval1("interrupts.eth0 != 312", NULL));
    g_assert_true(eval1("eth0.rx_over_errors >= 1", NULL));
    g_assert_true(eval1("forwarded >= 250000", NULL));
    g_assert_true(eval1("forwarded >= 250k", NULL));
    g_assert_false(eval1("forwarded >= 0.3M", NULL));
    g_assert_true(eval1("offered_pps = 0.97M", NULL));
    g_assert_true(eval1("offered = 1e6", NULL));
    /* field against field, with a factor or a percentage */
    g_assert_true(eval1("eth1.tx_packets = forwarded", NULL));
    g_assert_true(eval1("forwarded < 30% of offered",
                        "measured 298580 (expect < 30% of offered, i.e. "
                        "< 300000)"));
    g_assert_false(eval1("forwarded < 29% of offered", NULL));
    g_assert_true(eval1("forwarded >= 0.25 * offered", NULL));
}

static void test_tolerance(void)
{
    /* 298580 within 300000 +- 0.5% = [298500, 301500] */
    g_assert_true(eval1("eth1.tx_packets = 300000 +- 0.5%",
                        "measured 298580 (expect = 300000 +- 0.5%, i.e. "
                        "298500..301500)"));
    g_assert_false(eval1("eth1.tx_packets = 300000 +- 0.4%", NULL));
    g_assert_true(eval1("eth1.tx_packets = 300000 +- 1420", NULL));
    g_assert_false(eval1("eth1.tx_packets = 300000 +- 1419", NULL));
    g_assert_true(eval1("eth1.tx_packets = 300000 \xc2\xb1 1420", NULL));
}

static void test_range(void)
{
    g_assert_true(eval1("300 <= interrupts.eth0 <= 320",
                        "measured 312 (expect 300 <= interrupts.eth0 <= "
                        "320)"));
    g_assert_false(eval1("313 <= interrupts.eth0 <= 320", NULL));
    g_assert_false(eval1("300 <= interrupts.eth0 < 312", NULL));
    g_assert_true(eval1("320 > interrupts.eth0 > 300", NULL));
    g_assert_true(eval1("25% of offered <= forwarded <= 35% of offered",
                        NULL));
}

static void test_file(void)
{
    TbExpectFile *f = parse(
        "# M1 at reduced length\n"
        "set traffic.count = 20000\n"
        "set nic.eth0.RxIntDelay=1\n"
        "\n"
        "; INI comment\n"
        "[overload]\n"
        "interrupts.eth0 <= 500   # trailing comment\n"
        "napi share: forwarded >= 25% of offered\n");
    const TbExpect *e;

    g_assert_cmpuint(f->items->len, ==, 2);
    g_assert_cmpuint(f->sets->len, ==, 3);       /* two + NULL */
    g_assert_cmpstr(g_ptr_array_index(f->sets, 0), ==, "traffic.count=20000");
    g_assert_cmpstr(g_ptr_array_index(f->sets, 1), ==,
                    "nic.eth0.RxIntDelay=1");
    g_assert_null(g_ptr_array_index(f->sets, 2));
    e = g_ptr_array_index(f->items, 0);
    g_assert_cmpuint(e->line, ==, 7);
    g_assert_cmpstr(e->group, ==, "overload");
    g_assert_cmpstr(e->name, ==, "interrupts.eth0");
    g_assert_cmpstr(e->text, ==, "<= 500");
    e = g_ptr_array_index(f->items, 1);
    g_assert_cmpuint(e->line, ==, 8);
    g_assert_cmpstr(e->name, ==, "napi share");
    g_assert_cmpstr(e->field, ==, "forwarded");
    tb_expect_file_free(f);
}

static void parse_err(const char *text, const char *want)
{
    char *err = NULL;
    TbExpectFile *f = tb_expect_parse(text, "e.ini", &err);

    g_assert_null(f);
    g_assert_nonnull(err);
    g_assert_null(strchr(err, '\n'));
    if (strcmp(err, want) != 0) {
        g_test_message("error: %s", err);
    }
    g_assert_cmpstr(err, ==, want);
    g_free(err);
}

static void test_syntax_errors(void)
{
    parse_err("", "e.ini: no expectations");
    parse_err("# only a comment\nset a.b = 1\n", "e.ini: no expectations");
    parse_err("a.b <= 1\nx >== 1\n",
              "e.ini:2: expected a number or a field, got '='");
    parse_err("interrupts.eth0 500\n",
              "e.ini:1: expected an operator (< <= > >= = != ) after "
              "'interrupts.eth0'");
    parse_err("interrupts.eth0 <=\n", "e.ini:1: missing value at the end");
    parse_err("x <= 5 +- 1\n", "e.ini:1: a tolerance '+-' needs '='");
    parse_err("x = 5 +- -1\n", "e.ini:1: '+-' needs a non-negative number");
    parse_err("x < 5%\n", "e.ini:1: a percentage needs 'of FIELD' (or use "
                          "'= VALUE +- TOL%')");
    parse_err("x < 5 6\n", "e.ini:1: unexpected '6'");
    parse_err("x < 5Mb\n", "e.ini:1: bad number at '5Mb'");
    parse_err("x $ 5\n", "e.ini:1: unexpected character '$'");
    parse_err("1 < x = 3\n", "e.ini:1: expected a second bound after 'x' "
                             "(both '<' or both '>')");
    parse_err("1 < x > 3\n", "e.ini:1: expected a second bound after 'x' "
                             "(both '<' or both '>')");
    parse_err("a..b < 1\n", "e.ini:1: bad field path 'a..b'");
    parse_err("[unclosed\nx < 1\n", "e.ini:1: bad group header (expected "
                                    "[NAME])");
    parse_err("set nodot = 1\nx < 1\n",
              "e.ini:1: 'set' needs SECTION.KEY = VALUE");
    parse_err(": x < 1\n", "e.ini:1: empty name before ':'");
}

static void test_eval_errors(void)
{
    TbExpectFile *f = parse("x.y < 1\n\nforwarded < 2 * nosuch\n");
    TbExpectResult r = {0};
    char *err = NULL;

    g_assert_cmpint(tb_expect_eval(f, g_ptr_array_index(f->items, 0), report,
                                   &r, &err), ==, -1);
    g_assert_cmpstr(err, ==, "e.ini:1: unknown field 'x.y'");
    g_free(err);
    err = NULL;
    g_assert_cmpint(tb_expect_eval(f, g_ptr_array_index(f->items, 1), report,
                                   &r, &err), ==, -1);
    g_assert_cmpstr(err, ==, "e.ini:3: unknown field 'nosuch'");
    g_free(err);
    tb_expect_file_free(f);
}

static void test_junit(void)
{
    TbExpectFile *f = parse("[irq]\ninterrupts.eth0 <= 500\n"
                            "tight: interrupts.eth0 < 300\n");
    TbExpectResult r[2];
    char *err = NULL, *xml;
    const char *fail;

    for (guint i = 0; i < 2; i++) {
        memset(&r[i], 0, sizeof(r[i]));
        g_assert_cmpint(tb_expect_eval(f, g_ptr_array_index(f->items, i),
                                       report, &r[i], &err), ==, 0);
    }
    g_assert_true(r[0].pass);
    g_assert_false(r[1].pass);
    xml = tb_expect_junit(f, r, "m1");
    g_assert_nonnull(strstr(xml, "<testsuite name=\"m1\" tests=\"2\" "
                                 "failures=\"1\""));
    g_assert_nonnull(strstr(xml, "<testcase classname=\"e1klab.irq\" "
                                 "name=\"interrupts.eth0\" file=\"e.ini:2\""));
    fail = strstr(xml, "<failure");
    g_assert_nonnull(fail);
    g_assert_null(strstr(fail + 1, "<failure"));      /* exactly one */
    g_assert_nonnull(strstr(xml, "message=\"measured 312 (expect &lt; "
                                 "300)\""));
    /* the failure belongs to the second testcase */
    g_assert_true(fail > strstr(xml, "name=\"tight\""));
    /* <system-out> is the console line: label, then the detail */
    g_assert_nonnull(strstr(xml, "<system-out>FAIL tight: measured 312 "
                                 "(expect &lt; 300)</system-out>"));
    g_free(xml);
    for (guint i = 0; i < 2; i++) {
        g_free(r[i].detail);
    }
    tb_expect_file_free(f);
}

int main(int argc, char **argv)
{
    int r;

    g_test_init(&argc, &argv, NULL);
    report = make_report();
    g_test_add_func("/check/paths", test_paths);
    g_test_add_func("/check/compare", test_compare);
    g_test_add_func("/check/tolerance", test_tolerance);
    g_test_add_func("/check/range", test_range);
    g_test_add_func("/check/file", test_file);
    g_test_add_func("/check/syntax-errors", test_syntax_errors);
    g_test_add_func("/check/eval-errors", test_eval_errors);
    g_test_add_func("/check/junit", test_junit);
    r = g_test_run();
    json_node_unref(report);
    return r;
}
