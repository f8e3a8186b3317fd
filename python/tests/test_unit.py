"""Unit tests of the tt_triton plugin that need neither Triton nor a GPU nor Go: argument
building, metadata mapping, the ABI check, the cache key, the stage hook driven the way
Triton 3.6's compile() drives it, and TRITON_TT's .pth line -- against the fakes in fakes.py.

    python3 -m unittest discover -s python/tests -p 'test_unit*.py'     (go test ./test/python runs it)
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.dirname(HERE)
if PYTHON_DIR not in sys.path:
    sys.path.insert(0, PYTHON_DIR)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import fakes  # noqa: E402
from tt_triton import binary, metadata, translate  # noqa: E402
from tt_triton.translate import TTTranslateError  # noqa: E402


class TempDirTest(unittest.TestCase):

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = self._tmp.name
        self.addCleanup(self._tmp.cleanup)
        self.tt = fakes.write_fake_tt_translate(self.tmp)
        env = mock.patch.dict(os.environ, {"TT_TRANSLATE": self.tt})
        env.start()
        self.addCleanup(env.stop)
        for k in ("TT_TRITON_LOG", "TT_TRITON_FAIL_DIR", "TT_TRITON_EXTRA_ARGS", "FAKE_TT_NO_VERSION", "TRITON_TT",
                  "TRITON_REPRODUCER_PATH"):
            os.environ.pop(k, None)


class BuildArgsTest(unittest.TestCase):

    def test_defaults(self):
        args = translate.build_args(fakes.Options(), 90, 87)
        self.assertEqual(args[:7], ["--target=ptx", "--arch=sm_90a", "--num-warps=4", "--num-stages=3", "--num-ctas=1",
                                    "--ptx-version=8.7", "--enable-fp-fusion=true"])
        for want in ("--enable-reflect-ftz=true", "--debug=false", "--sanitize-overflow=true",
                     "--launch-cooperative-grid=false", "--launch-pdl=false", "--line-info=true", "--kernel-abi=triton",
                     "--extern-libs=libdevice=/triton/backends/nvidia/lib/libdevice.10.bc"):
            self.assertIn(want, args)
        self.assertFalse(any(a.startswith("--maxnreg") for a in args))

    def test_every_option_travels(self):
        o = fakes.Options(num_warps=8, num_stages=2, num_ctas=2, maxnreg=42, enable_fp_fusion=False,
                          enable_reflect_ftz=False, debug=True, sanitize_overflow=False, launch_cooperative_grid=True,
                          launch_pdl=True, extern_libs=(("libdevice", "/l.bc"), ("mylib", "/m.bc")))
        args = translate.build_args(o, 80, 84)
        for want in ("--arch=sm_80", "--num-warps=8", "--num-stages=2", "--num-ctas=2", "--ptx-version=8.4",
                     "--enable-fp-fusion=false", "--enable-reflect-ftz=false", "--debug=true", "--sanitize-overflow=false",
                     "--launch-cooperative-grid=true", "--launch-pdl=true", "--maxnreg=42",
                     "--extern-libs=libdevice=/l.bc,mylib=/m.bc"):
            self.assertIn(want, args)

    def test_line_info_knob(self):
        """TRITON_DISABLE_LINE_INFO (knobs.compilation.disable_line_info) drops tt's .loc lines."""
        self.assertIn("--line-info=false", translate.build_args(fakes.Options(), 90, 87, line_info=False))

    def test_arch_suffix(self):
        self.assertEqual(translate.sm_arch(80), "sm_80")
        self.assertEqual(translate.sm_arch(89), "sm_89")
        self.assertEqual(translate.sm_arch(90), "sm_90a")
        self.assertEqual(translate.sm_arch(100), "sm_100a")

    def test_grid_variant_flag(self):
        self.assertNotIn("--grid-variant", translate.build_args(fakes.Options(), 90, 87))
        self.assertIn("--grid-variant", translate.build_args(fakes.Options(), 90, 87, grid_variant=True))

    def test_instrumentation_refused(self):
        with self.assertRaisesRegex(TTTranslateError, "instrumentation_mode='consan' is not supported"):
            translate.build_args(fakes.Options(instrumentation_mode="consan"), 90, 87)


class MetadataTest(unittest.TestCase):

    def test_launch_fields(self):
        md = metadata.launch_metadata({"name": "k", "num_warps": 4, "shared": 2048, "global_scratch_size": 0,
                                       "global_scratch_align": 1, "profile_scratch_size": 0,
                                       "profile_scratch_align": 1}, 4)
        self.assertEqual(md, {"num_warps": 4, "num_ctas": 1, "shared": 2048, "tmem_size": None, "global_scratch_size": 0,
                              "global_scratch_align": 1, "profile_scratch_size": 0, "profile_scratch_align": 1})

    def test_launch_fields_clusters(self):
        """A kernel of num_ctas=2: Triton's launcher reads num_ctas and launches clusters of 2."""
        full = {"num_warps": 4, "shared": 0, "global_scratch_size": 0, "profile_scratch_size": 0}
        md = metadata.launch_metadata({**full, "num_ctas": 2, "cluster_dims": [2, 1, 1]}, 4, 2)
        self.assertEqual(md["num_ctas"], 2)
        with self.assertRaisesRegex(TTTranslateError, "num_ctas=1 for a kernel compiled with num_ctas=2"):
            metadata.launch_metadata({**full, "num_ctas": 1, "cluster_dims": [1, 1, 1]}, 4, 2)
        with self.assertRaisesRegex(TTTranslateError, r"clusters of \[1, 2, 1\] CTAs"):
            metadata.launch_metadata({**full, "num_ctas": 2, "cluster_dims": [1, 2, 1]}, 4, 2)
        # tt-translate builds from before clusters wrote no num_ctas: one CTA.
        self.assertEqual(metadata.launch_metadata(full, 4)["num_ctas"], 1)

    def test_launch_fields_from_tt(self):
        md = metadata.launch_metadata({"num_warps": 8, "shared": 0, "global_scratch_size": 256, "global_scratch_align": 128,
                                       "profile_scratch_size": 0, "profile_scratch_align": 1}, 8)
        self.assertEqual((md["global_scratch_size"], md["global_scratch_align"]), (256, 128))

    def test_launch_field_errors(self):
        full = {"num_warps": 4, "shared": 0, "global_scratch_size": 0, "profile_scratch_size": 0}
        with self.assertRaisesRegex(TTTranslateError, "num_warps=6 for a kernel compiled with num_warps=4"):
            metadata.launch_metadata({**full, "num_warps": 6}, 4)
        with self.assertRaisesRegex(TTTranslateError, "num_warps=2 for a kernel compiled with num_warps=4"):
            metadata.launch_metadata({**full, "num_warps": 2}, 4)

    def test_warp_specialized_num_warps(self):
        # ttg.total-num-warps: 4 default warps and two warpgroups of partitions.
        full = {"num_warps": 12, "shared": 0, "global_scratch_size": 0, "profile_scratch_size": 0}
        self.assertEqual(metadata.launch_metadata(full, 4)["num_warps"], 12)
        with self.assertRaisesRegex(TTTranslateError, "no 'shared'"):
            metadata.launch_metadata({k: v for k, v in full.items() if k != "shared"}, 4)
        with self.assertRaisesRegex(TTTranslateError, "no 'global_scratch_size'.*kernel-abi=triton"):
            metadata.launch_metadata({"num_warps": 4, "shared": 0}, 4)

    def test_tensordesc_meta(self):
        tt = {"tensordesc_meta": [{"param": 5, "swizzle": 3, "elem_size": 2, "elem_type": 6, "block_size": [64, 64],
                                   "fp4_padded": False},
                                  {"param": 1, "swizzle": 0, "elem_size": 4, "elem_type": 7, "block_size": [16],
                                   "fp4_padded": False}]}
        self.assertEqual(metadata.tensordesc_meta(tt), [
            {"swizzle": 0, "elem_size": 4, "elem_type": 7, "block_size": [16], "fp4_padded": False},
            {"swizzle": 3, "elem_size": 2, "elem_type": 6, "block_size": [64, 64], "fp4_padded": False},
        ])
        self.assertEqual(metadata.tensordesc_meta({}), [])

    def test_count_func_args(self):
        self.assertEqual(metadata.count_func_args(fakes.KERNEL_TTIR, "add_kernel"), 3)
        self.assertEqual(metadata.count_func_args("tt.func public @k() attributes {noinline = false} {", "k"), 0)
        self.assertEqual(
            metadata.count_func_args('tt.func public @k(%a: !tt.tensordesc<tensor<16x16xf32, #s>> loc("a,(b"(#l)), '
                                     '%b: !llvm.func<void (i32, i32)>, %c: i64) {', "k"), 3)
        self.assertIsNone(metadata.count_func_args(fakes.KERNEL_TTIR, "other"))

    def test_check_abi(self):
        ptx = ".visible .entry add_kernel(\n\t.param .u64 a,\n\t.param .u64 b,\n\t.param .u32 c,\n" \
              "\t.param .u64 d,\n\t.param .u64 e\n)\n{\n}\n"
        self.assertEqual(metadata.check_abi(ptx, fakes.KERNEL_TTIR, "add_kernel"), "add_kernel")
        short = ptx.replace(",\n\t.param .u64 e", "")
        with self.assertRaisesRegex(TTTranslateError, "ABI mismatch: tt's entry add_kernel declares 4 parameters"):
            metadata.check_abi(short, fakes.KERNEL_TTIR, "add_kernel")
        with self.assertRaisesRegex(TTTranslateError, r"no entry 'other' \(its entries: \['add_kernel'\]\)"):
            metadata.check_abi(ptx, fakes.KERNEL_TTIR.replace("add_kernel", "other"), "other")
        with self.assertRaisesRegex(TTTranslateError, "two .visible .entry kernels named add_kernel"):
            metadata.check_abi(ptx + ptx, fakes.KERNEL_TTIR, "add_kernel")
        # Without a grid variant in the metadata any second entry is unexpected.
        with self.assertRaisesRegex(TTTranslateError, r"entry kernels \['add_kernel__tt_grid'\] beside 'add_kernel'$"):
            metadata.check_abi(ptx + ptx.replace("add_kernel", "add_kernel__tt_grid"), fakes.KERNEL_TTIR, "add_kernel")

    def test_check_abi_grid_variant(self):
        """The grid variant the metadata names is an entry beside the kernel's, taking the same
        parameters; nothing else may be."""
        ptx = ".visible .entry add_kernel(\n\t.param .u64 a,\n\t.param .u64 b,\n\t.param .u32 c,\n" \
              "\t.param .u64 d,\n\t.param .u64 e\n)\n{\n}\n"
        variant = ptx.replace("add_kernel", "add_kernel__tt_grid")
        v = "add_kernel__tt_grid"
        self.assertEqual(metadata.check_abi(variant + ptx, fakes.KERNEL_TTIR, "add_kernel", v), "add_kernel")
        with self.assertRaisesRegex(TTTranslateError, "names the grid variant 'add_kernel__tt_grid', which its PTX lacks"):
            metadata.check_abi(ptx, fakes.KERNEL_TTIR, "add_kernel", v)
        with self.assertRaisesRegex(TTTranslateError, "grid variant add_kernel__tt_grid declares 4 parameters, its "
                                                      "kernel add_kernel 5"):
            metadata.check_abi(ptx + variant.replace(",\n\t.param .u64 e", ""), fakes.KERNEL_TTIR, "add_kernel", v)
        other = ptx.replace("add_kernel", "helper")
        with self.assertRaisesRegex(TTTranslateError, r"\['helper'\] beside 'add_kernel' and its grid variant"):
            metadata.check_abi(ptx + variant + other, fakes.KERNEL_TTIR, "add_kernel", v)
        with self.assertRaisesRegex(TTTranslateError, "names the kernel 'add_kernel' as its own grid variant"):
            metadata.check_abi(ptx, fakes.KERNEL_TTIR, "add_kernel", "add_kernel")


class BinaryTest(TempDirTest):

    def test_find(self):
        self.assertEqual(binary.find_tt_translate(), self.tt)
        with mock.patch.dict(os.environ, {"TT_TRANSLATE": ""}), mock.patch.object(binary.shutil, "which",
                                                                                  return_value=None):
            with self.assertRaisesRegex(binary.TTTranslateNotFound, "no tt-translate binary"):
                binary.find_tt_translate()
        plain = os.path.join(self.tmp, "not-executable")
        open(plain, "w").close()
        with self.assertRaisesRegex(binary.TTTranslateNotFound, "is not an executable file"):
            binary.find_tt_translate(plain)

    def test_identity_from_version(self):
        ident = binary.identity(self.tt)
        self.assertEqual((ident.version, ident.commit), ("9.9.9", "feedface"))
        self.assertEqual(len(ident.sha256), 64)
        self.assertEqual(ident.cache_key(), f"tt-9.9.9-feedface-{ident.sha256[:16]}")

    def test_identity_from_buildinfo(self):
        with open(self.tt, "a") as f:
            f.write("# a different binary\n")
        with mock.patch.dict(os.environ, {"FAKE_TT_NO_VERSION": "1"}):
            ident = binary.identity(self.tt)
        self.assertEqual((ident.version, ident.commit), ("unknown", "0123456789abcdef0123456789abcdef01234567"))

    def test_buildinfo_parsing(self):
        info = b"\xff Go buildinf:...build\tvcs.revision=abc1234def\nbuild\tvcs.time=x\nbuild\tvcs.modified=true\n"
        self.assertEqual(binary.commit_from_buildinfo(info), "abc1234def+modified")
        self.assertIsNone(binary.commit_from_buildinfo(b"no build information"))
        self.assertEqual(binary.parse_version_output("tt-translate (tt) version 0.1.0, commit 9f3c\n"), ("0.1.0", "9f3c"))
        self.assertIsNone(binary.parse_version_output("Unknown command line argument"))


class FakeTritonTest(TempDirTest):
    """With the fake Triton imported; the plugin disabled and Triton's hash restored after."""

    def setUp(self):
        super().setUp()
        ctx = fakes.fake_triton(os.path.join(self.tmp, "site"))
        ctx.__enter__()
        self.addCleanup(ctx.__exit__, None, None, None)
        from tt_triton import hook
        self.hook = hook
        self.addCleanup(self._reset_hook)
        from triton.backends.compiler import GPUTarget, Language
        from triton.backends.nvidia.compiler import CUDABackend
        self.Language = Language
        self.backend = CUDABackend(GPUTarget("cuda", 90, 32))

    def _reset_hook(self):
        import triton.backends.nvidia.compiler as nv
        self.hook.disable()
        if self.hook._state["orig_hash"] is not None:
            nv.CUDABackend.hash = self.hook._state["orig_hash"]
            self.hook._state["orig_hash"] = None

    def stages(self, options, language=None):
        """add_stages as CUDABackend builds it, then the inspection hook."""
        from triton import knobs
        marks = {name: (lambda src, md, name=name: f"triton {name}") for name in ("ttir", "ttgir", "llir", "ptx", "cubin")}
        stages = dict(marks)
        if knobs.runtime.add_stages_inspection_hook is not None:
            knobs.runtime.add_stages_inspection_hook(self.backend, stages, options, language or self.Language.TRITON, 90)
        return stages, marks

    def compile(self, options=None, ttir=fakes.KERNEL_TTIR):
        options = options or fakes.Options()
        stages, _ = self.stages(options)
        md = {}
        module = fakes.Module(ttir)
        for name in ("ttgir", "llvm_mlir", "llir", "ptx"):
            module = stages[name](module, md)
        return module, md


class HookTest(FakeTritonTest):
    """The stage hook, driven as Triton 3.6's compile() drives add_stages and the stages."""

    def test_stages_replaced(self):
        import tt_triton
        ident = tt_triton.enable()
        self.assertTrue(tt_triton.enabled())
        stages, marks = self.stages(fakes.Options())
        self.assertIs(stages["ttir"], marks["ttir"])
        # The cubin stage is Triton's, wrapped (it assembles a grid variant's module: below).
        self.assertEqual(stages["cubin"]("ptx", {}), "triton cubin")
        for name in ("ttgir", "llir", "ptx"):
            self.assertIsNot(stages[name], marks[name])
        # tt's per-thread IR is a stage of its own, run (and kept in asm) before llir.
        self.assertEqual(list(stages), ["ttir", "ttgir", "llvm_mlir", "llir", "ptx", "cubin"])
        md = {}
        ttgir = stages["ttgir"](fakes.Module(fakes.KERNEL_TTIR), md)
        self.assertEqual(ttgir, "// ttgir of add_kernel\n")
        mlir = stages["llvm_mlir"](ttgir, md)
        self.assertEqual(mlir, "// llir of add_kernel\n")
        self.assertEqual(md["shared"], 1024)
        self.assertEqual(stages["llir"](mlir, md), "; LLVM IR of add_kernel\n")
        ptx, md = self.compile()
        self.assertIn(".visible .entry add_kernel(", ptx)
        self.assertEqual(md["name"], "add_kernel")
        self.assertEqual(md["shared"], 1024)
        self.assertEqual(md["num_warps"], 4)
        self.assertIsNone(md["tmem_size"])
        self.assertEqual((md["global_scratch_size"], md["global_scratch_align"]), (0, 1))
        self.assertEqual((md["profile_scratch_size"], md["profile_scratch_align"]), (0, 1))
        self.assertEqual(md["tensordesc_meta"], [])
        self.assertEqual(md[tt_triton.METADATA_KEY], ident.cache_key())

    def test_line_info_knob_reaches_tt(self):
        import tt_triton
        from triton import knobs
        tt_triton.enable()
        argv_log = os.path.join(self.tmp, "argv.jsonl")
        self.addCleanup(setattr, knobs.compilation, "disable_line_info", False)
        for disabled, want in ((False, "--line-info=true"), (True, "--line-info=false")):
            knobs.compilation.disable_line_info = disabled
            with mock.patch.dict(os.environ, {"FAKE_TT_ARGV_LOG": argv_log}):
                self.compile()
            with open(argv_log) as f:
                self.assertIn(want, json.loads(f.read().splitlines()[-1]))

    def test_reproducers_where_triton_writes_its_own(self):
        """TRITON_REPRODUCER_PATH=P: tt's make_ttgir and make_llir reproducers go to
        P.<stage>.repro.mlir beside the make_ttir one Triton wrote (which stays Triton's), also
        when tt refuses the kernel; the refusal's note names the kept file; "-" prints them."""
        import contextlib
        import io
        import tt_triton
        tt_triton.enable()
        prefix = os.path.join(self.tmp, "repro_prefix")
        with open(prefix + ".make_ttir.repro.mlir", "w") as f:
            f.write("Triton's make_ttir reproducer")
        argv_log = os.path.join(self.tmp, "argv.jsonl")
        with mock.patch.dict(os.environ, {"TRITON_REPRODUCER_PATH": prefix, "FAKE_TT_ARGV_LOG": argv_log}):
            self.compile()
        with open(argv_log) as f:
            args = json.loads(f.read().splitlines()[-1])
        self.assertEqual(len([a for a in args if a.startswith("--reproducer-path=")]), 1)
        with open(prefix + ".make_ttir.repro.mlir") as f:
            self.assertEqual(f.read(), "Triton's make_ttir reproducer")
        for tag in ("make_ttgir", "make_llir"):
            with open(f"{prefix}.{tag}.repro.mlir") as f:
                repro = f.read()
            self.assertIn("tt.func public @add_kernel", repro)
            self.assertIn(f'pipeline: "builtin.module(fake-{tag})"', repro)
        bad = fakes.KERNEL_TTIR.replace("tt.return", "tt.unsupported\n    tt.return")
        failed = os.path.join(self.tmp, "failed")
        with mock.patch.dict(os.environ, {"TRITON_REPRODUCER_PATH": failed}):
            with self.assertRaisesRegex(TTTranslateError, "a reproducer was written to " + failed + ".make_llir.repro.mlir"):
                self.compile(ttir=bad)
        with open(failed + ".make_llir.repro.mlir") as f:
            self.assertIn("tt.unsupported", f.read())
        out = io.StringIO()
        with mock.patch.dict(os.environ, {"TRITON_REPRODUCER_PATH": "-"}), contextlib.redirect_stdout(out):
            self.compile()
        self.assertEqual(out.getvalue().count("mlir_reproducer"), 2)
        with mock.patch.dict(os.environ, {"FAKE_TT_ARGV_LOG": argv_log}):
            os.environ.pop("TRITON_REPRODUCER_PATH", None)
            self.compile()
        with open(argv_log) as f:
            self.assertFalse(any(a.startswith("--reproducer-path") for a in json.loads(f.read().splitlines()[-1])))

    def test_kernel_name(self):
        """The first public function names the kernel; MLIR's default visibility is public."""
        name = self.hook._kernel_name
        self.assertEqual(name("tt.func public @add_kernel(%x: i32) {"), "add_kernel")
        self.assertEqual(name("module {\n  tt.func @kernel(%arg0: !tt.ptr<i32>) {"), "kernel")
        self.assertEqual(name("tt.func private @helper() {\n}\ntt.func public @k() {"), "k")
        with self.assertRaisesRegex(TTTranslateError, "no public tt.func"):
            name("tt.func private @helper() {\n}")

    def test_arguments_reach_tt(self):
        import tt_triton
        tt_triton.enable()
        argv_log = os.path.join(self.tmp, "argv.jsonl")
        with mock.patch.dict(os.environ, {"FAKE_TT_ARGV_LOG": argv_log}):
            self.compile(fakes.Options(num_warps=8, enable_fp_fusion=False, maxnreg=64, ptx_version=84))
        with open(argv_log) as f:
            args = json.loads(f.read().splitlines()[-1])
        for want in ("--num-warps=8", "--enable-fp-fusion=false", "--maxnreg=64", "--ptx-version=8.4", "--arch=sm_90a",
                     "--kernel-abi=triton"):
            self.assertIn(want, args)
        self.assertTrue(args[0].endswith("add_kernel.ttir"))

    def test_two_ps_unless_the_caller_chose(self):
        # binary.child_env: tt-translate (compiles and --version alike) runs with GOMAXPROCS=2,
        # or with the caller's own value.
        import tt_triton
        tt_triton.enable()
        log = os.path.join(self.tmp, "gomaxprocs.jsonl")
        with mock.patch.dict(os.environ, {"FAKE_TT_GOMAXPROCS_LOG": log}):
            os.environ.pop("GOMAXPROCS", None)
            self.compile(fakes.Options())
            with open(log) as f:
                default = [json.loads(l) for l in f.read().splitlines()]
            with mock.patch.dict(os.environ, {"GOMAXPROCS": "6"}):
                self.compile(fakes.Options(num_warps=8))
            with open(log) as f:
                chosen = [json.loads(l) for l in f.read().splitlines()][len(default):]
        self.assertTrue(default)
        self.assertEqual(set(default), {"2"})
        self.assertTrue(chosen)
        self.assertEqual(set(chosen), {"6"})

    def test_gluon_compiles_from_ttgir(self):
        import tt_triton
        tt_triton.enable()
        stages, marks = self.stages(fakes.Options(), self.Language.GLUON)
        self.assertIs(stages["ttgir"], marks["ttgir"])
        md = {}
        mlir = stages["llvm_mlir"](fakes.Module(fakes.KERNEL_TTIR), md)
        self.assertEqual(mlir, "// llir of add_kernel\n")
        llir = stages["llir"](mlir, md)
        self.assertEqual(llir, "; LLVM IR of add_kernel\n")
        self.assertIn("add_kernel", stages["ptx"](llir, md))
        # A TTGIR module straight into llir (an ir_override of the ttgir stage) compiles too.
        md = {}
        self.assertEqual(stages["llir"](fakes.Module(fakes.KERNEL_TTIR), md), "; LLVM IR of add_kernel\n")
        self.assertEqual(md["num_warps"], 4)

    def test_refusal_is_loud(self):
        import tt_triton
        tt_triton.enable()
        fail_dir = os.path.join(self.tmp, "fail")
        log = os.path.join(self.tmp, "kernels.jsonl")
        bad = fakes.KERNEL_TTIR.replace("tt.return", "tt.unsupported\n    tt.return")
        with mock.patch.dict(os.environ, {"TT_TRITON_FAIL_DIR": fail_dir, "TT_TRITON_LOG": log}):
            with self.assertRaisesRegex(TTTranslateError,
                                        r"tt-translate failed on kernel add_kernel: add_kernel.ttir:4:5: error: .*"
                                        r"does not support 'tt.unsupported'"):
                self.compile(ttir=bad)
        saved = sorted(os.listdir(fail_dir))
        self.assertEqual(len(saved), 2)
        self.assertTrue(saved[0].endswith(".err") and saved[1].endswith(".ttir"))
        with open(log) as f:
            rec = json.loads(f.read().splitlines()[-1])
        self.assertEqual((rec["status"], rec["kernel"]), ("tt-fail", "add_kernel"))

    def test_out_of_shared_memory_is_triton_out_of_resources(self):
        # tutorial 03's autotuner tries configs over the GPU's shared memory; Triton raises
        # OutOfResources for them and the autotuner skips them, so tt must raise the same.
        import tt_triton
        from triton.runtime.errors import OutOfResources
        tt_triton.enable()
        fail_dir = os.path.join(self.tmp, "fail")
        log = os.path.join(self.tmp, "kernels.jsonl")
        big = fakes.KERNEL_TTIR.replace("tt.return", "tt.needs_too_much_shared\n    tt.return")
        with mock.patch.dict(os.environ, {"TT_TRITON_FAIL_DIR": fail_dir, "TT_TRITON_LOG": log}):
            with self.assertRaises(OutOfResources) as cm:
                self.compile(ttir=big)
        e = cm.exception
        self.assertEqual((e.required, e.limit, e.name), (294912, 232448, "shared memory"))
        self.assertIn("Required: 294912, Hardware limit: 232448", str(e))
        self.assertIsInstance(e.__cause__, TTTranslateError)
        self.assertIn("needs 288 KB of shared memory", str(e.__cause__))
        self.assertFalse(os.path.exists(fail_dir), "an over-budget config is not a tt failure to keep")
        with open(log) as f:
            rec = json.loads(f.read().splitlines()[-1])
        self.assertEqual((rec["status"], rec["required"], rec["limit"]), ("out-of-resources", 294912, 232448))

    def test_out_of_resources_needs_the_record(self):
        # Exit 3 without tt's record is not trusted: it is reported as a refusal.
        import tt_triton
        tt_triton.enable()
        big = fakes.KERNEL_TTIR.replace("tt.return", "tt.needs_too_much_shared\n    tt.return")
        with mock.patch.dict(os.environ, {"FAKE_TT_NO_RECORD": "1"}):
            with self.assertRaisesRegex(TTTranslateError, r"needs 288 KB of shared memory.*\nexit 3"):
                self.compile(ttir=big)

    def test_foreign_ptx_input_refused(self):
        import tt_triton
        tt_triton.enable()
        stages, _ = self.stages(fakes.Options())
        with self.assertRaisesRegex(TTTranslateError, "tt-translate does not read LLVM IR"):
            stages["ptx"]("; LLVM IR from an .llir source", {})

    def test_cache_key(self):
        import tt_triton
        triton_key = self.backend.hash()
        ident = tt_triton.enable()
        tt_key = self.backend.hash()
        self.assertEqual(tt_key, f"{triton_key}-{ident.cache_key()}")
        tt_triton.disable()
        self.assertEqual(self.backend.hash(), triton_key)
        # Another build of tt is another key.
        with open(self.tt, "a") as f:
            f.write("# rebuilt\n")
        other = tt_triton.enable()
        self.assertNotEqual(other.sha256, ident.sha256)
        self.assertNotEqual(self.backend.hash(), tt_key)

    def test_other_hook_kept_and_chained(self):
        import tt_triton
        from triton import knobs
        seen = []
        knobs.runtime.add_stages_inspection_hook = lambda *a: seen.append(a[3])
        prev = knobs.runtime.add_stages_inspection_hook
        tt_triton.enable()
        self.stages(fakes.Options())
        self.assertEqual(seen, [self.Language.TRITON])
        tt_triton.disable()
        self.assertIs(knobs.runtime.add_stages_inspection_hook, prev)

    def test_hook_wrapped_by_another_is_refused(self):
        import tt_triton
        from triton import knobs
        tt_triton.enable()
        ours = knobs.runtime.add_stages_inspection_hook
        knobs.runtime.add_stages_inspection_hook = lambda *a: ours(*a)
        with self.assertRaisesRegex(TTTranslateError, "another hook is installed over it"):
            self.stages(fakes.Options())

    def test_not_cuda_untouched(self):
        import tt_triton
        from triton.backends.compiler import GPUTarget
        from triton.backends.nvidia.compiler import CUDABackend
        tt_triton.enable()
        self.backend = CUDABackend(GPUTarget("hip", 942, 64))
        stages, marks = self.stages(fakes.Options())
        self.assertEqual(stages, marks)

    def test_forget_compiled_kernels(self):
        import tt_triton
        from triton.runtime.jit import JITFunction
        fn = JITFunction()
        fn.device_caches[0]["key"] = "a kernel Triton compiled"
        tt_triton.enable()
        self.assertEqual(len(fn.device_caches), 0)
        fn.device_caches[0]["key"] = "a kernel tt compiled"
        tt_triton.enable()  # nothing changed: kept
        self.assertEqual(len(fn.device_caches), 1)
        tt_triton.disable()
        self.assertEqual(len(fn.device_caches), 0)


# A kernel the fake tt-translate makes persistent (and, with --grid-variant, gives a variant).
PERSISTENT_TTIR = fakes.KERNEL_TTIR.replace("    tt.return", "    // tt.persistent\n    tt.return")
VARIANT = "add_kernel__tt_grid"


class GridVariantTest(FakeTritonTest):
    """tt's grid-schedule variant: asked for where tt-translate takes the flag, carried into
    Triton's metadata, checked against the PTX, loaded beside the kernel and launched for the
    grids whose CTAs fit ctas_per_sm x SMs (grid_variant.py)."""

    def setUp(self):
        super().setUp()
        self.tt = fakes.write_fake_tt_translate(self.tmp, grid_variant=True)
        from tt_triton import grid_variant
        self.gv = grid_variant
        os.environ.pop("TT_TRITON_GRID_VARIANT", None)

    def load(self, md):
        """The kernel as Triton 3.6 builds it from its cache: the metadata through JSON."""
        from triton.compiler.compiler import CompiledKernel
        md = json.loads(json.dumps({**md, "target": {"backend": "cuda", "arch": 90, "warp_size": 32}}))
        return CompiledKernel(None, md)

    def launched(self, kernel, grid):
        kernel[grid]("x", "y", 7)
        launcher = getattr(kernel._run, "launcher", kernel._run)  # the fake driver's, under a choosing run
        grid_, function, packed, args = launcher.launches[-1]
        self.assertEqual((grid_, args), (grid, ("x", "y", 7)))
        return function, packed

    def test_flag_only_where_tt_takes_it(self):
        import tt_triton
        argv_log = os.path.join(self.tmp, "argv.jsonl")
        for supported in (False, True):
            with self.subTest(supported=supported):
                tt = fakes.write_fake_tt_translate(self.tmp, grid_variant=supported)
                ident = tt_triton.enable(tt)
                self.assertEqual(self.gv.flag_supported(ident), supported)
                with mock.patch.dict(os.environ, {"FAKE_TT_ARGV_LOG": argv_log}):
                    _, md = self.compile(ttir=PERSISTENT_TTIR)
                with open(argv_log) as f:
                    args = json.loads(f.read().splitlines()[-1])
                self.assertEqual("--grid-variant" in args, supported)
                self.assertEqual(self.gv.METADATA_KEY in md, supported)
        # The fake refuses an unknown flag as tt-translate does, which is what the probe reads.
        proc = subprocess.run([self.tt, "--no-such-flag", "--version"], capture_output=True, text=True)
        self.assertEqual(proc.returncode, 2)

    def test_metadata_carried(self):
        import tt_triton
        tt_triton.enable()
        _, md = self.compile(ttir=PERSISTENT_TTIR)
        self.assertEqual(md["name"], "add_kernel")
        self.assertEqual(md[self.gv.METADATA_KEY], {"name": VARIANT, "num_warps": 4, "num_ctas": 1, "shared": 98312,
                                                    "ctas_per_sm": 2})
        # Not persistent: no variant, and no stale key from an earlier compile in the same dict.
        stages, _ = self.stages(fakes.Options())
        module = fakes.Module(fakes.KERNEL_TTIR)
        for name in ("ttgir", "llvm_mlir", "llir", "ptx"):
            module = stages[name](module, md)
        self.assertNotIn(self.gv.METADATA_KEY, md)

    def test_variant_in_cubin_not_in_asm_ptx(self):
        """asm["ptx"] is the kernel alone, as Triton's tests and users read it (counting its
        instructions); the cubin is assembled from the module with both entries."""
        import tt_triton
        from triton import knobs
        tt_triton.enable()
        assembled = []
        stages = {name: (lambda src, md, name=name: f"triton {name}") for name in ("ttir", "ttgir", "llir", "ptx")}
        stages["cubin"] = lambda src, md: assembled.append(src) or b"cubin"
        knobs.runtime.add_stages_inspection_hook(self.backend, stages, fakes.Options(), self.Language.TRITON, 90)
        md = {}
        module = fakes.Module(PERSISTENT_TTIR)
        for name in ("ttgir", "llvm_mlir", "llir", "ptx"):
            module = stages[name](module, md)
        self.assertIn(".visible .entry add_kernel(", module)
        self.assertNotIn(VARIANT, module)
        self.assertEqual(stages["cubin"](module, md), b"cubin")
        self.assertIn(".visible .entry add_kernel(", assembled[-1])
        self.assertIn(f".visible .entry {VARIANT}(", assembled[-1])
        # Other input (an override of the PTX) goes to make_cubin as it is.
        stages["cubin"]("// other ptx", md)
        self.assertEqual(assembled[-1], "// other ptx")

    def test_without_entry(self):
        ptx = ("//\n.version 8.0\n\n\t// .globl\tk\n.visible .entry k(\n)\n{\n\t{\n\tret;\n\t}\n}\n"
               "\n\t// .globl\tk__tt_grid\n.visible .entry k__tt_grid(\n)\n{\n\t{\n\t}\n\tret;\n}\n"
               "\n.file\t1 \"k.py\"\n")
        self.assertEqual(self.gv.without_entry(ptx, "k__tt_grid"),
                         "//\n.version 8.0\n\n\t// .globl\tk\n.visible .entry k(\n)\n{\n\t{\n\tret;\n\t}\n}\n"
                         "\n\n.file\t1 \"k.py\"\n")
        for bad in ("no_such", "k__tt"):
            with self.assertRaisesRegex(TTTranslateError, "exactly one entry"):
                self.gv.without_entry(ptx, bad)

    def test_broken_variant_refused(self):
        import tt_triton
        tt_triton.enable()
        for brk, want in (("missing", "names the grid variant 'add_kernel__tt_grid', which its PTX lacks"),
                          ("params", "grid variant add_kernel__tt_grid declares 4 parameters, its kernel add_kernel 5")):
            with self.subTest(brk=brk), mock.patch.dict(os.environ, {"FAKE_TT_VARIANT_BREAK": brk}):
                with self.assertRaisesRegex(TTTranslateError, want):
                    self.compile(ttir=PERSISTENT_TTIR)

    def test_carry_checks(self):
        md = {"num_ctas": 1, "global_scratch_size": 0, "profile_scratch_size": 0}
        good = {"name": VARIANT, "num_warps": 4, "num_ctas": 1, "cluster_dims": [1, 1, 1], "shared": 98312,
                "ctas_per_sm": 2, "global_scratch_size": 0, "target": "sm_90a"}
        self.gv.carry({"grid_variant": good}, md)
        self.assertEqual(self.gv.entry_name(md), VARIANT)
        with self.assertRaisesRegex(TTTranslateError, "num_ctas=2, the kernel 2: a grid variant is of one-CTA kernels"):
            self.gv.carry({"grid_variant": {**good, "num_ctas": 2, "cluster_dims": [2, 1, 1]}}, {**md, "num_ctas": 2})
        for change, want in (({"num_ctas": 2, "cluster_dims": [2, 1, 1]}, "num_ctas=2, the kernel 1"),
                             ({"cluster_dims": [1, 2, 1]}, r"clusters of \[1, 2, 1\]"),
                             ({"global_scratch_size": 128}, "global_scratch_size=128, the kernel 0"),
                             ({"ctas_per_sm": 0}, "ctas_per_sm=0, want an integer >= 1"),
                             ({"shared": "98312"}, "shared='98312'"),
                             ({"name": ""}, "names no kernel")):
            with self.subTest(change=change), self.assertRaisesRegex(TTTranslateError, want):
                self.gv.carry({"grid_variant": {**good, **change}}, dict(md))

    def test_launch_rule_at_the_boundary(self):
        """Up to ctas_per_sm x SMs CTAs (2 x 132 here) the variant, from one more the kernel."""
        import tt_triton
        from triton.runtime.driver import driver
        tt_triton.enable()
        _, md = self.compile(ttir=PERSISTENT_TTIR)
        kernel = self.load(md)
        loaded = len(driver.active.utils.loaded)
        variant = (f"function {VARIANT}", (4, 1, 98312))
        persistent = ("function add_kernel", (4, 1, 225 << 10))
        self.assertEqual(kernel.packed_metadata, persistent[1])
        for grid, want in (((264, 1, 1), variant), ((265, 1, 1), persistent), ((1, 1, 1), variant),
                           ((2, 12, 11), variant), ((1, 1, 265), persistent), ((12, 23, 1), persistent)):
            with self.subTest(grid=grid):
                self.assertEqual(self.launched(kernel, grid), want)
        # The variant comes from the kernel's own binary, with its own shared memory, loaded once
        # (Triton calls _init_handles before every launch through kernel[grid]).
        self.assertEqual(len(driver.active.utils.loaded), loaded + 2)
        self.assertEqual(driver.active.utils.loaded[-2:], [("add_kernel", b"cubin", 225 << 10, 0),
                                                           (VARIANT, b"cubin", 98312, 0)])
        self.assertEqual(kernel._run.limit, 264)
        # The multiprocessor count is the device's: 100 SMs, 200 CTAs.
        driver.active.utils.properties["multiprocessor_count"] = 100
        self.addCleanup(driver.active.utils.properties.__setitem__, "multiprocessor_count", 132)
        kernel = self.load(md)
        self.assertEqual(self.launched(kernel, (200, 1, 1)), variant)
        self.assertEqual(self.launched(kernel, (201, 1, 1)), persistent)

    def test_knob_keeps_the_persistent_kernel(self):
        import tt_triton
        tt_triton.enable()
        _, md = self.compile(ttir=PERSISTENT_TTIR)
        # Read when the kernel loads: one loaded under 0 launches the persistent kernel only.
        for value, want in (("0", "function add_kernel"), ("off", "function add_kernel"), ("1", f"function {VARIANT}")):
            with self.subTest(value=value), mock.patch.dict(os.environ, {"TT_TRITON_GRID_VARIANT": value}):
                kernel = self.load(md)
                self.assertEqual(self.launched(kernel, (1, 1, 1))[0], want)
            self.assertEqual(self.launched(kernel, (1, 1, 1))[0], want)
        with mock.patch.dict(os.environ, {"TT_TRITON_GRID_VARIANT": "maybe"}):
            with self.assertRaisesRegex(ValueError, "TT_TRITON_GRID_VARIANT='maybe'"):
                self.load(md)[(1, 1, 1)]

    def test_other_kernels_untouched(self):
        """A kernel without a variant (tt's or Triton's own) loads and launches as before."""
        import tt_triton
        from triton.runtime.driver import driver
        tt_triton.enable()
        _, md = self.compile()
        triton_md = {k: v for k, v in md.items() if not k.startswith("tt_")}
        for m in (md, triton_md):
            kernel = self.load(m)
            n = len(driver.active.utils.loaded)
            self.assertEqual(self.launched(kernel, (1, 1, 1)), ("function add_kernel", (4, 1, 1024)))
            self.assertEqual(type(kernel._run).__name__, "Launcher")  # Triton's own, unwrapped
            self.assertEqual(len(driver.active.utils.loaded), n + 1)

    def test_disable_restores_init_handles(self):
        import tt_triton
        from triton.compiler.compiler import CompiledKernel
        orig = CompiledKernel.__dict__["_init_handles"]
        tt_triton.enable()
        wrapped = CompiledKernel.__dict__["_init_handles"]
        self.assertIsNot(wrapped, orig)
        self.assertIs(wrapped.__wrapped__, orig)
        tt_triton.enable()  # idempotent: not wrapped twice
        self.assertIs(CompiledKernel.__dict__["_init_handles"], wrapped)
        _, md = self.compile(ttir=PERSISTENT_TTIR)
        tt_triton.disable()
        self.assertIs(CompiledKernel.__dict__["_init_handles"], orig)
        kernel = self.load(md)  # loaded after disable(): Triton's own loading
        self.assertEqual(self.launched(kernel, (1, 1, 1))[0], "function add_kernel")


@unittest.skipUnless(os.environ.get("TT_TRANSLATE_REAL"), "TT_TRANSLATE_REAL names no tt-translate binary "
                     "(go test ./test/python builds one)")
class RealTTTranslateTest(TempDirTest):
    """The stages with the real tt-translate on Triton 3.6's own TTIR dumps (testdata/cases),
    Triton still faked: the stage dumps, the metadata and the launcher ABI as tt writes them."""

    CASES = os.path.join(os.path.dirname(PYTHON_DIR), "testdata", "cases")

    def setUp(self):
        super().setUp()
        os.environ["TT_TRANSLATE"] = os.environ["TT_TRANSLATE_REAL"]
        ctx = fakes.fake_triton(os.path.join(self.tmp, "site"))
        ctx.__enter__()
        self.addCleanup(ctx.__exit__, None, None, None)
        import tt_triton
        self.ident = tt_triton.enable()
        self.addCleanup(tt_triton.disable)

    def compile(self, case, **options):
        from triton import knobs
        from triton.backends.compiler import GPUTarget, Language
        from triton.backends.nvidia.compiler import CUDABackend
        stages = {}
        knobs.runtime.add_stages_inspection_hook(CUDABackend(GPUTarget("cuda", 90, 32)), stages,
                                                 fakes.Options(**options), Language.TRITON, 90)
        with open(os.path.join(self.CASES, case)) as f:
            md, module = {}, fakes.Module(f.read())
        self.asm = {}
        for name in ("ttgir", "llvm_mlir", "llir", "ptx"):
            module = stages[name](module, md)
            self.asm[name] = module
        return module, md

    def test_from_ttgir(self):
        # A .ttgir source (triton.compile of a file, Gluon, an ir_override) goes straight to the
        # llvm_mlir stage; tt-translate dumps no TTGIR stage then, and the metadata comes from
        # the module: here Triton's TTGIR of a 2-CTA matmul (testdata/cta).
        from triton import knobs
        from triton.backends.compiler import GPUTarget, Language
        from triton.backends.nvidia.compiler import CUDABackend
        stages = {}
        knobs.runtime.add_stages_inspection_hook(CUDABackend(GPUTarget("cuda", 90, 32)), stages,
                                                 fakes.Options(num_ctas=2), Language.TRITON, 90)
        path = os.path.join(os.path.dirname(PYTHON_DIR), "testdata", "cta", "mm_float16_float32_128x128x16_s4_w4_c2.ttgir")
        with open(path) as f:
            md, module = {}, fakes.Module(f.read())
        for name in ("llvm_mlir", "llir", "ptx"):
            module = stages[name](module, md)
        self.assertRegex(module, r"\.explicitcluster\s+\.reqnctapercluster 2")
        self.assertEqual(md["num_ctas"], 2)

    def test_cases(self):
        for case, kernel, shared in (("atomic_float.ttir", "atomic_float_kernel", 0), ("f64_ops.ttir", "f64_kernel", 32),
                                     ("cumsum.ttir", None, None)):
            with self.subTest(case=case):
                ptx, md = self.compile(case)
                self.assertIn("Generated by tt", ptx)
                self.assertIn(".target sm_90a", ptx)
                self.assertIn(".version 8.7", ptx)
                if kernel:
                    self.assertEqual((md["name"], md["shared"]), (kernel, shared))
                # llir is LLVM IR (as Triton's make_llir returns), the per-thread MLIR is llvm_mlir.
                self.assertIn('target triple = "nvptx64-nvidia-cuda"', self.asm["llir"])
                self.assertRegex(self.asm["llir"], r"define ptx_kernel void @\w+\(")
                self.assertIn("llvm.func", self.asm["llvm_mlir"])
                self.assertEqual((md["global_scratch_size"], md["global_scratch_align"]), (0, 1))
                self.assertEqual(md[metadata.METADATA_KEY], self.ident.cache_key())

    def test_llir_carries_llvm_metadata(self):
        # test_core.py's test_disable_licm and test_assume look for LLVM IR in asm["llir"]:
        # the loop's !llvm.loop metadata and the llvm.assume call.
        ttir = """#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>
#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
module {
  tt.func public @while_no_licm(%n: i32, %out: !tt.ptr<i32>) attributes {noinline = false} {
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %n, %c0_i32 : i32
    llvm.intr.assume %pos : i1
    %i = scf.while (%a = %c0_i32) : (i32) -> i32 {
      %0 = arith.cmpi slt, %a, %n : i32
      scf.condition(%0) %a : i32
    } do {
    ^bb0(%a: i32):
      %1 = arith.addi %a, %c1_i32 : i32
      scf.yield %1 : i32
    } attributes {llvm.loop_annotation = #loop_annotation}
    tt.store %out, %i : !tt.ptr<i32>
    tt.return
  }
}
"""
        path = os.path.join(self.tmp, "while_no_licm.ttir")
        with open(path, "w") as f:
            f.write(ttir)
        orig = self.CASES
        self.CASES = self.tmp
        try:
            ptx, md = self.compile("while_no_licm.ttir")
        finally:
            self.CASES = orig
        self.assertEqual(md["name"], "while_no_licm")
        self.assertIn("llvm.licm.disable", self.asm["llir"])
        self.assertRegex(self.asm["llir"], r"br label %\w+, !llvm.loop !\d+")
        self.assertIn("call void @llvm.assume(i1", self.asm["llir"])
        self.assertIn("loop_annotation = #loop_annotation", self.asm["llvm_mlir"])

    def test_reproducers(self):
        # Triton 3.6's test_reproducer through the stages: each file holds an MLIR reproducer
        # whose pipeline its regular expression finds, but make_llir's: tt's conversion is
        # convert-triton-gpu-to-gpu (per-thread llvm and gpu dialect IR), not Triton's
        # convert-triton-gpu-to-llvm (docs/CONFORMANCE.md).
        import re
        prefix = os.path.join(self.tmp, "repro_prefix")
        with mock.patch.dict(os.environ, {"TRITON_REPRODUCER_PATH": prefix}):
            self.compile("f64_ops.ttir")
        for tag, check in (("make_ttgir", "triton.*-coalesce"), ("make_llir", "convert-triton-gpu-to-gpu")):
            with open(f"{prefix}.{tag}.repro.mlir") as f:
                repro = f.read()
            self.assertIn("mlir_reproducer", repro)
            self.assertIn("tt.func public @f64_kernel", repro)
            self.assertRegex(repro, r"pipeline: \"(.*" + check + r".*)\"")
            if tag == "make_llir":
                self.assertIsNone(re.search(r"pipeline: \"(.*convert-triton-.*gpu-to-llvm.*)\"", repro))
        self.assertFalse(os.path.exists(prefix + ".make_ttir.repro.mlir"))  # Triton's own stage writes it

    def test_out_of_shared_memory(self):
        # The real tt-translate's exit status and record become Triton's OutOfResources.
        from triton import knobs
        from triton.backends.compiler import GPUTarget, Language
        from triton.backends.nvidia.compiler import CUDABackend
        from triton.runtime.errors import OutOfResources
        stages = {}
        knobs.runtime.add_stages_inspection_hook(CUDABackend(GPUTarget("cuda", 90, 32)), stages,
                                                 fakes.Options(), Language.GLUON, 90)
        with self.assertRaises(OutOfResources) as cm:
            stages["llir"](fakes.Module(fakes.OVERSIZED_TTGIR), {})
        e = cm.exception
        self.assertEqual((e.required, e.limit, e.name), (240 << 10, 227 << 10, "shared memory"))
        self.assertIn("ring.ttgir:4:3: error: 'tt.func' op needs 240 KB of shared memory", str(e.__cause__))

    def test_options(self):
        ptx, _ = self.compile("fma_contract.ttir", enable_fp_fusion=False, maxnreg=40)
        self.assertNotRegex(ptx, r"(mad|fma)\.r[nzmp]\.(ftz\.)?f32")
        self.assertRegex(ptx, r"\.visible \.entry [^{;]*\.maxnreg 40")
        # num_ctas travels: the kernel is compiled for clusters of 2 CTAs.
        ptx, _ = self.compile("fma_contract.ttir", num_ctas=2)
        self.assertRegex(ptx, r"\.explicitcluster\s+\.reqnctapercluster 2")
        # and what tt-translate refuses comes back as its diagnostic
        with self.assertRaisesRegex(TTTranslateError, r"--num-ctas=3"):
            self.compile("fma_contract.ttir", num_ctas=3)


class AutoEnableTest(TempDirTest):
    """TRITON_TT through the installed .pth file, in a child interpreter."""

    def run_child(self, env_value):
        site = os.path.join(self.tmp, "site")
        fakes.write_tree(site, fakes.FAKE_TRITON)
        pth_dir = os.path.join(self.tmp, "pth")
        os.makedirs(pth_dir)
        with open(os.path.join(PYTHON_DIR, "tt_triton.pth")) as src, open(os.path.join(pth_dir, "tt_triton.pth"), "w") as d:
            d.write(src.read())
        code = ("import site, sys; site.addsitedir(sys.argv[1]); "
                "print('before', 'tt_triton.hook' in sys.modules); import triton; import tt_triton; "
                "print('after', tt_triton.enabled())")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([site, PYTHON_DIR]), "TRITON_TT": env_value}
        proc = subprocess.run([sys.executable, "-c", code, pth_dir], capture_output=True, text=True, env=env)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return proc.stdout.split()

    def test_triton_tt_1(self):
        # Nothing is enabled before Triton is imported; it is as soon as it is.
        self.assertEqual(self.run_child("1"), ["before", "False", "after", "True"])

    def test_triton_tt_unset(self):
        self.assertEqual(self.run_child("0"), ["before", "False", "after", "False"])

    def test_requested(self):
        from tt_triton import autoenable
        for v, want in (("1", True), ("true", True), ("ON", True), ("0", False), ("", False), ("no", False)):
            self.assertEqual(autoenable.requested({"TRITON_TT": v}), want, v)



class PtxasChoiceTest(unittest.TestCase):
    """ptxas.choose: the newest ptxas newer than Triton's that the driver supports, unless the
    user chose (TRITON_PTXAS_PATH, TT_PTXAS)."""

    VERSIONS = {"/triton/ptxas": (12, 8), "/cuda13/ptxas": (13, 0), "/cuda131/ptxas": (13, 1),
                "/cuda12/ptxas": (12, 4)}

    def choose(self, env=None, driver=(13, 0), found=("/cuda12/ptxas", "/cuda13/ptxas", "/cuda131/ptxas")):
        from tt_triton import ptxas
        return ptxas.choose("/triton/ptxas", env=env or {}, driver=lambda: driver, found=lambda: list(found),
                            ver=self.VERSIONS.get)

    def test_newest_the_driver_supports(self):
        self.assertEqual(self.choose(), "/cuda13/ptxas")
        self.assertEqual(self.choose(driver=(13, 1)), "/cuda131/ptxas")

    def test_nothing_newer_keeps_triton_s(self):
        self.assertIsNone(self.choose(found=("/cuda12/ptxas",)))
        self.assertIsNone(self.choose(driver=(12, 8)))

    def test_unknown_driver_or_version_keeps_triton_s(self):
        self.assertIsNone(self.choose(driver=None))
        self.assertIsNone(self.choose(found=("/nowhere/ptxas",)))

    def test_the_user_s_choice_wins(self):
        self.assertIsNone(self.choose(env={"TRITON_PTXAS_PATH": "/mine/ptxas"}))
        self.assertIsNone(self.choose(env={"TT_PTXAS": "bundled"}))
        with tempfile.TemporaryDirectory() as d:
            mine = os.path.join(d, "ptxas")
            with open(mine, "w") as f:
                f.write("#!/bin/sh\n")
            os.chmod(mine, 0o755)
            self.assertEqual(self.choose(env={"TT_PTXAS": mine}), mine)

    def test_a_bad_choice_is_refused(self):
        for bad in ("bundle", "/nowhere/ptxas"):
            with self.assertRaisesRegex(ValueError, "TT_PTXAS=.*newest, bundled or the path"):
                self.choose(env={"TT_PTXAS": bad})

    def test_enable_sets_and_disable_restores(self):
        from tt_triton import hook

        class Tool:  # Triton's env_nvidia_tool: a knob that also sets its environment variable
            key, default_path = "TRITON_PTXAS_PATH", "/triton/ptxas"

            def __get__(self, obj, objclass=None):
                return obj.__dict__.get("ptxas", os.environ.get(self.key, self.default_path))

            def __set__(self, obj, value):
                obj.__dict__["ptxas"] = value
                os.environ[self.key] = value

            def __delete__(self, obj):
                obj.__dict__.pop("ptxas", None)

        class Nvidia:
            ptxas = Tool()

        class Knobs:
            nvidia = Nvidia()

        k = Knobs()
        with mock.patch.dict(os.environ, {}, clear=False), \
                mock.patch("tt_triton.ptxas.choose", return_value="/cuda13/ptxas"):
            os.environ.pop("TRITON_PTXAS_PATH", None)
            hook._choose_ptxas(k)
            self.assertEqual(k.nvidia.ptxas, "/cuda13/ptxas")
            self.assertEqual(os.environ.get("TRITON_PTXAS_PATH"), "/cuda13/ptxas")
            hook._choose_ptxas(k)  # a second enable() keeps it
            self.assertTrue(hook._state["ptxas"])
            hook._restore_ptxas(k)
            self.assertEqual(k.nvidia.ptxas, "/triton/ptxas")
            self.assertNotIn("TRITON_PTXAS_PATH", os.environ)
            self.assertFalse(hook._state["ptxas"])

    def test_version_reads_the_release(self):
        from tt_triton import ptxas
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "ptxas")
            with open(p, "w") as f:
                f.write("#!/bin/sh\necho 'ptxas: NVIDIA (R) Ptx optimizing assembler'\n"
                        "echo 'Cuda compilation tools, release 13.0, V13.0.48'\n")
            os.chmod(p, 0o755)
            self.assertEqual(ptxas.version(p), (13, 0))
            self.assertIsNone(ptxas.version(os.path.join(d, "missing")))

if __name__ == "__main__":
    unittest.main()
