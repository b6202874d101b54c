/* Dependency files of rewritten sources (depfile.h). The compiler names
 * the file as GCC documents for -MD: the -MF value; else the -o value with
 * its suffix replaced by .d (with several sources linked at once,
 * OUTPUT-SOURCE.d); else the source's base name with .d. Paths in it are
 * written as make reads them (GCC's escapes: below). */
#include "pass/driver/depfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* path with its suffix (after the last '.' of the last component)
 * replaced by `tail`, into buf. */
static void replace_suffix(char *buf, size_t n, const char *path, const char *tail) {
  const char *base = base_name(path), *dot = strrchr(base, '.');
  int len = (int)(dot && dot != base ? (size_t)(dot - path) : strlen(path));
  snprintf(buf, n, "%.*s%s", len, path, tail);
}

/* path as GCC writes it into a dependency file (libcpp's mkdeps): '$'
 * doubled, '#' after a backslash, and a space or tab after a backslash,
 * with the backslashes before it doubled. Appended to a. */
static void push_escaped(Argv *a, const char *path) {
  char *out = malloc(2 * strlen(path) + 1), *o = out;
  if (!out) {
    fprintf(stderr, "esched-cc: error: out of memory\n");
    exit(1);
  }
  for (const char *p = path; *p; p++) {
    if (*p == ' ' || *p == '\t') {
      for (const char *q = p; q > path && q[-1] == '\\'; q--)
        *o++ = '\\';
      *o++ = '\\';
    } else if (*p == '#')
      *o++ = '\\';
    else if (*p == '$')
      *o++ = '$';
    *o++ = *p;
  }
  *o = '\0';
  argv_push(a, out);
  free(out);
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = NULL;
  size_t cap = 0;
  *len = 0;
  for (;;) {
    if (*len + 4096 + 1 > cap && !(text = realloc(text, cap = 2 * cap + 4096 + 1)))
      break;
    size_t got = fread(text + *len, 1, 4096, f);
    *len += got;
    if (got < 4096)
      break;
  }
  fclose(f);
  if (text)
    text[*len] = '\0';
  return text;
}

/* Writes text with every `from` replaced by `to`, and `inputs` added to the
 * first rule's prerequisites (and as phony rules when phony); the caller
 * gives all three as make reads them (escaped). */
static void emit(FILE *f, const char *text, const char *from, const char *to, const Argv *inputs,
                 bool phony) {
  size_t n = strlen(from);
  bool first_rule = true;
  for (const char *p = text; *p;) {
    if (!strncmp(p, from, n)) {
      fputs(to, f);
      p += n;
      continue;
    }
    if (*p == '\n' && first_rule && (p == text || p[-1] != '\\')) {
      for (int i = 0; i < inputs->len; i++)
        fprintf(f, " \\\n %s", inputs->v[i]);
      first_rule = false;
    }
    fputc(*p++, f);
  }
  for (int i = 0; phony && i < inputs->len; i++)
    fprintf(f, "\n%s:\n", inputs->v[i]);
}

/* The paths copy, source and inputs as make reads them: e.v[0], e.v[1],
 * then the inputs. */
static Argv escaped(const char *copy, const char *source, const Argv *inputs) {
  Argv e = {0};
  push_escaped(&e, copy);
  push_escaped(&e, source);
  for (int i = 0; i < inputs->len; i++)
    push_escaped(&e, inputs->v[i]);
  return e;
}

/* Rewrites the dependency file at path if it names copy. */
static bool fix_one(const char *path, const char *copy, const char *source, const Argv *inputs,
                    bool phony, bool *done) {
  size_t len;
  char *text = slurp(path, &len);
  Argv e = escaped(copy, source, inputs);
  Argv e_inputs = {e.v + 2, e.len - 2, 0};
  bool ok = true;
  if (text && strstr(text, e.v[0])) {
    *done = true;
    size_t n = strlen(path) + 16;
    char *tmp = malloc(n);
    FILE *f = tmp ? (snprintf(tmp, n, "%s.esched-cc", path), fopen(tmp, "wb")) : NULL;
    ok = f != NULL;
    if (ok) {
      emit(f, text, e.v[0], e.v[1], &e_inputs, phony);
      ok = fclose(f) == 0 && rename(tmp, path) == 0;
    }
    if (!ok) {
      fprintf(stderr, "esched-cc: error: cannot rewrite '%s': %s\n", path, strerror(errno));
      if (tmp)
        remove(tmp);
    }
    free(tmp);
  }
  argv_free(&e);
  free(text);
  return ok;
}

static bool wants_phony(const CcArgs *c) {
  bool phony = false;
  for (int k = c->first; k < c->argc; k++)
    phony |= !strcmp(c->argv[k], "-MP");
  return phony;
}

char *depfile_of_link(const CcArgs *c, const char *source) {
  if (!c->deps && !c->depfile)
    return NULL;
  if (c->depfile)
    return strdup(c->depfile);
  char name[4200], src_d[512];
  if (c->output) {
    replace_suffix(name, sizeof name, c->output, ".d");
  } else {
    replace_suffix(src_d, sizeof src_d, base_name(source), "");
    snprintf(name, sizeof name, "a-%s.d", src_d);
  }
  return strdup(name);
}

bool depfile_fix_at(const CcArgs *c, const char *path, const char *copy, const char *source,
                    const Argv *inputs) {
  bool done = false;
  return fix_one(path, copy, source, inputs, wants_phony(c), &done);
}

bool depfile_fix(const CcArgs *c, const char *output, const char *copy, const char *source,
                 const Argv *inputs) {
  if (!c->deps && !c->depfile)
    return true;
  bool phony = wants_phony(c);
  char cand[3][4200];
  int n = 0;
  if (c->depfile) {
    snprintf(cand[n++], sizeof cand[0], "%s", c->depfile);
  } else {
    char src_d[512];
    replace_suffix(src_d, sizeof src_d, base_name(source), "");
    if (output) {
      replace_suffix(cand[n++], sizeof cand[0], output, ".d");
      char tail[600];
      snprintf(tail, sizeof tail, "-%s.d", src_d);
      replace_suffix(cand[n++], sizeof cand[0], output, tail);
    }
    snprintf(cand[n++], sizeof cand[0], "%s.d", src_d);
  }
  bool done = false;
  for (int i = 0; i < n && !done; i++)
    if (!fix_one(cand[i], copy, source, inputs, phony, &done))
      return false;
  return true;
}
