// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * e1klab_ixgbe.ko's module parameters: the 82598EB driver core's, in
 * Intel's per-port array form (`queues=4,1` gives port 0 four RSS queue
 * pairs and port 1 one; ports numbered in probe order), plus `mode`, the
 * interrupt/poll policy by its testbench name.  A port with no value gets
 * the core's default (ixg_drv_params_default); every value is validated
 * by ixg_drv_params_check, and a bad one fails that port's probe with one
 * line naming the parameter, the value and the range
 * (docs/linux-module.md "The 82598EB ports").
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/stddef.h>

#include "e1klab_ixgbe.h"
#include "e1klab_param.h"

E1KLAB_PARAM(TxDescriptors, "Transmit descriptors per queue (64-4096, multiple of 8; default 512)");
E1KLAB_PARAM(RxDescriptors, "Receive descriptors per queue (64-4096, multiple of 8; default 512)");
E1KLAB_PARAM(InterruptThrottleRate, "Interrupts/s per vector (EITR): 0 off, 1 dynamic, 3 dynamic conservative, 956-488281 (default 1)");
E1KLAB_PARAM(XsumRX, "Receive checksum offload: 0 off, 1 on (default 1)");
E1KLAB_PARAM(XsumTX, "Transmit checksum offload: 0 off, 1 on (default 0)");
E1KLAB_PARAM(TSO, "TCP segmentation offload: 0 off, 1 on, needs XsumTX (default 0)");
E1KLAB_PARAM(LRO, "Software large receive offload: 0 off, 1 on, NAPI modes, needs XsumRX (default 0)");
E1KLAB_PARAM(udp_rss, "RSS hashes UDP ports too: 0 off, 1 on (default 0)");
E1KLAB_PARAM(queues, "RSS queue pairs, one MSI-X vector each (1-16; default 1)");

static char *mode[E1KLAB_MAX_NIC];
static unsigned int num_mode;
module_param_array(mode, charp, &num_mode, 0444);
MODULE_PARM_DESC(mode, "Interrupt/poll policy: legacy, napi-twist, napi, napi-dynitr (default napi)");

#define IXG_OPT(X) { #X, X, &num_##X, offsetof(struct ixg_drv_params, X) }

static const struct e1klab_opt ixg_opts[] = {
	IXG_OPT(TxDescriptors), IXG_OPT(RxDescriptors),
	IXG_OPT(InterruptThrottleRate), IXG_OPT(XsumRX), IXG_OPT(XsumTX),
	IXG_OPT(TSO), IXG_OPT(LRO), IXG_OPT(udp_rss), IXG_OPT(queues),
};

int e1klab_ixg_params_get(struct device *dev, int port,
			  struct ixg_drv_params *p)
{
	const struct e1klab_opt *o;
	const char *err;
	size_t i;

	ixg_drv_params_default(p);
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
	o = e1klab_opt_named(ixg_opts, ARRAY_SIZE(ixg_opts), err);
	if (o && port < (int)*o->num)
		dev_err(dev, "Invalid %s value specified (%u) for port %d: %s\n",
			o->name, o->vals[port], port, err + strlen(o->name) + 2);
	else
		dev_err(dev, "Invalid module parameter for port %d: %s\n",
			port, err);
	return -EINVAL;
}
