"""Follows docs/install.md as a reader would: writes every file the page
says to save ("Save as `PATH`:" before a code block) and runs every ```sh
block, in order, in one bash with -e, in a fresh folder that stands for the
reader's home and checkout. Blocks after an <!-- install-test: ... -->
comment are not run (the page says why); `build` is the suite's build
folder, already built.

usage: follow_install_page.py PAGE BUILD_DIR WORK_DIR"""
import os
import re
import subprocess
import sys


def steps(page):
    """(kind, payload) in page order: ("file", (path, text)) or ("sh", text)."""
    text = open(page).read()
    fence = re.compile(r"```(\w*)\n(.*?)```", re.S)
    out, pos = [], 0
    for m in fence.finditer(text):
        before = text[pos:m.start()].rstrip().splitlines()
        pos = m.end()
        last = before[-1] if before else ""
        saved = re.search(r"Save as `([^`]+)`", last)
        if saved:
            out.append(("file", (saved.group(1), m.group(2))))
        elif m.group(1) == "sh" and not last.startswith("<!-- install-test:"):
            out.append(("sh", m.group(2)))
    return out


def main():
    page, build, work = sys.argv[1:4]
    os.makedirs(os.path.join(work, "home"), exist_ok=True)
    os.symlink(build, os.path.join(work, "build"))
    script = ["set -ex", "cd " + work]
    for kind, payload in steps(page):
        if kind == "file":
            path, body = payload
            os.makedirs(os.path.join(work, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(work, path), "w") as f:
                f.write(body)
        else:
            script.append(payload)
    env = {k: v for k, v in os.environ.items() if not k.startswith("ESCHED")}
    env["HOME"] = os.path.join(work, "home")
    env["PATH"] = "/usr/local/bin:/usr/bin:/bin"  # a reader's shell: no esched yet
    sys.exit(subprocess.call(["bash", "-c", "\n".join(script)], env=env))


main()
