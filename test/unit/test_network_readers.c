/* The network readers (network.h): BIF, UAI and evidence files read from
 * buffers, their table layouts, and the positions of their errors. */
#include <stdlib.h>
#include <string.h>

#include "networks.h"
#include "scheduler/sumproduct/network.h"
#include "test.h"

static EsNetwork *bif(const char *text) {
  EsNetwork *n = NULL;
  EsError err = {0};
  if (es_network_read_bif_buffer(text, strlen(text), "t.bif", &n, &err))
    TEST_FAIL("%d:%d: %s", err.line, err.col, err.message);
  return n;
}

/* CPTs become factors over (parents..., child), child fastest. */
static void test_bif_asia(void) {
  EsNetwork *n = bif(asia_bif);
  if (!n)
    return;
  ASSERT_EQ(n->nvars, 8);
  ASSERT_EQ(n->nfactors, 8);
  ASSERT_TRUE(n->bayesian);
  ASSERT_STREQ(n->name, "t");
  int either = es_network_find_var(n, "either"), lung = es_network_find_var(n, "lung");
  const EsNetFactor *f = &n->factors[5];
  ASSERT_STREQ(f->name, "cpt_either");
  ASSERT_EQ(f->child, either);
  ASSERT_EQ(f->f.nvars, 3);
  ASSERT_EQ(f->f.vars[0], lung);
  ASSERT_EQ(f->f.vars[2], either);
  /* (lung=no, tub=no) is row 3: P(either=yes) = 0, P(either=no) = 1 */
  ASSERT_NEAR(f->f.table[6], 0, 0);
  ASSERT_NEAR(f->f.table[7], 1, 0);
  /* (lung=no, tub=yes) is row 2: 1.0, 0.0 */
  ASSERT_NEAR(f->f.table[4], 1, 0);
  ASSERT_EQ(es_network_find_value(n, either, "no", 2), 1);
  ASSERT_EQ(n->vars[either].mark.line, 18);
  es_network_free(n);
}

/* table with parents is row-major over (child, parents...); default fills
 * the rows not given; comments and properties are skipped. */
static void test_bif_table_default(void) {
  EsNetwork *n = bif("// a comment\nnetwork n { property \"x y\" ; }\n"
                     "variable a { type discrete [ 2 ] { a0, a1 }; property p = 1; }\n"
                     "variable b { /* block */ type discrete [ 3 ] { b0, b1, b2 }; }\n"
                     "probability ( a ) { table 0.25 0.75; }\n"
                     "probability ( b | a ) { table 0.1, 0.2, 0.3, 0.4, 0.6, 0.4; }\n");
  if (!n)
    return;
  ASSERT_STREQ(n->name, "n");
  const EsFactor *f = &n->factors[1].f; /* over (a, b) */
  ASSERT_NEAR(f->table[0], 0.1, 0);     /* a0 b0 */
  ASSERT_NEAR(f->table[1], 0.3, 0);     /* a0 b1 */
  ASSERT_NEAR(f->table[2], 0.6, 0);     /* a0 b2 */
  ASSERT_NEAR(f->table[3], 0.2, 0);     /* a1 b0 */
  es_network_free(n);
  n = bif("variable a { type discrete [ 2 ] { a0, a1 }; }\n"
          "variable b { type discrete [ 2 ] { b0, b1 }; }\n"
          "probability ( b | a ) { (a1) 0.5, 0.5; default 0.9, 0.1; }\n"
          "probability ( a ) { table 1, 0; }\n");
  if (!n)
    return;
  ASSERT_NEAR(n->factors[0].f.table[0], 0.9, 0);
  ASSERT_NEAR(n->factors[0].f.table[2], 0.5, 0);
  es_network_free(n);
}

/* An error's position, message, and the number of errors reported. */
static void expect_error(const char *text, int line, int col, const char *message, int count) {
  EsNetwork *n = NULL;
  EsError err = {0};
  ASSERT_EQ(es_network_read_bif_buffer(text, strlen(text), "t.bif", &n, &err), ES_EINVAL);
  ASSERT_TRUE(n == NULL);
  ASSERT_EQ(err.line, line);
  ASSERT_EQ(err.col, col);
  ASSERT_STREQ(err.message, message);
  ASSERT_EQ(err.count, count);
}

static void test_bif_errors(void) {
  const char *vars = "variable a { type discrete [ 2 ] { x, y }; }\n";
  char buf[512];
  snprintf(buf, sizeof buf, "%sprobability ( a | b ) { table 1, 0; }\n", vars);
  expect_error(buf, 2, 19, "unknown variable 'b'", 1);
  snprintf(buf, sizeof buf, "%sprobability ( a ) { table 1, 0, 3; }\n", vars);
  expect_error(buf, 2, 27, "expected 2 probabilities, found 3", 1);
  snprintf(buf, sizeof buf, "%sprobability ( a ) { table 1, -0.5; }\n", vars);
  expect_error(buf, 2, 30, "expected a probability (a non-negative number), found '-0.5'", 1);
  expect_error("variable a { type discrete [ 3 ] { x, y }; }\n", 1, 30,
               "variable 'a' declares 3 values but lists 2", 1);
  /* Both bad variables are reported; then reading stops. */
  expect_error("variable a { type discrete [ 3 ] { x, y }; }\n"
               "variable b { type discrete [ 2 ] { x, x }; }\n",
               1, 30, "variable 'a' declares 3 values but lists 2", 2);
  expect_error("variable a { type discrete [ 2 ] { x, y }; }\n", 1, 10,
               "variable 'a' has no probability block", 1);
  snprintf(buf, sizeof buf,
           "%svariable b { type discrete [ 2 ] { u, v }; }\nprobability ( a ) { table 1, 0; }\n"
           "probability ( b | a ) {\n  (x) 1, 0;\n  (z) 1, 0;\n}\n",
           vars);
  expect_error(buf, 6, 4, "expected a value of 'a', found 'z'", 1);
  expect_error("/* open", 1, 1, "unterminated comment", 1);
}

static EsNetwork *uai(const char *text) {
  EsNetwork *n = NULL;
  EsError err = {0};
  if (es_network_read_uai_buffer(text, strlen(text), "dir/m.uai", &n, &err))
    TEST_FAIL("%d:%d: %s", err.line, err.col, err.message);
  return n;
}

static void test_uai(void) {
  EsNetwork *n = uai("MARKOV\n3\n2 2 3\n2\n2 0 1\n1 2\n\n4\n 1 2\n 3 4\n3 0.5 0.25 0.25\n");
  if (!n)
    return;
  ASSERT_STREQ(n->name, "m");
  ASSERT_TRUE(!n->bayesian);
  ASSERT_EQ(n->nfactors, 2);
  ASSERT_STREQ(n->vars[2].name, "x2");
  ASSERT_STREQ(n->factors[1].name, "f1");
  ASSERT_EQ(n->factors[0].child, -1);
  ASSERT_NEAR(n->factors[0].f.table[2], 3, 0); /* x0 = 1, x1 = 0 */
  ASSERT_NEAR(n->factors[1].f.table[0], 0.5, 0);
  es_network_free(n);
  n = uai("BAYES 2 2 2 2 1 0 2 0 1 2 0.3 0.7 4 0.9 0.1 0.2 0.8");
  if (!n)
    return;
  ASSERT_TRUE(n->bayesian);
  ASSERT_EQ(n->factors[1].child, 1);
  es_network_free(n);
}

static void expect_uai_error(const char *text, int line, int col, const char *message) {
  EsNetwork *n = NULL;
  EsError err = {0};
  ASSERT_EQ(es_network_read_uai_buffer(text, strlen(text), "m.uai", &n, &err), ES_EINVAL);
  ASSERT_EQ(err.line, line);
  ASSERT_EQ(err.col, col);
  ASSERT_STREQ(err.message, message);
}

static void test_uai_errors(void) {
  expect_uai_error("MARKOFF\n", 1, 1, "expected 'MARKOV' or 'BAYES', found 'MARKOFF'");
  expect_uai_error("MARKOV\n2\n2 0\n", 3, 3,
                   "expected a variable's cardinality (a positive integer), found '0'");
  expect_uai_error("MARKOV\n2\n2 2\n1\n2 0 2\n", 5, 5,
                   "expected a variable index (0 to N-1), found '2'");
  expect_uai_error("MARKOV\n2\n2 2\n1\n2 0 1\n3 1 2 3\n", 6, 1,
                   "factor 0 has 4 entries (the product of its cardinalities), not 3");
  expect_uai_error("MARKOV\n1\n2\n1\n1 0\n2 1 x\n", 6, 5,
                   "expected a table entry (a non-negative number), found 'x'");
  expect_uai_error("MARKOV\n1\n2\n1\n1 0\n2 1 1 7\n", 6, 7,
                   "expected the end of the file after the last table, found '7'");
}

static void test_evidence(void) {
  EsNetwork *n = bif(asia_bif);
  if (!n)
    return;
  EsError err = {0};
  const char *ev = "2\nxray yes\n 7 1\n";
  ASSERT_EQ(es_network_read_evidence_buffer(n, ev, strlen(ev), "e", &err), ES_OK);
  ASSERT_EQ(n->vars[6].observed, 0);
  ASSERT_EQ(n->vars[7].observed, 1);
  ASSERT_EQ(es_network_nobserved(n), 2);
  ASSERT_EQ(es_network_nfree(n), 6);
  const char *old = "1 1 0 1"; /* the older form: one sample of one pair */
  ASSERT_EQ(es_network_read_evidence_buffer(n, old, strlen(old), "e", &err), ES_OK);
  ASSERT_EQ(n->vars[0].observed, 1);
  const char *bad = "3\nxray maybe\n 9 0\n dysp yes\n";
  ASSERT_EQ(es_network_read_evidence_buffer(n, bad, strlen(bad), "e", &err), ES_EINVAL);
  ASSERT_EQ(err.count, 3); /* every bad pair, and the conflicting dysp */
  ASSERT_EQ(err.line, 2);
  ASSERT_EQ(err.col, 6);
  ASSERT_STREQ(err.message, "'maybe' is not a value of variable 'xray' (an index 0 to 1 or "
                            "a name)");
  es_error_clear(&err);
  const char *count = "2 0 1";
  ASSERT_EQ(es_network_read_evidence_buffer(n, count, strlen(count), "e", &err), ES_EINVAL);
  ASSERT_STREQ(err.message, "expected 2 (variable, value) pairs after the count, found 2 tokens");
  es_network_free(n);
}

int main(void) {
  test_bif_asia();
  test_bif_table_default();
  test_bif_errors();
  test_uai();
  test_uai_errors();
  test_evidence();
  return test_summary();
}
