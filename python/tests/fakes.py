"""Small fakes for the plugin's unit tests, which run without Triton, a GPU or Go:

- a fake ``triton`` package (only what tt_triton touches: knobs, the Language enum, the CUDA
  backend's hash and PTX version, JITFunction's in-memory kernels), written to a directory
  that goes first on sys.path (also for child processes);
- a fake ``tt-translate``: a Python script that answers --version, compiles any TTIR with a
  public tt.func into a PTX entry with the kernel's parameters (plus two for
  --kernel-abi=triton), metadata JSON and stage dumps, refuses input containing
  ``tt.unsupported`` with a located diagnostic and input containing ``tt.needs_too_much_shared``
  as out of shared memory (exit 3 and the record in the .json), writes the stages' reproducers
  for --reproducer-path before it looks at the kernel, and records its arguments and the
  GOMAXPROCS it runs with.
"""
from __future__ import annotations

import contextlib
import os
import stat
import sys
import textwrap

FAKE_TRITON = {
    "triton/__init__.py": """
        __version__ = "3.6.0-fake"
        from . import knobs  # noqa: F401
    """,
    "triton/knobs.py": """
        class _Runtime:
            add_stages_inspection_hook = None

        class _Compilation:
            use_ir_loc = None
            disable_line_info = False

        class _Nvidia:
            dump_nvptx = False

        runtime = _Runtime()
        compilation = _Compilation()
        nvidia = _Nvidia()
    """,
    "triton/backends/__init__.py": "",
    "triton/backends/compiler.py": """
        import enum
        from dataclasses import dataclass

        class Language(enum.Enum):
            TRITON = 0
            GLUON = 1

        @dataclass(frozen=True)
        class GPUTarget:
            backend: str
            arch: int
            warp_size: int
    """,
    "triton/backends/nvidia/__init__.py": "",
    "triton/backends/nvidia/compiler.py": """
        import functools

        PTX_VERSION = 87

        def get_ptx_version_from_options(options, arch):
            return options.ptx_version if options.ptx_version is not None else PTX_VERSION

        class CUDABackend:
            def __init__(self, target):
                self.target = target

            @functools.lru_cache()
            def hash(self):
                return f"ptxas-12.8-{self.target.arch}"

            def pack_metadata(self, metadata):
                return (metadata.num_warps, metadata.num_ctas, metadata.shared)
    """,
    # CompiledKernel as Triton 3.6 loads a kernel (_init_handles) and launches it (run), with a
    # driver that records what it loads and launches.
    "triton/compiler/__init__.py": "",
    "triton/compiler/compiler.py": """
        from collections import namedtuple

        from ..backends.compiler import GPUTarget
        from ..backends.nvidia.compiler import CUDABackend
        from ..runtime.driver import driver
        from ..runtime.errors import OutOfResources

        def make_backend(target):
            return CUDABackend(target)

        def max_shared_mem(device):
            return driver.active.utils.get_device_properties(device)["max_shared_mem"]

        class CompiledKernel:
            def __init__(self, src, metadata, kernel=b"cubin"):
                metadata = dict(metadata)
                target = metadata["target"]
                metadata["target"] = GPUTarget(target["backend"], target["arch"], target["warp_size"])
                self.metadata = namedtuple("KernelMetadata", sorted(metadata))(**metadata)
                self.packed_metadata = make_backend(self.metadata.target).pack_metadata(self.metadata)
                self.src = src
                self.name = self.metadata.name
                self.kernel = kernel
                self.module = None
                self.function = None
                self._run = None

            def _init_handles(self):
                if self.module is not None:
                    return
                device = driver.active.get_current_device()
                self._run = driver.active.launcher_cls(self.src, self.metadata)
                if self.metadata.shared > max_shared_mem(device):
                    raise OutOfResources(self.metadata.shared, max_shared_mem(device), "shared memory")
                self.module, self.function, self.n_regs, self.n_spills, self.n_max_threads = \
                    driver.active.utils.load_binary(self.name, self.kernel, self.metadata.shared, device)

            @property
            def run(self):
                if self._run is None:
                    self._init_handles()
                return self._run

            def __getitem__(self, grid):
                self._init_handles()

                def runner(*args, stream=None):
                    self.run(grid[0], grid[1], grid[2], stream or 0, self.function, self.packed_metadata, None,
                             None, None, *args)

                return runner
    """,
    "triton/runtime/driver.py": """
        from ..backends.compiler import GPUTarget

        class Launcher:
            def __init__(self, src, metadata):
                self.global_scratch_size = metadata.global_scratch_size
                self.launches = []

            def __call__(self, gridX, gridY, gridZ, stream, function, *args):
                self.launches.append(((gridX, gridY, gridZ), function, args[0], args[4:]))

        class Utils:
            def __init__(self):
                self.loaded = []
                self.properties = {"multiprocessor_count": 132, "max_shared_mem": 232448}

            def get_device_properties(self, device):
                return dict(self.properties)

            def load_binary(self, name, kernel, shared, device):
                self.loaded.append((name, kernel, shared, device))
                return f"module {name}", f"function {name}", 32, 0, 1024

        class CudaDriver:
            def __init__(self):
                self.utils = Utils()
                self.launcher_cls = Launcher

            def get_current_device(self):
                return 0

            def get_current_target(self):
                return GPUTarget("cuda", 90, 32)

        class _Active:
            active = CudaDriver()

        driver = _Active()
    """,
    "triton/errors.py": """
        class TritonError(Exception):
            pass
    """,
    "triton/runtime/__init__.py": "",
    "triton/runtime/errors.py": """
        from ..errors import TritonError

        class OutOfResources(TritonError):
            def __init__(self, required, limit, name):
                self.required = required
                self.limit = limit
                self.name = name

            def __str__(self):
                return (f"out of resource: {self.name}, Required: {self.required}, "
                        f"Hardware limit: {self.limit}. Reducing block sizes or `num_stages` may help.")
    """,
    "triton/runtime/jit.py": """
        from collections import defaultdict

        class JITFunction:
            def __init__(self):
                self.device_caches = defaultdict(dict)
    """,
}

FAKE_TT_TRANSLATE = r'''#!PYTHON
# build	vcs.revision=0123456789abcdef0123456789abcdef01234567
import json, os, re, sys

args = sys.argv[1:]
log = os.environ.get("FAKE_TT_ARGV_LOG")
if log:
    with open(log, "a") as f:
        f.write(json.dumps(args) + "\n")
env_log = os.environ.get("FAKE_TT_GOMAXPROCS_LOG")
if env_log:
    with open(env_log, "a") as f:
        f.write(json.dumps(os.environ.get("GOMAXPROCS")) + "\n")
# The flags tt-translate takes (of those the plugin passes); like the real one, the fake refuses
# any other before it does anything else. GRID_VARIANT: this build knows --grid-variant.
GRID_VARIANT = False
KNOWN = {"target", "arch", "num-warps", "num-stages", "num-ctas", "ptx-version", "enable-fp-fusion",
         "enable-reflect-ftz", "debug", "sanitize-overflow", "launch-cooperative-grid", "launch-pdl", "line-info",
         "kernel-abi", "maxnreg", "extern-libs", "dump-stages", "reproducer-path", "version"} | (
             {"grid-variant"} if GRID_VARIANT else set())
opts = {}
src = None
out = None
it = iter(args)
for a in it:
    if a == "-o":
        out = next(it)
    elif a.startswith("-"):
        k, _, v = a.lstrip("-").partition("=")
        if k not in KNOWN:
            sys.stderr.write(f"tt-translate: flag provided but not defined: -{k}\n")
            sys.exit(2)
        opts[k] = v or "true"
    elif src is None:
        src = a
if "version" in opts:
    if os.environ.get("FAKE_TT_NO_VERSION"):
        sys.stderr.write("tt-translate: Unknown command line argument '--version'.\n")
        sys.exit(2)
    print("tt-translate (tt) version 9.9.9, commit feedface")
    sys.exit(0)
text = open(src).read()
repro = opts.get("reproducer-path")
if repro:
    # tt-translate writes each stage's reproducer before the stage runs; TTGIR runs make_llir only.
    for tag in ("make_llir", ) if src.endswith(".ttgir") else ("make_ttir", "make_ttgir", "make_llir"):
        with open(f"{repro}.{tag}.repro.mlir", "w") as f:
            f.write(f'{text}\n{{-#\n  external_resources: {{\n    mlir_reproducer: {{\n      pipeline: "builtin.module(fake-{tag})",\n'
                    '      disable_threading: false,\n      verify_each: false\n    }\n  }\n#-}\n')
if "tt.needs_too_much_shared" in text:
    # tt-translate's out-of-resources protocol: exit 3 and the record in the .json.
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "tt.needs_too_much_shared" in l)
    sys.stderr.write(f"{src}:{line}:3: error: 'tt.func' op needs 288 KB of shared memory, over the 227 KB of "
                     f"{opts.get('arch')}; use fewer pipeline stages (--num-stages) or smaller blocks\n")
    if not os.environ.get("FAKE_TT_NO_RECORD"):
        with open(os.path.splitext(out)[0] + ".json", "w") as f:
            json.dump({"error": {"kind": "out_of_resources", "resource": "shared memory", "required": 294912,
                                 "limit": 232448, "arch": opts.get("arch")}}, f)
    sys.exit(3)
if "tt.unsupported" in text:
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "tt.unsupported" in l)
    sys.stderr.write(f"{src}:{line}:5: error: convert-triton-gpu-to-gpu does not support 'tt.unsupported'\n")
    if repro:
        sys.stderr.write(f"{src}:1:1: note: a reproducer was written to {repro}.make_llir.repro.mlir (run it with: "
                         f"tt-opt {repro}.make_llir.repro.mlir --run-reproducer)\n")
    sys.exit(1)
sig = next(l for l in text.splitlines() if "tt.func public @" in l).split(" attributes ")[0]
name = re.search(r"@(\w+)", sig).group(1)
n = len(re.findall(r"%[\w.]+\s*:", sig)) + (2 if opts.get("kernel-abi") == "triton" else 0)
# A kernel marked tt.persistent is made persistent; with --grid-variant its grid-schedule
# variant follows it (FAKE_TT_VARIANT_BREAK: "missing" leaves its entry out, "params" drops a
# parameter of it).
variant = f"{name}__tt_grid" if "tt.persistent" in text and opts.get("grid-variant") == "true" else None
brk = os.environ.get("FAKE_TT_VARIANT_BREAK", "")


def entry(ename, nparams):
    decls = ",\n".join(f"\t.param .u64 {ename}_param_{i}" for i in range(nparams))
    return f".visible .entry {ename}(\n{decls}\n)\n.reqntid 128, 1, 1\n{{\n\tret;\n}}\n"


with open(out, "w") as f:
    f.write(f".version {opts.get('ptx-version', '8.0')}\n.target {opts.get('arch')}\n" + entry(name, n))
    if variant and brk != "missing":
        f.write(entry(variant, n - 1 if brk == "params" else n))
meta = {"name": name, "num_warps": int(opts.get("num-warps", 4)), "shared": 1024, "target": opts.get("arch")}
if variant:
    meta["shared"] = 225 << 10
    meta["grid_variant"] = {"name": variant, "num_warps": 4, "num_ctas": 1, "cluster_dims": [1, 1, 1],
                            "shared": 98312, "target": opts.get("arch"), "ctas_per_sm": 2,
                            "global_scratch_size": 0, "profile_scratch_size": 0}
if opts.get("kernel-abi") == "triton":
    meta.update(global_scratch_size=0, global_scratch_align=1, profile_scratch_size=0, profile_scratch_align=1)
if "tt.tensordesc" in text:
    meta["tensordesc_meta"] = [{"param": 3, "swizzle": 3, "elem_size": 2, "elem_type": 6, "block_size": [64, 64],
                                "fp4_padded": False},
                               {"param": 0, "swizzle": 1, "elem_size": 4, "elem_type": 7, "block_size": [8, 32],
                                "fp4_padded": False}]
with open(os.path.splitext(out)[0] + ".json", "w") as f:
    json.dump(meta, f)
stages = opts.get("dump-stages")
if stages:
    os.makedirs(stages, exist_ok=True)
    for i, st in enumerate(["ttir", "ttgir", "llir"], 1):
        with open(os.path.join(stages, f"{i:02d}-{st}.mlir"), "w") as f:
            f.write(f"// {st} of {name}\n")
    with open(os.path.join(stages, "out.ll"), "w") as f:
        f.write(f"; LLVM IR of {name}\n")
sys.stderr.write("tt-translate: warning: 2 steps of the pipeline were skipped\n")
'''


def write_tree(root: str, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(textwrap.dedent(text).lstrip("\n"))


def write_fake_tt_translate(directory: str, grid_variant: bool = False) -> str:
    """The fake tt-translate in directory; ``grid_variant``: a build that takes --grid-variant."""
    path = os.path.join(directory, "tt-translate")
    text = FAKE_TT_TRANSLATE.replace("PYTHON", sys.executable, 1)
    if grid_variant:
        text = text.replace("GRID_VARIANT = False", "GRID_VARIANT = True", 1)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


@contextlib.contextmanager
def fake_triton(root: str):
    """Import the fake triton package from root; restore sys.modules and sys.path after."""
    write_tree(root, FAKE_TRITON)
    saved = {k: v for k, v in sys.modules.items() if k == "triton" or k.startswith("triton.")}
    for k in saved:
        del sys.modules[k]
    sys.path.insert(0, root)
    try:
        yield
    finally:
        sys.path.remove(root)
        for k in [k for k in sys.modules if k == "triton" or k.startswith("triton.")]:
            del sys.modules[k]
        sys.modules.update(saved)


class Options:
    """Triton 3.6's CUDAOptions fields the plugin reads, with Triton's defaults."""

    def __init__(self, **kw):
        self.num_warps = 4
        self.num_ctas = 1
        self.num_stages = 3
        self.maxnreg = None
        self.ptx_version = None
        self.enable_fp_fusion = True
        self.enable_reflect_ftz = True
        self.launch_cooperative_grid = False
        self.launch_pdl = False
        self.extern_libs = (("libdevice", "/triton/backends/nvidia/lib/libdevice.10.bc"), )
        self.debug = False
        self.sanitize_overflow = True
        self.instrumentation_mode = ""
        self.arch = "sm90"
        for k, v in kw.items():
            if not hasattr(self, k):
                raise AttributeError(k)
            setattr(self, k, v)


class Module:
    """A stand-in for Triton's MLIR module object: .str() prints it."""

    def __init__(self, text: str):
        self.text = text

    def str(self) -> str:
        return self.text


KERNEL_TTIR = """#loc = loc("k.py":1:0)
module {
  tt.func public @add_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x_ptr"(#loc)), %y_ptr: !tt.ptr<f32> loc("y_ptr"(#loc)), %n: i32 loc("n"(#loc))) attributes {noinline = false} {
    tt.return loc(#loc)
  } loc(#loc)
} loc(#loc)
"""


# TTGIR whose kernel keeps five 48 KB buffers live at once: 240 KB of shared memory, over sm_90's
# 227 KB (tools/tttranslate/failure_test.go's kernel).
OVERSIZED_TTGIR = """#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ring() {
""" + "".join(f"    %a{i} = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>\n" for i in range(5)) + \
    "".join(f"    ttg.local_dealloc %a{i} : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>\n" for i in range(5)) + """    tt.return
  }
}
"""
