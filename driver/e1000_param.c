/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Driver parameters: defaults, policy names and validation with the Linux
 * e1000 ranges (Linux e1000_param.c e1000_check_options;
 * [LINUX-E1000-DOC]).
 *
 * Where Linux silently replaces an invalid value by the default and logs
 * it, e1klab rejects it: a scenario that asked for something impossible
 * should fail loudly rather than run with another value.
 */
#include <string.h>

#include "e1000_drv_internal.h"

static const char *const mode_names[] = {
    [E1K_MODE_LEGACY] = "legacy",
    [E1K_MODE_NAPI_TWIST] = "napi-twist",
    [E1K_MODE_NAPI] = "napi",
    [E1K_MODE_NAPI_DYNITR] = "napi-dynitr",
};

#define N_MODES (sizeof(mode_names) / sizeof(mode_names[0]))

int e1k_drv_mode_parse(const char *name)
{
    if (!name) {
        return -1;
    }
    for (unsigned i = 0; i < N_MODES; i++) {
        if (strcmp(name, mode_names[i]) == 0) {
            return (int)i;
        }
    }
    return -1;
}

const char *e1k_drv_mode_name(enum e1k_drv_mode mode)
{
    if ((unsigned)mode >= N_MODES) {
        return "unknown";
    }
    return mode_names[mode];
}

void e1k_drv_params_default(struct e1k_drv_params *p)
{
    memset(p, 0, sizeof(*p));
    p->mode = E1K_MODE_NAPI;
    p->RxDescriptors = 256;        /* E1000_DEFAULT_RXD */
    p->TxDescriptors = 256;        /* E1000_DEFAULT_TXD */
    p->RxIntDelay = 0;             /* DEFAULT_RDTR */
    p->RxAbsIntDelay = 8;          /* DEFAULT_RADV (code, not doc: 128) */
    p->TxIntDelay = 8;             /* DEFAULT_TIDV */
    p->TxAbsIntDelay = 32;         /* DEFAULT_TADV */
    p->InterruptThrottleRate = 3;  /* DEFAULT_ITR: dynamic conservative */
    p->XsumRX = 1;
    p->copybreak = 256;
    p->weight = 64;                /* NAPI_POLL_WEIGHT */
    p->FlowControl = 3;            /* e1000_fc_full (E1000_FC_DEFAULT) */
}

/* Ranges (Linux e1000_param.c): descriptors 80..4096 for 82544 and later; the
 * delays are 16-bit register fields in 1.024 us units; ITR 100..100000
 * ints/s besides the mode values 0, 1, 3, 4. */
#define E1K_MIN_DESC 80u
#define E1K_MAX_DESC 4096u
#define E1K_DESC_MULTIPLE 8u
#define E1K_MAX_DELAY 0xFFFFu
#define E1K_MIN_ITR 100u
#define E1K_MAX_ITR 100000u
#define E1K_MAX_WEIGHT 4096u

const char *e1k_drv_params_check(const struct e1k_drv_params *p)
{
    if (!p) {
        return "driver parameters missing";
    }
    if ((unsigned)p->mode >= N_MODES) {
        return "mode: must be legacy, napi-twist, napi or napi-dynitr";
    }
    if (p->RxDescriptors < E1K_MIN_DESC || p->RxDescriptors > E1K_MAX_DESC) {
        return "RxDescriptors: must be 80..4096 descriptors";
    }
    if (p->RxDescriptors % E1K_DESC_MULTIPLE) {
        return "RxDescriptors: must be a multiple of 8";
    }
    if (p->TxDescriptors < E1K_MIN_DESC || p->TxDescriptors > E1K_MAX_DESC) {
        return "TxDescriptors: must be 80..4096 descriptors";
    }
    if (p->TxDescriptors % E1K_DESC_MULTIPLE) {
        return "TxDescriptors: must be a multiple of 8";
    }
    if (p->RxIntDelay > E1K_MAX_DELAY) {
        return "RxIntDelay: must be 0..65535 (1.024 us units)";
    }
    if (p->RxAbsIntDelay > E1K_MAX_DELAY) {
        return "RxAbsIntDelay: must be 0..65535 (1.024 us units)";
    }
    if (p->TxIntDelay > E1K_MAX_DELAY) {
        return "TxIntDelay: must be 0..65535 (1.024 us units)";
    }
    if (p->TxAbsIntDelay > E1K_MAX_DELAY) {
        return "TxAbsIntDelay: must be 0..65535 (1.024 us units)";
    }
    switch (p->InterruptThrottleRate) {
    case 0:
    case 1:
    case 3:
    case 4:
        break;
    default:
        if (p->InterruptThrottleRate < E1K_MIN_ITR ||
            p->InterruptThrottleRate > E1K_MAX_ITR) {
            return "InterruptThrottleRate: must be 0, 1, 3, 4 or "
                   "100..100000 interrupts/s";
        }
    }
    if (p->XsumRX > 1) {
        return "XsumRX: must be 0 or 1";
    }
    if (p->weight < 1 || p->weight > E1K_MAX_WEIGHT) {
        return "weight: must be 1..4096 frames";
    }
    if (p->FlowControl > 3) {
        return "FlowControl: must be 0 (none), 1 (rx), 2 (tx) or 3 (full)";
    }
    if (p->XsumTX > 1) {
        return "XsumTX: must be 0 or 1";
    }
    if (p->TSO > 1) {
        return "TSO: must be 0 or 1";
    }
    if (p->TSO && !p->XsumTX) {
        return "TSO: 1 needs XsumTX 1 (the NIC checksums the segments)";
    }
    return NULL;
}
