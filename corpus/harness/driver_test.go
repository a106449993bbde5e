package harness

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// driverPlans are small plans that exercise what the CPython arm reports:
// stdout, the trace, simulated results and running out of them, an
// exception's last line, the int64 rewriting, SystemExit, arguments, and
// state (module globals, an imported module's globals, the stubs' call
// counters) that one case must not leave to the next.
var driverPlans = []struct {
	name, src, effects, args string
}{
	{"prints", "def main():\n    print('hello', 1 + 2)\n    print([1, 'a'], {'k': 2.5})\n", "", ""},
	{"raises", "def main():\n    print('before')\n    raise ValueError('bad value')\n", "", ""},
	{"overflow", "def main():\n    x = 9223372036854775807\n    print(x + 1)\n", "", ""},
	{"exits", "def main():\n    print('out')\n    raise SystemExit(3)\n", "", ""},
	{"effects", "import clauz3\n\n@clauz3.trusted\ndef get(k: str) -> int:\n    ...\n\ndef main():\n    print(get('a') + get('b'))\n",
		`{"get": [40, 2]}`, ""},
	{"out_of_results", "import clauz3\n\n@clauz3.trusted\ndef get(k: str) -> int:\n    ...\n\ndef main():\n    print(get('a'))\n    print(get('b'))\n",
		`{"get": [1]}`, ""},
	{"args", "def main(n: int, xs: list[float]):\n    print(n * 2, sum(xs))\n", "", `{"n": 21, "xs": [1, 2.5]}`},
	{"recursion", "depth = 0\n\ndef f(n):\n    global depth\n    depth = n\n    f(n + 1)\n\ndef main():\n    try:\n        f(0)\n    except RecursionError:\n        print(depth)\n", "", ""},
	{"globals", "import shared\n\ncount = []\n\ndef main():\n    count.append(1)\n    shared.seen.append(1)\n    print(len(count), len(shared.seen))\n", "", ""},
}

func writeDriverCases(t *testing.T) []Case {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "shared.py"), []byte("seen = []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var cases []Case
	for _, p := range driverPlans {
		path := filepath.Join(dir, p.name+".py")
		if err := os.WriteFile(path, []byte(p.src), 0o644); err != nil {
			t.Fatal(err)
		}
		c := Case{Name: p.name, Path: path, ImportRoot: dir}
		if p.effects != "" {
			c.Effects = []byte(p.effects)
		}
		if p.args != "" {
			if err := json.Unmarshal([]byte(p.args), &c.Args); err != nil {
				t.Fatal(err)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// TestCPythonDriver runs every case through one driver, twice and
// concurrently, and each once through RunCPython (one python3 per case):
// the outcomes must be identical, so state left by one case would show as
// a difference in the next.
func TestCPythonDriver(t *testing.T) {
	if !PythonAvailable() {
		t.Fatalf("%s is not on PATH", Python)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cases := writeDriverCases(t)
	want := map[string]Outcome{}
	for _, c := range cases {
		out, err := RunCPython(ctx, c)
		if err != nil {
			t.Fatalf("RunCPython %s: %v", c.Name, err)
		}
		want[c.Name] = out
	}
	// The plans do what they are meant to, so agreement is not vacuous.
	for name, check := range map[string]func(Outcome) bool{
		"prints": func(o Outcome) bool { return o.Exit == 0 && o.Stdout == "hello 3\n[1, 'a'] {'k': 2.5}\n" },
		"raises": func(o Outcome) bool {
			return o.Exit == 1 && o.Error == "ValueError: bad value" && o.Stdout == "before\n"
		},
		"overflow":       func(o Outcome) bool { return o.Exit == 1 && o.Error == "OverflowError: integer overflow" },
		"exits":          func(o Outcome) bool { return o.Exit == 3 && o.Stdout == "out\n" },
		"effects":        func(o Outcome) bool { return o.Stdout == "42\n" && len(o.Trace) == 2 },
		"out_of_results": func(o Outcome) bool { return o.Exit == 2 && o.Error == "simulate: no result left for get (call 2)" },
		"args":           func(o Outcome) bool { return o.Stdout == "42 3.5\n" },
		"globals":        func(o Outcome) bool { return o.Stdout == "1 1\n" },
		"recursion": func(o Outcome) bool {
			n, err := strconv.Atoi(strings.TrimSpace(o.Stdout))
			return o.Exit == 0 && err == nil && n > 100
		},
	} {
		if !check(want[name]) {
			t.Errorf("RunCPython %s: unexpected outcome %+v", name, want[name])
		}
	}

	d, err := StartCPython(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var wg sync.WaitGroup
	for round := 0; round < 2; round++ {
		for _, c := range cases {
			wg.Add(1)
			go func(c Case) {
				defer wg.Done()
				got, err := d.Run(ctx, c)
				if err != nil {
					t.Errorf("driver %s: %v", c.Name, err)
					return
				}
				if diff := Compare(got, want[c.Name]); diff != "" {
					t.Errorf("driver %s differs from RunCPython (- driver, + RunCPython):\n%s", c.Name, diff)
				}
			}(c)
		}
		wg.Wait()
	}
}

// A case past its time and a dead driver are errors, never outcomes; a
// timed-out case does not stop the driver from running the next.
func TestCPythonDriverFailures(t *testing.T) {
	if !PythonAvailable() {
		t.Fatalf("%s is not on PATH", Python)
	}
	dir := t.TempDir()
	loop := filepath.Join(dir, "loop.py")
	ok := filepath.Join(dir, "ok.py")
	os.WriteFile(loop, []byte("def main():\n    while True:\n        pass\n"), 0o644)
	os.WriteFile(ok, []byte("def main():\n    print('ok')\n"), 0o644)
	d, err := StartCPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	_, err = d.Run(ctx, Case{Name: "loop", Path: loop})
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a case past its deadline: err = %v, want context.DeadlineExceeded", err)
	}
	out, err := d.Run(context.Background(), Case{Name: "ok", Path: ok})
	if err != nil || out.Stdout != "ok\n" {
		t.Errorf("after a timeout: %+v, %v", out, err)
	}

	// The child's own alarm: a deadline shorter than the context's wait.
	req := Case{Name: "loop", Path: loop}
	ctx, cancel = context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := d.runWithTimeout(ctx, req, 1)
		done <- err
	}()
	select {
	case err := <-done:
		if he := (*Error)(nil); !errors.As(err, &he) || he.Kind != Killed || he.Case != "loop" {
			t.Errorf("a case past its alarm: err = %v, want a Killed harness Error of case loop", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the child's alarm did not end the case")
	}

	if err := d.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if out, err := d.Run(context.Background(), Case{Name: "ok", Path: ok}); err == nil {
			t.Fatalf("a dead driver ran a case: %+v", out)
		}
	}
}
