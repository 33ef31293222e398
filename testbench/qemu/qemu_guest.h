/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The e1klab guest's result block (guest-images/init, format in
 * docs/full-system.md "The guest"): the console text between
 * ===E1KLAB-BEGIN=== and ===E1KLAB-END===, made of sections "@@ NAME"
 * followed by their lines, and parsers for the sections the QEMU backend
 * of `e1klab run` reads (/proc/interrupts, /proc/net/softnet_stat,
 * /proc/net/snmp, the CPU time counters, /proc/softirqs, sysfs
 * statistics), plus the device's stats file ("key=value" lines,
 * hw/qemu/e1klab_pci.c).
 * Pure text processing: no I/O, no wall clock.
 */
#ifndef TB_QEMU_GUEST_H
#define TB_QEMU_GUEST_H

#include <stdint.h>

#include <glib.h>

#include "e1000_drv.h"
#include "e1000.h"

/** The parsed block: sections in console order. */
typedef struct TbGuestBlock {
    GPtrArray *names;     /**< char *: section names ("interrupts",
                               "stats eth0", ...) */
    GPtrArray *lines;     /**< GPtrArray * of char *: each section's lines
                               (empty lines dropped, '\r' removed) */
} TbGuestBlock;

/**
 * Find the block in the console text @text (@len bytes; may hold NULs
 * and firmware escape codes).  The begin marker may appear anywhere on a
 * line, the end marker at the start of a line.  Returns NULL when there
 * is no complete block.  Free with tb_guest_block_free().
 */
TbGuestBlock *tb_guest_block_parse(const char *text, size_t len);
void tb_guest_block_free(TbGuestBlock *b);

/** Lines of section @name (NULL-terminated view, owned by @b), or NULL
 *  if the block has no such section. */
GPtrArray *tb_guest_section(const TbGuestBlock *b, const char *name);

/**
 * /proc/interrupts: the numbered line whose device list contains
 * @ifname.  The list ("NAME, NAME, ..., NAME") is read from the end of
 * the line, so the chip, hwirq and flow columns before it (which vary
 * across kernels) are never parsed and a name may hold '-' ("wan-0");
 * a shared line counts for each of its names.  *irq gets the line
 * number, *count the sum of the per-CPU columns.  Returns 0, or -1 if
 * no line names @ifname.
 */
int tb_guest_interrupts(GPtrArray *lines, const char *ifname,
                        uint32_t *irq, uint64_t *count);

/**
 * /proc/interrupts, like tb_guest_interrupts: the count in the column of
 * CPU @cpu (0 = the first) of the line naming @ifname.  Returns 0, or -1
 * if no line names @ifname or it has no such column.
 */
int tb_guest_interrupts_on(GPtrArray *lines, const char *ifname,
                           uint32_t cpu, uint64_t *count);

/** /proc/net/softnet_stat (hex columns, one row per CPU): sums of
 *  column 2 (dropped: backlog full) and column 3 (time_squeeze). */
void tb_guest_softnet(GPtrArray *lines, uint64_t *dropped,
                      uint64_t *time_squeeze);

/**
 * /proc/net/snmp: the value of @field in the @proto table ("Ip",
 * "ForwDatagrams").  Returns 0 and *v, or -1 if absent.
 */
int tb_guest_snmp(GPtrArray *lines, const char *proto, const char *field,
                  uint64_t *v);

/**
 * CPU time at nanosecond resolution, as the guest's init prints it
 * ("@@ cpu_start", "@@ cpu_end": `grep -H` lines "FILE:LINE"):
 * /proc/timer_list's "now at N nsecs" (ktime_get) and each CPU's
 * ".idle_sleeptime" and ".iowait_sleeptime" (NO_HZ idle accounting: from
 * idle entry to exit, interrupts excluded); /proc/schedstat's "cpuN"
 * lines (field 7: rq_cpu_time, the time non-idle tasks ran,
 * Documentation/scheduler/sched-stats.rst); and /proc/PID/schedstat of
 * the ksoftirqd threads (field 1: run time); with e1klab.ko, each
 * port's /sys/class/net/IF/hardirq_ns (its interrupt handler's time,
 * local_clock()).  All in ns, summed over CPUs and ports; with several
 * CPUs also per CPU: /proc/timer_list's idle times follow its "cpu: N"
 * lines, schedstat's are per "cpuN" line, and ksoftirqd/N is the N-th
 * ksoftirqd thread by PID (the kernel starts them as the CPUs come up,
 * in CPU order).  A CPU's .idle_sleeptime grows only when it leaves
 * idle; the guest reads the counters on CPU 0 while the others are idle
 * (guest-images/irq-affinity.sh) and also prints each CPU's
 * .idle_entrytime, the start of its current idle time: for CPUs 1.. the
 * time from it to "now at" is added to cpu_idle[] (not to idle).
 */
#define TB_GUEST_MAX_CPUS 8
typedef struct TbGuestCpu {
    uint64_t now;          /**< the guest's clock */
    uint64_t idle;         /**< idle (incl. iowait) */
    uint64_t tasks;        /**< run time of all non-idle tasks */
    uint64_t ksoftirqd;    /**< run time of the ksoftirqd threads */
    uint64_t hardirq;      /**< e1klab.ko's hard-interrupt handler time,
                                summed over ports (0 without it) */
    uint32_t ncpus;        /**< CPUs seen: 1 + the highest "cpuN" of
                                /proc/schedstat (at most
                                TB_GUEST_MAX_CPUS) */
    uint64_t cpu_idle[TB_GUEST_MAX_CPUS];      /**< idle, per CPU */
    uint64_t cpu_tasks[TB_GUEST_MAX_CPUS];     /**< tasks, per CPU */
    uint64_t cpu_ksoftirqd[TB_GUEST_MAX_CPUS]; /**< ksoftirqd/N, per CPU */
} TbGuestCpu;

/** Parse such a section.  0, or -1 if it lacks the clock, the idle time
 *  or a schedstat line. */
int tb_guest_cpu(GPtrArray *lines, TbGuestCpu *c);

/** The "/sys/class/net/@ifname/hardirq_ns:N" line of such a section:
 *  0 and *ns, or -1 if absent. */
int tb_guest_hardirq(GPtrArray *lines, const char *ifname, uint64_t *ns);

/** /proc/softirqs: the sum over CPUs of the row @name ("NET_RX").
 *  0, or -1 if absent. */
int tb_guest_softirqs(GPtrArray *lines, const char *name, uint64_t *v);

/**
 * "key=value" lines (sysfs statistics, the device's stats file): the
 * integer value of @key.  Returns 0, or -1 if absent or not a number.
 */
int tb_guest_kv(GPtrArray *lines, const char *key, uint64_t *v);

/** Fill *s from the "@@ stats IF" lines (sysfs statistics names are the
 *  rtnl_link_stats64 field names); absent fields stay 0. */
void tb_guest_link_stats(GPtrArray *lines, struct e1k_link_stats64 *s);

/** Fill *t from a device stats file's "model.<field>=N" lines (the
 *  E1kTotals field names); absent fields stay 0. */
void tb_guest_model_totals(GPtrArray *lines, E1kTotals *t);

/** Split @text into lines (no empty lines, '\r' removed); g_ptr_array_unref
 *  the result.  For reading stats files. */
GPtrArray *tb_guest_lines(const char *text);

/**
 * "@@ ethtool NAME" lines (`ethtool -S`: "     name: value"): the value of
 * statistic @name.  Returns 0, or -1 if absent or not a number
 * (qemu_ethtool.c).
 */
int tb_guest_ethtool(GPtrArray *lines, const char *name, uint64_t *v);

/** Every `ethtool -S` statistic of the driver core's table
 *  (e1k_drv_ethtool_name order) found in @lines into @v
 *  (E1K_ETHTOOL_STATS values); 0 for a name the guest's driver does not
 *  print (the stock e1000 prints Intel's names only, of the core's
 *  counters alloc_rx_buff_failed alone).  e1k_drv_counters_from_ethtool
 *  turns @v into the driver counters. */
void tb_guest_ethtool_stats(GPtrArray *lines, uint64_t *v);

#endif /* TB_QEMU_GUEST_H */
