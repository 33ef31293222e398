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
#include "e1klab_param.h"

E1KLAB_PARAM(TxDescriptors, "Number of transmit descriptors (80-4096, multiple of 8; default 256)");
E1KLAB_PARAM(RxDescriptors, "Number of receive descriptors (80-4096, multiple of 8; default 256)");
E1KLAB_PARAM(FlowControl, "Flow control: 0 none, 1 rx pause, 2 tx pause, 3 full (default 3)");
E1KLAB_PARAM(XsumRX, "Receive checksum offload: 0 off, 1 on (default 1)");
E1KLAB_PARAM(TxIntDelay, "Transmit interrupt delay TIDV, 1.024 us units (0-65535; default 8)");
E1KLAB_PARAM(TxAbsIntDelay, "Transmit absolute interrupt delay TADV, 1.024 us units (0-65535; default 32)");
E1KLAB_PARAM(RxIntDelay, "Receive interrupt delay RDTR, 1.024 us units (0-65535; default 0)");
E1KLAB_PARAM(RxAbsIntDelay, "Receive absolute interrupt delay RADV, 1.024 us units (0-65535; default 8)");
E1KLAB_PARAM(InterruptThrottleRate, "Interrupt throttling: 0 off, 1 dynamic, 3 dynamic conservative, 4 simplified, 100-100000 interrupts/s (default 3)");

static char *mode[E1KLAB_MAX_NIC];
static unsigned int num_mode;
module_param_array(mode, charp, &num_mode, 0444);
MODULE_PARM_DESC(mode, "Interrupt/poll policy: legacy, napi-twist, napi, napi-dynitr (default napi)");

static unsigned int copybreak = 256;
module_param(copybreak, uint, 0444);
MODULE_PARM_DESC(copybreak, "Copy received frames of at most this many bytes into a new buffer (default 256)");

#define OPT(X) { #X, X, &num_##X, offsetof(struct e1k_drv_params, X) }

static const struct e1klab_opt opts[] = {
	OPT(TxDescriptors), OPT(RxDescriptors), OPT(FlowControl),
	OPT(XsumRX), OPT(TxIntDelay), OPT(TxAbsIntDelay), OPT(RxIntDelay),
	OPT(RxAbsIntDelay), OPT(InterruptThrottleRate),
};

/* The value of the parameter a core message names ("NAME: must be ..."),
 * or NULL if it is not a per-port one.  (e1klab_opt_named's loop, kept
 * written out here: the inline's code differs, and e1klab.ko stays the
 * module it was, e1klab.h.) */
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
