/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kernel build of the driver core: <stdint.h> is linux/types.h, which
 * defines uint8_t .. uint64_t (the kernel has no libc headers). */
#ifndef E1KLAB_SHIM_STDINT_H
#define E1KLAB_SHIM_STDINT_H
#include <linux/types.h>
#endif
