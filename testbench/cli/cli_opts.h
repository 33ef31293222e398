/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Command-line steps the `e1klab` commands share: option tables and
 * their values, parsing a command's options (GLib GOption), checking
 * that exactly one SCENARIO.ini is left, printing the one-line error.
 */
#ifndef TB_CLI_OPTS_H
#define TB_CLI_OPTS_H

#include <glib.h>

/** Room for a command's option table, the end marker included. */
#define TB_CLI_MAX_OPTS 16

/** The --set option of run, sweep and check: repeatable
 *  SECTION.KEY=VALUE into the NULL-terminated array at @sets. */
#define TB_CLI_OPT_SET(sets, help)                                         \
    {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, (sets), (help),             \
     "SECTION.KEY=VALUE"}

/** An output-file option --@name FILE into the string at @path. */
#define TB_CLI_OPT_FILE(name, path, help)                                  \
    {(name), 0, 0, G_OPTION_ARG_FILENAME, (path), (help), "FILE"}

/** The end of an option table. */
#define TB_CLI_OPT_END {NULL, 0, 0, 0, NULL, NULL, NULL}

/**
 * Free the values GOption stored through the option table @entries
 * (ended by TB_CLI_OPT_END): strings and file names with g_free, arrays
 * with g_strfreev; each is set to NULL.  Other kinds own no memory.
 */
void tb_cli_free_values(const GOptionEntry *entries);

/**
 * Parse the arguments at @argc and @argv with @oc (GOption removes what
 * it consumed; --help prints and exits 0).  Every argument must be
 * UTF-8.  Returns 0, or -1 with *err = "@prefix" followed by GLib's
 * message (e.g. "run: Unknown option --frob") or "argument N '...' is
 * not valid UTF-8" (bytes escaped as \\xNN).
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

/**
 * A command's one-line error: print "e1klab: @prefix*err" on stderr
 * (control characters and non-UTF-8 bytes escaped: tb_text_one_line),
 * free *err and set it to NULL.  Returns @status, for
 * "return tb_cli_error(...)".
 */
int tb_cli_error(const char *prefix, char **err, int status);

/** A chart title: @head, then each --set argument of @sets (NULL-
 *  terminated, may be NULL) after a space.  g_free. */
char *tb_cli_title(const char *head, char **sets);

#endif /* TB_CLI_OPTS_H */
