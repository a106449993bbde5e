package mcpserver

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// withInput is a plan whose target takes an input, bounded by its own
// precondition.
const withInput = `import clauz3
import deal
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@deal.pre(lambda addr, n: addr == "bob@example.com" and n > 0)
@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(addr: str, n: int) -> None:
    send_email(addr, "Report is ready")
`

// TestRunTakesInputsAndReportsProgress: MCP run takes the target's inputs
// (JSON values by parameter name) and, while it blocks, sends progress
// notifications for the client's progress token: the first says where
// the human decides (the approval page's URL), later ones that the
// service is still building and running. Inputs that do not fit the
// target are refused before anything is submitted.
func TestRunTakesInputsAndReportsProgress(t *testing.T) {
	corpus, err := filepath.Abs(filepath.Join("..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	svc := approvaltest.New(t)
	svc.Run = func(context.Context, approvaltest.Submission, receipt.Receipt) (approvaltest.RunResult, error) {
		time.Sleep(1200 * time.Millisecond) // a build
		return approvaltest.RunResult{Trace: `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"Report is ready"}}` + "\n", BuildIdentity: approvaltest.FakeBuildID}, nil
	}
	var mu sync.Mutex
	var notes []*mcp.ProgressNotificationParams
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := New(Config{Dir: corpus, FindService: fakeFind(svc), ApprovalTimeout: 10 * time.Second, ProgressEvery: 300 * time.Millisecond}).Connect(context.Background(), serverT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			notes = append(notes, req.Params)
		},
	})
	cs, err := client.Connect(context.Background(), clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })

	params := &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"source": withInput, "inputs": map[string]any{"addr": "bob@example.com", "n": 3}}}
	params.SetProgressToken("tok-1")
	res, err := cs.CallTool(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if res.IsError || !strings.Contains(text, `execute      ✓ send_email("bob@example.com", "Report is ready")`) {
		t.Fatalf("run: error=%v\n%s", res.IsError, text)
	}
	for _, sub := range svc.Submissions() {
		if strings.Join(sub.Inputs, " ") != `addr="bob@example.com" n=3` {
			t.Errorf("submitted inputs %q", sub.Inputs)
		}
	}
	// Notifications may still be in flight when the answer arrives.
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if len(notes) < 2 {
		t.Fatalf("%d progress notifications, want the wait and the build: %+v", len(notes), notes)
	}
	if notes[0].ProgressToken != "tok-1" || !strings.Contains(notes[0].Message, svc.URL()+"/ui/requests/req_") {
		t.Errorf("the first notification does not say where the human decides: %+v", notes[0])
	}
	building := false
	for i, n := range notes {
		building = building || strings.Contains(n.Message, "still building")
		if i > 0 && n.Progress <= notes[i-1].Progress {
			t.Errorf("progress does not increase: %v then %v", notes[i-1].Progress, n.Progress)
		}
	}
	if !building {
		t.Errorf("no notification while the service builds: %+v", notes)
	}

	for _, c := range []struct {
		inputs map[string]any
		want   string
	}{
		{map[string]any{"addr": "bob@example.com"}, "takes the input n"},
		{map[string]any{"addr": "bob@example.com", "n": "3"}, "--arg n"},
		{map[string]any{"addr": "bob@example.com", "n": 1 << 60}, "cannot be passed exactly"},
		{map[string]any{"addr": "bob@example.com", "n": 2.5}, "--arg n"},
	} {
		before := len(svc.Submissions())
		res, text := call(t, cs, "run", map[string]any{"source": withInput, "inputs": c.inputs})
		if !res.IsError || !strings.Contains(text, c.want) || len(svc.Submissions()) != before {
			t.Errorf("inputs %v: error=%v, %d new submissions:\n%s", c.inputs, res.IsError, len(svc.Submissions())-before, text)
		}
	}
}
