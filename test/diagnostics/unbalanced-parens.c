// Parentheses that do not balance: an unclosed '(' (its other errors are
// not reported), and a ')' too many.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void f(float *x, float *y, int n);
void g(float *A, float *B, int n) {
// CHECK: unbalanced-parens.c:[[@LINE+1]]:23: error: unbalanced parentheses: this '(' is not closed
#pragma esched task in(A[0:n] out(B[0:n])
  f(A, B, n);
// CHECK: unbalanced-parens.c:[[@LINE+1]]:43: error: unbalanced parentheses: ')' without a matching '('
#pragma esched task in(A[0:n]) out(B[0:n]))
  f(A, B, n);
}
