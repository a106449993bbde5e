package mcpserver

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/internal/approvaltest/fakerun"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/layers"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/runner"
)

const onlyBob = `import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "Report is ready")
`

// leak promises only Bob but also mails Ann.
const leak = `import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "Report is ready")
    send_email("ann@example.com", "Report is ready")
`

// outside uses a construct outside the subset on line 6.
const outside = `import clauz3
from tools.email.trusted.effects import send_email

def main() -> None:
    n = 0
    while n < 3:
        n = n + 1
`

// connect starts a server with cfg and returns a client session to it
// over the SDK's in-memory transport.
func connect(t *testing.T, cfg Config) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := New(cfg).Connect(ctx, serverT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// emailProject is a project folder with the bundled email layer installed.
func emailProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src, err := layers.Resolve("email")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := layers.Install(src, dir, false); err != nil {
		t.Fatal(err)
	}
	return dir
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	return res, text.String()
}

// structured decodes a result's structured content into v.
func structured(t *testing.T, res *mcp.CallToolResult, v any) {
	t.Helper()
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("structured content %s: %v", data, err)
	}
}

func TestListsFourTools(t *testing.T) {
	cs := connect(t, Config{Dir: emailProject(t)})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Description == "" {
			t.Errorf("tool %s has no description", tool.Name)
		}
	}
	sort.Strings(names)
	if strings.Join(names, " ") != "guide prove run tools" {
		t.Fatalf("tools %v", names)
	}
}

func TestToolsAndGuide(t *testing.T) {
	cs := connect(t, Config{Dir: emailProject(t)})
	res, text := call(t, cs, "tools", nil)
	if res.IsError {
		t.Fatalf("tools refused: %s", text)
	}
	for _, want := range []string{`"send_email(addr: str, msg: str) -> None"`, `"only(addresses: list[str])"`, "<addresses>"} {
		if !strings.Contains(text, want) {
			t.Errorf("tools lacks %s:\n%s", want, text)
		}
	}
	var cat map[string]any
	structured(t, res, &cat)
	if len(cat) == 0 {
		t.Error("tools has no structured content")
	}

	res, text = call(t, cs, "guide", nil)
	if res.IsError || !strings.Contains(text, "clauz3.guarantee") {
		t.Fatalf("guide: error=%v\n%.200s", res.IsError, text)
	}

	// A folder whose layer does not load is a refusal, not an empty catalog.
	broken := t.TempDir()
	os.MkdirAll(filepath.Join(broken, "tools", "weather", "trusted"), 0o755)
	os.WriteFile(filepath.Join(broken, "tools", "weather", "trusted", "effects.py"), []byte("from tools.nowhere.trusted import x\n"), 0o644)
	res, text = call(t, connect(t, Config{Dir: broken}), "tools", nil)
	if !res.IsError || !strings.Contains(text, "effects.py:1") {
		t.Errorf("broken layer: error=%v %s", res.IsError, text)
	}
}

func TestProve(t *testing.T) {
	cs := connect(t, Config{Dir: emailProject(t)})
	for _, tc := range []struct {
		name    string
		args    map[string]any
		proved  bool
		want    []string
		obliged bool    // the prover ran: obligations are listed
		code    ir.Code // the code of the first error, when not obliged
	}{
		{"only bob", map[string]any{"source": onlyBob}, true, []string{"✓ main: proved", "emails.only(['bob@example.com'])"}, true, 0},
		{"leak", map[string]any{"source": leak, "name": "leak.py"}, false, []string{"not proved", "failed guarantee emails.only(['bob@example.com'])", `addr = "ann@example.com"`, "call: send_email(addr=\"ann@example.com\", msg=\"Report is ready\") at leak.py:8:5"}, true, 0},
		{"outside the subset", map[string]any{"source": outside}, false, []string{"not proved", "plan.py:6:5: while loop is not supported"}, false, ir.Unsupported},
		{"unknown import", map[string]any{"source": "from tools.nosuch.trusted.effects import f\n"}, false, []string{"plan.py:1:"}, false, ir.ImportError},
		{"missing target", map[string]any{"source": onlyBob, "target": "nosuch"}, false, []string{"nosuch"}, false, ir.UndefinedName},
		{"empty", map[string]any{"source": "  \n"}, false, []string{"source is empty"}, false, ir.Usage},
		{"path as name", map[string]any{"source": onlyBob, "name": "../x.py"}, false, []string{"plain file name"}, false, ir.Usage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, text := call(t, cs, "prove", tc.args)
			if res.IsError == tc.proved {
				t.Fatalf("IsError = %v, want %v:\n%s", res.IsError, !tc.proved, text)
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("text lacks %q:\n%s", w, text)
				}
			}
			var out ProveOutput
			structured(t, res, &out)
			if out.Proved != tc.proved || out.Result.Proved != tc.proved {
				t.Errorf("structured proved = %v/%v, want %v", out.Proved, out.Result.Proved, tc.proved)
			}
			if (len(out.Result.Obligations) > 0) != tc.obliged {
				t.Errorf("obligations %v, want some: %v", out.Result.Obligations, tc.obliged)
			}
			if !tc.proved && !tc.obliged && len(out.Result.Errors) == 0 {
				t.Error("a refusal without errors in the JSON")
			}
			if len(out.Result.Errors) > 0 && out.Result.Errors[0].Code != tc.code.String() {
				t.Errorf("errors %+v: the first has code %v, want %v", out.Result.Errors, out.Result.Errors[0].Code, tc.code)
			}
		})
	}
	// A missing source is refused by the input schema, before the handler.
	res, text := call(t, cs, "prove", map[string]any{})
	if !res.IsError {
		t.Errorf("prove without source succeeded: %s", text)
	}
}

// Clients may send calls concurrently; each prove has its own solver, so
// verdicts never mix, also when the proofs take their contexts from a
// pool smaller than the calls in flight (as `clauz3 mcp` does).
func TestConcurrentProves(t *testing.T) {
	pool := prover.NewContexts(2)
	defer pool.Close()
	for _, tc := range []struct {
		name     string
		contexts *prover.Contexts
	}{{"own contexts", nil}, {"pool", pool}} {
		t.Run(tc.name, func(t *testing.T) { concurrentProves(t, Config{Dir: emailProject(t), Contexts: tc.contexts}) })
	}
}

func concurrentProves(t *testing.T, cfg Config) {
	cs := connect(t, cfg)
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		src, want := onlyBob, false
		if i%2 == 1 {
			src, want = leak, true
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "prove", Arguments: map[string]any{"source": src}})
			if err != nil {
				t.Error(err)
				return
			}
			if res.IsError != want {
				t.Errorf("call %d: IsError = %v, want %v", i, res.IsError, want)
			}
		}()
	}
	wg.Wait()
}

// run goes through runner.Run: it submits only a proved plan, waits for
// the human's decision and runs nothing without an approval.
func TestRunWaitsForTheDecision(t *testing.T) {
	corpus, err := filepath.Abs(filepath.Join("..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		source   string
		decision string // "" never decides
		outcome  string
		want     []string
		submits  int
	}{
		{"refused plan is not submitted", leak, "approved_once", "refused", []string{"failed guarantee", "not submitted"}, 0},
		{"subset error is not submitted", outside, "approved_once", "refused", []string{"plan.py:6:5", "(not submitted)"}, 0},
		{"rejected", onlyBob, "rejected", "not_approved", []string{"decision     rejected", "execute      (not run)"}, 1},
		{"need more info", onlyBob, "need_more_info", "not_approved", []string{"need_more_info", "(not run)"}, 1},
		{"no decision", onlyBob, "", "timeout", []string{"(pending user decision...)", "no decision within 1s"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc := approvaltest.New(t)
			svc.Decide = func(approvaltest.Submission) approvaltest.Decision {
				if tc.decision == "" {
					return approvaltest.Decision{Status: "pending"}
				}
				return approvaltest.Decision{Status: tc.decision, Reason: "test"}
			}
			outbox := filepath.Join(t.TempDir(), "outbox.jsonl")
			fakerun.Attach(t, svc, corpus, map[string][]string{"email": {"CLAUZ3_TEST_OUTBOX=" + outbox}}, "")
			cs := connect(t, Config{Dir: corpus, FindService: fakeFind(svc), ApprovalTimeout: time.Second})
			res, text := call(t, cs, "run", map[string]any{"source": tc.source})
			if !res.IsError {
				t.Fatalf("run succeeded:\n%s", text)
			}
			var out RunOutput
			structured(t, res, &out)
			if out.Outcome != tc.outcome {
				t.Errorf("outcome %q (exit %d), want %q:\n%s", out.Outcome, out.Exit, tc.outcome, text)
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("text lacks %q:\n%s", w, text)
				}
			}
			if n := len(svc.Submissions()); n != tc.submits {
				t.Errorf("%d submissions, want %d", n, tc.submits)
			}
			if _, err := os.Stat(outbox); !os.IsNotExist(err) {
				t.Errorf("an effect fired: %v", err)
			}
		})
	}
	t.Run("no service", func(t *testing.T) {
		cs := connect(t, Config{Dir: t.TempDir()})
		res, text := call(t, cs, "run", map[string]any{"source": "def main() -> None:\n    pass\n"})
		if !res.IsError || !strings.Contains(text, "no approval service") {
			t.Errorf("error=%v %s", res.IsError, text)
		}
	})
}

// An approved plan runs sealed, through the same path as clauz3 run.
func TestRunApproved(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a sealed binary")
	}
	corpus, err := filepath.Abs(filepath.Join("..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	svc := approvaltest.New(t)
	outbox := filepath.Join(t.TempDir(), "outbox.jsonl")
	fakerun.Attach(t, svc, corpus, map[string][]string{"email": {"CLAUZ3_TEST_OUTBOX=" + outbox}}, "")
	cs := connect(t, Config{Dir: corpus, FindService: fakeFind(svc), ApprovalTimeout: 10 * time.Second})
	res, text := call(t, cs, "run", map[string]any{"source": onlyBob, "name": "only_bob.py"})
	if res.IsError {
		t.Fatalf("approved run refused:\n%s", text)
	}
	for _, w := range []string{"decision     approved_once", `execute      ✓ send_email("bob@example.com", "Report is ready")`, "done."} {
		if !strings.Contains(text, w) {
			t.Errorf("text lacks %q:\n%s", w, text)
		}
	}
	data, err := os.ReadFile(outbox)
	if err != nil || !strings.Contains(string(data), "bob@example.com") {
		t.Errorf("outbox %q, %v", data, err)
	}
	if svc.Redemptions != 1 {
		t.Errorf("%d redemptions, want 1", svc.Redemptions)
	}
}

// fakeFind finds the in-test service with its key pinned, as the client
// configuration would.
func fakeFind(svc *approvaltest.Service) func() (runner.Service, *http.Client, error) {
	return func() (runner.Service, *http.Client, error) {
		return runner.Service{URL: svc.URL(), PublicKey: svc.PublicKey(), KeyFrom: "test"}, nil, nil
	}
}
