# The project's conftest for Triton 3.6's own tests (scripts/gpu/triton_suite.sh copies it over
# the harness's triton-tests/conftest.py in .bin/triton-suite). Triton's python/test/conftest.py
# below this folder is unchanged.
#
#   TT_SUITE_PLUGIN=1    tt compiles every CUDA kernel: the project's plugin (python/tt_triton,
#                        on PYTHONPATH) is enabled in the controller and in every xdist worker.
#                        Otherwise Triton compiles, and a kernel carrying tt's metadata key fails
#                        the test (it could only come from a cache shared with a tt run).
#   TRITON_CACHE_DIR     also made the default cache dir (Triton's fresh_knobs fixture deletes the
#                        variable for its test and would fall back to ~/.triton/cache)
#   TT_SHARD=i/n         run the collected tests with index % n == i
#   TT_DEADLINE=EPOCH    tests not started by then are skipped ("TT_DEADLINE reached")
#   TT_RESULTS_LOG=FILE  one JSON line per test outcome, written by the xdist controller as the
#                        outcomes arrive (tt_results.py reads it)
#   TT_EXIT_ON_CUDA_ERROR=0  keep a worker whose CUDA context died (default: it exits after its
#                        report and xdist starts a fresh one)
import json
import os
import time

import pytest

PLUGIN = os.environ.get("TT_SUITE_PLUGIN") == "1"

if PLUGIN:
    import tt_triton

    TT = tt_triton.enable()


def _pin_cache_dir():
    d = os.environ.get("TRITON_CACHE_DIR")
    if not d:
        return
    from triton import knobs
    desc = type(knobs.cache).__dict__.get("dir")
    if desc is not None and hasattr(desc, "default_factory"):
        desc.default_factory = lambda d=d: d


def _no_tt_kernels(*, src, metadata, metadata_group, times, cache_hit):
    if "tt_translate" in metadata:
        raise RuntimeError(f"Triton's run got kernel {metadata.get('name')} compiled by tt (cache_hit={cache_hit})")


_pin_cache_dir()
if not PLUGIN:
    from triton import knobs as _knobs
    if _knobs.compilation.listener is None:
        _knobs.compilation.listener = _no_tt_kernels

_IS_WORKER = False
_CUDA_LOST = ("illegal memory access", "unspecified launch failure", "illegal instruction", "misaligned address",
              "CUDA error: ", "CUDA_ERROR_", "Triton Error [CUDA]")


def pytest_configure(config):
    global _IS_WORKER
    _IS_WORKER = hasattr(config, "workerinput")


def pytest_report_header(config):
    if PLUGIN:
        return [f"tt_triton: {TT.describe()}"]
    return ["tt_triton: off (Triton compiles)"]


def pytest_collection_modifyitems(config, items):
    shard = os.environ.get("TT_SHARD")
    if not shard:
        return
    i, n = (int(x) for x in shard.split("/"))
    keep = [it for k, it in enumerate(items) if k % n == i]
    config.hook.pytest_deselected(items=[it for k, it in enumerate(items) if k % n != i])
    items[:] = keep


def pytest_runtest_setup(item):
    deadline = os.environ.get("TT_DEADLINE")
    if deadline and time.time() > float(deadline):
        pytest.skip("TT_DEADLINE reached: not run")
    if PLUGIN and not tt_triton.enabled():
        raise RuntimeError("tt_triton is no longer Triton's stage hook: something replaced "
                           "knobs.runtime.add_stages_inspection_hook")


def _outcome(report):
    if hasattr(report, "wasxfail"):
        return "xfailed" if report.skipped else "xpassed"
    if report.when == "call":
        return report.outcome
    if report.failed:
        return "error"
    return "skipped" if report.skipped else None


def _message(report):
    crash = getattr(getattr(report, "longrepr", None), "reprcrash", None)
    if crash is not None:
        return crash.message
    lr = getattr(report, "longrepr", None)
    if isinstance(lr, tuple) and len(lr) == 3:
        return str(lr[2])
    return str(lr) if lr else ""


def pytest_runtest_logreport(report):
    path = os.environ.get("TT_RESULTS_LOG")
    outcome = _outcome(report)
    if not path or _IS_WORKER or outcome is None:
        return
    rec = {"nodeid": report.nodeid, "when": report.when, "outcome": outcome, "duration": round(report.duration, 3),
           "message": _message(report)[:1500]}
    if report.failed:
        rec["tail"] = "\n".join((getattr(report, "longreprtext", "") or "").splitlines()[-30:])[-4000:]
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, (json.dumps(rec, default=str) + "\n").encode())
    finally:
        os.close(fd)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    if rep.failed and call.excinfo is not None and os.environ.get("PYTEST_XDIST_WORKER"):
        if any(s in str(call.excinfo.value) for s in _CUDA_LOST):
            item.config._tt_cuda_lost = True
    return rep


@pytest.fixture(autouse=True)
def _cuda_health(request):
    yield
    cfg = request.config
    if getattr(cfg, "_tt_cuda_lost", False) and os.environ.get("TT_EXIT_ON_CUDA_ERROR", "1") != "0":
        cfg._tt_cuda_lost = False
        try:
            import torch
            torch.cuda.synchronize()
            torch.empty(1, device="cuda").fill_(1).item()
        except Exception as e:  # every later test of this process would fail
            os.write(2, f"\n[triton_suite] CUDA context lost ({e}); the worker exits for xdist to replace it\n".encode())
            os._exit(3)
