/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The NICs of a host (sim_int.h, nic.h): the port every device model
 * reaches the host through (DMA into the kernel's arena, the IRQ lines of
 * its vectors' CPUs, the engine's clock and a deadline timer, frames
 * leaving on the wire), and the bring-up of NIC and driver at the current
 * time in process context through the NIC's type: device model (link up,
 * autonegotiation shortened), driver probe, IRQ vectors, driver open,
 * dev_open, the driver's watchdog; then the wait until every link is up.
 */
#include <glib.h>
#include <string.h>

#include "sim/link.h"
#include "sim/nic_mmio.h"
#include "sim/sim_int.h"

/** Longest wait for links to come up after init, ns. */
#define TB_LINK_WAIT_NS 100000000ull
/** Step of that wait, ns. */
#define TB_LINK_POLL_NS 100000ull

const TbNicType *tb_nic_type_of(const TbNicCfg *cfg)
{
    /* the 82598EB is a chip value past the e1000 model's (scenario.h) */
    return cfg->chip == TB_CHIP_82598EB ? &tb_nic_82598 : &tb_nic_e1000;
}

/* ---- the port (opaque: the TbNic) ---- */

int tb_nic_dma_read(void *opaque, uint64_t addr, void *buf, uint32_t len)
{
    TbNic *nic = opaque;
    return tb_arena_dma_read(&nic->k->arena, addr, buf, len);
}

int tb_nic_dma_write(void *opaque, uint64_t addr, const void *buf,
                     uint32_t len)
{
    TbNic *nic = opaque;
    return tb_arena_dma_write(&nic->k->arena, addr, buf, len);
}

void tb_nic_dma_window(const TbNic *nic, uint8_t **mem, uint64_t *bus,
                       uint64_t *size)
{
    const TbArena *a = &nic->k->arena;
    *mem = a->mem;
    *bus = a->bus_base;
    *size = a->size;
}

void tb_nic_set_irq(TbNic *nic, uint32_t vec, int level)
{
    const TbNicVec *v = &nic->vec[vec];
    if (vec < nic->nvec && v->line > 0) {
        tb_cpu_set_irq(v->irq_cpu, v->line, level);
    }
}

uint64_t tb_nic_now(void *opaque)
{
    TbNic *nic = opaque;
    return nic->cpu->eng->now;
}

const uint64_t *tb_nic_clock(const TbNic *nic)
{
    return &nic->cpu->eng->now;
}

static void deadline_heap_event(void *ctx, uint64_t arg);

/* A deadline without a fixed timer (the engine had none left): one heap
 * event, replaced when the deadline moves (the same order as a timer:
 * either takes a new sequence number when it moves). */
static __attribute__((noinline)) void set_deadline_heap(TbNic *nic,
                                                        uint64_t d)
{
    TbEngine *e = nic->cpu->eng;
    d = d != E1K_NO_DEADLINE && d < e->now ? e->now : d;
    if (d == nic->dl_time) {
        return;
    }
    tb_engine_cancel(e, nic->dl_event);
    nic->dl_event = 0;
    nic->dl_time = d == E1K_NO_DEADLINE ? TB_NEVER : d;
    if (d != E1K_NO_DEADLINE) {
        nic->dl_event = tb_engine_schedule(e, d, deadline_heap_event, nic,
                                           0);
    }
}

/* The device's deadline lives in one fixed engine timer: moving it costs
 * no heap work and leaves no stale events. */
static void set_deadline(TbNic *nic, uint64_t d)
{
    TbEngine *e = nic->cpu->eng;
    if (__builtin_expect(nic->dl_timer < 0, 0)) {
        set_deadline_heap(nic, d);
    } else if (d == E1K_NO_DEADLINE) {
        tb_engine_timer_cancel(e, nic->dl_timer);
    } else {
        tb_engine_timer_set(e, nic->dl_timer, d);
    }
}

void tb_nic_deadline_changed(void *opaque, uint64_t deadline_ns)
{
    set_deadline(opaque, deadline_ns);
}

/* The device's deadline is due: run it, then re-arm the timer once (the
 * model's run_due returns the next deadline instead of announcing it). */
static void deadline_event(void *ctx, uint64_t arg)
{
    (void)arg;
    TbNic *nic = ctx;
    uint64_t d = nic->run_due(nic->dev, nic->cpu->eng->now);
    /* the engine and its clock read again after the call (the model's
     * callbacks run no engine event, so both are as they were): only
     * @nic is kept across it, in one saved register */
    TbEngine *e = nic->cpu->eng;
    uint64_t now = e->now;
    if (d <= now) {
        d = now + 1;   /* never spin at one instant (now is never
                          E1K_NO_DEADLINE) */
    }
    if (e->ttime[nic->dl_timer] == TB_NEVER && d != E1K_NO_DEADLINE) {
        /* the usual case: the engine disarmed the timer to run this
         * event (the model does not announce from run_due) */
        tb_engine_timer_arm_idle(e, nic->dl_timer, d);
    } else {
        set_deadline(nic, d);
    }
}

/* deadline_event of a NIC whose deadline is a heap event. */
static void deadline_heap_event(void *ctx, uint64_t arg)
{
    (void)arg;
    TbNic *nic = ctx;
    nic->dl_event = 0;   /* this one runs: none pending (as a timer the
                            engine disarmed to run it) */
    nic->dl_time = TB_NEVER;
    uint64_t d = nic->run_due(nic->dev, nic->cpu->eng->now);
    uint64_t now = nic->cpu->eng->now;
    set_deadline_heap(nic, d <= now ? now + 1 : d);
}

/* A frame that left NIC @nic's wire goes to the run's observer (tx_fn)
 * and onto the link behind the NIC, where either is set.  Out of line:
 * tb_nic_tx_frame, without them, then keeps no registers. */
static __attribute__((noinline)) void tx_out(TbNic *nic,
                                             const uint8_t *frame,
                                             uint32_t len)
{
    TbSim *sim = nic->sim;
    if (sim->tx_fn) {
        sim->tx_fn(sim->tx_ctx, nic->host->index, nic->index,
                   nic->cpu->eng->now, frame, len);
    }
    if (nic->link) {
        tb_link_tx(nic->link, nic->link_end, frame, len);
    }
}

void tb_nic_tx_frame(void *opaque, const uint8_t *frame, uint32_t len)
{
    TbNic *nic = opaque;
    const TbSim *sim = nic->sim;
    nic->wire_tx_frames++;
    nic->wire_tx_bytes += len + 4u;
    if (sim->tx_fn || nic->link) {
        tx_out(nic, frame, len);
    }
}

/* ---- register access of a NIC of a type other than the e1000's ---- */

__attribute__((noinline, cold))
uint32_t tb_nic_readl_table(const TbNic *n, uint32_t off)
{
    return n->type->readl(n->dev, off);
}

__attribute__((noinline, cold))
void tb_nic_writel_table(const TbNic *n, uint32_t off, uint32_t val)
{
    n->type->writel(n->dev, off, val);
}

/* ---- bring-up ---- */

static char *nic_err(const TbNicCfg *n, const char *what, TbKernel *k)
{
    const char *last = k ? tb_klog_line(k, 0) : NULL;
    return g_strdup_printf("%s: %s%s%s", n->name, what,
                           last ? ": " : "", last ? last : "");
}

/* The driver's watchdog timer: run it, re-arm it a period later. */
static void drv_watchdog(TbCpu *cpu, void *ctx)
{
    TbNic *nic = ctx;
    nic->type->watchdog(nic->drv);
    tb_cpu_mod_timer(cpu, &nic->drv_watchdog,
                     cpu->jiffies + nic->type->watchdog_s * (uint64_t)cpu->hz);
}

static void start_watchdog(TbNic *nic)
{
    TbCpu *c = nic->cpu;
    nic->drv_watchdog.fn = drv_watchdog;
    nic->drv_watchdog.ctx = nic;
    tb_cpu_mod_timer(c, &nic->drv_watchdog,
                     c->jiffies + nic->type->watchdog_s * (uint64_t)c->hz);
}

/* The NIC's glue and net_device (NAPI with the driver's weight, the
 * type's entry points), registered with the kernel.  0 or -1. */
static int glue_init(TbHost *h, TbNic *nic, uint32_t i, const TbNicCfg *n)
{
    const TbNicType *t = nic->type;
    nic->index = (int)i;
    nic->host = h;
    nic->sim = h->sim;
    nic->k = h->k;
    nic->cpu = h->k->cpu;
    nic->run_due = t->run_due;
    nic->readl_ns = t->read_stall_ns(n);
    nic->trace_out = h->sim->trace_out;
    nic->dl_time = TB_NEVER;
    g_snprintf(nic->log_name, sizeof(nic->log_name), "%s%s%s", h->name,
               *h->name ? "." : "", n->name);
    for (uint32_t v = 0; v < TB_NIC_MAX_VECTORS; v++) {
        nic->vec[v] = (TbNicVec){.nic = nic, .index = v, .line = -1,
                                 .irq = n->irq + v};
    }
    g_strlcpy(nic->nd.name, n->name, sizeof(nic->nd.name));
    nic->nd.priv = nic;
    nic->nd.xmit = t->ndo_start_xmit;
    nic->nd.tx_timeout = t->ndo_tx_timeout;
    nic->nd.txqueuelen = n->txqueuelen;
    nic->nd.napi.poll = t->napi_poll;
    nic->nd.napi.owner = nic;
    nic->nd.napi.weight = n->drv.weight ? (int)n->drv.weight : 64;
    memcpy(nic->nd.peer_mac, n->peer_mac, 6);
    nic->nd.ip = n->ip;
    nic->nd.features_tso = n->drv.TSO != 0;
    nic->nd.features_csum = n->drv.XsumTX != 0;
    return tb_netdev_register(h->k, &nic->nd);
}

/* IRQ affinity: vector v goes to CPU irq_cpus[v mod nirq_cpus] (the
 * 82598EB's irq_affinity), else to nic.NAME.cpu, or by default to CPU
 * (NIC index + v) modulo host.cpus (before host ready only CPU 0 runs:
 * the others take their pending lines then).  Each line's level starts
 * as the device's.  0, or -1 if a CPU has no free line. */
static int request_irqs(TbHost *h, TbNic *nic, const TbNicCfg *n)
{
    nic->nvec = nic->type->vectors(n);
    for (uint32_t v = 0; v < nic->nvec; v++) {
        TbNicVec *vec = &nic->vec[v];
        uint32_t cpu = n->nirq_cpus ? n->irq_cpus[v % n->nirq_cpus]
                       : n->cpu_plus1 ? n->cpu_plus1 - 1
                                      : ((uint32_t)nic->index + v) % h->ncpus;
        vec->irq_cpu = h->cpus[cpu];
        vec->line = tb_cpu_request_irq(vec->irq_cpu, nic->type->irq_handler,
                                       vec);
        if (vec->line < 0) {
            return -1;
        }
        tb_cpu_set_irq(vec->irq_cpu, vec->line,
                       nic->type->irq_level(nic->dev, v));
    }
    return 0;
}

/* The driver's bring-up of @nic: probe, the station address, MTU and
 * promiscuous mode (ip link set, before it is up), IRQ vectors, open,
 * dev_open, the watchdog.  0, or -1 and *err. */
static int driver_up(TbHost *h, TbNic *nic, const TbNicCfg *n, char **err)
{
    const TbNicType *t = nic->type;
    nic->drv = t->probe(nic, n);
    if (!nic->drv) {
        *err = nic_err(n, "driver probe failed", h->k);
        return -1;
    }
    memcpy(nic->nd.mac, t->mac(nic->drv), 6);
    nic->nd.mtu = n->mtu ? n->mtu : 1500u;
    if (t->change_mtu(nic->drv, nic->nd.mtu) < 0) {
        *err = nic_err(n, "MTU out of range", NULL);
        return -1;
    }
    t->set_promisc(nic->drv, n->promisc != 0);
    if (request_irqs(h, nic, n)) {
        *err = nic_err(n, "no free interrupt line", NULL);
        return -1;
    }
    if (t->open(nic->drv)) {
        *err = nic_err(n, "driver open failed", h->k);
        return -1;
    }
    tb_netdev_open(h->k, &nic->nd);
    start_watchdog(nic);
    return 0;
}

/* NIC @i: glue, device model, driver. */
static int add_nic(TbHost *h, uint32_t i, char **err)
{
    const TbNicCfg *n = &h->sc->nic[i];
    const TbNicType *t = tb_nic_type_of(n);
    TbNic *nic = g_malloc0(t->nic_size);

    nic->type = t;
    h->nic[i] = nic;
    h->nnics = i + 1;
    if (glue_init(h, nic, i, n)) {
        *err = nic_err(n, "cannot register", NULL);
        return -1;
    }
    nic->dl_timer = tb_engine_timer_new(h->eng, deadline_event, nic, 0);
    nic->dev = t->create(nic, n);
    if (!nic->dev) {
        *err = nic_err(n, "device model rejected the configuration", NULL);
        return -1;
    }
    set_deadline(nic, t->next_deadline(nic->dev));
    return driver_up(h, nic, n, err);
}

int tb_host_add_nics(TbHost *h, char **err)
{
    tb_cpu_start(h->cpu);
    h->cpu->ctx = TB_CTX_PROCESS;
    for (uint32_t i = 0; i < h->sc->nnics; i++) {
        if (add_nic(h, i, err)) {
            return -1;
        }
    }
    h->cpu->ctx = TB_CTX_IDLE;
    return 0;
}

/* A NIC's injected DMA stall is due (arg: E1K_FAULT_* directions). */
static void fault_event(void *ctx, uint64_t arg)
{
    TbNic *nic = ctx;
    nic->type->fault_stall(nic->dev, (unsigned)arg);
}

/* Schedule direction @dir of NIC @i's fault at @at_ns after the epoch
 * (0: none).  0, or -1 with *err when its type has no fault injection. */
static int arm_fault(TbHost *h, uint32_t i, uint64_t at_ns, unsigned dir,
                     char **err)
{
    TbNic *nic = h->nic[i];
    if (!at_ns) {
        return 0;
    }
    if (!nic->type->fault_stall) {
        *err = g_strdup_printf("%s: fault injection is not supported by "
                               "the %s NIC type", h->sc->nic[i].name,
                               nic->type->name);
        return -1;
    }
    tb_engine_schedule(h->eng, h->epoch + at_ns, fault_event, nic, dir);
    return 0;
}

int tb_host_arm_faults(TbHost *h, char **err)
{
    for (uint32_t i = 0; i < h->nnics; i++) {
        const TbNicCfg *n = &h->sc->nic[i];
        if (arm_fault(h, i, n->fault_tx_stall_ns, E1K_FAULT_TX, err) < 0 ||
            arm_fault(h, i, n->fault_rx_stall_ns, E1K_FAULT_RX, err) < 0) {
            return -1;
        }
    }
    return 0;
}

static bool all_links_up(const TbHost *h)
{
    for (uint32_t i = 0; i < h->nnics; i++) {
        if (!h->nic[i]->type->link_up(h->nic[i]->dev)) {
            return false;
        }
    }
    return true;
}

void tb_host_wait_for_links(TbHost *h)
{
    uint64_t limit = h->eng->now + TB_LINK_WAIT_NS;
    while (h->eng->now < limit && !all_links_up(h)) {
        tb_cpu_run(h->cpu, h->eng->now + TB_LINK_POLL_NS);
    }
}

void tb_host_remove_drivers(TbHost *h)
{
    if (h->cpu) {
        /* teardown must not take interrupts any more */
        h->cpu->irq_off = 1;
        h->cpu->ctx = TB_CTX_PROCESS;
        tb_host_switch(h, h->cpu);
    }
    for (uint32_t i = 0; i < h->nnics; i++) {
        TbNic *nic = h->nic[i];
        if (nic->drv) {
            nic->type->remove(nic->drv);
            nic->drv = NULL;
        }
    }
}

void tb_host_free_nics(TbHost *h)
{
    for (uint32_t i = 0; i < h->nnics; i++) {
        TbNic *nic = h->nic[i];
        if (nic->drv) {
            nic->type->remove(nic->drv);
        }
        if (nic->dev) {
            nic->type->destroy(nic->dev);
        }
        g_free(nic);
    }
    h->nnics = 0;
}
