#!/usr/bin/env python3
"""Reference TTIR from Triton 3.6 for tt's front end (frontend/triton).

Run on the GPU machine (Triton 3.6, torch, numpy; the compiles are for
sm_90):

    python3 frontend/testdata/reference/gen_reference.py OUTDIR
        For every kernel of spec.json (beside this file): Triton's TTIR after
        make_ttir (asm["ttir"]) for the specialization the spec gives, written
        to OUTDIR/<name>.ttir, and OUTDIR/failures.txt. Copy the .ttir files
        into frontend/testdata/reference/. Then (unless --no-runs) launches
        every kernel the spec gives a launch for with random inputs and
        records the cases (inputs, Triton's outputs, TTIR; the format of
        testdata/cases, plus each kernel's Python file and constexprs) in
        OUTDIR/runs/: copy that folder to frontend/testdata/reference/runs/.
        A few minutes at most.

    python3 frontend/testdata/reference/gen_reference.py OUTDIR --test-core [--shard I/N] [--budget S] [-n W]
        Runs Triton's test_core.py (shared/tools/triton-suite) under pytest and
        records every kernel Triton compiles: a standalone Python file holding
        the kernel and the @jit functions and constexpr globals it uses (the
        source as the test patched it), its specialization, its options and
        Triton's TTIR, into OUTDIR/test_core/ (manifest.jsonl + files), then
        packs it (below). The budget (s) stops starting new tests; shards
        split the tests round robin (TT_SHARD/TT_DEADLINE of the suite's
        conftest). -n runs pytest-xdist workers. The recorder is a pytest
        plugin: any pytest run of Triton's tests with -p gen_reference and
        TT_FE_RECORD_DIR=OUTDIR (this folder on PYTHONPATH) records the same
        way, and --pack then merges its rows with those already there. Each manifest row: name (the files' stem: NAME.py, NAME.ttir,
        NAME.source.mlir = the front end's TTIR before any pass), test,
        kernel, args (one signature entry per parameter, triton.tools.compile
        syntax; "" where constexprs gives the value), module (the kernel's
        __module__, which names the functions it calls), constexprs (Python
        source; "@fn:F" is the @jit function F of NAME.py), arch, num_warps,
        num_stages, debug, sanitize_overflow, num_ctas, unsupported_globals
        (globals the kernel reads that could not be written out), skip.

    python3 frontend/testdata/reference/gen_reference.py OUTDIR --pack
        Packs OUTDIR/test_core (manifest.jsonl, or the manifest.PID.jsonl files
        of a run that stopped before merging them; rows deduplicated by name)
        into OUTDIR/test_core.tar.gz: manifest.jsonl, then every NAME.py, then
        every NAME.ttir, ordered by test function and kernel so that gzip's
        window sees the near-identical specializations of one test together
        (about 2 MB for test_core's ten thousand kernels, against 50 MB
        unpacked). The archive is deterministic (no times, no owners).
        NAME.source.mlir files stay out: the Go test compares after
        ttir-pipeline. Copy the archive to frontend/testdata/reference/;
        TestCoreKernelsMatchTriton (frontend/triton) reads it directly, or
        a folder or another archive given with -test-core, and compares each
        kernel's outcome with test_core_known.txt beside it (the kernels tt
        does not match yet, with the reason); after a new recording, rewrite
        that list with `go test ./frontend/triton -run
        TestCoreKernelsMatchTriton -update-known` and review its diff.

The shared/ folder is found beside the repository (../shared) or inside it
(shared/), or where TT_SHARED points.
"""
import argparse
import ast
import hashlib
import inspect
import json
import os
import sys
import time
import traceback

os.environ.setdefault("TRITON_ALWAYS_COMPILE", "1")

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def relative_paths(text):
    """IR text with the source locations made machine-independent: the paths of the harness's
    Triton tests (in the shared folder, or copied into .bin/triton-suite/), of the checkout and
    of Triton's installation (its standard.py and random.py are located as
    triton/language/...) removed, so that no machine path is recorded."""
    import triton
    prefixes = [os.path.dirname(os.path.dirname(os.path.abspath(triton.__file__))) + os.sep]
    prefixes.append(os.path.join(REPO, ".bin", "triton-suite") + os.sep)
    shared = os.environ.get("TT_SHARED") or os.path.join(REPO, "..", "shared")
    prefixes.append(os.path.join(os.path.abspath(shared), "tools", "triton-suite") + os.sep)
    prefixes.append(REPO + os.sep)
    for prefix in prefixes:
        text = text.replace('"' + prefix, '"')
    return text


def shared_dir():
    for d in (os.environ.get("TT_SHARED"), os.path.join(REPO, "..", "shared"), os.path.join(REPO, "shared")):
        if d and os.path.isdir(d):
            return os.path.abspath(d)
    raise SystemExit("shared/ not found: set TT_SHARED")


def resolve(file):
    if file.startswith("shared/"):
        return os.path.join(shared_dir(), file[len("shared/"):])
    return os.path.join(REPO, file)


# ---------------------------------------------------------------------------
# Loading kernels without running a file's host code


def _is_jit_decorator(d):
    f = d.func if isinstance(d, ast.Call) else d
    name = ast.unparse(f)
    return name in ("triton.jit", "jit", "triton.constexpr_function", "constexpr_function", "tl.constexpr_function")


def _is_constexpr_value(node):
    return isinstance(node, ast.Call) and ast.unparse(node.func).endswith("constexpr")


def load_kernels(path):
    """Executes the imports, @jit functions and constexpr globals of a file,
    with their original line numbers, and returns its namespace; module-level
    host code (benchmarks, tests) does not run. Decorators other than
    triton.jit (autotune, heuristics) are dropped: the spec gives the
    specialization."""
    src = open(path, encoding="utf-8").read()
    tree = ast.parse(src, path)
    ns = {"__name__": "__main__", "__file__": path}
    for node in tree.body:
        keep = False
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            keep = True
        elif isinstance(node, ast.FunctionDef):
            jit = [d for d in node.decorator_list if _is_jit_decorator(d)]
            if jit or not node.decorator_list:
                node.decorator_list = jit
                keep = True
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _is_constexpr_value(node.value):
            keep = True
        if not keep:
            continue
        code = compile(ast.Module(body=[node], type_ignores=[]), path, "exec")
        try:
            exec(code, ns)
        except Exception as e:  # an import the machine lacks: kernels may not need it
            print(f"  note: {path}:{node.lineno}: {type(e).__name__}: {e}", file=sys.stderr)
    return ns


def _constant(s, ns):
    import triton
    import triton.language as tl
    try:
        return int(s)
    except ValueError:
        pass
    try:
        return float(s)
    except ValueError:
        pass
    return eval(s, {"tl": tl, "triton": triton, **ns})


def specialization(fn, case, ns):
    """signature/constexprs/attrs for ASTSource from the spec's
    triton.tools.compile-style signature."""
    entries = [e.strip() for e in split_signature(case["signature"])]
    names = fn.arg_names
    if len(entries) > len(names):
        raise ValueError(f"signature has {len(entries)} entries, {fn.__name__} takes {len(names)}")
    signature, constexprs, attrs = {}, {}, {}
    for i, name in enumerate(names):
        if name in case.get("constexprs", {}):
            signature[name] = "constexpr"
            constexprs[name] = _constant(case["constexprs"][name], ns)
            continue
        if i >= len(entries):
            raise ValueError(f"no signature entry for {name}")
        e = entries[i]
        ty, hint = e, None
        if ":" in e and not e.startswith("tensordesc"):
            ty, hint = [x.strip() for x in e.rsplit(":", 1)]
        if is_type(ty):
            if hint == "1":
                signature[name] = "constexpr"
                constexprs[name] = 1
            else:
                signature[name] = ty
                if hint == "16":
                    attrs[(i, )] = [["tt.divisibility", 16]]
            continue
        signature[name] = "constexpr"
        constexprs[name] = _constant(e, ns)
    return signature, constexprs, attrs


def split_signature(sig):
    out, depth, cur = [], 0, ""
    for c in sig:
        if c in "<[(":
            depth += 1
        elif c in ">])":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur)
    return out


def is_type(s):
    s = s.strip()
    if s.startswith("*"):
        s = s[1:]
        if s.startswith("k"):
            s = s[1:]
    if s.startswith("tensordesc<"):
        return True
    return s in ("i1", "i8", "i16", "i32", "i64", "u1", "u8", "u16", "u32", "u64", "fp16", "bf16", "fp32", "fp64",
                 "fp8e4nv", "fp8e5", "fp8e4b15", "fp8e4b8", "fp8e5b16", "B")


# ---------------------------------------------------------------------------
# Compiling to TTIR


def compile_ttir(src, options, arch=90):
    """Triton's TTIR after make_ttir (what asm["ttir"] holds): the front end
    and the ttir stage only, falling back to a full triton.compile."""
    from triton.backends.compiler import GPUTarget
    target = GPUTarget("cuda", arch, 32)
    try:
        from triton._C.libtriton import ir
        from triton.compiler.compiler import make_backend
        backend = make_backend(target)
        opts = backend.parse_options(dict(options))
        context = ir.context()
        ir.load_dialects(context)
        backend.load_dialects(context)
        codegen_fns = backend.get_codegen_implementation(opts)
        module_map = backend.get_module_map()
        module = src.make_ir(target, opts, codegen_fns, module_map, context)
        stages = {}
        backend.add_stages(stages, opts, src.language)
        return str(stages["ttir"](module, {}))
    except (ImportError, AttributeError, TypeError, KeyError):
        import triton
        return triton.compile(src, target=target, options=dict(options)).asm["ttir"]


def run_spec(out):
    from triton.compiler import ASTSource
    spec = json.load(open(os.path.join(HERE, "spec.json")))
    os.makedirs(out, exist_ok=True)
    failures, ok = [], 0
    namespaces = {}
    start = time.time()
    for case in spec["cases"]:
        path = resolve(case["file"])
        try:
            if path not in namespaces:
                namespaces[path] = load_kernels(path)
            ns = namespaces[path]
            fn = ns[case["kernel"]]
            signature, constexprs, attrs = specialization(fn, case, ns)
            src = ASTSource(fn, signature, constexprs, attrs)
            options = {"num_warps": case.get("num_warps", 4), "num_stages": case.get("num_stages", 3)}
            ttir = compile_ttir(src, options)
            with open(os.path.join(out, case["name"] + ".ttir"), "w") as f:
                f.write(relative_paths(ttir))
            ok += 1
            print("ok", case["name"], flush=True)
        except Exception:
            tb = traceback.format_exc()
            failures.append(f"== {case['name']}\n{tb}")
            print("FAILED", case["name"], tb.strip().splitlines()[-1], flush=True)
    with open(os.path.join(out, "failures.txt"), "w") as f:
        f.write("\n".join(failures))
    print(f"{ok} kernels, {len(failures)} failures, {time.time() - start:.0f}s")


# ---------------------------------------------------------------------------
# Running the spec kernels: a case manifest for the interpreter


def _tensor_factories(torch):
    dtypes = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32, "f64": torch.float64,
              "i8": torch.int8, "i16": torch.int16, "i32": torch.int32, "i64": torch.int64}

    def make(fn):
        return lambda dtype, *shape: fn(shape, dtype=dtype, device="cuda")

    return {"randn": make(torch.randn), "rand": make(torch.rand), "zeros": make(torch.zeros),
            "empty": make(torch.empty), **dtypes}


def _py_source(v):
    if isinstance(v, str):
        return repr(v)
    return str(v)


def run_launches(out):
    """Launches every spec kernel that has a launch on the GPU with random inputs and records
    the case (inputs, Triton's outputs, TTIR) in the format of testdata/cases, with the kernel's
    Python file and constexprs, in OUTDIR/runs/ (manifest.json and files). testdata/cases/make_cases.py
    records the launches."""
    import torch
    import triton
    sys.path.insert(0, os.path.join(REPO, "testdata", "cases"))
    import make_cases as mc
    factories = _tensor_factories(torch)
    spec = json.load(open(os.path.join(HERE, "spec.json")))
    runs = os.path.join(out, "runs")
    os.makedirs(runs, exist_ok=True)
    failures = []
    for case in spec["cases"]:
        launch = case.get("launch")
        if not launch:
            continue
        try:
            path = resolve(case["file"])
            ns = load_kernels(path)
            fn = ns[case["kernel"]]
            _, constexprs, _ = specialization(fn, case, ns)
            torch.manual_seed(sum(map(ord, case["name"])))
            if launch.get("allocator"):
                triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
            params, consts = {}, {}
            for p in fn.params:
                name = p.name
                if p.is_constexpr:
                    consts[name] = constexprs[name]
                    continue
                v = launch["args"][name]
                params[name] = eval(v, {"__builtins__": {}}, factories) if isinstance(v, str) else v
            outputs = {n: params[n] for n in launch["outputs"]}
            recorded = {k: _py_source(v) for k, v in consts.items()}
            # A constexpr parameter named num_stages (tutorial 02) is also
            # the launch option, as in the tutorial's own launch.
            num_stages = consts.pop("num_stages", case.get("num_stages", 3))
            mc.launch(case["name"], fn, tuple(launch["grid"]), params, outputs, launch.get("tol", 1e-5),
                      num_warps=case.get("num_warps", 4), num_stages=num_stages,
                      note=launch.get("note", ""), **consts)
            mc.cases[-1]["python"] = {"file": case["file"], "kernel": case["kernel"], "constexprs": recorded}
            print("ran", case["name"], flush=True)
        except Exception:
            tb = traceback.format_exc()
            failures.append(f"== {case['name']}\n{tb}")
            print("FAILED to run", case["name"], tb.strip().splitlines()[-1], flush=True)
    mc.files["manifest.json"] = json.dumps({"triton": triton.__version__, "gpu": torch.cuda.get_device_name(0),
                                            "cases": mc.cases}, indent=1).encode()
    for name, data in mc.files.items():
        if name.endswith((".ttir", ".ttgir", ".ptx")):  # source paths in locations and .file
            data = relative_paths(data.decode()).encode()
        with open(os.path.join(runs, name), "wb") as f:
            f.write(data)
    with open(os.path.join(runs, "failures.txt"), "w") as f:
        f.write("\n".join(failures))
    print(f"{len(mc.cases)} runs recorded in {runs}, {len(failures)} failures")


# ---------------------------------------------------------------------------
# Recording test_core.py's kernels (a pytest plugin: -p gen_reference)

_RECORD = os.environ.get("TT_FE_RECORD_DIR")
_current_test = ["?"]
_seen = set()


def _referenced_names(src):
    names = set()
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.Name):
            names.add(node.id)
    return names


def _scope(fn):
    raw = fn.fn
    scope = dict(raw.__globals__)
    try:
        scope.update(inspect.getclosurevars(raw).nonlocals)
    except (TypeError, ValueError):
        pass
    return scope


def _decorator(jf):
    from triton.runtime.jit import JITFunction
    if isinstance(jf, JITFunction):
        return "@triton.jit(noinline=True)" if jf.noinline else "@triton.jit"
    return "@triton.constexpr_function"


def _value_source(v):
    """Python source for a global a kernel reads, or None."""
    import triton.language as tl
    if isinstance(v, tl.constexpr):
        inner = _value_source(v.value)
        return None if inner is None else f"tl.constexpr({inner})"
    if type(v) is tl.dtype:  # pointer and block types have no evaluable repr
        return repr(v)
    if v is None or isinstance(v, (bool, int, float, str)):
        return repr(v)
    if isinstance(v, tuple) and all(_value_source(x) is not None for x in v):
        return "(" + "".join(_value_source(x) + ", " for x in v) + ")"
    return None


def _is_language_value(v):
    import triton.language as tl
    return isinstance(v, (tl.constexpr, tl.dtype))


def standalone_module(fn):
    """The source of a file defining fn and what it uses: imports, constexpr
    globals and the @jit functions it calls (transitively)."""
    import types
    from triton.runtime.jit import JITCallable
    imports, globals_, funcs, order, unsupported = {}, {}, {}, [], []

    def visit(jf):
        name = jf.__name__
        if name in funcs:
            return
        funcs[name] = None
        scope = _scope(jf)
        for ref in sorted(_referenced_names(jf.src)):
            if ref not in scope or ref == name:
                continue
            v = scope[ref]
            if isinstance(v, types.ModuleType):
                imports[ref] = f"import {v.__name__} as {ref}" if v.__name__ != ref else f"import {ref}"
            elif isinstance(v, JITCallable):
                visit(v)
                if v.__name__ != ref:
                    globals_[ref] = v.__name__
            elif _is_language_value(v):
                # A tl.constexpr or dtype object (an instance: its
                # __module__ names its class's module, not where it lives).
                s = _value_source(v)
                if s is None:
                    unsupported.append(ref)
                else:
                    globals_[ref] = s
            elif getattr(v, "__module__", "").startswith("triton.language"):
                globals_.setdefault(ref, f"{v.__module__}.{getattr(v, '__qualname__', ref)}")
                imports.setdefault(v.__module__.split(".")[0], f"import {v.__module__}")
            else:
                s = _value_source(v)
                if s is None:
                    unsupported.append(ref)
                else:
                    globals_[ref] = s
        funcs[name] = _decorator(jf) + "\n" + jf.src.rstrip() + "\n"
        order.append(name)

    visit(fn)
    lines = ["import triton", "import triton.language as tl"]
    lines += [l for k, l in sorted(imports.items()) if l not in lines]
    lines.append("")
    for k, v in sorted(globals_.items()):
        lines.append(f"{k} = {v}")
    if unsupported:
        lines.append("# globals the recorder could not write out: " + ", ".join(sorted(set(unsupported))))
    lines.append("")
    for name in order:
        lines.append("")
        lines.append(funcs[name])
    return "\n".join(lines), sorted(set(unsupported))


def _arg_source(v, fn_names):
    import triton.language as tl
    from triton.runtime.jit import JITCallable
    if isinstance(v, tl.constexpr):
        v = v.value
    if isinstance(v, JITCallable):
        fn_names.add(v.__name__)
        return "@fn:" + v.__name__
    return _value_source(v)


def record(*, src, metadata, metadata_group, times, cache_hit):
    try:
        _record(src, metadata, metadata_group)
    except Exception:
        with open(os.path.join(_RECORD, f"errors.{os.getpid()}.txt"), "a") as f:
            f.write(f"== {_current_test[0]}\n{traceback.format_exc()}\n")


def _record(src, metadata, metadata_group):
    from triton.compiler import ASTSource
    if not isinstance(src, ASTSource) or getattr(src, "language", None) is None or str(src.language).endswith("GLUON"):
        return
    fn = src.fn
    ttir_file = metadata_group.get(f"{src.name[:150]}.ttir")
    if not ttir_file:
        return
    text, unsupported = standalone_module(fn)
    entries, constexprs, skip = [], {}, None
    fn_names = set()
    for i, name in enumerate(fn.arg_names):
        ty = src.signature.get(name)
        if isinstance(ty, tuple) or any(len(k) > 1 and k[0] == i for k in src.constants):
            skip = "tuple argument"
            break
        if ty == "constexpr":
            v = src.constants.get((i, ))
            if isinstance(v, int) and not isinstance(v, bool):
                entries.append(str(v))
            else:
                s = _arg_source(v, fn_names)
                if s is None:
                    skip = f"constexpr {name} of type {type(v).__name__}"
                    break
                constexprs[name] = s
                entries.append("")
            continue
        hint = ":16" if ["tt.divisibility", 16] in src.attrs.get((i, ), []) else ""
        entries.append(ty + hint)
    opts = {k: metadata.get(k) for k in ("num_warps", "num_stages", "debug", "sanitize_overflow", "num_ctas")}
    target = metadata.get("target")
    arch = getattr(target, "arch", None)
    key = hashlib.sha256(json.dumps([text, entries, constexprs, opts, arch], sort_keys=True).encode()).hexdigest()[:16]
    if key in _seen:
        return
    _seen.add(key)
    d = os.path.join(_RECORD, "test_core")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, key + ".py"), "w") as f:
        f.write(text)
    with open(ttir_file) as f, open(os.path.join(d, key + ".ttir"), "w") as g:
        g.write(relative_paths(f.read()))
    source_file = metadata_group.get(f"{src.name[:150]}.source")  # the front end's TTIR, before any pass
    if source_file:
        with open(source_file) as f, open(os.path.join(d, key + ".source.mlir"), "w") as g:
            g.write(relative_paths(f.read()))
    row = {"name": key, "test": _current_test[0], "file": key + ".py", "kernel": fn.__name__, "module": fn.__module__,
           "args": entries, "constexprs": constexprs, "arch": arch, "unsupported_globals": unsupported,
           **opts}
    if skip:
        row["skip"] = skip
    with open(os.path.join(d, f"manifest.{os.getpid()}.jsonl"), "a") as f:
        f.write(json.dumps(row) + "\n")


def pytest_runtest_setup(item):
    _current_test[0] = item.nodeid


if _RECORD:
    from triton import knobs as _knobs
    _knobs.compilation.listener = record


def run_test_core(out, shard, budget, workers):
    import pytest
    out = os.path.abspath(out)
    os.makedirs(os.path.join(out, "test_core"), exist_ok=True)
    os.environ["TT_FE_RECORD_DIR"] = out
    os.environ["TT_BASELINE_GUARD"] = "0"
    if shard:
        os.environ["TT_SHARD"] = shard
    if budget:
        os.environ["TT_DEADLINE"] = str(time.time() + budget)
    os.environ["PYTHONPATH"] = HERE + os.pathsep + os.environ.get("PYTHONPATH", "")
    sys.path.insert(0, HERE)
    tests = os.path.join(shared_dir(), "tools", "triton-suite", "triton-tests", "python", "test", "unit", "language",
                         "test_core.py")
    args = [tests, "-q", "-p", "gen_reference", "-rN"]
    if workers > 1:
        args += ["-n", str(workers)]
    pytest.main(args)
    d = os.path.join(out, "test_core")
    rows = []
    for name in sorted(os.listdir(d)):
        if name.startswith("manifest.") and name != "manifest.jsonl":
            with open(os.path.join(d, name)) as f:
                rows += f.read().splitlines()
            os.remove(os.path.join(d, name))
    seen, merged = set(), []
    manifest = os.path.join(d, "manifest.jsonl")
    if os.path.exists(manifest):  # an earlier shard's rows
        with open(manifest) as f:
            seen = {json.loads(r)["name"] for r in f.read().splitlines() if r.strip()}
    for r in rows:
        k = json.loads(r)["name"]
        if k not in seen:
            seen.add(k)
            merged.append(r)
    with open(manifest, "a") as f:
        f.write("\n".join(merged) + ("\n" if merged else ""))
    print(f"{len(merged)} kernels recorded in {d}")


def pack_test_core(out):
    """Writes OUTDIR/test_core.tar.gz from OUTDIR/test_core (see the docstring)."""
    import gzip
    import io
    import tarfile
    d = os.path.join(out, "test_core")
    manifests = [n for n in os.listdir(d) if n == "manifest.jsonl" or (n.startswith("manifest.") and n.endswith(".jsonl"))]
    rows = {}
    for m in sorted(manifests, key=lambda n: (n != "manifest.jsonl", n)):
        with open(os.path.join(d, m)) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    rows.setdefault(r["name"], r)
    missing = [k for k in rows if not all(os.path.exists(os.path.join(d, k + e)) for e in (".py", ".ttir"))]
    for k in missing:
        print(f"  note: {k} has no .py or .ttir: left out", file=sys.stderr)
        del rows[k]
    order = sorted(rows.values(), key=lambda r: (r["test"].split("[")[0], r["kernel"], r["test"], r["name"]))
    path = os.path.join(out, "test_core.tar.gz")
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0, filename="") as gz, \
            tarfile.open(fileobj=gz, mode="w", format=tarfile.USTAR_FORMAT) as tf:

        def add(name, data):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tf.addfile(info, io.BytesIO(data))

        add("manifest.jsonl", "".join(json.dumps(r) + "\n" for r in order).encode())
        for ext in (".py", ".ttir"):
            for r in order:
                with open(os.path.join(d, r["name"] + ext), "rb") as f:
                    add(r["name"] + ext, f.read())
    print(f"{len(order)} kernels packed in {path} ({os.path.getsize(path)} bytes)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--test-core", action="store_true")
    ap.add_argument("--pack", action="store_true", help="pack OUTDIR/test_core into OUTDIR/test_core.tar.gz")
    ap.add_argument("--shard", default="")
    ap.add_argument("--budget", type=float, default=0)
    ap.add_argument("-n", type=int, default=1)
    ap.add_argument("--no-runs", action="store_true", help="compile only (no GPU launches)")
    a = ap.parse_args()
    if a.test_core:
        run_test_core(a.out, a.shard, a.budget, a.n)
        pack_test_core(a.out)
    elif a.pack:
        pack_test_core(a.out)
    else:
        run_spec(a.out)
        if not a.no_runs:
            run_launches(a.out)


if __name__ == "__main__":
    main()
