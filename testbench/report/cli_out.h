/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Output files of the CLI, all-or-nothing: each is written to a temporary
 * name in the destination's directory ("FILE.tmp-XXXXXX") and renamed to
 * FILE only when the whole run succeeded; on error the temporary file is
 * removed, so no partial output is ever left.  "-" means stdout (written
 * directly, at commit time for text produced at the end).
 * The final file gets mode 0666 & ~umask (umask read once, before main),
 * as a file created by open(2) would.  A SIGINT, SIGTERM or SIGHUP while
 * temporary files exist removes them (async-signal-safe unlink) and then
 * ends the process by the same signal.
 */
#ifndef TB_CLI_OUT_H
#define TB_CLI_OUT_H

#include <stdio.h>
#include <sys/types.h>

typedef struct TbOut {
    char *path;      /**< final name (NULL: unused) */
    char *tmp;       /**< temporary name, NULL for stdout */
    FILE *f;         /**< open stream */
} TbOut;

/** Open @path (or stdout for "-").  0, or -1 with *err set. */
int tb_out_open(TbOut *o, const char *path, char **err);

/** Close (unless the user closed o->f and set it to NULL) and rename into
 *  place.  0, or -1 with *err set (the temporary file is removed).
 *  Unused outputs are accepted. */
int tb_out_commit(TbOut *o, char **err);

/** Close and remove the temporary file (on any error).  Unused accepted. */
void tb_out_abort(TbOut *o);

/** Write @len bytes of @text to @path ("-": stdout) all-or-nothing, as
 *  tb_out_open + tb_out_commit.  0, or -1 with *err set (one line). */
int tb_out_write_file(const char *path, const char *text, size_t len,
                      char **err);

/**
 * Reject two outputs to the same place: the same file (compared after
 * making the paths absolute and canonical, and by device/inode when both
 * exist) or more than one "-" (stdout).  @paths[i] (NULL = unused) is the
 * value of option @opts[i].  Returns 0, or -1 with *err set, e.g.
 * "--json and --csv both write a.out".
 */
int tb_out_conflict(const char *const *paths, const char *const *opts,
                    int n, char **err);

/** Mode given to output files: 0666 & ~umask. */
mode_t tb_out_file_mode(void);

#endif /* TB_CLI_OUT_H */
