// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * e1klab_ixgbe.ko's copy of the Linux OS layer: osdep_linux.c compiled
 * again, with E1KLAB_IXGBE defined (Kbuild), for the 82598EB core.  Kbuild
 * gives an object file to one module only, hence this second object.
 */
#include "osdep_linux.c"
