/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Field paths into a JSON report (schema "e1klab-report/1",
 * docs/report-schema.md), as used by `e1klab check` expectations and the
 * `e1klab sweep` table.  A path is a dotted list of names, resolved in
 * this order (the first that names a number wins; docs/sweep-and-check.md
 * lists the aliases):
 *
 *   1. literally from the root: objects by member name, arrays by index
 *      ("interfaces.0.interrupts") or by the "name" member of an element
 *      ("interfaces.eth0.stats64.rx_over_errors");
 *   2. in a report of named hosts (a "hosts" array), HOST.REST: REST
 *      resolved by these rules in the report of host HOST
 *      ("a.eth0.rx_missed_errors", "b.forwarded", "a.cpu.idle_ppm");
 *   3. IFACE.REST, IFACE an interface name: REST inside that interface
 *      object, then inside its "stats64", "netstat", "driver", "nic" and
 *      "ethtool" objects ("eth0.rx_over_errors", "eth0.RX-OVR",
 *      "eth0.polls", "eth0.MPC", "eth0.rx_no_buffer_count": Intel's
 *      ethtool -S names alias the registers they read);
 *   4. a single name: "offered" (offered.frames), "offered_pps",
 *      "offered_bps", then a member of "host", "accounting", "cpu"
 *      ("forwarded", "sink_payload_bps", "idle_ppm").
 *
 * Numbers are JSON integers (or doubles); booleans count as 1 / 0.
 */
#ifndef TB_REPORT_PATH_H
#define TB_REPORT_PATH_H

#include <json-glib/json-glib.h>

/**
 * Resolve @path in the report @root to a number.  Returns 0 and sets
 * *value (exact for integers below 2^53), or -1 with *err set to a
 * g_malloc'd one-line message ("unknown field 'x'" or "field 'x' is an
 * object, not a number").
 */
int tb_report_path_number(JsonNode *root, const char *path, double *value,
                          char **err);

/**
 * Like tb_report_path_number() but returns the node itself (owned by
 * @root), or NULL if nothing matches.  Used for strings ("eth0.mode").
 */
JsonNode *tb_report_path_node(JsonNode *root, const char *path);

/**
 * Parse the JSON report text @text.  Returns a new root node
 * (json_node_unref() it), or NULL with *err set.  @name names the text
 * in messages (a file name).
 */
JsonNode *tb_report_parse(const char *text, const char *name, char **err);

/**
 * Read the whole file @path into *text (g_free() it).  0, or -1 with *err
 * a one-line message naming the file once: "PATH: no such file" or
 * "PATH: cannot read: REASON".
 */
int tb_read_text_file(const char *path, char **text, char **err);

/** Read and parse the JSON report file @path (as tb_report_parse()). */
JsonNode *tb_report_load(const char *path, char **err);

#endif /* TB_REPORT_PATH_H */
