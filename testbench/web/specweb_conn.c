/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A SPECweb99-like client connection's pacing and conformance
 * (specweb.h): the client paces itself to SW_TARGET_BPS; the connection
 * conforms at SW_CONFORM_BPS or more ([SPECWEB99-WP] section 4.2).
 */
#include "web/specweb.h"

void sw_conn_init(SwConn *c)
{
    *c = (SwConn){.first_req_ns = UINT64_MAX};
}

void sw_conn_request(SwConn *c, uint64_t t_ns)
{
    if (c->first_req_ns == UINT64_MAX) {
        c->first_req_ns = t_ns;
    }
}

/* Bytes of @bytes spread evenly over [@s, @e] that fall in [@a, @b]. */
static double spread(uint64_t s, uint64_t e, uint32_t bytes, uint64_t a,
                     uint64_t b)
{
    uint64_t lo = s > a ? s : a, hi = e < b ? e : b;
    if (hi <= lo || e <= s) {
        return 0.0;
    }
    return (double)bytes * (double)(hi - lo) / (double)(e - s);
}

uint64_t sw_conn_response(SwConn *c, uint64_t req_ns, uint64_t t_ns,
                          uint32_t bytes)
{
    /* the response's bits at the target rate, from its request */
    uint64_t due = req_ns + (uint64_t)bytes * 8u * 1000000000ull
                            / SW_TARGET_BPS;
    uint64_t next = due > t_ns ? due : t_ns;
    if (c->requests) {          /* the previous interval ended by now */
        c->win_bytes += spread(c->last_req_ns, c->last_end_ns,
                               c->last_bytes, c->win_ns, UINT64_MAX);
    }
    c->last_req_ns = req_ns;
    c->last_end_ns = next;
    c->last_bytes = bytes;
    c->bytes += bytes;
    c->requests++;
    return next;
}

double sw_conn_bps(const SwConn *c, uint64_t end_ns)
{
    uint64_t from = c->win_ns > c->first_req_ns ? c->win_ns
                                                : c->first_req_ns;
    if (!c->requests || end_ns <= from) {
        return 0.0;
    }
    double b = c->win_bytes + spread(c->last_req_ns, c->last_end_ns,
                                     c->last_bytes, c->win_ns, end_ns);
    return b * 8.0 * 1e9 / (double)(end_ns - from);
}

bool sw_conn_conforms(const SwConn *c, uint64_t end_ns)
{
    return sw_conn_bps(c, end_ns) >= (double)SW_CONFORM_BPS;
}
