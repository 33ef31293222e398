/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A QEMU process with a wall-clock limit (qemu_proc.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qemu/qemu_proc.h"

/* The first non-empty line of @path (QEMU's error), or "" (g_free). */
static char *first_line(const char *path)
{
    char *text = NULL, *out = NULL;

    if (!g_file_get_contents(path, &text, NULL, NULL)) {
        return g_strdup("");
    }
    for (char *p = strtok(text, "\n"); p && !out; p = strtok(NULL, "\n")) {
        if (*g_strstrip(p)) {
            out = g_strdup(p);
        }
    }
    g_free(text);
    return out ? out : g_strdup("");
}

/* The message of a QEMU that did not exit 0: its status or signal and
 * the first line of its stderr. */
static char *exit_error(const TbQemuProc *q)
{
    char *l = first_line(q->errf);
    int st = q->status;
    char *e = g_strdup_printf("qemu: exit %s %d%s%s (console: %s)",
                              WIFEXITED(st) ? "status" : "signal",
                              WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st),
                              *l ? ": " : "", l, q->con);
    g_free(l);
    return e;
}

int tb_qemu_proc_start(TbQemuProc *q, char **argv, const char *work,
                       const char *con_name, const char *err_name,
                       char **err)
{
    int fd[3];
    GError *ge = NULL;
    int rc = -1;

    q->con = g_build_filename(work, con_name, NULL);
    q->errf = g_build_filename(work, err_name, NULL);
    fd[0] = open("/dev/null", O_RDONLY | O_CLOEXEC);
    fd[1] = open(q->con, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    fd[2] = open(q->errf, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd[0] < 0 || fd[1] < 0 || fd[2] < 0) {
        *err = g_strdup_printf("qemu: %s: %s", work, g_strerror(errno));
    } else if (!g_spawn_async_with_fds(work, argv, NULL,
                                       G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                       &q->pid, fd[0], fd[1], fd[2], &ge)) {
        *err = g_strdup_printf("qemu: %s: %s", argv[0], ge->message);
        g_error_free(ge);
        q->pid = 0;
    } else {
        rc = 0;
    }
    for (int i = 0; i < 3; i++) {
        if (fd[i] >= 0) {
            close(fd[i]);
        }
    }
    return rc;
}

/* Kill and reap (status kept in q->status). */
static void kill_reap(TbQemuProc *q)
{
    kill(q->pid, SIGKILL);
    while (waitpid(q->pid, &q->status, 0) < 0 && errno == EINTR) {
    }
    q->pid = 0;
}

int tb_qemu_proc_poll(TbQemuProc *q, char **err)
{
    pid_t w = waitpid(q->pid, &q->status, WNOHANG);

    if (w == q->pid) {
        q->pid = 0;
        if (!WIFEXITED(q->status) || WEXITSTATUS(q->status) != 0) {
            *err = exit_error(q);
            return -1;
        }
        return 1;
    }
    if (w < 0 && errno != EINTR) {
        *err = g_strdup_printf("qemu: waitpid: %s", g_strerror(errno));
        kill_reap(q);
        return -1;
    }
    if (g_get_monotonic_time() > q->deadline) {
        kill_reap(q);
        *err = g_strdup_printf("qemu: no result within %.0f s of wall "
                               "time (killed; console: %s)", q->timeout_s,
                               q->con);
        return -1;
    }
    return 0;
}

int tb_qemu_proc_wait(TbQemuProc *q, char **err)
{
    int r;

    while ((r = tb_qemu_proc_poll(q, err)) == 0) {
        g_usleep(20000);
    }
    return r == 1 ? 0 : -1;
}

void tb_qemu_proc_clear(TbQemuProc *q)
{
    if (q->pid > 0) {
        kill_reap(q);
    }
    g_free(q->con);
    g_free(q->errf);
    q->con = q->errf = NULL;
}
