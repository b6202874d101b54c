/* mentions.h. Follows #include lines as text: only to decide whether esched
 * should parse a file, never to understand it (esched then reads the file
 * through libclang, which reports every annotation of an included file). */
#include "pass/driver/mentions.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pass/driver/argv.h"

enum { MAX_DEPTH = 32 }; /* include nesting followed */

typedef struct Search {
  const CcArgs *c;
  Argv seen; /* headers already read */
} Search;

static bool seen(Search *s, const char *path) {
  for (int i = 0; i < s->seen.len; i++)
    if (!strcmp(s->seen.v[i], path))
      return true;
  argv_push(&s->seen, path);
  return false;
}

/* A regular file: a name that reaches a device or a pipe is left to the
 * compiler (reading /dev/zero here would never end). */
static bool readable(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* dir/name into out when that file can be read. */
static bool found_in(const char *dir, size_t dirlen, const char *name, char *out, size_t cap) {
  int n = snprintf(out, cap, "%.*s%s%s", (int)dirlen, dir, dirlen ? "/" : "", name);
  return n > 0 && (size_t)n < cap && readable(out);
}

/* The folders of -iquote (quoted only) and -I, in order, as cc searches. */
static bool found_in_flags(const CcArgs *c, bool quoted, const char *name, char *out, size_t cap) {
  for (int pass = quoted ? 0 : 1; pass < 2; pass++) {
    const char *flag = pass == 0 ? "-iquote" : "-I";
    size_t fl = strlen(flag);
    for (int k = c->first; k < c->argc; k++) {
      const char *a = c->argv[k], *dir = NULL;
      if (!strcmp(a, flag) && k + 1 < c->argc)
        dir = c->argv[++k];
      else if (!strncmp(a, flag, fl) && a[fl])
        dir = a + fl;
      else if (cc_takes_value(a))
        k++;
      if (dir && found_in(dir, strlen(dir), name, out, cap))
        return true;
    }
  }
  return false;
}

/* The header an #include line names, searched as cc does except for the
 * system folders (whose headers hold no annotation); false when not found. */
static bool resolve(const CcArgs *c, const char *from, const char *line, char *out, size_t cap) {
  const char *p = line + strspn(line, " \t");
  if (*p != '#')
    return false;
  p += 1 + strspn(p + 1, " \t");
  if (strncmp(p, "include", 7))
    return false;
  p += 7 + strspn(p + 7, " \t");
  char close = *p == '"' ? '"' : *p == '<' ? '>' : 0;
  const char *end = close ? strchr(p + 1, close) : NULL;
  if (!end || end == p + 1 || (size_t)(end - p) >= PATH_MAX)
    return false;
  char name[PATH_MAX];
  snprintf(name, sizeof name, "%.*s", (int)(end - p - 1), p + 1);
  const char *slash = strrchr(from, '/');
  if (name[0] == '/')
    return found_in("", 0, name, out, cap);
  if (close == '"' && found_in(from, slash ? (size_t)(slash - from) : 0, name, out, cap))
    return true;
  return found_in_flags(c, close == '"', name, out, cap);
}

static bool mentions(Search *s, const char *path, int depth) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false; /* the compiler will say why */
  char line[4096];
  bool found = false, whole = true; /* whole: line holds a line's start */
  while (!found && fgets(line, sizeof line, f)) {
    found = strstr(line, "esched") || strstr(line, "ESCHED");
    char header[PATH_MAX];
    if (!found && whole && depth < MAX_DEPTH && resolve(s->c, path, line, header, sizeof header) &&
        !seen(s, header))
      found = mentions(s, header, depth + 1);
    whole = strchr(line, '\n') != NULL;
    if (!whole && strlen(line) > 5)
      fseek(f, -5, SEEK_CUR); /* a name may straddle two reads */
  }
  fclose(f);
  return found;
}

/* Whether a header the command includes first (-include FILE, -imacros
 * FILE) mentions esched: FILE is looked for in the working folder, then as
 * an #include "FILE" would be (GCC's order). */
static bool forced_mention(Search *s) {
  const CcArgs *c = s->c;
  bool found = false;
  for (int k = c->first; k + 1 < c->argc && !found; k++) {
    const char *a = c->argv[k], *name = c->argv[k + 1];
    char header[PATH_MAX];
    if (strcmp(a, "-include") && strcmp(a, "-imacros")) {
      k += cc_takes_value(a);
      continue;
    }
    k++;
    if ((found_in("", 0, name, header, sizeof header) ||
         found_in_flags(c, true, name, header, sizeof header)) &&
        !seen(s, header))
      found = mentions(s, header, 1);
  }
  return found;
}

bool mentions_esched(const char *path, const CcArgs *c) {
  if (!readable(path))
    return false; /* a pipe read here would reach the compiler empty */
  Search s = {c, {0}};
  bool found = forced_mention(&s) || mentions(&s, path, 0);
  argv_free(&s.seen);
  return found;
}
