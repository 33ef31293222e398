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

uint64_t sw_conn_response(SwConn *c, uint64_t req_ns, uint64_t t_ns,
                          uint32_t bytes)
{
    /* the response's bits at the target rate, from its request */
    uint64_t due = req_ns + (uint64_t)bytes * 8u * 1000000000ull
                            / SW_TARGET_BPS;
    c->bytes += bytes;
    c->requests++;
    c->last_byte_ns = t_ns;
    return due > t_ns ? due : t_ns;
}

double sw_conn_bps(const SwConn *c, uint64_t end_ns)
{
    if (end_ns < c->last_byte_ns) {
        end_ns = c->last_byte_ns;
    }
    if (!c->requests || end_ns <= c->first_req_ns) {
        return 0.0;
    }
    return (double)c->bytes * 8.0 * 1e9
           / (double)(end_ns - c->first_req_ns);
}

bool sw_conn_conforms(const SwConn *c, uint64_t end_ns)
{
    return sw_conn_bps(c, end_ns) >= (double)SW_CONFORM_BPS;
}
