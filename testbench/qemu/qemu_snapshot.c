/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Boot once, start every run from a snapshot (qemu_snapshot.h; design in
 * docs/full-system.md "Boot once"). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "qemu/qemu_monitor.h"
#include "qemu/qemu_snapshot.h"

/* Format of the snapshot machine and its protocol with guest-images/init:
 * part of the key, so a change here invalidates every snapshot. */
#define SNAP_FORMAT "e1klab-snapshot/1"
/* The kernel command line of the snapshot boot. */
#define SNAP_APPEND TB_QEMU_BOOT_APPEND " e1klab.snapshot=1"

/* Firmware QEMU loads into guest memory (BIOS, option ROMs), looked up in
 * the -L directories of the machine (qemu_cmdline.c). */
static const char *const snap_firmware[] = {
    "bios-256k.bin", "linuxboot_dma.bin", "kvmvapic.bin",
};
static const char *const snap_fw_dirs[] = {
    "/usr/share/qemu", "/usr/share/seabios",
};

int tb_qemu_snapshot_enabled(char **err)
{
    const char *e = g_getenv("E1KLAB_SNAPSHOT");

    if (!e || !strcmp(e, "1")) {
        return 1;
    }
    if (!strcmp(e, "0")) {
        return 0;
    }
    *err = g_strdup_printf("E1KLAB_SNAPSHOT='%s': use 0 (boot for each "
                           "run) or 1 (start from a snapshot)", e);
    return -1;
}

char *tb_qemu_snapshot_dir(void)
{
    const char *e = g_getenv("E1KLAB_SNAPSHOT_DIR");

    if (e && *e) {
        return g_strdup(e);
    }
    return g_build_filename(g_get_user_cache_dir(), "e1klab", "snapshots",
                            NULL);
}

/* The machine part of both vectors: machine, boot, watchdog, fw_cfg
 * file (@words: a file, or NULL for the placeholder of the snapshot). */
static GPtrArray *snap_machine(const TbQemuPlan *p, const TbQemuPaths *paths,
                               const char *words)
{
    GPtrArray *a = g_ptr_array_new();

    tb_qemu_argv_machine(a, p, paths, SNAP_APPEND);
    g_ptr_array_add(a, g_strdup("-device"));
    g_ptr_array_add(a, g_strdup("ib700"));
    g_ptr_array_add(a, g_strdup("-action"));
    g_ptr_array_add(a, g_strdup("watchdog=pause"));
    g_ptr_array_add(a, g_strdup("-fw_cfg"));
    if (words) {
        char *e = tb_qemu_qesc(words);
        g_ptr_array_add(a, g_strdup_printf("name=" TB_QEMU_WORDS_FWCFG
                                           ",file=%s", e));
        g_free(e);
    } else {
        g_ptr_array_add(a, g_strdup("name=" TB_QEMU_WORDS_FWCFG
                                    ",string=-"));
    }
    return a;
}

/* "-monitor unix:@monitor,server=on,wait=off" (if @monitor) and the
 * terminating NULL. */
static char **snap_finish(GPtrArray *a, const char *monitor)
{
    if (monitor) {
        char *e = tb_qemu_qesc(monitor);
        g_ptr_array_add(a, g_strdup("-monitor"));
        g_ptr_array_add(a, g_strdup_printf("unix:%s,server=on,wait=off", e));
        g_free(e);
    }
    g_ptr_array_add(a, NULL);
    return (char **)g_ptr_array_free(a, FALSE);
}

char **tb_qemu_snapshot_make_argv(const TbScenario *sc, const TbQemuPlan *p,
                                  const TbQemuPaths *paths,
                                  const char *monitor)
{
    GPtrArray *a = snap_machine(p, paths, NULL);

    for (uint32_t i = 0; i < sc->nnics; i++) {
        g_ptr_array_add(a, g_strdup("-device"));
        g_ptr_array_add(a, tb_qemu_device_slot(sc, i));
    }
    return snap_finish(a, monitor);
}

char **tb_qemu_snapshot_run_argv(const TbScenario *sc, const TbQemuPlan *p,
                                 const TbQemuPaths *paths, const char *work,
                                 int capture, const char *snapshot,
                                 const char *words_file,
                                 const char *monitor)
{
    GPtrArray *a = snap_machine(p, paths, words_file);
    char *q = g_shell_quote(snapshot);

    for (uint32_t i = 0; i < sc->nnics; i++) {
        char *d = tb_qemu_device_arg(sc, p, work, capture, i);
        g_ptr_array_add(a, g_strdup("-device"));
        g_ptr_array_add(a, g_strconcat(d, ",restore-model=off", NULL));
        g_free(d);
    }
    g_ptr_array_add(a, g_strdup("-incoming"));
    g_ptr_array_add(a, g_strconcat("exec:cat ", q, NULL));
    g_free(q);
    return snap_finish(a, monitor);
}

/* Add "@tag=<SHA-256 of @path's contents>\n" to @k.  0, or -1 with *err. */
static int key_file(GChecksum *k, const char *tag, const char *path,
                    char **err)
{
    GChecksum *c = g_checksum_new(G_CHECKSUM_SHA256);
    guchar buf[65536];
    ssize_t n;
    int fd = open(path, O_RDONLY | O_CLOEXEC);

    if (fd < 0) {
        *err = g_strdup_printf("%s: %s", path, g_strerror(errno));
        g_checksum_free(c);
        return -1;
    }
    while ((n = read(fd, buf, sizeof(buf))) > 0) {
        g_checksum_update(c, buf, n);
    }
    close(fd);
    if (n < 0) {
        *err = g_strdup_printf("%s: %s", path, g_strerror(errno));
    } else {
        char *line = g_strdup_printf("%s=%s\n", tag,
                                     g_checksum_get_string(c));
        g_checksum_update(k, (const guchar *)line, -1);
        g_free(line);
    }
    g_checksum_free(c);
    return n < 0 ? -1 : 0;
}

/* The firmware files that exist, by their path. */
static int key_firmware(GChecksum *k, char **err)
{
    for (size_t d = 0; d < G_N_ELEMENTS(snap_fw_dirs); d++) {
        for (size_t f = 0; f < G_N_ELEMENTS(snap_firmware); f++) {
            char *path = g_build_filename(snap_fw_dirs[d], snap_firmware[f],
                                          NULL);
            int r = access(path, R_OK) == 0
                        ? key_file(k, path, path, err) : 0;
            g_free(path);
            if (r < 0) {
                return -1;
            }
        }
    }
    return 0;
}

char *tb_qemu_snapshot_key(const TbScenario *sc, const TbQemuPlan *p,
                           const TbQemuPaths *paths, char **err)
{
    GChecksum *k = g_checksum_new(G_CHECKSUM_SHA256);
    char **argv = tb_qemu_snapshot_make_argv(sc, p, paths, NULL);
    char *key = NULL;

    g_checksum_update(k, (const guchar *)SNAP_FORMAT "\n", -1);
    if (key_file(k, "qemu", paths->qemu, err) == 0 &&
        key_file(k, "kernel", paths->kernel, err) == 0 &&
        key_file(k, "initrd", paths->initrd, err) == 0 &&
        key_firmware(k, err) == 0) {
        /* the files are in by content; the rest word by word */
        for (char **w = argv + 1; *w; w++) {
            if (strcmp(*w, paths->kernel) && strcmp(*w, paths->initrd)) {
                g_checksum_update(k, (const guchar *)*w, strlen(*w) + 1);
            }
        }
        key = g_strdup(g_checksum_get_string(k));
    }
    g_strfreev(argv);
    g_checksum_free(k);
    return key;
}

/* Take the lock file @path (exclusive flock), polling until @q's
 * deadline.  The fd, or -1 with *err. */
static int snap_lock(const char *path, const TbQemuProc *q, char **err)
{
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

    if (fd < 0) {
        *err = g_strdup_printf("snapshot: %s: %s", path, g_strerror(errno));
        return -1;
    }
    while (flock(fd, LOCK_EX | LOCK_NB) < 0) {
        if (errno != EWOULDBLOCK && errno != EINTR) {
            *err = g_strdup_printf("snapshot: lock %s: %s", path,
                                   g_strerror(errno));
        } else if (g_get_monotonic_time() > q->deadline) {
            *err = g_strdup_printf("qemu: no result within %.0f s of wall "
                                   "time (waiting for %s)", q->timeout_s,
                                   path);
        } else {
            g_usleep(100000);
            continue;
        }
        close(fd);
        return -1;
    }
    return fd;
}

/* Run @cmd, ignoring its answer.  0 or -1 with *err. */
static int hmp_do(TbHmp *m, const char *cmd, char **err)
{
    char *a = tb_hmp_cmd(m, cmd, err);

    g_free(a);
    return a ? 0 : -1;
}

/* With the booting QEMU @q and its monitor @m: wait for the watchdog
 * stop, migrate the VM into @tmp, quit.  0 or -1 with *err. */
static int snap_save(TbQemuProc *q, TbHmp *m, const char *tmp, char **err)
{
    char *sq = g_shell_quote(tmp);
    char *uri = g_strconcat("exec:cat > ", sq, NULL);
    char *hq = tb_hmp_quote(uri);
    char *cmd = g_strconcat("migrate ", hq, NULL);
    int r = tb_hmp_wait_for(m, "info status", "(watchdog)", NULL, err);

    /* the default bandwidth limit (32 MiB/s) would only cost wall time;
     * "migrate" answers when the migration has ended */
    if (r == 0) {
        r = hmp_do(m, "migrate_set_parameter max-bandwidth 64G", err);
    }
    if (r == 0) {
        r = hmp_do(m, cmd, err);
    }
    if (r == 0) {
        r = tb_hmp_wait_for(m, "info migrate",
                            "Migration status: completed",
                            "Migration status: failed", err);
    }
    if (r == 0) {
        r = tb_hmp_send(m, "quit", err);
    }
    if (r == 0) {
        r = tb_qemu_proc_wait(q, err);
    }
    g_free(cmd);
    g_free(hq);
    g_free(uri);
    g_free(sq);
    return r;
}

/* Boot the snapshot machine and save it as @file.  0 or -1 with *err. */
static int snap_make(const TbScenario *sc, const TbQemuPlan *p,
                     const TbQemuPaths *paths, const char *work,
                     TbQemuProc *q, const char *file, char **err)
{
    char *mon = g_build_filename(work, "snapshot.sock", NULL);
    char **argv = tb_qemu_snapshot_make_argv(sc, p, paths, mon);
    char *tmp = g_strdup_printf("%s.%ld.tmp", file, (long)getpid());
    TbHmp *m = NULL;
    int r = -1;

    if (tb_qemu_proc_start(q, argv, work, "snapshot-console.log",
                           "snapshot-qemu.err", err) == 0 &&
        (m = tb_hmp_open(mon, q, err)) &&
        snap_save(q, m, tmp, err) == 0) {
        if (g_rename(tmp, file) == 0) {
            r = 0;
        } else {
            *err = g_strdup_printf("snapshot: rename %s: %s", tmp,
                                   g_strerror(errno));
        }
    }
    tb_hmp_close(m);
    tb_qemu_proc_clear(q);
    g_unlink(tmp);
    g_free(tmp);
    g_strfreev(argv);
    g_free(mon);
    return r;
}

char *tb_qemu_snapshot_get(const TbScenario *sc, const TbQemuPlan *p,
                           const TbQemuPaths *paths, const char *work,
                           gint64 deadline, double timeout_s, int *made,
                           char **err)
{
    TbQemuProc q = {.deadline = deadline, .timeout_s = timeout_s};
    char *dir = tb_qemu_snapshot_dir();
    char *key = tb_qemu_snapshot_key(sc, p, paths, err);
    char *file = NULL, *lock = NULL;
    int fd = -1;

    *made = 0;
    if (key && g_mkdir_with_parents(dir, 0755) < 0) {
        *err = g_strdup_printf("snapshot: %s: %s", dir, g_strerror(errno));
    } else if (key) {
        file = g_strdup_printf("%s/snap-%s.mig", dir, key);
        lock = g_strdup_printf("%s/snap-%s.lock", dir, key);
        fd = snap_lock(lock, &q, err);
        if (fd < 0 || (access(file, R_OK) != 0 &&
                       (*made = 1, snap_make(sc, p, paths, work, &q, file,
                                             err)) < 0)) {
            g_clear_pointer(&file, g_free);
        }
    }
    if (fd >= 0) {
        close(fd);               /* releases the lock */
    }
    g_free(lock);
    g_free(key);
    g_free(dir);
    return file;
}

int tb_qemu_snapshot_resume(TbQemuProc *q, const char *monitor, char **err)
{
    TbHmp *m = tb_hmp_open(monitor, q, err);
    int r = -1;

    /* "paused (inmigrate)" while loading, then the saved state; a
     * command still unread when the connection closes may be dropped, so
     * "cont" is awaited and checked */
    if (m && tb_hmp_wait_for(m, "info status", "(watchdog)", NULL,
                             err) == 0 &&
        hmp_do(m, "cont", err) == 0) {
        r = tb_hmp_wait_for(m, "info status", "running", NULL, err);
    }
    tb_hmp_close(m);
    return r;
}
