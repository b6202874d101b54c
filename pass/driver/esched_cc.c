/* esched-cc: a compiler wrapper that runs esched on the annotated C files of a
 * compile command, then the real compiler.
 *
 *   esched-cc [ESCHED OPTIONS] [COMPILER] ARGS...
 *
 * esched's options come first (--variant, --platform, --profile, --algo,
 * --profile-generate[=DIR], --profile-use=FILE, --keep-rewritten). COMPILER
 * is present when esched-cc is a launcher (CMAKE_C_COMPILER_LAUNCHER); as
 * CC=esched-cc it is $ESCHED_CC, else cc. Every .c input that mentions esched
 * is rewritten by `esched compile` into a temporary folder under the same
 * base name (so `cc -c foo.c` still writes foo.o), its quoted includes still
 * found beside the original (-iquote); other files pass straight through. The runtime's include
 * folders are added, and when the command links, the runtime library and what it needs. A .cu input
 * (a CUDA launcher) is compiled by nvcc ($ESCHED_NVCC, else the one found when esched was built)
 * into an object, and a linking command then links the shared libcudart it needs.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pass/driver/esched_cc_config.h"

typedef struct Argv {
  char **v;
  int len, cap;
} Argv;

static void push(Argv *a, const char *s) {
  if (a->len + 2 > a->cap) {
    a->cap = a->cap ? a->cap * 2 : 32;
    a->v = realloc(a->v, sizeof *a->v * (size_t)a->cap);
    if (!a->v) {
      fprintf(stderr, "esched-cc: error: out of memory\n");
      exit(1);
    }
  }
  a->v[a->len++] = strdup(s);
  a->v[a->len] = NULL;
}

static void argv_free(Argv *a) {
  for (int i = 0; i < a->len; i++)
    free(a->v[i]);
  free(a->v);
}

typedef struct Options {
  Argv esched; /* options forwarded to `esched compile` */
  bool keep;
  const char *compiler;
  int first_arg; /* index in argv of the compiler's first argument */
} Options;

static bool has_prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* esched's own options: --name=value or --name value. */
static int parse_esched_options(int argc, char **argv, Options *o) {
  static const char *const with_value[] = {"--variant",     "--platform", "--profile",
                                           "--profile-use", "--algo",     NULL};
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--keep-rewritten")) {
      o->keep = true;
      continue;
    }
    if (!strcmp(a, "--profile-generate") || has_prefix(a, "--profile-generate=")) {
      push(&o->esched, a);
      continue;
    }
    bool known = false;
    for (const char *const *w = with_value; *w && !known; w++) {
      size_t n = strlen(*w);
      if (strncmp(a, *w, n) == 0 && (a[n] == '=' || a[n] == '\0')) {
        known = true;
        push(&o->esched, a);
        if (a[n] == '\0' && i + 1 < argc)
          push(&o->esched, argv[++i]);
      }
    }
    if (!known)
      break;
  }
  return i;
}

/* A launcher's first argument is the compiler: a program, not an option or
 * an input file. */
static bool looks_like_compiler(const char *a) {
  static const char *const inputs[] = {".c", ".cu", ".o", ".a", ".so", ".s", ".S", ".i", NULL};
  if (a[0] == '-')
    return false;
  for (const char *const *e = inputs; *e; e++)
    if (ends_with(a, *e))
      return false;
  return true;
}

/* Options of cc that take the next argument as their value. */
static bool takes_value(const char *a) {
  static const char *const opts[] = {"-o",      "-MF",     "-MT",      "-MQ",       "-include",
                                     "-imacros", "-isystem", "-iquote", "-idirafter", "-x",
                                     "-I",      "-D",      "-U",       "-L",        "-l",
                                     "-Xlinker", "-T",     NULL};
  for (const char *const *o = opts; *o; o++)
    if (!strcmp(a, *o))
      return true;
  return false;
}

/* Flags libclang needs to parse the file as the compiler would. */
static bool preprocessor_flag(const char *a) {
  static const char *const prefixes[] = {"-I", "-D", "-U", "-std=", "-isystem", "-iquote",
                                         "-idirafter", "-include", "-imacros", "-m", NULL};
  for (const char *const *p = prefixes; *p; p++)
    if (has_prefix(a, *p))
      return true;
  return false;
}

/* Whether the file mentions esched at all: a cheap filter so that files
 * without annotations go to the compiler untouched (esched itself decides
 * what is an annotation). */
static bool mentions_esched(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false; /* the compiler will say why */
  char buf[65536 + 8];
  size_t carry = 0, n;
  bool found = false;
  while (!found && (n = fread(buf + carry, 1, sizeof buf - 1 - carry, f)) > 0) {
    size_t len = carry + n;
    buf[len] = '\0';
    found = strstr(buf, "esched") != NULL;
    /* Keep the last 5 bytes: a match may straddle two reads. */
    carry = len < 5 ? len : 5;
    memmove(buf, buf + len - carry, carry);
  }
  fclose(f);
  return found;
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* The folder of this executable, for finding esched and the runtime. */
static char *self_dir(void) {
  static char buf[2048]; /* shorter than Layout's paths, which append to it */
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0)
    return NULL;
  buf[n] = '\0';
  char *slash = strrchr(buf, '/');
  if (slash)
    *slash = '\0';
  return buf;
}

static bool exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

static int run(char **argv) {
  pid_t pid = fork();
  if (pid < 0)
    return 1;
  if (pid == 0) {
    execvp(argv[0], argv);
    fprintf(stderr, "esched-cc: error: cannot run '%s': %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  int status;
  if (waitpid(pid, &status, 0) < 0)
    return 1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

typedef struct Layout {
  char esched[4096], include[4096], annotations[4096], runtime[4096];
} Layout;

/* Installed layout (bin/, include/, lib/) beside this executable, else the
 * build tree's paths recorded at configure time. */
static void find_layout(Layout *l) {
  const char *dir = self_dir();
  const char *env = getenv("ESCHED");
  snprintf(l->esched, sizeof l->esched, "%s/esched", dir ? dir : ".");
  if (env)
    snprintf(l->esched, sizeof l->esched, "%s", env);
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/../include/esched_rt.h", dir ? dir : ".");
  if (dir && exists(probe)) {
    snprintf(l->include, sizeof l->include, "%s/../include", dir);
    snprintf(l->annotations, sizeof l->annotations, "%s/../include", dir);
    snprintf(l->runtime, sizeof l->runtime, "%s/../lib/libesched_rt.a", dir);
    return;
  }
  snprintf(l->include, sizeof l->include, "%s", ESCHED_CC_RUNTIME_INCLUDE);
  snprintf(l->annotations, sizeof l->annotations, "%s", ESCHED_CC_ANNOTATIONS_INCLUDE);
  snprintf(l->runtime, sizeof l->runtime, "%s", ESCHED_CC_RUNTIME_LIBRARY);
}

/* Runs `esched compile` on src into dir/<n>/<base name> (a folder per input,
 * so a/mod.c and b/mod.c do not collide, and `cc -c mod.c` still writes
 * mod.o); returns the new path or NULL after esched printed its diagnostics. */
static char *rewrite(const Options *o, const Layout *l, const char *src, const char *dir, int n,
                     const Argv *flags) {
  size_t len = strlen(dir) + strlen(base_name(src)) + 32;
  char *out = malloc(len);
  if (!out)
    return NULL;
  snprintf(out, len, "%s/%d", dir, n);
  if (mkdir(out, 0700) != 0) {
    fprintf(stderr, "esched-cc: error: cannot create '%s': %s\n", out, strerror(errno));
    free(out);
    return NULL;
  }
  snprintf(out, len, "%s/%d/%s", dir, n, base_name(src));
  Argv cmd = {0};
  push(&cmd, l->esched);
  push(&cmd, "compile");
  push(&cmd, src);
  for (int i = 0; i < o->esched.len; i++)
    push(&cmd, o->esched.v[i]);
  push(&cmd, "-o");
  push(&cmd, out);
  push(&cmd, "--");
  for (int i = 0; i < flags->len; i++)
    push(&cmd, flags->v[i]);
  int rc = run(cmd.v);
  argv_free(&cmd);
  if (rc != 0) {
    *strrchr(out, '/') = '\0';
    rmdir(out);
    free(out);
    return NULL;
  }
  return out;
}

static bool links(int argc, char **argv, int first) {
  for (int i = first; i < argc; i++)
    if (!strcmp(argv[i], "-c") || !strcmp(argv[i], "-S") || !strcmp(argv[i], "-E") ||
        !strcmp(argv[i], "-M") || !strcmp(argv[i], "-MM"))
      return false;
  return true;
}

/* Removes the rewritten files, their folders, then dir. */
static void remove_tree(const char *dir, const Argv *files) {
  for (int i = 0; i < files->len; i++) {
    unlink(files->v[i]);
    char *slash = strrchr(files->v[i], '/');
    if (slash) {
      *slash = '\0';
      rmdir(files->v[i]);
    }
  }
  rmdir(dir);
}

/* The folder of path, for -iquote: quoted includes of a rewritten file are
 * looked up beside the original first, as cc would. */
static void push_source_dir(Argv *cc, const char *path) {
  const char *slash = strrchr(path, '/');
  char dir[4096];
  if (!slash)
    snprintf(dir, sizeof dir, ".");
  else if (slash == path)
    snprintf(dir, sizeof dir, "/");
  else
    snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
  push(cc, "-iquote");
  push(cc, dir);
}

/* Whether argv[k] is an input file of the compiler: not an option, not an
 * option's value. */
static bool is_input(char **argv, int first, int k) {
  if (argv[k][0] == '-')
    return false;
  return k == first || !takes_value(argv[k - 1]) || k - 1 < first;
}

/* The C and CUDA sources among the inputs. */
static int count_sources(int argc, char **argv, int first) {
  int n = 0;
  for (int k = first; k < argc; k++)
    n += is_input(argv, first, k) && (ends_with(argv[k], ".c") || ends_with(argv[k], ".cu"));
  return n;
}

/* The temporary folder, made on first use; false (with a message) when it
 * cannot be. */
static bool make_dir(char *dir, bool *have) {
  if (!*have && !(*have = mkdtemp(dir) != NULL))
    fprintf(stderr, "esched-cc: error: cannot create a temporary folder: %s\n", strerror(errno));
  return *have;
}

static bool compiles_only(int argc, char **argv, int first) {
  for (int k = first; k < argc; k++)
    if (!strcmp(argv[k], "-c"))
      return true;
  return false;
}

/* The include folders every rewritten file needs: the runtime's header and
 * esched.h. */
static void push_includes(Argv *cc, const Layout *l) {
  push(cc, "-I");
  push(cc, l->include);
  push(cc, "-I");
  push(cc, l->annotations);
}

/* Compiles one rewritten file (of original src) on its own into obj, with
 * the command's options but none of its inputs or outputs: with several
 * sources in one command, each must see only its own folder's headers. */
static int compile_alone(const Options *o, const Layout *l, int argc, char **argv,
                         const char *rewritten, const char *src, const char *obj) {
  Argv cmd = {0};
  push(&cmd, o->compiler);
  for (int k = o->first_arg; k < argc; k++) {
    if (!strcmp(argv[k], "-o") && k + 1 < argc) {
      k++;
      continue;
    }
    if (!strcmp(argv[k], "-c") || is_input(argv, o->first_arg, k))
      continue;
    push(&cmd, argv[k]);
    if (takes_value(argv[k]) && k + 1 < argc)
      push(&cmd, argv[++k]);
  }
  push_source_dir(&cmd, src);
  push_includes(&cmd, l);
  push(&cmd, "-c");
  push(&cmd, rewritten);
  push(&cmd, "-o");
  push(&cmd, obj);
  int rc = run(cmd.v);
  argv_free(&cmd);
  return rc;
}

/* The object cc -c would write for src: its base name with .o, here. */
static char *object_name(const char *src) {
  const char *b = base_name(src), *dot = strrchr(b, '.');
  int n = dot ? (int)(dot - b) : (int)strlen(b);
  char *o = malloc((size_t)n + 3);
  if (o)
    sprintf(o, "%.*s.o", n, b);
  return o;
}

/* ---- CUDA launchers (.cu inputs) ---- */

static const char *nvcc_path(void) {
  const char *env = getenv("ESCHED_NVCC");
  return env && *env ? env : ESCHED_CC_NVCC;
}

/* The -o of a command that compiles only, or NULL. */
static const char *output_of(int argc, char **argv, int first) {
  for (int k = first; k + 1 < argc; k++)
    if (!strcmp(argv[k], "-o"))
      return argv[k + 1];
  return NULL;
}

/* Whether flags->v[i] is one nvcc takes as cc does: -I, -D, -U (a C
 * dialect such as -std=c11 is not one). */
static bool nvcc_flag(const Argv *flags, int i) {
  const char *f = flags->v[i], *prev = i ? flags->v[i - 1] : "";
  bool value = !strcmp(prev, "-I") || !strcmp(prev, "-D") || !strcmp(prev, "-U");
  return value || has_prefix(f, "-I") || has_prefix(f, "-D") || has_prefix(f, "-U");
}

/* nvcc -c src -o obj, with the command's -I, -D and -U and the runtime's
 * include folders (launchers include esched_rt.h). */
static int compile_cuda(const Layout *l, const Argv *flags, const char *src, const char *obj) {
  if (!*nvcc_path()) {
    fprintf(stderr,
            "esched-cc: error: %s is CUDA, and nvcc was not found when esched was built (set "
            "ESCHED_NVCC)\n",
            src);
    return 1;
  }
  Argv cmd = {0};
  push(&cmd, nvcc_path());
  for (int i = 0; i < flags->len; i++)
    if (nvcc_flag(flags, i))
      push(&cmd, flags->v[i]);
  push_includes(&cmd, l);
  push(&cmd, "-Xcompiler");
  push(&cmd, "-fPIC");
  push(&cmd, "-c");
  push(&cmd, src);
  push(&cmd, "-o");
  push(&cmd, obj);
  int rc = run(cmd.v);
  argv_free(&cmd);
  return rc;
}

/* Compiles launcher src into the object the command needs: where cc -c
 * would write it when the command only compiles (its -o when src is its
 * only input), else in dir, pushed onto cc. */
static int cuda_input(const Options *o, const Layout *l, const Argv *flags, int argc, char **argv,
                      const char *src, const char *dir, int n, bool only_compile, bool alone,
                      Argv *cc, Argv *made) {
  char *obj = NULL;
  const char *out = output_of(argc, argv, o->first_arg);
  if (only_compile && out && !alone)
    obj = strdup(out);
  else if (only_compile)
    obj = object_name(src);
  else if ((obj = malloc(strlen(dir) + 32)))
    sprintf(obj, "%s/cuda%d.o", dir, n);
  int rc = obj ? compile_cuda(l, flags, src, obj) : 1;
  if (rc == 0 && !only_compile) {
    push(made, obj);
    push(cc, obj);
  }
  free(obj);
  return rc;
}

/* What a program linking CUDA launchers needs besides them. */
static void push_cudart(Argv *cc) {
  char libs[] = ESCHED_CC_CUDART_LINK;
  for (char *t = strtok(libs, " "); t; t = strtok(NULL, " "))
    push(cc, t);
}

int main(int argc, char **argv) {
  Options o = {0};
  int i = parse_esched_options(argc, argv, &o);
  o.compiler = getenv("ESCHED_CC") ? getenv("ESCHED_CC") : "cc";
  if (i < argc && looks_like_compiler(argv[i]))
    o.compiler = argv[i++];
  o.first_arg = i;
  Layout l;
  find_layout(&l);
  Argv flags = {0}, cc = {0}, made = {0}, quote = {0};
  for (int k = o.first_arg; k < argc; k++) {
    if (preprocessor_flag(argv[k])) {
      push(&flags, argv[k]);
      if (takes_value(argv[k]) && k + 1 < argc)
        push(&flags, argv[k + 1]);
    }
  }
  push(&flags, "-I");
  push(&flags, l.annotations);
  push(&flags, "-I"); /* launchers include esched_rt.h */
  push(&flags, l.include);
  char dir[4096];
  const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  snprintf(dir, sizeof dir, "%s/esched-cc-XXXXXX", tmp);
  bool have_dir = false;
  int status = 1;
  /* One source: compiled in the command itself, its folder searched first
   * for quoted includes. Several: each rewritten one alone, so that each
   * sees only its own folder; the command then gets its object (or, with
   * -c, has written it where cc would). */
  bool alone = count_sources(argc, argv, o.first_arg) > 1;
  bool only_compile = compiles_only(argc, argv, o.first_arg);
  int rest = 0;  /* inputs left for the command itself */
  int ncuda = 0; /* .cu inputs compiled */
  push(&cc, o.compiler);
  for (int k = o.first_arg; k < argc; k++) {
    const char *a = argv[k];
    if (takes_value(a) && k + 1 < argc) {
      push(&cc, a);
      push(&cc, argv[++k]);
      continue;
    }
    bool input = is_input(argv, o.first_arg, k);
    if (input && ends_with(a, ".cu")) {
      int rc = only_compile || make_dir(dir, &have_dir)
                   ? cuda_input(&o, &l, &flags, argc, argv, a, dir, ncuda++, only_compile, alone,
                                &cc, &made)
                   : 1;
      if (rc != 0) {
        status = rc;
        goto out;
      }
      rest += !only_compile;
      continue;
    }
    if (input && ends_with(a, ".c") && mentions_esched(a)) {
      if (!make_dir(dir, &have_dir))
        goto out;
      char *rewritten = rewrite(&o, &l, a, dir, made.len, &flags);
      if (!rewritten)
        goto out;
      push(&made, rewritten);
      if (!alone) {
        push_source_dir(&quote, a);
        push(&cc, rewritten);
        free(rewritten);
        rest++;
        continue;
      }
      char *obj = only_compile ? object_name(a) : malloc(strlen(rewritten) + 1);
      if (obj && !only_compile)
        sprintf(obj, "%.*s.o", (int)(strlen(rewritten) - 2), rewritten);
      int rc = obj ? compile_alone(&o, &l, argc, argv, rewritten, a, obj) : 1;
      if (rc == 0 && !only_compile) {
        push(&made, obj);
        push(&cc, obj);
      }
      free(obj), free(rewritten);
      if (rc != 0) {
        status = rc;
        goto out;
      }
      rest += !only_compile;
      continue;
    }
    rest += input;
    push(&cc, a);
  }
  if (rest == 0 && only_compile) {
    status = 0; /* every input was compiled alone */
    goto out;
  }
  for (int k = 0; k < quote.len; k++)
    push(&cc, quote.v[k]);
  push_includes(&cc, &l);
  if (links(argc, argv, o.first_arg)) {
    push(&cc, l.runtime);
    char libs[] = ESCHED_CC_RUNTIME_LINK_LIBS;
    for (char *t = strtok(libs, " "); t; t = strtok(NULL, " "))
      push(&cc, t);
    if (ncuda)
      push_cudart(&cc);
  }
  status = run(cc.v);
out:
  if (have_dir && !o.keep)
    remove_tree(dir, &made);
  else if (have_dir)
    fprintf(stderr, "esched-cc: note: rewritten files kept in %s\n", dir);
  argv_free(&flags), argv_free(&cc), argv_free(&made), argv_free(&quote);
  argv_free(&o.esched);
  return status;
}
