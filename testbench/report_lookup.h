/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Numeric fields of a JSON report (docs/report-schema.md) by name, for
 * expectation checks (`e1klab check`) and sweeps.
 */
#ifndef TB_REPORT_LOOKUP_H
#define TB_REPORT_LOOKUP_H

#include <stdint.h>

#include <json-glib/json-glib.h>

/**
 * Look up @path in the report @root and store its value in *value.
 * A path is object keys separated by '.'; an element of an array of
 * objects (interfaces, sources) is named by its "name" member, e.g.
 * "interfaces.eth0.stats64.rx_over_errors" or "host.forwarded".
 * Shorthands: "interrupts.eth0" (the interrupts object), and
 * "IFACE.FIELD", which finds FIELD in interface IFACE itself or else in its
 * stats64, netstat, driver or nic object ("eth0.rx_over_errors",
 * "eth0.RX-OVR", "eth0.MPC").
 * Integers are returned as they are, booleans as 0/1.  Returns 0, or -1
 * if the path names nothing or a non-numeric value.
 */
int tb_report_lookup(JsonNode *root, const char *path, int64_t *value);

#endif /* TB_REPORT_LOOKUP_H */
