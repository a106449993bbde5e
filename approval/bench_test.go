package approval

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval/clientkey"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// BenchmarkRunners simulates many concurrent runners on loopback against
// a real service over a real on-disk SQLite database (WAL, fsync on every
// commit). Each cycle is one runner's whole approval loop: submit, a
// long-poll wait that a browser session's decision wakes, and a
// redemption. Re-proof is a stub here (fakeReprove): the benchmark
// measures the service, not the prover.
//
// Two load shapes. think=0 is a closed loop with no think time: every
// runner starts its next cycle at once, so it measures saturation
// throughput and its latencies are queueing (runners / throughput). With
// think>0 the browser decides that long after the submission, as a human
// would, so 200 runners hold 200 long-polls open while decisions arrive
// at runners/think per second; that is the latency a runner sees.
//
// It reports cycles/s and p50/p99 latency of each request (submit,
// decide, redeem), of the wake-up ("wake": from the decision's answer to
// the long-poll's answer) and of the whole cycle. Run with -benchtime=Nx
// for N cycles.
func BenchmarkRunners(b *testing.B) {
	for _, c := range []struct {
		runners int
		think   time.Duration
	}{{1, 0}, {200, 0}, {200, 2 * time.Second}, {200, 4 * time.Second}} {
		b.Run(fmt.Sprintf("runners=%d/think=%s", c.runners, c.think), func(b *testing.B) { benchRunners(b, c.runners, c.think) })
	}
}

func benchRunners(b *testing.B, runners int, think time.Duration) {
	st, err := OpenStore(context.Background(), filepath.Join(b.TempDir(), "approval.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv := httptest.NewUnstartedServer(nil)
	svc, err := New(Config{Addr: srv.Listener.Addr().String(), Store: st, Key: testKey("bench"), SessionSecret: bytes.Repeat([]byte{1}, 32), Reprove: fakeReprove, PasswordHash: testPasswordHash()})
	if err != nil {
		b.Fatal(err)
	}
	srv.Config.Handler = svc.Handler()
	srv.Start()
	defer srv.Close()
	tr := &http.Transport{MaxIdleConns: 4 * runners, MaxIdleConnsPerHost: 4 * runners}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 60 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	resp, err := hc.PostForm(svc.LoginURL(), url.Values{"password": {testPassword}})
	if err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
	var cookie string
	for _, c := range resp.Cookies() {
		cookie = c.Name + "=" + c.Value
	}
	sess, ok := svc.sessions.fromRequest(&http.Request{Header: http.Header{"Cookie": {cookie}}}, time.Now())
	if !ok {
		b.Fatal("no session after login")
	}

	// post and get send proof, when not empty, as the submitting client's
	// proof of possession (approval/clientkey).
	post := func(path string, body any, withCookie bool, proof ...string) (int, []byte, error) {
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		req, err := http.NewRequest("POST", srv.URL+path, bytes.NewReader(data))
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		if withCookie {
			req.Header.Set("Cookie", cookie)
		}
		for _, p := range proof {
			req.Header.Set(clientkey.Header, p)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		out, err := io.ReadAll(resp.Body)
		return resp.StatusCode, out, err
	}
	get := func(path, proof string) (int, []byte, error) {
		req, err := http.NewRequest("GET", srv.URL+path, nil)
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set(clientkey.Header, proof)
		resp, err := hc.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		out, err := io.ReadAll(resp.Body)
		return resp.StatusCode, out, err
	}

	type sample struct{ submit, wake, decide, redeem, cycle time.Duration }
	samples := make([]sample, b.N)
	var next atomic.Int64
	var failed atomic.Value
	fail := func(format string, args ...any) { failed.CompareAndSwap(nil, fmt.Sprintf(format, args...)) }
	var wg sync.WaitGroup
	b.ResetTimer()
	cpu0 := processCPU(b)
	start := time.Now()
	for r := range runners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Spread the runners over one think time, so that they do
			// not march in lockstep (200 submissions, then 200
			// decisions at the same instant).
			time.Sleep(think * time.Duration(r) / time.Duration(runners))
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N || failed.Load() != nil {
					return
				}
				var s sample
				t0 := time.Now()
				code, body, err := post("/api/requests", submission(fmt.Sprintf("%s# runner %d cycle %d\n", planSrc, r, i)), false)
				var sub Submitted
				if err != nil || code != 201 || json.Unmarshal(body, &sub) != nil {
					fail("submit: %d %s %v", code, body, err)
					return
				}
				s.submit = time.Since(t0)
				// The browser decides while the runner long-polls.
				decided := make(chan error, 1)
				var answered time.Time
				go func() {
					time.Sleep(think)
					t := time.Now()
					code, body, err := post("/api/requests/"+sub.ID+"/decision", map[string]string{"decision": "approved_once", "csrf": sess.csrf, "password": testPassword}, true)
					answered = time.Now()
					s.decide = answered.Sub(t)
					if err == nil && code != 200 {
						err = fmt.Errorf("decision: %d %s", code, body)
					}
					decided <- err
				}()
				var st Status
				for st.Status == "" || st.Status == StatusPending {
					code, body, err = get("/api/requests/"+sub.ID+"/wait?timeout=30s", testClient.Proof(clientkey.Wait, sub.ID, "", time.Now()))
					if err != nil || code != 200 || json.Unmarshal(body, &st) != nil {
						fail("wait: %d %s %v", code, body, err)
						return
					}
				}
				woke := time.Now()
				if err := <-decided; err != nil {
					fail("%v", err)
					return
				}
				// The long-poll can answer a moment before the decider
				// has read its own answer; that counts as no delay.
				s.wake = max(0, woke.Sub(answered))
				if st.Receipt == nil {
					fail("no receipt: %+v", st)
					return
				}
				ch, err := receipt.NewChallenge()
				if err != nil {
					fail("%v", err)
					return
				}
				t2 := time.Now()
				code, body, err = post("/api/receipts/redeem", RedeemBody{Receipt: *st.Receipt, Challenge: ch}, false, testClient.Proof(clientkey.Redeem, sub.ID, ch, time.Now()))
				if err != nil || code != 200 {
					fail("redeem: %d %s %v", code, body, err)
					return
				}
				s.redeem = time.Since(t2)
				s.cycle = time.Since(t0)
				samples[i] = s
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
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "cycles/s")
	// CPU per cycle (service and simulated clients together) is the
	// number to compare across runs on a shared machine, where wall-clock
	// latency mostly measures the other tenants.
	b.ReportMetric(ms(cpu)/float64(b.N), "cpu-ms/cycle")
	for _, m := range []struct {
		name string
		get  func(sample) time.Duration
	}{
		{"submit", func(s sample) time.Duration { return s.submit }},
		{"decide", func(s sample) time.Duration { return s.decide }},
		{"wake", func(s sample) time.Duration { return s.wake }},
		{"redeem", func(s sample) time.Duration { return s.redeem }},
		{"cycle", func(s sample) time.Duration { return s.cycle }},
	} {
		ds := make([]time.Duration, len(samples))
		for i, s := range samples {
			ds[i] = m.get(s)
		}
		slices.Sort(ds)
		b.ReportMetric(ms(ds[len(ds)/2]), m.name+"-p50-ms")
		b.ReportMetric(ms(ds[min(len(ds)-1, len(ds)*99/100)]), m.name+"-p99-ms")
	}
	b.ReportMetric(0, "ns/op") // per-cycle wall time is meaningless with concurrency; see cycles/s
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// processCPU is this process's user+system CPU time so far.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
