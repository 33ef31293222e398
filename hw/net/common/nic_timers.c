/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The timer index of the common layer (nic_timers.h): the rescans that
 * keep it up to date when the earliest timer moves later, and the full
 * rebuild after a reset or restore.
 */
#include "nic_timers.h"

void nic_timers_rescan(NicTimerIndex *x, const uint64_t *dl)
{
    uint64_t d = NIC_NO_DEADLINE;
    uint32_t best = NIC_TIMERS_MAX;

    for (uint64_t m = x->armed; m; m &= m - 1) {
        uint32_t i = (uint32_t)__builtin_ctzll(m);
        if (dl[i] < d) {
            d = dl[i];
            best = i;
        }
    }
    x->next_deadline = d;
    x->next_timer = best;
}

void nic_timers_rebuild(NicTimerIndex *x, const uint64_t *dl,
                        uint32_t count)
{
    x->count = count < NIC_TIMERS_MAX ? count : NIC_TIMERS_MAX;
    x->armed = 0;
    for (uint32_t i = 0; i < x->count; i++) {
        if (dl[i] != NIC_NO_DEADLINE) {
            x->armed |= 1ull << i;
        }
    }
    nic_timers_rescan(x, dl);
}
