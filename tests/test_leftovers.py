"""The session-end check (tests/conftest.py): a test run that leaves a child process behind fails (issue 33)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_run_that_leaves_a_child_process_fails(pytester, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("WESTFRONT_LEFTOVER_GRACE_S", "0.5")
    pid_file = pytester.path / "pid"
    pytester.makeconftest("from tests.conftest import pytest_sessionfinish  # noqa: F401\n")
    pytester.makepyfile(test_leak=f"""
import subprocess

def test_starts_a_process_and_forgets_it():
    p = subprocess.Popen(["sleep", "60"])
    open({str(pid_file)!r}, "w").write(str(p.pid))
""")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    try:
        assert result.ret == pytest.ExitCode.TESTS_FAILED
        result.stdout.fnmatch_lines(["*the test run left 1 child process(es):*", "*sleep 60*"])
    finally:
        os.kill(int(pid_file.read_text()), signal.SIGKILL)
