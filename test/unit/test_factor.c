/* The sum-product kernel (factor.h) on hand-computed tables: products,
 * summation, arbitrary scope orders, evidence reduction, scope errors. */
#include "scheduler/sumproduct/factor.h"
#include "test.h"

static void make(EsFactor *f, int n, const int *vars, const int *card, const double *table) {
  ASSERT_EQ(es_factor_init(f, n, vars, card, NULL), ES_OK);
  for (long e = 0; e < f->size; e++)
    f->table[e] = table[e];
}

/* out(a, c) = sum_b f(a, b) g(b, c): a matrix product. */
static void test_matrix_product(void) {
  EsFactor f, g, out;
  make(&f, 2, (int[]){0, 1}, (int[]){2, 3}, (double[]){1, 2, 3, 4, 5, 6});
  make(&g, 2, (int[]){1, 2}, (int[]){3, 2}, (double[]){1, 0, 0, 1, 1, 1});
  ASSERT_EQ(es_factor_init(&out, 2, (int[]){0, 2}, (int[]){2, 2}, NULL), ES_OK);
  const EsFactor *in[] = {&f, &g};
  ASSERT_EQ(es_factor_sum_product(in, 2, 1, 3, &out, NULL), ES_OK);
  /* [[1 2 3] [4 5 6]] x [[1 0] [0 1] [1 1]] = [[4 5] [10 11]] */
  ASSERT_NEAR(out.table[0], 4, 0);
  ASSERT_NEAR(out.table[1], 5, 0);
  ASSERT_NEAR(out.table[2], 10, 0);
  ASSERT_NEAR(out.table[3], 11, 0);
  es_factor_free(&f), es_factor_free(&g), es_factor_free(&out);
}

/* The output's scope order is the caller's: out(c, a) is the transpose. */
static void test_scope_order(void) {
  EsFactor f, g, out;
  make(&f, 2, (int[]){1, 0}, (int[]){3, 2}, (double[]){1, 4, 2, 5, 3, 6}); /* f(b, a) */
  make(&g, 2, (int[]){1, 2}, (int[]){3, 2}, (double[]){1, 0, 0, 1, 1, 1});
  ASSERT_EQ(es_factor_init(&out, 2, (int[]){2, 0}, (int[]){2, 2}, NULL), ES_OK);
  const EsFactor *in[] = {&f, &g};
  ASSERT_EQ(es_factor_sum_product(in, 2, 1, 3, &out, NULL), ES_OK);
  ASSERT_NEAR(out.table[0], 4, 0);  /* c=0, a=0 */
  ASSERT_NEAR(out.table[1], 10, 0); /* c=0, a=1 */
  ASSERT_NEAR(out.table[2], 5, 0);
  ASSERT_NEAR(out.table[3], 11, 0);
  es_factor_free(&f), es_factor_free(&g), es_factor_free(&out);
}

/* Summing to a scalar, a plain product (var < 0), and no inputs at all. */
static void test_scalar_and_product(void) {
  EsFactor f, out, prod, none;
  make(&f, 1, (int[]){7}, (int[]){3}, (double[]){0.5, 0.25, 2});
  ASSERT_EQ(es_factor_init(&out, 0, NULL, NULL, NULL), ES_OK);
  const EsFactor *in[] = {&f, &f};
  ASSERT_EQ(es_factor_sum_product(in, 2, 7, 3, &out, NULL), ES_OK);
  ASSERT_NEAR(out.table[0], 0.25 + 0.0625 + 4, 0);
  ASSERT_EQ(es_factor_init(&prod, 1, (int[]){7}, (int[]){3}, NULL), ES_OK);
  ASSERT_EQ(es_factor_sum_product(in, 2, -1, 0, &prod, NULL), ES_OK);
  ASSERT_NEAR(prod.table[2], 4, 0);
  ASSERT_EQ(es_factor_init(&none, 0, NULL, NULL, NULL), ES_OK);
  ASSERT_EQ(es_factor_sum_product(in, 0, 7, 3, &none, NULL), ES_OK);
  ASSERT_NEAR(none.table[0], 3, 0); /* sum over 3 values of the empty product */
  es_factor_free(&f), es_factor_free(&out), es_factor_free(&prod), es_factor_free(&none);
}

static void test_reduce(void) {
  EsFactor f, r;
  double t[12];
  for (int e = 0; e < 12; e++)
    t[e] = e;
  make(&f, 3, (int[]){0, 1, 2}, (int[]){2, 3, 2}, t); /* entry = 6a + 2b + c */
  int observed[3] = {-1, 2, -1};
  ASSERT_EQ(es_factor_reduce(&f, observed, &r, NULL), ES_OK);
  ASSERT_EQ(r.nvars, 2);
  ASSERT_EQ(r.vars[0], 0);
  ASSERT_EQ(r.vars[1], 2);
  ASSERT_NEAR(r.table[0], 4, 0);
  ASSERT_NEAR(r.table[1], 5, 0);
  ASSERT_NEAR(r.table[2], 10, 0);
  ASSERT_NEAR(r.table[3], 11, 0);
  es_factor_free(&r);
  int bad[3] = {-1, 3, -1};
  ASSERT_EQ(es_factor_reduce(&f, bad, &r, NULL), ES_EINVAL);
  es_factor_free(&f);
}

static void test_scope_errors(void) {
  EsFactor f, out;
  EsError err = {0};
  make(&f, 2, (int[]){0, 1}, (int[]){2, 2}, (double[]){1, 2, 3, 4});
  ASSERT_EQ(es_factor_init(&out, 0, NULL, NULL, NULL), ES_OK);
  const EsFactor *in[] = {&f};
  ASSERT_EQ(es_factor_sum_product(in, 1, 1, 2, &out, &err), ES_EINVAL);
  ASSERT_STREQ(err.message, "variable 0 of input 0 is not in the output's scope");
  es_factor_free(&out);
  ASSERT_EQ(es_factor_init(&out, 1, (int[]){0}, (int[]){3}, NULL), ES_OK);
  ASSERT_EQ(es_factor_sum_product(in, 1, 1, 2, &out, NULL), ES_EINVAL);
  es_factor_free(&out);
  int vars[40], card[40];
  for (int k = 0; k < 40; k++)
    vars[k] = k, card[k] = 2;
  ASSERT_EQ(es_factor_init(&out, 40, vars, card, NULL), ES_ELIMIT); /* 2^40 entries */
  es_factor_free(&f);
  es_factor_free(NULL);
}

int main(void) {
  test_matrix_product();
  test_scope_order();
  test_scalar_and_product();
  test_reduce();
  test_scope_errors();
  return test_summary();
}
