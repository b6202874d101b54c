// A clause naming a bit-field (in(o.mode)): it has no address, so the
// generated code used to fail in cc ("cannot take address of bit-field",
// at the pragma). The error is esched's, at the item, with the way out;
// as OpenMP refuses a bit-field in a map clause. Its structure is fine.
// RUN: not %esched extract %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
typedef struct { unsigned mode : 3, level : 5; int n; } Flags;
void use(unsigned mode, int *out);
void f(Flags o, Flags *p, int *r) {
// CHECK: bit-field-item.c:[[@LINE+1]]:24: error: 'o.mode' is a bit-field, which has no address: name the structure holding it
#pragma esched task in(o.mode) out(r[0:1])
  use(o.mode, r);
// CHECK: bit-field-item.c:[[@LINE+1]]:24: error: 'p->level' is a bit-field, which has no address: name the structure holding it
#pragma esched task in(p->level) out(r[0:1])
  use(p->level, r);
// The way out.
#pragma esched task in(o) out(r[0:1])
  use(o.mode, r);
}
// CHECK: 2 errors
