/* What a compiler command line asks for, as cc reads it: its inputs (and
 * which are C sources, by suffix or -x c), whether it links, where its
 * object and dependency file go. esched-cc changes only what this says it
 * may: everything else reaches the compiler as given. */
#ifndef ESCHED_PASS_DRIVER_CC_ARGS_H
#define ESCHED_PASS_DRIVER_CC_ARGS_H

#include <stdbool.h>

typedef struct CcArgs {
  char **argv; /* borrowed: the compiler's arguments are argv[first..argc) */
  int first, argc;
  bool compile_only;            /* -c */
  bool links;                   /* has inputs and none of -c -S -E -M -MM -fsyntax-only */
  bool has_x;                   /* some -x LANG: link inputs esched-cc adds need -x none */
  bool deps;                    /* -MD or -MMD: a dependency file beside the compile */
  bool deps_only;               /* -M or -MM: the dependencies instead of a compile */
  const char *output, *depfile; /* -o and -MF values, or NULL */
  int ninputs;                  /* inputs: files, and - for standard input */
  int nsources;                 /* C sources among the inputs */
  bool help, version;           /* --help, --version */
} CcArgs;

/* Reads argv[first..argc). */
void cc_args_read(CcArgs *c, char **argv, int first, int argc);
/* Whether argv[k] is an input (a file, or - for standard input). */
bool cc_is_input(const CcArgs *c, int k);
/* The -x LANG in force at argv[k], or NULL (by suffix; -x none). */
const char *cc_language(const CcArgs *c, int k);
/* Whether input argv[k] is C source: a .c name, or any name after -x c. */
bool cc_is_c_source(const CcArgs *c, int k);
/* Whether option a takes the next argument as its value (-o FILE, -I DIR). */
bool cc_takes_value(const char *a);
/* Whether option a changes how a file is preprocessed: esched parses
 * sources with them (-I, -D, -std=, ...). */
bool cc_preprocessor_flag(const char *a);
/* Whether option a only matters to the link (-lm, -L dir, -Wl,..., -static,
 * -Xlinker X): a compile with -c leaves it out (Clang warns that it is
 * unused, an error under -Werror). Its value, when it takes one, goes too. */
bool cc_link_only(const char *a);

#endif
