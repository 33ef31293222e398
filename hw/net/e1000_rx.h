/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive-side state of the device model (e1000_rx.c): the receive packet
 * buffer (PBA.RXA bytes, SDM 3.2.7.4, facts A.8), the RX DMA engine and the
 * RDTR/RADV timer state.  Plain data, no pointers (it is saved by copy).
 */
#ifndef E1K_E1000_RX_H
#define E1K_E1000_RX_H

#include <stdint.h>

/** Receive-side state.  Owned by e1000_rx.c. */
typedef struct E1kRxState {
    uint32_t placeholder; /* filled in by e1000_rx.c */
} E1kRxState;

#endif /* E1K_E1000_RX_H */
