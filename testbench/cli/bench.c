/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab bench` (bench.h): the benchmark suite and the speed of one
 * scenario.  Instruction counts come from valgrind's callgrind tool
 * ([VALGRIND] 6, "Callgrind: a call-graph generating cache and branch
 * prediction profiler"), which counts the instructions a process executes
 * whatever the machine's load; the bench runs itself under it on a reduced
 * frame count and reads the total from the tool's output file.
 */
#include "cli/bench.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "cli/cli_opts.h"
#include "scenario/topology.h"
#include "sim/sim.h"

#ifndef E1KLAB_SCENARIO_DIR
#define E1KLAB_SCENARIO_DIR "testbench/scenarios"
#endif

#define EXIT_BAD_INPUT 2

/** One benchmark of the suite: a shipped scenario, its settings when
 *  --frames bounds the run (count_sets; a case that has some has one
 *  [traffic] source), and the offered frames per source of the callgrind
 *  run (0: the scenario's own). */
typedef struct BenchCase {
    const char *name;
    const char *ini;
    const char *count_sets[2];
    uint64_t cg_frames;
    bool idle_capture;   /**< replay the capture with idle gaps */
} BenchCase;

static const BenchCase cases[] = {
    {"forward-10M-irqoff", "forward-10M-irqoff.ini", {NULL}, 200000, false},
    {"m1-napi", "forward-970kpps-napi.ini", {NULL}, 200000, false},
    {"udp-stream-1440", "udp-stream-1440.ini", {"run.duration=0", NULL},
     20000, false},
    {"replay-idle-gaps", "replay-pcap.ini", {NULL}, 0, true},
    {"forward-smp2", "forward-smp2.ini", {NULL}, 50000, false},
};

/** What one timed run measured (summed over the hosts). */
typedef struct BenchOut {
    uint64_t offered;
    uint64_t link_rx;   /**< frames that reached a NIC from a link */
    uint64_t forwarded;
    double sim_s;       /**< simulated time of the whole run */
    double wall_s;      /**< wall time of tb_sim_run */
    double cpu_s;       /**< user + system time of tb_sim_run */
    double rss_mib;     /**< peak RSS of the process */
} BenchOut;

/* ---- the capture with idle gaps ---- */

/** Bursts of the idle-gap capture, frames per burst, gap between bursts
 *  (s): a day of captured time in which the host is almost always idle. */
#define GAP_BURSTS 25u
#define GAP_FRAMES 40u
#define GAP_S 3600u

/* Write the capture with idle gaps (classic pcap, Ethernet, 60-byte UDP
 * frames; [PCAP-SAVEFILE]) to @path.  false on a write error. */
static bool write_idle_capture(const char *path)
{
    static const uint32_t hdr[6] = {0xa1b2c3d4u, 0x00040002u, 0, 0, 65535,
                                    1};
    uint8_t frame[60] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0,
                         0, 1, 0x08, 0x00};
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(hdr, sizeof(hdr), 1, f) == 1;

    for (uint32_t b = 0; ok && b < GAP_BURSTS; b++) {
        for (uint32_t i = 0; ok && i < GAP_FRAMES; i++) {
            uint32_t rec[4] = {1000u + b * GAP_S, i * 100u, 60, 60};
            ok = fwrite(rec, sizeof(rec), 1, f) == 1 &&
                 fwrite(frame, sizeof(frame), 1, f) == 1;
        }
    }
    if (f && fclose(f) != 0) {
        ok = false;
    }
    return ok;
}

/* ---- one timed run ---- */

/* Load @path with @sets (NULL-terminated, may be NULL) and set every
 * source's count to @frames when > 0 (a scenario without a source has
 * no count to set: an error then).  0, or -1 with *err. */
static int bench_load(const char *path, const char *const *sets,
                      uint64_t frames, TbTopology *t, char **err)
{
    uint32_t n = 0;

    if (tb_topology_load(path, sets, t, err) < 0) {
        return -1;
    }
    for (uint32_t h = 0; h < t->nhosts; h++) {
        TbScenario *sc = &t->host[h];
        for (uint32_t i = 0; frames > 0 && i < sc->nsources; i++) {
            sc->traffic[i].count = frames;
        }
        n += sc->nsources;
    }
    if (frames > 0 && n == 0) {
        *err = g_strdup_printf("bench: --frames: %s has no traffic source "
                               "(its run lasts its duration)", path);
        tb_topology_clear(t);
        return -1;
    }
    return 0;
}

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* The counts of the finished run @sim into @o: frames offered and from
 * links, forwarded, summed over the hosts; the latest end. */
static void bench_counts(const TbSim *sim, BenchOut *o)
{
    uint64_t end = 0;
    for (uint32_t h = 0; h < tb_sim_hosts(sim); h++) {
        const TbResults *res = tb_sim_results(sim, h);
        o->offered += res->offered;
        o->link_rx += res->link_rx;
        o->forwarded += res->forwarded;
        end = res->sim_ns > end ? res->sim_ns : end;
    }
    o->sim_s = (double)end / 1e9;
}

/* Run @t and measure it.  0, or -1 with *err. */
static int bench_time(const TbTopology *t, BenchOut *o, char **err)
{
    TbSim *sim = tb_sim_new(t, err);
    struct rusage ru;
    int r = -1;

    if (sim) {
        double c0 = cpu_seconds();
        gint64 t0 = g_get_monotonic_time();
        if (tb_sim_run(sim, err) == 0) {
            o->wall_s = (double)(g_get_monotonic_time() - t0) / 1e6;
            o->cpu_s = cpu_seconds() - c0;
            bench_counts(sim, o);
            getrusage(RUSAGE_SELF, &ru);
            o->rss_mib = (double)ru.ru_maxrss / 1024.0;
            r = 0;
        }
    }
    tb_sim_free(sim);
    return r;
}

/* ---- callgrind ---- */

/* The total instruction count of a callgrind output file ("summary:" or
 * "totals:" line), 0 if none. */
static uint64_t callgrind_total(const char *path)
{
    char *text = NULL, *p;
    uint64_t n = 0;

    if (!g_file_get_contents(path, &text, NULL, NULL)) {
        return 0;
    }
    if ((p = strstr(text, "\nsummary: ")) || (p = strstr(text, "\ntotals: "))) {
        n = g_ascii_strtoull(strchr(p, ':') + 2, NULL, 10);
    }
    g_free(text);
    return n;
}

/* The frames printed by a child `bench --detail` on @out: offered, and
 * from links when it prints them. */
static uint64_t child_offered(const char *out)
{
    const char *p = strstr(out, "offered frames");
    const char *l = strstr(out, "frames from links");
    return (p ? g_ascii_strtoull(p + strlen("offered frames"), NULL, 10)
              : 0)
           + (l ? g_ascii_strtoull(l + strlen("frames from links"), NULL, 10)
                : 0);
}

/* Instructions per offered frame under callgrind of a child `e1klab
 * bench ARGS --no-callgrind --detail --frames FRAMES` (@args: "--case
 * NAME" or a scenario path), 0 when valgrind is missing or the run
 * fails.  @dir: scratch directory. */
static double callgrind_per_frame(const char *self, const char *const *args,
                                  uint64_t frames, const char *dir)
{
    char *valgrind = g_find_program_in_path("valgrind");
    char *cg = g_build_filename(dir, "callgrind.out", NULL);
    GPtrArray *argv = g_ptr_array_new_with_free_func(g_free);
    char *out = NULL;
    gint status = -1;
    double per = 0;

    g_ptr_array_add(argv, g_strdup(valgrind));
    g_ptr_array_add(argv, g_strdup("--tool=callgrind"));
    g_ptr_array_add(argv, g_strdup_printf("--callgrind-out-file=%s", cg));
    g_ptr_array_add(argv, g_strdup(self));
    g_ptr_array_add(argv, g_strdup("bench"));
    for (int i = 0; args[i]; i++) {
        g_ptr_array_add(argv, g_strdup(args[i]));
    }
    g_ptr_array_add(argv, g_strdup("--no-callgrind"));
    g_ptr_array_add(argv, g_strdup("--detail"));
    g_ptr_array_add(argv, g_strdup_printf("--frames=%" PRIu64, frames));
    g_ptr_array_add(argv, NULL);
    if (valgrind &&
        g_spawn_sync(NULL, (char **)argv->pdata, NULL,
                     G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                     &status, NULL) &&
        g_spawn_check_wait_status(status, NULL)) {
        uint64_t n = callgrind_total(cg), off = child_offered(out);
        per = off ? (double)n / (double)off : 0;
    }
    g_unlink(cg);
    g_free(out);
    g_ptr_array_free(argv, TRUE);
    g_free(cg);
    g_free(valgrind);
    return per;
}

/* ---- output ---- */

/* The lines of --detail.  Per frame is per offered frame, or, in a
 * network whose links carried frames, per frame that reached a NIC from
 * outside its host (offered plus from links: a netperf test's frames
 * have no source). */
static void print_detail(const char *name, const BenchOut *o, double ir)
{
    uint64_t n = o->offered + o->link_rx;
    const char *fr = o->link_rx ? "frame at a NIC" : "offered frame";
    char l1[64], l2[64];

    g_snprintf(l1, sizeof(l1), "%s per wall-second",
               o->link_rx ? "frames at NICs" : "offered frames");
    g_snprintf(l2, sizeof(l2), "CPU time per %s", fr);
    printf("scenario                        %s\n", name);
    printf("offered frames                  %" PRIu64 "\n", o->offered);
    if (o->link_rx) {
        printf("frames from links               %" PRIu64 "\n", o->link_rx);
    }
    printf("forwarded frames                %" PRIu64 "\n", o->forwarded);
    printf("simulated time                  %.6f s\n", o->sim_s);
    printf("wall time                       %.3f s\n", o->wall_s);
    printf("%-31s %.0f\n", l1, o->wall_s > 0 ? (double)n / o->wall_s : 0.0);
    printf("simulated-to-wall ratio         %.3f\n",
           o->wall_s > 0 ? o->sim_s / o->wall_s : 0.0);
    printf("%-31s %.1f ns\n", l2, n ? o->cpu_s * 1e9 / (double)n : 0.0);
    printf("peak RSS                        %.1f MiB\n", o->rss_mib);
    if (ir > 0) {
        char l3[64];
        g_snprintf(l3, sizeof(l3), "instructions per %s", fr);
        printf("%-31s %.0f (callgrind)\n", l3, ir);
    }
}

#define ROW_FMT "%-20s %10s %9s %10s %9s %10s\n"

static void print_row(const char *name, const BenchOut *o, double ir)
{
    char off[32], wall[32], cpu[32], rss[32], irs[32];

    g_snprintf(off, sizeof(off), "%" PRIu64, o->offered);
    g_snprintf(wall, sizeof(wall), "%.3f", o->wall_s);
    g_snprintf(cpu, sizeof(cpu), "%.1f",
               o->offered ? o->cpu_s * 1e9 / (double)o->offered : 0.0);
    g_snprintf(rss, sizeof(rss), "%.1f", o->rss_mib);
    g_snprintf(irs, sizeof(irs), ir > 0 ? "%.0f" : "-", ir);
    printf(ROW_FMT, name, off, wall, cpu, rss, irs);
    fflush(stdout);
}

/* The table's header line (above the rows of print_row). */
static void print_header(void)
{
    printf(ROW_FMT, "benchmark", "offered", "wall s", "cpu ns/fr",
           "RSS MiB", "Ir/frame");
    fflush(stdout);
}

/* ---- commands ---- */

/** Options of `bench`. */
typedef struct BenchOpts {
    gint64 frames;
    char *case_name;
    gboolean no_callgrind;
    gboolean detail;
    gboolean row;       /**< the row alone (the suite's children: the
                             suite printed the header) */
} BenchOpts;

/* The suite's case names, "a, b, c" (g_free). */
static char *case_names(void)
{
    GString *g = g_string_new(NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_string_append_printf(g, "%s%s", i ? ", " : "", cases[i].name);
    }
    return g_string_free(g, FALSE);
}

static const BenchCase *find_case(const char *name)
{
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        if (!strcmp(cases[i].name, name)) {
            return &cases[i];
        }
    }
    return NULL;
}

/* The settings of case @c into @sets (NULL-terminated): with @frames
 * (> 0, --frames given) its count_sets and, when it has some, the count
 * of its one [traffic] source (the loader wants a count once the
 * duration is 0); the capture @cap when it needs one. */
static void case_sets(const BenchCase *c, uint64_t frames, const char *cap,
                      GPtrArray *sets)
{
    if (frames > 0 && c->count_sets[0]) {
        g_ptr_array_add(sets, g_strdup_printf("traffic.count=%" PRIu64,
                                              frames));
    }
    for (int i = 0; frames > 0 && c->count_sets[i]; i++) {
        g_ptr_array_add(sets, g_strdup(c->count_sets[i]));
    }
    if (c->idle_capture) {
        g_ptr_array_add(sets, g_strdup_printf("traffic.pcap=%s", cap));
    }
    g_ptr_array_add(sets, NULL);
}

/* Case @c in this process: timed run (and a callgrind run unless
 * disabled), one row or, with o->detail, the detailed lines.  0, or an
 * exit status with *err. */
static int run_case(const BenchCase *c, const BenchOpts *o, char **err)
{
    char *dir = g_dir_make_tmp("e1klab-bench-XXXXXX", NULL);
    char *cap = dir ? g_build_filename(dir, "idle-gaps.pcap", NULL) : NULL;
    char *ini = g_build_filename(E1KLAB_SCENARIO_DIR, c->ini, NULL);
    char *self = g_file_read_link("/proc/self/exe", NULL);
    GPtrArray *sets = g_ptr_array_new_with_free_func(g_free);
    TbTopology t = {0};
    BenchOut out = {0};
    double ir = 0;
    int rc = EXIT_BAD_INPUT;

    if (!dir || (c->idle_capture && !write_idle_capture(cap))) {
        *err = g_strdup("bench: cannot write a scratch capture");
    } else {
        case_sets(c, (uint64_t)o->frames, cap, sets);
        if (bench_load(ini, (const char *const *)sets->pdata,
                       (uint64_t)o->frames, &t, err) == 0) {
            rc = bench_time(&t, &out, err) == 0 ? 0 : 1;
        }
    }
    if (rc == 0 && !o->no_callgrind && self) {
        const char *args[] = {"--case", c->name, NULL};
        ir = callgrind_per_frame(self, args, c->cg_frames, dir);
    }
    if (rc == 0 && o->detail) {
        print_detail(c->name, &out, ir);
    } else if (rc == 0) {
        if (!o->row) {
            print_header();
        }
        print_row(c->name, &out, ir);
    }
    if (cap) {
        g_unlink(cap);
    }
    if (dir) {
        g_rmdir(dir);
    }
    g_ptr_array_free(sets, TRUE);
    tb_topology_clear(&t);
    g_free(self);
    g_free(ini);
    g_free(cap);
    g_free(dir);
    return rc;
}

/* One scenario file @path, detailed lines (callgrind on the same frame
 * count unless disabled).  0, or an exit status with *err. */
static int run_scenario(const char *path, const BenchOpts *o, char **err)
{
    TbTopology t = {0};
    char *self = g_file_read_link("/proc/self/exe", NULL);
    char *dir = NULL;
    BenchOut out = {0};
    double ir = 0;
    int rc = EXIT_BAD_INPUT;

    if (bench_load(path, NULL, (uint64_t)o->frames, &t, err) == 0) {
        rc = bench_time(&t, &out, err) == 0 ? 0 : 1;
    }
    if (rc == 0 && !o->no_callgrind && self &&
        (dir = g_dir_make_tmp("e1klab-bench-XXXXXX", NULL))) {
        const char *args[] = {path, NULL};
        ir = callgrind_per_frame(self, args, (uint64_t)o->frames, dir);
        g_rmdir(dir);
    }
    if (rc == 0) {
        print_detail(t.host[0].name, &out, ir);
    }
    g_free(dir);
    g_free(self);
    tb_topology_clear(&t);
    return rc;
}

/* The suite: every case in a child `e1klab bench --case NAME` of its own
 * (so that each peak RSS is its own).  0, or 1 if a case failed. */
static int run_suite(const BenchOpts *o)
{
    char *self = g_file_read_link("/proc/self/exe", NULL);
    char *frames = g_strdup_printf("%" G_GINT64_FORMAT, o->frames);
    int rc = 0;

    print_header();
    for (size_t i = 0; self && i < G_N_ELEMENTS(cases); i++) {
        const char *argv[] = {self, "bench", "--case", cases[i].name,
                              "--row", "--frames", frames,
                              o->no_callgrind ? "--no-callgrind" : NULL,
                              NULL};
        gint status = -1;
        if (!g_spawn_sync(NULL, (char **)argv, NULL,
                          G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL, NULL,
                          NULL, &status, NULL) ||
            !g_spawn_check_wait_status(status, NULL)) {
            fprintf(stderr, "e1klab: bench: %s failed\n", cases[i].name);
            rc = 1;
        }
    }
    g_free(frames);
    g_free(self);
    return self ? rc : 1;
}

int tb_cmd_bench(int argc, char **argv)
{
    BenchOpts o = {0};
    GOptionEntry entries[] = {
        {"frames", 'n', 0, G_OPTION_ARG_INT64, &o.frames,
         "Offer N frames per source (overrides the scenario's count)", "N"},
        {"case", 0, 0, G_OPTION_ARG_STRING, &o.case_name,
         "Run one benchmark of the suite (names: see below)", "NAME"},
        {"no-callgrind", 0, 0, G_OPTION_ARG_NONE, &o.no_callgrind,
         "Do not count instructions under valgrind", NULL},
        {"detail", 0, 0, G_OPTION_ARG_NONE, &o.detail,
         "One line per quantity instead of a table row", NULL},
        {"row", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &o.row,
         "The table row without its header (the suite's children)", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL}};
    GOptionContext *oc = g_option_context_new(
        "[SCENARIO.ini] - measure the simulator's speed");
    const BenchCase *c = NULL;
    char *err = NULL;
    int rc = 0;

    char *names = case_names();
    char *desc = g_strdup_printf("The suite (docs/performance.md): %s.",
                                 names);
    g_free(names);
    g_option_context_set_description(oc, desc);
    g_free(desc);
    g_set_prgname("e1klab bench");
    g_option_context_add_main_entries(oc, entries, NULL);
    if (tb_cli_parse(oc, &argc, &argv, "bench: ", &err) == 0) {
        if (argc > 2 || (argc == 2 && o.case_name)) {
            err = g_strdup("bench: more than one scenario given");
        } else if (o.frames < 0) {
            err = g_strdup("bench: --frames must be positive");
        } else if (o.case_name && !(c = find_case(o.case_name))) {
            char *list = case_names();
            err = g_strdup_printf("bench: no benchmark '%s' (the suite: %s)",
                                  o.case_name, list);
            g_free(list);
        } else if (c) {
            rc = run_case(c, &o, &err);
        } else if (argc == 2) {
            rc = run_scenario(argv[1], &o, &err);
        } else {
            rc = run_suite(&o);
        }
    }
    g_free(o.case_name);
    g_option_context_free(oc);
    return err ? tb_cli_error("", &err, rc ? rc : EXIT_BAD_INPUT) : rc;
}
