/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A client of QEMU's human monitor (HMP) on a Unix socket
 * (-monitor unix:PATH,server=on,wait=off): send a command, read the text
 * up to the next "(qemu) " prompt.  Used to save and to resume snapshots
 * (qemu_snapshot.h).  Every wait is bounded by the process's deadline
 * (qemu_proc.h).
 */
#ifndef TB_QEMU_MONITOR_H
#define TB_QEMU_MONITOR_H

#include "qemu/qemu_proc.h"

typedef struct TbHmp TbHmp;

/**
 * Connect to the monitor at @path of the running QEMU @q (retried every
 * 20 ms until QEMU listens) and read its greeting.  NULL with *err when
 * QEMU exits, the deadline passes or the socket fails.
 */
TbHmp *tb_hmp_open(const char *path, TbQemuProc *q, char **err);

/** Send @cmd (one line) without reading an answer (e.g. "quit").  0, or
 *  -1 with *err. */
int tb_hmp_send(TbHmp *m, const char *cmd, char **err);

/** Send @cmd (one line) and return the answer: the text up to the next
 *  prompt (g_free), or NULL with *err. */
char *tb_hmp_cmd(TbHmp *m, const char *cmd, char **err);

/**
 * Send @cmd every 20 ms until its answer contains @want: 0.  -1 with
 * *err when an answer contains @fail (non-NULL), QEMU exits or the
 * deadline passes.
 */
int tb_hmp_wait_for(TbHmp *m, const char *cmd, const char *want,
                    const char *fail, char **err);

/** Close the connection (QEMU keeps running). */
void tb_hmp_close(TbHmp *m);

/** @s as an HMP string argument: in double quotes, '"' and '\' escaped
 *  (g_free). */
char *tb_hmp_quote(const char *s);

#endif /* TB_QEMU_MONITOR_H */
