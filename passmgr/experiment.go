package passmgr

import "os"

// Experiment returns the value of tt's experimental setting env (a TT_X_*
// environment variable, docs/perf-notes.md lists them) where it is set,
// else value, the pass option it overrides. A pass reads it when it runs,
// so that timing variants of one binary can differ in their environment
// alone (the compile cache keys every TT_X_* variable).
func Experiment(env, value string) string {
	if v := os.Getenv(env); v != "" {
		return v
	}
	return value
}
