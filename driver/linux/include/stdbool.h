/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kernel build of the driver core: bool, true and false come from
 * linux/types.h and linux/stddef.h. */
#ifndef E1KLAB_SHIM_STDBOOL_H
#define E1KLAB_SHIM_STDBOOL_H
#include <linux/stddef.h>
#include <linux/types.h>
#endif
