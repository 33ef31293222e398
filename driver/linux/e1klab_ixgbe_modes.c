// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * e1klab_ixgbe.ko's copy of the policy names both driver cores use
 * (e1k_drv_mode_parse, e1k_drv_mode_name in driver/e1000_param.c): the
 * 82598EB core takes the e1000 core's four modes.  A second object of
 * the same source because Kbuild gives an object file to one module only.
 */
#include "e1000_param.c"
