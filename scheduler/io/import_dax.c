/* Pegasus DAX workflows (XML; schema dax-2.1 to 3.x) through libxml2:
 *
 *   <adag> <job id runtime> <uses file|name link=input|output size/> </job>
 *          <child ref> <parent ref/> </child> </adag>
 *
 * A task per job (named by its id, time = runtime in seconds); an edge per
 * parent -> child with the bytes of the files the parent outputs and the
 * child inputs (0 when they share none: a pure order). Runtimes and sizes
 * must be finite numbers >= 0; errors point at the element's start tag.
 * Only this file includes libxml2.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/vec.h"
#include "scheduler/io/importer.h"
#include "scheduler/io/textfile.h"

#ifdef ESCHED_HAVE_LIBXML2
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>

/* libxml2 keeps a line per element (where its start tag ends) and no
 * column, so the parser's start-element callback is wrapped to record where
 * each start tag begins: it is called with the input at the tag's closing
 * '>', and a start tag holds no '<' (attribute values cannot), so the tag
 * begins at the last '<' before. Elements carry their mark's index + 1 in
 * _private. */
typedef struct Dax {
  startElementNsSAX2Func start;
  EsMark *marks;
  int nmarks, cap;
  const char *path;
  EsError *err;
} Dax;

static EsMark tag_start(xmlParserInputPtr in) {
  const xmlChar *p = in->cur;
  int newlines = 0;
  while (p > in->base && *p != '<')
    newlines += *--p == '\n';
  EsMark m = {in->line - newlines, in->col - (int)(in->cur - p)};
  if (newlines > 0) { /* the column counts from the line's start */
    const xmlChar *q = p;
    while (q > in->base && q[-1] != '\n')
      q--;
    m.col = q > in->base || in->consumed == 0 ? (int)(p - q) + 1 : 1;
  }
  return m;
}

static void start_element(void *ctx, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri,
                          int nns, const xmlChar **ns, int nattr, int ndefaulted,
                          const xmlChar **attr) {
  xmlParserCtxtPtr c = ctx;
  Dax *d = c->_private;
  d->start(ctx, name, prefix, uri, nns, ns, nattr, ndefaulted, attr);
  if (!c->node || es_vec_reserve(&d->marks, &d->cap, d->nmarks + 1, sizeof *d->marks))
    return; /* no position for this element */
  d->marks[d->nmarks++] = tag_start(c->input);
  c->node->_private = (void *)(intptr_t)d->nmarks;
}

static EsMark mark_of(const Dax *d, const xmlNode *n) {
  intptr_t k = (intptr_t)n->_private;
  return k > 0 && k <= d->nmarks ? d->marks[k - 1] : (EsMark){(int)xmlGetLineNo(n), 0};
}

static int fail(const Dax *d, const xmlNode *n, const char *fmt, const char *arg) {
  EsMark m = mark_of(d, n);
  return es_error_set(d->err, ES_EINVAL, d->path, m.line, m.col, fmt, arg);
}

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

/* Attribute name of n as a finite number >= 0 (0 when absent). */
static int amount(const Dax *d, xmlNode *n, const char *name, double *out) {
  xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
  char *end = NULL;
  *out = v ? strtod((const char *)v, &end) : 0;
  bool ok = !v || (end != (char *)v && end[strspn(end, " \t\r\n")] == '\0' && isfinite(*out) &&
                   *out >= 0);
  char text[64];
  snprintf(text, sizeof text, "%s", v ? (const char *)v : "");
  xmlFree(v);
  if (ok)
    return ES_OK;
  char fmt[96];
  snprintf(fmt, sizeof fmt, "DAX: %s=\"%%s\" is not a finite number >= 0", name);
  return fail(d, n, fmt, text);
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

/* Bytes that job `from` outputs and job `to` inputs (sizes checked). */
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

static int read_job(const Dax *d, xmlNode *n, const EsImportOptions *opt, EsGraph *g,
                    xmlNode **job) {
  const char *id = attr(g, n, "id");
  if (!id || es_graph_find_task(g, id) >= 0)
    return fail(d, n, "DAX: a job without an id, or a repeated id '%s'", id ? id : "");
  double t, size;
  if (amount(d, n, "runtime", &t))
    return ES_EINVAL;
  for (xmlNode *u = n->children; u; u = u->next)
    if (is(u, "uses") && amount(d, u, "size", &size))
      return ES_EINVAL;
  int v = es_import_task(g, opt, id, t);
  if (v < 0)
    return es_error_set(d->err, ES_ENOMEM, d->path, 0, 0, "out of memory");
  g->tasks[v].mark = mark_of(d, n);
  job[v] = n;
  return ES_OK;
}

static int read_deps(const Dax *d, xmlNode *root, const EsImportOptions *opt, EsGraph *g,
                     xmlNode **job) {
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
        return fail(d, to < 0 ? c : p, "DAX: dependency names an unknown job '%s'",
                    from < 0 ? (pref ? pref : "") : ref);
      int e = es_import_edge(g, opt, from, to, shared_bytes(job[from], job[to]));
      if (e < 0)
        return es_error_set(d->err, ES_ENOMEM, d->path, 0, 0, "out of memory");
      g->edges[e].mark = mark_of(d, p);
    }
  }
  return ES_OK;
}

static int read_adag(const Dax *d, xmlNode *root, const EsImportOptions *opt, EsGraph *g) {
  if (!root || !is(root, "adag"))
    return es_error_set(d->err, ES_EINVAL, d->path, 1, 1, "DAX: the root element is not <adag>");
  int njobs = 0;
  for (xmlNode *n = root->children; n; n = n->next)
    njobs += is(n, "job");
  xmlNode **job = calloc((size_t)njobs + 1, sizeof *job);
  int rc = job ? ES_OK : es_error_set(d->err, ES_ENOMEM, d->path, 0, 0, "out of memory");
  for (xmlNode *n = root->children; !rc && n; n = n->next)
    if (is(n, "job"))
      rc = read_job(d, n, opt, g, job);
  if (!rc)
    rc = read_deps(d, root, opt, g, job);
  free(job);
  return rc;
}

static int read_dax(const char *path, const EsImportOptions *opt, EsGraph *g, EsError *err) {
  Dax d = {.path = path, .err = err};
  char *text;
  size_t len;
  int rc = es_textfile_read(path, &text, &len, err);
  if (rc)
    return rc;
  xmlParserCtxtPtr c = len <= INT32_MAX ? xmlCreateMemoryParserCtxt(text, (int)len) : NULL;
  if (!c) {
    free(text);
    return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  }
  xmlCtxtUseOptions(c, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  d.start = c->sax->startElementNs;
  c->sax->startElementNs = start_element;
  c->_private = &d;
  if (xmlParseDocument(c) != 0 || !c->wellFormed) {
    const xmlError *e = xmlCtxtGetLastError(c);
    const char *why = e && e->message ? e->message : "unreadable";
    rc = es_error_set(err, ES_EINVAL, path, e ? e->line : 0, e ? e->int2 : 0,
                      "DAX: not well-formed XML: %.*s", (int)strcspn(why, "\n"), why);
  } else
    rc = read_adag(&d, xmlDocGetRootElement(c->myDoc), opt, g);
  xmlFreeDoc(c->myDoc);
  xmlFreeParserCtxt(c);
  free(d.marks);
  free(text);
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
