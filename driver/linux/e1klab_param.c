// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Module parameters: the Intel e1000 names in per-port array form
 * (`InterruptThrottleRate=8000,4000` gives port 0 8000 and port 1 4000;
 * ports are numbered in probe order) plus `mode`, the interrupt/poll
 * policy by its testbench name.  A port with no value gets the driver
 * core's default (e1k_drv_params_default); every value is validated by
 * e1k_drv_params_check, and a bad one fails that port's probe with one
 * line naming the parameter, the value and the range (docs/linux-module.md
 * "Parameters").  Where the Intel driver logs "Invalid ... value
 * specified (X), using default", e1klab refuses: a setting given is never
 * silently replaced.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/stddef.h>

#include "e1klab.h"

/* One per-port unsigned array parameter: the values and how many were
 * given. */
#define E1KLAB_PARAM(X, desc)                                          \
	static unsigned int X[E1KLAB_MAX_NIC];                         \
	static unsigned int num_##X;                                   \
	module_param_array(X, uint, &num_##X, 0444);                   \
	MODULE_PARM_DESC(X, desc)

E1KLAB_PARAM(TxDescriptors, "Number of transmit descriptors, multiple of 8 (e1000: 80-4096, default 256; 82598EB: 64-4096 per queue, default 512)");
E1KLAB_PARAM(RxDescriptors, "Number of receive descriptors, multiple of 8 (e1000: 80-4096, default 256; 82598EB: 64-4096 per queue, default 512)");
E1KLAB_PARAM(FlowControl, "Flow control: 0 none, 1 rx pause, 2 tx pause, 3 full (default 3)");
E1KLAB_PARAM(XsumRX, "Receive checksum offload: 0 off, 1 on (default 1)");
E1KLAB_PARAM(TxIntDelay, "Transmit interrupt delay TIDV, 1.024 us units (0-65535; default 8)");
E1KLAB_PARAM(TxAbsIntDelay, "Transmit absolute interrupt delay TADV, 1.024 us units (0-65535; default 32)");
E1KLAB_PARAM(RxIntDelay, "Receive interrupt delay RDTR, 1.024 us units (0-65535; default 0)");
E1KLAB_PARAM(RxAbsIntDelay, "Receive absolute interrupt delay RADV, 1.024 us units (0-65535; default 8)");
E1KLAB_PARAM(InterruptThrottleRate, "Interrupt throttling: 0 off, 1 dynamic, 3 dynamic conservative, 4 simplified (e1000), 100-100000 interrupts/s (default 3) on e1000; 956-488281 per vector (default 1) on 82598EB");

/* 82598EB ports only (e1klab_ixg_params_get; refused for an e1000 port) */
E1KLAB_PARAM(queues, "82598EB: RSS queue pairs, one MSI-X vector each (1-16; default 1)");
E1KLAB_PARAM(XsumTX, "82598EB: transmit checksum offload: 0 off, 1 on (default 0)");
E1KLAB_PARAM(TSO, "82598EB: TCP segmentation offload: 0 off, 1 on, needs XsumTX (default 0)");
E1KLAB_PARAM(LRO, "82598EB: software large receive offload: 0 off, 1 on, NAPI modes, needs XsumRX (default 0)");
E1KLAB_PARAM(udp_rss, "82598EB: RSS hashes UDP ports too: 0 off, 1 on (default 0)");

static char *mode[E1KLAB_MAX_NIC];
static unsigned int num_mode;
module_param_array(mode, charp, &num_mode, 0444);
MODULE_PARM_DESC(mode, "Interrupt/poll policy: legacy, napi-twist, napi, napi-dynitr (default napi)");

static unsigned int copybreak = 256;
module_param(copybreak, uint, 0444);
MODULE_PARM_DESC(copybreak, "Copy received frames of at most this many bytes into a new buffer (default 256)");

/** A per-port parameter and the struct e1k_drv_params field it sets. */
struct e1klab_opt {
	const char *name;
	const unsigned int *vals;
	const unsigned int *num;
	size_t field;
};

#define OPT(X) { #X, X, &num_##X, offsetof(struct e1k_drv_params, X) }

static const struct e1klab_opt opts[] = {
	OPT(TxDescriptors), OPT(RxDescriptors), OPT(FlowControl),
	OPT(XsumRX), OPT(TxIntDelay), OPT(TxAbsIntDelay), OPT(RxIntDelay),
	OPT(RxAbsIntDelay), OPT(InterruptThrottleRate),
};

/* The value of the parameter a core message names ("NAME: must be ..."),
 * or NULL if it is not a per-port one. */
static const struct e1klab_opt *opt_named(const char *msg)
{
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(opts); i++) {
		n = strlen(opts[i].name);
		if (!strncmp(msg, opts[i].name, n) && msg[n] == ':')
			return &opts[i];
	}
	return NULL;
}

int e1klab_params_get(struct device *dev, int port, struct e1k_drv_params *p)
{
	const struct e1klab_opt *o;
	const char *err;
	size_t i;

	e1k_drv_params_default(p);
	if (port < (int)num_mode && mode[port]) {
		int m = e1k_drv_mode_parse(mode[port]);

		if (m < 0) {
			dev_err(dev, "Invalid mode value specified (%s) for port %d: must be legacy, napi-twist, napi or napi-dynitr\n",
				mode[port], port);
			return -EINVAL;
		}
		p->mode = (enum e1k_drv_mode)m;
	}
	for (i = 0; i < ARRAY_SIZE(opts); i++) {
		o = &opts[i];
		if (port < (int)*o->num)
			*(uint32_t *)((u8 *)p + o->field) = o->vals[port];
	}
	p->copybreak = copybreak;

	err = e1k_drv_params_check(p);
	if (!err)
		return 0;
	o = opt_named(err);
	if (o)
		dev_err(dev, "Invalid %s value specified (%u) for port %d: %s\n",
			o->name, o->vals[port], port, err + strlen(o->name) + 2);
	else
		dev_err(dev, "Invalid module parameter for port %d: %s\n",
			port, err);
	return -EINVAL;
}

/* ---- 82598EB ports ---- */

#define IXG_OPT(X) { #X, X, &num_##X, offsetof(struct ixg_drv_params, X) }

/* The parameters an 82598EB port takes, and those only it takes. */
static const struct e1klab_opt ixg_opts[] = {
	IXG_OPT(TxDescriptors), IXG_OPT(RxDescriptors),
	IXG_OPT(InterruptThrottleRate), IXG_OPT(XsumRX), IXG_OPT(XsumTX),
	IXG_OPT(TSO), IXG_OPT(LRO), IXG_OPT(udp_rss), IXG_OPT(queues),
};
#define IXG_ONLY_FIRST 4   /* ixg_opts[4..]: not e1000 parameters */

/* The e1000 parameters an 82598EB port does not take. */
static const struct e1klab_opt *const e1000_only[] = {
	&opts[2], &opts[4], &opts[5], &opts[6], &opts[7],
};

/* -EINVAL (logged) if @o was given for port @port, which is a @chip. */
static int refuse_given(struct device *dev, int port,
			const struct e1klab_opt *o, const char *chip)
{
	if (port >= (int)*o->num)
		return 0;
	dev_err(dev, "Invalid %s value specified (%u) for port %d: the port is an %s, which has no such parameter\n",
		o->name, o->vals[port], port, chip);
	return -EINVAL;
}

int e1klab_params_e1000_only(struct device *dev, int port)
{
	size_t i;

	for (i = IXG_ONLY_FIRST; i < ARRAY_SIZE(ixg_opts); i++)
		if (refuse_given(dev, port, &ixg_opts[i], "e1000"))
			return -EINVAL;
	return 0;
}

/* The checked message's parameter among ixg_opts, or NULL. */
static const struct e1klab_opt *ixg_opt_named(const char *msg)
{
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(ixg_opts); i++) {
		n = strlen(ixg_opts[i].name);
		if (!strncmp(msg, ixg_opts[i].name, n) && msg[n] == ':')
			return &ixg_opts[i];
	}
	return NULL;
}

int e1klab_ixg_params_get(struct device *dev, int port,
			  struct ixg_drv_params *p)
{
	const struct e1klab_opt *o;
	const char *err;
	size_t i;

	ixg_drv_params_default(p);
	for (i = 0; i < ARRAY_SIZE(e1000_only); i++)
		if (refuse_given(dev, port, e1000_only[i], "82598EB"))
			return -EINVAL;
	if (port < (int)num_mode && mode[port]) {
		int m = e1k_drv_mode_parse(mode[port]);

		if (m < 0) {
			dev_err(dev, "Invalid mode value specified (%s) for port %d: must be legacy, napi-twist, napi or napi-dynitr\n",
				mode[port], port);
			return -EINVAL;
		}
		p->mode = (enum e1k_drv_mode)m;
	}
	for (i = 0; i < ARRAY_SIZE(ixg_opts); i++) {
		o = &ixg_opts[i];
		if (port < (int)*o->num)
			*(uint32_t *)((u8 *)p + o->field) = o->vals[port];
	}
	err = ixg_drv_params_check(p);
	if (!err)
		return 0;
	o = ixg_opt_named(err);
	if (o && port < (int)*o->num)
		dev_err(dev, "Invalid %s value specified (%u) for port %d: %s\n",
			o->name, o->vals[port], port, err + strlen(o->name) + 2);
	else
		dev_err(dev, "Invalid module parameter for port %d: %s\n",
			port, err);
	return -EINVAL;
}
