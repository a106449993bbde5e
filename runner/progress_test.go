package runner

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// syncBuffer is a transcript written from the progress ticker and the run.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestProgress: the transcript says what the run waits for and where (the
// approval page's URL), prints a line while the service builds and runs
// the plan (a cold sealed build takes about 20 s), and afterwards sums up
// what happened: the effects done and the one that failed.
func TestProgress(t *testing.T) {
	plan := corpusPlan(t, "email_only_bob_pass")
	for _, c := range []struct {
		name string
		res  approvaltest.RunResult
		code int
		want []string
	}{
		{"finished", approvaltest.RunResult{Exit: 0, Trace: `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"Report is ready"}}` + "\n"}, ExitRan,
			[]string{"  result       1 effect done: the plan ran to its end\n  done.\n"}},
		{"an effect failed", approvaltest.RunResult{Exit: 5, Stderr: "EffectError: the mail server refused the message",
			Trace: `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"one"}}` + "\n" + `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"two"}}` + "\n" +
				`{"failed":"send_email","error":"EffectError"}` + "\n"}, ExitFailed,
			[]string{`  execute      ✗ send_email("bob@example.com", "two")`, `  result       1 effect done, then send_email("bob@example.com", "two") failed: EffectError: the mail server refused the message`}},
		// The transcript says what the run could touch (the kernel
		// sandbox the service ran it in), and says so loudly when the
		// service ran it unconfined (issue 15).
		{"sandboxed", approvaltest.RunResult{Exit: 0, Sandbox: []string{"read-only: /etc/ssl/certs", "network: TCP connect to ports 587"}}, ExitRan,
			[]string{"  sandbox      read-only: /etc/ssl/certs\n               network: TCP connect to ports 587\n"}},
		{"unconfined", approvaltest.RunResult{Exit: 0, Unconfined: "this machine lacks Landlock; the run is not confined by the kernel"}, ExitRan,
			[]string{"  sandbox      UNCONFINED: this machine lacks Landlock; the run is not confined by the kernel\n"}},
		// A run the kernel sandbox stopped says so from the runtime's typed
		// records (the trace's SandboxError, exit status 4), not from
		// stderr's text (issue 15).
		{"an effect refused by the sandbox", approvaltest.RunResult{Exit: 4, Stderr: "clauz3: sandbox: denied: send_email: operation not permitted: dial tcp 10.0.0.1:25: connect: permission denied",
			Trace: `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"Report is ready"}}` + "\n" + `{"failed":"send_email","error":"SandboxError"}` + "\n"}, ExitFailed,
			[]string{`  execute      ✗ send_email("bob@example.com", "Report is ready")`,
				`  result       no effect done, then the kernel sandbox refused send_email("bob@example.com", "Report is ready"): clauz3: sandbox: denied: send_email: operation not permitted`,
				"  execute      ✗ the kernel sandbox stopped the plan (exit 4): clauz3: sandbox: denied"}},
		{"a sandbox limit", approvaltest.RunResult{Exit: 4, Stderr: "clauz3: sandbox: denied: CPU time limit of 60 s exceeded"}, ExitFailed,
			[]string{"  result       no effect done, then the kernel sandbox stopped the run: clauz3: sandbox: denied: CPU time limit of 60 s exceeded",
				"  execute      ✗ the kernel sandbox stopped the plan (exit 4): clauz3: sandbox: denied: CPU time limit"}},
		// A message that only reads like the sandbox's, from a plan that
		// raised, is the plan's failure.
		{"a plan's message that reads like the sandbox's", approvaltest.RunResult{Exit: 1, Stderr: "ValueError: clauz3: sandbox: denied: nothing"}, ExitFailed,
			[]string{"  result       no effect done, then the plan failed: ValueError: clauz3: sandbox: denied: nothing"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			svc := approvaltest.New(t)
			svc.Run = func(ctx context.Context, _ approvaltest.Submission, _ receipt.Receipt) (approvaltest.RunResult, error) {
				time.Sleep(1500 * time.Millisecond) // a build
				r := c.res
				r.BuildIdentity = approvaltest.FakeBuildID
				return r, nil
			}
			var out syncBuffer
			code := Run(context.Background(), plan, Options{
				Service: Service{URL: svc.URL(), PublicKey: svc.PublicKey(), KeyFrom: "test"},
				Out:     &out, ApprovalTimeout: 30 * time.Second, ProgressEvery: 400 * time.Millisecond,
			})
			got := out.String()
			if code != c.code {
				t.Fatalf("exit %d, want %d:\n%s", code, c.code, got)
			}
			for _, want := range append([]string{
				"  wait         (pending user decision...)\n               waiting for the human to approve or deny at " + svc.URL() + "/ui/requests/req_",
				"  build        the service builds and runs the approved plan (a cold sealed build takes about 20 s)\n",
				"  build        still building and running (",
			}, c.want...) {
				if !strings.Contains(got, want) {
					t.Errorf("transcript lacks %q:\n%s", want, got)
				}
			}
			// The progress lines stop when the answer comes.
			if i, j := strings.LastIndex(got, "still building"), strings.Index(got, "  execute"); i > j {
				t.Errorf("a progress line after the run's answer:\n%s", got)
			}
		})
	}
}
