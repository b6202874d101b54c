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
 * bytes of the files the parent writes and the child reads. Only this file
 * includes json-c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/importer.h"

#ifdef ESCHED_HAVE_JSONC
#include <json.h>

static json_object *get(json_object *o, const char *key) {
  json_object *v = NULL;
  return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static const char *str(json_object *o) {
  return o && json_object_is_type(o, json_type_string) ? json_object_get_string(o) : NULL;
}

static double num(json_object *o) {
  return o && (json_object_is_type(o, json_type_double) || json_object_is_type(o, json_type_int))
             ? json_object_get_double(o)
             : 0;
}

static const char *task_id(json_object *t) {
  return str(get(t, "id")) ? str(get(t, "id")) : str(get(t, "name"));
}

/* Files a task reads or writes: (new) inputFiles/outputFiles of ids, or
 * (old) files[] with link. */
static bool touches(json_object *t, const char *file, bool output) {
  json_object *list = get(t, output ? "outputFiles" : "inputFiles");
  for (size_t i = 0; list && i < json_object_array_length(list); i++)
    if (str(json_object_array_get_idx(list, i)) &&
        !strcmp(str(json_object_array_get_idx(list, i)), file))
      return true;
  json_object *files = get(t, "files");
  for (size_t i = 0; files && i < json_object_array_length(files); i++) {
    json_object *f = json_object_array_get_idx(files, i);
    const char *name = str(get(f, "id")) ? str(get(f, "id")) : str(get(f, "name"));
    const char *link = str(get(f, "link"));
    if (name && link && !strcmp(name, file) && !strcmp(link, output ? "output" : "input"))
      return true;
  }
  return false;
}

/* Size of a file: the (new) files table, else the (old) per-task entry. */
static double file_size(json_object *files, json_object *t, const char *file) {
  for (size_t i = 0; files && i < json_object_array_length(files); i++) {
    json_object *f = json_object_array_get_idx(files, i);
    if (str(get(f, "id")) && !strcmp(str(get(f, "id")), file))
      return num(get(f, "sizeInBytes"));
  }
  json_object *own = get(t, "files");
  for (size_t i = 0; own && i < json_object_array_length(own); i++) {
    json_object *f = json_object_array_get_idx(own, i);
    const char *name = str(get(f, "id")) ? str(get(f, "id")) : str(get(f, "name"));
    if (name && !strcmp(name, file))
      return get(f, "sizeInBytes") ? num(get(f, "sizeInBytes")) : num(get(f, "size"));
  }
  return 0;
}

/* Bytes parent writes and child reads. */
static double shared_bytes(json_object *files, json_object *parent, json_object *child) {
  double bytes = 0;
  json_object *out = get(parent, "outputFiles"), *old = get(parent, "files");
  for (size_t i = 0; out && i < json_object_array_length(out); i++) {
    const char *f = str(json_object_array_get_idx(out, i));
    if (f && touches(child, f, false))
      bytes += file_size(files, parent, f);
  }
  for (size_t i = 0; old && i < json_object_array_length(old); i++) {
    json_object *f = json_object_array_get_idx(old, i);
    const char *name = str(get(f, "id")) ? str(get(f, "id")) : str(get(f, "name"));
    const char *link = str(get(f, "link"));
    if (name && link && !strcmp(link, "output") && touches(child, name, false))
      bytes += file_size(files, parent, name);
  }
  return bytes;
}

/* Runtime: the task's own field, else the execution section's entry. */
static double runtime(json_object *exec, json_object *t) {
  if (get(t, "runtimeInSeconds") || get(t, "runtime"))
    return get(t, "runtimeInSeconds") ? num(get(t, "runtimeInSeconds")) : num(get(t, "runtime"));
  for (size_t i = 0; exec && i < json_object_array_length(exec); i++) {
    json_object *e = json_object_array_get_idx(exec, i);
    if (str(get(e, "id")) && task_id(t) && !strcmp(str(get(e, "id")), task_id(t)))
      return num(get(e, "runtimeInSeconds"));
  }
  return 0;
}

static int import_tasks(json_object *tasks, json_object *files, json_object *exec,
                        const EsImportOptions *opt, EsGraph *g, const char *path, EsError *err) {
  size_t n = json_object_array_length(tasks);
  for (size_t i = 0; i < n; i++) {
    json_object *t = json_object_array_get_idx(tasks, i);
    const char *id = task_id(t);
    if (!id || es_graph_find_task(g, id) >= 0)
      return es_error_set(err, ES_EINVAL, path, 0, 0,
                          "WfCommons: task %zu has no id/name or repeats '%s'", i, id ? id : "");
    double rt = runtime(exec, t);
    if (es_import_task(g, opt, id, rt > 0 ? rt : 0) < 0)
      return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  }
  for (size_t i = 0; i < n; i++) {
    json_object *t = json_object_array_get_idx(tasks, i), *parents = get(t, "parents");
    for (size_t k = 0; parents && k < json_object_array_length(parents); k++) {
      const char *pid = str(json_object_array_get_idx(parents, k));
      int from = pid ? es_graph_find_task(g, pid) : -1;
      if (from < 0)
        return es_error_set(err, ES_EINVAL, path, 0, 0,
                            "WfCommons: task '%s' names an unknown parent '%s'", task_id(t),
                            pid ? pid : "?");
      json_object *pt = json_object_array_get_idx(tasks, (size_t)from);
      if (es_import_edge(g, opt, from, (int)i, shared_bytes(files, pt, t)) < 0)
        return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
    }
  }
  return ES_OK;
}

static int read_wfcommons(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err) {
  json_object *root = json_object_from_file(path);
  if (!root)
    return es_error_set(err, ES_EINVAL, path, 0, 0, "WfCommons: not readable JSON: %s",
                        json_util_get_last_err() ? json_util_get_last_err() : "?");
  json_object *wf = get(root, "workflow"), *spec = get(wf, "specification");
  json_object *tasks = spec               ? get(spec, "tasks")
                       : get(wf, "tasks") ? get(wf, "tasks")
                                          : get(wf, "jobs");
  json_object *files = get(spec, "files"), *exec = get(get(wf, "execution"), "tasks");
  int rc;
  if (!tasks || !json_object_is_type(tasks, json_type_array))
    rc = es_error_set(err, ES_EINVAL, path, 0, 0,
                      "WfCommons: no workflow.specification.tasks or workflow.tasks array");
  else {
    const char *name = str(get(root, "name"));
    if (name)
      g->name = es_graph_intern(g, name);
    rc = import_tasks(tasks, files, exec, opt, g, path, err);
  }
  json_object_put(root);
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
