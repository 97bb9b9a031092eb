"""Worker processes of ``n_jobs`` end with their parent, however it ends, on every start method.

A child Python process runs a long ``n_jobs=2`` job (each worker, once it has its chunk, writes its
PID and sleeps) and is killed with ``SIGTERM`` or ``SIGKILL`` mid-job: neither runs Python's
clean-up, so the workers' only news of it is the parent's sentinel, which their watchdog thread
waits on (``simpeval.engines.pool._exit_with_parent``). Before it, they stayed for ever,
re-parented to PID 1 and blocked on their task queue. Each worker must be gone within a bounded wait
(a poll of up to 20 s: no assertion on speed), and no ``/dev/shm`` segment may be left behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPT = r"""
import multiprocessing
import os
import sys
import time

from simpeval import BLEU
from simpeval.engines import pool


class SlowBLEU(BLEU):
    def extract_stats(self, hypotheses, references, sources):
        if os.getpid() != int(os.environ["ORPHANS_PARENT"]):  # a worker: say so, then take long
            with open(os.path.join(os.environ["ORPHANS_DIR"], str(os.getpid())), "w") as handle:
                handle.write("")
            time.sleep(600)
        return super().extract_stats(hypotheses, references, sources)


if __name__ == "__main__":
    os.environ["ORPHANS_PARENT"] = str(os.getpid())
    method = sys.argv[1]
    pool._context = lambda: multiprocessing.get_context(method)  # this start method, whatever the platform's
    SlowBLEU().corpus_stats(["a b c"] * 400, [["a b d"] * 400], n_jobs=2)
"""


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie no one reaps has ended too)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError):
        return True


def _shm() -> set[str]:
    return set(os.listdir("/dev/shm")) if os.path.isdir("/dev/shm") else set()


def kill_mid_job(tmp: Path, method: str, signum: int) -> None:
    """Start the job in a child process, wait until both workers hold a chunk, kill the child with
    ``signum``; then every worker must be gone within 20 s and no new ``/dev/shm`` segment left."""
    script = tmp / "long_job.py"
    script.write_text(SCRIPT, encoding="utf-8")
    pids = tmp / "pids"
    pids.mkdir()
    env = dict(os.environ, ORPHANS_DIR=str(pids), SIMPEVAL_PARALLEL_MIN_SEGMENTS="10")
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parents[2]), env.get("PYTHONPATH", "")])
    before = _shm()
    child = subprocess.Popen([sys.executable, str(script), method], env=env, cwd=tmp, stderr=subprocess.PIPE)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while len(workers) < 2 and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.1)
            workers = [int(name) for name in os.listdir(pids)]
        assert len(workers) == 2, (
            f"the workers did not start: {child.poll()} {child.stderr.read() if child.stderr else ''}"
        )
        child.send_signal(signum)
        child.wait(timeout=60)
        deadline = time.monotonic() + 20  # the semaphores of spawn and forkserver: unlinked by the resource
        while time.monotonic() < deadline:  # tracker once the last worker holding its pipe has gone
            if all(_gone(pid) for pid in workers) and not _shm() - before:
                break
            time.sleep(0.1)
        left = [pid for pid in workers if not _gone(pid)]
        assert not left, f"workers left running after the parent's {signal.Signals(signum).name}: {left}"
        assert not _shm() - before, f"left in /dev/shm: {_shm() - before}"
    finally:
        for pid in workers:  # a failed case leaves nothing behind either
            if not _gone(pid):
                os.kill(pid, signal.SIGKILL)
        if child.poll() is None:
            child.kill()
            child.wait()
        if child.stderr:
            child.stderr.close()


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc and /dev/shm")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_workers_end_with_their_killed_parent(tmp_path: Path, method: str, signum: int) -> None:
    kill_mid_job(tmp_path, method, signum)
