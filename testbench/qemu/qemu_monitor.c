/* SPDX-License-Identifier: GPL-2.0-or-later */
/* HMP client on a Unix socket (qemu_monitor.h). */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "qemu/qemu_monitor.h"

#define HMP_PROMPT "(qemu) "

struct TbHmp {
    int fd;
    TbQemuProc *q;
};

/* Connect once: the socket fd, or -1 (errno). */
static int hmp_connect(const char *path)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    int fd;

    if (strlen(path) >= sizeof(a.sun_path)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(a.sun_path, path);
    fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof(a)) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        fd = -1;
    }
    return fd;
}

/* The monitor connection broke (@why): QEMU is usually exiting with an
 * error; wait for it (until its deadline) to report that instead. */
static void hmp_lost(TbHmp *m, const char *why, char **err)
{
    char *w = g_strdup(why);

    if (tb_qemu_proc_wait(m->q, err) == 0) {
        *err = g_strdup_printf("qemu: monitor: %s (console: %s)", w,
                               m->q->con);
    }
    g_free(w);
}

/* Read until the text ends with the prompt.  The text before it
 * (g_free), or NULL with *err (QEMU gone, deadline, socket error). */
static char *hmp_read(TbHmp *m, char **err)
{
    GString *g = g_string_new(NULL);

    while (!g_str_has_suffix(g->str, HMP_PROMPT)) {
        struct pollfd pf = {.fd = m->fd, .events = POLLIN};
        char buf[4096];
        ssize_t n;

        if (tb_qemu_proc_poll(m->q, err) != 0) {
            if (!*err) {
                *err = g_strdup_printf("qemu: exited while its monitor "
                                       "was in use (console: %s)",
                                       m->q->con);
            }
            g_string_free(g, TRUE);
            return NULL;
        }
        if (poll(&pf, 1, 20) <= 0) {
            continue;
        }
        n = read(m->fd, buf, sizeof(buf));
        if (n <= 0) {
            hmp_lost(m, n == 0 ? "closed" : g_strerror(errno), err);
            g_string_free(g, TRUE);
            return NULL;
        }
        g_string_append_len(g, buf, n);
    }
    g_string_truncate(g, g->len - strlen(HMP_PROMPT));
    return g_string_free(g, FALSE);
}

TbHmp *tb_hmp_open(const char *path, TbQemuProc *q, char **err)
{
    TbHmp *m = g_new0(TbHmp, 1);
    char *greeting;

    m->q = q;
    while ((m->fd = hmp_connect(path)) < 0) {
        if (errno != ENOENT && errno != ECONNREFUSED) {
            *err = g_strdup_printf("qemu: monitor %s: %s", path,
                                   g_strerror(errno));
        } else if (tb_qemu_proc_poll(q, err) == 0) {
            g_usleep(20000);
            continue;
        } else if (!*err) {
            *err = g_strdup_printf("qemu: exited before its monitor "
                                   "opened (console: %s)", q->con);
        }
        g_free(m);
        return NULL;
    }
    greeting = hmp_read(m, err);
    if (!greeting) {
        tb_hmp_close(m);
        return NULL;
    }
    g_free(greeting);
    return m;
}

int tb_hmp_send(TbHmp *m, const char *cmd, char **err)
{
    char *line = g_strconcat(cmd, "\n", NULL);
    size_t len = strlen(line), off = 0;

    while (off < len) {
        ssize_t n = send(m->fd, line + off, len - off, MSG_NOSIGNAL);
        if (n < 0 && errno != EINTR) {
            *err = g_strdup_printf("qemu: monitor: %s", g_strerror(errno));
            g_free(line);
            return -1;
        }
        off += n > 0 ? (size_t)n : 0;
    }
    g_free(line);
    return 0;
}

char *tb_hmp_cmd(TbHmp *m, const char *cmd, char **err)
{
    return tb_hmp_send(m, cmd, err) < 0 ? NULL : hmp_read(m, err);
}

int tb_hmp_wait_for(TbHmp *m, const char *cmd, const char *want,
                    const char *fail, char **err)
{
    for (;;) {
        char *a = tb_hmp_cmd(m, cmd, err);
        int done;

        if (!a) {
            return -1;
        }
        done = strstr(a, want) ? 1 : fail && strstr(a, fail) ? -1 : 0;
        if (done < 0) {
            g_strstrip(a);
            *err = g_strdup_printf("qemu: monitor: %s: %s (console: %s)",
                                   cmd, a, m->q->con);
        }
        g_free(a);
        if (done) {
            return done > 0 ? 0 : -1;
        }
        g_usleep(20000);
    }
}

void tb_hmp_close(TbHmp *m)
{
    if (m) {
        if (m->fd >= 0) {
            close(m->fd);
        }
        g_free(m);
    }
}

char *tb_hmp_quote(const char *s)
{
    GString *g = g_string_new("\"");

    for (; *s; s++) {
        if (*s == '"' || *s == '\\') {
            g_string_append_c(g, '\\');
        }
        g_string_append_c(g, *s);
    }
    g_string_append_c(g, '"');
    return g_string_free(g, FALSE);
}
