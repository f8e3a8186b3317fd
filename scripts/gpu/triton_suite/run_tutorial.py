#!/usr/bin/env python3
"""Run one Triton tutorial with the harness's runner (its benchmarks off, its results checked),
with tt compiling when TT_SUITE_PLUGIN=1.

    TT_SUITE_PLUGIN=1 python3 run_tutorial.py HARNESS_DIR TUTORIAL.py
"""
import os
import sys

if __name__ == "__main__":
    harness, tutorial = sys.argv[1], sys.argv[2]
    if os.environ.get("TT_SUITE_PLUGIN") == "1":
        import tt_triton
        print(f"[triton_suite] {tt_triton.enable().describe()}")
    sys.path.insert(0, harness)
    import run_tutorial  # the harness's runner
    sys.argv = [sys.argv[0], tutorial]
    sys.exit(run_tutorial.main())
