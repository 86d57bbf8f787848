"""How `make setup` gets jing (``tools/validators.sh``, the Makefile's ``validators`` target).

Run against stand-ins for ``id``, ``apt-cache``, ``apt-get`` and jing itself (nothing is
installed): as root it installs Debian's package without prompts or recommends, runs
``apt-get update`` only when the package lists offer no jing or the install fails on stale
lists (and then once), and checks that jing runs; otherwise it fails with a message that says
what is wrong and what to install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "validators.sh"
BASH = shutil.which("bash") or "/bin/bash"

# The stand-ins. State is kept as files in $STATE: `fresh` (the lists offer jing), `updated`,
# `stale` (an install before an update fails), `broken` (every install fails), `nojre` (the
# installed jing cannot run), `noupdate` (apt-get update fails). Every call is logged.
STUBS = {
    "id": 'echo "${FAKE_UID:-0}"\n',
    "apt-cache": 'echo "apt-cache $*" >>"$STATE/log"\n'
                 'echo "jing:"\n'
                 'if [ -e "$STATE/fresh" ] || [ -e "$STATE/updated" ]; then echo "  Candidate: 20220510-2";\n'
                 'else echo "  Candidate: (none)"; fi\n',
    "apt-get": 'echo "apt-get $* [DEBIAN_FRONTEND=${DEBIAN_FRONTEND:-}]" >>"$STATE/log"\n'
               'case "$1" in\n'
               '  update) [ ! -e "$STATE/noupdate" ] || exit 100; touch "$STATE/updated" ;;\n'
               '  install)\n'
               '    if [ -e "$STATE/broken" ] || { [ -e "$STATE/stale" ] && [ ! -e "$STATE/updated" ]; }; then\n'
               '      echo "E: Failed to fetch jing_20220510-2_all.deb  404  Not Found" >&2; exit 100; fi\n'
               '    printf \'#!/bin/sh\\necho "Jing version 20220510"\\n[ ! -e "$STATE/nojre" ] || '
               '{ echo "no java" >&2; exit 1; }\\n\' >"$STUBS/fakejing"\n'
               '    chmod +x "$STUBS/fakejing" ;;\n'
               'esac\n',
}


def run(tmp_path: Path, *state: str, uid: int = 0, apt: bool = True) -> tuple[int, str, list[str]]:
    stubs, status = tmp_path / "bin", tmp_path / "state"
    stubs.mkdir()
    status.mkdir()
    for name in state:
        (status / name).touch()
    for name, body in STUBS.items():
        if name.startswith("apt") and not apt:
            continue
        (stubs / name).write_text("#!/bin/sh\n" + body, encoding="utf-8")
        (stubs / name).chmod(0o755)
    for tool in ("mktemp", "rm", "sed", "awk", "grep", "head", "cat", "chmod", "touch", "printf"):
        found = shutil.which(tool)
        if found and not (stubs / tool).exists():
            (stubs / tool).symlink_to(found)
    env = {"PATH": str(stubs), "STATE": str(status), "STUBS": str(stubs), "FAKE_UID": str(uid),
           "HOME": os.environ.get("HOME", "/tmp")}
    done = subprocess.run([BASH, str(SCRIPT), "fakejing"], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    log = (status / "log").read_text().splitlines() if (status / "log").exists() else []
    return done.returncode, done.stdout + done.stderr, [line for line in log if line.startswith("apt-get")]


def with_jing(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    """The script, given an installed jing that runs ``body``."""
    (tmp_path / "bin").mkdir()
    jing = tmp_path / "bin" / "fakejing"
    jing.write_text("#!/bin/sh\n" + body)
    jing.chmod(0o755)
    return subprocess.run([BASH, str(SCRIPT), str(jing)], capture_output=True, text=True, timeout=60, check=False)


def test_installed_and_running_nothing_to_do(tmp_path: Path) -> None:
    done = with_jing(tmp_path, "exit 0\n")
    assert done.returncode == 0 and not done.stdout, done.stdout + done.stderr


def test_fresh_lists_install_without_update_prompts_or_recommends(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, "fresh")
    assert code == 0, out
    assert calls == ["apt-get install -y --no-install-recommends jing [DEBIAN_FRONTEND=noninteractive]"]
    assert "Jing version 20220510 installed, and it runs" in out


def test_empty_lists_are_updated_once_first(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path)
    assert code == 0, out
    assert calls == ["apt-get update [DEBIAN_FRONTEND=noninteractive]",
                     "apt-get install -y --no-install-recommends jing [DEBIAN_FRONTEND=noninteractive]"]
    assert "offer no jing" in out


def test_stale_lists_are_updated_after_a_failed_install(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, "fresh", "stale")
    assert code == 0, out
    assert [c.split(" [")[0] for c in calls] == ["apt-get install -y --no-install-recommends jing",
                                                 "apt-get update",
                                                 "apt-get install -y --no-install-recommends jing"]
    assert "stale package lists" in out


@pytest.mark.parametrize("state, complaint, updates", [
    (("fresh", "broken"), "apt-get install jing failed, also after apt-get update", 1),
    (("broken",), "apt-get install jing failed (see above)", 1),
    (("noupdate",), "apt-get update failed", 1),
    (("fresh", "nojre"), "was installed but does not run", 0),
])
def test_a_failure_says_what_failed(tmp_path: Path, state: tuple[str, ...], complaint: str, updates: int) -> None:
    code, out, calls = run(tmp_path, *state)
    assert code == 1 and complaint in out, out
    assert sum(c.startswith("apt-get update") for c in calls) == updates, calls


def test_not_root_says_what_to_install_and_installs_nothing(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, "fresh", uid=1000)
    assert code == 1 and calls == [], out
    assert "jing (RELAX NG validator, for the TEI tests) is missing" in out
    assert "DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends jing" in out


def test_no_apt_get_says_so(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, apt=False)
    assert code == 1 and "there is no apt-get here" in out, out


def test_an_installed_jing_that_cannot_run_is_reported(tmp_path: Path) -> None:
    done = with_jing(tmp_path, "echo 'Error: no Java runtime' >&2\nexit 1\n")
    assert done.returncode == 1
    assert "is installed but does not run" in done.stderr and "no Java runtime" in done.stderr


def test_the_makefile_calls_it() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "\t@bash tools/validators.sh $(JING)\n" in makefile
    assert "validators" in makefile.split("\nsetup:", 1)[1].split("\n", 1)[0]
