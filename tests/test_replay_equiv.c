/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One traffic library (testbench/traffic/trf.h) behind both backends:
 * `e1klab run --backend testbench` reaches it through the scenario
 * mapping (traffic.h: TbTrafficCfg -> TrfCfg), the QEMU device through its
 * replay-* properties (hw/qemu/e1klab_replay.h: E1krProps -> TrfCfg) and a
 * one-frame look-ahead.  Checked here:
 *   - both mappings give the same TrfCfg for a scenario and the
 *     properties `--backend qemu` passes for it;
 *   - the device's look-ahead delivers exactly the library's frames: for
 *     each pace (pps, mbps, topspeed, captured x multiplier, looped
 *     captures, destination rewrite) arrival time (last bit, ns), length
 *     (without FCS, runts padded to 60), bytes and counters (offered,
 *     bytes incl. FCS, padded, truncated, loops) are compared frame by
 *     frame;
 *   - the numbers of the single rule (trf.h) on known cases.
 */
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <pcap/pcap.h>

#include "../hw/qemu/e1klab_replay.h"
#include "traffic/traffic.h"

#ifndef TB_TRACES_DIR
#define TB_TRACES_DIR "tests/data/traces"
#endif

static const uint8_t nic_mac[6] = {0x00, 0x07, 0xe9, 0x00, 0x00, 0x10};
#define START_NS UINT64_C(5000000)

/* The device's replay for @p, started at START_NS. */
static E1kReplay *device_new(const E1krProps *p)
{
    char e[512];
    TrfCfg c;
    E1kReplay *r;

    g_assert_cmpint(e1kr_cfg_from_props(p, nic_mac, &c, e, sizeof(e)), ==, 0);
    r = e1kr_new(&c, e, sizeof(e));
    if (!r) {
        g_error("%s", e);   /* does not return (g_assert_nonnull may) */
    }
    g_assert_cmpint(e1kr_start(r, START_NS, e, sizeof(e)), ==, 0);
    return r;
}

/* Counters of the testbench's source and the device's replay agree. */
static void compare_stats(TbSource *s, E1kReplay *r, uint64_t n, int ended)
{
    TbSourceStats ts;
    E1krStats rs;

    tb_source_stats(s, &ts);
    e1kr_stats(r, &rs);
    g_assert_cmpuint(rs.offered, ==, n);
    g_assert_cmpuint(ts.offered, ==, n);
    g_assert_cmpuint(rs.offered_bytes, ==, ts.offered_bytes);
    g_assert_cmpuint(rs.padded, ==, ts.padded);
    g_assert_cmpuint(rs.truncated, ==, ts.truncated);
    if (ended) {
        g_assert_cmpuint(rs.loops, ==, ts.loops);
    }
}

/* Run the scenario's source and the device's replay of the equivalent
 * properties for up to @max frames and compare them frame by frame. */
static void compare(const TbTrafficCfg *t, const E1krProps *p, uint64_t max)
{
    char e[512], *err = NULL;
    TbTrafficCfg tc = *t;
    TbSource *s;
    E1kReplay *r;
    uint64_t n = 0, tt;
    const uint8_t *tf;
    uint32_t tl;

    tc.start_ns = START_NS;
    s = tb_source_new(&tc, nic_mac, 1000, &err);
    g_assert_nonnull(s);
    r = device_new(p);
    while (n < max && tb_source_next(s, &tt, &tf, &tl, &err) == 1) {
        uint32_t rl = 0;
        const uint8_t *rf = e1kr_frame(r, &rl);
        g_assert_nonnull(rf);
        if (e1kr_next_ns(r) != tt || rl != tl) {
            g_printerr("frame %" G_GUINT64_FORMAT ": testbench %"
                       G_GUINT64_FORMAT " ns %u B, device %" G_GUINT64_FORMAT
                       " ns %u B\n", n, tt, tl, e1kr_next_ns(r), rl);
        }
        g_assert_cmpuint(e1kr_next_ns(r), ==, tt);
        g_assert_cmpmem(rf, rl, tf, tl);
        g_assert_cmpint(e1kr_advance(r, e, sizeof(e)), ==, 0);
        n++;
    }
    g_assert_cmpuint(n, >, 0);
    if (n < max) {               /* both exhausted together */
        g_assert_cmpuint(e1kr_next_ns(r), ==, E1KR_NONE);
    }
    compare_stats(s, r, n, n < max);
    tb_source_free(s);
    e1kr_free(r);
}

/* Both mappings give one configuration (label and start time aside: the
 * device starts when the guest enables its receiver). */
static void assert_same_cfg(const TbTrafficCfg *t, const E1krProps *p)
{
    TrfCfg a, b;
    char e[512];

    tb_traffic_trf_cfg(t, nic_mac, 1000, &a);
    g_assert_cmpint(e1kr_cfg_from_props(p, nic_mac, &b, e, sizeof(e)), ==, 0);
    g_assert_cmpstr(a.label, ==, "traffic");
    g_assert_cmpstr(b.label, ==, "replay");
    g_assert_cmpuint(b.start_ns, ==, 0);
    g_assert_cmpint(a.kind, ==, b.kind);
    g_assert_cmpint(a.pace, ==, b.pace);
    g_assert_cmpfloat(a.pace == TRF_PACE_PPS ? a.pps : 0, ==,
                      b.pace == TRF_PACE_PPS ? b.pps : 0);
    g_assert_cmpfloat(a.pace == TRF_PACE_MBPS ? a.mbps : 0, ==,
                      b.pace == TRF_PACE_MBPS ? b.mbps : 0);
    g_assert_cmpfloat(a.multiplier, ==, b.multiplier);
    g_assert_cmpuint(a.loop, ==, b.loop);
    g_assert_cmpuint(a.count, ==, b.count);
    g_assert_cmpuint(a.link_mbps, ==, b.link_mbps);
    g_assert_cmpmem(a.nic_mac, 6, b.nic_mac, 6);
    g_assert_cmpuint(a.frame_size, ==, b.frame_size);
    g_assert_cmpuint(a.imix_n, ==, b.imix_n);
    g_assert_cmpuint(a.flows, ==, b.flows);
    g_assert_cmpmem(a.dst_mac, 6, b.dst_mac, 6);
    g_assert_cmpmem(a.src_mac, 6, b.src_mac, 6);
    g_assert_cmphex(a.src_ip, ==, b.src_ip);
    g_assert_cmphex(a.dst_ip, ==, b.dst_ip);
    g_assert_cmpuint(a.udp_src_port, ==, b.udp_src_port);
    g_assert_cmpuint(a.udp_dst_port, ==, b.udp_dst_port);
    g_assert_cmpuint(a.udp_payload, ==, b.udp_payload);
    g_assert_cmpstr(a.pcap, ==, b.pcap);
    g_assert_cmpint(a.rewrite_dst_mac, ==, b.rewrite_dst_mac);
}

/* forward-970kpps-napi's source and the properties `--backend qemu`
 * gives the device for it (testbench/qemu/qemu_cmdline.c). */
static void gen_cfgs(TbTrafficCfg *t, E1krProps *p, uint32_t size)
{
    static const uint8_t peer[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x10};

    memset(t, 0, sizeof(*t));
    t->kind = TB_TRAFFIC_PKTGEN;
    t->pace = TB_PACE_TOPSPEED;
    t->frame_size = size;
    t->flows = 1;
    t->loop = 1;
    t->multiplier = 1.0;
    memcpy(t->src_mac, peer, 6);
    t->src_ip = 0x0a000002;
    t->dst_ip = 0x0a020001;
    t->udp_src_port = 9;
    t->udp_dst_port = 9;
    memset(p, 0, sizeof(*p));
    p->replay = "gen";
    p->pace = "topspeed";
    p->size = size;
    p->flows = 1;
    p->loop = 1;
    p->src_ip = "10.0.0.2";
    p->dst_ip = "10.2.0.1";
    p->src_mac = "02:00:00:00:00:10";
    p->dst_mac = "00:07:e9:00:00:10";  /* the NIC's, as qemu_cmdline.c */
    p->sport = 9;
    p->dport = 9;
    p->link_mbps = 1000;
}

static void test_same_cfg(void)
{
    TbTrafficCfg t;
    E1krProps p;

    gen_cfgs(&t, &p, 64);
    memcpy(t.dst_mac, nic_mac, 6);
    t.pace = TB_PACE_PPS;
    t.pps = 970000;
    t.count = 1000;
    p.pace = "pps";
    p.pps = 970000;
    p.count = 1000;
    assert_same_cfg(&t, &p);
    /* the auto pace: pps given -> pps */
    p.pace = NULL;
    assert_same_cfg(&t, &p);
    t.pace = TB_PACE_MBPS;
    t.mbps = 300;
    p.pace = "mbps";
    p.mbps = 300;
    assert_same_cfg(&t, &p);

    /* a capture at 7.5x, twice, destination rewritten */
    memset(&t, 0, sizeof(t));
    t.kind = TB_TRAFFIC_PCAP;
    t.pace = TB_PACE_CAPTURED;
    t.multiplier = 7.5;
    t.loop = 2;
    t.rewrite_dst_mac = 1;
    g_strlcpy(t.pcap, TB_TRACES_DIR "/afs.pcap", sizeof(t.pcap));
    /* the scenario loader's generator defaults are the library's */
    t.frame_size = TRF_DEFAULT_FRAME_SIZE;
    t.flows = 1;
    t.udp_src_port = t.udp_dst_port = TRF_DEFAULT_UDP_PORT;
    t.src_ip = TRF_DEFAULT_SRC_IP;
    t.dst_ip = TRF_DEFAULT_DST_IP;
    memcpy(t.src_mac, (uint8_t[]){0x02, 0, 0, 0, 0, 0x01}, 6);
    memset(&p, 0, sizeof(p));
    p.replay = TB_TRACES_DIR "/afs.pcap";
    p.multiplier = "7.5";
    p.loop = 2;
    p.rewrite_dst_mac = 1;
    p.size = E1KR_DEFAULT_SIZE;
    p.flows = 1;
    p.sport = p.dport = E1KR_DEFAULT_PORT;
    p.link_mbps = 1000;
    assert_same_cfg(&t, &p);
}

/* The device's replay of @p delivers its first @n frames at START_NS +
 * @want[i] ns. */
static void expect_arrivals(const E1krProps *p, const uint64_t *want, int n)
{
    E1kReplay *r = device_new(p);
    char e[256];

    for (int i = 0; i < n; i++) {
        g_assert_cmpuint(e1kr_next_ns(r), ==, START_NS + want[i]);
        g_assert_cmpint(e1kr_advance(r, e, sizeof(e)), ==, 0);
    }
    e1kr_free(r);
}

static void test_pps(void)
{
    /* frame i starts at floor(i x 1e12 / 970000000) ns: 0, 1030, 2061,
     * 3092; it arrives 672 ns later */
    static const uint64_t at_970k[4] = {672, 1030 + 672, 2061 + 672,
                                        3092 + 672};
    /* above line rate (1.488 Mpps for 64 bytes): the wire spaces them */
    static const uint64_t at_2m[3] = {672, 2 * 672, 3 * 672};
    TbTrafficCfg t;
    E1krProps p;

    /* M1: 64-byte frames at 970 kpps (one per 1030.9 ns) */
    gen_cfgs(&t, &p, 64);
    t.pace = TB_PACE_PPS;
    t.pps = p.pps = 970000;
    t.count = p.count = 20000;
    p.pace = "pps";
    compare(&t, &p, 30000);
    expect_arrivals(&p, at_970k, 4);
    /* 10M frames (the forward-10M scenarios): exact integer arithmetic */
    t.count = p.count = 10000000;
    compare(&t, &p, 10000000);
    t.count = p.count = 20000;
    t.pps = p.pps = 2000000;
    compare(&t, &p, 30000);
    expect_arrivals(&p, at_2m, 3);
}

static void test_mbps_topspeed(void)
{
    /* 1518 x 8 bits at 300 Mbit/s: one frame per 40480 ns, each on the
     * wire for (1514 + 24) x 8 = 12304 ns */
    static const uint64_t at_mbps[3] = {12304, 40480 + 12304,
                                        2 * 40480 + 12304};
    /* back to back: (590 + 24) x 8 = 4912 ns apart */
    static const uint64_t at_top[3] = {4912, 2 * 4912, 3 * 4912};
    TbTrafficCfg t;
    E1krProps p;

    gen_cfgs(&t, &p, 1518);
    t.pace = TB_PACE_MBPS;
    t.mbps = p.mbps = 300;
    t.count = p.count = 5000;
    p.pace = "mbps";
    compare(&t, &p, 10000);
    expect_arrivals(&p, at_mbps, 3);

    gen_cfgs(&t, &p, 594);
    t.count = p.count = 5000;
    compare(&t, &p, 10000);
    expect_arrivals(&p, at_top, 3);
}

static void pcap_cfgs(TbTrafficCfg *t, E1krProps *p, const char *file,
                      char *path, size_t n)
{
    g_snprintf(path, n, "%s/%s", TB_TRACES_DIR, file);
    memset(t, 0, sizeof(*t));
    t->kind = TB_TRAFFIC_PCAP;
    g_strlcpy(t->pcap, path, sizeof(t->pcap));
    t->pace = TB_PACE_CAPTURED;
    t->multiplier = 1.0;
    t->loop = 1;
    memset(p, 0, sizeof(*p));
    p->replay = path;
    p->pace = "captured";
    p->multiplier = "1";
    p->loop = 1;
    p->size = E1KR_DEFAULT_SIZE;
    p->flows = 1;
    p->link_mbps = 1000;
}

static void test_captured(void)
{
    static const char *const files[] = {"tls_ciphers.pcap", "afs.pcap",
                                        "AoE_Linux.pcap",
                                        "of13_ericsson.pcapng",
                                        "pim-packet-assortment.pcap"};
    char path[1024];
    TbTrafficCfg t;
    E1krProps p;

    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        pcap_cfgs(&t, &p, files[i], path, sizeof(path));
        compare(&t, &p, 1000000);
        /* 10x faster, two passes */
        t.multiplier = 10.0;
        p.multiplier = "10";
        t.loop = p.loop = 2;
        compare(&t, &p, 1000000);
        /* paced at 50 kpps from the capture */
        t.pace = TB_PACE_PPS;
        p.pace = "pps";
        t.pps = p.pps = 50000;
        compare(&t, &p, 1000000);
        /* destination MAC rewritten to the NIC's, every frame (incl.
         * the multicast and broadcast of AoE and pim) */
        t.rewrite_dst_mac = p.rewrite_dst_mac = 1;
        compare(&t, &p, 1000000);
    }
}

/* A capture: unicast 42-byte runt at 0, broadcast 100 bytes at 100 us,
 * unicast 200 bytes at 300 us (nanosecond timestamps). */
static char *write_capture(void)
{
    static const uint32_t lens[3] = {42, 100, 200};
    static const uint64_t ts[3] = {0, 100000, 300000};
    char *path = g_build_filename(g_get_tmp_dir(), "e1klab-equiv-XXXXXX.pcap",
                                  NULL);
    int fd = g_mkstemp(path);
    pcap_t *pc;
    pcap_dumper_t *d;

    g_assert_cmpint(fd, >=, 0);
    close(fd);
    pc = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 65535,
                                              PCAP_TSTAMP_PRECISION_NANO);
    d = pcap_dump_open(pc, path);
    g_assert_nonnull(d);
    for (int i = 0; i < 3; i++) {
        uint8_t f[200];
        struct pcap_pkthdr h = {0};
        memset(f, 0xa0 + i, sizeof(f));
        memset(f, i == 1 ? 0xff : 0x02, 6);
        h.ts.tv_sec = 5;
        h.ts.tv_usec = ts[i];
        h.caplen = h.len = lens[i];
        pcap_dump((u_char *)d, &h, f);
    }
    pcap_dump_close(d);
    pcap_close(pc);
    return path;
}

/* Captured timing, multiplier, loop passes and rewrite with known
 * numbers, through the device's replay. */
static void test_captured_numbers(void)
{
    char *path = write_capture();
    TbTrafficCfg t;
    E1krProps p;
    E1kReplay *r;
    E1krStats st;
    char e[256];
    uint64_t at[6];
    uint32_t len;
    const uint8_t *f;

    char unused[64];

    pcap_cfgs(&t, &p, "x.pcap", unused, sizeof(unused));
    p.replay = path;
    p.multiplier = "3";
    p.loop = 2;
    p.rewrite_dst_mac = 1;
    r = device_new(&p);
    for (int i = 0; i < 6; i++) {
        f = e1kr_frame(r, &len);
        g_assert_nonnull(f);
        g_assert_cmpmem(f, 6, nic_mac, 6);   /* every DA, broadcast too */
        g_assert_cmpuint(len, ==, i % 3 == 0 ? 60 : i % 3 == 1 ? 100 : 200);
        at[i] = e1kr_next_ns(r);
        g_assert_cmpint(e1kr_advance(r, e, sizeof(e)), ==, 0);
    }
    g_assert_cmpuint(e1kr_next_ns(r), ==, E1KR_NONE);
    /* gaps / 3, truncated to whole ns: 33333 and 100000; arrival = start
     * + wire time (60 -> 672, 100 -> 992, 200 -> 1792 ns) */
    g_assert_cmpuint(at[0], ==, START_NS + 672);
    g_assert_cmpuint(at[1], ==, START_NS + 33333 + 992);
    g_assert_cmpuint(at[2], ==, START_NS + 100000 + 1792);
    /* pass 2 starts where pass 1's last frame was scheduled (100 us); its
     * first frame waits for the wire */
    g_assert_cmpuint(at[3], ==, at[2] + 672);
    g_assert_cmpuint(at[4], ==, START_NS + 100000 + 33333 + 992);
    g_assert_cmpuint(at[5], ==, START_NS + 200000 + 1792);
    e1kr_stats(r, &st);
    g_assert_cmpuint(st.offered, ==, 6);
    g_assert_cmpuint(st.padded, ==, 2);
    g_assert_cmpuint(st.loops, ==, 2);
    g_assert_cmpuint(st.offered_bytes, ==, 2 * (64 + 104 + 204));
    e1kr_free(r);
    g_unlink(path);
    g_free(path);
}

/* Wire time rounds down at any link speed: (61 + 24) x 8 x 1000 / 7 =
 * 97142.86 -> 97142 ns. */
static void test_wire_rounding(void)
{
    g_assert_cmpuint(trf_wire_ns(61, 7), ==, 97142);
    g_assert_cmpuint(trf_wire_ns(60, 0), ==, 672);
    g_assert_cmpuint(trf_wire_ns(60, 10), ==, 67200);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/replay-equiv/same-cfg", test_same_cfg);
    g_test_add_func("/replay-equiv/pps", test_pps);
    g_test_add_func("/replay-equiv/mbps-topspeed", test_mbps_topspeed);
    g_test_add_func("/replay-equiv/captured", test_captured);
    g_test_add_func("/replay-equiv/captured-numbers", test_captured_numbers);
    g_test_add_func("/replay-equiv/wire-rounding", test_wire_rounding);
    return g_test_run();
}
