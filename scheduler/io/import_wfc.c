/* WfCommons workflow instances (JSON) through json-c. Two layouts:
 *
 *   wfformat >= 1.5: workflow.specification.tasks[] {id, name, parents[],
 *                    inputFiles[], outputFiles[]}, workflow.specification
 *                    .files[] {id, sizeInBytes}, workflow.execution.tasks[]
 *                    {id, runtimeInSeconds}
 *   wfformat <  1.5: workflow.tasks[] (or .jobs[]) {name, id?, runtime |
 *                    runtimeInSeconds, parents[], files[] {link, name | id,
 *                    size | sizeInBytes}}
 *
 * A task per task (named by id, else name); an edge per parent with the
 * bytes of the files the parent writes and the child reads. Every field
 * used is checked for its type (json-c asserts on an array access to
 * anything else), runtimes and sizes for being finite and >= 0 (json-c
 * reads NaN, Infinity and 1e400). Only this file includes json-c.
 *
 * Positions: json-c reports the offset of a syntax error but keeps none for
 * the values it builds. The offsets of the tasks are found in one more walk
 * over the tasks array (each element skipped by parsing it with json-c),
 * and an error inside a value walks the text again to the value's path.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/strmap.h"
#include "scheduler/io/importer.h"
#include "scheduler/io/textfile.h"

#ifdef ESCHED_HAVE_JSONC
#include <json.h>

/* A value's path from the root: member keys, or array indexes (key NULL). */
typedef struct Step {
  const char *key;
  size_t index;
} Step;

enum { MAX_STEPS = 8 };

typedef struct Where {
  Step s[MAX_STEPS];
  int n;
} Where;

static Where at_key(Where w, const char *key) {
  if (w.n < MAX_STEPS)
    w.s[w.n++] = (Step){key, 0};
  return w;
}

static Where at_index(Where w, size_t i) {
  if (w.n < MAX_STEPS)
    w.s[w.n++] = (Step){NULL, i};
  return w;
}

typedef struct Wfc {
  const char *text;
  size_t len;
  json_tokener *skip; /* lenient: stops after one value, wherever it sits */
  const char *path;
  EsError *err;
  EsGraph *g;
  const EsImportOptions *opt;
  size_t *task_at; /* offset of each task's object in the text */
  EsStrMap exec;   /* execution.tasks: id -> index */
  EsStrMap files;  /* specification.files: id -> index */
  json_object *exec_list, *file_list;
  size_t mark_off; /* mark_at's memory: the position of text[mark_off] */
  EsMark mark;
} Wfc;

/* ---- positions ---- */

static size_t skip_space(const Wfc *w, size_t pos) {
  while (pos < w->len && strchr(" \t\r\n", w->text[pos]) && w->text[pos])
    pos++;
  return pos;
}

/* Parses the value at *pos (the text is valid JSON) and moves past it. */
static json_object *value_at(Wfc *w, size_t *pos) {
  json_tokener_reset(w->skip);
  size_t left = w->len - *pos;
  json_object *o =
      json_tokener_parse_ex(w->skip, w->text + *pos, left > INT32_MAX ? INT32_MAX : (int)left);
  *pos += json_tokener_get_parse_end(w->skip);
  return o;
}

/* Steps into the container at pos: the offset of its member `s`, or
 * (size_t)-1 when it has none. */
static size_t step_into(Wfc *w, size_t pos, const Step *s) {
  char open = pos < w->len ? w->text[pos] : '\0';
  if (open != '{' && open != '[')
    return (size_t)-1;
  pos = skip_space(w, pos + 1);
  for (size_t i = 0; pos < w->len && w->text[pos] != (open == '{' ? '}' : ']'); i++) {
    bool found = !s->key && open == '[' && s->index == i;
    if (open == '{') {
      json_object *key = value_at(w, &pos);
      found = s->key && json_object_is_type(key, json_type_string) &&
              !strcmp(json_object_get_string(key), s->key);
      json_object_put(key);
      pos = skip_space(w, pos);
      pos = skip_space(w, pos + (pos < w->len && w->text[pos] == ':'));
    }
    if (found)
      return pos;
    size_t before = pos;
    json_object_put(value_at(w, &pos));
    pos = skip_space(w, pos);
    if (pos == before)
      break; /* not JSON after all */
    pos = skip_space(w, pos + (pos < w->len && w->text[pos] == ','));
  }
  return (size_t)-1;
}

/* The offset of the value at where, starting from the value at `from`
 * (where is relative to it); as far as the path exists. */
static size_t locate(Wfc *w, size_t from, const Where *where) {
  size_t pos = skip_space(w, from);
  for (int k = 0; k < where->n; k++) {
    size_t next = step_into(w, pos, &where->s[k]);
    if (next == (size_t)-1)
      break;
    pos = next;
  }
  return pos;
}

/* Line and column of an offset, counting on from the last one asked for
 * when it lies before (the tasks' offsets come in order). */
static EsMark mark_at(Wfc *w, size_t off) {
  if (off < w->mark_off)
    w->mark_off = 0, w->mark = (EsMark){1, 1};
  for (; w->mark_off < off && w->mark_off < w->len; w->mark_off++)
    if (w->text[w->mark_off] == '\n')
      w->mark.line++, w->mark.col = 1;
    else
      w->mark.col++;
  return w->mark;
}

/* Reports fmt at the value at `where` below task i (i < 0: below the root). */
static int fail(Wfc *w, long i, Where where, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int fail(Wfc *w, long i, Where where, const char *fmt, ...) {
  size_t from = i >= 0 && w->task_at ? w->task_at[i] : 0;
  EsMark m = mark_at(w, locate(w, from, &where));
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return es_error_set(w->err, ES_EINVAL, w->path, m.line, m.col, "WfCommons: %s", msg);
}

/* ---- typed access ---- */

static json_object *get(json_object *o, const char *key) {
  json_object *v = NULL;
  return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static const char *str(json_object *o) {
  return json_object_is_type(o, json_type_string) ? json_object_get_string(o) : NULL;
}

static bool is_number(json_object *o) {
  return json_object_is_type(o, json_type_double) || json_object_is_type(o, json_type_int);
}

static bool is_array(json_object *o) { return json_object_is_type(o, json_type_array); }

static size_t length(json_object *array) {
  return is_array(array) ? json_object_array_length(array) : 0;
}

static json_object *item(json_object *array, size_t i) {
  return i < length(array) ? json_object_array_get_idx(array, i) : NULL;
}

/* key of o, when present, as a finite number >= 0 (runtimes, sizes). */
static int amount(Wfc *w, long i, Where where, json_object *o, const char *key, double *out) {
  json_object *v = get(o, key);
  if (!v)
    return ES_OK;
  double x = is_number(v) ? json_object_get_double(v) : NAN;
  if (!is_number(v) || !isfinite(x) || x < 0)
    return fail(w, i, at_key(where, key), "'%s' must be a finite number >= 0, not %s", key,
                json_object_to_json_string(v));
  *out = x;
  return ES_OK;
}

/* key of o, when present, as an array of strings (a value else). */
static int string_list(Wfc *w, long i, Where where, json_object *o, const char *key) {
  json_object *v = get(o, key);
  if (v && !is_array(v))
    return fail(w, i, at_key(where, key), "'%s' must be an array", key);
  for (size_t k = 0; k < length(v); k++)
    if (!str(item(v, k)))
      return fail(w, i, at_index(at_key(where, key), k), "'%s' must list strings", key);
  return ES_OK;
}

static const char *file_name(json_object *f) {
  return str(get(f, "id")) ? str(get(f, "id")) : str(get(f, "name"));
}

/* ---- the two layouts ---- */

static const char *task_id(json_object *t) { return file_name(t); }

/* Files a task reads or writes: (new) inputFiles/outputFiles of ids, or
 * (old) files[] with link. */
static bool touches(json_object *t, const char *file, bool output) {
  json_object *list = get(t, output ? "outputFiles" : "inputFiles");
  for (size_t i = 0; i < length(list); i++)
    if (str(item(list, i)) && !strcmp(str(item(list, i)), file))
      return true;
  json_object *files = get(t, "files");
  for (size_t i = 0; i < length(files); i++) {
    json_object *f = item(files, i);
    const char *name = file_name(f), *link = str(get(f, "link"));
    if (name && link && !strcmp(name, file) && !strcmp(link, output ? "output" : "input"))
      return true;
  }
  return false;
}

/* Size of a file (checked): the (new) files table, else the (old) entry. */
static double file_size(Wfc *w, json_object *t, const char *file) {
  int k = es_strmap_get(&w->files, file);
  json_object *f = k >= 0 ? item(w->file_list, (size_t)k) : NULL;
  if (f)
    return json_object_get_double(get(f, "sizeInBytes"));
  json_object *own = get(t, "files");
  for (size_t i = 0; i < length(own); i++) {
    f = item(own, i);
    const char *name = file_name(f);
    if (name && !strcmp(name, file)) {
      json_object *size = get(f, "sizeInBytes") ? get(f, "sizeInBytes") : get(f, "size");
      return size ? json_object_get_double(size) : 0;
    }
  }
  return 0;
}

/* Bytes parent writes and child reads. */
static double shared_bytes(Wfc *w, json_object *parent, json_object *child) {
  double bytes = 0;
  json_object *out = get(parent, "outputFiles"), *old = get(parent, "files");
  for (size_t i = 0; i < length(out); i++) {
    const char *f = str(item(out, i));
    if (f && touches(child, f, false))
      bytes += file_size(w, parent, f);
  }
  for (size_t i = 0; i < length(old); i++) {
    json_object *f = item(old, i);
    const char *name = file_name(f), *link = str(get(f, "link"));
    if (name && link && !strcmp(link, "output") && touches(child, name, false))
      bytes += file_size(w, parent, name);
  }
  return bytes;
}

/* Checks task i's fields and reads its runtime: its own field, else its
 * execution entry's. */
static int check_task(Wfc *w, long i, json_object *t, double *runtime) {
  Where here = {0};
  if (!json_object_is_type(t, json_type_object))
    return fail(w, i, here, "a task must be an object");
  if (!task_id(t))
    return fail(w, i, here, "a task needs an 'id' or a 'name' (a string)");
  const char *lists[] = {"parents", "inputFiles", "outputFiles"};
  for (int k = 0; k < 3; k++)
    if (string_list(w, i, here, t, lists[k]))
      return ES_EINVAL;
  json_object *files = get(t, "files");
  if (files && !is_array(files))
    return fail(w, i, at_key(here, "files"), "'files' must be an array");
  for (size_t k = 0; k < length(files); k++) {
    Where f = at_index(at_key(here, "files"), k);
    double size;
    if (!json_object_is_type(item(files, k), json_type_object))
      return fail(w, i, f, "a file must be an object");
    if (amount(w, i, f, item(files, k), "size", &size) ||
        amount(w, i, f, item(files, k), "sizeInBytes", &size))
      return ES_EINVAL;
  }
  *runtime = 0;
  if (get(t, "runtimeInSeconds") || get(t, "runtime"))
    return amount(w, i, here, t, "runtimeInSeconds", runtime) ||
                   amount(w, i, here, t, "runtime", runtime)
               ? ES_EINVAL
               : ES_OK;
  int e = es_strmap_get(&w->exec, task_id(t));
  if (e >= 0)
    *runtime = json_object_get_double(get(item(w->exec_list, (size_t)e), "runtimeInSeconds"));
  return ES_OK;
}

/* An id -> index map of an array of objects (execution tasks, the files
 * table), checking each object's amount field. */
static int index_by_id(Wfc *w, json_object *list, Where where, const char *amount_key,
                       EsStrMap *map) {
  if (list && !is_array(list))
    return fail(w, -1, where, "must be an array");
  for (size_t k = 0; k < length(list); k++) {
    json_object *o = item(list, k);
    double x;
    if (!json_object_is_type(o, json_type_object) || !str(get(o, "id")))
      return fail(w, -1, at_index(where, k), "an entry must be an object with an 'id' string");
    if (amount(w, -1, at_index(where, k), o, amount_key, &x))
      return ES_EINVAL;
    if (es_strmap_put(map, str(get(o, "id")), (int)k))
      return es_error_set(w->err, ES_ENOMEM, w->path, 0, 0, "out of memory");
  }
  return ES_OK;
}

/* Offsets of the elements of the array at where, in one walk. */
static void element_offsets(Wfc *w, Where where, size_t *at, size_t n) {
  size_t pos = skip_space(w, locate(w, 0, &where) + 1);
  for (size_t k = 0; k < n && pos < w->len; k++) {
    at[k] = pos;
    json_object_put(value_at(w, &pos));
    pos = skip_space(w, pos);
    pos = skip_space(w, pos + (pos < w->len && w->text[pos] == ','));
  }
}

static int add_edges(Wfc *w, json_object *tasks, size_t i) {
  json_object *t = item(tasks, i), *parents = get(t, "parents");
  for (size_t k = 0; k < length(parents); k++) {
    const char *pid = str(item(parents, k));
    int from = es_graph_find_task(w->g, pid);
    if (from < 0)
      return fail(w, (long)i, at_index(at_key((Where){0}, "parents"), k),
                  "task '%s' names an unknown parent '%s'", task_id(t), pid);
    int e =
        es_import_edge(w->g, w->opt, from, (int)i, shared_bytes(w, item(tasks, (size_t)from), t));
    if (e < 0)
      return es_error_set(w->err, ES_ENOMEM, w->path, 0, 0, "out of memory");
    w->g->edges[e].mark = w->g->tasks[i].mark; /* the child's */
  }
  return ES_OK;
}

static int import_tasks(Wfc *w, json_object *tasks, Where where) {
  size_t n = length(tasks);
  if (!(w->task_at = calloc(n + 1, sizeof *w->task_at)))
    return es_error_set(w->err, ES_ENOMEM, w->path, 0, 0, "out of memory");
  element_offsets(w, where, w->task_at, n);
  for (size_t i = 0; i < n; i++) {
    json_object *t = item(tasks, i);
    double rt;
    int rc = check_task(w, (long)i, t, &rt);
    if (rc)
      return rc;
    if (es_graph_find_task(w->g, task_id(t)) >= 0)
      return fail(w, (long)i, at_key((Where){0}, str(get(t, "id")) ? "id" : "name"),
                  "task id '%s' repeats an earlier task's", task_id(t));
    int v = es_import_task(w->g, w->opt, task_id(t), rt);
    if (v < 0)
      return es_error_set(w->err, ES_ENOMEM, w->path, 0, 0, "out of memory");
    w->g->tasks[v].mark = mark_at(w, w->task_at[i]);
  }
  for (size_t i = 0; i < n; i++)
    if (add_edges(w, tasks, i))
      return ES_EINVAL;
  return ES_OK;
}

/* Parses the whole text strictly: a syntax error at its line and column. */
static json_object *parse(Wfc *w) {
  json_tokener *tok = json_tokener_new();
  if (!tok) {
    es_error_set(w->err, ES_ENOMEM, w->path, 0, 0, "out of memory");
    return NULL;
  }
  json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
  int n = w->len > INT32_MAX ? INT32_MAX : (int)w->len;
  json_object *root = json_tokener_parse_ex(tok, w->text, n);
  enum json_tokener_error e = json_tokener_get_error(tok);
  size_t end = json_tokener_get_parse_end(tok);
  if (e == json_tokener_success && skip_space(w, end) < w->len)
    e = json_tokener_error_parse_unexpected;
  if (e != json_tokener_success) {
    EsMark m = mark_at(w, end);
    es_error_set(w->err, ES_EINVAL, w->path, m.line, m.col, "WfCommons: not valid JSON: %s",
                 e == json_tokener_continue ? "unexpected end of file"
                                            : json_tokener_error_desc(e));
    json_object_put(root);
    root = NULL;
  }
  json_tokener_free(tok);
  return root;
}

static int read_root(Wfc *w, json_object *root) {
  Where wf = at_key((Where){0}, "workflow"), spec = at_key(wf, "specification");
  json_object *jwf = get(root, "workflow"), *jspec = get(jwf, "specification");
  const char *key = jspec || get(jwf, "tasks") ? "tasks" : "jobs";
  json_object *tasks = get(jspec ? jspec : jwf, key);
  Where tasks_at = at_key(jspec ? spec : wf, key);
  if (!is_array(tasks))
    return fail(w, -1, tasks_at, "no workflow.specification.tasks or workflow.tasks array");
  w->exec_list = get(get(jwf, "execution"), "tasks");
  w->file_list = get(jspec, "files");
  int rc = index_by_id(w, w->exec_list, at_key(at_key(wf, "execution"), "tasks"),
                       "runtimeInSeconds", &w->exec);
  if (!rc)
    rc = index_by_id(w, w->file_list, at_key(spec, "files"), "sizeInBytes", &w->files);
  const char *name = str(get(root, "name"));
  if (!rc && name && !(w->g->name = es_graph_intern(w->g, name)))
    rc = es_error_set(w->err, ES_ENOMEM, w->path, 0, 0, "out of memory");
  return rc ? rc : import_tasks(w, tasks, tasks_at);
}

static int read_wfcommons(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err) {
  Wfc w = {.path = path, .err = err, .g = g, .opt = opt, .mark = {1, 1}};
  char *text;
  int rc = es_textfile_read(path, &text, &w.len, err);
  if (rc)
    return rc;
  w.text = text;
  json_object *root = parse(&w);
  if (!root)
    rc = err && err->code ? err->code : ES_EINVAL;
  else if (!(w.skip = json_tokener_new()))
    rc = es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  else
    rc = read_root(&w, root);
  if (w.skip)
    json_tokener_free(w.skip);
  json_object_put(root);
  es_strmap_free(&w.exec);
  es_strmap_free(&w.files);
  free(w.task_at);
  free(text);
  return rc;
}
#else
static int read_wfcommons(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err) {
  (void)opt, (void)g;
  return es_error_set(err, ES_ENOSUP, path, 0, 0,
                      "WfCommons import needs json-c (install libjson-c-dev and rebuild)");
}
#endif

const EsImporter es_importer_wfcommons = {ES_IMPORT_WFCOMMONS, {".json"}, read_wfcommons};
