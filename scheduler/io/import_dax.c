/* Pegasus DAX workflows (XML; schema dax-2.1 to 3.x) through libxml2:
 *
 *   <adag> <job id runtime> <uses file|name link=input|output size/> </job>
 *          <child ref> <parent ref/> </child> </adag>
 *
 * A task per job (named by its id, time = runtime in seconds); an edge per
 * parent -> child with the bytes of the files the parent outputs and the
 * child inputs (0 when they share none: a pure order). Only this file
 * includes libxml2.
 */
#include <stdlib.h>
#include <string.h>

#include "scheduler/io/importer.h"

#ifdef ESCHED_HAVE_LIBXML2
#include <libxml/parser.h>
#include <libxml/tree.h>

static bool is(const xmlNode *n, const char *name) {
  return n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

/* A string attribute, copied into the graph's arena; NULL when absent. */
static const char *attr(EsGraph *g, xmlNode *n, const char *name) {
  xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
  const char *copy = v ? es_graph_intern(g, (const char *)v) : NULL;
  xmlFree(v);
  return copy;
}

/* The file a <uses> names (dax-3 `file`, dax-2 `name`); caller frees. */
static xmlChar *uses_file(xmlNode *u) {
  xmlChar *f = xmlGetProp(u, (const xmlChar *)"file");
  return f ? f : xmlGetProp(u, (const xmlChar *)"name");
}

static bool prop_is(xmlNode *n, const char *name, const char *value) {
  xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
  bool eq = v && !strcmp((const char *)v, value);
  xmlFree(v);
  return eq;
}

/* Bytes that job `from` outputs and job `to` inputs. */
static double shared_bytes(xmlNode *from, xmlNode *to) {
  double bytes = 0;
  for (xmlNode *a = from->children; a; a = a->next) {
    if (!is(a, "uses") || !prop_is(a, "link", "output"))
      continue;
    xmlChar *fa = uses_file(a);
    for (xmlNode *b = to->children; fa && b; b = b->next) {
      if (!is(b, "uses") || !prop_is(b, "link", "input"))
        continue;
      xmlChar *fb = uses_file(b), *size = xmlGetProp(b, (const xmlChar *)"size");
      if (fb && !strcmp((const char *)fa, (const char *)fb) && size)
        bytes += strtod((const char *)size, NULL);
      xmlFree(fb), xmlFree(size);
    }
    xmlFree(fa);
  }
  return bytes;
}

static int read_jobs(xmlNode *root, const EsImportOptions *opt, EsGraph *g, xmlNode **job,
                     const char *path, EsError *err) {
  for (xmlNode *n = root->children; n; n = n->next) {
    if (!is(n, "job"))
      continue;
    const char *id = attr(g, n, "id"), *rt = attr(g, n, "runtime");
    if (!id || es_graph_find_task(g, id) >= 0)
      return es_error_set(err, ES_EINVAL, path, (int)xmlGetLineNo(n), 0,
                          "DAX: a job without an id, or a repeated id '%s'", id ? id : "");
    double t = rt ? strtod(rt, NULL) : 0;
    int v = es_import_task(g, opt, id, t > 0 ? t : 0);
    if (v < 0)
      return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
    job[v] = n;
  }
  return ES_OK;
}

static int read_deps(xmlNode *root, const EsImportOptions *opt, EsGraph *g, xmlNode **job,
                     const char *path, EsError *err) {
  for (xmlNode *c = root->children; c; c = c->next) {
    if (!is(c, "child"))
      continue;
    const char *ref = attr(g, c, "ref");
    int to = ref ? es_graph_find_task(g, ref) : -1;
    for (xmlNode *p = c->children; p; p = p->next) {
      if (!is(p, "parent"))
        continue;
      const char *pref = attr(g, p, "ref");
      int from = pref ? es_graph_find_task(g, pref) : -1;
      if (from < 0 || to < 0)
        return es_error_set(err, ES_EINVAL, path, (int)xmlGetLineNo(p), 0,
                            "DAX: dependency names an unknown job '%s'",
                            from < 0 ? (pref ? pref : "") : ref);
      if (es_import_edge(g, opt, from, to, shared_bytes(job[from], job[to])) < 0)
        return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
    }
  }
  return ES_OK;
}

static int read_dax(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err) {
  xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (!doc) {
    const xmlError *e = xmlGetLastError();
    return es_error_set(err, ES_EINVAL, path, e ? e->line : 0, 0, "DAX: not well-formed XML: %s",
                        e && e->message ? e->message : "unreadable");
  }
  xmlNode *root = xmlDocGetRootElement(doc);
  int rc = ES_OK;
  xmlNode **job = NULL;
  if (!root || !is(root, "adag"))
    rc = es_error_set(err, ES_EINVAL, path, 1, 1, "DAX: the root element is not <adag>");
  int njobs = 0;
  for (xmlNode *n = root ? root->children : NULL; !rc && n; n = n->next)
    njobs += is(n, "job");
  if (!rc && !(job = calloc((size_t)njobs + 1, sizeof *job)))
    rc = es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  if (!rc)
    rc = read_jobs(root, opt, g, job, path, err);
  if (!rc)
    rc = read_deps(root, opt, g, job, path, err);
  free(job);
  xmlFreeDoc(doc);
  return rc;
}
#else
static int read_dax(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err) {
  (void)opt, (void)g;
  return es_error_set(err, ES_ENOSUP, path, 0, 0,
                      "DAX import needs libxml2 (install libxml2-dev and rebuild)");
}
#endif

const EsImporter es_importer_dax = {ES_IMPORT_DAX, {".xml", ".dax"}, read_dax};
