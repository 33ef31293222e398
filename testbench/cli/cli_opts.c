/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Option parsing steps shared by the `e1klab` commands (cli_opts.h). */
#include <stdio.h>

#include "cli/cli_opts.h"
#include "scenario/scenario_load.h"

/* Every argument after the command must be UTF-8 (file names included:
 * they appear in messages and reports).  0, or -1 with *err naming the
 * first that is not, its bytes escaped. */
static int args_utf8(int argc, char **argv, const char *prefix, char **err)
{
    for (int i = 1; i < argc; i++) {
        if (!g_utf8_validate(argv[i], -1, NULL)) {
            char *p = tb_text_one_line(argv[i]);
            *err = g_strdup_printf("%sargument %d '%s' is not valid UTF-8",
                                   prefix, i, p);
            g_free(p);
            return -1;
        }
    }
    return 0;
}

int tb_cli_parse(GOptionContext *oc, int *argc, char ***argv,
                 const char *prefix, char **err)
{
    GError *ge = NULL;

    if (args_utf8(*argc, *argv, prefix, err) < 0) {
        return -1;
    }
    if (g_option_context_parse(oc, argc, argv, &ge)) {
        return 0;
    }
    *err = g_strdup_printf("%s%s", prefix, ge->message);
    g_error_free(ge);
    return -1;
}

int tb_cli_one_scenario(int argc, const char *cmd, const char *prefix,
                        char **err)
{
    if (argc == 2) {
        return 0;
    }
    *err = argc < 2 ? g_strdup_printf("%smissing SCENARIO.ini (see e1klab "
                                      "help %s)", prefix, cmd)
                    : g_strdup_printf("%smore than one scenario given",
                                      prefix);
    return -1;
}

void tb_cli_free_values(const GOptionEntry *entries)
{
    for (const GOptionEntry *e = entries; e->long_name; e++) {
        switch (e->arg) {
        case G_OPTION_ARG_STRING:
        case G_OPTION_ARG_FILENAME:
            g_clear_pointer((char **)e->arg_data, g_free);
            break;
        case G_OPTION_ARG_STRING_ARRAY:
        case G_OPTION_ARG_FILENAME_ARRAY:
            g_clear_pointer((char ***)e->arg_data, g_strfreev);
            break;
        default:
            break;
        }
    }
}

int tb_cli_error(const char *prefix, char **err, int status)
{
    char *line = tb_text_one_line(*err);

    fprintf(stderr, "e1klab: %s%s\n", prefix, line);
    g_free(line);
    g_clear_pointer(err, g_free);
    return status;
}

char *tb_cli_title(const char *head, char **sets)
{
    GString *t = g_string_new(head);

    for (char **x = sets; x && *x; x++) {
        g_string_append_printf(t, " %s", *x);
    }
    return g_string_free(t, FALSE);
}
