/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kernel build of the driver core: size_t, NULL and offsetof. */
#ifndef E1KLAB_SHIM_STDDEF_H
#define E1KLAB_SHIM_STDDEF_H
#include <linux/stddef.h>
#include <linux/types.h>
#endif
