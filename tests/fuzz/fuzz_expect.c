/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the expectation language of `e1klab check`
 * (testbench/cli/expect.c; build: scripts/fuzz.sh).
 *
 * The input is the text of an expectation file.  tb_expect_parse()
 * must either return a file with at least one check, each with one or
 * two constraints or a tolerance, or NULL with a one-line message.
 * ASan/UBSan/LeakSanitizer catch memory errors and leaks in the parser.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/expect.h"

#define FX_CHECK(cond)                                                    \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "fuzz_expect: check failed: %s\n", #cond);    \
            abort();                                                      \
        }                                                                 \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    char *err = NULL;
    TbExpectFile *f;
    FX_CHECK(text != NULL);
    memcpy(text, data, size);
    text[size] = 0;
    f = tb_expect_parse(text, "fuzz.expect", &err);
    if (f) {
        FX_CHECK(err == NULL);
        FX_CHECK(f->items->len > 0);
        for (unsigned i = 0; i < f->items->len; i++) {
            const TbExpect *e = g_ptr_array_index(f->items, i);
            FX_CHECK(e->line >= 1);
            FX_CHECK(e->has_tol || e->ncons == 1 || e->ncons == 2);
        }
        tb_expect_file_free(f);
    } else {
        FX_CHECK(err != NULL && strchr(err, '\n') == NULL);
        g_free(err);
    }
    free(text);
    return 0;
}
