// Command cuda-smoke checks that this machine can drive its GPU through
// package cuda: it prints the device, JIT-compiles and runs a built-in
// vector-add kernel, verifies the result and times the launch with CUDA
// events. Given -ptx, it also JIT-compiles that file and prints the JIT log
// and, for each -kernel, the kernel's register, spill and parameter data.
//
// Usage:
//
//	cuda-smoke [-device N] [-n elements] [-iters N] [-ptx file.ptx [-kernel name,...]] [-v]
//
// It exits 0 when everything succeeded, 1 on a failure and 2 on bad usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/ttcompiler/tt/runtime/cuda"
	"github.com/ttcompiler/tt/runtime/cuda/selfcheck"
)

func main() {
	device := flag.Int("device", 0, "device ordinal")
	n := flag.Int("n", 1<<20, "elements of the built-in vector-add check")
	iters := flag.Int("iters", 100, "timed launches after the first")
	ptxPath := flag.String("ptx", "", "PTX file to JIT-compile")
	kernels := flag.String("kernel", "", "comma-separated kernels of -ptx to describe")
	verbose := flag.Bool("v", false, "verbose JIT log for -ptx")
	flag.Parse()
	if flag.NArg() != 0 || (*kernels != "" && *ptxPath == "") {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*device, *n, *iters, *ptxPath, *kernels, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "cuda-smoke: FAIL:", err)
		os.Exit(1)
	}
	fmt.Println("cuda-smoke: OK")
}

func run(ordinal, n, iters int, ptxPath, kernels string, verbose bool) error {
	if err := cuda.Load(); err != nil {
		return err
	}
	ver, err := cuda.DriverVersion()
	if err != nil {
		return err
	}
	count, err := cuda.DeviceCount()
	if err != nil {
		return err
	}
	dev, err := cuda.GetDevice(ordinal)
	if err != nil {
		return err
	}
	if err := printDevice(dev, ver, count); err != nil {
		return err
	}
	ctx, err := cuda.NewContext(dev)
	if err != nil {
		return err
	}
	defer ctx.Close()

	rep, err := selfcheck.VectorAdd(ctx, n, iters)
	if err != nil {
		return fmt.Errorf("built-in vector add: %w", err)
	}
	fmt.Printf("vector add: %d elements, grid %d x block %d, %d regs, %d B spills, JIT %v: verified\n",
		rep.Elements, rep.Grid, rep.Block, rep.NumRegs, rep.LocalBytes, rep.JITTime)
	fmt.Printf("vector add: first launch %v, mean of %d launches %v (CUDA events)\n",
		rep.FirstLaunch, rep.Iterations, rep.MeanLaunch)
	if rep.InfoLog != "" {
		fmt.Printf("vector add JIT info log:\n%s\n", indent(rep.InfoLog))
	}
	if ptxPath != "" {
		return jitFile(ctx, ptxPath, kernels, verbose)
	}
	return nil
}

func printDevice(dev cuda.Device, driverVersion, count int) error {
	name, err := dev.Name()
	if err != nil {
		return err
	}
	major, minor, err := dev.ComputeCapability()
	if err != nil {
		return err
	}
	mem, err := dev.TotalMemory()
	if err != nil {
		return err
	}
	sms, err := dev.Attribute(cuda.DevAttrMultiprocessorCount)
	if err != nil {
		return err
	}
	smem, err := dev.Attribute(cuda.DevAttrMaxSharedMemoryPerBlockOptin)
	if err != nil {
		return err
	}
	fmt.Printf("driver: CUDA %d.%d, %d device(s)\n", driverVersion/1000, driverVersion%1000/10, count)
	fmt.Printf("device %d: %s, compute capability %d.%d (sm_%d%d), %d SMs, %.1f GiB, %d KiB shared/block opt-in\n",
		dev.Ordinal(), name, major, minor, major, minor, sms, float64(mem)/(1<<30), smem>>10)
	return nil
}

// jitFile compiles a PTX file, printing the JIT logs, and describes kernels.
func jitFile(ctx *cuda.Context, path, kernels string, verbose bool) error {
	ptx, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	mod, err := ctx.LoadModule(ptx, cuda.JITOptions{Verbose: verbose})
	if err != nil {
		var e *cuda.Error
		if errors.As(err, &e) && e.Log != "" {
			fmt.Printf("%s: JIT error log:\n%s\n", path, indent(e.Log))
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	defer mod.Close()
	fmt.Printf("%s: JIT ok in %v\n", path, mod.JITTime)
	if mod.InfoLog != "" {
		fmt.Printf("%s: JIT info log:\n%s\n", path, indent(mod.InfoLog))
	}
	if kernels == "" {
		return nil
	}
	for _, name := range strings.Split(kernels, ",") {
		if err := describe(mod, name); err != nil {
			return err
		}
	}
	return nil
}

func describe(mod *cuda.Module, name string) error {
	fn, err := mod.Function(name)
	if err != nil {
		return err
	}
	regs, err := fn.NumRegs()
	if err != nil {
		return err
	}
	local, err := fn.LocalBytes()
	if err != nil {
		return err
	}
	shared, err := fn.SharedBytes()
	if err != nil {
		return err
	}
	maxThreads, err := fn.Attribute(cuda.FuncAttrMaxThreadsPerBlock)
	if err != nil {
		return err
	}
	params := "unknown (driver lacks cuFuncGetParamInfo)"
	if sizes, err := fn.ParamSizes(); err == nil {
		params = fmt.Sprint(sizes)
	}
	fmt.Printf("kernel %s: %d regs, %d B local (spills), %d B static shared, max %d threads/block, param sizes %s\n",
		name, regs, local, shared, maxThreads, params)
	return nil
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}
