/* The clause parser (annotations/clause.h): clauses, sections, positions,
 * every error with its column, and robustness on every prefix and every
 * one-byte corruption of valid annotations. */
#include <stdlib.h>
#include <string.h>

#include "annotations/clause.h"
#include "scheduler/base/error.h"
#include "test.h"

static int parse(const char *text, EsAnnotation *a) {
  return es_annotation_parse(text, strlen(text), NULL, a);
}

static void test_full_task(void) {
  const char *t = "task name(mul) in(A[0:n*n], B[0:n*n]) out(T[0:n*n]) gpu(matmul_gpu)";
  EsAnnotation a;
  ASSERT_EQ(parse(t, &a), ES_OK);
  ASSERT_EQ(a.kind, ES_ANNOT_TASK);
  ASSERT_EQ(a.col, 1);
  ASSERT_EQ(a.nclauses, 4);
  ASSERT_EQ(a.clauses[0].kind, ES_CLAUSE_NAME);
  ASSERT_STREQ(a.clauses[0].ident, "mul");
  ASSERT_EQ(a.clauses[0].col, 6);
  ASSERT_EQ(a.clauses[0].ident_col, 11);
  const EsClause *in = &a.clauses[1];
  ASSERT_EQ(in->kind, ES_CLAUSE_IN);
  ASSERT_EQ(in->col, 16);
  ASSERT_EQ(in->nitems, 2);
  ASSERT_STREQ(in->items[0].name, "A");
  ASSERT_EQ(in->items[0].col, 19);
  ASSERT_TRUE(in->items[0].section);
  ASSERT_EQ(in->items[0].bracket_col, 20);
  ASSERT_STREQ(in->items[0].lo, "0");
  ASSERT_EQ(in->items[0].lo_col, 21);
  ASSERT_STREQ(in->items[0].len, "n*n");
  ASSERT_EQ(in->items[0].len_col, 23);
  ASSERT_STREQ(in->items[1].name, "B");
  ASSERT_EQ(in->items[1].col, 29);
  ASSERT_EQ(a.clauses[2].kind, ES_CLAUSE_OUT);
  ASSERT_STREQ(a.clauses[2].items[0].name, "T");
  ASSERT_EQ(a.clauses[3].kind, ES_CLAUSE_VARIANT);
  ASSERT_STREQ(a.clauses[3].device, "gpu");
  ASSERT_STREQ(a.clauses[3].ident, "matmul_gpu");
  ASSERT_EQ(a.clauses[3].col, 53);
  ASSERT_EQ(a.clauses[3].ident_col, 57);
  es_annotation_clear(&a);
  ASSERT_EQ(a.nclauses, 0);
}

static void test_sections_and_spacing(void) {
  const char *t = "task inout(x, P[:len], Q[ (i ? 1 : 2) : m[k] ] , R[lo:]) pin( gpu ),"
                  " /* c */ name(t1) // tail";
  EsAnnotation a;
  ASSERT_EQ(parse(t, &a), ES_OK);
  ASSERT_EQ(a.nclauses, 3);
  const EsClause *c = &a.clauses[0];
  ASSERT_EQ(c->kind, ES_CLAUSE_INOUT);
  ASSERT_EQ(c->nitems, 4);
  ASSERT_TRUE(!c->items[0].section);
  ASSERT_TRUE(c->items[0].lo == NULL && c->items[0].len == NULL);
  ASSERT_TRUE(c->items[1].lo == NULL);
  ASSERT_EQ(c->items[1].lo_col, 0);
  ASSERT_STREQ(c->items[1].len, "len");
  ASSERT_STREQ(c->items[2].lo, "(i ? 1 : 2)");
  ASSERT_STREQ(c->items[2].len, "m[k]");
  ASSERT_STREQ(c->items[3].lo, "lo");
  ASSERT_TRUE(c->items[3].len == NULL);
  ASSERT_EQ(a.clauses[1].kind, ES_CLAUSE_PIN);
  ASSERT_STREQ(a.clauses[1].device, "gpu");
  ASSERT_STREQ(a.clauses[2].ident, "t1");
  es_annotation_clear(&a);
}

/* Sections of several dimensions, outermost first, and members. */
static void test_dimensions_and_members(void) {
  const char *t =
      "task in(A[0:ni][ 0 : nk ], B[1:][:], p -> v[0:p->n], s.a.b, q->w.x[2:3][4:5][6:7])";
  EsAnnotation a;
  ASSERT_EQ(parse(t, &a), ES_OK);
  const EsClause *c = &a.clauses[0];
  ASSERT_EQ(c->nitems, 5);
  ASSERT_STREQ(c->items[0].name, "A");
  ASSERT_EQ(c->items[0].root_len, 1);
  ASSERT_STREQ(c->items[0].len, "ni");
  ASSERT_EQ(c->items[0].ninner, 1);
  ASSERT_STREQ(c->items[0].inner[0].lo, "0");
  ASSERT_STREQ(c->items[0].inner[0].len, "nk");
  ASSERT_EQ(c->items[0].inner[0].bracket_col, 16);
  ASSERT_EQ(c->items[0].inner[0].lo_col, 18);
  ASSERT_EQ(c->items[0].inner[0].len_col, 22);
  ASSERT_TRUE(c->items[1].len == NULL && c->items[1].inner[0].lo == NULL);
  ASSERT_TRUE(c->items[1].inner[0].len == NULL);
  ASSERT_STREQ(c->items[2].name, "p->v");
  ASSERT_EQ(c->items[2].root_len, 1);
  ASSERT_EQ(c->items[2].col, 38);
  ASSERT_STREQ(c->items[2].len, "p->n");
  ASSERT_EQ(c->items[2].ninner, 0);
  ASSERT_STREQ(c->items[3].name, "s.a.b");
  ASSERT_TRUE(!c->items[3].section);
  ASSERT_STREQ(c->items[4].name, "q->w.x");
  ASSERT_EQ(c->items[4].ninner, 2);
  ASSERT_STREQ(c->items[4].inner[1].len, "7");
  es_annotation_clear(&a);
}

static void test_region_and_macro_form(void) {
  EsAnnotation a;
  ASSERT_EQ(parse("region name(solve)", &a), ES_OK);
  ASSERT_EQ(a.kind, ES_ANNOT_REGION);
  ASSERT_STREQ(a.clauses[0].ident, "solve");
  es_annotation_clear(&a);
  /* The macro form: clauses only, a line continuation and newlines inside. */
  const char *t = "in(A[0:n]) \\\n out(B[0:n])\n gpu(f_gpu)";
  ASSERT_EQ(es_annotation_parse_clauses(ES_ANNOT_TASK, t, strlen(t), NULL, &a), ES_OK);
  ASSERT_EQ(a.kind, ES_ANNOT_TASK);
  ASSERT_EQ(a.nclauses, 3);
  ASSERT_EQ(a.clauses[1].col, 15);
  ASSERT_EQ(a.clauses[2].col, 28);
  es_annotation_clear(&a);
  ASSERT_EQ(es_annotation_parse_clauses(ES_ANNOT_TASK, "", 0, NULL, &a), ES_OK);
  ASSERT_EQ(a.nclauses, 0);
  es_annotation_clear(&a);
}

static void test_stream(void) {
  EsAnnotation a;
  const char *t = "stream name(bank) cores(2 * NC) deadline(10ms)";
  ASSERT_EQ(parse(t, &a), ES_OK);
  ASSERT_EQ(a.kind, ES_ANNOT_STREAM);
  ASSERT_EQ(a.nclauses, 3);
  ASSERT_EQ(a.clauses[1].kind, ES_CLAUSE_CORES);
  ASSERT_STREQ(a.clauses[1].text, "2 * NC");
  ASSERT_EQ(a.clauses[1].text_col, 25);
  ASSERT_EQ(a.clauses[2].kind, ES_CLAUSE_DEADLINE);
  ASSERT_STREQ(a.clauses[2].text, "10ms");
  ASSERT_EQ(a.clauses[2].text_col, 42);
  es_annotation_clear(&a);
  ASSERT_EQ(parse("stream", &a), ES_OK);
  ASSERT_EQ(a.kind, ES_ANNOT_STREAM);
  ASSERT_EQ(a.nclauses, 0);
  es_annotation_clear(&a);
}

static void test_stream_task(void) {
  EsAnnotation a;
  const char *t = "task name(fir) width( (N > 4 ? 4 : N) ) work(2.5e6) efficiency(comm: 0.01ms)";
  ASSERT_EQ(parse(t, &a), ES_OK);
  ASSERT_EQ(a.nclauses, 4);
  ASSERT_EQ(a.clauses[1].kind, ES_CLAUSE_WIDTH);
  ASSERT_STREQ(a.clauses[1].text, "(N > 4 ? 4 : N)");
  ASSERT_EQ(a.clauses[1].text_col, 23);
  ASSERT_EQ(a.clauses[2].kind, ES_CLAUSE_WORK);
  ASSERT_STREQ(a.clauses[2].text, "2.5e6");
  ASSERT_EQ(a.clauses[2].text_col, 46);
  const EsClause *e = &a.clauses[3];
  ASSERT_EQ(e->kind, ES_CLAUSE_EFFICIENCY);
  ASSERT_EQ(e->nentries, 1);
  ASSERT_STREQ(e->entries[0].key, "comm");
  ASSERT_EQ(e->entries[0].key_col, 64);
  ASSERT_STREQ(e->entries[0].value, "0.01ms");
  ASSERT_EQ(e->entries[0].value_col, 70);
  es_annotation_clear(&a);
  t = "task width(4) efficiency(2: 0.9, 4 :0.75 ) , work(3ms)";
  ASSERT_EQ(parse(t, &a), ES_OK);
  e = &a.clauses[1];
  ASSERT_EQ(e->nentries, 2);
  ASSERT_STREQ(e->entries[0].key, "2");
  ASSERT_STREQ(e->entries[0].value, "0.9");
  ASSERT_STREQ(e->entries[1].key, "4");
  ASSERT_EQ(e->entries[1].key_col, 34);
  ASSERT_STREQ(e->entries[1].value, "0.75");
  ASSERT_STREQ(a.clauses[2].text, "3ms");
  es_annotation_clear(&a);
  ASSERT_EQ(parse("task width(1) efficiency(perfect)", &a), ES_OK);
  ASSERT_STREQ(a.clauses[1].entries[0].key, "perfect");
  ASSERT_TRUE(a.clauses[1].entries[0].value == NULL);
  ASSERT_EQ(a.clauses[1].entries[0].value_col, 0);
  es_annotation_clear(&a);
  ASSERT_STREQ(es_clause_kind_name(ES_CLAUSE_EFFICIENCY), "efficiency");
  ASSERT_STREQ(es_clause_kind_name(ES_CLAUSE_DEADLINE), "deadline");
}

/* noreplay: a word alone, anywhere among the clauses, commas or not. */
static void test_noreplay(void) {
  EsAnnotation a;
  ASSERT_EQ(parse("task noreplay in(x) gpu(f_gpu),noreplay2", &a), ES_EINVAL);
  ASSERT_EQ(a.nerrors, 1);
  ASSERT_EQ(a.errors[0].col, 32);
  ASSERT_EQ(a.nclauses, 3);
  ASSERT_EQ(a.clauses[0].kind, ES_CLAUSE_NOREPLAY);
  ASSERT_EQ(a.clauses[0].col, 6);
  es_annotation_clear(&a);
  ASSERT_EQ(parse("task in(x), noreplay", &a), ES_OK);
  ASSERT_EQ(a.nclauses, 2);
  ASSERT_EQ(a.clauses[1].kind, ES_CLAUSE_NOREPLAY);
  ASSERT_EQ(a.clauses[1].col, 13);
  ASSERT_STREQ(es_clause_kind_name(a.clauses[1].kind), "noreplay");
  es_annotation_clear(&a);
  ASSERT_EQ(parse("task noreplay", &a), ES_OK);
  ASSERT_EQ(a.nclauses, 1);
  es_annotation_clear(&a);
}

static void test_custom_devices(void) {
  const char *const devs[] = {"cpu", "gpu", "fpga", NULL};
  const char *t = "task fpga(f_fpga) pin(fpga)";
  EsAnnotation a;
  ASSERT_EQ(es_annotation_parse(t, strlen(t), devs, &a), ES_OK);
  ASSERT_STREQ(a.clauses[0].device, "fpga");
  es_annotation_clear(&a);
  ASSERT_EQ(parse(t, &a), ES_EINVAL);
  ASSERT_EQ(a.nerrors, 2);
  ASSERT_EQ(a.errors[0].col, 6);
  ASSERT_STREQ(a.errors[0].message, "unknown clause or device 'fpga'");
  ASSERT_EQ(a.errors[1].col, 23);
  ASSERT_STREQ(a.errors[1].message, "unknown device 'fpga'");
  es_annotation_clear(&a);
}

/* One error: its column and message. */
static void expect_error(const char *text, int col, const char *message) {
  EsAnnotation a;
  int rc = parse(text, &a);
  ASSERT_EQ(rc, ES_EINVAL);
  ASSERT_EQ(a.nerrors, 1);
  if (a.nerrors >= 1) {
    if (a.errors[0].col != col || strcmp(a.errors[0].message, message) != 0)
      TEST_FAIL("'%s': got %d '%s', want %d '%s'", text, a.errors[0].col, a.errors[0].message, col,
                message);
  }
  es_annotation_clear(&a);
}

/* DEVICE(FUNCTION : KIND): a launcher of CUDA or OpenCL kernels. */
static void test_launchers(void) {
  EsAnnotation a;
  ASSERT_EQ(parse("task gpu(f_cu : cuda) in(x) gpu2(f_cl:opencl)", &a), ES_EINVAL);
  es_annotation_clear(&a); /* gpu2 is no device by default */
  const char *devices[] = {"cpu", "gpu", "ocl", NULL};
  const char *t = "task gpu(f_cu : cuda) in(x) ocl(f_cl:opencl) ";
  ASSERT_EQ(es_annotation_parse(t, strlen(t), devices, &a), ES_OK);
  ASSERT_EQ(a.nclauses, 3);
  ASSERT_STREQ(a.clauses[0].ident, "f_cu");
  ASSERT_EQ(a.clauses[0].launcher, ES_LAUNCHER_CUDA);
  ASSERT_EQ(a.clauses[0].launcher_col, 17);
  ASSERT_STREQ(a.clauses[2].device, "ocl");
  ASSERT_STREQ(a.clauses[2].ident, "f_cl");
  ASSERT_EQ(a.clauses[2].launcher, ES_LAUNCHER_OPENCL);
  ASSERT_EQ(a.clauses[2].launcher_col, 38);
  es_annotation_clear(&a);
  ASSERT_EQ(parse("task gpu(f)", &a), ES_OK);
  ASSERT_EQ(a.clauses[0].launcher, ES_LAUNCHER_NONE);
  ASSERT_EQ(a.clauses[0].launcher_col, 0);
  es_annotation_clear(&a);
  ASSERT_TRUE(es_launcher_name(ES_LAUNCHER_NONE) == NULL);
  ASSERT_STREQ(es_launcher_name(ES_LAUNCHER_OPENCL), "opencl");
}

static void test_errors(void) {
  expect_error("task foo(x)", 6, "unknown clause or device 'foo'");
  expect_error("task in(A", 8, "unbalanced parentheses: this '(' is not closed");
  expect_error("task in(A[0:n)", 14, "expected ']' in an array section");
  expect_error("task name(a))", 13, "unbalanced parentheses: ')' without a matching '('");
  expect_error("task in(A[3])", 12, "expected ':' in array section (write A[lo:len])");
  expect_error("task in(A[0:1][2])", 17, "expected ':' in array section (write A[lo:len])");
  expect_error("task in(A[0:4:2])", 14,
               "an array section is [lo:len], without a stride: name the rows or elements the "
               "task reaches with one section of 'A'");
  expect_error("task in(A[k==1?0:1:n])", 15,
               "put a conditional expression in an array section in parentheses: "
               "A[(c ? a : b):len]");
  EsAnnotation ok;
  ASSERT_EQ(parse("task in(A[(k==1?0:1):n > 2 ? n : 2], B[0:f(a, b)], C[s[0]:\"a:b\"[0]])", &ok),
            ES_OK);
  ASSERT_STREQ(ok.clauses[0].items[0].len, "n > 2 ? n : 2");
  es_annotation_clear(&ok);
  expect_error("task in(p->)", 12, "expected a member name after '->'");
  expect_error("task in(s.1)", 11, "expected a member name after '.'");
  expect_error("task in(p->v, p -> v)", 15, "'p->v' appears twice in one data clause");
  expect_error("task in(A) out(A)", 16, "'A' appears in more than one data clause (use inout)");
  expect_error("task in(A, A)", 12, "'A' appears twice in one data clause");
  expect_error("task in(A[0:n], A[2*n:n])", 17,
               "'A' is named twice: esched moves one range of each data item; name one section "
               "that covers both (A[lo:len]) with the stronger mode");
  expect_error("task in(A[k*n:n]) inout(A[(k+1)*n:n])", 25,
               "'A' is named twice: esched moves one range of each data item; name one section "
               "that covers both (A[lo:len]) with the stronger mode");
  expect_error("task cpu(f)", 6, "'cpu' is the host: its variant is the task region itself");
  expect_error("task gpu(f) gpu(g)", 13, "second 'gpu' clause");
  expect_error("task gpu(f: metal)", 13, "unknown launcher kind 'metal' (cuda, opencl)");
  expect_error("task gpu(f:)", 12, "expected a launcher kind (cuda, opencl)");
  expect_error("task gpu(f g)", 12, "expected ')'");
  expect_error("task name(a) name(b)", 14, "second 'name' clause");
  expect_error("region in(A)", 8, "clause 'in' is not allowed on 'region'");
  expect_error("task noreplay(x)", 14, "'noreplay' takes no arguments");
  expect_error("task noreplay noreplay", 15, "second 'noreplay' clause");
  expect_error("stream noreplay", 8, "clause 'noreplay' is not allowed on 'stream'");
  expect_error("tusk", 1, "expected 'task', 'region' or 'stream' after 'esched', not 'tusk'");
  expect_error("task in", 8, "expected '(' after 'in'");
  expect_error("task in(1)", 9, "expected a variable name");
  expect_error("task in(A B)", 11, "expected ',' or ')' after 'A'");
  expect_error("task name()", 11, "expected a task name");
  expect_error("task in(A[0:{])", 13, "unexpected '{' in an array section");
  expect_error("task 42", 6, "expected a clause");
  /* streams and their tasks */
  expect_error("stream width(2)", 8, "clause 'width' is not allowed on 'stream'");
  expect_error("stream in(A[0:n])", 8, "clause 'in' is not allowed on 'stream'");
  expect_error("task cores(4)", 6, "clause 'cores' is not allowed on 'task'");
  expect_error("region deadline(1)", 8, "clause 'deadline' is not allowed on 'region'");
  expect_error("task width(2) width(4)", 15, "second 'width' clause");
  expect_error("stream cores(2) cores(4)", 17, "second 'cores' clause");
  expect_error("task width()", 12, "expected a width: an integer constant");
  expect_error("stream cores( )", 15, "expected a core count: an integer constant");
  expect_error("task width(a;b)", 13, "unexpected ';' in a width");
  expect_error("task work()", 11, "expected a number, with or without a unit (work(2ms))");
  expect_error("stream deadline(1 ms)", 19, "expected ')'");
  expect_error("task efficiency(3:0.5)", 17,
               "efficiency width 3 is not a power of two (1, 2, 4, ...)");
  expect_error("task efficiency(0:1)", 17,
               "efficiency width 0 is not a power of two (1, 2, 4, ...)");
  expect_error("task efficiency(2:0.9, 2:0.8)", 24, "efficiency of width 2 listed twice");
  expect_error("task efficiency(amdahl:0.1)", 17,
               "unknown efficiency model 'amdahl' (perfect, comm:PSI or WIDTH:EFFICIENCY)");
  expect_error("task efficiency(comm:1, 2:0.9)", 17,
               "'comm' is a whole efficiency model: give it alone");
  expect_error("task efficiency(2:0.9, perfect)", 24,
               "'perfect' is a whole efficiency model: give it alone");
  expect_error("task efficiency(comm 0.1)", 22, "expected ':'");
  expect_error("task efficiency(2:)", 19, "expected a number after ':'");
  expect_error("task efficiency(2:0.9 4:0.8)", 23, "expected ',' or ')'");
  expect_error("task efficiency()", 17,
               "expected 'perfect', 'comm:PSI' or WIDTH:EFFICIENCY entries");
}

/* Several clause errors in one annotation are all reported, in order. */
static void test_keeps_going(void) {
  EsAnnotation a;
  ASSERT_EQ(parse("task bogus(x) in(A[1]) pin(tpu) out(B)", &a), ES_EINVAL);
  ASSERT_EQ(a.nerrors, 3);
  ASSERT_EQ(a.errors[0].col, 6);
  ASSERT_EQ(a.errors[1].col, 21);
  ASSERT_EQ(a.errors[2].col, 28);
  ASSERT_EQ(a.nclauses, 3); /* in, pin and out were kept */
  ASSERT_STREQ(a.clauses[2].items[0].name, "B");
  es_annotation_clear(&a);
}

/* Every prefix and every single-byte corruption of valid annotations parses
 * without crashing, and every error points inside the text (or one past). */
static void test_robust(void) {
  const char *good[] = {"task name(mul) in(A[0:n*n], B[0:n*n]) out(T[0:n*n]) gpu(matmul_gpu)",
                        "task inout(x, P[:len], Q[(i ? 1 : 2):m[k]]) pin(gpu) /* c */",
                        "region name(r)",
                        "stream name(s) cores(4) deadline(2ms)",
                        "task name(f) width((n)) work(4e6) efficiency(1:1, 2:0.9)",
                        "task efficiency(comm:0.5)",
                        "task gpu(f: opencl) in(x[0:n])"};
  const char junk[] = "()[]:,; \\/*'\"x1{";
  for (size_t g = 0; g < sizeof good / sizeof good[0]; g++) {
    size_t n = strlen(good[g]);
    char *buf = malloc(n + 1);
    for (size_t len = 0; len <= n; len++) {
      for (size_t j = 0; j <= sizeof junk - 1; j++) {
        memcpy(buf, good[g], n + 1);
        if (j < sizeof junk - 1 && len < n)
          buf[len] = junk[j];
        size_t use = j < sizeof junk - 1 ? n : len;
        EsAnnotation a;
        int rc = es_annotation_parse(buf, use, NULL, &a);
        test_checks++;
        if (rc != ES_OK && rc != ES_EINVAL)
          TEST_FAIL("rc %d on '%.*s'", rc, (int)use, buf);
        for (int e = 0; e < a.nerrors; e++)
          if (a.errors[e].col < 1 || a.errors[e].col > (int)use + 1)
            TEST_FAIL("error column %d outside '%.*s'", a.errors[e].col, (int)use, buf);
        if (rc == ES_EINVAL && a.nerrors == 0)
          TEST_FAIL("EINVAL without an error on '%.*s'", (int)use, buf);
        es_annotation_clear(&a);
      }
    }
    free(buf);
  }
}

static void test_group_end(void) {
  const char *t = "X(a, (b), \")\" /* ) */ c) tail";
  ASSERT_EQ(es_annotation_group_end(t, strlen(t), 1), 24);
  const char *open = "X(a, (b)";
  ASSERT_EQ(es_annotation_group_end(open, strlen(open), 1), strlen(open) + 1);
}

int main(void) {
  test_group_end();
  test_full_task();
  test_sections_and_spacing();
  test_dimensions_and_members();
  test_region_and_macro_form();
  test_custom_devices();
  test_stream();
  test_stream_task();
  test_noreplay();
  test_launchers();
  test_errors();
  test_keeps_going();
  test_robust();
  return test_summary();
}
