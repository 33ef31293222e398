/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * softnet: NAPI poll list and net_rx_action (the loop of Linux net_rx_action,
 * [LINUX-NET-RX]: poll each scheduled NAPI with its weight, move one that
 * used its whole weight to the tail, stop when netdev_budget frames or
 * netdev_budget_usecs are used up -> time_squeeze and re-raise NET_RX),
 * napi_schedule / napi_complete_done (with NAPI_STATE_MISSED as in Linux >=
 * 4.10), and the non-NAPI path: netif_rx into the per-CPU backlog of
 * netdev_max_backlog frames, drained by process_backlog as a NAPI of
 * dev_weight.  With netif_rx_throttle (Linux 2.4 and 2.5), a backlog overflow
 * throttles it: netif_rx then drops every frame until the backlog has drained
 * empty (softnet "throttled" counts the episodes).
 */
#include "kernel/k_tcp.h"
#include "kernel/kernel.h"

#include <glib.h>

static void list_add_tail(TbKernel *k, TbNapi *n)
{
    TbNapi *h = &k->sd->poll_list;
    n->prev = h->prev;
    n->next = h;
    h->prev->next = n;
    h->prev = n;
    n->on_list = true;
}

static void list_del(TbNapi *n)
{
    n->prev->next = n->next;
    n->next->prev = n->prev;
    n->prev = n->next = NULL;
    n->on_list = false;
}

bool tb_napi_schedule(TbKernel *k, TbNapi *n)
{
    if (n->sched) {
        n->missed = true;
        return false;
    }
    n->sched = true;
    if (!n->on_list) {
        list_add_tail(k, n);
    }
    tb_cpu_raise_softirq(k->cpu, TB_SOFTIRQ_NET_RX);
    return true;
}

/* @n is done: no longer scheduled, off the poll list. */
static void napi_done(TbNapi *n)
{
    n->sched = false;
    n->completed = true;
    if (n->on_list) {
        list_del(n);
    }
}

bool tb_napi_complete_done(TbKernel *k, TbNapi *n, int work)
{
    (void)work;
    if (!n->sched) {
        return false;
    }
    if (n->missed) {
        /* a schedule came in while polling: poll again, keep IRQs off */
        n->missed = false;
        n->completed = true;
        if (n->on_list) {
            list_del(n);
        }
        list_add_tail(k, n);
        tb_cpu_raise_softirq(k->cpu, TB_SOFTIRQ_NET_RX);
        return false;
    }
    napi_done(n);
    return true;
}

/* NET_RX_SOFTIRQ */
static void net_rx_action(TbCpu *cpu, void *ctx)
{
    TbKernel *k = ctx;
    TbSoftnet *sd = k->sd;
    TbNapi *h = &sd->poll_list;
    uint64_t start = cpu->eng->now;
    int budget = (int)k->netdev_budget;

    while (h->next != h) {
        if (budget <= 0 || cpu->eng->now - start > k->budget_ns) {
            sd->time_squeeze++;
            tb_cpu_raise_softirq(cpu, TB_SOFTIRQ_NET_RX);
            return;
        }
        TbNapi *n = h->next;
        int weight = n->weight;
        int work = 0;
        if (n->sched) {
            n->polls++;
            if (n->charge_poll) {
                tb_cpu_cost(cpu, TB_COST_NAPI_POLL, 1);
            }
            n->completed = false;
            work = n->poll(n, weight);
            if (work > weight) {
                work = weight;
            }
        } else {
            /* not scheduled but listed: drop it from the list */
            list_del(n);
            continue;
        }
        budget -= work;
        if (work == weight) {
            /* still scheduled: rotate to the tail */
            if (n->on_list && h->prev != n) {
                list_del(n);
                list_add_tail(k, n);
            }
        } else if (!n->completed && n->on_list) {
            /* the driver did less than its weight but did not complete:
             * Linux leaves such a NAPI stuck; count it and do the same */
            sd->napi_bugs++;
            list_del(n);
        }
    }
}

/* process_backlog: the backlog as a NAPI of dev_weight frames. */
static int process_backlog(TbNapi *n, int quota)
{
    TbSoftnet *sd = n->owner;
    TbKernel *k = sd->sd_k;
    int work = 0;
    while (work < quota) {
        TbSkb *skb = tb_skb_dequeue(&sd->bl_head, &sd->bl_tail);
        if (!skb) {
            n->missed = false;
            napi_done(n);
            return work;
        }
        sd->bl_len--;
        tb_netif_receive_skb(k, skb);
        work++;
    }
    return work;
}

int tb_netif_rx(TbKernel *k, TbSkb *skb)
{
    tb_cpu_cost(k->cpu, TB_COST_NETIF_RX, 1);
    TbSoftnet *sd = k->sd;
    if (sd->bl_len > k->max_backlog) {
        /* Linux 2.4/2.5 netif_rx: an overflow throttles the backlog */
        if (k->netif_rx_throttle && !sd->throttle_on) {
            sd->throttle_on = true;
            sd->throttled++;
        }
        sd->backlog_drops++;
        tb_kfree_skb(k, skb);
        return -1;
    }
    if (sd->throttle_on) {
        /* throttled: drop until process_backlog has emptied the queue,
         * then accept again (2.4 net/core/dev.c netif_rx) */
        if (sd->bl_len) {
            sd->backlog_drops++;
            tb_kfree_skb(k, skb);
            return -1;
        }
        sd->throttle_on = false;
    }
    if (sd->bl_len == 0 && !sd->backlog.sched) {
        tb_napi_schedule(k, &sd->backlog);
    }
    tb_skb_queue_tail(&sd->bl_head, &sd->bl_tail, skb);
    sd->bl_len++;
    return 0;
}

void tb_netif_receive_skb(TbKernel *k, TbSkb *skb)
{
    tb_cpu_cost(k->cpu, TB_COST_NETIF_RECEIVE_SKB, 1);
    k->sd->processed++;
    TbNetdev *in = NULL;
    /* one unsigned compare: a negative in_dev (none) is out of range */
    if ((uint32_t)skb->in_dev < k->ndev) {
        in = k->dev[skb->in_dev];
        in->rx_stack++;
    }
    tb_ip_rcv(k, skb, in);
}

/* Initialise the softnet data @sd of @cpu. */
static void softnet_init(TbKernel *k, TbSoftnet *sd, TbCpu *cpu,
                         int weight)
{
    sd->sd_k = k;
    sd->sd_cpu = cpu;
    sd->poll_list.next = sd->poll_list.prev = &sd->poll_list;
    sd->backlog.poll = process_backlog;
    sd->backlog.owner = sd;
    sd->backlog.weight = weight;
    sd->backlog.charge_poll = true;
    k->sdv[cpu->id] = sd;
    tb_cpu_open_softirq(cpu, TB_SOFTIRQ_NET_RX, net_rx_action, k);
    tb_cpu_open_softirq(cpu, TB_SOFTIRQ_NET_TX, tb_net_tx_action, k);
}

TbKernel *tb_kernel_new(TbCpu *cpu, const TbKernelCfg *cfg)
{
    TbKernel *k = g_new0(TbKernel, 1);
    k->cpu = cpu;
    k->netdev_budget = cfg->netdev_budget ? cfg->netdev_budget : 300;
    k->budget_ns = cfg->netdev_budget_usecs
                   ? (uint64_t)cfg->netdev_budget_usecs * 1000u
                   : 2 * cpu->tick_ns;
    k->max_backlog = cfg->netdev_max_backlog ? cfg->netdev_max_backlog
                                             : 1000;
    k->ip_forward = cfg->ip_forward;
    k->netif_rx_throttle = cfg->netif_rx_throttle != 0;
    k->sd = &k->sd0;
    softnet_init(k, &k->sd0, cpu,
                 cfg->dev_weight ? (int)cfg->dev_weight : 64);
    tb_sink_init(k, cfg->sink_port, cfg->sink_rcvbuf, cfg->sink_read_size);
    return k;
}

int tb_kernel_add_cpu(TbKernel *k, TbCpu *cpu)
{
    if (cpu->id == 0 || cpu->id >= TB_KMAX_CPUS) {
        return -1;
    }
    softnet_init(k, &k->softnet_x[cpu->id - 1], cpu, k->sd0.backlog.weight);
    return 0;
}

void tb_kernel_free(TbKernel *k)
{
    if (!k) {
        return;
    }
    tb_tcp_table_free(k);
    tb_arena_destroy(&k->arena);
    g_free(k);
}
