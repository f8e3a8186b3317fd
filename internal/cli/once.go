package cli

import (
	"flag"
	"fmt"
)

// Once refuses a flag that takes one value given twice with different
// values (`--num-warps=4 ... --num-warps=8`): Go's flag package and the
// tools' own parsers kept the last, silently dropping the other, where
// LLVM's tools refuse the second. The same value again changes nothing
// and is accepted (a script that appends its defaults to a user's flags).
type Once struct {
	seen map[string]string
	err  error
}

// NewOnce returns an empty record of the flags given.
func NewOnce() *Once { return &Once{seen: map[string]string{}} }

// Set records that flag name was given value; it fails on a second,
// different value.
func (o *Once) Set(name, value string) error {
	if prev, ok := o.seen[name]; ok && prev != value {
		dash := "--"
		if len(name) == 1 {
			dash = "-" // -o
		}
		err := fmt.Errorf("%s%s is given twice (%s, then %s); it takes one value", dash, name, prev, value)
		if o.err == nil {
			o.err = err
		}
		return err
	}
	o.seen[name] = value
	return nil
}

// Err is the first conflict recorded, else err: a flag.FlagSet's Parse
// reports a conflict wrapped in its own words ("invalid value ..."), and
// this unwraps it.
func (o *Once) Err(err error) error {
	if o.err != nil {
		return o.err
	}
	return err
}

// Guard makes every flag of fs defined so far, except those named in
// repeatable, go through o.Set.
func (o *Once) Guard(fs *flag.FlagSet, repeatable ...string) {
	skip := map[string]bool{}
	for _, r := range repeatable {
		skip[r] = true
	}
	fs.VisitAll(func(f *flag.Flag) {
		if skip[f.Name] {
			return
		}
		v := onceValue{Value: f.Value, name: f.Name, once: o}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			f.Value = onceBool{v}
		} else {
			f.Value = v
		}
	})
}

type onceValue struct {
	flag.Value
	name string
	once *Once
}

func (v onceValue) Set(s string) error {
	if err := v.Value.Set(s); err != nil {
		return err
	}
	// The value as the flag reads it (--remarks and --remarks=true
	// agree), or as given where the flag does not say (flag.Func).
	val := v.Value.String()
	if val == "" {
		val = s
	}
	return v.once.Set(v.name, val)
}

// onceBool keeps a boolean flag boolean (-flag without a value).
type onceBool struct{ onceValue }

func (onceBool) IsBoolFlag() bool { return true }
