// How late a stream task may be made, and entries that name nothing. A
// delay beyond 1e6 s (ESCHED_STREAM_DELAY or esrt_stream_delay) is refused
// with a warning like any bad entry: 1e10 s used to overflow the trace's
// integer nanoseconds, giving later slices "ts":-9223372036854775.808 and
// the late one a negative dur, which viewers reject. Delays within the
// limit that add up past what the trace holds (10^4 requests of 1e6 s) are
// written at its last time, never negative. An entry naming no task of a
// stream that ran is a warning at exit, where it used to be ignored
// without a word. stdout is the plain program's throughout.
// RUN: %cc -DPLAIN %s -o %t.plain && %t.plain > %t.expected
// RUN: %cc %esrt_cflags %s -o %t %esrt_libs
// RUN: env ESCHED_STREAM_DELAY='a@1+1e10' ESCHED_TRACE=%t.huge.json %t 2>%t.huge.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=HUGE --input-file=%t.huge.err --implicit-check-not=warning:
// RUN: %python %S/Inputs/check_trace.py %t.huge.json > /dev/null
// HUGE: warning: ESCHED_STREAM_DELAY: 'a@1+1e10' asks for more than the longest delay, 1e6 s; ignored
// HUGE: stream s: 2 rounds on 4 cores (hand), deadline 0.004 s: 0 missed, longest round 0.004 s
// HUGE: task a: {{.*}}; skipped 0, late 0
// The limit itself is a delay like any other.
// RUN: env ESCHED_STREAM_DELAY='s/a@1+1e6' ESCHED_TRACE=%t.max.json %t 2>%t.max.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=MAX --input-file=%t.max.err --implicit-check-not=warning:
// RUN: %python %S/Inputs/check_trace.py %t.max.json > /dev/null
// MAX: stream s: 2 rounds on 4 cores (hand), deadline 0.004 s: 1 missed, longest round 1e+06 s
// MAX: task a: {{.*}}; skipped 0, late 1
// Requests through the API: one beyond the limit is refused; 10^4 at the
// limit (1e10 s in all) take the trace past its last time.
// RUN: %t one 1e10 2>%t.api.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=ONE --input-file=%t.api.err --implicit-check-not=warning:
// ONE: warning: esrt_stream_delay: 1e+10 s for task 'a' is more than the longest delay, 1e6 s; ignored
// ONE: task a: {{.*}}; skipped 0, late 0
// RUN: env ESCHED_TRACE=%t.pile.json %t pile 1e10 2>%t.pile.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=PILE --input-file=%t.pile.err --implicit-check-not=warning:
// RUN: %python %S/Inputs/check_trace.py %t.pile.json | FileCheck %s --check-prefix=PILETRACE
// RUN: FileCheck %s --check-prefix=LAST --input-file=%t.pile.json
// PILE: longest round 1e+10 s
// PILE: task a: {{.*}}; skipped 0, late 1
// PILETRACE: track stream s core 0: 4 stream
// LAST: "name":"b","cat":"stream",{{.*}}"ts":9000000000000000.000,"dur":0.000,{{.*}}"round":1,
// Entries naming no task of a stream that ran: warned at exit, each once;
// one naming a task, for a round never reached (c@3), is no mistake.
// RUN: env ESCHED_STREAM_SKIP='t/a,c@3' ESCHED_STREAM_DELAY='nosuch+1ms,nosuch+2ms' %t 2>%t.none.err | diff %t.expected -
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t.none.err --implicit-check-not=warning:
// NONE-DAG: warning: ESCHED_STREAM_SKIP: 't/a' names no task of a stream that ran; ignored
// NONE-DAG: warning: ESCHED_STREAM_DELAY: 'nosuch+1ms' names no task of a stream that ran; ignored
// NONE-DAG: warning: ESCHED_STREAM_DELAY: 'nosuch+2ms' names no task of a stream that ran; ignored
// NONE: task c: {{.*}}; skipped 0, late 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/stream3.h"

/* "one SECONDS": task a of the first round is made late by SECONDS in one
 * request; "pile SECONDS": in requests of at most 1e6 s each. */
int main(int argc, char **argv) {
  const char *mode = argc == 3 ? argv[1] : "";
  double late = argc == 3 ? strtod(argv[2], NULL) : 0;
  for (int r = 0; r < 2; r++) {
#ifdef PLAIN
    (void)mode, (void)late;
#else
    if (r == 0 && !strcmp(mode, "one"))
      esrt_stream_delay("s", "a", late);
    for (double left = r == 0 && !strcmp(mode, "pile") ? late : 0; left > 0; left -= 1e6)
      esrt_stream_delay("s", "a", left < 1e6 ? left : 1e6);
#endif
    round3();
  }
  show3();
  return 0;
}
