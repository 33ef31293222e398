/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Expectation files of `e1klab check`: a line tokenizer, a parser for the
 * three forms (FIELD OP VALUE, FIELD = VALUE +- TOL[%], LO OP FIELD OP HI),
 * evaluation against a JSON report, and the JUnit XML writer.  Syntax in
 * expect.h and docs/sweep-and-check.md.
 */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "cli/expect.h"
#include "report/report_path.h"
#include "scenario/scenario_load.h"

typedef enum TokKind {
    T_NUM, T_PATH, T_OP, T_PM, T_PCT, T_STAR, T_OF,
} TokKind;

typedef struct Tok {
    TokKind kind;
    TbCmp op;                   /* T_OP */
    double num;                 /* T_NUM */
    char *text;                 /* as written */
} Tok;

static const char *const cmp_text[] = {"<", "<=", ">", ">=", "=", "!="};

static int path_char(int c)
{
    return g_ascii_isalnum(c) || c == '_' || c == '.' || c == '-';
}

static void toks_free(GArray *t)
{
    for (guint i = 0; i < t->len; i++) {
        g_free(g_array_index(t, Tok, i).text);
    }
    g_array_free(t, TRUE);
}

static void push(GArray *t, TokKind k, TbCmp op, double num, const char *s,
                 size_t len)
{
    Tok tok = {k, op, num, g_strndup(s, len)};
    g_array_append_val(t, tok);
}

/* Scan a number at s[*i]; 0 or -1 (not a well-formed number). */
static int scan_number(const char *s, size_t *i, GArray *t)
{
    size_t b = *i, p = *i, n;
    double v, mult = 1.0;
    char *num;

    if (s[p] == '+' || s[p] == '-') {
        p++;
    }
    n = tb_decimal_len(s + p);
    if (n == 0) {
        return -1;
    }
    p += n;
    num = g_strndup(s + b, p - b);
    v = g_ascii_strtod(num, NULL);
    g_free(num);
    if (s[p] == 'k' || s[p] == 'K') {
        mult = 1e3, p++;
    } else if (s[p] == 'M') {
        mult = 1e6, p++;
    } else if (s[p] == 'G') {
        mult = 1e9, p++;
    }
    if (path_char(s[p]) && s[p] != '-' && s[p] != '.') {
        return -1;               /* "5Mb", "12x" */
    }
    if (!isfinite(v)) {
        return -1;
    }
    push(t, T_NUM, TB_CMP_EQ, v * mult, s + b, p - b);
    *i = p;
    return 0;
}

/* An operator (< <= > >= = == !=) or a tolerance sign ("+-", U+00B1)
 * at s[*i]: 1 (pushed, *i past it), else 0. */
static int scan_operator(const char *s, size_t *i, GArray *t)
{
    const char *p = s + *i;
    int eq = p[1] == '=';

    if (p[0] == '<' || p[0] == '>') {
        TbCmp op = p[0] == '<' ? (eq ? TB_CMP_LE : TB_CMP_LT)
                               : (eq ? TB_CMP_GE : TB_CMP_GT);
        push(t, T_OP, op, 0, p, 1 + (size_t)eq);
        *i += 1 + (size_t)eq;
    } else if (p[0] == '=') {
        push(t, T_OP, TB_CMP_EQ, 0, "=", 1);
        *i += 1 + (size_t)eq;
    } else if (p[0] == '!' && eq) {
        push(t, T_OP, TB_CMP_NE, 0, p, 2);
        *i += 2;
    } else if ((p[0] == '+' && p[1] == '-') ||
               ((unsigned char)p[0] == 0xc2 &&
                (unsigned char)p[1] == 0xb1)) {            /* U+00B1 */
        push(t, T_PM, TB_CMP_EQ, 0, "+-", 2);
        *i += 2;
    } else {
        return 0;
    }
    return 1;
}

/* Tokenize @s; NULL with *why set on a bad character. */
static GArray *tokenize(const char *s, char **why)
{
    GArray *t = g_array_new(FALSE, TRUE, sizeof(Tok));
    size_t i = 0;

    while (s[i]) {
        char c = s[i];
        if (c == ' ' || c == '\t') {
            i++;
            continue;
        }
        if (scan_operator(s, &i, t)) {
            continue;
        }
        if (g_ascii_isdigit(c) || c == '.' || c == '+' || c == '-') {
            if (scan_number(s, &i, t) < 0) {
                *why = g_strdup_printf("bad number at '%s'", s + i);
                toks_free(t);
                return NULL;
            }
        } else if (c == '%') {
            push(t, T_PCT, TB_CMP_EQ, 0, "%", 1);
            i++;
        } else if (c == '*') {
            push(t, T_STAR, TB_CMP_EQ, 0, "*", 1);
            i++;
        } else if (g_ascii_isalpha(c) || c == '_') {
            size_t b = i;
            while (path_char(s[i])) {
                i++;
            }
            if (i - b == 2 && strncmp(s + b, "of", 2) == 0) {
                push(t, T_OF, TB_CMP_EQ, 0, "of", 2);
            } else {
                push(t, T_PATH, TB_CMP_EQ, 0, s + b, i - b);
            }
        } else {
            *why = g_strdup_printf("unexpected character '%c'", c);
            toks_free(t);
            return NULL;
        }
    }
    return t;
}

/* A field path must be names separated by single dots. */
static int path_ok(const char *p)
{
    size_t n = strlen(p);
    return n > 0 && p[0] != '.' && p[n - 1] != '.' && !strstr(p, "..");
}

#define TOK(i) (&g_array_index(t, Tok, (i)))

/* Parse an operand at t[*i]; 0 or -1 with *why set. */
static int parse_operand(GArray *t, guint *i, TbOperand *o, char **why)
{
    Tok *a;

    if (*i >= t->len) {
        *why = g_strdup("missing value at the end");
        return -1;
    }
    a = TOK(*i);
    if (a->kind == T_PATH) {
        if (!path_ok(a->text)) {
            *why = g_strdup_printf("bad field path '%s'", a->text);
            return -1;
        }
        o->k = 1.0;
        o->path = g_strdup(a->text);
        (*i)++;
        return 0;
    }
    if (a->kind != T_NUM) {
        *why = g_strdup_printf("expected a number or a field, got '%s'",
                               a->text);
        return -1;
    }
    o->k = a->num;
    o->path = NULL;
    (*i)++;
    if (*i < t->len && TOK(*i)->kind == T_PCT) {
        if (*i + 2 < t->len + 0 && TOK(*i + 1)->kind == T_OF &&
            TOK(*i + 2)->kind == T_PATH) {
            o->k = a->num / 100.0;
            o->path = g_strdup(TOK(*i + 2)->text);
            *i += 3;
        } else {
            *why = g_strdup("a percentage needs 'of FIELD' (or use "
                            "'= VALUE +- TOL%')");
            return -1;
        }
    } else if (*i < t->len && TOK(*i)->kind == T_STAR) {
        if (*i + 1 < t->len && TOK(*i + 1)->kind == T_PATH) {
            o->path = g_strdup(TOK(*i + 1)->text);
            *i += 2;
        } else {
            *why = g_strdup("'*' needs a field after it");
            return -1;
        }
    }
    if (o->path && !path_ok(o->path)) {
        *why = g_strdup_printf("bad field path '%s'", o->path);
        g_free(o->path);
        o->path = NULL;
        return -1;
    }
    return 0;
}

static TbCmp flip(TbCmp op)
{
    switch (op) {
    case TB_CMP_LT: return TB_CMP_GT;
    case TB_CMP_LE: return TB_CMP_GE;
    case TB_CMP_GT: return TB_CMP_LT;
    case TB_CMP_GE: return TB_CMP_LE;
    default: return op;
    }
}

/* Normalised text of tokens [from, to). */
static char *join(GArray *t, guint from, guint to)
{
    GString *s = g_string_new(NULL);
    for (guint i = from; i < to; i++) {
        if (s->len && TOK(i)->kind != T_PCT) {
            g_string_append_c(s, ' ');
        }
        g_string_append(s, TOK(i)->text);
    }
    return g_string_free(s, FALSE);
}

static void expect_free(gpointer p)
{
    TbExpect *e = p;
    g_free(e->name);
    g_free(e->group);
    g_free(e->field);
    g_free(e->text);
    for (unsigned i = 0; i < 2; i++) {
        g_free(e->cons[i].rhs.path);
    }
    g_free(e->center.path);
    g_free(e);
}

/* "+- TOL[%]" at t[*i] after "FIELD = VALUE": the value becomes the
 * centre of the tolerance band.  0 (also when there is none) or -1. */
static int parse_tolerance(GArray *t, guint *i, TbExpect *e, char **why)
{
    guint k = *i;

    if (k >= t->len || TOK(k)->kind != T_PM) {
        return 0;
    }
    if (e->cons[0].op != TB_CMP_EQ) {
        *why = g_strdup("a tolerance '+-' needs '='");
        return -1;
    }
    if (k + 1 >= t->len || TOK(k + 1)->kind != T_NUM || TOK(k + 1)->num < 0) {
        *why = g_strdup("'+-' needs a non-negative number");
        return -1;
    }
    e->has_tol = 1;
    e->center = e->cons[0].rhs;
    e->cons[0].rhs.path = NULL;
    e->ncons = 0;
    e->tol = TOK(k + 1)->num;
    k += 2;
    if (k < t->len && TOK(k)->kind == T_PCT) {
        e->tol_pct = 1;
        k++;
    }
    *i = k;
    return 0;
}

/* FIELD OP VALUE [+- TOL[%]]; *i ends after what was parsed. */
static int parse_field_first(GArray *t, guint *i, TbExpect *e, char **why)
{
    if (!path_ok(TOK(0)->text)) {
        *why = g_strdup_printf("bad field path '%s'", TOK(0)->text);
        return -1;
    }
    e->field = g_strdup(TOK(0)->text);
    if (t->len < 2 || TOK(1)->kind != T_OP) {
        *why = g_strdup_printf("expected an operator (< <= > >= = != ) "
                               "after '%s'", e->field);
        return -1;
    }
    e->cons[0].op = TOK(1)->op;
    e->ncons = 1;
    *i = 2;
    if (parse_operand(t, i, &e->cons[0].rhs, why) < 0 ||
        parse_tolerance(t, i, e, why) < 0) {
        return -1;
    }
    e->text = join(t, 1, t->len);
    return 0;
}

/* 1 if @op is an ordering (< <= > >=), not = or != */
static int ordering(TbCmp op)
{
    return op != TB_CMP_EQ && op != TB_CMP_NE;
}

/* 1 if @op is < or <= */
static int below(TbCmp op)
{
    return op == TB_CMP_LT || op == TB_CMP_LE;
}

/* LO OP FIELD OP HI (both '<' or both '>'); *i ends after HI. */
static int parse_range(GArray *t, guint *i, TbExpect *e, char **why)
{
    TbCmp op1;

    if (parse_operand(t, i, &e->cons[0].rhs, why) < 0) {
        return -1;
    }
    e->ncons = 1;
    if (*i >= t->len || TOK(*i)->kind != T_OP || !ordering(TOK(*i)->op)) {
        *why = g_strdup("expected FIELD OP VALUE or LO < FIELD < HI");
        return -1;
    }
    op1 = TOK(*i)->op;
    e->cons[0].op = flip(op1);
    (*i)++;
    if (*i >= t->len || TOK(*i)->kind != T_PATH || !path_ok(TOK(*i)->text)) {
        *why = g_strdup("expected a field between the two bounds");
        return -1;
    }
    e->field = g_strdup(TOK(*i)->text);
    (*i)++;
    if (*i >= t->len || TOK(*i)->kind != T_OP ||
        below(TOK(*i)->op) != below(op1) || !ordering(TOK(*i)->op)) {
        *why = g_strdup_printf("expected a second bound after '%s' "
                               "(both '<' or both '>')", e->field);
        return -1;
    }
    e->cons[1].op = TOK(*i)->op;
    e->ncons = 2;
    (*i)++;
    if (parse_operand(t, i, &e->cons[1].rhs, why) < 0) {
        return -1;
    }
    e->text = join(t, 0, t->len);
    return 0;
}

/* Parse the expression @s into @e (name, group, line already set). */
static int parse_expr(const char *s, TbExpect *e, char **why)
{
    GArray *t = tokenize(s, why);
    guint i = 0;
    int r = -1;

    if (!t) {
        return -1;
    }
    if (t->len == 0) {
        *why = g_strdup("empty expectation");
    } else {
        r = TOK(0)->kind == T_PATH ? parse_field_first(t, &i, e, why)
                                   : parse_range(t, &i, e, why);
        if (r == 0 && i != t->len) {
            *why = g_strdup_printf("unexpected '%s'", TOK(i)->text);
            r = -1;
        }
    }
    toks_free(t);
    return r;
}

#undef TOK

void tb_expect_file_free(TbExpectFile *f)
{
    if (!f) {
        return;
    }
    g_free(f->name);
    g_ptr_array_free(f->items, TRUE);
    g_ptr_array_free(f->sets, TRUE);
    g_free(f);
}

/* A "[NAME]" line: the group of the checks after it.  0 or -1. */
static int parse_group(const char *l, char **group, char **why)
{
    size_t n = strlen(l);

    if (n < 3 || l[n - 1] != ']') {
        *why = g_strdup("bad group header (expected [NAME])");
        return -1;
    }
    g_free(*group);
    *group = g_strndup(l + 1, n - 2);
    g_strstrip(*group);
    return 0;
}

static int is_set_line(const char *l)
{
    return strncmp(l, "set", 3) == 0 && (l[3] == ' ' || l[3] == '\t');
}

/* "set SECTION.KEY = VALUE": "SECTION.KEY=VALUE" into f->sets.  0 or
 * -1. */
static int parse_set(const char *l, TbExpectFile *f, char **why)
{
    const char *eq = strchr(l + 4, '=');
    char *k, *v;
    int r = -1;

    if (!eq) {
        *why = g_strdup("'set' needs SECTION.KEY = VALUE");
        return -1;
    }
    k = g_strstrip(g_strndup(l + 4, (size_t)(eq - l - 4)));
    v = g_strstrip(g_strdup(eq + 1));
    if (!*k || !strchr(k, '.') || !*v) {
        *why = g_strdup("'set' needs SECTION.KEY = VALUE");
    } else {
        g_ptr_array_add(f->sets, g_strdup_printf("%s=%s", k, v));
        r = 0;
    }
    g_free(k);
    g_free(v);
    return r;
}

/* "[NAME:] EXPRESSION" on line @ln: one check into f->items.  0 or -1. */
static int parse_check(char *l, unsigned ln, const char *group,
                       TbExpectFile *f, char **why)
{
    TbExpect *e = g_new0(TbExpect, 1);
    char *colon = strchr(l, ':');

    e->line = ln;
    e->group = g_strdup(group);
    if (colon) {
        *colon = 0;
        e->name = g_strdup(g_strstrip(l));
        l = colon + 1;
        if (!*e->name) {
            *why = g_strdup("empty name before ':'");
            expect_free(e);
            return -1;
        }
    }
    if (parse_expr(l, e, why) < 0) {
        expect_free(e);
        return -1;
    }
    if (!e->name) {
        e->name = g_strdup(e->field);
    }
    g_ptr_array_add(f->items, e);
    return 0;
}

/* Line @ln (modified in place): '#' comments, blank and ';' lines,
 * "[GROUP]", "set ...", or a check.  0 or -1 with *why. */
static int parse_line(char *l, unsigned ln, char **group, TbExpectFile *f,
                      char **why)
{
    char *hash = strchr(l, '#');

    if (hash) {
        *hash = 0;
    }
    g_strstrip(l);
    if (!*l || *l == ';') {
        return 0;
    }
    if (*l == '[') {
        return parse_group(l, group, why);
    }
    if (is_set_line(l)) {
        return parse_set(l, f, why);
    }
    return parse_check(l, ln, *group, f, why);
}

TbExpectFile *tb_expect_parse(const char *text, const char *name,
                              char **err)
{
    TbExpectFile *f = g_new0(TbExpectFile, 1);
    char **lines = g_strsplit(text, "\n", -1);
    char *group = g_strdup("");
    char *why = NULL;
    unsigned ln = 0;

    f->name = g_strdup(name);
    f->items = g_ptr_array_new_with_free_func(expect_free);
    f->sets = g_ptr_array_new_with_free_func(g_free);
    for (char **lp = lines; *lp; lp++) {
        if (parse_line(*lp, ++ln, &group, f, &why) < 0) {
            break;
        }
    }
    if (!why && f->items->len == 0) {
        why = g_strdup("no expectations");
        ln = 0;
    }
    g_ptr_array_add(f->sets, NULL);
    g_strfreev(lines);
    g_free(group);
    if (!why) {
        return f;
    }
    *err = ln ? g_strdup_printf("%s:%u: %s", name, ln, why)
              : g_strdup_printf("%s: %s", name, why);
    g_free(why);
    tb_expect_file_free(f);
    return NULL;
}

TbExpectFile *tb_expect_load(const char *path, char **err)
{
    char *text;
    TbExpectFile *f;

    if (tb_read_text_file(path, &text, err) < 0) {
        return NULL;
    }
    if (!g_utf8_validate(text, -1, NULL)) {
        *err = g_strdup_printf("%s: not a UTF-8 text file", path);
        g_free(text);
        return NULL;
    }
    f = tb_expect_parse(text, path, err);
    g_free(text);
    return f;
}

void tb_expect_format(double v, char buf[32])
{
    if (v == floor(v) && fabs(v) < 1e15) {
        g_snprintf(buf, 32, "%.0f", v);
    } else {
        g_snprintf(buf, 32, "%.10g", v);
    }
}

static int operand_value(const TbExpectFile *f, const TbExpect *e,
                         JsonNode *root, const TbOperand *o, double *v,
                         char **err)
{
    double x = 1.0;
    char *why = NULL;

    if (o->path && tb_report_path_number(root, o->path, &x, &why) < 0) {
        *err = g_strdup_printf("%s:%u: %s", f->name, e->line, why);
        g_free(why);
        return -1;
    }
    *v = o->k * x;
    return 0;
}

static int compare(double m, TbCmp op, double b)
{
    switch (op) {
    case TB_CMP_LT: return m < b;
    case TB_CMP_LE: return m <= b;
    case TB_CMP_GT: return m > b;
    case TB_CMP_GE: return m >= b;
    case TB_CMP_EQ: return m == b;
    default: return m != b;
    }
}

int tb_expect_eval(const TbExpectFile *f, const TbExpect *e, JsonNode *root,
                   TbExpectResult *res, char **err)
{
    double m, b;
    char mb[32], bb[32], bb2[32];
    GString *d = g_string_new(NULL);
    char *why = NULL;
    int pass = 1, derived = 0;

    if (tb_report_path_number(root, e->field, &m, &why) < 0) {
        *err = g_strdup_printf("%s:%u: %s", f->name, e->line, why);
        g_free(why);
        g_string_free(d, TRUE);
        return -1;
    }
    tb_expect_format(m, mb);
    g_string_printf(d, "measured %s (expect %s", mb, e->text);
    if (e->has_tol) {
        double c, tol;
        if (operand_value(f, e, root, &e->center, &c, err) < 0) {
            g_string_free(d, TRUE);
            return -1;
        }
        tol = e->tol_pct ? fabs(c) * e->tol / 100.0 : e->tol;
        pass = m >= c - tol && m <= c + tol;
        tb_expect_format(c - tol, bb);
        tb_expect_format(c + tol, bb2);
        g_string_append_printf(d, ", i.e. %s..%s", bb, bb2);
    }
    for (unsigned i = 0; i < e->ncons; i++) {
        if (operand_value(f, e, root, &e->cons[i].rhs, &b, err) < 0) {
            g_string_free(d, TRUE);
            return -1;
        }
        pass = pass && compare(m, e->cons[i].op, b);
        if (e->cons[i].rhs.path) {
            tb_expect_format(b, bb);
            g_string_append_printf(d, "%s %s %s", derived ? "," : ", i.e.",
                                   cmp_text[e->cons[i].op], bb);
            derived = 1;
        }
    }
    g_string_append_c(d, ')');
    res->pass = pass;
    res->measured = m;
    res->detail = g_string_free(d, FALSE);
    return 0;
}

static void xml_attr(GString *s, const char *k, const char *v)
{
    char *esc = g_markup_escape_text(v, -1);
    g_string_append_printf(s, " %s=\"%s\"", k, esc);
    g_free(esc);
}

/* tests="N" failures="N" */
static void xml_counts(GString *s, guint n, guint nfail)
{
    char num[16];

    g_snprintf(num, sizeof(num), "%u", n);
    xml_attr(s, "tests", num);
    g_snprintf(num, sizeof(num), "%u", nfail);
    xml_attr(s, "failures", num);
}

/* One <testcase> for check @e with result @r. */
static void junit_case(GString *s, const TbExpectFile *f, const TbExpect *e,
                       const TbExpectResult *r, const char *suite)
{
    char *cls = g_strdup_printf("e1klab.%s", *e->group ? e->group : suite);
    char *file = g_strdup_printf("%s:%u", f->name, e->line);
    /* the same line the console prints (label, then the detail) */
    char *line = g_strdup_printf("%s %s: %s", r->pass ? "PASS" : "FAIL",
                                 e->name, r->detail);
    char *out = g_markup_escape_text(line, -1);

    g_string_append(s, "    <testcase");
    xml_attr(s, "classname", cls);
    xml_attr(s, "name", e->name);
    xml_attr(s, "file", file);
    g_string_append(s, ">\n");
    if (!r->pass) {
        g_string_append(s, "      <failure");
        xml_attr(s, "type", "expectation");
        xml_attr(s, "message", r->detail);
        g_string_append(s, "/>\n");
    }
    g_string_append_printf(s, "      <system-out>%s</system-out>\n", out);
    g_string_append(s, "    </testcase>\n");
    g_free(out);
    g_free(line);
    g_free(cls);
    g_free(file);
}

char *tb_expect_junit(const TbExpectFile *f, const TbExpectResult *res,
                      const char *suite)
{
    GString *s = g_string_new("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    guint n = f->items->len, nfail = 0;

    for (guint i = 0; i < n; i++) {
        nfail += res[i].pass ? 0 : 1;
    }
    g_string_append(s, "<testsuites");
    xml_attr(s, "name", "e1klab check");
    xml_counts(s, n, nfail);
    g_string_append(s, ">\n  <testsuite");
    xml_attr(s, "name", suite);
    xml_counts(s, n, nfail);
    xml_attr(s, "errors", "0");
    xml_attr(s, "skipped", "0");
    g_string_append(s, ">\n");
    for (guint i = 0; i < n; i++) {
        junit_case(s, f, g_ptr_array_index(f->items, i), &res[i], suite);
    }
    g_string_append(s, "  </testsuite>\n</testsuites>\n");
    return g_string_free(s, FALSE);
}
