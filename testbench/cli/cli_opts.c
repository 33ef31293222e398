/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Option parsing steps shared by the `e1klab` commands (cli_opts.h). */
#include <stdio.h>

#include "cli/cli_opts.h"

int tb_cli_parse(GOptionContext *oc, int *argc, char ***argv,
                 const char *prefix, char **err)
{
    GError *ge = NULL;

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
    fprintf(stderr, "e1klab: %s%s\n", prefix, *err);
    g_clear_pointer(err, g_free);
    return status;
}
