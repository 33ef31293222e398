/* SPDX-License-Identifier: GPL-2.0-or-later */
/* printk: a bounded ring of timestamped lines, with counters of the lines
 * reports care about ("transmit timed out", "Link is Up"). */
#include "kernel/kernel.h"

#include <stdio.h>
#include <string.h>

void tb_klogv(TbKernel *k, int level, const char *fmt, va_list ap)
{
    char msg[TB_LOG_LEN - 48];
    vsnprintf(msg, sizeof(msg), fmt, ap);
    uint64_t now = k->cpu->eng->now;
    char *line = k->log[k->log_count % TB_LOG_LINES];
    /* the Linux syslog priority: KERN_ERR 3, KERN_WARNING 4, KERN_INFO 6,
     * KERN_DEBUG 7 (osdep levels 0..3) */
    static const int prio[4] = {3, 4, 6, 7};
    snprintf(line, TB_LOG_LEN, "[%5llu.%06llu] <%d> %s",
             (unsigned long long)(now / 1000000000u),
             (unsigned long long)(now / 1000u % 1000000u),
             prio[level < 0 ? 0 : level > 3 ? 3 : level], msg);
    k->log_count++;
    if (strstr(msg, "transmit timed out")) {
        k->log_tx_timeout++;
    }
    if (strstr(msg, "Link is Up")) {
        k->log_link_up++;
    }
    if (k->log_stderr) {
        fprintf(stderr, "%s\n", line);
    }
}

void tb_klog(TbKernel *k, int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tb_klogv(k, level, fmt, ap);
    va_end(ap);
}

const char *tb_klog_line(const TbKernel *k, uint32_t i)
{
    if (i >= k->log_count || i >= TB_LOG_LINES) {
        return NULL;
    }
    return k->log[(k->log_count - 1 - i) % TB_LOG_LINES];
}
