/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab run --backend qemu` (backend_qemu.h): plan the run, start QEMU
 * in a temporary directory with a wall-clock limit, collect the guest's
 * console and the device's stats files, fill TbResults and write the
 * testbench's reports.  The wall clock only bounds how long we wait for
 * QEMU; nothing in the report depends on it.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <pcap/pcap.h>

#include "qemu/backend_qemu.h"
#include "report/cli_out.h"
#include "report/pcap_out.h"
#include "report/report.h"

/* The first non-empty line of @path (QEMU's error), or "" (g_free). */
static char *first_line(const char *path)
{
    char *text = NULL, *out;
    GPtrArray *l;

    if (!g_file_get_contents(path, &text, NULL, NULL)) {
        return g_strdup("");
    }
    l = g_ptr_array_new();
    for (char *p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
        if (*g_strstrip(p)) {
            g_ptr_array_add(l, p);
            break;
        }
    }
    out = g_strdup(l->len ? (char *)g_ptr_array_index(l, 0) : "");
    g_ptr_array_free(l, TRUE);
    g_free(text);
    return out;
}

/* Run @argv with stdout to @work/console.log, stderr to @work/qemu.err,
 * stdin from /dev/null; kill it after @timeout_s wall seconds.
 * Returns 0 when it exited 0, else 1 with *err. */
static int run_qemu(char **argv, const char *work, double timeout_s,
                    char **err)
{
    char *con = g_build_filename(work, "console.log", NULL);
    char *errf = g_build_filename(work, "qemu.err", NULL);
    int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
    int out = open(con, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int er = open(errf, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    GError *ge = NULL;
    GPid pid;
    int status = 0, rc = 1;
    gint64 deadline;

    if (in < 0 || out < 0 || er < 0) {
        *err = g_strdup_printf("qemu: %s: %s", work, g_strerror(errno));
        goto done;
    }
    if (!g_spawn_async_with_fds(work, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                NULL, NULL, &pid, in, out, er, &ge)) {
        *err = g_strdup_printf("qemu: %s: %s", argv[0], ge->message);
        g_error_free(ge);
        goto done;
    }
    deadline = g_get_monotonic_time() + (gint64)(timeout_s * 1e6);
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) {
            break;
        }
        if (w < 0 && errno != EINTR) {
            *err = g_strdup_printf("qemu: waitpid: %s", g_strerror(errno));
            goto done;
        }
        if (g_get_monotonic_time() > deadline) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            *err = g_strdup_printf("qemu: no result within %.0f s of wall "
                                   "time (killed; console: %s)", timeout_s,
                                   con);
            goto done;
        }
        g_usleep(20000);
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char *l = first_line(errf);
        *err = g_strdup_printf("qemu: exit %s %d%s%s (console: %s)",
                               WIFEXITED(status) ? "status" : "signal",
                               WIFEXITED(status) ? WEXITSTATUS(status)
                                                 : WTERMSIG(status),
                               *l ? ": " : "", l, con);
        g_free(l);
        goto done;
    }
    rc = 0;
done:
    if (in >= 0) {
        close(in);
    }
    if (out >= 0) {
        close(out);
    }
    if (er >= 0) {
        close(er);
    }
    g_free(con);
    g_free(errf);
    return rc;
}

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

int tb_qemu_cmd_run(const TbScenario *sc, const TbQemuRunArgs *a,
                    char **err)
{
    TbQemuPlan plan;
    TbQemuPaths paths = {0};
    TbOut oj, op;
    TbPcapOut *po = NULL;
    TbResults *res = g_new0(TbResults, 1);
    char **argv = NULL, *work = NULL, *console = NULL, *kernel = NULL;
    char *con_path = NULL, *json = NULL;
    gsize clen = 0;
    uint64_t log_lines = 0, link_up = 0;
    GError *ge = NULL;
    int status = 2, keep = 0;

    memset(&oj, 0, sizeof(oj));
    memset(&op, 0, sizeof(op));
    if (a->csv_path) {
        *err = g_strdup("run: --csv is not available with --backend qemu "
                        "(the guest gives no time series)");
        goto out;
    }
    if (a->timeout_s <= 0) {
        *err = g_strdup("run: --timeout must be positive");
        goto out;
    }
    if (tb_qemu_plan(sc, &plan, err) < 0 || tb_qemu_find(&paths, err) < 0) {
        goto out;
    }
    if (tb_out_open(&oj, a->json_path, err) < 0 ||
        tb_out_open(&op, a->pcap_path, err) < 0) {
        goto out;
    }
    work = g_dir_make_tmp("e1klab-qemu-XXXXXX", &ge);
    if (!work) {
        *err = g_strdup_printf("qemu: temporary directory: %s", ge->message);
        g_error_free(ge);
        goto out;
    }
    argv = tb_qemu_argv(sc, &plan, &paths, work, a->pcap_path != NULL);
    if (!a->quiet && isatty(STDERR_FILENO)) {
        fprintf(stderr, "e1klab: running %s in QEMU (-icount shift=%u), "
                "up to %.0f s ...\n", sc->name, plan.shift, a->timeout_s);
    }
    status = 1;
    keep = 1;                    /* the console helps when something fails */
    if (run_qemu(argv, work, a->timeout_s, err) != 0) {
        goto out;
    }
    con_path = g_build_filename(work, "console.log", NULL);
    if (!g_file_get_contents(con_path, &console, &clen, NULL)) {
        *err = g_strdup_printf("qemu: cannot read %s", con_path);
        goto out;
    }
    if (tb_qemu_results(sc, &plan, console, clen, work, res, &kernel,
                        &log_lines, &link_up, err) < 0) {
        char *e = g_strdup_printf("%s (console: %s)", *err, con_path);
        g_free(*err);
        *err = e;
        goto out;
    }
    status = 2;                  /* from here on: output file errors */
    if (op.path) {
        po = tb_pcap_out_new(op.f, err);
        op.f = NULL;             /* owned by the pcap writer now */
        if (!po) {
            goto out;
        }
        if (merge_captures(sc, work, po, err) < 0) {
            status = 1;
            goto out;
        }
        int pr = tb_pcap_out_close(po);
        po = NULL;
        if (pr < 0) {
            *err = g_strdup_printf("%s: write error", a->pcap_path);
            goto out;
        }
    }
    /* E1KLAB_QEMU_KEEP=1 keeps the console, stats files and captures */
    keep = g_getenv("E1KLAB_QEMU_KEEP") != NULL;
    if (keep) {
        fprintf(stderr, "e1klab: QEMU run kept in %s\n", work);
    }
    if (oj.path) {
        json = tb_report_json(sc, res);
        fputs(json, oj.f);
    }
    if (tb_out_commit(&oj, err) < 0 || tb_out_commit(&op, err) < 0) {
        goto out;
    }
    if (!a->quiet && !(a->json_path && !strcmp(a->json_path, "-"))) {
        printf("backend qemu: guest Linux %s, stock e1000 driver, "
               "-icount shift=%u (%.0f MHz)\n", kernel ? kernel : "?",
               plan.shift, plan.mhz);
        tb_report_text(stdout, sc, res);
        printf("Guest kernel log: %" PRIu64 " lines (%" PRIu64 " \"Link is "
               "Up\")\n\n", log_lines, link_up);
    }
    if (fflush(stdout) != 0) {
        *err = g_strdup("stdout: write error");
        goto out;
    }
    status = 0;
out:
    if (po) {
        tb_pcap_out_close(po);
    }
    tb_out_abort(&oj);
    tb_out_abort(&op);
    if (work && !keep) {
        rm_work(work);
    }
    g_strfreev(argv);
    g_free(work);
    g_free(console);
    g_free(con_path);
    g_free(kernel);
    g_free(json);
    g_free(res);
    tb_qemu_paths_clear(&paths);
    return status;
}
