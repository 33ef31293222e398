/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kernel build of the driver core: memset, memcmp, strcmp. */
#ifndef E1KLAB_SHIM_STRING_H
#define E1KLAB_SHIM_STRING_H
#include <linux/string.h>
#endif
