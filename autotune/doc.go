// Package autotune picks the fastest of a kernel's configurations as
// Triton's @triton.autotune does, for any compiler and any GPU: the
// caller supplies how to compile one configuration and how to run a
// compiled one; the package does the rest.
//
//   - Tune compiles every configuration in parallel on the CPU and times
//     each compiled one as soon as it is ready, on every GPU given (one
//     worker per device; configurations are spread over them). A
//     configuration that fails to compile or to run (too much shared
//     memory, a launch error) is skipped with a one-line reason.
//   - Bench times a run as triton.testing.do_bench does: one run, an
//     estimate over five runs each after an L2 flush, then warm-up runs
//     for Warmup (25 ms) and Rep (100 ms) worth of timed runs, each after
//     an L2 flush and the caller's reset of in-place outputs (untimed);
//     the result is the median with the 20th and 80th percentiles, which
//     the autotuner compares (Triton's quantiles=(0.5, 0.2, 0.8)).
//   - Report.Table prints every configuration's times and the winner;
//     Store and Lookup keep the winner per tuning key in a
//     compilecache.Cache, so a later run (or process) reuses it.
//
// Devices are reached through the Device interface (events, an L2 flush,
// synchronization): runtime/cuda implements it for NVIDIA GPUs; tests use
// a virtual clock.
package autotune
