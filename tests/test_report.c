/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the reports (testbench/report*.c) from a hand-filled
 * TbResults: the JSON schema's keys and their order (docs/report-schema.md),
 * derived rates and shares, the accounting identity, the netstat -i mapping
 * of net-tools (RX-OVR = rx_fifo_errors), the /proc/interrupts table, and
 * the CSV time series.
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "one_host.h"
#include "report/cli_out.h"
#include "report/report.h"
#include "scenario/scenario_load.h"

static TbScenario sc;
static TbResults res;

static const char scenario_text[] =
    "[nic.eth0]\nmac = 00:07:e9:00:00:10\nip = 10.0.0.1/24\nirq = 16\n"
    "[nic.eth1]\nmac = 00:07:e9:00:00:11\nip = 10.1.0.1/24\nirq = 17\n"
    "[traffic]\nnic = eth0\npps = 970000\ncount = 1000000\n";

/* A made-up but self-consistent run: 1,000,000 64-byte frames offered at
 * 970 kpps (last frame (n-1)/970000 s after the first), 300,000 forwarded. */
static void fill(void)
{
    char *err = NULL;
    g_assert_cmpint(one_host_load_data(scenario_text, "m1.ini", NULL, NULL,
                                       &sc, &err), ==, 0);
    memset(&res, 0, sizeof(res));
    res.offered = 1000000;
    res.offered_bytes = 64000000;
    res.first_offer_ns = 1000;
    /* 999999 intervals of 1e9/970000 ns */
    res.last_offer_ns = 1000 + 999999ull * 1000000000ull / 970000ull;
    res.sim_ns = 1000 + 1000000000ull;        /* window exactly 1 s */
    res.rx_queued = 310000;
    res.rx_overrun = 690000;
    res.forwarded = 300000;
    res.backlog_drops = 4000;
    res.local_delivered = 1000;
    res.cpu.hardirq = 100000000;
    res.cpu.softirq = 700000000;
    res.cpu.process = 50000000;
    res.cpu.idle = 150000000;
    res.softirq_runs = 1234;
    res.time_squeeze = 77;
    res.ksoftirqd_wakeups = 12;
    res.niface = 2;
    g_strlcpy(res.iface[0].name, "eth0", TB_NAME_LEN);
    res.iface[0].irq = 16;
    res.iface[0].interrupts = 434;
    res.iface[0].stats.rx_packets = 310000;
    res.iface[0].stats.rx_errors = 11;
    res.iface[0].stats.rx_dropped = 12;
    res.iface[0].stats.rx_fifo_errors = 13;
    res.iface[0].stats.rx_over_errors = 14;
    res.iface[0].stats.rx_missed_errors = 690000;
    res.iface[0].nic.mpc = 690000;
    res.iface[0].nic.rnbc = 5;
    res.iface[0].nic.gprc = 310000;
    res.iface[0].ethtool[18] = 5;     /* rx_no_buffer_count (RNBC) */
    res.iface[1].qdisc_drops = 5000;
    g_strlcpy(res.iface[1].name, "eth1", TB_NAME_LEN);
    res.iface[1].irq = 17;
    res.iface[1].interrupts = 74584;
    res.iface[1].stats.tx_packets = 300000;
    res.iface[1].stats.tx_fifo_errors = 3;
    res.iface[1].nic.gptc = 300000;
    res.nsources = 1;
    res.source[0].offered = 1000000;
    res.source[0].offered_bytes = 64000000;
    res.source[0].sched_span_ns = res.last_offer_ns - res.first_offer_ns;
}

static void test_derive(void)
{
    TbDerived d;
    fill();
    tb_report_derive(&sc, &res, &d);
    g_assert_cmpuint(d.window_ns, ==, 1000000000);
    g_assert_cmpuint(d.offered_pps, ==, 970000);
    /* 970000 frames/s x 512 bits */
    g_assert_cmpuint(d.offered_bps, ==, 970000ull * 512);
    /* over the offered window, not the 1 s to the end: 300000 of
     * 1000000 frames of a 970 kpps offer (999999 gaps) */
    g_assert_cmpuint(d.offered_window_ns, ==, 1030926804);
    g_assert_cmpuint(d.forwarded_pps, ==, 291000);
    g_assert_cmpuint(d.delivered, ==, 300000);
    g_assert_cmpuint(d.loss_ppm, ==, 700000);
    g_assert_cmpuint(d.drops.missed, ==, 690000);
    g_assert_cmpuint(d.drops.backlog, ==, 4000);
    g_assert_cmpuint(d.drops.qdisc, ==, 5000);
    g_assert_false(d.capped);
    g_assert_cmpuint(d.cpu_total_ns, ==, 1000000000);
    g_assert_cmpuint(d.hardirq_ppm, ==, 100000);
    g_assert_cmpuint(d.softirq_ppm, ==, 700000);
    g_assert_cmpuint(d.process_ppm, ==, 50000);
    g_assert_cmpuint(d.idle_ppm, ==, 150000);
    g_assert_cmpuint(d.nic_sum, ==, 1000000);
    g_assert_true(d.nic_balanced);
    g_assert_cmpuint(d.qdisc_drops, ==, 5000);
    /* 310000 - 300000 - 1000 - 4000 - 5000 */
    g_assert_cmpint(d.host_other, ==, 0);

    res.rx_filtered = 1;   /* one frame too many: no longer adds up */
    tb_report_derive(&sc, &res, &d);
    g_assert_false(d.nic_balanced);
}

/* LRO on a 2-queue receiver: 570,935 frames merged into earlier frames
 * of their sessions (lro_aggregated - lro_flushed: 400,000 - 20,000 on
 * q0, 195,570 - 4,635 on q1; the tcp-stream-10g run at 2048 bytes had
 * 595,570 / 24,635 on one queue) are not "other": with them the host's
 * frames add up to the 25 still in flight. */
static void test_lro_merged(void)
{
    TbDerived d;
    fill();
    res.rx_queued = 595597;
    res.rx_overrun = 0;
    res.offered = 0;
    res.link_rx = 595597;
    res.forwarded = 0;
    res.backlog_drops = 0;
    res.iface[1].qdisc_drops = 0;
    res.local_delivered = 24637;
    res.iface[0].nqueues = 2;
    res.iface[0].queue[0].lro_aggregated = 400000;
    res.iface[0].queue[0].lro_flushed = 20000;
    res.iface[0].queue[1].lro_aggregated = 195570;
    res.iface[0].queue[1].lro_flushed = 4635;
    tb_report_derive(&sc, &res, &d);
    g_assert_cmpuint(d.lro_merged, ==, 570935);
    g_assert_cmpint(d.host_other, ==, 25);
    res.iface[0].nqueues = 1;             /* q1 not reported: not counted */
    tb_report_derive(&sc, &res, &d);
    g_assert_cmpuint(d.lro_merged, ==, 380000);
    g_assert_cmpint(d.host_other, ==, 595597 - 24637 - 380000);
}

/* An offer above line rate: 2,000,000 pps of 64-byte frames on 1000
 * Mbit/s (line rate 1,488,095 pps) is capped and says so; 1,488,000 pps
 * is not. */
static void test_capped(void)
{
    uint64_t asked = 0, line = 0;
    TbDerived d;
    char *l;

    fill();
    res.source[0].sched_span_ns = 999999ull * 1000000000ull / 2000000ull;
    g_assert_true(tb_source_capped(&sc, &sc.traffic[0], &res.source[0],
                                   &asked, &line));
    g_assert_cmpuint(asked, ==, 2000000);
    g_assert_cmpuint(line, ==, 1488095);
    tb_report_derive(&sc, &res, &d);
    g_assert_true(d.capped);
    l = tb_source_capped_line(&sc, &sc.traffic[0], &res.source[0]);
    g_assert_cmpstr(l, ==, "traffic: the offer (2000000 frames/s, mean 64 "
                    "bytes incl. FCS) is above eth0's line rate (1488095 "
                    "frames/s at 1000 Mbit/s): the frames went at line "
                    "rate");
    g_free(l);
    res.source[0].sched_span_ns = 999999ull * 1000000000ull / 1488000ull;
    g_assert_false(tb_source_capped(&sc, &sc.traffic[0], &res.source[0],
                                    NULL, NULL));
    l = tb_source_capped_line(&sc, &sc.traffic[0], &res.source[0]);
    g_assert_cmpstr(l, ==, "");
    g_free(l);
    res.source[0].sched_span_ns = 0;     /* all due at once: as topspeed */
    g_assert_false(tb_source_capped(&sc, &sc.traffic[0], &res.source[0],
                                    NULL, NULL));
    sc.traffic[0].pace = TB_PACE_TOPSPEED;  /* line rate asked: no cap */
    res.source[0].sched_span_ns = 1000;
    g_assert_false(tb_source_capped(&sc, &sc.traffic[0], &res.source[0],
                                    NULL, NULL));
}

static void test_rate_ppm(void)
{
    g_assert_cmpuint(tb_rate(1, 672), ==, 1488095);   /* [IEEE-802.3] */
    g_assert_cmpuint(tb_rate(5, 0), ==, 0);
    g_assert_cmpuint(tb_ppm(1, 3), ==, 333333);
    g_assert_cmpuint(tb_ppm(2, 3), ==, 666667);
    g_assert_cmpuint(tb_ppm(1, 0), ==, 0);
}

static void test_netstat_row(void)
{
    TbNetstatRow row;
    fill();
    tb_report_netstat_row(&res.iface[0], &row);
    g_assert_cmpuint(row.rx_ok, ==, 310000);
    g_assert_cmpuint(row.rx_err, ==, 11);
    g_assert_cmpuint(row.rx_drp, ==, 12);
    g_assert_cmpuint(row.rx_ovr, ==, 13);     /* rx_fifo_errors */
    tb_report_netstat_row(&res.iface[1], &row);
    g_assert_cmpuint(row.tx_ok, ==, 300000);
    g_assert_cmpuint(row.tx_ovr, ==, 3);      /* tx_fifo_errors */
}

static void check_keys(JsonObject *o, const char *const *want)
{
    GList *members = json_object_get_members(o), *l = members;
    size_t i = 0;
    for (; l && want[i]; l = l->next, i++) {
        g_assert_cmpstr(l->data, ==, want[i]);
    }
    g_assert_null(l);
    g_assert_null(want[i]);
    g_list_free(members);
}

static void test_json_schema(void)
{
    static const char *const top[] = {
        "schema", "scenario", "sim_ns", "init_ns", "window_ns", "offered", "sources",
        "accounting", "loss", "host", "cpu", "interrupts", "interfaces", NULL};
    static const char *const scen[] = {"name", "file", "profile",
                                       "overrides", NULL};
    static const char *const offered[] = {"frames", "bytes", "first_ns",
                                          "last_ns", "pps", "bps",
                                          "window_ns", "capped_to_line_rate",
                                          NULL};
    static const char *const loss[] = {"delivered", "lost", "loss_ratio",
                                       "loss_ppm", "drops", NULL};
    static const char *const drops[] = {"missed", "filtered", "disabled",
                                        "bad_size", "backlog", "no_route",
                                        "ip", "qdisc", "socket", NULL};
    static const char *const source[] = {
        "name", "kind", "nic", "offered", "offered_bytes", "padded",
        "oversize", "truncated", "loops", "capped_to_line_rate", NULL};
    static const char *const acct[] = {
        "offered", "rx_queued", "rx_filtered", "rx_disabled", "rx_overrun",
        "rx_bad_size", "balanced", "forwarded", "local_delivered",
        "backlog_drops", "no_route", "ip_dropped", "qdisc_drops",
        "host_other", NULL};
    static const char *const host[] = {
        "forwarded", "forwarded_pps", "local_delivered", "backlog_drops",
        "no_route", "ip_dropped", "skb_alloc_failed", "sink_datagrams",
        "sink_bytes", "sink_drops", "sink_payload_bps", "softirq_runs",
        "time_squeeze", "ksoftirqd_wakeups", NULL};
    static const char *const cpu[] = {
        "hardirq_ns", "softirq_ns", "process_ns", "idle_ns", "hardirq_ppm",
        "softirq_ppm", "process_ppm", "idle_ppm", NULL};
    static const char *const irqs[] = {"eth0", "eth1", NULL};
    static const char *const iface[] = {
        "name", "chip", "bus", "link_mbps", "mode", "mtu", "promisc", "irq",
        "interrupts", "rx_pps", "tx_pps", "stats64", "netstat", "driver",
        "nic", "ethtool", "qdisc_drops", "tx_timeouts", "wire_tx_frames",
        "wire_tx_bytes", NULL};
    static const char *const stats[] = {
        "rx_packets", "tx_packets", "rx_bytes", "tx_bytes", "rx_errors",
        "tx_errors", "rx_dropped", "tx_dropped", "multicast", "collisions",
        "rx_length_errors", "rx_over_errors", "rx_crc_errors",
        "rx_frame_errors", "rx_fifo_errors", "rx_missed_errors",
        "tx_aborted_errors", "tx_carrier_errors", "tx_fifo_errors",
        "tx_heartbeat_errors", "tx_window_errors", "rx_compressed",
        "tx_compressed", "rx_nohandler", NULL};
    static const char *const netstat[] = {
        "MTU", "RX-OK", "RX-ERR", "RX-DRP", "RX-OVR", "TX-OK", "TX-ERR",
        "TX-DRP", "TX-OVR", NULL};
    static const char *const drv[] = {
        "interrupts", "interrupts_none", "polls", "polls_complete",
        "polls_budget", "rx_cleaned", "tx_cleaned", "rx_alloc_failed",
        "tx_busy", "resets", "itr_changes", "itr_current", NULL};
    static const char *const nic[] = {
        "MPC", "RNBC", "GPRC", "GPTC", "GORC", "GOTC", "TPR", "TPT", "BPRC",
        "MPRC", "RUC", "ROC", "CRCERRS", "rx_filtered", "rx_disabled",
        "rx_dma_errors", "tx_dma_errors", "tx_bad_desc", "tx_frames_dropped",
        "irq_assertions", NULL};
    /* Intel's e1000 ethtool -S names, in its order */
    static const char *const ethtool[] = {
        "rx_packets", "tx_packets", "rx_bytes", "tx_bytes", "rx_broadcast",
        "tx_broadcast", "rx_multicast", "tx_multicast", "rx_errors",
        "tx_errors", "rx_dropped", "tx_dropped", "multicast", "collisions",
        "rx_length_errors", "rx_over_errors", "rx_crc_errors",
        "rx_frame_errors", "rx_no_buffer_count", "rx_missed_errors",
        "tx_aborted_errors", "tx_carrier_errors", "tx_fifo_errors",
        "tx_heartbeat_errors", "tx_window_errors", "tx_abort_late_coll",
        "tx_deferred_ok", "tx_single_coll_ok", "tx_multi_coll_ok",
        "tx_timeout_count", "tx_restart_queue", "rx_long_length_errors",
        "rx_short_length_errors", "rx_align_errors", "tx_tcp_seg_good",
        "tx_tcp_seg_failed", "rx_flow_control_xon", "rx_flow_control_xoff",
        "tx_flow_control_xon", "tx_flow_control_xoff", "rx_long_byte_count",
        "rx_csum_offload_good", "rx_csum_offload_errors",
        "alloc_rx_buff_failed", "tx_smbus", "rx_smbus", "dropped_smbus",
        NULL};
    JsonParser *p = json_parser_new();
    GError *ge = NULL;
    char *text, *again;
    JsonObject *o, *i0;

    fill();
    text = tb_report_json(&sc, &res);
    again = tb_report_json(&sc, &res);
    g_assert_cmpstr(text, ==, again);              /* deterministic */
    g_assert_true(g_str_has_suffix(text, "}\n"));
    g_assert_true(json_parser_load_from_data(p, text, -1, &ge));
    o = json_node_get_object(json_parser_get_root(p));
    check_keys(o, top);
    g_assert_cmpstr(json_object_get_string_member(o, "schema"), ==,
                    "e1klab-report/1");
    check_keys(json_object_get_object_member(o, "scenario"), scen);
    check_keys(json_object_get_object_member(o, "offered"), offered);
    check_keys(json_array_get_object_element(
                   json_object_get_array_member(o, "sources"), 0), source);
    check_keys(json_object_get_object_member(o, "accounting"), acct);
    check_keys(json_object_get_object_member(o, "loss"), loss);
    check_keys(json_object_get_object_member(
        json_object_get_object_member(o, "loss"), "drops"), drops);
    check_keys(json_object_get_object_member(o, "host"), host);
    check_keys(json_object_get_object_member(o, "cpu"), cpu);
    check_keys(json_object_get_object_member(o, "interrupts"), irqs);
    i0 = json_array_get_object_element(
        json_object_get_array_member(o, "interfaces"), 0);
    check_keys(i0, iface);
    check_keys(json_object_get_object_member(i0, "stats64"), stats);
    check_keys(json_object_get_object_member(i0, "netstat"), netstat);
    check_keys(json_object_get_object_member(i0, "driver"), drv);
    check_keys(json_object_get_object_member(i0, "nic"), nic);
    check_keys(json_object_get_object_member(i0, "ethtool"), ethtool);
    /* ethtool -S values in name order: rx_no_buffer_count is the 19th */
    g_assert_cmpint(json_object_get_int_member(
        json_object_get_object_member(i0, "ethtool"), "rx_no_buffer_count"),
        ==, 5);
    g_assert_cmpint(json_object_get_int_member(i0, "mtu"), ==, 1500);
    g_assert_false(json_object_get_boolean_member(i0, "promisc"));

    /* values */
    g_assert_cmpint(json_object_get_int_member(
        json_object_get_object_member(o, "offered"), "pps"), ==, 970000);
    g_assert_cmpint(json_object_get_int_member(
        json_object_get_object_member(o, "interrupts"), "eth1"), ==, 74584);
    g_assert_true(json_object_get_boolean_member(
        json_object_get_object_member(o, "accounting"), "balanced"));
    g_assert_cmpint(json_object_get_int_member(
        json_object_get_object_member(i0, "netstat"), "RX-OVR"), ==, 13);
    g_assert_cmpint(json_object_get_int_member(
        json_object_get_object_member(i0, "nic"), "MPC"), ==, 690000);
    g_assert_cmpint(json_object_get_int_member(
        json_object_get_object_member(o, "cpu"), "softirq_ppm"), ==, 700000);
    g_assert_cmpfloat(json_object_get_double_member(
        json_object_get_object_member(o, "loss"), "loss_ratio"), ==, 0.7);
    g_assert_nonnull(strstr(text, "\"loss_ratio\" : 0.700000,"));
    g_assert_cmpint(json_object_get_int_member(json_object_get_object_member(
        json_object_get_object_member(o, "loss"), "drops"), "qdisc"), ==,
        5000);
    g_assert_cmpstr(json_object_get_string_member(
        json_object_get_object_member(o, "scenario"), "file"), ==, "m1.ini");
    g_free(text);
    g_free(again);
    g_object_unref(p);
}

static char *capture_text(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    tb_report_text(f, &sc, &res);
    fclose(f);
    return buf;
}

static void test_text(void)
{
    char *t;
    fill();
    t = capture_text();
    g_assert_nonnull(strstr(t, "Iface        MTU      RX-OK     RX-ERR     "
                            "RX-DRP     RX-OVR      TX-OK     TX-ERR     "
                            "TX-DRP     TX-OVR Flg\n"));
    g_assert_nonnull(strstr(t, "\neth0        1500     310000         11 "
                            "        12         13          0"));
    g_assert_nonnull(strstr(t, "  16:          434   IO-APIC-level  eth0\n"));
    g_assert_nonnull(strstr(t, "  17:        74584   IO-APIC-level  eth1\n"));
    g_assert_nonnull(strstr(t, "  1000000 = 310000 + 0 + 0 + 690000 + 0  "
                            "(adds up)\n"));
    g_assert_nonnull(strstr(t, "offered   1000000 frames at 970000 pps, "
                            "496.640 Mbit/s"));
    g_assert_nonnull(strstr(t, "  softirq   70.00 %\n"));
    g_assert_nonnull(strstr(t, "    rx_missed_errors     690000\n"));
    g_assert_nonnull(strstr(t, "MPC 690000 RNBC 5 GPRC 310000"));
    g_assert_nonnull(strstr(t, "time_squeeze 77, ksoftirqd wakeups 12"));
    free(t);
}

static void test_csv(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    TbCsv *c;
    TbResults r1;

    fill();
    c = tb_csv_new(&sc, f);
    memset(&r1, 0, sizeof(r1));
    r1.niface = 2;
    r1.init_ns = 500000;                 /* host ready: the baseline */
    r1.sim_ns = 500000;
    r1.iface[0].interrupts = 2;          /* during driver init */
    r1.iface[0].nic.gprc = 1;
    tb_csv_sample(c, &r1);               /* no row */
    r1.sim_ns = 1500000;                 /* 1 ms later */
    r1.iface[0].interrupts = 5;
    /* rates from the NIC's GPRC/GPTC, not the driver's stats64 (those
     * move only with the 2 s watchdog) */
    r1.iface[0].stats.rx_packets = 12345;
    r1.iface[0].nic.gprc = 971;
    r1.iface[1].nic.gptc = 300;
    r1.forwarded = 300;
    r1.offered = 970;
    r1.cpu.softirq = 250000;
    r1.cpu.idle = 750000;
    r1.first_offer_ns = 1000000;         /* time_rel_ns counts from here */
    r1.iface[0].nic.mpc = 7;             /* drops: counts per interval */
    r1.iface[0].nic.rnbc = 2;
    r1.iface[1].qdisc_drops = 4;
    r1.backlog_drops = 9;
    r1.sink_drops = 1;
    tb_csv_sample(c, &r1);
    r1.sim_ns = 2500000;                 /* next ms: deltas */
    r1.iface[0].nic.mpc = 10;
    r1.iface[0].interrupts = 6;
    r1.iface[0].nic.gprc = 1941;
    r1.cpu.softirq = 1250000;
    tb_csv_sample(c, &r1);
    tb_csv_free(c);
    fclose(f);
    g_assert_cmpstr(buf, ==,
        "time_ns,time_rel_ns,eth0.irqs,eth0.rx_pps,eth0.tx_pps,eth0.missed,"
        "eth0.no_buffer,eth0.qdisc_drops,eth1.irqs,eth1.rx_pps,eth1.tx_pps,"
        "eth1.missed,eth1.no_buffer,eth1.qdisc_drops,hardirq_pct,"
        "softirq_pct,process_pct,idle_pct,forwarded_pps,offered_pps,"
        "backlog_drops,sink_drops\n"
        "1500000,500000,3,970000,0,7,2,0,0,0,300000,0,0,4,0.00,25.00,0.00,"
        "75.00,300000,970000,9,1\n"
        "2500000,1500000,1,970000,0,3,0,0,0,0,0,0,0,0,0.00,100.00,0.00,0.00,"
        "0,0,0,0\n");
    free(buf);
}

/* Output files as one set: when the second cannot be renamed into place
 * (a directory appeared at its name during the run), the first, already
 * complete and renamed, is removed again, and no temporary file stays. */
static void test_out_all_or_nothing(void)
{
    char *dir = g_dir_make_tmp("e1k-out-XXXXXX", NULL);
    char *a = g_build_filename(dir, "a.json", NULL);
    char *b = g_build_filename(dir, "b.csv", NULL);
    char *err = NULL;
    TbOut oa, ob;
    TbOut *const outs[] = {&oa, &ob};
    GDir *d;

    g_assert_cmpint(tb_out_check(b, "--csv", NULL, &err), ==, 0);
    g_assert_cmpint(tb_out_open(&oa, a, &err), ==, 0);
    g_assert_cmpint(tb_out_open(&ob, b, &err), ==, 0);
    fputs("{}\n", oa.f);
    fputs("x\n", ob.f);
    g_assert_cmpint(g_mkdir(b, 0700), ==, 0);
    g_assert_cmpint(tb_out_commit_all(outs, 2, &err), ==, -1);
    g_assert_nonnull(strstr(err, "b.csv: cannot rename into place"));
    g_assert_false(g_file_test(a, G_FILE_TEST_EXISTS));
    g_clear_pointer(&err, g_free);
    /* only the directory is left */
    d = g_dir_open(dir, 0, NULL);
    g_assert_cmpstr(g_dir_read_name(d), ==, "b.csv");
    g_assert_null(g_dir_read_name(d));
    g_dir_close(d);
    /* the check before a run finds the directory */
    g_assert_cmpint(tb_out_check(b, "--csv", NULL, &err), ==, -1);
    g_assert_cmpstr(strstr(err, ": is a directory"), ==, ": is a directory");
    g_clear_pointer(&err, g_free);
    g_rmdir(b);
    g_rmdir(dir);
    g_free(a);
    g_free(b);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/report/derive", test_derive);
    g_test_add_func("/report/capped", test_capped);
    g_test_add_func("/report/lro-merged", test_lro_merged);
    g_test_add_func("/report/rate_ppm", test_rate_ppm);
    g_test_add_func("/report/netstat_row", test_netstat_row);
    g_test_add_func("/report/json_schema", test_json_schema);
    g_test_add_func("/report/text", test_text);
    g_test_add_func("/report/csv", test_csv);
    g_test_add_func("/report/out_all_or_nothing", test_out_all_or_nothing);
    return g_test_run();
}
