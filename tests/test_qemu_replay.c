/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tests of the QEMU device's replay (hw/qemu/e1klab_replay.c over the
 * traffic library testbench/traffic/trf.h, built here without GLib in the
 * library): wire time ([IEEE-802.3]: (L + 4 FCS + 20) x 8 bit times),
 * pacing, frame counts, generator frames, capture replay through libpcap,
 * cursor seek (used by loadvm) and bad input.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <pcap/pcap.h>
#include <string.h>
#include <unistd.h>

#include "e1klab_replay.h"

static const uint8_t nic_mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

static E1kReplay *gen_new(TrfPace pace, double pps, uint64_t count)
{
    TrfCfg c;
    char err[256];

    trf_cfg_default(&c);
    memcpy(c.nic_mac, nic_mac, 6);
    c.pace = pace;
    c.pps = pps;
    c.count = count;
    E1kReplay *r = e1kr_new(&c, err, sizeof(err));
    g_assert_nonnull(r);
    return r;
}

/* Arrival times of up to @n frames starting at @start. */
static int collect(E1kReplay *r, uint64_t start, uint64_t *t, int n)
{
    char err[256];
    int i = 0;

    g_assert_cmpint(e1kr_start(r, start, err, sizeof(err)), ==, 0);
    while (i < n && e1kr_next_ns(r) != E1KR_NONE) {
        t[i++] = e1kr_next_ns(r);
        g_assert_cmpint(e1kr_advance(r, err, sizeof(err)), ==, 0);
    }
    return i;
}

static void test_wire_time(void)
{
    /* 64-byte frame + 20 bytes preamble/SFD/IFG = 672 bit times */
    g_assert_cmpuint(trf_wire_ns(60, 1000), ==, 672);
    g_assert_cmpuint(trf_wire_ns(60, 100), ==, 6720);
    g_assert_cmpuint(trf_wire_ns(1514, 1000), ==, (1514 + 24) * 8);
    /* rounded down at any speed: 85 x 8 x 1000 / 7 = 97142.86 ns (runts
     * are padded to 60 bytes before the wire: capture-replay below) */
    g_assert_cmpuint(trf_wire_ns(61, 7), ==, 97142);
}

static void test_pps_spacing(void)
{
    E1kReplay *r = gen_new(TRF_PACE_PPS, 970000, 4);
    uint64_t t[8];

    g_assert_cmpint(collect(r, 1000, t, 8), ==, 4);
    /* frame i starts at 1000 + floor(i x 1e9 / 970000), ends 672 ns later */
    g_assert_cmpuint(t[0], ==, 1000 + 672);
    g_assert_cmpuint(t[1], ==, 1000 + 1030 + 672);
    g_assert_cmpuint(t[2], ==, 1000 + 2061 + 672);
    g_assert_cmpuint(t[3], ==, 1000 + 3092 + 672);
    e1kr_free(r);
}

static void test_pps_above_line_rate(void)
{
    /* 2 Mpps of 64-byte frames exceeds 1.488 Mpps: back to back instead */
    E1kReplay *r = gen_new(TRF_PACE_PPS, 2000000, 3);
    uint64_t t[3];

    g_assert_cmpint(collect(r, 0, t, 3), ==, 3);
    g_assert_cmpuint(t[1] - t[0], ==, 672);
    g_assert_cmpuint(t[2] - t[1], ==, 672);
    e1kr_free(r);
}

static void test_count_and_stats(void)
{
    E1kReplay *r = gen_new(TRF_PACE_TOPSPEED, 0, 5);
    uint64_t t[10];
    E1krStats st;

    g_assert_cmpint(collect(r, 0, t, 10), ==, 5);
    g_assert_cmpuint(e1kr_next_ns(r), ==, E1KR_NONE);
    e1kr_stats(r, &st);
    g_assert_cmpuint(st.offered, ==, 5);
    g_assert_cmpuint(st.offered_bytes, ==, 5 * 64);
    e1kr_free(r);
}

static void test_generator_frame(void)
{
    TrfCfg c;
    char err[256];
    uint32_t len;

    trf_cfg_default(&c);
    memcpy(c.nic_mac, nic_mac, 6);
    c.flows = 3;
    c.udp_src_port = 1024;
    c.count = 5;
    E1kReplay *r = e1kr_new(&c, err, sizeof(err));
    g_assert_nonnull(r);
    g_assert_cmpint(e1kr_start(r, 0, err, sizeof(err)), ==, 0);
    for (uint32_t n = 0; n < 5; n++) {
        const uint8_t *f = e1kr_frame(r, &len);
        g_assert_nonnull(f);
        g_assert_cmpuint(len, ==, 60);
        g_assert_cmpmem(f, 6, nic_mac, 6);
        g_assert_cmpuint((f[12] << 8) | f[13], ==, 0x0800);
        /* IPv4 header checksum verifies to 0xffff */
        uint32_t sum = 0;
        for (int i = 14; i < 34; i += 2) {
            sum += (f[i] << 8) | f[i + 1];
        }
        while (sum >> 16) {
            sum = (sum & 0xffff) + (sum >> 16);
        }
        g_assert_cmphex(sum, ==, 0xffff);
        g_assert_cmpuint((f[16] << 8) | f[17], ==, 46);     /* IP length */
        g_assert_cmpuint(f[23], ==, 17);                     /* UDP */
        g_assert_cmpuint((f[34] << 8) | f[35], ==, 1024 + n % 3);
        g_assert_cmpuint((f[36] << 8) | f[37], ==, 9);
        g_assert_cmpuint(f[49], ==, n);                      /* frame no. */
        g_assert_cmpint(e1kr_advance(r, err, sizeof(err)), ==, 0);
    }
    e1kr_free(r);
}

/* A capture: unicast 42-byte runt at 0, broadcast 100 bytes at 100 us,
 * unicast 200 bytes at 300 us. */
static char *write_capture(void)
{
    char *path = g_build_filename(g_get_tmp_dir(), "e1klab-replay-XXXXXX.pcap",
                                  NULL);
    int fd = g_mkstemp(path);
    g_assert_cmpint(fd, >=, 0);
    close(fd);
    pcap_t *p = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 65535,
                    PCAP_TSTAMP_PRECISION_NANO);
    pcap_dumper_t *d = pcap_dump_open(p, path);
    g_assert_nonnull(d);
    static const uint32_t lens[3] = { 42, 100, 200 };
    static const uint64_t ts[3] = { 0, 100000, 300000 };
    for (int i = 0; i < 3; i++) {
        uint8_t f[200];
        struct pcap_pkthdr h = { 0 };
        memset(f, 0xa0 + i, sizeof(f));
        memset(f, i == 1 ? 0xff : 0x02, 6);
        h.ts.tv_sec = 5;
        h.ts.tv_usec = ts[i];  /* nanoseconds in a nanosecond file */
        h.caplen = h.len = lens[i];
        pcap_dump((u_char *)d, &h, f);
    }
    pcap_dump_close(d);
    pcap_close(p);
    return path;
}

static void test_capture_replay(void)
{
    char *path = write_capture();
    TrfCfg c;
    char err[256];
    uint32_t len;
    uint64_t t[8];
    E1krStats st;

    trf_cfg_default(&c);
    memcpy(c.nic_mac, nic_mac, 6);
    c.kind = TRF_PCAP;
    g_strlcpy(c.pcap, path, sizeof(c.pcap));
    c.pace = TRF_PACE_CAPTURED;
    c.multiplier = 2.0;
    c.loop = 2;
    c.rewrite_dst_mac = 1;
    E1kReplay *r = e1kr_new(&c, err, sizeof(err));
    g_assert_nonnull(r);
    g_assert_cmpint(e1kr_start(r, 0, err, sizeof(err)), ==, 0);
    const uint8_t *f = e1kr_frame(r, &len);
    g_assert_cmpuint(len, ==, 60);               /* runt padded */
    g_assert_cmpmem(f, 6, nic_mac, 6);           /* DA rewritten */
    g_assert_cmpuint(f[59], ==, 0);              /* padding is zero */
    g_assert_cmpint(e1kr_advance(r, err, sizeof(err)), ==, 0);
    f = e1kr_frame(r, &len);
    g_assert_cmpuint(len, ==, 100);
    g_assert_cmpmem(f, 6, nic_mac, 6);           /* broadcast DA too */
    e1kr_free(r);

    r = e1kr_new(&c, err, sizeof(err));
    g_assert_cmpint(collect(r, 0, t, 8), ==, 6);  /* 3 frames x 2 passes */
    /* gaps halved by the multiplier; arrival = start + wire time */
    g_assert_cmpuint(t[0], ==, trf_wire_ns(60, 1000));
    g_assert_cmpuint(t[1], ==, 50000 + trf_wire_ns(100, 1000));
    g_assert_cmpuint(t[2], ==, 150000 + trf_wire_ns(200, 1000));
    /* the second pass starts where the first's last frame was scheduled
     * (150 us, as the testbench's sources); its first frame waits for the
     * wire */
    g_assert_cmpuint(t[3], ==, t[2] + trf_wire_ns(60, 1000));
    g_assert_cmpuint(t[4], ==, 150000 + 50000 + trf_wire_ns(100, 1000));
    g_assert_cmpuint(t[5], ==, 150000 + 150000 + trf_wire_ns(200, 1000));
    e1kr_stats(r, &st);
    g_assert_cmpuint(st.offered, ==, 6);
    g_assert_cmpuint(st.padded, ==, 2);
    g_assert_cmpuint(st.loops, ==, 2);
    e1kr_free(r);
    g_unlink(path);
    g_free(path);
}

static void test_seek_resumes(void)
{
    char *path = write_capture();
    TrfCfg c;
    char err[256];
    uint32_t la, lb;
    E1krCursor cur;

    trf_cfg_default(&c);
    memcpy(c.nic_mac, nic_mac, 6);
    c.kind = TRF_PCAP;
    g_strlcpy(c.pcap, path, sizeof(c.pcap));
    c.loop = 2;
    E1kReplay *a = e1kr_new(&c, err, sizeof(err));
    E1kReplay *b = e1kr_new(&c, err, sizeof(err));
    g_assert_cmpint(e1kr_start(a, 777, err, sizeof(err)), ==, 0);
    for (int i = 0; i < 4; i++) {        /* into the second pass */
        g_assert_cmpint(e1kr_advance(a, err, sizeof(err)), ==, 0);
    }
    e1kr_cursor(a, &cur);
    g_assert_cmpint(e1kr_seek(b, &cur, err, sizeof(err)), ==, 0);
    while (e1kr_next_ns(a) != E1KR_NONE) {
        g_assert_cmpuint(e1kr_next_ns(b), ==, e1kr_next_ns(a));
        const uint8_t *fa = e1kr_frame(a, &la), *fb = e1kr_frame(b, &lb);
        g_assert_cmpuint(la, ==, lb);
        g_assert_cmpmem(fa, la, fb, lb);
        g_assert_cmpint(e1kr_advance(a, err, sizeof(err)), ==, 0);
        g_assert_cmpint(e1kr_advance(b, err, sizeof(err)), ==, 0);
    }
    g_assert_cmpuint(e1kr_next_ns(b), ==, E1KR_NONE);
    /* the resumed replay's counters include the frames before the cut */
    E1krStats sa, sb;
    e1kr_stats(a, &sa);
    e1kr_stats(b, &sb);
    g_assert_cmpuint(sb.offered, ==, 6);
    g_assert_cmpmem(&sa, sizeof(sa), &sb, sizeof(sb));
    e1kr_free(a);
    e1kr_free(b);
    g_unlink(path);
    g_free(path);
}

static void test_bad_input(void)
{
    TrfCfg c;
    char err[256];

    trf_cfg_default(&c);
    c.kind = TRF_PCAP;
    g_strlcpy(c.pcap, "/nonexistent/e1klab.pcap", sizeof(c.pcap));
    g_assert_null(e1kr_new(&c, err, sizeof(err)));
    g_assert_nonnull(strstr(err, "/nonexistent/e1klab.pcap"));

    /* a capture whose link type is not Ethernet */
    char *path = g_build_filename(g_get_tmp_dir(), "e1klab-raw-XXXXXX.pcap",
                                  NULL);
    int fd = g_mkstemp(path);
    close(fd);
    pcap_t *p = pcap_open_dead(DLT_RAW, 65535);
    pcap_dumper_t *d = pcap_dump_open(p, path);
    pcap_dump_close(d);
    pcap_close(p);
    c.kind = TRF_PCAP;
    g_strlcpy(c.pcap, path, sizeof(c.pcap));
    g_assert_null(e1kr_new(&c, err, sizeof(err)));
    g_assert_nonnull(strstr(err, "is not Ethernet"));
    g_unlink(path);
    g_free(path);

    trf_cfg_default(&c);
    c.frame_size = 63;
    g_assert_null(e1kr_new(&c, err, sizeof(err)));
    c.frame_size = 64;
    c.pace = TRF_PACE_PPS;
    c.pps = 0;
    g_assert_null(e1kr_new(&c, err, sizeof(err)));
    g_assert_nonnull(strstr(err, "pps"));

    uint8_t mac[6];
    uint32_t ip;
    g_assert_cmpint(trf_parse_mac("02:00:00:00:00:1g", mac), ==, -1);
    g_assert_cmpint(trf_parse_mac("02:00:00:00:00:10", mac), ==, 0);
    g_assert_cmpuint(mac[5], ==, 0x10);
    g_assert_cmpint(trf_parse_ipv4("10.2.0.256", &ip), ==, -1);
    g_assert_cmpint(trf_parse_ipv4("10.2.0.1", &ip), ==, 0);
    g_assert_cmphex(ip, ==, 0x0a020001);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/qemu-replay/wire-time", test_wire_time);
    g_test_add_func("/qemu-replay/pps-spacing", test_pps_spacing);
    g_test_add_func("/qemu-replay/pps-above-line-rate",
                    test_pps_above_line_rate);
    g_test_add_func("/qemu-replay/count-and-stats", test_count_and_stats);
    g_test_add_func("/qemu-replay/generator-frame", test_generator_frame);
    g_test_add_func("/qemu-replay/capture-replay", test_capture_replay);
    g_test_add_func("/qemu-replay/seek-resumes", test_seek_resumes);
    g_test_add_func("/qemu-replay/bad-input", test_bad_input);
    return g_test_run();
}
