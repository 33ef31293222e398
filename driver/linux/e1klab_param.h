/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab Linux modules: the per-port module parameters, as both modules
 * declare and look them up (e1klab_param.c for e1klab.ko,
 * e1klab_ixgbe_param.c for e1klab_ixgbe.ko).  Intel's array form: the
 * value at index N is port N's, ports numbered in probe order.
 */
#ifndef E1KLAB_LINUX_E1KLAB_PARAM_H
#define E1KLAB_LINUX_E1KLAB_PARAM_H

#include <linux/moduleparam.h>
#include <linux/string.h>

#include "e1klab.h"

/* One per-port unsigned array parameter: the values and how many were
 * given. */
#define E1KLAB_PARAM(X, desc)                                          \
	static unsigned int X[E1KLAB_MAX_NIC];                         \
	static unsigned int num_##X;                                   \
	module_param_array(X, uint, &num_##X, 0444);                   \
	MODULE_PARM_DESC(X, desc)

/** A per-port parameter and the byte offset of the u32 field it sets
 *  in the driver core's parameter struct. */
struct e1klab_opt {
	const char *name;
	const unsigned int *vals;
	const unsigned int *num;
	size_t field;
};

/**
 * The parameter among @opts[0..@n) that a driver core's check message
 * names ("NAME: must be ..."), or NULL if none.
 */
static inline const struct e1klab_opt *
e1klab_opt_named(const struct e1klab_opt *opts, size_t n, const char *msg)
{
	size_t i, len;

	for (i = 0; i < n; i++) {
		len = strlen(opts[i].name);
		if (!strncmp(msg, opts[i].name, len) && msg[len] == ':')
			return &opts[i];
	}
	return NULL;
}

#endif /* E1KLAB_LINUX_E1KLAB_PARAM_H */
