"""Runs a command whose output is a FIFO (like -o /dev/null: a file that is
not a regular file), prints what came through it, and fails when the FIFO
was replaced by a regular file (an atomic rename over it)."""
import os
import stat
import subprocess
import sys
import threading

fifo, cmd = sys.argv[1], sys.argv[2:]
if os.path.exists(fifo):
    os.remove(fifo)
os.mkfifo(fifo)
got = []
reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
reader.start()
rc = subprocess.call([a.replace("FIFO", fifo) for a in cmd])
if not got:  # the command never opened it: unblock the reader
    with open(fifo, "w"):
        pass
reader.join()
sys.stdout.write(got[0] if got else "")
sys.exit(rc or (0 if stat.S_ISFIFO(os.stat(fifo).st_mode) else 3))
