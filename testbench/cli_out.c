/* SPDX-License-Identifier: GPL-2.0-or-later */
/* All-or-nothing output files (cli_out.h). */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "cli_out.h"

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
    fd = g_mkstemp(o->tmp);
    if (fd < 0) {
        *err = g_strdup_printf("%s: cannot create: %s", path,
                               g_strerror(errno));
        g_clear_pointer(&o->tmp, g_free);
        g_clear_pointer(&o->path, g_free);
        return -1;
    }
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        *err = g_strdup_printf("%s: cannot open: %s", path,
                               g_strerror(errno));
        close(fd);
        g_unlink(o->tmp);
        g_clear_pointer(&o->tmp, g_free);
        g_clear_pointer(&o->path, g_free);
        return -1;
    }
    return 0;
}

int tb_out_commit(TbOut *o, char **err)
{
    int r = 0;

    if (!o->path) {
        return 0;
    }
    if (!o->tmp) {
        if (o->f && fflush(o->f) != 0) {
            *err = g_strdup_printf("stdout: write error: %s",
                                   g_strerror(errno));
            r = -1;
        }
    } else {
        /* f may already be closed by its user (pcap_dump_close) */
        int bad = o->f && ferror(o->f);
        if (o->f && fclose(o->f) != 0) {
            bad = 1;
        }
        o->f = NULL;
        if (bad) {
            *err = g_strdup_printf("%s: write error", o->path);
            g_unlink(o->tmp);
            r = -1;
        } else if (g_rename(o->tmp, o->path) != 0) {
            *err = g_strdup_printf("%s: cannot rename into place: %s",
                                   o->path, g_strerror(errno));
            g_unlink(o->tmp);
            r = -1;
        }
    }
    g_clear_pointer(&o->tmp, g_free);
    g_clear_pointer(&o->path, g_free);
    return r;
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
        g_unlink(o->tmp);
    }
    o->f = NULL;
    g_clear_pointer(&o->tmp, g_free);
    g_clear_pointer(&o->path, g_free);
}
