/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Expectation files for `e1klab check` (syntax in docs/sweep-and-check.md):
 * one check per line, evaluated against a JSON report through the field
 * paths of report_path.h.
 *
 *   # comment                        ; comment
 *   [group]                          JUnit classname of the checks below
 *   set traffic.count = 20000        scenario override (like --set)
 *   interrupts.eth0 <= 500           FIELD OP VALUE, OP: < <= > >= = == !=
 *   eth1.tx_packets = 300000 +- 5%   FIELD = VALUE +- TOL[%]   (also ±)
 *   955M <= sink_payload_bps <= 957M LO <(=) FIELD <(=) HI
 *   forwarded < 1% of offered        VALUE: NUMBER[k|M|G] | FIELD |
 *   forwarded >= 0.2 * offered                NUMBER% of FIELD | NUMBER * FIELD
 *   napi share: forwarded >= 250k    optional "NAME:" label
 *
 * Numbers are decimal (sign, digits, fraction, exponent), with an optional
 * SI suffix k = 1e3, M = 1e6, G = 1e9 (decimal, not binary).
 */
#ifndef TB_EXPECT_H
#define TB_EXPECT_H

#include <json-glib/json-glib.h>

typedef enum TbCmp {
    TB_CMP_LT, TB_CMP_LE, TB_CMP_GT, TB_CMP_GE, TB_CMP_EQ, TB_CMP_NE,
} TbCmp;

/** A bound: k (a constant), or k x the value of field @path. */
typedef struct TbOperand {
    double k;
    char *path;                /**< NULL for a constant */
} TbOperand;

/** One constraint FIELD OP OPERAND. */
typedef struct TbConstraint {
    TbCmp op;
    TbOperand rhs;
} TbConstraint;

/** One check (one line of the file). */
typedef struct TbExpect {
    char *name;                /**< label, or the field path */
    char *group;               /**< [group] it is in, "" if none */
    char *field;               /**< field path (report_path.h) */
    char *text;                /**< the expectation as written, spaces
                                    normalised, e.g. "<= 500" */
    unsigned line;             /**< 1-based line in the file */
    unsigned ncons;            /**< 1 or 2 constraints ... */
    TbConstraint cons[2];
    int has_tol;               /**< ... or FIELD = center +- tol */
    TbOperand center;
    double tol;                /**< absolute, or percent of center */
    int tol_pct;
} TbExpect;

/** A parsed expectation file. */
typedef struct TbExpectFile {
    char *name;                /**< file name, for messages */
    GPtrArray *items;          /**< TbExpect * in file order */
    GPtrArray *sets;           /**< char * "section.key=value", NULL
                                    terminated (usable as const char **) */
} TbExpectFile;

/** The result of evaluating one check. */
typedef struct TbExpectResult {
    int pass;                  /**< 1 passed, 0 failed */
    double measured;           /**< the field's value */
    char *detail;              /**< "measured X (expect ...)"; g_free() */
} TbExpectResult;

/**
 * Parse expectation text @text; @name is used in messages ("NAME:LINE:
 * ...").  Returns the file, or NULL with *err set to a one-line message
 * naming the line.  An empty file (no checks) is an error.
 */
TbExpectFile *tb_expect_parse(const char *text, const char *name,
                              char **err);

/** Read and parse the file @path (as tb_expect_parse()). */
TbExpectFile *tb_expect_load(const char *path, char **err);

void tb_expect_file_free(TbExpectFile *f);

/**
 * Evaluate @e against the report @root.  Returns 0 and fills *res, or -1
 * with *err set ("NAME:LINE: unknown field 'x'") when a path does not
 * name a number in the report.
 */
int tb_expect_eval(const TbExpectFile *f, const TbExpect *e, JsonNode *root,
                   TbExpectResult *res, char **err);

/**
 * JUnit XML for the results @res[i] of f->items[i]: one <testsuite> named
 * @suite with one <testcase> per check (classname "e1klab." + group or
 * @suite, name = the check's name), a <failure message=...> for each
 * failed check, and <system-out> with the measured value.  No
 * timestamps, so the XML is deterministic.  g_free() the result.
 */
char *tb_expect_junit(const TbExpectFile *f, const TbExpectResult *res,
                      const char *suite);

/** Format a value: integers without a fraction, others with %.10g. */
void tb_expect_format(double v, char buf[32]);

#endif /* TB_EXPECT_H */
