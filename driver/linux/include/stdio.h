/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kernel build of the driver core: snprintf (the only stdio function the
 * core uses). */
#ifndef E1KLAB_SHIM_STDIO_H
#define E1KLAB_SHIM_STDIO_H
#include <linux/kernel.h>
#endif
