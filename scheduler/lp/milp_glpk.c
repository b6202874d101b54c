/* The GLPK boundary: builds the program from triplets, solves it with
 * glp_intopt, and turns GLPK's errors into EsError.
 *
 * GLPK is loaded at run time (libglpk.so.40, or ESCHED_GLPK_PATH; "none"
 * disables it) the first time a program is solved or asked whether it can
 * be: no program links it, and one that never needs an ILP runs without it.
 * glpk.h gives the types and constants; the calls go through glp, a table
 * of its functions filled once.
 *
 * GLPK reports fatal errors through a hook and then aborts the process
 * unless the hook leaves by longjmp; after that its environment must be
 * freed with glp_free_env, which also frees every problem object. Its
 * terminal output is switched off so that esched's stdout stays clean.
 */
#include "scheduler/lp/milp.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "scheduler/base/vec.h"

#ifdef ESCHED_HAVE_GLPK

#include <glpk.h>
#include <limits.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "scheduler/base/dl.h"

/* The GLPK functions used here, with glpk.h's prototypes. */
typedef struct Glpk {
  void (*term_hook)(int (*func)(void *info, const char *s), void *info);
  void (*error_hook)(void (*func)(void *info), void *info);
  int (*free_env)(void);
  glp_prob *(*create_prob)(void);
  void (*delete_prob)(glp_prob *P);
  void (*set_obj_dir)(glp_prob *P, int dir);
  int (*add_rows)(glp_prob *P, int nrs);
  int (*add_cols)(glp_prob *P, int ncs);
  void (*set_row_bnds)(glp_prob *P, int i, int type, double lb, double ub);
  void (*set_col_bnds)(glp_prob *P, int j, int type, double lb, double ub);
  void (*set_obj_coef)(glp_prob *P, int j, double coef);
  void (*set_col_kind)(glp_prob *P, int j, int kind);
  void (*load_matrix)(glp_prob *P, int ne, const int ia[], const int ja[], const double ar[]);
  void (*init_smcp)(glp_smcp *parm);
  int (*simplex)(glp_prob *P, const glp_smcp *parm);
  int (*get_status)(glp_prob *P);
  void (*init_iocp)(glp_iocp *parm);
  int (*intopt)(glp_prob *P, const glp_iocp *parm);
  int (*mip_status)(glp_prob *P);
  double (*mip_obj_val)(glp_prob *P);
  double (*mip_col_val)(glp_prob *P, int j);
  int (*ios_reason)(glp_tree *T);
  glp_prob *(*ios_get_prob)(glp_tree *T);
  int (*ios_best_node)(glp_tree *T);
  double (*ios_node_bound)(glp_tree *T, int p);
  int (*ios_heur_sol)(glp_tree *T, const double x[]);
} Glpk;

#define GLP(f)                                                                                     \
  { "glp_" #f, offsetof(Glpk, f), false }
static const EsDlSym glpk_syms[] = {
    GLP(term_hook),      GLP(error_hook),   GLP(free_env),     GLP(create_prob),
    GLP(delete_prob),    GLP(set_obj_dir),  GLP(add_rows),     GLP(add_cols),
    GLP(set_row_bnds),   GLP(set_col_bnds), GLP(set_obj_coef), GLP(set_col_kind),
    GLP(load_matrix),    GLP(init_smcp),    GLP(simplex),      GLP(get_status),
    GLP(init_iocp),      GLP(intopt),       GLP(mip_status),   GLP(mip_obj_val),
    GLP(mip_col_val),    GLP(ios_reason),   GLP(ios_get_prob), GLP(ios_best_node),
    GLP(ios_node_bound), GLP(ios_heur_sol),
};

static Glpk glp; /* filled once by glpk_load, read-only after */

static bool glpk_load(void *table, char *why, int whylen) {
  return es_dl_open_bind("ESCHED_GLPK_PATH", "libglpk.so.40", "GLPK", table, glpk_syms,
                         (int)(sizeof glpk_syms / sizeof *glpk_syms), why, whylen);
}

/* Loads GLPK on the first call; false with the reason in why. */
static bool glpk_loaded(char *why, int whylen) {
  static EsDlOnce once = ES_DL_ONCE;
  return es_dl_load(&once, &glp, glpk_load, why, whylen) != NULL;
}

bool es_milp_available(void) {
  char why[8];
  return glpk_loaded(why, sizeof why);
}

int es_milp_require(const char *who, EsError *err) {
  char why[512];
  if (glpk_loaded(why, sizeof why))
    return ES_OK;
  return es_error_set(err, ES_ENOSUP, NULL, 0, 0,
                      "%s needs GLPK, which cannot be loaded: %s; install it (Debian: apt-get "
                      "install libglpk40) or set ESCHED_GLPK_PATH to libglpk.so.40",
                      who, why);
}

typedef struct Col {
  double lo, hi, obj;
  bool integer;
} Col;

typedef struct Row {
  double lo, hi;
} Row;

struct EsMilp {
  Col *cols;
  int ncols, cols_cap;
  Row *rows;
  int nrows, rows_cap;
  int *ti, *tj; /* triplets: row, column (0-based) */
  double *tv;
  int nnz, ti_cap, tj_cap, tv_cap;
  double *solution;
  double *start; /* [ncols + 1], 1-based as GLPK wants it; NULL when none */
  EsMilpProgress progress;
  void *progress_ctx;
};

/* GLPK counts rows and columns from 1 (index 0 of its arrays is unused). */
static int glpk_index(int zero_based) { return zero_based + 1; }

EsMilp *es_milp_new(void) { return es_milp_available() ? calloc(1, sizeof(EsMilp)) : NULL; }

void es_milp_free(EsMilp *m) {
  if (!m)
    return;
  free(m->cols), free(m->rows), free(m->ti), free(m->tj), free(m->tv), free(m->solution);
  free(m->start);
  free(m);
}

int es_milp_add_col(EsMilp *m, double lo, double hi, double obj, bool integer) {
  if (es_vec_reserve(&m->cols, &m->cols_cap, m->ncols + 1, sizeof *m->cols))
    return ES_ENOMEM;
  m->cols[m->ncols] = (Col){lo, hi, obj, integer};
  return m->ncols++;
}

int es_milp_add_row(EsMilp *m, double lo, double hi, int n, const int *cols, const double *vals) {
  int need = m->nnz + n;
  if (es_vec_reserve(&m->rows, &m->rows_cap, m->nrows + 1, sizeof *m->rows) ||
      es_vec_reserve(&m->ti, &m->ti_cap, need, sizeof *m->ti) ||
      es_vec_reserve(&m->tj, &m->tj_cap, need, sizeof *m->tj) ||
      es_vec_reserve(&m->tv, &m->tv_cap, need, sizeof *m->tv))
    return ES_ENOMEM;
  for (int k = 0; k < n; k++) {
    m->ti[m->nnz] = m->nrows;
    m->tj[m->nnz] = cols[k];
    m->tv[m->nnz++] = vals[k];
  }
  m->rows[m->nrows] = (Row){lo, hi};
  return m->nrows++;
}

int es_milp_set_start(EsMilp *m, const double *x) {
  double *start = malloc(((size_t)m->ncols + 1) * sizeof *start);
  if (!start)
    return ES_ENOMEM;
  start[0] = 0;
  for (int j = 0; j < m->ncols; j++)
    start[glpk_index(j)] = x[j];
  free(m->start);
  m->start = start;
  return ES_OK;
}

static int bound_type(double lo, double hi) {
  if (isinf(lo) && isinf(hi))
    return GLP_FR;
  if (isinf(hi))
    return GLP_LO;
  if (isinf(lo))
    return GLP_UP;
  return lo == hi ? GLP_FX : GLP_DB;
}

static void on_glpk_error(void *info) { longjmp(*(jmp_buf *)info, 1); }
static int on_glpk_output(void *info, const char *s) {
  (void)info, (void)s;
  return 1; /* swallow it */
}

typedef struct Progress {
  double bound, incumbent;
  const double *start; /* offered once as a heuristic solution */
  const EsMilp *m;     /* its progress hook */
  double t0, last;     /* when the solve began, when progress was last told */
} Progress;

static double now_seconds(void);

/* Keeps the best bound of the open subproblems, so that a solve stopped by
 * its time limit can report its gap, and offers the start solution at the
 * first chance. */
static void on_branch(glp_tree *tree, void *info) {
  Progress *pr = info;
  int reason = glp.ios_reason(tree);
  if (reason == GLP_IHEUR && pr->start) {
    glp.ios_heur_sol(tree, pr->start); /* rejected when not feasible: fine */
    pr->start = NULL;
  }
  if (reason == GLP_ISELECT || reason == GLP_IBINGO) {
    int node = glp.ios_best_node(tree);
    double bound = node ? glp.ios_node_bound(tree, node) : NAN;
    if (fabs(bound) < 1e300) /* GLPK says -DBL_MAX before a node's LP is solved */
      pr->bound = bound;
  }
  glp_prob *mip = glp.ios_get_prob(tree); /* holds the incumbent */
  if (glp.mip_status(mip) == GLP_FEAS || glp.mip_status(mip) == GLP_OPT)
    pr->incumbent = glp.mip_obj_val(mip);
  double now = now_seconds();
  if (pr->m->progress && now - pr->last >= 1) {
    pr->last = now;
    pr->m->progress(pr->m->progress_ctx, now - pr->t0, pr->incumbent, pr->bound);
  }
}

static glp_prob *load(const EsMilp *m) {
  glp_prob *lp = glp.create_prob();
  glp.set_obj_dir(lp, GLP_MIN);
  if (m->nrows)
    glp.add_rows(lp, m->nrows);
  if (m->ncols)
    glp.add_cols(lp, m->ncols);
  for (int i = 0; i < m->nrows; i++)
    glp.set_row_bnds(lp, glpk_index(i), bound_type(m->rows[i].lo, m->rows[i].hi),
                     isinf(m->rows[i].lo) ? 0 : m->rows[i].lo,
                     isinf(m->rows[i].hi) ? 0 : m->rows[i].hi);
  for (int j = 0; j < m->ncols; j++) {
    const Col *c = &m->cols[j];
    glp.set_col_bnds(lp, glpk_index(j), bound_type(c->lo, c->hi), isinf(c->lo) ? 0 : c->lo,
                     isinf(c->hi) ? 0 : c->hi);
    glp.set_obj_coef(lp, glpk_index(j), c->obj);
    glp.set_col_kind(lp, glpk_index(j), c->integer ? GLP_IV : GLP_CV);
  }
  return lp;
}

static int load_matrix(const EsMilp *m, glp_prob *lp) {
  int *ia = malloc(((size_t)m->nnz + 1) * sizeof *ia);
  int *ja = malloc(((size_t)m->nnz + 1) * sizeof *ja);
  double *ar = malloc(((size_t)m->nnz + 1) * sizeof *ar);
  if (!ia || !ja || !ar) {
    free(ia), free(ja), free(ar);
    return ES_ENOMEM;
  }
  for (int k = 0; k < m->nnz; k++) {
    ia[glpk_index(k)] = glpk_index(m->ti[k]);
    ja[glpk_index(k)] = glpk_index(m->tj[k]);
    ar[glpk_index(k)] = m->tv[k];
  }
  glp.load_matrix(lp, m->nnz, ia, ja, ar);
  free(ia), free(ja), free(ar);
  return ES_OK;
}

static const char *glpk_code_name(int code) {
  switch (code) {
  case GLP_EBOUND: return "GLP_EBOUND (incorrect bounds)";
  case GLP_EROOT: return "GLP_EROOT (no optimal LP basis)";
  case GLP_ENOPFS: return "GLP_ENOPFS (no primal feasible solution)";
  case GLP_ENODFS: return "GLP_ENODFS (no dual feasible solution)";
  case GLP_EFAIL: return "GLP_EFAIL (solver failure)";
  case GLP_EMIPGAP: return "GLP_EMIPGAP (gap tolerance reached)";
  case GLP_ETMLIM: return "GLP_ETMLIM (time limit)";
  case GLP_ESTOP: return "GLP_ESTOP (stopped)";
  default: return "unknown GLPK code";
  }
}

static double now_seconds(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads the outcome of glp_intopt into res and m->solution. */
static int collect(EsMilp *m, glp_prob *lp, int code, const Progress *pr, EsMilpResult *res,
                   EsError *err) {
  int status = glp.mip_status(lp);
  if (code == GLP_ENOPFS || status == GLP_NOFEAS) {
    res->status = ES_MILP_INFEASIBLE;
    return ES_OK;
  }
  if (code != 0 && code != GLP_ETMLIM && code != GLP_EMIPGAP)
    return es_error_set(err, ES_ESOLVER, NULL, 0, 0, "GLPK glp_intopt failed: %s",
                        glpk_code_name(code));
  if (status != GLP_OPT && status != GLP_FEAS) {
    res->status = ES_MILP_NO_SOLUTION;
    res->bound = pr->bound;
    return ES_OK;
  }
  res->status = status == GLP_OPT ? ES_MILP_OPTIMAL : ES_MILP_FEASIBLE;
  res->objective = glp.mip_obj_val(lp);
  res->bound = status == GLP_OPT ? res->objective : pr->bound;
  double denom = fabs(res->objective) > 1e-12 ? fabs(res->objective) : 1e-12;
  res->gap = status == GLP_OPT ? 0 : fabs(res->objective - res->bound) / denom;
  free(m->solution);
  m->solution = malloc(((size_t)m->ncols + 1) * sizeof *m->solution);
  if (!m->solution)
    return ES_ENOMEM;
  for (int j = 0; j < m->ncols; j++)
    m->solution[j] = glp.mip_col_val(lp, glpk_index(j));
  return ES_OK;
}

/* A start solution is offered through the branch callback, which sees the
 * presolved problem when GLPK's MIP presolver runs; so with a start the
 * presolver is off and, as glp_intopt then requires, the LP relaxation is
 * solved first. Returns 0 or a glp_intopt-style code. */
static int solve_root(glp_prob *lp, glp_iocp *parm) {
  glp_smcp sp;
  glp.init_smcp(&sp);
  sp.msg_lev = GLP_MSG_OFF;
  sp.tm_lim = parm->tm_lim;
  sp.presolve = GLP_OFF;
  parm->presolve = GLP_OFF;
  int code = glp.simplex(lp, &sp);
  if (code == GLP_ETMLIM)
    return GLP_ETMLIM; /* no incumbent yet: the caller's to decide */
  if (code == 0 && glp.get_status(lp) == GLP_NOFEAS)
    return GLP_ENOPFS;
  return code == 0 && glp.get_status(lp) == GLP_OPT ? 0 : GLP_EROOT;
}

int es_milp_solve(EsMilp *m, double time_limit, EsMilpResult *res, EsError *err) {
  memset(res, 0, sizeof *res);
  res->bound = NAN;
  if (es_milp_require("the MILP solver", err))
    return ES_ENOSUP;
  jmp_buf jb;
  glp.term_hook(on_glpk_output, NULL);
  glp.error_hook(on_glpk_error, &jb);
  glp_prob *volatile lp = NULL;
  double start = now_seconds();
  if (setjmp(jb)) {
    /* GLPK's environment is unusable after an error: free all of it. */
    glp.free_env();
    return es_error_set(err, ES_ESOLVER, NULL, 0, 0, "GLPK reported an internal error");
  }
  lp = load(m);
  int rc = load_matrix(m, lp);
  if (rc) {
    glp.delete_prob(lp);
    return es_error_set(err, rc, NULL, 0, 0, "out of memory");
  }
  glp_iocp parm;
  glp.init_iocp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_ON;
  parm.br_tech = GLP_BR_DTH;
  parm.bt_tech = GLP_BT_BLB;
  Progress pr = {NAN, NAN, m->start, m, start, start};
  parm.cb_func = on_branch;
  parm.cb_info = &pr;
  if (time_limit > 0)
    parm.tm_lim = time_limit * 1000 > 2e9 ? 2000000000 : (int)(time_limit * 1000);
  int code = m->start ? solve_root(lp, &parm) : 0;
  if (code == 0 && parm.tm_lim < INT_MAX) /* the root's time counts against the limit */
    parm.tm_lim -= (int)((now_seconds() - start) * 1000);
  if (parm.tm_lim < 1)
    parm.tm_lim = 1;
  if (code == 0)
    code = glp.intopt(lp, &parm);
  rc = collect(m, lp, code, &pr, res, err);
  res->seconds = now_seconds() - start;
  glp.delete_prob(lp);
  glp.error_hook(NULL, NULL);
  glp.term_hook(NULL, NULL);
  return rc;
}

void es_milp_set_progress(EsMilp *m, EsMilpProgress fn, void *ctx) {
  m->progress = fn, m->progress_ctx = ctx;
}

double es_milp_value(const EsMilp *m, int col) {
  return m->solution && col >= 0 && col < m->ncols ? m->solution[col] : NAN;
}

#else /* !ESCHED_HAVE_GLPK */

bool es_milp_available(void) { return false; }
int es_milp_require(const char *who, EsError *err) {
  return es_error_set(err, ES_ENOSUP, NULL, 0, 0,
                      "%s needs GLPK, which this esched was built without; install libglpk-dev "
                      "and rebuild",
                      who);
}
EsMilp *es_milp_new(void) { return NULL; }
int es_milp_set_start(EsMilp *m, const double *x) {
  (void)m, (void)x;
  return ES_ENOSUP;
}
void es_milp_free(EsMilp *m) { (void)m; }
void es_milp_set_progress(EsMilp *m, EsMilpProgress fn, void *ctx) { (void)m, (void)fn, (void)ctx; }
int es_milp_add_col(EsMilp *m, double lo, double hi, double obj, bool integer) {
  (void)m, (void)lo, (void)hi, (void)obj, (void)integer;
  return ES_ENOSUP;
}
int es_milp_add_row(EsMilp *m, double lo, double hi, int n, const int *cols, const double *vals) {
  (void)m, (void)lo, (void)hi, (void)n, (void)cols, (void)vals;
  return ES_ENOSUP;
}
int es_milp_solve(EsMilp *m, double time_limit, EsMilpResult *res, EsError *err) {
  (void)m, (void)time_limit, (void)res;
  return es_milp_require("the MILP solver", err);
}
double es_milp_value(const EsMilp *m, int col) {
  (void)m, (void)col;
  return NAN;
}

#endif
