package gen

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/clauz3/clauz3/ir"
)

// benchProgram is a small plan that emails bob and prints n, so each n
// gives a different main package.
func benchProgram(b *testing.B, n int64) *ir.Program {
	abs, err := filepath.Abs(filepath.Join("..", "corpus", "tools", "email", "trusted", "effects.py"))
	if err != nil {
		b.Fatal(err)
	}
	send := emailEffect(abs)
	mb := newFn("bench.py", "main", 1, ir.None)
	main := mb.body(
		exprStmt(&ir.EffectCall{Effect: send, Args: []ir.Expr{cs("bob@example.com"), cs("Report is ready")}}),
		printCall(ci(n)),
	)
	return program("bench.py", main, []*ir.Func{main}, send)
}

// BenchmarkBuild measures `clauz3 build` in simulate mode: cold (a fresh
// GOCACHE: the standard library and the runtime are compiled), warm (the
// plan's main changed, everything else in GOCACHE) and cached (same plan
// hash: no go command at all). Run with -benchtime=3x or so; cold costs
// 10-40 s of CPU per build.
func BenchmarkBuild(b *testing.B) {
	ctx := context.Background()
	report := func(b *testing.B, total time.Duration) {
		b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/build")
	}
	b.Run("cold", func(b *testing.B) {
		var total time.Duration
		for i := 0; i < b.N; i++ {
			opts := BuildOptions{Mode: Simulate, CacheDir: b.TempDir(), GoCache: b.TempDir()}
			start := time.Now()
			if _, err := Build(ctx, benchProgram(b, int64(i)), []byte("cold"), opts); err != nil {
				b.Fatal(err)
			}
			total += time.Since(start)
		}
		report(b, total)
	})
	b.Run("warm", func(b *testing.B) {
		cache := b.TempDir()
		if _, err := Build(ctx, benchProgram(b, -1), []byte("warm"), BuildOptions{Mode: Simulate, CacheDir: cache}); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		var total time.Duration
		for i := 0; i < b.N; i++ {
			start := time.Now()
			res, err := Build(ctx, benchProgram(b, time.Now().UnixNano()), []byte("warm"), BuildOptions{Mode: Simulate, CacheDir: cache})
			if err != nil {
				b.Fatal(err)
			}
			if res.Cached {
				b.Fatal("a changed plan was served from the cache")
			}
			total += time.Since(start)
		}
		report(b, total)
	})
	b.Run("cached", func(b *testing.B) {
		cache := b.TempDir()
		prog := benchProgram(b, 7)
		if _, err := Build(ctx, prog, []byte("cached"), BuildOptions{Mode: Simulate, CacheDir: cache}); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		var total time.Duration
		for i := 0; i < b.N; i++ {
			start := time.Now()
			res, err := Build(ctx, prog, []byte("cached"), BuildOptions{Mode: Simulate, CacheDir: cache})
			if err != nil {
				b.Fatal(err)
			}
			if !res.Cached {
				b.Fatal("not cached")
			}
			total += time.Since(start)
		}
		report(b, total)
	})
}
