"""Times Triton 3.6's own persistent matmul (test_matmul.py's simple_persistent_kernel) compiled
by Triton alone or by a tt-translate binary through the plugin, on the GPU machine.

    python3 scripts/gpu/persistent_bench.py SUITE_DIR [--tt BINARY] [--ptx-out DIR]

SUITE_DIR is .bin/triton-suite (triton_suite.sh prepare). One process times one compiler: the JIT
keeps compiled kernels in memory, so switching the plugin on and off inside a process could time
the wrong one; alternate processes instead (persistent_bench.sh). Prints one line per
configuration: milliseconds (do_bench median), TFLOP/s, the maximum error against torch.matmul
and, with --ptx-out, writes the kernel's PTX there (ptxas -arch=sm_90a then tells whether it
serializes the wgmmas).
"""
import argparse
import importlib.util
import os
import sys

CONFIGS = [  # BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages
    (128, 128, 64, 8, 3),
    (128, 256, 64, 8, 3),
    (128, 128, 64, 4, 4),
]


def load_kernel(suite):
    path = os.path.join(suite, "triton-tests", "python", "test", "unit", "language", "test_matmul.py")
    sys.path.insert(0, os.path.dirname(path))
    spec = importlib.util.spec_from_file_location("tt_bench_test_matmul", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.simple_persistent_kernel


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("suite")
    ap.add_argument("--tt", help="tt-translate binary (default: Triton alone)")
    ap.add_argument("--ptx-out")
    ap.add_argument("--size", type=int, default=4096)
    args = ap.parse_args()

    if args.tt:
        import tt_triton
        tt_triton.enable(args.tt)
    import torch
    import triton
    from triton.testing import do_bench

    kernel = load_kernel(args.suite)
    n = args.size
    torch.manual_seed(0)
    a = torch.randn(n, n, dtype=torch.float16, device="cuda")
    b = torch.randn(n, n, dtype=torch.float16, device="cuda")
    ref = torch.matmul(a, b)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    label = "tt" if args.tt else "triton"
    for bm, bn, bk, warps, stages in CONFIGS:
        c = torch.empty(n, n, dtype=torch.float16, device="cuda")
        grid = (min(sms, triton.cdiv(n, bm) * triton.cdiv(n, bn)), )

        def launch():
            return kernel[grid](a, b, c, n, n, n, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                c.stride(0), c.stride(1), BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk,
                                GROUP_SIZE_M=8, NUM_SMS=sms, DISALLOW_ACC_MULTI_BUFFER=False,
                                num_stages=stages, num_warps=warps)

        try:
            compiled = launch()
        except Exception as e:  # a configuration one compiler refuses is reported, not fatal
            print(f"{label} {bm}x{bn}x{bk} w{warps} s{stages}: {type(e).__name__}: {str(e)[:200]}")
            continue
        torch.cuda.synchronize()
        err = (c.float() - ref.float()).abs().max().item()
        ms = do_bench(launch, warmup=100, rep=500)
        tflops = 2 * n**3 / ms / 1e9
        print(f"{label} {bm}x{bn}x{bk} w{warps} s{stages}: {ms:.4f} ms {tflops:.0f} TFLOP/s max_err {err:.3g}")
        if args.ptx_out:
            os.makedirs(args.ptx_out, exist_ok=True)
            with open(os.path.join(args.ptx_out, f"{label}_{bm}x{bn}x{bk}_w{warps}_s{stages}.ptx"), "w") as f:
                f.write(compiled.asm["ptx"])


if __name__ == "__main__":
    main()
