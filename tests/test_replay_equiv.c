/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The two backends' traffic: the QEMU device's replay source
 * (hw/qemu/e1klab_replay.c) and the testbench's sources (testbench/
 * traffic*.c) must offer the same frames at the same times, so that
 * `e1klab run --backend qemu` and `--backend testbench` see the same
 * load.  For each pace (pps, mbps, topspeed, captured x multiplier, looped
 * captures) both are run from the same start time and compared frame by
 * frame: arrival time (last bit, ns), length (without FCS, runts padded
 * to 60), for captures the bytes, and the counters (offered, bytes incl.
 * FCS, padded, truncated, loops).  Generator frame contents differ by
 * design (the device numbers its frames in the payload) and are not
 * compared.
 */
#include <string.h>

#include <glib.h>

#include "../hw/qemu/e1klab_replay.h"
#include "traffic/traffic.h"

#ifndef TB_TRACES_DIR
#define TB_TRACES_DIR "tests/data/traces"
#endif

static const uint8_t nic_mac[6] = {0x00, 0x07, 0xe9, 0x00, 0x00, 0x10};
#define START_NS UINT64_C(5000000)

/* Run both for up to @max frames and compare. */
static void compare(const TbTrafficCfg *t, const E1krCfg *c, uint64_t max,
                    int cmp_bytes)
{
    char e[256], *err = NULL;
    TbTrafficCfg tc = *t;
    TbSource *s;
    E1kReplay *r;
    TbSourceStats ts;
    E1krStats rs;
    uint64_t n = 0, tt;
    const uint8_t *tf;
    uint32_t tl;

    tc.start_ns = START_NS;
    s = tb_source_new(&tc, nic_mac, 1000, &err);
    g_assert_nonnull(s);
    r = e1kr_new(c, e, sizeof(e));
    if (!r) {
        g_printerr("%s\n", e);
    }
    g_assert_nonnull(r);
    g_assert_cmpint(e1kr_start(r, START_NS, e, sizeof(e)), ==, 0);
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
        g_assert_cmpuint(rl, ==, tl);
        if (cmp_bytes) {
            g_assert_cmpmem(rf, rl, tf, tl);
        }
        g_assert_cmpint(e1kr_advance(r, e, sizeof(e)), ==, 0);
        n++;
    }
    g_assert_cmpuint(n, >, 0);
    if (n < max) {               /* both exhausted together */
        g_assert_cmpuint(e1kr_next_ns(r), ==, E1KR_NONE);
    }
    tb_source_stats(s, &ts);
    e1kr_stats(r, &rs);
    g_assert_cmpuint(rs.offered, ==, n);
    g_assert_cmpuint(ts.offered, ==, n);
    g_assert_cmpuint(rs.offered_bytes, ==, ts.offered_bytes);
    g_assert_cmpuint(rs.padded, ==, ts.padded);
    g_assert_cmpuint(rs.truncated, ==, ts.truncated);
    if (n < max) {
        g_assert_cmpuint(rs.loops, ==, ts.loops);
    }
    tb_source_free(s);
    e1kr_free(r);
}

static void gen_cfgs(TbTrafficCfg *t, E1krCfg *c, uint32_t size)
{
    memset(t, 0, sizeof(*t));
    t->kind = TB_TRAFFIC_PKTGEN;
    t->frame_size = size;
    t->flows = 1;
    t->loop = 1;
    t->multiplier = 1.0;
    t->udp_src_port = 9;
    t->udp_dst_port = 9;
    memcpy(t->dst_mac, nic_mac, 6);
    e1kr_cfg_default(c);
    c->frame_size = size;
    memcpy(c->nic_mac, nic_mac, 6);
}

static void test_pps(void)
{
    TbTrafficCfg t;
    E1krCfg c;

    /* M1: 64-byte frames at 970 kpps (one per 1030.9 ns) */
    gen_cfgs(&t, &c, 64);
    t.pace = TB_PACE_PPS;
    t.pps = 970000;
    t.count = 20000;
    c.pace = E1KR_PACE_PPS;
    c.pps = 970000;
    c.count = 20000;
    compare(&t, &c, 30000, 0);
    /* 10M frames (the forward-10M scenarios): both compute the start of
     * frame i as i x 1e12 / pps_milli in exact integer arithmetic */
    t.count = c.count = 10000000;
    compare(&t, &c, 10000000, 0);
    t.count = c.count = 20000;
    /* above line rate (1.488 Mpps for 64 bytes): the wire spaces them */
    t.pps = c.pps = 2000000;
    compare(&t, &c, 30000, 0);
}

static void test_mbps_topspeed(void)
{
    TbTrafficCfg t;
    E1krCfg c;

    gen_cfgs(&t, &c, 1518);
    t.pace = TB_PACE_MBPS;
    t.mbps = 300;
    t.count = c.count = 5000;
    c.pace = E1KR_PACE_MBPS;
    c.mbps = 300;
    compare(&t, &c, 10000, 0);
    gen_cfgs(&t, &c, 594);
    t.pace = TB_PACE_TOPSPEED;
    c.pace = E1KR_PACE_TOPSPEED;
    t.count = c.count = 5000;
    compare(&t, &c, 10000, 0);
}

static void pcap_cfgs(TbTrafficCfg *t, E1krCfg *c, const char *file,
                      char *path, size_t n)
{
    g_snprintf(path, n, "%s/%s", TB_TRACES_DIR, file);
    memset(t, 0, sizeof(*t));
    t->kind = TB_TRAFFIC_PCAP;
    g_strlcpy(t->pcap, path, sizeof(t->pcap));
    t->pace = TB_PACE_CAPTURED;
    t->multiplier = 1.0;
    t->loop = 1;
    e1kr_cfg_default(c);
    c->pcap = path;
    c->pace = E1KR_PACE_CAPTURED;
    c->multiplier = 1.0;
    c->loop = 1;
    memcpy(c->nic_mac, nic_mac, 6);
}

static void test_captured(void)
{
    static const char *const files[] = {"tls_ciphers.pcap", "afs.pcap",
                                        "AoE_Linux.pcap",
                                        "of13_ericsson.pcapng",
                                        "pim-packet-assortment.pcap"};
    char path[1024];
    TbTrafficCfg t;
    E1krCfg c;

    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        pcap_cfgs(&t, &c, files[i], path, sizeof(path));
        compare(&t, &c, 1000000, 1);
        /* 10x faster, two passes */
        t.multiplier = c.multiplier = 10.0;
        t.loop = c.loop = 2;
        compare(&t, &c, 1000000, 1);
        /* paced at 50 kpps from the capture */
        t.pace = TB_PACE_PPS;
        c.pace = E1KR_PACE_PPS;
        t.pps = c.pps = 50000;
        compare(&t, &c, 1000000, 1);
        /* destination MAC rewritten to the NIC's, every frame (incl.
         * the multicast and broadcast of AoE and pim) */
        t.rewrite_dst_mac = c.rewrite_dst_mac = 1;
        compare(&t, &c, 1000000, 1);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/replay-equiv/pps", test_pps);
    g_test_add_func("/replay-equiv/mbps-topspeed", test_mbps_topspeed);
    g_test_add_func("/replay-equiv/captured", test_captured);
    return g_test_run();
}
