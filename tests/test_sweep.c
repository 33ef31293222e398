/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the `e1klab sweep` grid (testbench/cli/sweep_grid.c): exact
 * decimal ranges (no float drift in labels), lists, the cartesian product
 * in nested-loop order (first --param slowest), and every kind of bad
 * --param giving one line that names it.
 */
#include <string.h>

#include <glib.h>

#include "cli/sweep_grid.h"

/* Expand a range and compare with the expected labels (comma-joined). */
static void range_is(const char *a, const char *b, const char *c,
                     const char *want)
{
    GPtrArray *v = g_ptr_array_new_with_free_func(g_free);
    char *err = NULL;
    char *got;

    g_assert_cmpint(tb_sweep_range(a, b, c, 1000, v, &err), ==, 0);
    g_assert_null(err);
    g_ptr_array_add(v, NULL);
    got = g_strjoinv(",", (char **)v->pdata);
    g_assert_cmpstr(got, ==, want);
    g_free(got);
    g_ptr_array_free(v, TRUE);
}

static void range_err(const char *a, const char *b, const char *c,
                      guint max, const char *want)
{
    GPtrArray *v = g_ptr_array_new_with_free_func(g_free);
    char *err = NULL;

    g_assert_cmpint(tb_sweep_range(a, b, c, max, v, &err), ==, -1);
    g_assert_nonnull(err);
    g_assert_null(strchr(err, '\n'));
    if (!strstr(err, want)) {
        g_test_message("error: %s", err);
    }
    g_assert_nonnull(strstr(err, want));
    g_free(err);
    g_ptr_array_free(v, TRUE);
}

static void test_range_integer(void)
{
    GPtrArray *v = g_ptr_array_new_with_free_func(g_free);
    char *err = NULL;

    /* The sweep's offered-load axis (docs/reproducing-the-seeds.md):
     * 50..1000 kpps in 50 kpps steps. */
    g_assert_cmpint(tb_sweep_range("50000", "1000000", "50000", 1000, v,
                                   &err), ==, 0);
    g_assert_cmpuint(v->len, ==, 20);
    g_assert_cmpstr(g_ptr_array_index(v, 0), ==, "50000");
    g_assert_cmpstr(g_ptr_array_index(v, 1), ==, "100000");
    g_assert_cmpstr(g_ptr_array_index(v, 19), ==, "1000000");
    g_ptr_array_free(v, TRUE);

    range_is("1", "10", "4", "1,5,9");          /* STOP not on the step */
    range_is("7", "7", "1", "7");
    range_is("10", "0", "-5", "10,5,0");        /* descending */
    range_is("-2", "2", "2", "-2,0,2");
}

static void test_range_decimal(void)
{
    /* 0.1 + 0.1 + 0.1 != 0.3 in binary floating point; labels are exact. */
    range_is("0.1", "0.3", "0.1", "0.1,0.2,0.3");
    range_is("0.5", "2", "0.25", "0.5,0.75,1,1.25,1.5,1.75,2");
    range_is("-1", "1", "0.5", "-1,-0.5,0,0.5,1");
    range_is("0.000000001", "0.000000003", "0.000000001",
             "0.000000001,0.000000002,0.000000003");
    range_is("1.10", "1.30", "0.10", "1.1,1.2,1.3");
}

static void test_range_errors(void)
{
    range_err("1", "10", "0", 1000, "STEP is zero");
    range_err("10", "1", "1", 1000, "away from STOP");
    range_err("1", "10", "-1", 1000, "away from STOP");
    range_err("a", "10", "1", 1000, "decimal numbers");
    range_err("1e3", "10", "1", 1000, "decimal numbers");
    range_err("0.0000000001", "1", "1", 1000, "decimal numbers");
    range_err("", "1", "1", 1000, "decimal numbers");
    range_err("1", "100", "1", 50, "100 values, more than 50");
    range_err("1000000000000000000", "1", "1", 10, "decimal numbers");
    range_err("900000000000000000", "-900000000000000000", "-0.5", 10,
              "too large");
    range_err("100000000000000000", "1", "-0.01", 10, "too large");
}

static TbSweepGrid *grid(const char *const *specs)
{
    char *err = NULL;
    TbSweepGrid *g = tb_sweep_grid_new(specs, &err);
    if (!g) {
        g_test_message("error: %s", err);
    }
    g_assert_nonnull(g);
    g_assert_null(err);
    return g;
}

static void test_grid_product(void)
{
    const char *specs[] = {"traffic.pps=100000:300000:100000",
                           "driver.mode=legacy,napi-twist,napi", NULL};
    TbSweepGrid *g = grid(specs);
    char **sets;
    char *label;

    g_assert_cmpuint(g->npoints, ==, 9);
    /* First --param slowest, last fastest. */
    g_assert_cmpstr(tb_sweep_value(g, 0, 0), ==, "100000");
    g_assert_cmpstr(tb_sweep_value(g, 0, 1), ==, "legacy");
    g_assert_cmpstr(tb_sweep_value(g, 1, 0), ==, "100000");
    g_assert_cmpstr(tb_sweep_value(g, 1, 1), ==, "napi-twist");
    g_assert_cmpstr(tb_sweep_value(g, 3, 0), ==, "200000");
    g_assert_cmpstr(tb_sweep_value(g, 3, 1), ==, "legacy");
    g_assert_cmpstr(tb_sweep_value(g, 8, 0), ==, "300000");
    g_assert_cmpstr(tb_sweep_value(g, 8, 1), ==, "napi");

    sets = tb_sweep_point_sets(g, 5);
    g_assert_cmpuint(g_strv_length(sets), ==, 2);
    g_assert_cmpstr(sets[0], ==, "traffic.pps=200000");
    g_assert_cmpstr(sets[1], ==, "driver.mode=napi");
    g_strfreev(sets);
    label = tb_sweep_point_label(g, 7);
    g_assert_cmpstr(label, ==, "traffic.pps=300000 driver.mode=napi-twist");
    g_free(label);
    tb_sweep_grid_free(g);
}

static void test_grid_three_axes(void)
{
    const char *specs[] = {"a.x=1,2", "b.y=p,q,r", "nic.eth0.RxIntDelay=0:3:1",
                           NULL};
    TbSweepGrid *g = grid(specs);

    g_assert_cmpuint(g->npoints, ==, 2 * 3 * 4);
    /* point = ((x * 3) + y) * 4 + z */
    g_assert_cmpstr(tb_sweep_value(g, 1 * 12 + 2 * 4 + 3, 0), ==, "2");
    g_assert_cmpstr(tb_sweep_value(g, 1 * 12 + 2 * 4 + 3, 1), ==, "r");
    g_assert_cmpstr(tb_sweep_value(g, 1 * 12 + 2 * 4 + 3, 2), ==, "3");
    g_assert_cmpstr(tb_sweep_value(g, 4, 1), ==, "q");
    g_assert_cmpstr(tb_sweep_value(g, 4, 2), ==, "0");
    tb_sweep_grid_free(g);
}

/* A paired axis sets its keys together: each driver mode with its own
 * RxIntDelay, one axis of 2 values (not a 2 x 2 product). */
static void test_grid_paired(void)
{
    const char *specs[] = {"netperf.message_size=4,512",
                           "driver.mode+driver.RxIntDelay=legacy+64,napi+1",
                           NULL};
    TbSweepGrid *g = grid(specs);
    char **sets;
    char *s;

    g_assert_cmpuint(g->npoints, ==, 4);
    g_assert_cmpstr(tb_sweep_value(g, 1, 1), ==, "napi+1");
    sets = tb_sweep_point_sets(g, 2);
    g_assert_cmpuint(g_strv_length(sets), ==, 3);
    g_assert_cmpstr(sets[0], ==, "netperf.message_size=512");
    g_assert_cmpstr(sets[1], ==, "driver.mode=legacy");
    g_assert_cmpstr(sets[2], ==, "driver.RxIntDelay=64");
    g_strfreev(sets);
    s = tb_sweep_axis_text(g, 3, 1);
    g_assert_cmpstr(s, ==, "driver.mode=napi driver.RxIntDelay=1");
    g_free(s);
    s = tb_sweep_point_label(g, 1);
    g_assert_cmpstr(s, ==, "netperf.message_size=4 driver.mode=napi "
                    "driver.RxIntDelay=1");
    g_free(s);
    tb_sweep_grid_free(g);
}

static void grid_err(const char *const *specs, const char *want)
{
    char *err = NULL;
    TbSweepGrid *g = tb_sweep_grid_new(specs, &err);

    g_assert_null(g);
    g_assert_nonnull(err);
    g_assert_null(strchr(err, '\n'));
    if (!strstr(err, want)) {
        g_test_message("error: %s", err);
    }
    g_assert_nonnull(strstr(err, want));
    g_free(err);
}

static void test_grid_errors(void)
{
    const char *none[] = {NULL};
    const char *noeq[] = {"traffic.pps", NULL};
    const char *nosec[] = {"pps=1,2", NULL};
    const char *empty[] = {"driver.mode=legacy,,napi", NULL};
    const char *twice[] = {"driver.mode=napi,napi", NULL};
    const char *dupkey[] = {"driver.mode=napi", "driver.mode=legacy", NULL};
    const char *badrange[] = {"traffic.pps=1:2", NULL};
    const char *huge[] = {"a.x=1:1000:1", "b.y=1:1000:1", NULL};
    const char *novalue[] = {"a.x=", NULL};

    grid_err(none, "no --param");
    grid_err(noeq, "--param traffic.pps: expected KEY=LIST");
    grid_err(nosec, "'pps' is not a SECTION.KEY");
    grid_err(empty, "empty value");
    grid_err(twice, "value 'napi' given twice");
    grid_err(dupkey, "key 'driver.mode' given twice");
    grid_err(badrange, "not START:STOP:STEP");
    grid_err(huge, "more than 100000 points");
    grid_err(novalue, "--param a.x=: no values");
    const char *p1[] = {"a.x+b.y=1+2,3", NULL};
    const char *p2[] = {"a.x+b.y=1:3:1", NULL};
    const char *p3[] = {"a.x+y=1+2", NULL};
    const char *p4[] = {"a.x+a.x=1+2", NULL};
    const char *p5[] = {"a.x=1,2", "b.y+a.x=1+2", NULL};
    const char *p6[] = {"a.x+b.y=1+", NULL};
    grid_err(p1, "value '3' is not 2 values joined by '+', one per key");
    grid_err(p2, "a paired key takes a LIST, not a range");
    grid_err(p3, "'y' is not a SECTION.KEY");
    grid_err(p4, "key 'a.x' paired with itself");
    grid_err(p5, "key 'a.x' given twice");
    grid_err(p6, "value '1+' is not 2 values");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/sweep/range/integer", test_range_integer);
    g_test_add_func("/sweep/range/decimal", test_range_decimal);
    g_test_add_func("/sweep/range/errors", test_range_errors);
    g_test_add_func("/sweep/grid/product", test_grid_product);
    g_test_add_func("/sweep/grid/three-axes", test_grid_three_axes);
    g_test_add_func("/sweep/grid/errors", test_grid_errors);
    g_test_add_func("/sweep/grid/paired", test_grid_paired);
    return g_test_run();
}
