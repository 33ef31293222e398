/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Transmit path: STUB until e1000_tx.c is written (sends nothing). */
#include "e1000_core.h"

void e1k_tx_reset(E1kDev *s) { (void)s; }
void e1k_tx_reg_written(E1kDev *s, uint32_t off, uint32_t old)
{ (void)s; (void)off; (void)old; }
void e1k_tx_timer(E1kDev *s, E1kTimerId id) { (void)s; (void)id; }
int e1k_tx_validate(const E1kDev *s) { (void)s; return 0; }
void e1k_tx_link_changed(E1kDev *s) { (void)s; }
