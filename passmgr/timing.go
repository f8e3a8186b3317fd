package passmgr

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// Timer collects the wall time of every pass of a pipeline, as a tree
// following the pipeline's nesting (mlir-opt's --mlir-timing).
type Timer struct {
	root  timerNode
	extra []*timerNode // tool-level phases such as "Parser" and "Output"
	// verifier is the time spent verifying the IR after passes (and the
	// parsed input, AddVerification). MLIR counts it in each pass's time;
	// a line of its own shows what checking the IR costs.
	verifier timerNode
}

type timerNode struct {
	mu       sync.Mutex
	name     string
	key      any
	total    time.Duration
	children []*timerNode
}

func (n *timerNode) child(name string, key any) *timerNode {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, c := range n.children {
		if c.key == key {
			return c
		}
	}
	c := &timerNode{name: name, key: key}
	n.children = append(n.children, c)
	return c
}

func (n *timerNode) add(d time.Duration) {
	n.mu.Lock()
	n.total += d
	n.mu.Unlock()
}

// AddPhase records a named tool phase (parsing, printing) in the report.
func (t *Timer) AddPhase(name string, d time.Duration) {
	t.extra = append(t.extra, &timerNode{name: name, total: d})
}

// AddVerification records time spent verifying IR outside a pass
// manager's run (the parsed input).
func (t *Timer) AddVerification(d time.Duration) { t.verifier.add(d) }

// Report writes MLIR's execution time report.
func (t *Timer) Report(w io.Writer) {
	var total time.Duration
	for _, c := range t.root.children {
		total += c.total
	}
	for _, e := range t.extra {
		total += e.total
	}
	total += t.verifier.total
	sec := func(d time.Duration) float64 { return d.Seconds() }
	pct := func(d time.Duration) float64 {
		if total == 0 {
			return 0
		}
		return 100 * float64(d) / float64(total)
	}
	fmt.Fprintln(w, "===-------------------------------------------------------------------------===")
	fmt.Fprintln(w, "                         ... Execution time report ...")
	fmt.Fprintln(w, "===-------------------------------------------------------------------------===")
	fmt.Fprintf(w, "  Total Execution Time: %.4f seconds\n\n", sec(total))
	fmt.Fprintln(w, "  ----Wall Time----  ----Name----")
	line := func(indent int, name string, d time.Duration) {
		fmt.Fprintf(w, "  %8.4f (%5.1f%%)  %*s%s\n", sec(d), pct(d), indent, "", name)
	}
	for _, e := range t.extra {
		if e.name == "Parser" {
			line(0, e.name, e.total)
		}
	}
	var walk func(n *timerNode, indent int)
	walk = func(n *timerNode, indent int) {
		for _, c := range n.children {
			line(indent, c.name, c.total)
			walk(c, indent+2)
		}
	}
	walk(&t.root, 0)
	if t.verifier.total > 0 {
		line(0, "Verifier", t.verifier.total)
	}
	for _, e := range t.extra {
		if e.name != "Parser" {
			line(0, e.name, e.total)
		}
	}
	line(0, "Total", total)
}
