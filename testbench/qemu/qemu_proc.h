/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A QEMU process of `e1klab run --backend qemu`: started in the run's
 * work directory with its console and stderr in files there, bounded by
 * a wall-clock deadline.  The wall clock only bounds how long we wait;
 * nothing in a report depends on it.
 */
#ifndef TB_QEMU_PROC_H
#define TB_QEMU_PROC_H

#include <glib.h>

/** One QEMU process. */
typedef struct TbQemuProc {
    GPid pid;            /**< 0 when not running (never started or reaped) */
    int status;          /**< wait status once reaped */
    char *con;           /**< console file (QEMU's stdout) */
    char *errf;          /**< QEMU's stderr file */
    gint64 deadline;     /**< g_get_monotonic_time() (us) to kill it at */
    double timeout_s;    /**< the limit the deadline came from, s (for
                              messages) */
} TbQemuProc;

/**
 * Start @argv (NULL-terminated) in @work with stdin /dev/null, stdout to
 * @work/@con_name and stderr to @work/@err_name; the deadline and
 * timeout_s of *q must be set.  Returns 0, or -1 with *err.
 */
int tb_qemu_proc_start(TbQemuProc *q, char **argv, const char *work,
                       const char *con_name, const char *err_name,
                       char **err);

/**
 * Has it exited?  0: still running.  1: it exited 0 (reaped).  -1 with
 * *err: it exited otherwise (its status or signal and the first line of
 * its stderr), or the deadline passed and it was killed ("qemu: no
 * result within N s of wall time (killed; console: FILE)").
 */
int tb_qemu_proc_poll(TbQemuProc *q, char **err);

/** Wait for it to exit (polling every 20 ms).  0 when it exited 0, else
 *  -1 with *err as tb_qemu_proc_poll. */
int tb_qemu_proc_wait(TbQemuProc *q, char **err);

/** Kill it (SIGKILL) and reap it if it still runs; free the names. */
void tb_qemu_proc_clear(TbQemuProc *q);

#endif /* TB_QEMU_PROC_H */
