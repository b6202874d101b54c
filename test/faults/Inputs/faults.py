"""Faults for esched's writers, for the tests of test/faults. Each
subcommand prints what it did and exits 1 at the first broken promise:

  kill-writer OUT OLD NEW RUNS -- CMD...
      Runs CMD (which writes NEW's bytes to OUT) RUNS times, OUT reset to
      OLD's bytes each time, and SIGKILLs it at a random moment: while its
      temporary file OUT.tmpXXXXXX exists (the write), or before. After each
      run OUT is OLD or NEW, byte for byte. Then CMD runs to its end: OUT is
      NEW and no temporary file is left (the killed writers' are removed).

  merge-storm PROGRAM PROFILE RUNS KILLS
      Starts RUNS copies of PROGRAM at once, each merging its samples into
      PROFILE (ESCHED_PROFILE), and SIGKILLs KILLS of them at random
      moments. PROFILE and PROFILE.good then read as YAML, every task's
      sample count is the same (each merge adds one sample of each), at
      least the runs that exited and at most all runs; one more run adds
      exactly one sample and leaves no temporary file.

  full-disk STATUS [--old FILE] -- CMD...
      Runs CMD with its outputs in a folder that is full: a tmpfs of one
      page, which the file `old` fills, in a mount namespace of its own when
      mounting is allowed, else a file-size limit of 0 (RLIMIT_FSIZE, with
      SIGXFSZ ignored so that writes fail with EFBIG). @ in CMD stands for
      the folder; `old` holds FILE's bytes, or a line of text. CMD must exit
      with STATUS, with "error:" or "warning:" on stderr; `old` must be
      unchanged and no other file left there but lock files.

  memory OUT OLD NEW STEPS [PROGRAM] -- CMD...
      Finds the least address space (RLIMIT_AS, in MiB) in which CMD's
      program starts (`--version`; PROGRAM's when given: the one CMD's
      program runs, e.g. esched-frontend for `esched compile`) and the least in which CMD, which writes
      NEW's bytes to OUT, succeeds; then runs CMD with OUT reset to OLD in
      STEPS limits spread between the two. Each run either succeeds (OUT is
      NEW) or exits 1 with "error:" on stderr, OUT OLD and no temporary
      file. A signal (a crash, an abort) breaks the promise.

The random moments come from a fixed seed: a run is repeatable up to the
machine's timing, and every moment must keep the promises.
"""
import glob
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import yaml

random.seed(1)


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def temporaries(path):
    return glob.glob(glob.escape(path) + ".tmp??????")


def kill_when(proc, watch, limit):
    """SIGKILLs proc at a random moment before limit seconds, or a random
    pause after a file matching watch() appears. True when it was killed
    while such a file existed."""
    deadline = time.monotonic() + random.uniform(0, limit)
    pause = random.uniform(0, 0.005)
    while proc.poll() is None:
        if watch():
            time.sleep(pause)
            proc.kill()
            proc.wait()
            return True
        if time.monotonic() > deadline:
            proc.kill()
            break
        time.sleep(0.0002)
    proc.wait()
    return False


def kill_writer(args):
    out, old, new, runs = args[0], args[1], args[2], int(args[3])
    cmd = args[args.index("--") + 1:]
    old_bytes, new_bytes = open(old, "rb").read(), open(new, "rb").read()
    start = time.monotonic()
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    limit = 2 * (time.monotonic() - start)
    during = 0
    for _ in range(runs):
        shutil.copyfile(old, out)
        proc = subprocess.Popen(cmd, stderr=subprocess.DEVNULL)
        during += kill_when(proc, lambda: temporaries(out), limit)
        now = open(out, "rb").read()
        if now != old_bytes and now != new_bytes:
            fail("%s is neither the old nor the new version (%d bytes)" % (out, len(now)))
    left = len(temporaries(out))
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    if open(out, "rb").read() != new_bytes:
        fail("the last run did not write the new version")
    if temporaries(out):
        fail("temporary files left: %s" % temporaries(out))
    print("kill-writer: %d runs killed, %d while writing, %d temporary files left and removed "
          "by the next run; the output was always the old or the new version"
          % (runs, during, left))


def sample_counts(path):
    doc = yaml.safe_load(open(path))
    if not doc or doc.get("esched_profile") != 1:
        fail("%s is not a profile" % path)
    return {t["key"]: sum(r["count"] for r in t.get("runs", [])) for t in doc["tasks"]}


def merge_storm(args):
    program, profile, runs, kills = args[0], args[1], int(args[2]), int(args[3])
    env = dict(os.environ, ESCHED_PROFILE=profile, ESCHED_SUMMARY="none", ESCHED_ENERGY="model")
    for f in glob.glob(glob.escape(profile) + "*"):
        os.remove(f)
    procs = [subprocess.Popen([program], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL) for _ in range(runs)]
    victims = random.sample(procs, kills)
    for p in victims:
        kill_when(p, lambda: temporaries(profile), 0.05)
    exited = sum(p.wait() == 0 for p in procs)
    counts = sample_counts(profile)
    sample_counts(profile + ".good")
    values = set(counts.values())
    if len(values) != 1:
        fail("the tasks' sample counts differ: %s" % counts)
    n = values.pop()
    if not exited <= n <= runs:
        fail("%d samples per task from %d runs, %d of which exited" % (n, runs, exited))
    subprocess.run([program], env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    after = sample_counts(profile)
    if any(after[k] != counts[k] + 1 for k in counts):
        fail("one more run did not add one sample: %s then %s" % (counts, after))
    if temporaries(profile) or temporaries(profile + ".good"):
        fail("temporary files left")
    print("merge-storm: %d runs, %d killed, %d exited; %d samples per task, then %d"
          % (runs, kills, exited, n, n + 1))


def can_mount():
    probe = subprocess.run(["unshare", "-rm", "sh", "-c",
                            "mount -t tmpfs -o size=16k tmpfs \"$0\"", tempfile.gettempdir()],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return probe.returncode == 0


def full_disk_check(folder, old_bytes, status, cmd):
    open(os.path.join(folder, "old"), "wb").write(old_bytes)
    result = subprocess.run([a.replace("@", folder) for a in cmd], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    err = result.stderr.decode(errors="replace").replace(folder, "@")
    sys.stdout.write(err)
    if result.returncode != status:
        fail("exit status %d, not %d" % (result.returncode, status))
    if "error:" not in err and "warning:" not in err:
        fail("no error message")
    if open(os.path.join(folder, "old"), "rb").read() != old_bytes:
        fail("the old file changed")
    others = sorted(f for f in os.listdir(folder) if f != "old" and not f.endswith(".lock"))
    if others:
        fail("files left: %s" % others)


def full_disk(args):
    status = int(args[0])
    cmd = args[args.index("--") + 1:]
    old_bytes = b"the previous version\n"
    if "--old" in args[:args.index("--")]:
        old_bytes = open(args[args.index("--old") + 1], "rb").read()
    if os.environ.get("ESCHED_FAULTS_IN_NS"):  # inside the namespace: mount, run, check
        folder = tempfile.mkdtemp()
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", folder], check=True)
        try:
            full_disk_check(folder, old_bytes, status, cmd)
        finally:
            subprocess.run(["umount", folder])
            os.rmdir(folder)
        return
    if can_mount():
        print("full-disk: a tmpfs of one page", flush=True)
        env = dict(os.environ, ESCHED_FAULTS_IN_NS="1")
        sys.exit(subprocess.run(["unshare", "-rm", sys.executable] + sys.argv, env=env).returncode)
    print("full-disk: no mount allowed; a file-size limit of 0", flush=True)
    folder = tempfile.mkdtemp()
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # inherited: writes fail with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    try:
        full_disk_check(folder, old_bytes, status, cmd)
    finally:
        shutil.rmtree(folder)


def run_limited(cmd, mib):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))
    return subprocess.run(cmd, preexec_fn=limit, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)


def least_mib(cmd, lo=16, hi=8192):
    """The least address space in MiB in which cmd exits 0."""
    if run_limited(cmd, hi).returncode != 0:
        fail("%s fails in %d MiB" % (cmd, hi))
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if run_limited(cmd, mid).returncode == 0 else (mid, hi)
    return hi


def memory(args):
    out, old, new, steps = args[0], args[1], args[2], int(args[3])
    dash = args.index("--")
    cmd = args[dash + 1:]
    program = args[4] if dash == 5 else cmd[0]
    old_bytes, new_bytes = open(old, "rb").read(), open(new, "rb").read()
    # Below what the program needs to start (its libraries mapped, their
    # static initializers run: `--version`), it cannot start at all, and
    # libLLVM's initializers abort; the promise is about the rest.
    start = least_mib([program, "--version"])
    ok = least_mib(cmd, start)
    outcomes = {}
    for k in range(steps):
        mib = start + (ok - start) * k // steps
        shutil.copyfile(old, out)
        result = run_limited(cmd, mib)
        now = open(out, "rb").read()
        err = result.stderr.decode(errors="replace")
        if result.returncode == 0 and now == new_bytes:
            kind = "written"
        elif result.returncode == 1 and now == old_bytes and "error:" in err:
            kind = "error (%s)" % err[err.index("error:"):].split("\n")[0]
        else:
            fail("in %d MiB: exit %d, output %s, stderr:\n%s"
                 % (mib, result.returncode, "old" if now == old_bytes else
                    "new" if now == new_bytes else "neither old nor new", err))
        if temporaries(out):
            fail("in %d MiB: temporary files left" % mib)
        outcomes[kind] = outcomes.get(kind, 0) + 1
    print("memory: starts in %d MiB, succeeds from %d MiB; in between: %s" % (start, ok, "; ".join(
        "%d %s" % (n, k) for k, n in sorted(outcomes.items()))))


if __name__ == "__main__":
    {"kill-writer": kill_writer, "merge-storm": merge_storm, "full-disk": full_disk,
     "memory": memory}[sys.argv[1]](sys.argv[2:])
