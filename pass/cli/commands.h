/* The subcommands of `esched`. Each takes the arguments after its name and
 * returns the process exit status (0, or 1 after diagnostics). Those that
 * parse C are esched-frontend's (pass/frontend_cli/frontend_commands.h). */
#ifndef ESCHED_PASS_COMMANDS_H
#define ESCHED_PASS_COMMANDS_H

int cmd_schedule(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_gen_sumproduct(int argc, char **argv);
int cmd_platform(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_starpu(int argc, char **argv);

#endif
