/* Reading a compiler command line (cc_args.h). The option spellings are
 * GCC's and Clang's common ones. */
#include "pass/driver/cc_args.h"

#include <string.h>

#include "pass/driver/argv.h"

bool cc_takes_value(const char *a) {
  static const char *const opts[] = {"-o",       "-MF",         "-MT",
                                     "-MQ",      "-include",    "-imacros",
                                     "-isystem", "-iquote",     "-idirafter",
                                     "-iprefix", "-isysroot",   "-iwithprefix",
                                     "-x",       "-I",          "-D",
                                     "-U",       "-L",          "-l",
                                     "-Xlinker", "-Xassembler", "-Xpreprocessor",
                                     "-T",       "-u",          "-z",
                                     "--param",  "-aux-info",   "-dumpbase",
                                     "-dumpdir", "-e",          NULL};
  for (const char *const *o = opts; *o; o++)
    if (!strcmp(a, *o))
      return true;
  return false;
}

bool cc_link_only(const char *a) {
  static const char *const prefixes[] = {"-l", "-L", "-Wl,", "-fuse-ld=", NULL};
  static const char *const opts[] = {
      "-Xlinker",       "-T",   "-u",      "-z", "-e",        "-static",        "-shared",
      "-rdynamic",      "-pie", "-no-pie", "-s", "-nostdlib", "-nodefaultlibs", "-nostartfiles",
      "-static-libgcc", NULL};
  for (const char *const *p = prefixes; *p; p++)
    if (has_prefix(a, *p))
      return true;
  for (const char *const *o = opts; *o; o++)
    if (!strcmp(a, *o))
      return true;
  return false;
}

bool cc_preprocessor_flag(const char *a) {
  static const char *const prefixes[] = {
      "-I",         "-D",       "-U",       "-std=", "-isystem", "-iquote",
      "-idirafter", "-include", "-imacros", "-m",    NULL};
  for (const char *const *p = prefixes; *p; p++)
    if (has_prefix(a, *p))
      return true;
  return false;
}

bool cc_is_input(const CcArgs *c, int k) {
  const char *a = c->argv[k];
  if (a[0] == '-' && a[1] != '\0')
    return false;
  return k == c->first || !cc_takes_value(c->argv[k - 1]);
}

const char *cc_language(const CcArgs *c, int k) {
  const char *lang = NULL;
  for (int i = c->first; i < k; i++) {
    if (!strcmp(c->argv[i], "-x") && i + 1 < k)
      lang = c->argv[++i];
    else if (has_prefix(c->argv[i], "-x") && c->argv[i][2])
      lang = c->argv[i] + 2;
    else if (cc_takes_value(c->argv[i]))
      i++;
  }
  return lang && strcmp(lang, "none") != 0 ? lang : NULL;
}

bool cc_is_c_source(const CcArgs *c, int k) {
  const char *lang = cc_language(c, k);
  return lang ? !strcmp(lang, "c") : ends_with(c->argv[k], ".c");
}

static bool stops_before_link(const char *a) {
  static const char *const opts[] = {"-c", "-S", "-E", "-M", "-MM", "-fsyntax-only", NULL};
  for (const char *const *o = opts; *o; o++)
    if (!strcmp(a, *o))
      return true;
  return false;
}

void cc_args_read(CcArgs *c, char **argv, int first, int argc) {
  *c = (CcArgs){0};
  c->argv = argv, c->first = first, c->argc = argc;
  bool stops = false;
  for (int k = first; k < argc; k++) {
    const char *a = argv[k];
    if (cc_is_input(c, k)) {
      c->ninputs++;
      c->nsources += cc_is_c_source(c, k);
      continue;
    }
    stops |= stops_before_link(a);
    c->compile_only |= !strcmp(a, "-c");
    c->has_x |= has_prefix(a, "-x");
    c->deps |= !strcmp(a, "-MD") || !strcmp(a, "-MMD");
    c->deps_only |= !strcmp(a, "-M") || !strcmp(a, "-MM");
    c->help |= !strcmp(a, "--help") || has_prefix(a, "--help=");
    c->version |= !strcmp(a, "--version");
    if (cc_takes_value(a) && k + 1 < argc) {
      if (!strcmp(a, "-o"))
        c->output = argv[k + 1];
      else if (!strcmp(a, "-MF"))
        c->depfile = argv[k + 1];
      k++;
    }
  }
  c->links = c->ninputs > 0 && !stops && !c->help && !c->version;
}
