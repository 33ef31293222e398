/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The NICs of a run (sim_int.h): the E1kPort adapter that connects each
 * device-model instance to the host (DMA into the kernel's arena, the IRQ
 * line of its CPU, the engine's clock and a fixed deadline timer, frames
 * leaving on the wire), and the bring-up of NIC and driver at time 0 in
 * process context: e1k_new (link up, autonegotiation shortened to
 * TB_AUTONEG_NS), e1k_drv_probe, IRQ line, e1k_drv_open, dev_open, driver
 * watchdog (2 s); then the wait until every link is up.
 */
#include <glib.h>
#include <string.h>

#include "sim/link.h"
#include "sim/sim_int.h"
#include "sim/trace.h"
#include "e1000_regs.h"

/** Autonegotiation time given to the device model, ns (real PHYs take
 *  0.5-3 s; shortened so runs need not simulate idle seconds). */
#define TB_AUTONEG_NS 1000000ull
/** Longest wait for links to come up after init, ns. */
#define TB_LINK_WAIT_NS 100000000ull
/** Step of that wait, ns. */
#define TB_LINK_POLL_NS 100000ull

/* ---- the device port (E1kPort callbacks, opaque = struct e1k_os) ---- */

static int port_dma_read(void *opaque, uint64_t addr, void *buf, uint32_t len)
{
    struct e1k_os *os = opaque;
    return tb_arena_dma_read(&os->k->arena, addr, buf, len);
}

static int port_dma_write(void *opaque, uint64_t addr, const void *buf,
                          uint32_t len)
{
    struct e1k_os *os = opaque;
    return tb_arena_dma_write(&os->k->arena, addr, buf, len);
}

static void port_set_irq(void *opaque, int level)
{
    struct e1k_os *os = opaque;
    if (os->line > 0) {
        tb_cpu_set_irq(os->irq_cpu, os->line, level);
    }
}

static uint64_t port_now(void *opaque)
{
    struct e1k_os *os = opaque;
    return os->cpu->eng->now;
}

/* The NIC's deadline lives in one fixed engine timer: moving it costs no
 * heap work and leaves no stale events. */
static void set_deadline(struct e1k_os *os, uint64_t d)
{
    TbEngine *e = os->cpu->eng;
    if (d == E1K_NO_DEADLINE) {
        tb_engine_timer_cancel(e, os->dl_timer);
    } else {
        tb_engine_timer_set(e, os->dl_timer, d);
    }
}

static void port_deadline_changed(void *opaque, uint64_t deadline_ns)
{
    set_deadline(opaque, deadline_ns);
}

/* The device's deadline is due: run it, then re-arm the timer once
 * (e1k_run_due returns the next deadline instead of announcing it). */
static void deadline_event(void *ctx, uint64_t arg)
{
    (void)arg;
    struct e1k_os *os = ctx;
    uint64_t d = e1k_run_due(os->hw, os->cpu->eng->now);
    /* the engine and its clock read again after the call (the model's
     * callbacks run no engine event, so both are as they were): only
     * @os is kept across it, in one saved register */
    TbEngine *e = os->cpu->eng;
    uint64_t now = e->now;
    if (d <= now) {
        d = now + 1;   /* never spin at one instant (now is never
                          E1K_NO_DEADLINE) */
    }
    if (e->ttime[os->dl_timer] == TB_NEVER && d != E1K_NO_DEADLINE) {
        /* the usual case: the engine disarmed the timer to run this
         * event (the model does not announce from e1k_run_due) */
        tb_engine_timer_arm_idle(e, os->dl_timer, d);
    } else {
        set_deadline(os, d);
    }
}

/* A frame that left NIC @os's wire goes to the run's observer (tx_fn)
 * and onto the link behind the NIC, where either is set.  Out of line:
 * port_tx_frame, without them, then keeps no registers. */
static __attribute__((noinline)) void port_tx_out(struct e1k_os *os,
                                                  const uint8_t *frame,
                                                  uint32_t len)
{
    TbSim *sim = os->sim;
    if (sim->tx_fn) {
        sim->tx_fn(sim->tx_ctx, os->nic, os->cpu->eng->now, frame, len);
    }
    if (os->link) {
        tb_link_tx(os->link, os->link_end, frame, len);
    }
}

static void port_tx_frame(void *opaque, const uint8_t *frame, uint32_t len)
{
    struct e1k_os *os = opaque;
    const TbSim *sim = os->sim;
    os->wire_tx_frames++;
    os->wire_tx_bytes += len + 4u;
    if (sim->tx_fn || os->link) {
        port_tx_out(os, frame, len);
    }
}

/* ---- bring-up ---- */

static char *nic_err(const TbNicCfg *n, const char *what, TbKernel *k)
{
    const char *last = k ? tb_klog_line(k, 0) : NULL;
    return g_strdup_printf("%s: %s%s%s", n->name, what,
                           last ? ": " : "", last ? last : "");
}

/* The device model instance of NIC @n behind the glue @os. */
static E1kDev *new_device(struct e1k_os *os, const TbNicCfg *n)
{
    E1kConfig cfg;
    e1k_config_default(&cfg);
    cfg.chip = n->chip;
    memcpy(cfg.mac, n->mac, 6);
    cfg.bus = n->bus;
    cfg.link_mbps = n->link_mbps;
    cfg.partner_modes = n->partner_modes;
    cfg.partner_autoneg = n->partner_autoneg;
    cfg.link_up = 1;
    cfg.autoneg_ns = TB_AUTONEG_NS;
    const TbArena *a = &os->k->arena;
    /* The arena is the host's whole DMA target and nothing runs beside
     * the model: the model copies in and out of it itself (the callbacks
     * still take what lies outside: the faults), and reads the engine's
     * clock, which every CPU of the host shares, without a call. */
    E1kPort port = {
        .opaque = os,
        .dma_read = port_dma_read,
        .dma_write = port_dma_write,
        .set_irq = port_set_irq,
        .now_ns = port_now,
        .deadline_changed = port_deadline_changed,
        .tx_frame = port_tx_frame,
        .trace = os->trace_out ? tb_os_trace : NULL,
        .dma_mem = a->mem,
        .dma_base = a->bus_base,
        .dma_size = a->size,
        .now_var = &os->cpu->eng->now,
    };
    return e1k_new(&cfg, &port);
}

/* IRQ affinity: one CPU takes the line (before host ready, only CPU 0
 * runs: the others take their pending lines then).  The line's level
 * starts as the device's.  0, or -1 if the CPU has no free line. */
static int request_irq(TbSim *sim, struct e1k_os *os, const TbNicCfg *n)
{
    uint32_t cpu = n->cpu_plus1 ? n->cpu_plus1 - 1
                                : (uint32_t)os->nic % sim->ncpus;
    os->irq_cpu = sim->cpus[cpu];
    os->line = tb_cpu_request_irq(os->irq_cpu, tb_os_irq, os);
    if (os->line < 0) {
        return -1;
    }
    tb_cpu_set_irq(os->irq_cpu, os->line, e1k_irq_level(os->hw));
    return 0;
}

/* NIC @i: glue, device model, driver probe, IRQ line, driver open. */
static int add_nic(TbSim *sim, uint32_t i, char **err)
{
    const TbNicCfg *n = &sim->sc.nic[i];
    struct e1k_os *os = &sim->os[i];
    os->sim = sim;
    os->nic = (int)i;
    if (tb_os_init(os, sim->k, n->name, n->drv.weight, n->txqueuelen)) {
        *err = nic_err(n, "cannot register", NULL);
        return -1;
    }
    memcpy(os->nd.peer_mac, n->peer_mac, 6);
    os->nd.ip = n->ip;
    os->nd.features_tso = n->drv.TSO != 0;
    os->nd.features_csum = n->drv.XsumTX != 0;
    os->irq = n->irq;
    os->readl_ns = e1k_bus_read_stall_ns(&n->bus);
    os->dl_timer = tb_engine_timer_new(sim->eng, deadline_event, os, 0);
    os->trace_out = sim->trace_out;
    os->hw = new_device(os, n);
    if (!os->hw) {
        *err = nic_err(n, "device model rejected the configuration", NULL);
        return -1;
    }
    set_deadline(os, e1k_next_deadline(os->hw));
    os->ad = e1k_drv_probe(os, &n->drv);
    if (!os->ad) {
        *err = nic_err(n, "driver probe failed", sim->k);
        return -1;
    }
    memcpy(os->nd.mac, e1k_drv_mac(os->ad), 6);
    /* ip link set dev NAME mtu N promisc on|off, before it is up */
    os->nd.mtu = n->mtu ? n->mtu : 1500u;
    if (e1k_drv_change_mtu(os->ad, os->nd.mtu) < 0) {
        *err = nic_err(n, "MTU out of range", NULL);
        return -1;
    }
    e1k_drv_set_promisc(os->ad, n->promisc != 0);
    if (request_irq(sim, os, n)) {
        *err = nic_err(n, "no free interrupt line", NULL);
        return -1;
    }
    if (e1k_drv_open(os->ad)) {
        *err = nic_err(n, "driver open failed", sim->k);
        return -1;
    }
    tb_netdev_open(sim->k, &os->nd);
    tb_os_start_watchdog(os);
    return 0;
}

int tb_sim_add_nics(TbSim *sim, char **err)
{
    tb_cpu_start(sim->cpu);
    sim->cpu->ctx = TB_CTX_PROCESS;
    for (uint32_t i = 0; i < sim->sc.nnics; i++) {
        if (add_nic(sim, i, err)) {
            return -1;
        }
    }
    sim->nnics = sim->sc.nnics;
    sim->cpu->ctx = TB_CTX_IDLE;
    return 0;
}

static bool all_links_up(const TbSim *sim)
{
    for (uint32_t i = 0; i < sim->nnics; i++) {
        if (!(e1k_peek_reg(sim->os[i].hw, E1K_STATUS) & E1K_STATUS_LU)) {
            return false;
        }
    }
    return true;
}

void tb_sim_wait_for_links(TbSim *sim)
{
    uint64_t limit = sim->eng->now + TB_LINK_WAIT_NS;
    while (sim->eng->now < limit && !all_links_up(sim)) {
        tb_cpu_run(sim->cpu, sim->eng->now + TB_LINK_POLL_NS);
    }
}
