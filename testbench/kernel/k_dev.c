/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Devices: register/open, qdisc pfifo_fast (all traffic is priority 0,
 * so one band is used; limit txqueuelen frames, tail drop), dev_queue_xmit,
 * qdisc_run (dequeue into ndo_start_xmit until the queue stops, the driver
 * is busy or dev_tx_weight frames went out), the NET_TX softirq
 * (output queue), netif stop/wake, and dev_watchdog: every watchdog_timeo
 * (5 s, the e1000 value) a device whose queue is stopped and that has not
 * transmitted for watchdog_timeo logs "NETDEV WATCHDOG: ethX: transmit
 * timed out" and gets ndo_tx_timeout.
 */
#include "kernel/kernel.h"

#include <glib.h>

#define DEV_TX_WEIGHT 64

/* Out of line (the callers in the transmit clean-up keep fewer
 * registers); the socket reader inlines tb_kfree_skb_inline. */
__attribute__((noinline)) void tb_kfree_skb(TbKernel *k, TbSkb *skb)
{
    tb_kfree_skb_inline(k, skb);
}

uint32_t tb_kfree_skb_for(TbKernel *k, TbSkb *skb, uint8_t reader)
{
    uint32_t n = 0;
    TB_SKB_FOR_EACH_HEAD(f, skb) {
        n += f->last_cpu != reader;
        f->last_cpu = reader;
        tb_cpu_cost(k->cpu, TB_COST_SKB_FREE, 1);
    }
    uint32_t here = k->arena.cpu;
    k->arena.cpu = reader;             /* into the reader's slab array */
    tb_skb_free(&k->arena, skb);
    k->arena.cpu = here;
    return n;
}

static void dev_watchdog(TbCpu *cpu, void *ctx)
{
    TbNetdev *dev = ctx;
    tb_spin_lock(cpu, &dev->tx_lock);   /* netif_tx_lock */
    if (dev->carrier && dev->queue_stopped
        && cpu->jiffies > dev->trans_start + dev->watchdog_timeo) {
        tb_klog(dev->k, 1, "NETDEV WATCHDOG: %s: transmit timed out",
                dev->name);
        dev->tx_timeouts++;
        dev->trans_start = cpu->jiffies;
        if (dev->tx_timeout) {
            dev->tx_timeout(dev);
        }
    }
    tb_spin_unlock(&dev->tx_lock);
    tb_cpu_mod_timer(cpu, &dev->watchdog, cpu->jiffies + dev->watchdog_timeo);
}

int tb_netdev_register(TbKernel *k, TbNetdev *dev)
{
    if (k->ndev >= TB_KMAX_DEVS) {
        return -1;
    }
    dev->k = k;
    dev->index = (int)k->ndev;
    k->dev[k->ndev++] = dev;
    k->route_hit_ok = false;   /* a route to this index now leads here */
    if (!dev->txqueuelen) {
        dev->txqueuelen = 1000;
    }
    if (!dev->mtu) {
        dev->mtu = 1500;
    }
    dev->watchdog_timeo = 5ull * k->cpu->hz;
    dev->watchdog.fn = dev_watchdog;
    dev->watchdog.ctx = dev;
    return 0;
}

void tb_netdev_open(TbKernel *k, TbNetdev *dev)
{
    dev->queue_stopped = false;
    dev->trans_start = k->cpu->jiffies;
    tb_cpu_mod_timer(k->cpu, &dev->watchdog,
                     k->cpu->jiffies + dev->watchdog_timeo);
}

void tb_netif_schedule(TbNetdev *dev)
{
    TbKernel *k = dev->k;
    if (dev->tx_scheduled) {
        return;
    }
    dev->tx_scheduled = true;
    dev->next_sched = NULL;
    TbSoftnet *sd = k->sd;
    if (sd->tx_sched_tail) {
        sd->tx_sched_tail->next_sched = dev;
    } else {
        sd->tx_sched_head = dev;
    }
    sd->tx_sched_tail = dev;
    tb_cpu_raise_softirq(k->cpu, TB_SOFTIRQ_NET_TX);
}

void tb_netif_stop_queue(TbNetdev *dev)
{
    dev->queue_stopped = true;
}

void tb_netif_wake_queue(TbNetdev *dev)
{
    if (dev->queue_stopped) {
        dev->queue_stopped = false;
        tb_netif_schedule(dev);
    }
}

/* One dequeued frame @skb to the driver under HARD_TX_LOCK (the driver's
 * xmit path against dev_watchdog's tx_timeout on another CPU): true if
 * it went out; on NETDEV_TX_BUSY it is requeued at the head and retried
 * later (sch_direct_xmit). */
static inline __attribute__((always_inline)) bool
xmit_one(TbNetdev *dev, TbSkb *skb)
{
    TbKernel *k = dev->k;
    tb_cpu_cost(k->cpu, TB_COST_QDISC_DEQUEUE, 1);
    TbCpu *me = k->cpu;
    tb_spin_lock(me, &dev->tx_lock);
    int rc = dev->xmit(dev, skb);
    tb_spin_unlock(&dev->tx_lock);
    if (rc != 0) {
        skb->next = dev->q_head;
        dev->q_head = skb;
        if (!dev->q_tail) {
            dev->q_tail = skb;
        }
        dev->qlen++;
        dev->qdisc_requeues++;
        if (!dev->queue_stopped) {
            tb_netif_schedule(dev);
        }
        return false;
    }
    dev->xmit_ok++;
    dev->trans_start = k->cpu->jiffies;
    return true;
}

/* qdisc_run's loop, the caller being the owner (qdisc_running set):
 * dequeue into the driver until the queue is empty or stopped, the
 * driver is busy or @quota more frames went out; then not running. */
static void qdisc_loop(TbNetdev *dev, int quota)
{
    while (dev->qlen && !dev->queue_stopped) {
        TbSkb *skb = tb_skb_dequeue(&dev->q_head, &dev->q_tail);
        dev->qlen--;
        if (!xmit_one(dev, skb)) {
            break;
        }
        if (--quota == 0 && dev->qlen) {
            tb_netif_schedule(dev);
            break;
        }
    }
    dev->qdisc_running = false;
}

/* qdisc_run */
static void qdisc_run(TbNetdev *dev)
{
    if (dev->qdisc_running) {
        return;   /* the running owner will dequeue it */
    }
    dev->qdisc_running = true;
    qdisc_loop(dev, DEV_TX_WEIGHT);
}

void tb_dev_queue_xmit(TbNetdev *dev, TbSkb *skb)
{
    TbKernel *k = dev->k;
    tb_cpu_cost(k->cpu, TB_COST_QDISC_ENQUEUE, 1);
    if (dev->qlen >= dev->txqueuelen) {
        dev->qdisc_drops++;
        tb_kfree_skb(k, skb);
        return;
    }
    if (!dev->qlen && !dev->qdisc_running && !dev->queue_stopped) {
        /* The usual case: an empty queue nobody dequeues.  qdisc_run
         * would take the frame straight back out, so it goes to the
         * driver without the round trip through the queue (the same
         * charges, in the same order), then the loop goes on with the
         * rest of the quota as qdisc_run's would. */
        skb->next = NULL;
        dev->qdisc_running = true;
        if (xmit_one(dev, skb) && dev->qlen) {
            /* frames queued meanwhile (an interrupt's softirq that
             * found the qdisc running) */
            qdisc_loop(dev, DEV_TX_WEIGHT - 1);
        } else {
            /* busy, or the queue still empty: the loop would stop at
             * once */
            dev->qdisc_running = false;
        }
        return;
    }
    tb_skb_queue_tail(&dev->q_head, &dev->q_tail, skb);
    dev->qlen++;
    qdisc_run(dev);
}

void tb_net_tx_action(TbCpu *cpu, void *ctx)
{
    (void)cpu;
    TbKernel *k = ctx;
    TbSoftnet *sd = k->sd;
    TbNetdev *dev = sd->tx_sched_head;
    sd->tx_sched_head = sd->tx_sched_tail = NULL;
    while (dev) {
        TbNetdev *next = dev->next_sched;
        dev->tx_scheduled = false;
        dev->next_sched = NULL;
        qdisc_run(dev);
        dev = next;
    }
}
