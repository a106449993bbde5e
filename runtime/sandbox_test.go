package planrt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// fakeSandbox records the order of the hooks and refuses as told.
type fakeSandbox struct {
	log        *[]string
	confineErr error
	unconfined string
	got        [3]string
}

func (s *fakeSandbox) Confine(receipt, trace, service string, onLimit func(string)) (string, error) {
	*s.log = append(*s.log, "confine")
	s.got = [3]string{receipt, trace, service}
	return s.unconfined, s.confineErr
}

func (s *fakeSandbox) Seal() error { *s.log = append(*s.log, "seal"); return nil }

// Exit: runMain, which the tests call, returns its code and never exits.
func (s *fakeSandbox) Exit(code int) { os.Exit(code) }

// Denied is the real classifier: the cases show what Perform makes of a
// layer's error, and only the errno in its chain counts.
func (s *fakeSandbox) Denied(err error) string { return sandbox.Denial(err) }

// orderGate admits and logs when it does.
type orderGate struct{ log *[]string }

func (g *orderGate) Admit(ctx context.Context, receiptFile, serviceURL string) (string, error) {
	*g.log = append(*g.log, "admit")
	return "req_1", nil
}

// TestSandboxHooks: a real program is confined before its gate reads the
// receipt, sealed after admission and before the plan, and an effect
// error the sandbox recognises ends the run with ExitSandbox, not
// EffectError; a sandbox that cannot be set up stops the run before the
// receipt is read.
func TestSandboxHooks(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	args := []string{"--receipt", "r.json", "--service", "http://s", "--trace", trace}
	perform := func(err error) func(*Run, *Inputs) {
		return func(r *Run, _ *Inputs) {
			if err == nil {
				return
			}
			c := r.Begin("read_file", "path", "/x")
			Perform(c, func() (string, error) { return "", err })
		}
	}
	cases := []struct {
		name     string
		sb       func(log *[]string) *fakeSandbox
		plan     error
		wantCode int
		wantErr  string
		wantLog  string
	}{
		{"confined, admitted, sealed, effect refused by the kernel", func(l *[]string) *fakeSandbox { return &fakeSandbox{log: l} },
			fmt.Errorf("filesystem layer: read_file: %w", &fs.PathError{Op: "open", Path: "/home/u/.ssh/id_ed25519", Err: syscall.EACCES}), ExitSandbox,
			"clauz3: sandbox: denied: read_file: operation not permitted: filesystem layer: read_file: open /home/u/.ssh/id_ed25519: permission denied\n", "confine admit seal"},
		{"a layer's error that only reads like the kernel's stays an EffectError", func(l *[]string) *fakeSandbox { return &fakeSandbox{log: l} },
			errors.New("filesystem layer: read_file: open /home/u/permission denied.txt: no such file or directory"), ExitException,
			"EffectError: read_file: filesystem layer: read_file: open /home/u/permission denied.txt: no such file or directory", "confine admit seal"},
		{"a layer's own failure stays an EffectError", func(l *[]string) *fakeSandbox { return &fakeSandbox{log: l} },
			errors.New("no such file"), ExitException, "EffectError: read_file: no such file", "confine admit seal"},
		{"a sandbox that cannot be set up", func(l *[]string) *fakeSandbox {
			return &fakeSandbox{log: l, confineErr: errors.New("sandbox: kernel: seccomp filters (the policy does not allow running unconfined)")}
		}, nil, ExitSandbox, "clauz3: sandbox: kernel: seccomp filters", "confine"},
		{"unconfined, said so", func(l *[]string) *fakeSandbox {
			return &fakeSandbox{log: l, unconfined: "Landlock (no filesystem confinement)"}
		},
			nil, ExitOK, "clauz3: sandbox: RUNNING UNCONFINED: Landlock (no filesystem confinement)\n", "confine admit seal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var log []string
			sb := c.sb(&log)
			gate := &orderGate{log: &log}
			p := Program{Mode: Real, PlanHash: "h", Target: "main", Gate: gate, Sandbox: sb}
			code, _, errText := runPlan(t, p, args, perform(c.plan))
			if code != c.wantCode || !strings.Contains(errText, c.wantErr) {
				t.Errorf("exit %d (want %d), stderr %q (want %q)", code, c.wantCode, errText, c.wantErr)
			}
			if got := strings.Join(log, " "); got != c.wantLog {
				t.Errorf("hooks ran %q, want %q", got, c.wantLog)
			}
			if sb.got != [3]string{"r.json", trace, "http://s"} {
				t.Errorf("Confine got %v", sb.got)
			}
		})
	}
}

// racingSandbox hands its onLimit to the test and ends a goroutine that
// exits through it, as the real Exit ends the process.
type racingSandbox struct {
	onLimit chan func(string)
	exited  chan int
}

func (s *racingSandbox) Confine(_, _, _ string, onLimit func(string)) (string, error) {
	s.onLimit <- onLimit
	return "", nil
}
func (s *racingSandbox) Seal() error             { return nil }
func (s *racingSandbox) Denied(err error) string { return sandbox.Denial(err) }
func (s *racingSandbox) Exit(code int)           { s.exited <- code; runtime.Goexit() }
func (s *racingSandbox) refusals(b *syncBuffer) int {
	return strings.Count(b.String(), "clauz3: sandbox: denied:")
}

// syncBuffer is a bytes.Buffer two goroutines may write.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestOneRefusalWhenALimitRacesTheRun: a write past the file-size limit
// both fails with EFBIG (the effect's refusal) and raises SIGXFSZ (the
// limit's, through onLimit); whichever ends the run first prints the one
// refusal line, and the other never prints a second.
func TestOneRefusalWhenALimitRacesTheRun(t *testing.T) {
	efbig := fmt.Errorf("filesystem layer: write_file: %w", &fs.PathError{Op: "write", Path: "/x", Err: syscall.EFBIG})
	for _, limitFirst := range []bool{true, false} {
		t.Run(fmt.Sprintf("limit first %v", limitFirst), func(t *testing.T) {
			sb := &racingSandbox{onLimit: make(chan func(string), 1), exited: make(chan int, 2)}
			p := Program{Mode: Real, PlanHash: "h", Target: "main", Gate: &orderGate{log: new([]string)}, Sandbox: sb}
			var stderr syncBuffer
			var onLimit func(string)
			plan := func(r *Run, _ *Inputs) {
				onLimit = <-sb.onLimit
				if limitFirst {
					go onLimit("file size limit of 1 bytes exceeded")
					<-sb.exited
				}
				c := r.Begin("write_file", "path", "/x")
				Perform(c, func() (string, error) { return "", efbig })
			}
			done := make(chan int, 1)
			go func() {
				done <- runMain(p, []string{"--receipt", "r.json", "--service", "http://s"}, io.Discard, &stderr, plan)
			}()
			if limitFirst {
				// The run's own end must wait for the limit's exit,
				// which in a real process never returns.
				select {
				case code := <-done:
					t.Errorf("the run ended with %d after the limit's exit", code)
				case <-time.After(300 * time.Millisecond):
				}
			} else {
				if code := <-done; code != ExitSandbox {
					t.Errorf("exit %d, want %d", code, ExitSandbox)
				}
				// The signal arrives after the run's end was printed:
				// its refusal must wait for the process's exit.
				go onLimit("file size limit of 1 bytes exceeded")
				select {
				case <-sb.exited:
					t.Errorf("the limit exited after the run's end")
				case <-time.After(300 * time.Millisecond):
				}
			}
			if n := sb.refusals(&stderr); n != 1 {
				t.Errorf("%d refusal lines, want 1:\n%s", n, stderr.String())
			}
		})
	}
}
