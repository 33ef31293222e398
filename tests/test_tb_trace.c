/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The testbench's text form of device-model trace events
 * (testbench/sim/trace.c): one kernel-log style line per event.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e1000_regs.h"
#include "sim/trace.h"

/* The line has the simulated time as [seconds.microseconds], the
 * interface, "e1000:" and the model's text of the event. */
static void test_line(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);

    g_assert_nonnull(out);
    tb_trace_line(out, 12345678912ull, "eth0", E1K_TRACE_RING_LEN,
                  E1K_TDLEN, 0);
    tb_trace_line(out, 500000000ull, "eth1", E1K_TRACE_LINK, 1, 1000);
    tb_trace_line(NULL, 0, "eth0", E1K_TRACE_RESET, 1, 0); /* off */
    fclose(out);
    g_assert_cmpstr(buf, ==,
                    "[   12.345678] eth0: e1000: ring-len offset 0x03808 = "
                    "0x00000000, zero or not a multiple of 128\n"
                    "[    0.500000] eth1: e1000: link up 1000 Mb/s\n");
    free(buf);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tb/trace/line", test_line);
    return g_test_run();
}
