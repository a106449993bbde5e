package approval

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/clauz3/clauz3/check"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/prover"
)

// provedPlan is a plan the real re-proof proves against the corpus's
// email layer: one call, one precondition, one guarantee.
const provedPlan = `import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "hi")
`

// realReprove compiles and proves a submission with the corpus as its
// import root, proofs bounded and supplied by pool as in the service
// (approval/serve): the re-proof's whole cost, not its card.
func realReprove(pool *prover.Contexts) Reprove {
	root := filepath.Join("..", "corpus")
	return func(ctx context.Context, name string, src []byte, target string) (Proof, error) {
		prog, err := check.Compile(check.Plan{File: name, Source: src, Config: compiler.Config{ImportRoots: []string{root}, Target: target}})
		if err != nil {
			return Proof{}, err
		}
		res, err := check.Prove(ctx, prog, check.Options{Contexts: pool})
		if err != nil {
			return Proof{}, err
		}
		if !res.Proved() {
			return Proof{}, fmt.Errorf("%s: not proved", name)
		}
		p := Proof{PlanHash: planHash(string(src)), BuildIdentity: testBuildID, Target: target, ProofSummary: ProofSummary{Proved: len(res.Obligations)}}
		for _, o := range res.Obligations {
			p.ProofSummary.Obligations = append(p.ProofSummary.Obligations, o.Title())
		}
		p.Coverage = []Coverage{{Domain: "email", Status: "covered", Missing: []string{}}}
		p.CoverageChecked = true
		return p, nil
	}
}

// BenchmarkSubmissions has 200 clients submit plans to a real service on
// loopback (on-disk SQLite, fsync on every commit) as fast as it answers:
// each submission a distinct plan source, so nothing is proved twice. It
// runs twice in turn: with the service's real re-proof (compile and prove
// through a pool of one Z3 context per core, "reprove") and with the
// stub of the other service tests ("stub", the service alone), and
// reports for each the submissions per second and the p50 and p99 of a
// submission's answer time, and the process's CPU per submission (the
// service's and the clients' together): on a shared machine the wall
// clock mostly measures the other tenants, and the CPU per submission
// bounds what the machine's cores can serve. Run with -benchtime=Nx for
// N submissions per variant.
//
// Measured with -benchtime=1000x on the shared 2-core machine at load
// 14-15 (other tenants used most of both cores): reprove 143
// submissions/s, p50 1.35 s, p99 2.5 s, 4.95 ms of CPU per submission;
// stub 527/s, p99 0.57 s, 0.72 ms. So the re-proof is CPU-bound, not
// serialised: 143/s used 0.7 of a core. With -blockprofile the waits
// are the proof slots of the context pool (one per core, by design:
// 943 s of the 1,090 s that submissions spent blocked) and the store's
// group commit (147 s, one transaction and one fsync per group of
// writes); -mutexprofile shows under 1 s of contention in all. Of the
// submission handler's CPU (the profile's): compiling 58 % (parsing the imported trusted
// layer again for every submission 37 %, finding the import roots' tools
// folders 14 %), proving 40 %. Two idle cores at 4.95 ms a submission
// would serve about 400/s; caching the loaded layers across submissions
// is the next step toward the 200/s with p99 under 1 s. After
// the per-check wall-clock limit became a Go timer (prover/z3), at load
// 9: 185 submissions/s, p50 1.04 s, p99 2.0 s, 4.35 ms of CPU each. With
// 200 clients each waiting for its answer, a p99 under 1 s needs well
// over 200/s: at 200/s the mean wait alone is 1 s.
//
// On the idle machine (load average 0.8-1.2), 2026-12-02, three runs of
// -benchtime=5000x: reprove 729, 856 and 761 submissions/s, p50 266, 228
// and 253 ms, p99 554, 438 and 493 ms, 2.2-2.5 ms of CPU per submission
// (stub, once at 2000x: 2,910/s, p99 95 ms). So the service meets 200/s
// with p99 under 1 s when it has the machine's two cores; the loaded
// figures above are what it does with a fraction of them.
func BenchmarkSubmissions(b *testing.B) {
	const clients = 200
	pool := prover.NewContexts(runtime.NumCPU())
	defer pool.Close()
	for _, v := range []struct {
		name    string
		reprove Reprove
	}{{"reprove", realReprove(pool)}, {"stub", fakeReprove}} {
		b.Run(v.name, func(b *testing.B) { benchSubmissions(b, clients, v.reprove) })
	}
}

func benchSubmissions(b *testing.B, clients int, reprove Reprove) {
	st, err := OpenStore(context.Background(), filepath.Join(b.TempDir(), "approval.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv := httptest.NewUnstartedServer(nil)
	svc, err := New(Config{Addr: srv.Listener.Addr().String(), Store: st, Key: testKey("bench"), SessionSecret: bytes.Repeat([]byte{1}, 32), Reprove: reprove, PasswordHash: testPasswordHash()})
	if err != nil {
		b.Fatal(err)
	}
	srv.Config.Handler = svc.Handler()
	srv.Start()
	defer srv.Close()
	tr := &http.Transport{MaxIdleConns: 2 * clients, MaxIdleConnsPerHost: 2 * clients}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 60 * time.Second}
	submit := func(src string) (time.Duration, error) {
		data, err := json.Marshal(submission(src))
		if err != nil {
			return 0, err
		}
		t0 := time.Now()
		resp, err := hc.Post(srv.URL+"/api/requests", "application/json", bytes.NewReader(data))
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		d := time.Since(t0)
		if err == nil && resp.StatusCode != 201 {
			err = fmt.Errorf("submission answered %d: %s", resp.StatusCode, body)
		}
		return d, err
	}
	// One submission first, outside the measure: the first proof of a
	// process pays for loading Z3.
	if _, err := submit(provedPlan + "# warm-up\n"); err != nil {
		b.Fatal(err)
	}
	lat := make([]time.Duration, b.N)
	var next atomic.Int64
	var failed atomic.Value
	var wg sync.WaitGroup
	b.ResetTimer()
	cpu0 := processCPU(b)
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N || failed.Load() != nil {
					return
				}
				d, err := submit(fmt.Sprintf("%s# client %d submission %d\n", provedPlan, c, i))
				if err != nil {
					failed.CompareAndSwap(nil, err.Error())
					return
				}
				lat[i] = d
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := processCPU(b) - cpu0
	b.StopTimer()
	if msg := failed.Load(); msg != nil {
		b.Fatal(msg)
	}
	slices.Sort(lat)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "submissions/s")
	b.ReportMetric(ms(cpu)/float64(b.N), "cpu-ms/submission")
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[min(len(lat)-1, len(lat)*99/100)]), "p99-ms")
	b.ReportMetric(0, "ns/op")
	b.Logf("%d submissions from %d clients in %v; load %s", b.N, clients, elapsed, loadAverage())
}

// loadAverage is the first fields of /proc/loadavg, or why they are
// missing.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return strings.TrimSpace(string(data))
}
