/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit-side state of the device model (e1000_tx.c): descriptor
 * processing, offload context, TSO progress, the transmit packet buffer
 * (PBA.TXA) and serialization.  Plain data, no pointers (saved by copy).
 */
#ifndef E1K_E1000_TX_H
#define E1K_E1000_TX_H

#include <stdint.h>

/** Transmit-side state.  Owned by e1000_tx.c. */
typedef struct E1kTxState {
    uint32_t placeholder; /* filled in by e1000_tx.c */
} E1kTxState;

#endif /* E1K_E1000_TX_H */
