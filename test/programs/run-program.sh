#!/usr/bin/env bash
# run-program.sh: builds one program of test/programs with a plain C compiler
# and with esched-cc in every variant, runs each build with both executors,
# and compares every output with the plain build's, byte for byte.
#
#   run-program.sh BIN_DIR PROGRAM_DIR WORK_DIR
#
# BIN_DIR holds esched-cc; PROGRAM_DIR a program: its sources, prog.conf and
# a GPU-favouring profile.yaml. prog.conf (sourced by bash) sets SRCS (the
# .c files, compiled and linked in one command), CFLAGS (the same for both
# compilers), LDLIBS, ARGS (the command line), TASKS (the task names) and
# CPU_TASKS (task runs a gpu-only build leaves on the CPU: tasks esched
# refuses to move; default 0) and SHARED (folders of test/programs the
# program's build uses beside its own files, as PolyBench's utilities/).
# WORK_DIR is emptied and used for the builds.
#
# Steps, each reported as `PASS|FAIL PROGRAM STEP RUN [why]`:
#   V            esched-cc [--variant V] for V = energy (the default), gpu-only,
#                cpu-only, greedy, time
#   gpu-only     the gpu-only build leaves CPU_TASKS task runs on the CPU
#   check        the gpu-only build under ESCHED_CHECK=1: no report
#   prof:V       --profile-use=profile.yaml [--variant V], V = energy, time,
#                greedy: GPU placements, transfers to and from the host
#   prof:mixed   a profile in which the 1st, 3rd, ... task of TASKS is 10x
#                faster on the GPU and the others 10x faster on the CPU
#   loop:gen     --profile-generate=DIR, run with ESCHED_PROFILE_MODE=all-devices
#   loop:keys    that profile has an entry for every task of TASKS
#   loop:use     --profile-use=DIR/esched-profile.yaml
# With PROGRAM_STARPU=1 (esched built with StarPU), the starpu target too,
# one build: esched-cc --target starpu --profile-use=profile.yaml, each run
# with a StarPU home of its own and two CPU workers (docs/starpu.md):
#   starpu:plan  policy plan, StarPU's OpenCL worker (PoCL's CPU device)
#                running the GPU tasks
#   starpu:dmda  policy starpu (dmda), no OpenCL worker
#   starpu:warnings  the build warns as prof:energy's does
# A run passes when it exits as the plain build does and prints the same.
#
# Environment: CC (both compilers' compiler, default cc), PROGRAM_FLAGS
# (flags for both builds, e.g. a sanitizer's), PROGRAM_QUICK=1 (a sanitizer
# build: only gpu-only, check, prof:mixed and the loop, serial and
# concurrent), PROGRAM_STARPU=1 (the starpu steps). Exit status: 0 when
# every step passed.
set -u

[ $# -eq 3 ] || { sed -n '2,/^set -u/p' "$0" | sed -e 's/^# \{0,1\}//' -e '/^set -u/d' >&2; exit 2; }
BIN=$(cd "$1" && pwd) || exit 2
SRC=$(cd "$2" && pwd) || exit 2
WORK=$3
P=$(basename "$SRC")
CC=${CC:-cc}
export ESCHED_GPU=sim ESCHED_CC=$CC
unset ESCHED_PROFILE ESCHED_PROFILE_OUT ESCHED_PROFILE_MODE ESCHED_SCHEDULE ESCHED_ALGO \
  ESCHED_OBJECTIVE ESCHED_TRACE ESCHED_EXECUTOR ESCHED_PLATFORM ESCHED_DEFER_MAX ESCHED_CHECK \
  ESCHED_STARPU_POLICY ESCHED_SUMMARY STARPU_SCHED STARPU_OPENCL_ON_CPUS
SRCS="" CFLAGS="" LDLIBS="" ARGS="" TASKS="" CPU_TASKS=0 SHARED=""
# shellcheck disable=SC1091
. "$SRC/prog.conf"
CFLAGS="$CFLAGS ${PROGRAM_FLAGS:-}"
rm -rf "$WORK" && mkdir -p "$WORK" && cp -R "$SRC/." "$WORK/" || exit 2
for d in $SHARED; do cp -R "$SRC/../$d" "$WORK/$d" || exit 2; done
cd "$WORK" || exit 2

failed=0
report() { # RESULT STEP RUN [WHY]
  printf '%s %s %s %s %s\n' "$1" "$P" "$2" "$3" "${4:-}"
  [ "$1" = PASS ] || failed=1
}

# run EXE TAG: the program with ARGS under the environment set; TAG.out, .err, .rc
run() {
  # shellcheck disable=SC2086 # ARGS is a word list
  timeout 120 "./$1" $ARGS >"$2.out" 2>"$2.err"
  echo $? >"$2.rc"
}

check() { # TAG STEP RUN
  local rc
  rc=$(cat "$1.rc")
  if [ "$rc" != "$REF_RC" ]; then
    report FAIL "$2" "$3" "exit $rc (plain: $REF_RC): $(grep -m1 -iE 'error|abort|sanitizer' "$1.err")"
  elif ! cmp -s ref.out "$1.out"; then
    report FAIL "$2" "$3" "output differs: $(diff ref.out "$1.out" | grep -m1 '^>')"
  else
    report PASS "$2" "$3"
  fi
}

# build TAG [ESCHED OPTIONS...]: esched-cc with the program's own flags
build() {
  local tag=$1
  shift
  # shellcheck disable=SC2086
  "$BIN/esched-cc" "$@" $CFLAGS -o "$tag" $SRCS $LDLIBS >"$tag.build.log" 2>&1
}

# build_and_run STEP TAG [ESCHED OPTIONS...]: both executors
build_and_run() {
  local step=$1 tag=$2 ex
  shift 2
  if ! build "$tag" "$@"; then
    report FAIL "$step" build "$(grep -m1 -E 'error' "$tag.build.log")"
    return 1
  fi
  for ex in serial concurrent; do
    ESCHED_EXECUTOR=$ex run "$tag" "$tag.$ex"
    check "$tag.$ex" "$step" "$ex"
  done
}

mixed_profile() {
  local i=0 t cpu gpu
  printf 'esched_profile: 1\ntasks:\n'
  for t in $TASKS; do
    if [ $((i % 2)) = 0 ]; then cpu=1e-3 gpu=1e-4; else cpu=1e-4 gpu=1e-3; fi
    printf '  - key: %s\n    runs:\n' "$t"
    printf '      - {device: cpu, level: 0, count: 1, mean: %s}\n' "$cpu"
    printf '      - {device: gpu, level: 0, count: 1, mean: %s}\n' "$gpu"
    i=$((i + 1))
  done
}

# The reference: the plain compiler, the same flags.
# shellcheck disable=SC2086
if ! "$CC" $CFLAGS -o ref $SRCS $LDLIBS >ref.build.log 2>&1; then
  report FAIL plain build "$(grep -m1 error ref.build.log)"
  exit 1
fi
run ref ref
REF_RC=$(cat ref.rc)
[ -s ref.out ] || { report FAIL plain run "no output (exit $REF_RC)"; exit 1; }

if [ "${PROGRAM_QUICK:-0}" != 1 ]; then
  build_and_run energy v-energy
  for v in cpu-only greedy time; do
    build_and_run "$v" "v-$v" --variant "$v"
  done
fi
if build_and_run gpu-only v-gpu-only --variant gpu-only; then
  cpu=$(grep -m1 'device cpu:' v-gpu-only.serial.err)
  case $cpu in
  *"device cpu: $CPU_TASKS tasks"*) report PASS gpu-only placement ;;
  *) report FAIL gpu-only placement "want $CPU_TASKS task runs on the CPU: ${cpu:-no summary}" ;;
  esac
  ESCHED_CHECK=1 run v-gpu-only v-gpu-only.check
  check v-gpu-only.check check serial
  if grep -q 'check:' v-gpu-only.check.err; then
    report FAIL check reports "$(grep -m1 'check:' v-gpu-only.check.err)"
  fi
fi
if [ "${PROGRAM_QUICK:-0}" != 1 ]; then
  build_and_run prof:energy p-energy --profile-use="$WORK/profile.yaml"
  for v in time greedy; do
    build_and_run "prof:$v" "p-$v" --profile-use="$WORK/profile.yaml" --variant "$v"
  done
fi
mixed_profile >mixed.yaml
build_and_run prof:mixed p-mixed --profile-use="$WORK/mixed.yaml"

# The profile loop.
if ! build gen --profile-generate="$WORK/prof"; then
  report FAIL loop:gen build "$(grep -m1 error gen.build.log)"
  exit 1
fi
ESCHED_PROFILE_MODE=all-devices run gen gen.run
check gen.run loop:gen all-devices
missing=""
for t in $TASKS; do
  grep -Eq "^[[:space:]-]*key: \"?$t\"?[[:space:]]*$" prof/esched-profile.yaml 2>/dev/null ||
    missing="$missing $t"
done
if [ -n "$missing" ]; then report FAIL loop:keys profile "no entry for:$missing"; else
  report PASS loop:keys profile; fi
build_and_run loop:use use --profile-use="$WORK/prof/esched-profile.yaml"

# The starpu target.
if [ "${PROGRAM_STARPU:-0}" = 1 ]; then
  export STARPU_HOME="$WORK/starpu-home" STARPU_SILENT=1 STARPU_CALIBRATE=0 STARPU_NCPU=2 \
    POCL_CACHE_DIR="$WORK/starpu-home/pocl"
  if ! build sp --target starpu --profile-use="$WORK/profile.yaml"; then
    report FAIL starpu build "$(grep -m1 error sp.build.log)"
  else
    STARPU_OPENCL_ON_CPUS=1 run sp sp.plan
    check sp.plan starpu:plan opencl
    ESCHED_STARPU_POLICY=starpu STARPU_NOPENCL=0 run sp sp.dmda
    check sp.dmda starpu:dmda cpu
    if [ -f p-energy.build.log ]; then
      if [ "$(grep warning: sp.build.log)" = "$(grep warning: p-energy.build.log)" ]; then
        report PASS starpu:warnings build
      else
        report FAIL starpu:warnings build "$(grep -m1 warning: sp.build.log)"
      fi
    fi
  fi
fi
exit $failed
