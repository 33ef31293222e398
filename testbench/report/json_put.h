/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Key/value helpers over json-glib's JsonBuilder shared by the report
 * writers (report_json.c, report_run.c, report_netperf.c): each sets the
 * member name @k, then adds the value.  Integers only, so reports stay
 * byte-identical on any machine (docs/report-schema.md).
 */
#ifndef TB_REPORT_JSON_PUT_H
#define TB_REPORT_JSON_PUT_H

#include <stdint.h>

#include <json-glib/json-glib.h>

/** Unsigned @v (clamped to INT64_MAX: JSON integers are signed). */
static inline void ku(JsonBuilder *b, const char *k, uint64_t v)
{
    json_builder_set_member_name(b, k);
    json_builder_add_int_value(b, (gint64)(v > (uint64_t)G_MAXINT64
                                               ? (uint64_t)G_MAXINT64 : v));
}

/** Signed @v. */
static inline void ki(JsonBuilder *b, const char *k, int64_t v)
{
    json_builder_set_member_name(b, k);
    json_builder_add_int_value(b, v);
}

/** String @v (UTF-8). */
static inline void ks(JsonBuilder *b, const char *k, const char *v)
{
    json_builder_set_member_name(b, k);
    json_builder_add_string_value(b, v);
}

/** Boolean: true when @v is non-zero. */
static inline void kb(JsonBuilder *b, const char *k, int v)
{
    json_builder_set_member_name(b, k);
    json_builder_add_boolean_value(b, v != 0);
}

/** Open object member @k (close with json_builder_end_object). */
static inline void obj(JsonBuilder *b, const char *k)
{
    json_builder_set_member_name(b, k);
    json_builder_begin_object(b);
}

#endif /* TB_REPORT_JSON_PUT_H */
