// Stream regions and their tasks: every error of the file in one run, at
// its line and column (docs/annotations.md, "Errors").
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
void fir(const float *x, float *y, int n, int member, int members);
void seq(const float *x, float *y, int n);
int g(void);
void run(const float *x, float *y, int n) {
// CHECK: stream-errors.c:[[@LINE+2]]:29: error: the core count must be an integer constant expression; 'n' is not one
// CHECK: stream-errors.c:[[@LINE+1]]:41: error: the deadline must be a positive time (deadline(10ms)), not 'abc'
#pragma esched stream cores(n) deadline(abc)
  {
// CHECK: stream-errors.c:[[@LINE+2]]:27: error: the width must be an integer constant expression; 'n' is not one
// CHECK: stream-errors.c:[[@LINE+1]]:35: error: the work must be a positive number or time (work(4e6), work(2ms)), not '-1'
#pragma esched task width(n) work(-1)
    fir(x, y, n, 0, 1);
// CHECK: stream-errors.c:[[@LINE+3]]:27: error: the width must be a positive integer, not 0
// CHECK: stream-errors.c:[[@LINE+2]]:43: error: the efficiency on one core must be 1 (the crown model's e(1) = 1), not '0.5'
// CHECK: stream-errors.c:[[@LINE+1]]:50: error: an efficiency must be a positive number, not '0'
#pragma esched task width(0) efficiency(1:0.5, 2:0)
    fir(x, y, n, 0, 1);
// CHECK: stream-errors.c:[[@LINE+1]]:1: error: task 'run.seq.1' of a stream region needs width(W): the most cores its team may have (1 for a sequential task)
#pragma esched task work(1ms)
    seq(x, y, n);
#pragma esched task width(2)
// CHECK: stream-errors.c:[[@LINE+1]]:5: error: task 'run.seq.2' may run on up to 2 cores, so 'seq' must take its team as its last two parameters (int member, int members)
    seq(x, y, n);
// CHECK: stream-errors.c:[[@LINE+2]]:30: error: 'in' is not allowed on a task of a stream region: its tasks run on the crown's cores, in host memory, independent of each other within a round
// CHECK: stream-errors.c:[[@LINE+1]]:41: error: 'gpu' is not allowed on a task of a stream region
#pragma esched task width(1) in(x[0:n]) gpu(seq)
    seq(x, y, n);
// CHECK: stream-errors.c:[[@LINE+1]]:5: error: a stream region holds only tasks: this statement needs '#pragma esched task'
    n = g();
#pragma esched task width(1)
// CHECK: stream-errors.c:[[@LINE+1]]:5: error: a task of a stream region must be one call of a named function
    { seq(x, y, n); }
// CHECK: stream-errors.c:[[@LINE+1]]:41: error: efficiency width 3 is not a power of two (1, 2, 4, ...)
#pragma esched task width(4) efficiency(3:0.5)
    fir(x, y, n, 0, 1);
// CHECK: stream-errors.c:[[@LINE+1]]:1: error: a stream region holds only tasks: '#pragma esched region' cannot be inside it
#pragma esched region
    {
#pragma esched task width(1)
      seq(x, y, n);
    }
  }
#pragma esched stream
// CHECK: stream-errors.c:[[@LINE+1]]:3: error: '#pragma esched stream' must be followed by a compound statement { ... }
  seq(x, y, n);
// CHECK: stream-errors.c:[[@LINE+1]]:21: error: 'width' is for tasks of a stream region (#pragma esched stream)
#pragma esched task width(2)
  seq(x, y, n);
// CHECK: stream-errors.c:[[@LINE+2]]:1: error: stream 'run.stream.2' has no tasks
// CHECK: stream-errors.c:[[@LINE+1]]:23: error: clause 'width' is not allowed on 'stream'
#pragma esched stream width(2)
  {
  }
}
