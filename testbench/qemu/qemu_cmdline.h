/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The QEMU command line of a scenario (`e1klab run --backend qemu`): how
 * a TbScenario maps onto QEMU 7.2 + the e1klab device (hw/qemu/) + the
 * e1klab guest (guest-images/init).  Mapping table in docs/full-system.md
 * "e1klab run --backend qemu".
 */
#ifndef TB_QEMU_CMDLINE_H
#define TB_QEMU_CMDLINE_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "scenario/scenario.h"

/** Virtual time (ns) from the guest enabling its receiver (RCTL.EN) to
 *  the replay's time origin: lets the link come up and the guest finish
 *  its routing setup before traffic starts. */
#define TB_QEMU_REPLAY_DELAY_NS UINT64_C(3000000000)

/** What the run will do, computed from the scenario before QEMU starts. */
typedef struct TbQemuPlan {
    double mhz;                  /**< CPU clock: [host] cpu_mhz or the
                                      profile's [cpu] mhz */
    uint32_t shift;              /**< -icount shift: 2^shift ns per guest
                                      instruction, the closest power of
                                      two to 1000/mhz ns (0 for 933 MHz) */
    uint64_t count[TB_MAX_SOURCES];   /**< frames each source offers */
    uint64_t first_ns[TB_MAX_SOURCES];/**< arrival (last bit) of its first
                                           frame, ns from the traffic time
                                           origin (TbResults.init_ns) */
    uint64_t last_ns[TB_MAX_SOURCES]; /**< arrival of its last frame, same
                                           origin */
    uint32_t wait_s;             /**< e1klab.wait: guest seconds from its
                                      setup to the first counter check */
    uint32_t cpus;               /**< the guest's vCPUs ([guest] cpus):
                                      `-smp` and e1klab.affinity when > 1 */
    bool ixgbe;                  /**< every NIC an 82598EB: the guest
                                      runs e1klab_ixgbe.ko, which is in
                                      initrd-ixgbe.gz */
} TbQemuPlan;

/**
 * Check that @sc can run in the guest and compute *p: the icount shift
 * (loads the cost profile for its clock, so a missing profile gives the
 * testbench's error) and, by running each traffic source (testbench/
 * traffic.h, the same pacing rules as the device's replay) with no NIC,
 * the frame count (pktgen with only [run] duration: the frames that
 * arrive by the end) and first/last arrival times.
 * Returns 0, or -1 with *err (one line naming the file and section).
 */
int tb_qemu_plan(const TbScenario *sc, TbQemuPlan *p, char **err);

/** Where QEMU and the guest are. */
typedef struct TbQemuPaths {
    char *qemu;                  /**< qemu-system-x86_64 */
    char *kernel;                /**< guest vmlinuz */
    char *initrd;                /**< guest initrd.gz or initrd-ixgbe.gz */
} TbQemuPaths;

/**
 * Find QEMU ($E1KLAB_QEMU, else <repo>/qemu-build/build/qemu-system-x86_64)
 * and the guest ($E1KLAB_GUEST directory, else <repo>/qemu-build/guest/:
 * vmlinuz and initrd.gz, or initrd-ixgbe.gz if @ixgbe: the 82598EB
 * guest, whose second archive holds e1klab_ixgbe.ko); <repo> is the
 * source tree e1klab was built from.  Returns 0, or -1 with *err ("...
 * missing: run scripts/build-qemu.sh and guest-images/build.sh").
 */
int tb_qemu_find(TbQemuPaths *paths, bool ixgbe, char **err);
void tb_qemu_paths_clear(TbQemuPaths *paths);

/** Kernel parameters of every guest boot.  The scenario's e1klab.*
 *  words (tb_qemu_words) follow them when the guest boots for the run;
 *  a guest started from a snapshot gets them through fw_cfg instead
 *  (qemu_snapshot.h). */
#define TB_QEMU_BOOT_APPEND "console=ttyS0 quiet panic=-1 ipv6.disable=1"

/**
 * The scenario's words for guest-images/init, space separated
 * ("e1klab.mode=forward e1klab.modparams=... e1klab.wait=5"; the list is
 * in docs/full-system.md); with several vCPUs one e1klab.affinity=NAME,CPU
 * per NIC (tb_guest_nic_cpu).  g_free.
 */
char *tb_qemu_words(const TbScenario *sc, const TbQemuPlan *p);

/** QEMU option value @s with ',' written ",," (g_free). */
char *tb_qemu_qesc(const char *s);

/** "e1klab-<chip>,addr=<4+i>.0": the device and PCI slot of NIC @i, the
 *  part of its -device value a snapshot must match (g_free). */
char *tb_qemu_device_slot(const TbScenario *sc, uint32_t i);

/**
 * The -device value of NIC @i (g_free): tb_qemu_device_slot, then mac,
 * bus-timing, link-mbps, stats=@work/NAME.stats, the replay-* properties
 * of the source feeding it and, if @capture, capture=@work/NAME-tx.pcap.
 */
char *tb_qemu_device_arg(const TbScenario *sc, const TbQemuPlan *p,
                         const char *work, int capture, uint32_t i);

/**
 * Append to @a (char *, g_free) what every start of the guest shares:
 * the QEMU binary, machine (PC, 256 MiB, `-smp @p->cpus` when more than
 * one, serial on stdio, no default devices, no network), -icount
 * shift=@p->shift,sleep=off, -rtc
 * clock=vm, firmware dirs, the guest kernel and initrd, -append @append.
 */
void tb_qemu_argv_machine(GPtrArray *a, const TbQemuPlan *p,
                          const TbQemuPaths *paths, const char *append);

/**
 * The argument vector (NULL-terminated, g_strfreev) that boots the guest
 * for @sc (no snapshot): tb_qemu_argv_machine with TB_QEMU_BOOT_APPEND
 * and the scenario's words as the kernel command line, then one -device
 * tb_qemu_device_arg per NIC.
 */
char **tb_qemu_argv(const TbScenario *sc, const TbQemuPlan *p,
                    const TbQemuPaths *paths, const char *work,
                    int capture);

#endif /* TB_QEMU_CMDLINE_H */
