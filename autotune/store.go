package autotune

import (
	"encoding/json"

	"github.com/ttcompiler/tt/compilecache"
)

// The winner per tuning key, kept in the compile cache: a later tuning of
// the same kernel source, configurations, tuning key and GPU reuses the
// report instead of timing again (Triton's cache_results).

// CacheKey addresses a tuning result: the kernel (its name and source),
// the configurations tried, the tuning key (the key arguments' values and
// the buffers' dtypes) and the GPU (its name and architecture).
func CacheKey(kernel string, source []byte, configs []string, tuningKey, gpu string) compilecache.Key {
	return compilecache.NewKey("autotune").String("kernel", kernel).Bytes("source", source).
		Strings("configs", configs).String("tuning-key", tuningKey).String("gpu", gpu).Sum()
}

// Store keeps a report (with its winner) under key.
func Store(c *compilecache.Cache, key compilecache.Key, r *Report) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return c.Put(key, &compilecache.Entry{Parts: map[string][]byte{"report.json": b}})
}

// Lookup returns the report kept under key, marked Cached.
func Lookup(c *compilecache.Cache, key compilecache.Key) (*Report, bool) {
	e, ok := c.Get(key)
	if !ok {
		return nil, false
	}
	var r Report
	if err := json.Unmarshal(e.Parts["report.json"], &r); err != nil || r.Best < 0 || r.Best >= len(r.Results) {
		return nil, false
	}
	r.Cached = true
	return &r, true
}
