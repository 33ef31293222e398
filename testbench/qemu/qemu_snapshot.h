/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Boot once: `e1klab run --backend qemu` starts every run from a saved
 * snapshot of the booted, idle guest (docs/full-system.md "Boot once").
 *
 * Making it: the guest boots with e1klab.snapshot=1 on its kernel command
 * line and the NICs present but untouched (no driver loaded); its init
 * arms an ib700 watchdog with a 0 s timeout, which QEMU
 * (-action watchdog=pause) answers by stopping the VM at that instruction:
 * under -icount the same instant on every boot.  The stopped VM is
 * migrated to a file through the monitor, renamed into the cache when
 * complete.
 *
 * Using it: a new QEMU with the same machine, the run's own device
 * properties (+ restore-model=off, so mac, bus-timing, link-mbps,
 * replay-*, stats and capture take effect) and the scenario's words in
 * the fw_cfg file opt/e1klab/words loads the file (-incoming), the
 * monitor continues it, and the guest reads its words through
 * qemu_fw_cfg.  A run whose snapshot was just made starts from the file
 * too, so fresh and reused snapshots give the same bytes.
 */
#ifndef TB_QEMU_SNAPSHOT_H
#define TB_QEMU_SNAPSHOT_H

#include "qemu/qemu_cmdline.h"
#include "qemu/qemu_proc.h"

/** Name of the fw_cfg file carrying the words to a restored guest. */
#define TB_QEMU_WORDS_FWCFG "opt/e1klab/words"

/**
 * Whether runs start from a snapshot: 1 unless $E1KLAB_SNAPSHOT is "0"
 * (then the guest boots for the run, words on its kernel command line).
 * -1 with *err for another value than "0" or "1".
 */
int tb_qemu_snapshot_enabled(char **err);

/** The cache directory: $E1KLAB_SNAPSHOT_DIR, else
 *  $XDG_CACHE_HOME/e1klab/snapshots ($HOME/.cache when unset).  g_free. */
char *tb_qemu_snapshot_dir(void);

/**
 * Argument vectors (g_strfreev).  _make: the machine that boots to the
 * snapshot point, its monitor on @monitor (NULL: none, as the key uses
 * it).  _run: the machine of a run from @snapshot: the NICs'
 * tb_qemu_device_arg (stats/captures in @work) with restore-model=off,
 * the words from @words_file, the monitor on @monitor, -incoming.
 */
char **tb_qemu_snapshot_make_argv(const TbScenario *sc, const TbQemuPlan *p,
                                  const TbQemuPaths *paths,
                                  const char *monitor);
char **tb_qemu_snapshot_run_argv(const TbScenario *sc, const TbQemuPlan *p,
                                 const TbQemuPaths *paths, const char *work,
                                 int capture, const char *snapshot,
                                 const char *words_file,
                                 const char *monitor);

/**
 * The cache key of @sc's snapshot (64 hex digits, g_free): SHA-256 over
 * a format tag, the contents of the QEMU binary, kernel, initrd and
 * firmware (bios-256k.bin, linuxboot_dma.bin, kvmvapic.bin in the -L
 * directories) and every other word of the _make argument vector
 * (machine, memory, -icount shift, boot parameters, device types and
 * PCI slots).  NULL with *err if a file cannot be read.
 */
char *tb_qemu_snapshot_key(const TbScenario *sc, const TbQemuPlan *p,
                           const TbQemuPaths *paths, char **err);

/**
 * The snapshot file for @sc: the cached one, or made now (under a lock
 * per key, so concurrent runs make it once; written to a temporary name,
 * renamed when complete), with its console and QEMU stderr in @work
 * (snapshot-console.log, snapshot-qemu.err).  @deadline/@timeout_s bound
 * the wait (qemu_proc.h).  *made: 1 if made now.  Returns the path
 * (g_free), or NULL with *err.
 */
char *tb_qemu_snapshot_get(const TbScenario *sc, const TbQemuPlan *p,
                           const TbQemuPaths *paths, const char *work,
                           gint64 deadline, double timeout_s, int *made,
                           char **err);

/**
 * After starting @q with a _run vector: wait (monitor @monitor) until
 * QEMU has loaded the snapshot, then continue the VM.  0, or -1 with
 * *err (the load failed: QEMU's message).
 */
int tb_qemu_snapshot_resume(TbQemuProc *q, const char *monitor, char **err);

#endif /* TB_QEMU_SNAPSHOT_H */
