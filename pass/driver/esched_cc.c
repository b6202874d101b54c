/* esched-cc: a drop-in C compiler that runs esched on the annotated sources
 * of a compile command, then the real compiler (info.c has the usage).
 *
 *   esched-cc [ESCHED OPTIONS] [COMPILER] ARGS...
 *
 * esched's options may also be among ARGS (CFLAGS): they are taken out.
 * Each C source that has an annotation is rewritten by `esched compile`
 * into a temporary folder of its own under its own base name (so `cc -c
 * foo.c` still writes foo.o), then compiled in its place with its quoted
 * includes still found beside the original (-iquote), and with the
 * copy's path mapped back to the original's (-ffile-prefix-map) so debug
 * information, __FILE__ and dependency files (depfile.c) name the original.
 * A source esched leaves unchanged, and every other file, reaches the
 * compiler as given. A link gets the runtime and its libraries, as-needed,
 * so a program that uses none of them depends on none of them: libesched_rt,
 * or with --target starpu libesched_starpu and StarPU (docs/starpu.md). A
 * .cu input (a CUDA launcher) is compiled by nvcc into an object (cuda.c),
 * and a link then gets the shared libcudart it needs. @FILE arguments are
 * read as GCC's driver reads them (libiberty's expandargv), so the options
 * and inputs a build system puts in response files are seen. A command that
 * stops before linking (-c, -S, -E, -fsyntax-only) with several inputs
 * runs as one command per input, as cc compiles each on its own.
 */
#include <dirent.h>
#include <errno.h>
#include <libiberty/libiberty.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pass/driver/argv.h"
#include "pass/driver/cc_args.h"
#include "pass/driver/cuda.h"
#include "pass/driver/depfile.h"
#include "pass/driver/info.h"
#include "pass/driver/layout.h"
#include "pass/driver/link.h"
#include "pass/driver/mentions.h"

typedef struct Options {
  Argv esched; /* options forwarded to `esched compile` */
  Argv inputs; /* files those options make the build read (dependency files) */
  bool keep, help, version, runtime;
  bool starpu; /* --target starpu */
  const char *compiler;
  int first_arg; /* index in argv of the compiler's first argument */
} Options;

/* A file an esched option names: a dependency of every rewritten object. */
static void note_input(Options *o, const char *opt, const char *value) {
  struct stat st;
  if (strcmp(opt, "--variant") && strcmp(opt, "--algo") && stat(value, &st) == 0)
    argv_push(&o->inputs, value);
}

/* --profile-use[=PATH] (GCC's -fprofile-use[=PATH]), or --profile-use PATH
 * when PATH is no option: forwarded to esched compile, which reads a folder
 * as PATH/esched-profile.yaml and no PATH as the one here; the file is an
 * input of the build. Returns the arguments it spans. */
static int profile_use_option(int argc, char **argv, int i, Options *o) {
  const char *a = argv[i], *eq = strchr(a, '=');
  bool next = !eq && i + 1 < argc && argv[i + 1][0] != '-';
  const char *path = eq ? eq + 1 : next ? argv[i + 1] : "";
  char opt[PATH_MAX + 32], file[PATH_MAX + 32];
  snprintf(opt, sizeof opt, "--profile-use=%s", path);
  argv_push(&o->esched, opt);
  struct stat st;
  if (*path && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    snprintf(file, sizeof file, "%s/esched-profile.yaml", path);
  else
    snprintf(file, sizeof file, "%s", *path ? path : "esched-profile.yaml");
  note_input(o, "--profile-use", file);
  return next ? 2 : 1;
}

/* If argv[i] is one of esched's options (--name=value or --name value),
 * records it and returns how many arguments it spans; else 0. Among the
 * compiler's arguments (leading false) --target is esched's only with a
 * value esched knows, so clang's --target=TRIPLE stays clang's. */
static int esched_option(int argc, char **argv, int i, Options *o, bool leading) {
  static const char *const with_value[] = {"--variant", "--platform", "--profile",
                                           "--algo",    "--target",   NULL};
  const char *a = argv[i];
  if (!strcmp(a, "--keep-rewritten"))
    o->keep = true;
  else if (!strcmp(a, "--esched-help"))
    o->help = true;
  else if (!strcmp(a, "--esched-version"))
    o->version = true;
  else if (!strcmp(a, "--runtime"))
    o->runtime = true;
  else if (!strcmp(a, "--profile-generate") || has_prefix(a, "--profile-generate="))
    argv_push(&o->esched, a);
  else if (!strcmp(a, "--profile-use") || has_prefix(a, "--profile-use="))
    return profile_use_option(argc, argv, i, o);
  else {
    for (const char *const *w = with_value; *w; w++) {
      size_t n = strlen(*w);
      if (strncmp(a, *w, n) != 0 || (a[n] != '=' && a[n] != '\0'))
        continue;
      const char *value = a[n] == '=' ? a + n + 1 : i + 1 < argc ? argv[i + 1] : NULL;
      if (!value) { /* last on the line */
        fprintf(stderr, "esched-cc: error: '%s' needs a value\n", a);
        exit(1);
      }
      bool target = !strcmp(*w, "--target");
      if (target && !leading && strcmp(value, "native") && strcmp(value, "starpu"))
        return 0;
      argv_push(&o->esched, a);
      if (a[n] == '\0')
        argv_push(&o->esched, value);
      note_input(o, *w, value);
      if (target)
        o->starpu = !strcmp(value, "starpu");
      return a[n] == '\0' ? 2 : 1;
    }
    return 0;
  }
  return 1;
}

/* The options before the compiler and its arguments: all esched's. Returns
 * the index of the first argument that is not. */
static int take_leading_options(int argc, char **argv, Options *o) {
  int i = 1, n;
  while (i < argc && (n = esched_option(argc, argv, i, o, true)) > 0)
    i += n;
  return i;
}

/* esched's options among the compiler's arguments argv[first..argc), as
 * CFLAGS put them: taken out (argv is compacted), so that the compiler
 * never reads --profile-generate=DIR as its own -fprofile-generate. A
 * compiler option's value (-o FILE) is never taken. Returns the new argc. */
static int take_trailing_options(int argc, char **argv, int first, Options *o) {
  int out = first;
  for (int i = first; i < argc;) {
    int n = esched_option(argc, argv, i, o, false);
    if (n > 0) {
      i += n;
      continue;
    }
    bool value_follows = cc_takes_value(argv[i]) && i + 1 < argc;
    argv[out++] = argv[i++];
    if (value_follows)
      argv[out++] = argv[i++];
  }
  argv[out] = NULL;
  return out;
}

/* A launcher's first argument is the compiler: a program, not an option,
 * a response file or an input file. */
static bool looks_like_compiler(const char *a) {
  static const char *const inputs[] = {".c", ".cu", ".o", ".a", ".so", ".s", ".S", ".i", NULL};
  if (a[0] == '-' || a[0] == '@')
    return false;
  for (const char *const *e = inputs; *e; e++)
    if (ends_with(a, *e))
      return false;
  return true;
}

static bool same_contents(const char *a, const char *b) {
  FILE *f = fopen(a, "rb"), *g = fopen(b, "rb");
  bool same = f && g;
  while (same) {
    int x = getc(f), y = getc(g);
    same = x == y;
    if (x == EOF)
      break;
  }
  if (f)
    fclose(f);
  if (g)
    fclose(g);
  return same;
}

/* The temporary folder of this command, made on first use. */
typedef struct Scratch {
  char dir[LAYOUT_PATH_MAX];
  bool made;
  Argv files; /* rewritten copies and objects, removed at the end */
  int folders;
} Scratch;

static bool scratch_folder(Scratch *s, char *out, size_t n) {
  if (!s->made) {
    const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(s->dir, sizeof s->dir, "%s/esched-cc-XXXXXX", tmp);
    if (!(s->made = mkdtemp(s->dir) != NULL)) {
      fprintf(stderr, "esched-cc: error: cannot create a temporary folder: %s\n", strerror(errno));
      return false;
    }
  }
  snprintf(out, n, "%s/%d", s->dir, s->folders++);
  if (mkdir(out, 0700) == 0)
    return true;
  fprintf(stderr, "esched-cc: error: cannot create '%s': %s\n", out, strerror(errno));
  return false;
}

/* Removes the rewritten files, whatever else the compiler wrote beside
 * them (-save-temps), their folders, then the scratch folder: esched-cc
 * made every folder under it. */
static void scratch_remove(Scratch *s) {
  for (int i = 0; i < s->files.len; i++)
    unlink(s->files.v[i]);
  for (int i = 0; i < s->folders; i++) {
    char sub[LAYOUT_PATH_MAX + 16], file[LAYOUT_PATH_MAX + 16 + 260];
    snprintf(sub, sizeof sub, "%s/%d", s->dir, i);
    DIR *d = opendir(sub);
    for (struct dirent *e; d && (e = readdir(d));)
      if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
        snprintf(file, sizeof file, "%s/%s", sub, e->d_name);
        unlink(file);
      }
    if (d)
      closedir(d);
    rmdir(sub);
  }
  rmdir(s->dir);
}

/* esched's public headers, searched after everything else, so that they
 * can never hide a header of the program or the system. */
static void push_includes(Argv *cc, const Layout *l) {
  argv_push(cc, "-idirafter");
  argv_push(cc, l->include);
  if (strcmp(l->include, l->annotations) != 0) {
    argv_push(cc, "-idirafter");
    argv_push(cc, l->annotations);
  }
}

typedef enum { REWRITE_FAILED, REWRITE_NONE, REWRITE_DONE } RewriteResult;

/* Runs `esched compile` on src into a folder of its own under its own base
 * name, at *out (owned by the caller). lang: the -x in force, or NULL.
 * REWRITE_NONE when esched changed nothing (no annotation): the original is
 * compiled as it is. */
static RewriteResult rewrite(const Options *o, const Layout *l, Scratch *s, const char *src,
                             const char *lang, const Argv *flags, char **out) {
  char dir[LAYOUT_PATH_MAX + 16];
  if (!scratch_folder(s, dir, sizeof dir))
    return REWRITE_FAILED;
  size_t len = strlen(dir) + strlen(base_name(src)) + 2;
  if (!(*out = malloc(len)))
    return REWRITE_FAILED;
  snprintf(*out, len, "%s/%s", dir, base_name(src));
  Argv cmd = {0};
  argv_push(&cmd, l->esched);
  argv_push(&cmd, "compile");
  argv_push(&cmd, src);
  for (int i = 0; i < o->esched.len; i++)
    argv_push(&cmd, o->esched.v[i]);
  argv_push(&cmd, "-o");
  argv_push(&cmd, *out);
  argv_push(&cmd, "--");
  if (lang) { /* -x c: a source whatever its name */
    argv_push(&cmd, "-x");
    argv_push(&cmd, lang);
  }
  for (int i = 0; i < flags->len; i++)
    argv_push(&cmd, flags->v[i]);
  /* esched parses what the compiler will compile: launcher files include
   * esched_rt.h, which the build tree keeps apart from esched.h. */
  push_includes(&cmd, l);
  int rc = argv_run(&cmd);
  argv_free(&cmd);
  argv_push(&s->files, *out);
  if (rc == 0 && !same_contents(src, *out))
    return REWRITE_DONE;
  free(*out);
  *out = NULL;
  return rc == 0 ? REWRITE_NONE : REWRITE_FAILED;
}

/* What a rewritten copy needs to compile as its original would: quoted
 * includes beside the original first, as cc would look, and the copy's
 * folder mapped to the original's in debug information and __FILE__. */
static void push_copy_flags(Argv *cc, const char *copy, const char *src) {
  const char *slash = strrchr(src, '/');
  int dlen = slash ? (int)(slash - src) : 0;
  char arg[2 * LAYOUT_PATH_MAX + 64];
  snprintf(arg, sizeof arg, "%.*s", dlen, src);
  argv_push(cc, "-iquote");
  argv_push(cc, !slash ? "." : dlen == 0 ? "/" : arg);
  snprintf(arg, sizeof arg, "-ffile-prefix-map=%.*s=%.*s", (int)(base_name(copy) - copy), copy,
           slash ? dlen + 1 : 0, src);
  argv_push(cc, arg);
}

/* The runtime and what it needs, linked only where the program uses them:
 * an archive gives only the members a program references, and --as-needed
 * records a shared library only when it is used. */
static void push_runtime(Argv *cc, const CcArgs *c, const Layout *l, bool starpu) {
  if (c->has_x) {
    argv_push(cc, "-x");
    argv_push(cc, "none");
  }
  argv_push(cc, "-Wl,--push-state,--as-needed");
  argv_push(cc, starpu ? l->starpu : l->runtime);
  char *libs = strdup(starpu ? layout_starpu_libs() : layout_runtime_libs());
  for (char *t = libs ? strtok(libs, " ") : NULL; t; t = strtok(NULL, " "))
    argv_push(cc, t);
  free(libs);
  argv_push(cc, "-Wl,--pop-state");
}

/* Compiles one rewritten copy (of src) on its own into obj, with the
 * command's options but none of its inputs or outputs: with several sources
 * in one command, each must see only its own folder's headers. lang: the
 * -x in force at src, or NULL (the command's own -x options sit between
 * inputs: -x c main.src -x none util.c). depfile and target: where its
 * dependency file goes and the rule it states (-MF, -MT), or NULL. */
static int compile_alone(const Options *o, const Layout *l, const CcArgs *c, const char *copy,
                         const char *src, const char *lang, const char *obj, const char *depfile,
                         const char *target) {
  Argv cmd = {0};
  argv_push(&cmd, o->compiler);
  for (int k = c->first; k < c->argc; k++) {
    const char *a = c->argv[k];
    if (!strcmp(a, "-o") && k + 1 < c->argc) {
      k++;
      continue;
    }
    if (!strcmp(a, "-c") || cc_is_input(c, k))
      continue;
    if (cc_link_only(a) || has_prefix(a, "-x")) { /* and its value */
      k += cc_takes_value(a) && k + 1 < c->argc;
      continue;
    }
    argv_push(&cmd, a);
    if (cc_takes_value(a) && k + 1 < c->argc)
      argv_push(&cmd, c->argv[++k]);
  }
  push_copy_flags(&cmd, copy, src);
  push_includes(&cmd, l);
  if (depfile) {
    argv_push(&cmd, "-MF");
    argv_push(&cmd, depfile);
  }
  if (target) {
    argv_push(&cmd, "-MT");
    argv_push(&cmd, target);
  }
  argv_push(&cmd, "-c");
  if (lang) {
    argv_push(&cmd, "-x");
    argv_push(&cmd, lang);
  }
  argv_push(&cmd, copy);
  argv_push(&cmd, "-o");
  argv_push(&cmd, obj);
  int rc = argv_run(&cmd);
  argv_free(&cmd);
  return rc;
}

/* The object cc -c would write for src: its base name with .o, here. */
static char *object_name(const char *src) {
  const char *b = base_name(src), *dot = strrchr(b, '.');
  size_t n = dot && dot != b ? (size_t)(dot - b) : strlen(b);
  char *obj = malloc(n + 3);
  if (obj)
    snprintf(obj, n + 3, "%.*s.o", (int)n, b);
  return obj;
}

/* The command: rewritten sources in place of their originals (or compiled
 * alone first, see compile_alone), then the runtime when it links. */
typedef struct Build {
  const Options *o;
  const Layout *l;
  const CcArgs *c;
  Scratch scratch;
  Argv cc, copy_flags, flags;
  Argv copies, sources; /* rewritten copies compiled by the command itself */
  int rest;             /* inputs left for the command itself */
  bool rewrote;         /* some source was rewritten */
  bool cuda;            /* some CUDA launcher was compiled into the command's objects */
} Build;

/* An object in place of a source: after -x LANG, as an object (-x none),
 * the language restored for the inputs after it. */
static void push_object(Argv *cc, const char *obj, const char *lang) {
  if (lang) {
    argv_push(cc, "-x");
    argv_push(cc, "none");
  }
  argv_push(cc, obj);
  if (lang) {
    argv_push(cc, "-x");
    argv_push(cc, lang);
  }
}

/* One annotated source (lang: the -x in force, or NULL): rewritten, then
 * compiled alone or added to the command. Returns the exit status (0 when all went well). */
static int take_source(Build *b, const char *src, const char *lang) {
  char *copy = NULL;
  RewriteResult r = rewrite(b->o, b->l, &b->scratch, src, lang, &b->flags, &copy);
  if (r == REWRITE_FAILED)
    return 1;
  b->rewrote |= r == REWRITE_DONE;
  if (r == REWRITE_NONE || b->c->nsources == 1) {
    argv_push(&b->cc, copy ? copy : src);
    if (copy) {
      push_copy_flags(&b->copy_flags, copy, src);
      argv_push(&b->copies, copy);
      argv_push(&b->sources, src);
    }
    free(copy);
    b->rest++;
    return 0;
  }
  const CcArgs *c = b->c;
  char *obj = c->compile_only ? object_name(src) : malloc(strlen(copy) + 1);
  if (obj && !c->compile_only)
    sprintf(obj, "%.*s.o", (int)(strlen(copy) - 2), copy);
  /* A link's dependency file is the one GCC writes for it (depfile.h),
   * not one beside the temporary object, and its rule is for the program
   * (or for SOURCE.o beside a.out), as GCC states it. */
  char *depfile = obj && !c->compile_only ? depfile_of_link(c, src) : NULL;
  bool own_target = false;
  for (int k = c->first; k < c->argc; k++)
    own_target |= !strcmp(c->argv[k], "-MT") || !strcmp(c->argv[k], "-MQ");
  char *target = !depfile || own_target ? NULL : c->output ? strdup(c->output) : object_name(src);
  int rc = obj ? compile_alone(b->o, b->l, c, copy, src, lang, obj, depfile, target) : 1;
  free(target);
  if (rc == 0 && depfile && !depfile_fix_at(c, depfile, copy, src, &b->o->inputs))
    rc = 1;
  free(depfile);
  if (rc == 0 && c->compile_only && !depfile_fix(c, obj, copy, src, &b->o->inputs))
    rc = 1;
  if (rc == 0 && !c->compile_only) {
    argv_push(&b->scratch.files, obj);
    push_object(&b->cc, obj, lang);
    b->rest++;
  }
  free(obj), free(copy);
  return rc;
}

/* One CUDA launcher (lang: the -x in force, or NULL): compiled by nvcc
 * where cc -c would write its object (the command's -o when it is its only
 * input), or for a link in the scratch folder, its object added to the
 * command. Returns the exit status. */
static int take_cuda(Build *b, const char *src, const char *lang) {
  const CcArgs *c = b->c;
  char dir[LAYOUT_PATH_MAX + 16], *obj = NULL;
  if (c->compile_only && c->output && c->nsources == 0)
    obj = strdup(c->output);
  else if (c->compile_only)
    obj = object_name(src);
  else if (scratch_folder(&b->scratch, dir, sizeof dir) && (obj = malloc(strlen(dir) + 16)))
    sprintf(obj, "%s/launcher.o", dir);
  int rc = obj ? cuda_compile(b->l, &b->flags, src, obj) : 1;
  if (rc == 0 && !c->compile_only) {
    argv_push(&b->scratch.files, obj);
    push_object(&b->cc, obj, lang);
    b->rest++;
    b->cuda = true;
  }
  free(obj);
  return rc;
}

/* Whether -o names one of the inputs. cc refuses that command; esched-cc
 * must say so itself, since the compiler sees the rewritten copy instead
 * and would overwrite the source. */
static bool output_is_input(const CcArgs *c) {
  struct stat out, in;
  if (!c->output || stat(c->output, &out) != 0)
    return false;
  for (int k = c->first; k < c->argc; k++)
    if (cc_is_input(c, k) && stat(c->argv[k], &in) == 0 && in.st_dev == out.st_dev &&
        in.st_ino == out.st_ino) {
      fprintf(stderr, "esched-cc: error: input file '%s' is the same as output file\n", c->argv[k]);
      return true;
    }
  return false;
}

static int run_command(const Options *o, const CcArgs *c);

/* The compiler with the command's arguments as given: its exit status. */
static int run_as_given(const Options *o, const CcArgs *c) {
  Argv cmd = {0};
  argv_push(&cmd, o->compiler);
  for (int k = c->first; k < c->argc; k++)
    argv_push(&cmd, c->argv[k]);
  int rc = argv_run(&cmd);
  argv_free(&cmd);
  return rc;
}

/* Whether some input of c is a C source with an annotation. */
static bool annotated_input(const CcArgs *c) {
  for (int k = c->first; k < c->argc; k++)
    if (cc_is_input(c, k) && cc_is_c_source(c, k) && strcmp(c->argv[k], "-") != 0 &&
        mentions_esched(c->argv[k], c))
      return true;
  return false;
}

/* A command that stops before linking, with several inputs: one command
 * per input, each with all the options, in order, going on after a failure
 * as cc does. With -o, cc refuses the command: it says so itself. */
static int each_input(const Options *o, const CcArgs *c) {
  if (c->output)
    return run_as_given(o, c);
  char **one = malloc(((size_t)(c->argc - c->first) + 1) * sizeof *one);
  if (!one)
    return 1;
  int status = 0;
  for (int k = c->first; k < c->argc; k++) {
    if (!cc_is_input(c, k))
      continue;
    int n = 0;
    for (int j = c->first; j < c->argc; j++)
      if (j == k || !cc_is_input(c, j))
        one[n++] = c->argv[j];
    one[n] = NULL;
    CcArgs sub;
    cc_args_read(&sub, one, 0, n);
    status |= run_command(o, &sub) != 0;
  }
  free(one);
  return status;
}

static int build(Build *b) {
  const CcArgs *c = b->c;
  if (output_is_input(c))
    return 1;
  if (!c->links && c->ninputs > 1 && annotated_input(c))
    return each_input(b->o, c);
  for (int k = c->first; k < c->argc; k++)
    if (cc_preprocessor_flag(c->argv[k])) {
      argv_push(&b->flags, c->argv[k]);
      if (cc_takes_value(c->argv[k]) && k + 1 < c->argc)
        argv_push(&b->flags, c->argv[k + 1]);
    } else if (!strcmp(c->argv[k], "-fopenmp")) {
      /* The compiler defines _OPENMP (GCC 12: 201511), and code under
       * #ifdef _OPENMP is what it compiles; esched parses that code
       * without OpenMP itself, whose directives it leaves to the compiler. */
      argv_push(&b->flags, "-D_OPENMP=201511");
    }
  argv_push(&b->cc, b->o->compiler);
  for (int k = c->first; k < c->argc; k++) {
    const char *a = c->argv[k];
    bool input = cc_is_input(c, k);
    if (input && cuda_is_source(a) && !c->deps_only) {
      int rc = take_cuda(b, a, cc_language(c, k));
      if (rc)
        return rc;
      continue;
    }
    /* -M and -MM list the original's dependencies: nothing to rewrite. */
    if (input && cc_is_c_source(c, k) && !c->deps_only && strcmp(a, "-") != 0 &&
        mentions_esched(a, c)) {
      int rc = take_source(b, a, cc_language(c, k));
      if (rc)
        return rc;
      continue;
    }
    b->rest += input;
    argv_push(&b->cc, a);
    if (!input && cc_takes_value(a) && k + 1 < c->argc)
      argv_push(&b->cc, c->argv[++k]);
  }
  if (b->rest == 0 && c->compile_only)
    return 0; /* every input was compiled alone */
  for (int k = 0; k < b->copy_flags.len; k++)
    argv_push(&b->cc, b->copy_flags.v[k]);
  if (c->nsources > 0)
    push_includes(&b->cc, b->l);
  bool starpu = b->o->starpu;
  if (c->links && link_needs_runtime(c, b->rewrote || b->o->runtime, starpu)) {
    if (starpu && !*b->l->starpu) {
      fprintf(stderr, "esched-cc: error: --target starpu, but esched was built without StarPU "
                      "(libstarpu-dev)\n");
      return 1;
    }
    push_runtime(&b->cc, c, b->l, starpu);
  }
  if (c->links && b->cuda)
    cuda_push_link(&b->cc);
  int rc = argv_run(&b->cc);
  for (int i = 0; rc == 0 && i < b->copies.len; i++)
    if (!depfile_fix(c, c->output, b->copies.v[i], b->sources.v[i], &b->o->inputs))
      rc = 1;
  return rc;
}

/* --help and --version: esched-cc's text with the compiler's. */
static int info(const Options *o, const CcArgs *c) {
  if (c->help) {
    info_help(stdout);
    printf("\nThe compiler's options (%s --help):\n\n", o->compiler);
  }
  int rc = run_as_given(o, c);
  if (c->version && !c->help)
    info_version(stdout);
  return rc;
}

/* Runs one compiler command with esched's rewrites: its exit status. */
static int run_command(const Options *o, const CcArgs *c) {
  Layout l;
  layout_find(&l);
  Build b = {0};
  b.o = o, b.l = &l, b.c = c;
  int status = build(&b);
  if (b.scratch.made && !o->keep)
    scratch_remove(&b.scratch);
  else if (b.scratch.made)
    fprintf(stderr, "esched-cc: note: rewritten files kept in %s\n", b.scratch.dir);
  argv_free(&b.cc), argv_free(&b.copy_flags), argv_free(&b.flags);
  argv_free(&b.copies), argv_free(&b.sources), argv_free(&b.scratch.files);
  return status;
}

int main(int argc, char **argv) {
  Options o = {0};
  int i = take_leading_options(argc, argv, &o);
  o.compiler = getenv("ESCHED_CC") && *getenv("ESCHED_CC") ? getenv("ESCHED_CC") : "cc";
  if (i < argc && looks_like_compiler(argv[i]))
    o.compiler = argv[i++];
  o.first_arg = i;
  /* The arguments before i hold no @FILE: esched's options, the compiler.
   * What expandargv allocates (a new vector, and every string in it) is
   * kept apart from the vector take_trailing_options compacts. */
  char **given = argv, **owned = NULL;
  expandargv(&argc, &argv);
  if (argv != given && (owned = malloc(((size_t)argc + 1) * sizeof *owned)))
    memcpy(owned, argv, ((size_t)argc + 1) * sizeof *owned);
  argc = take_trailing_options(argc, argv, o.first_arg, &o);
  CcArgs c;
  cc_args_read(&c, argv, o.first_arg, argc);
  int status;
  if (o.help || o.version) {
    o.help ? info_help(stdout) : info_version(stdout);
    status = 0;
  } else if (c.help || c.version) {
    status = info(&o, &c);
  } else {
    status = run_command(&o, &c);
  }
  argv_free(&o.esched), argv_free(&o.inputs);
  if (argv != given) {
    freeargv(owned); /* the strings and the copy */
    free(argv);
  }
  return status;
}
