/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's shared work queue: schedule_work and its worker thread
 * (keventd in Linux 2.5, "events/N" later; Linux kernel/workqueue.c).
 * A work item runs once per scheduling, in process context, so it may
 * sleep (msleep lets the CPU idle, interrupts and softirqs still run).
 * The worker is added to its CPU the first time work is scheduled, so a
 * run that never schedules work has no extra process.
 */
#include "kernel/kernel.h"

/* One step of the worker: run the oldest pending item. */
static bool worker_step(TbCpu *cpu, void *ctx)
{
    (void)cpu;
    TbKernel *k = ctx;
    TbWork *w = k->work_head;
    if (!w) {
        return false;
    }
    k->work_head = w->next;
    if (!k->work_head) {
        k->work_tail = NULL;
    }
    w->next = NULL;
    w->pending = false;
    w->fn(w->ctx);
    return k->work_head != NULL;
}

bool tb_schedule_work(TbKernel *k, TbWork *w)
{
    if (w->pending) {
        return false;
    }
    w->pending = true;
    w->next = NULL;
    if (k->work_tail) {
        k->work_tail->next = w;
    } else {
        k->work_head = w;
    }
    k->work_tail = w;
    if (!k->worker_cpu) {
        k->worker = (TbProc){ .name = "keventd", .step = worker_step,
                              .ctx = k };
        k->worker_cpu = k->cpu;
        tb_cpu_add_proc(k->worker_cpu, &k->worker);
    }
    tb_cpu_wake(k->worker_cpu, &k->worker);
    return true;
}
