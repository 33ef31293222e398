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

/**
 * Commit the @n outputs @outs as one set: every stream is finished
 * first, then each is renamed into place; if any step fails, the files
 * already renamed are removed again and every temporary file too, so
 * either all outputs exist or none (stdout excepted: it is written).
 * 0, or -1 with *err.  Unused outputs are accepted.
 */
int tb_out_commit_all(TbOut *const *outs, int n, char **err);

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

/**
 * Check the output @path (value of option @opt; NULL or "-": nothing to
 * check) before any work starts: it must not be a directory or any
 * other non-regular file (a FIFO, a device: the temporary file would be
 * renamed over it), not one of the files the run reads (@inputs,
 * NULL-terminated, "" entries skipped; compared as tb_out_conflict()
 * does), and its directory must exist and be writable.  Returns 0, or -1
 * with *err, e.g. "--csv out: is a directory".
 */
int tb_out_check(const char *path, const char *opt,
                 const char *const *inputs, char **err);

/** Mode given to output files: 0666 & ~umask. */
mode_t tb_out_file_mode(void);

#endif /* TB_CLI_OUT_H */
