/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Command-line steps the `e1klab` commands share: parsing a command's
 * options (GLib GOption) and checking that exactly one SCENARIO.ini is
 * left.  Errors are one line; the command prints them and exits 2.
 */
#ifndef TB_CLI_OPTS_H
#define TB_CLI_OPTS_H

#include <glib.h>

/**
 * Parse the arguments at @argc and @argv with @oc (GOption removes what
 * it consumed; --help prints and exits 0).  Returns 0, or -1 with *err = "@prefix" followed
 * by GLib's message (e.g. "run: Unknown option --frob").
 */
int tb_cli_parse(GOptionContext *oc, int *argc, char ***argv,
                 const char *prefix, char **err);

/**
 * After parsing, @argc must be 2 (the command and one SCENARIO.ini).
 * Returns 0, or -1 with *err = "@prefixmissing SCENARIO.ini (see e1klab
 * help @cmd)" or "@prefixmore than one scenario given".
 */
int tb_cli_one_scenario(int argc, const char *cmd, const char *prefix,
                        char **err);

#endif /* TB_CLI_OPTS_H */
