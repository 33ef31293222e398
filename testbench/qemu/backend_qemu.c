/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab run --backend qemu` (backend_qemu.h): plan the run, start QEMU
 * in a temporary directory with a wall-clock limit, collect the guest's
 * console and the device's stats files, fill TbResults and write the
 * testbench's reports.  The wall clock only bounds how long we wait for
 * QEMU; nothing in the report depends on it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <pcap/pcap.h>

#include "qemu/backend_qemu.h"
#include "qemu/qemu_snapshot.h"

/* The monitor socket of a run from a snapshot, in its work directory. */
#define QR_MONITOR "monitor.sock"
#include "report/cli_out.h"
#include "report/pcap_out.h"
#include "report/report.h"

/* Merge the NICs' capture files (virtual-time ns stamps) into @po in
 * time order; equal stamps in NIC order.  0, or -1 with *err. */
static int merge_captures(const TbScenario *sc, const char *work,
                          TbPcapOut *po, char **err)
{
    pcap_t *pc[TB_MAX_NICS] = {NULL};
    struct pcap_pkthdr *h[TB_MAX_NICS];
    const u_char *d[TB_MAX_NICS];
    int live[TB_MAX_NICS] = {0};
    char eb[PCAP_ERRBUF_SIZE];
    int rc = -1;

    for (uint32_t i = 0; i < sc->nnics; i++) {
        char *path = g_strdup_printf("%s/%s-tx.pcap", work, sc->nic[i].name);
        pc[i] = pcap_open_offline_with_tstamp_precision(
            path, PCAP_TSTAMP_PRECISION_NANO, eb);
        g_free(path);
        if (!pc[i]) {
            *err = g_strdup_printf("qemu: capture of %s: %s",
                                   sc->nic[i].name, eb);
            goto out;
        }
        live[i] = pcap_next_ex(pc[i], &h[i], &d[i]) == 1;
    }
    for (;;) {
        int best = -1;
        uint64_t bt = 0;
        for (uint32_t i = 0; i < sc->nnics; i++) {
            uint64_t t;
            if (!live[i]) {
                continue;
            }
            t = (uint64_t)h[i]->ts.tv_sec * 1000000000u +
                (uint64_t)h[i]->ts.tv_usec;
            if (best < 0 || t < bt) {
                best = (int)i;
                bt = t;
            }
        }
        if (best < 0) {
            break;
        }
        tb_pcap_out_frame(po, bt, d[best], h[best]->caplen);
        live[best] = pcap_next_ex(pc[best], &h[best], &d[best]) == 1;
    }
    rc = 0;
out:
    for (uint32_t i = 0; i < sc->nnics; i++) {
        if (pc[i]) {
            pcap_close(pc[i]);
        }
    }
    return rc;
}

/* Remove the work directory (files we made in it, then it). */
static void rm_work(const char *work)
{
    GDir *d = g_dir_open(work, 0, NULL);
    const char *n;

    if (d) {
        while ((n = g_dir_read_name(d))) {
            char *p = g_build_filename(work, n, NULL);
            g_unlink(p);
            g_free(p);
        }
        g_dir_close(d);
    }
    g_rmdir(work);
}

/* One `run --backend qemu`: what its steps share. */
typedef struct QemuRun {
    const TbScenario *sc;
    const TbQemuRunArgs *a;
    TbQemuPlan plan;
    TbQemuPaths paths;
    TbOut json, pcap;          /* --json, --pcap-out */
    char *work;                /* temporary directory of the run */
    char *con_path;            /* work/console.log */
    TbResults *res;
    char *kernel;              /* the guest's `uname -r` */
    uint64_t log_lines, link_up;
    int keep;                  /* keep the work directory */
    int snapshot;              /* start from a snapshot (qemu_snapshot.h) */
    TbQemuProc proc;           /* the QEMU of the run */
} QemuRun;

/* Check the options, plan the run, find QEMU and the guest, open the
 * outputs and make the work directory.  0 or -1 with *err (bad input). */
static int qr_prepare(QemuRun *q, char **err)
{
    GError *ge = NULL;

    if (q->a->csv_path) {
        *err = g_strdup("run: --csv is not available with --backend qemu "
                        "(the guest gives no time series)");
        return -1;
    }
    if (q->a->timeout_s <= 0) {
        *err = g_strdup("run: --timeout must be positive");
        return -1;
    }
    q->snapshot = tb_qemu_snapshot_enabled(err);
    q->proc.timeout_s = q->a->timeout_s;
    q->proc.deadline = g_get_monotonic_time() +
                       (gint64)(q->a->timeout_s * 1e6);
    if (q->snapshot < 0 || tb_qemu_plan(q->sc, &q->plan, err) < 0 ||
        tb_qemu_find(&q->paths, q->plan.ixgbe, err) < 0 ||
        tb_out_open(&q->json, q->a->json_path, err) < 0 ||
        tb_out_open(&q->pcap, q->a->pcap_path, err) < 0) {
        return -1;
    }
    q->work = g_dir_make_tmp("e1klab-qemu-XXXXXX", &ge);
    if (!q->work) {
        *err = g_strdup_printf("qemu: temporary directory: %s", ge->message);
        g_error_free(ge);
        return -1;
    }
    return 0;
}

/* The results of a finished run: the console (work/console.log) and
 * the stats files.  0 or -1 with *err naming the console. */
static int qr_results(QemuRun *q, char **err)
{
    char *console = NULL, *e;
    gsize clen = 0;
    int r;

    q->con_path = g_build_filename(q->work, "console.log", NULL);
    if (!g_file_get_contents(q->con_path, &console, &clen, NULL)) {
        *err = g_strdup_printf("qemu: cannot read %s", q->con_path);
        return -1;
    }
    r = tb_qemu_results(q->sc, &q->plan, console, clen, q->work, q->res,
                        &q->kernel, &q->log_lines, &q->link_up, err);
    g_free(console);
    if (r < 0) {
        e = g_strdup_printf("%s (console: %s)", *err, q->con_path);
        g_free(*err);
        *err = e;
    }
    return r;
}

/* The argument vector of a run from a snapshot: find or make the
 * snapshot, write the words file.  NULL with *err. */
static char **qr_snapshot_argv(QemuRun *q, char **err)
{
    char *words = tb_qemu_words(q->sc, &q->plan);
    char *wf = g_build_filename(q->work, "words", NULL);
    char *mon = g_build_filename(q->work, QR_MONITOR, NULL);
    char **argv = NULL, *snap;
    int made;
    GError *ge = NULL;

    snap = tb_qemu_snapshot_get(q->sc, &q->plan, &q->paths, q->work,
                                q->proc.deadline, q->proc.timeout_s, &made,
                                err);
    if (snap && !q->a->quiet && isatty(STDERR_FILENO)) {
        fprintf(stderr, "e1klab: %s snapshot %s\n", made ? "made" : "using",
                snap);
    }
    if (snap && !g_file_set_contents(wf, words, -1, &ge)) {
        *err = g_strdup_printf("qemu: %s", ge->message);
        g_error_free(ge);
    } else if (snap) {
        argv = tb_qemu_snapshot_run_argv(q->sc, &q->plan, &q->paths,
                                         q->work, q->a->pcap_path != NULL,
                                         snap, wf, mon);
    }
    g_free(snap);
    g_free(mon);
    g_free(wf);
    g_free(words);
    return argv;
}

/* Run QEMU (booting, or from a snapshot) and read its results.  0 or -1
 * with *err (the run failed). */
static int qr_boot(QemuRun *q, char **err)
{
    char **argv;
    int r = -1;

    if (!q->a->quiet && isatty(STDERR_FILENO)) {
        fprintf(stderr, "e1klab: running %s in QEMU (-icount shift=%u%s), "
                "up to %.0f s ...\n", q->sc->name, q->plan.shift,
                q->snapshot ? ", from a snapshot" : "", q->a->timeout_s);
    }
    q->keep = 1;                 /* the console helps when something fails */
    argv = q->snapshot ? qr_snapshot_argv(q, err)
                       : tb_qemu_argv(q->sc, &q->plan, &q->paths, q->work,
                                      q->a->pcap_path != NULL);
    if (argv && tb_qemu_proc_start(&q->proc, argv, q->work, "console.log",
                                   "qemu.err", err) == 0) {
        char *mon = g_build_filename(q->work, QR_MONITOR, NULL);
        if ((!q->snapshot ||
             tb_qemu_snapshot_resume(&q->proc, mon, err) == 0) &&
            tb_qemu_proc_wait(&q->proc, err) == 0) {
            r = qr_results(q, err);
        }
        g_free(mon);
    }
    g_strfreev(argv);
    return r;
}

/* --pcap-out: the NICs' captures merged in time order.  The exit
 * status: 0, 1 (a capture is missing or bad) or 2 (output file error). */
static int qr_capture(QemuRun *q, char **err)
{
    TbPcapOut *po;
    int st = 0;

    if (!q->pcap.path) {
        return 0;
    }
    po = tb_pcap_out_new(q->pcap.f, err);
    q->pcap.f = NULL;            /* owned by the pcap writer now */
    if (!po) {
        return 2;
    }
    if (merge_captures(q->sc, q->work, po, err) < 0) {
        st = 1;
    }
    if (tb_pcap_out_close(po) < 0 && st == 0) {
        *err = g_strdup_printf("%s: write error", q->a->pcap_path);
        st = 2;
    }
    return st;
}

/* Write the JSON report, rename the outputs into place, print the text
 * report.  0 or -1 with *err (output error). */
static int qr_report(QemuRun *q, char **err)
{
    const TbQemuRunArgs *a = q->a;

    /* E1KLAB_QEMU_KEEP=1 keeps the console, stats files and captures */
    q->keep = g_getenv("E1KLAB_QEMU_KEEP") != NULL;
    if (q->keep) {
        fprintf(stderr, "e1klab: QEMU run kept in %s\n", q->work);
    }
    if (q->json.path) {
        char *json = tb_report_json(q->sc, q->res);
        fputs(json, q->json.f);
        g_free(json);
    }
    if (tb_out_commit(&q->json, err) < 0 || tb_out_commit(&q->pcap, err) < 0) {
        return -1;
    }
    if (!a->quiet && !(a->json_path && !strcmp(a->json_path, "-"))) {
        printf("backend qemu: guest Linux %s, %s driver, "
               "-icount shift=%u (%.0f MHz)\n", q->kernel ? q->kernel : "?",
               q->sc->guest.driver == TB_GUEST_STOCK ? "stock e1000"
               : q->plan.ixgbe                       ? "e1klab_ixgbe.ko"
                                                     : "e1klab.ko",
               q->plan.shift, q->plan.mhz);
        tb_report_text(stdout, q->sc, q->res);
        printf("Guest kernel log: %" PRIu64 " lines (%" PRIu64 " \"Link is "
               "Up\")\n\n", q->log_lines, q->link_up);
    }
    if (fflush(stdout) != 0) {
        *err = g_strdup("stdout: write error");
        return -1;
    }
    return 0;
}

int tb_qemu_cmd_run(const TbScenario *sc, const TbQemuRunArgs *a,
                    char **err)
{
    QemuRun q = {.sc = sc, .a = a, .res = g_new0(TbResults, 1)};
    int status = 2;

    if (qr_prepare(&q, err) == 0) {
        status = 1;
        if (qr_boot(&q, err) == 0) {
            status = qr_capture(&q, err);
            if (status == 0) {
                status = qr_report(&q, err) < 0 ? 2 : 0;
            }
        }
    }
    tb_qemu_proc_clear(&q.proc);
    tb_out_abort(&q.json);
    tb_out_abort(&q.pcap);
    if (q.work && !q.keep) {
        rm_work(q.work);
    }
    g_free(q.work);
    g_free(q.con_path);
    g_free(q.kernel);
    g_free(q.res);
    tb_qemu_paths_clear(&q.paths);
    return status;
}
