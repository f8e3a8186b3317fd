package cuda_test

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/ttcompiler/tt/runtime/cuda"
	"github.com/ttcompiler/tt/runtime/cuda/selfcheck"
)

// The tests in this file need a GPU and skip when the driver cannot be
// loaded.

func gpuContext(t *testing.T) *cuda.Context {
	t.Helper()
	if err := cuda.Load(); err != nil {
		t.Skipf("no GPU: %v", err)
	}
	dev, err := cuda.GetDevice(0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := cuda.NewContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := ctx.Close(); err != nil {
			t.Error(err)
		}
	})
	return ctx
}

func loadTestModule(t *testing.T, ctx *cuda.Context, file string) *cuda.Module {
	t.Helper()
	ptx, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := ctx.LoadModule(ptx, cuda.JITOptions{Verbose: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = mod.Close() })
	return mod
}

func alloc(t *testing.T, ctx *cuda.Context, bytes int) cuda.DevicePtr {
	t.Helper()
	p, err := ctx.Alloc(bytes)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ctx.Free(p) })
	return p
}

func TestGPUDeviceInfo(t *testing.T) {
	ctx := gpuContext(t)
	dev := ctx.Device()
	name, err := dev.Name()
	if err != nil || name == "" {
		t.Fatalf("Name = %q, %v", name, err)
	}
	major, minor, err := dev.ComputeCapability()
	if err != nil || major < 5 {
		t.Fatalf("ComputeCapability = %d.%d, %v", major, minor, err)
	}
	mem, err := dev.TotalMemory()
	if err != nil || mem <= 0 {
		t.Fatalf("TotalMemory = %d, %v", mem, err)
	}
	warp, err := dev.Attribute(cuda.DevAttrWarpSize)
	if err != nil || warp != 32 {
		t.Errorf("warp size %d, %v", warp, err)
	}
	free, total, err := ctx.MemInfo()
	if err != nil || free <= 0 || total < free {
		t.Errorf("MemInfo = %d, %d, %v", free, total, err)
	}
	ver, err := cuda.DriverVersion()
	if err != nil || ver < 12000 {
		t.Errorf("DriverVersion = %d, %v", ver, err)
	}
	n, err := cuda.DeviceCount()
	if err != nil || n < 1 {
		t.Errorf("DeviceCount = %d, %v", n, err)
	}
	if _, err := cuda.GetDevice(n); err == nil {
		t.Errorf("GetDevice(%d) succeeded with %d devices", n, n)
	}
	t.Logf("%s, sm_%d%d, %.1f GiB, driver %d, %d device(s)", name, major, minor, float64(mem)/(1<<30), ver, n)
}

func TestGPUMemoryRoundTrip(t *testing.T) {
	ctx := gpuContext(t)
	const n = 1 << 16
	p := alloc(t, ctx, n)
	if err := ctx.Memset(p, 0xab, n); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, n)
	if err := ctx.CopyDtoH(got, p); err != nil {
		t.Fatal(err)
	}
	for i, b := range got {
		if b != 0xab {
			t.Fatalf("byte %d = %#x after Memset", i, b)
		}
	}
	src := make([]byte, n)
	for i := range src {
		src[i] = byte(i * 7)
	}
	if err := ctx.CopyHtoD(p, src); err != nil {
		t.Fatal(err)
	}
	if err := ctx.CopyDtoH(got, p); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, src) {
		t.Fatal("CopyHtoD/CopyDtoH round trip differs")
	}
	var e *cuda.Error
	if _, err := ctx.Alloc(math.MaxInt); !errors.As(err, &e) {
		t.Errorf("huge Alloc: %v, want a driver error", err)
	} else {
		t.Logf("huge Alloc: %v", err)
	}
}

func TestGPUVectorAddSelfCheck(t *testing.T) {
	ctx := gpuContext(t)
	rep, err := selfcheck.VectorAdd(ctx, 1<<20+3, 20)
	if err != nil {
		t.Fatal(err)
	}
	if rep.NumRegs <= 0 || rep.FirstLaunch <= 0 || rep.MeanLaunch <= 0 {
		t.Errorf("implausible report %+v", rep)
	}
	t.Logf("vector add: %d regs, %d B spills, JIT %v, first launch %v, mean %v\nJIT info log:\n%s",
		rep.NumRegs, rep.LocalBytes, rep.JITTime, rep.FirstLaunch, rep.MeanLaunch, rep.InfoLog)
}

func TestGPUInvalidPTXReturnsLog(t *testing.T) {
	ctx := gpuContext(t)
	broken := ".version 8.0\n.target sm_80\n.address_size 64\n" +
		".visible .entry broken(.param .u64 out)\n{\n\tld.param.u64 %rd1, [out];\n\tret;\n}\n"
	_, err := ctx.LoadModule([]byte(broken), cuda.JITOptions{})
	if !errors.Is(err, cuda.ErrInvalidPTX) {
		t.Fatalf("LoadModule(broken) = %v, want CUDA_ERROR_INVALID_PTX", err)
	}
	var e *cuda.Error
	if !errors.As(err, &e) || e.Log == "" || !strings.Contains(err.Error(), e.Log) {
		t.Fatalf("error carries no JIT log: %#v", err)
	}
	if !strings.Contains(err.Error(), "CUDA_ERROR_INVALID_PTX") || !strings.Contains(err.Error(), "cuModuleLoadDataEx") {
		t.Errorf("error text %q lacks the op or code", err)
	}
	t.Logf("JIT error as reported:\n%v", err)
}

func TestGPUMissingFunction(t *testing.T) {
	ctx := gpuContext(t)
	mod := loadTestModule(t, ctx, "args_kernel.ptx")
	if _, err := mod.Function("no_such_kernel"); !errors.Is(err, cuda.ErrNotFound) {
		t.Errorf("Function(no_such_kernel) = %v, want CUDA_ERROR_NOT_FOUND", err)
	}
}

func TestGPUArgumentABI(t *testing.T) {
	ctx := gpuContext(t)
	mod := loadTestModule(t, ctx, "args_kernel.ptx")
	out := alloc(t, ctx, 40)
	if err := ctx.Memset(out, 0, 40); err != nil {
		t.Fatal(err)
	}
	args := cuda.Args{}.Ptr(out).I32(-123456).I64(-1 << 40).F32(3.25).F64(math.Pi).F16(0xbc00).U32(0xdeadbeef)
	fn, err := mod.Function("args_kernel")
	if err != nil {
		t.Fatal(err)
	}
	if sizes, err := fn.ParamSizes(); err == nil {
		if want := []int{8, 4, 8, 4, 8, 2, 4}; !reflect.DeepEqual(sizes, want) {
			t.Errorf("ParamSizes = %v, want %v", sizes, want)
		}
	} else {
		t.Logf("ParamSizes: %v", err)
	}
	if err := mod.Launch("args_kernel", [3]int{1, 1, 1}, [3]int{1, 1, 1}, 0, args); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 40)
	if err := ctx.CopyDtoH(got, out); err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	if v := int32(le.Uint32(got[0:])); v != -123456 {
		t.Errorf("i32 = %d", v)
	}
	if v := int64(le.Uint64(got[8:])); v != -1<<40 {
		t.Errorf("i64 = %d", v)
	}
	if v := math.Float32frombits(le.Uint32(got[16:])); v != 3.25 {
		t.Errorf("f32 = %v", v)
	}
	if v := math.Float64frombits(le.Uint64(got[24:])); v != math.Pi {
		t.Errorf("f64 = %v", v)
	}
	if v := le.Uint16(got[32:]); v != 0xbc00 {
		t.Errorf("f16 = %#x", v)
	}
	if v := le.Uint32(got[36:]); v != 0xdeadbeef {
		t.Errorf("u32 = %#x", v)
	}
	// With the layout known, a wrong argument list never reaches the GPU.
	if _, err := fn.ParamSizes(); err == nil {
		if err := mod.Launch("args_kernel", [3]int{1, 1, 1}, [3]int{1, 1, 1}, 0, cuda.Args{}.Ptr(out)); err == nil {
			t.Error("launch with 1 of 7 arguments succeeded")
		}
	}
}

func TestGPULargeDynamicSharedMemory(t *testing.T) {
	ctx := gpuContext(t)
	optin, err := ctx.Device().Attribute(cuda.DevAttrMaxSharedMemoryPerBlockOptin)
	if err != nil {
		t.Fatal(err)
	}
	const shared = 100 << 10
	if optin < shared {
		t.Skipf("device allows only %d bytes of shared memory per block", optin)
	}
	mod := loadTestModule(t, ctx, "smem_kernel.ptx")
	fn, err := mod.Function("smem_kernel")
	if err != nil {
		t.Fatal(err)
	}
	out := alloc(t, ctx, 4)
	args := cuda.Args{}.Ptr(out).U32(shared)
	cfg := cuda.LaunchConfig{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, SharedBytes: shared}
	if err := fn.Launch(cfg, args); err == nil {
		t.Error("launch with 100 KiB dynamic shared memory succeeded without opting in")
	}
	// Module.Launch opts in automatically above 48 KiB.
	if err := mod.Launch("smem_kernel", cfg.Grid, cfg.Block, shared, args); err != nil {
		t.Fatal(err)
	}
	if limit, err := fn.Attribute(cuda.FuncAttrMaxDynamicSharedSizeBytes); err != nil || limit != shared {
		t.Errorf("max dynamic shared = %d, %v", limit, err)
	}
	got := make([]byte, 4)
	if err := ctx.CopyDtoH(got, out); err != nil {
		t.Fatal(err)
	}
	if v := binary.LittleEndian.Uint32(got); v != shared {
		t.Errorf("kernel read back %d from shared memory, want %d", v, shared)
	}
}

// TestGPUTritonVectorAdd runs PTX produced by Triton 3.6 for sm_90a, whose
// kernels take two trailing scratch pointers after the tt.func parameters.
func TestGPUTritonVectorAdd(t *testing.T) {
	ctx := gpuContext(t)
	if major, minor, _ := ctx.Device().ComputeCapability(); major != 9 || minor != 0 {
		t.Skipf("sm_90a PTX needs compute capability 9.0, device is %d.%d", major, minor)
	}
	mod := loadTestModule(t, ctx, "triton_vector_add.ptx")
	fn, err := mod.Function("add_kernel")
	if err != nil {
		t.Fatal(err)
	}
	const n = 1040 // two blocks of 1024, the second partial
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i)/3, float32(n-i)*1.5
	}
	bx, by, bout := alloc(t, ctx, 4*n), alloc(t, ctx, 4*n), alloc(t, ctx, 4*n)
	if err := ctx.CopyHtoD(bx, cuda.AsBytes(x)); err != nil {
		t.Fatal(err)
	}
	if err := ctx.CopyHtoD(by, cuda.AsBytes(y)); err != nil {
		t.Fatal(err)
	}
	cfg := cuda.LaunchConfig{Grid: [3]int{2, 1, 1}, Block: [3]int{128, 1, 1}}
	if _, err := fn.ParamSizes(); err == nil {
		err := fn.Launch(cfg, cuda.Args{}.Ptr(bx).Ptr(by).Ptr(bout).I32(n))
		if err == nil || !strings.Contains(err.Error(), "takes 6 parameters") {
			t.Errorf("launch without scratch pointers: %v", err)
		}
	}
	if err := fn.Launch(cfg, cuda.Args{}.Ptr(bx).Ptr(by).Ptr(bout).I32(n).Ptr(0).Ptr(0)); err != nil {
		t.Fatal(err)
	}
	out := make([]float32, n)
	if err := ctx.CopyDtoH(cuda.AsBytes(out), bout); err != nil {
		t.Fatal(err)
	}
	for i := range out {
		if out[i] != x[i]+y[i] {
			t.Fatalf("out[%d] = %v, want %v", i, out[i], x[i]+y[i])
		}
	}
	regs, _ := fn.NumRegs()
	t.Logf("triton add_kernel: %d regs; JIT info log:\n%s", regs, mod.InfoLog)
}

func TestGPUStreamAndEvents(t *testing.T) {
	ctx := gpuContext(t)
	mod := loadTestModule(t, ctx, "smem_kernel.ptx")
	fn, err := mod.Function("smem_kernel")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ctx.NewStream()
	if err != nil {
		t.Fatal(err)
	}
	start, err := ctx.NewEvent()
	if err != nil {
		t.Fatal(err)
	}
	end, err := ctx.NewEvent()
	if err != nil {
		t.Fatal(err)
	}
	out := alloc(t, ctx, 4)
	if err := start.Record(s); err != nil {
		t.Fatal(err)
	}
	cfg := cuda.LaunchConfig{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, SharedBytes: 1024, Stream: s}
	for range 10 {
		if err := fn.Launch(cfg, cuda.Args{}.Ptr(out).U32(1024)); err != nil {
			t.Fatal(err)
		}
	}
	if err := end.Record(s); err != nil {
		t.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if err := end.Synchronize(); err != nil {
		t.Fatal(err)
	}
	d, err := cuda.ElapsedTime(start, end)
	if err != nil || d <= 0 {
		t.Errorf("ElapsedTime = %v, %v", d, err)
	}
	for _, c := range []interface{ Close() error }{start, end, s} {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
		if err := c.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
	}
	if err := s.Synchronize(); err == nil {
		t.Error("Synchronize on a closed stream succeeded")
	}
	if err := fn.Launch(cfg, cuda.Args{}.Ptr(out).U32(1024)); err == nil {
		t.Error("launch on a closed stream succeeded")
	}
}

// TestGPUConcurrentGoroutines uses one context from many goroutines at
// once, relying on each call making the context current on its thread.
func TestGPUConcurrentGoroutines(t *testing.T) {
	ctx := gpuContext(t)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				src := make([]byte, 4096)
				for k := range src {
					src[k] = byte(g + i + k)
				}
				p, err := ctx.Alloc(len(src))
				if err != nil {
					errs <- err
					return
				}
				got := make([]byte, len(src))
				err = ctx.CopyHtoD(p, src)
				if err == nil {
					err = ctx.CopyDtoH(got, p)
				}
				if ferr := ctx.Free(p); err == nil {
					err = ferr
				}
				if err == nil && !reflect.DeepEqual(got, src) {
					err = errors.New("data mismatch")
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestGPUPrivateContextAndClose(t *testing.T) {
	gpuContext(t) // skips without a GPU
	dev, err := cuda.GetDevice(0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := cuda.NewPrivateContext(dev)
	if err != nil {
		t.Skipf("private context unavailable: %v", err)
	}
	rep, err := selfcheck.VectorAdd(ctx, 1000, 0)
	if err != nil {
		t.Fatalf("vector add in a private context: %v (%+v)", err, rep)
	}
	if err := ctx.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ctx.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := ctx.Alloc(16); !errors.Is(err, cuda.ErrClosed) {
		t.Errorf("Alloc after Close = %v, want ErrClosed", err)
	}
}

// TestGPUClusterLaunch launches a kernel that requires clusters of two
// blocks: with LaunchConfig.Cluster every block reads its cluster's id
// and its rank in it as the grid's split into clusters says. Without the
// cluster attribute the kernel's own `.reqnctapercluster` still makes the
// clusters (the H200 launches it so, as CUDA does for compile-time cluster
// dimensions), so the second launch must read the same ids.
func TestGPUClusterLaunch(t *testing.T) {
	ctx := gpuContext(t)
	if major, _, err := ctx.Device().ComputeCapability(); err != nil || major < 9 {
		t.Skipf("clusters need sm_90 (compute capability %d, %v)", major, err)
	}
	mod := loadTestModule(t, ctx, "cluster_kernel.ptx")
	fn, err := mod.Function("cluster_kernel")
	if err != nil {
		t.Fatal(err)
	}
	const blocks = 6
	out := alloc(t, ctx, 16*blocks)
	cfg := cuda.LaunchConfig{Grid: [3]int{blocks, 1, 1}, Block: [3]int{32, 1, 1}, Cluster: [3]int{2, 1, 1}}
	if err := fn.Launch(cfg, cuda.Args{}.Ptr(out)); err != nil {
		t.Fatal(err)
	}
	if err := ctx.Synchronize(); err != nil {
		t.Fatal(err)
	}
	checkClusterIDs(t, ctx, out, blocks, "with the cluster attribute")
	if err := ctx.Memset(out, 0, 16*blocks); err != nil {
		t.Fatal(err)
	}
	cfg.Cluster = [3]int{}
	if err := fn.Launch(cfg, cuda.Args{}.Ptr(out)); err != nil {
		t.Fatal(err)
	}
	if err := ctx.Synchronize(); err != nil {
		t.Fatal(err)
	}
	checkClusterIDs(t, ctx, out, blocks, "from the kernel's .reqnctapercluster")
}

// checkClusterIDs reads what cluster_kernel wrote: per block its cluster id,
// the number of clusters, its rank and the cluster's size, for clusters of 2.
func checkClusterIDs(t *testing.T, ctx *cuda.Context, out cuda.DevicePtr, blocks int, how string) {
	t.Helper()
	got := make([]byte, 16*blocks)
	if err := ctx.CopyDtoH(got, out); err != nil {
		t.Fatal(err)
	}
	for b := 0; b < blocks; b++ {
		want := [4]uint32{uint32(b / 2), uint32(blocks / 2), uint32(b % 2), 2}
		var have [4]uint32
		for i := range have {
			have[i] = binary.LittleEndian.Uint32(got[16*b+4*i:])
		}
		if have != want {
			t.Errorf("%s: block %d: (clusterid, nclusterid, ctarank, nctarank) = %v, want %v", how, b, have, want)
		}
	}
}
