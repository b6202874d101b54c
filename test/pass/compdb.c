// -p BUILD_DIR takes the compile command from compile_commands.json: its
// -D and -I (relative to the command's directory) decide the sizes here.
// RUN: rm -rf %t && mkdir -p %t/build %t/src/include
// RUN: cp %s %t/src/compdb.c
// RUN: cp %S/Inputs/compdb-tile.h %t/src/include/tile.h
// RUN: echo '[{"directory": "%t/src", "command": "cc -DTILE=32 -Iinclude -c compdb.c -o compdb.o", "file": "compdb.c"}]' > %t/build/compile_commands.json
// RUN: %esched extract %t/src/compdb.c -p %t/build | FileCheck %s
// RUN: not %esched extract %t/src/compdb.c -p %t 2>&1 | FileCheck %s --check-prefix=NODB

// CHECK: - {item: A, mode: in, lo: 0, len: TILE * TILE, type: elem_t, bytes: 8192}
// NODB: error: extract: cannot load '{{.*}}/compile_commands.json'

#include "tile.h"

void tile_op(const elem_t *a, elem_t *b);

void f(const elem_t *A, elem_t *B) {
#pragma esched task in(A[0:TILE * TILE]) out(B[0:TILE * TILE])
  tile_op(A, B);
}
