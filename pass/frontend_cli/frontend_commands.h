/* The subcommands that parse C, esched-frontend's (main.c): like those of
 * pass/cli/commands.h, each takes the arguments after its name and returns
 * the process exit status. */
#ifndef ESCHED_PASS_FRONTEND_COMMANDS_H
#define ESCHED_PASS_FRONTEND_COMMANDS_H

int cmd_extract(int argc, char **argv);
int cmd_rewrite(int argc, char **argv);
int cmd_compile(int argc, char **argv);

#endif
