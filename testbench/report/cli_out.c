/* SPDX-License-Identifier: GPL-2.0-or-later */
/* All-or-nothing output files (cli_out.h). */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "report/cli_out.h"

/* ---- temporary files removed on SIGINT / SIGTERM / SIGHUP ---- */

#define TB_OUT_MAX_TMP 64

/* Temporary names being written; a slot is cleared before its string is
 * freed, so the handler only ever sees complete strings. */
static const char *volatile tmp_reg[TB_OUT_MAX_TMP];
static const int tmp_signals[] = { SIGINT, SIGTERM, SIGHUP };
static mode_t file_mode = 0644;   /* 0666 & ~umask, read before main() */

/* Read the umask once, while the process is still single-threaded (a
 * umask() pair is a read-modify-write of process state). */
__attribute__((constructor)) static void read_umask(void)
{
    mode_t m = umask(022);
    umask(m);
    file_mode = 0666 & ~m;
}

/* Async-signal-safe: unlink() every registered name, then die of the
 * same signal with its default action. */
static void on_fatal_signal(int sig)
{
    for (int i = 0; i < TB_OUT_MAX_TMP; i++) {
        const char *p = tmp_reg[i];
        if (p) {
            unlink(p);
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_handlers(void)
{
    static int done;
    if (done) {
        return;
    }
    done = 1;
    for (unsigned i = 0; i < G_N_ELEMENTS(tmp_signals); i++) {
        struct sigaction sa, old;
        if (sigaction(tmp_signals[i], NULL, &old) == 0
            && old.sa_handler == SIG_IGN) {
            continue;   /* e.g. nohup: keep ignoring */
        }
        memset(&sa, 0, sizeof(sa));
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        for (unsigned j = 0; j < G_N_ELEMENTS(tmp_signals); j++) {
            sigaddset(&sa.sa_mask, tmp_signals[j]);
        }
        sigaction(tmp_signals[i], &sa, NULL);
    }
}

static void tmp_register(const char *p)
{
    install_handlers();
    for (int i = 0; i < TB_OUT_MAX_TMP; i++) {
        if (!tmp_reg[i]) {
            tmp_reg[i] = p;
            return;
        }
    }
    /* more than TB_OUT_MAX_TMP at once: still removed on errors, only a
     * signal would leave it */
}

/* mkstemp @tmpl and register the name, with the signals blocked in
 * between: a signal never finds a created file unregistered.  The fd or
 * -1 (errno). */
static int tmp_create(char *tmpl)
{
    sigset_t block, old;
    int fd, e;

    install_handlers();
    sigemptyset(&block);
    for (unsigned i = 0; i < G_N_ELEMENTS(tmp_signals); i++) {
        sigaddset(&block, tmp_signals[i]);
    }
    sigprocmask(SIG_BLOCK, &block, &old);
    fd = g_mkstemp(tmpl);
    e = errno;
    if (fd >= 0) {
        tmp_register(tmpl);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    errno = e;
    return fd;
}

static void tmp_unregister(const char *p)
{
    for (int i = 0; p && i < TB_OUT_MAX_TMP; i++) {
        if (tmp_reg[i] == p) {
            tmp_reg[i] = NULL;
        }
    }
}

mode_t tb_out_file_mode(void)
{
    return file_mode;
}

/* Drop the temporary name (and its signal-handler entry) and the final
 * name: @o is unused again. */
static void out_forget(TbOut *o)
{
    tmp_unregister(o->tmp);
    g_clear_pointer(&o->tmp, g_free);
    g_clear_pointer(&o->path, g_free);
}

/* tb_out_open failed at step @what ("create", "set mode", "open") with
 * errno: *err, close and remove the temporary file (@fd >= 0: it was
 * created), forget both names.  Returns -1. */
static int open_failed(TbOut *o, int fd, const char *what, char **err)
{
    *err = g_strdup_printf("%s: cannot %s: %s", o->path, what,
                           g_strerror(errno));
    if (fd >= 0) {
        close(fd);
        tmp_unregister(o->tmp);
        g_unlink(o->tmp);
    }
    out_forget(o);
    return -1;
}

int tb_out_open(TbOut *o, const char *path, char **err)
{
    int fd;

    memset(o, 0, sizeof(*o));
    if (!path) {
        return 0;
    }
    o->path = g_strdup(path);
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    o->tmp = g_strconcat(path, ".tmp-XXXXXX", NULL);
    fd = tmp_create(o->tmp);
    if (fd < 0) {
        return open_failed(o, -1, "create", err);
    }
    /* mkstemp creates 0600; the final file gets what open() would give */
    if (fchmod(fd, file_mode) != 0) {
        return open_failed(o, fd, "set mode", err);
    }
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        return open_failed(o, fd, "open", err);
    }
    return 0;
}

/* Flush stdout, or close the temporary file (f may already be closed
 * by its user: pcap_dump_close).  0, or -1 with *err. */
static int out_finish(TbOut *o, char **err)
{
    int bad;

    if (!o->path) {
        return 0;
    }
    if (!o->tmp) {
        if (o->f && fflush(o->f) != 0) {
            *err = g_strdup_printf("stdout: write error: %s",
                                   g_strerror(errno));
            return -1;
        }
        return 0;
    }
    bad = o->f && ferror(o->f);
    if (o->f && fclose(o->f) != 0) {
        bad = 1;
    }
    o->f = NULL;
    if (bad) {
        *err = g_strdup_printf("%s: write error", o->path);
        return -1;
    }
    return 0;
}

/* Rename a finished temporary file into place.  0, or -1 with *err. */
static int out_place(TbOut *o, char **err)
{
    if (!o->path || !o->tmp) {
        return 0;
    }
    if (g_rename(o->tmp, o->path) != 0) {
        *err = g_strdup_printf("%s: cannot rename into place: %s", o->path,
                               g_strerror(errno));
        return -1;
    }
    return 0;
}

int tb_out_commit_all(TbOut *const *outs, int n, char **err)
{
    int r = 0, placed = 0;

    for (int i = 0; i < n && r == 0; i++) {
        r = out_finish(outs[i], err);
    }
    for (; r == 0 && placed < n; placed++) {
        r = out_place(outs[placed], err);
    }
    for (int i = 0; i < n; i++) {
        if (r < 0 && i < placed && outs[i]->tmp) {
            g_unlink(outs[i]->path);   /* complete, but the set is not */
        }
        if (r < 0) {
            tb_out_abort(outs[i]);
        } else {
            out_forget(outs[i]);
        }
    }
    return r;
}

int tb_out_commit(TbOut *o, char **err)
{
    return tb_out_commit_all(&o, 1, err);
}

void tb_out_abort(TbOut *o)
{
    if (!o->path) {
        return;
    }
    if (o->tmp) {
        if (o->f) {
            fclose(o->f);
        }
        tmp_unregister(o->tmp);
        g_unlink(o->tmp);
    }
    o->f = NULL;
    out_forget(o);
}

int tb_out_write_file(const char *path, const char *text, size_t len,
                      char **err)
{
    TbOut o;
    if (tb_out_open(&o, path, err) < 0) {
        return -1;
    }
    if (len && fwrite(text, 1, len, o.f) != len) {
        *err = g_strdup_printf("%s: write error: %s", path,
                               g_strerror(errno));
        tb_out_abort(&o);
        return -1;
    }
    return tb_out_commit(&o, err);
}

static int same_file(const char *a, const char *b)
{
    char *ca = g_canonicalize_filename(a, NULL);
    char *cb = g_canonicalize_filename(b, NULL);
    int same = strcmp(ca, cb) == 0;
    GStatBuf sa, sb;
    if (!same && g_stat(ca, &sa) == 0 && g_stat(cb, &sb) == 0) {
        same = sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    }
    g_free(ca);
    g_free(cb);
    return same;
}

int tb_out_conflict(const char *const *paths, const char *const *opts,
                    int n, char **err)
{
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            const char *a = paths[i], *b = paths[j];
            if (!a || !b) {
                continue;
            }
            int sa = strcmp(a, "-") == 0, sb = strcmp(b, "-") == 0;
            if (sa && sb) {
                *err = g_strdup_printf("%s - and %s -: only one output can "
                                       "go to stdout", opts[i], opts[j]);
                return -1;
            }
            if (!sa && !sb && same_file(a, b)) {
                *err = g_strdup_printf("%s and %s both write %s", opts[i],
                                       opts[j], a);
                return -1;
            }
        }
    }
    return 0;
}

/* "@opt @path: MSG" into *err; -1 */
G_GNUC_PRINTF(4, 5)
static int check_fail(const char *opt, const char *path, char **err,
                      const char *fmt, ...)
{
    va_list ap;
    char *msg;

    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    *err = g_strdup_printf("%s %s: %s", opt, path, msg);
    g_free(msg);
    return -1;
}

int tb_out_check(const char *path, const char *opt,
                 const char *const *inputs, char **err)
{
    GStatBuf st;
    char *dir;
    int r = 0;

    if (!path || !strcmp(path, "-")) {
        return 0;
    }
    if (g_stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            return check_fail(opt, path, err, "is a directory");
        }
        if (!S_ISREG(st.st_mode)) {
            return check_fail(opt, path, err, "not a regular file");
        }
    } else if (errno != ENOENT) {
        return check_fail(opt, path, err, "%s", g_strerror(errno));
    }
    for (const char *const *in = inputs; in && *in; in++) {
        if (**in && same_file(path, *in)) {
            return check_fail(opt, path, err, "is an input of the run (%s)",
                              *in);
        }
    }
    dir = g_path_get_dirname(path);
    if (g_stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        r = check_fail(opt, path, err, "no directory %s", dir);
    } else if (access(dir, W_OK | X_OK) != 0) {
        r = check_fail(opt, path, err, "directory %s is not writable: %s",
                       dir, g_strerror(errno));
    }
    g_free(dir);
    return r;
}
