package ttng_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestCachePolicy: `#ttng.cache_policy<cache_modifier = M>` on tt.load and
// tt.store (later Tritons) becomes Triton 3.6's cache property.
func TestCachePolicy(t *testing.T) {
	run := func(body string) (string, error) {
		ctx := ir.NewContext()
		builtin.Load(ctx)
		tt.Load(ctx)
		ttg.Load(ctx)
		ttng.Load(ctx)
		m, err := asm.Parse(ctx, "tt.func @f(%p: !tt.ptr<f32>, %v: f32) {\n"+body+"\n  tt.return\n}\n", asm.ParseConfig{Filename: "cp"})
		if err != nil {
			return "", err
		}
		if err := ir.Verify(m); err != nil {
			return "", err
		}
		return asm.Sprint(m, asm.PrintConfig{}), nil
	}
	got, err := run(`  %0 = tt.load %p {cachePolicy = #ttng.cache_policy<cache_modifier = cv>} : !tt.ptr<f32>
  tt.store %p, %0 {cachePolicy = #ttng.cache_policy<cache_modifier = wt>} : !tt.ptr<f32>`)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"tt.load %arg0 cacheModifier = cv : !tt.ptr<f32>", "tt.store %arg0, %0 cacheModifier = wt : !tt.ptr<f32>"} {
		if !strings.Contains(got, w) {
			t.Errorf("print lacks %q:\n%s", w, got)
		}
	}
	for _, c := range []struct{ body, msg string }{
		{"  %0 = tt.load %p {cachePolicy = #ttng.cache_policy<cache_modifier = wt>} : !tt.ptr<f32>", "'tt.load' op invalid cache policy: cache modifier 'wt' is not supported for loads"},
		{"  tt.store %p, %v {cachePolicy = #ttng.cache_policy<cache_modifier = cv>} : !tt.ptr<f32>", "'tt.store' op invalid cache policy: cache modifier 'cv' is not supported for stores"},
		{"  %0 = tt.load %p {cachePolicy = #ttng.cache_policy<eviction_policy = evict_last>} : !tt.ptr<f32>", "unexpected key 'eviction_policy' in cache policy"},
	} {
		if _, err := run(c.body); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("want %q, got %v", c.msg, err)
		}
	}
	if s := asm.AttrString(ttng.CachePolicy(ir.NewContext(), memory.CacheCG)); s != "#ttng.cache_policy<cache_modifier = cg>" {
		t.Errorf("print: %s", s)
	}
}
