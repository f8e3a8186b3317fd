#!/usr/bin/env python3
"""Repeat tutorial 05's layer-norm check many times, under tt or under Triton.

    [TT_SUITE_PLUGIN=1] python3 layernorm_repeat.py TUTORIAL_05.py ROUNDS [M N]

The tutorial's backward pass sums the weight and bias gradients of row
groups into shared partial buffers under a spin lock (atomic_cas and
atomic_xchg); a lost update there shows as a db or dw error far above the
tutorial's tolerance (atol 1e-2), while rounding stays far below it. Each
round seeds torch with its number, runs the tutorial's forward and backward
(its own layer_norm function, loaded from the tutorial's source without its
benchmark) and compares y, dx, db and dw with torch's, as the tutorial does.
It prints one line per failing round and a summary: rounds, failures per
tensor, and the largest error seen per tensor. Exit status 1 when any
round failed.

With TT_SUITE_PLUGIN=1, tt compiles every kernel (tt_triton.enable(), so
python/ must be on PYTHONPATH and TT_TRANSLATE name tt-translate); use a
fresh TRITON_CACHE_DIR so that no kernel comes from an earlier run.
"""
import os
import sys


def load_tutorial(path):
    """The tutorial's definitions: its source up to the benchmark."""
    src = open(path).read()
    cut = src.find("@triton.testing.perf_report")
    if cut < 0:
        raise SystemExit(f"{path}: no benchmark section found; is it tutorial 05?")
    g = {"__name__": "tutorial05", "__file__": path}
    exec(compile(src[:cut], path, "exec"), g)
    return g


def one_round(g, seed, M, N):
    import torch
    torch.manual_seed(seed)
    dtype, eps, device = torch.float16, 1e-5, g["DEVICE"]
    weight = torch.rand((N, ), dtype=dtype, device=device, requires_grad=True)
    bias = torch.rand((N, ), dtype=dtype, device=device, requires_grad=True)
    x = -2.3 + 0.5 * torch.randn((M, N), dtype=dtype, device=device)
    dy = .1 * torch.randn_like(x)
    x.requires_grad_(True)
    y_tri = g["layer_norm"](x, (N, ), weight, bias, eps)
    y_ref = torch.nn.functional.layer_norm(x, (N, ), weight, bias, eps).to(dtype)
    y_tri.backward(dy, retain_graph=True)
    tri = [t.grad.clone() for t in (x, weight, bias)]
    x.grad, weight.grad, bias.grad = None, None, None
    y_ref.backward(dy, retain_graph=True)
    ref = [t.grad.clone() for t in (x, weight, bias)]
    pairs = {"y": (y_tri, y_ref), "dx": (tri[0], ref[0]), "db": (tri[2], ref[2]), "dw": (tri[1], ref[1])}
    return {k: (a.float() - b.float()).abs().max().item() for k, (a, b) in pairs.items()}


def main():
    if len(sys.argv) not in (3, 5):
        raise SystemExit(__doc__)
    path, rounds = sys.argv[1], int(sys.argv[2])
    M, N = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) == 5 else (1151, 8192)
    compiler = "Triton"
    if os.environ.get("TT_SUITE_PLUGIN") == "1":
        import tt_triton
        compiler = "tt (" + tt_triton.enable().describe() + ")"
    g = load_tutorial(path)
    worst = {k: 0.0 for k in ("y", "dx", "db", "dw")}
    failures = {k: 0 for k in worst}
    failed_rounds = 0
    for r in range(rounds):
        errs = one_round(g, r, M, N)
        bad = [k for k, e in errs.items() if e > 1e-2]
        for k, e in errs.items():
            worst[k] = max(worst[k], e)
        for k in bad:
            failures[k] += 1
        if bad:
            failed_rounds += 1
            print(f"round {r}: " + ", ".join(f"{k} max error {errs[k]:.4g}" for k in bad))
    print(f"{compiler}: {rounds} rounds of tutorial 05 at M={M} N={N}, {failed_rounds} failed; "
          f"failures per tensor {failures}; largest errors " +
          ", ".join(f"{k} {v:.3g}" for k, v in worst.items()))
    return 1 if failed_rounds else 0


if __name__ == "__main__":
    sys.exit(main())
