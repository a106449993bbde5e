package planrt

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeGate admits or refuses as told and counts its calls.
type fakeGate struct {
	id    string
	err   error
	calls int
	got   [2]string
}

func (g *fakeGate) Admit(ctx context.Context, receiptFile, serviceURL string) (string, error) {
	g.calls++
	g.got = [2]string{receiptFile, serviceURL}
	return g.id, g.err
}

// TestRealRunAdmission: a real binary runs its plan only after its gate
// admitted the run, and every way of not being admitted exits with
// ExitApproval before the plan's first statement.
func TestRealRunAdmission(t *testing.T) {
	receiptArgs := []string{"--receipt", "r.json", "--service", "http://127.0.0.1:1"}
	gateErr := errors.New("receipt signature does not verify")
	cases := []struct {
		name     string
		gate     *fakeGate
		noGate   bool
		args     []string
		wantCode int
		wantKind ApprovalKind // 0: not refused by admission
		wantErr  string       // ExitUsage only: the usage refusal's words
		wantRun  bool
	}{
		{name: "admitted", gate: &fakeGate{id: "req_1"}, args: receiptArgs, wantCode: ExitOK, wantRun: true},
		{name: "no receipt flags", gate: &fakeGate{id: "req_1"}, wantCode: ExitApproval, wantKind: NoReceipt},
		{name: "receipt without service", gate: &fakeGate{id: "req_1"}, args: receiptArgs[:2], wantCode: ExitApproval, wantKind: NoReceipt},
		{name: "gate refuses", gate: &fakeGate{err: gateErr}, args: receiptArgs, wantCode: ExitApproval, wantKind: GateRefused},
		{name: "gate admits without id", gate: &fakeGate{}, args: receiptArgs, wantCode: ExitApproval, wantKind: NoRequestID},
		{name: "no gate embedded", noGate: true, args: receiptArgs, wantCode: ExitApproval, wantKind: NoGate},
		{name: "effects file in a real run", gate: &fakeGate{id: "req_1"}, args: append([]string{"--effects", "x.json"}, receiptArgs...), wantCode: ExitUsage, wantErr: "--effects is for simulation binaries"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := Program{Mode: Real, PlanHash: "h", Target: "main"}
			if !c.noGate {
				p.Gate = c.gate
			}
			ran := false
			code, out, errText := runPlan(t, p, c.args, func(r *Run, _ *Inputs) {
				ran = true
				r.Println("plan ran")
			})
			if code != c.wantCode || ran != c.wantRun || c.wantErr != "" && !strings.Contains(errText, c.wantErr) {
				t.Errorf("exit %d (want %d), ran %v, stdout %q, stderr %q (want %q)", code, c.wantCode, ran, out, errText, c.wantErr)
			}
			if c.wantKind != 0 {
				// The kind, from admission itself; the binary prints that
				// same refusal, whose words a person reads.
				var receipt, service string
				for i := 0; i+1 < len(c.args); i += 2 {
					switch c.args[i] {
					case "--receipt":
						receipt = c.args[i+1]
					case "--service":
						service = c.args[i+1]
					}
				}
				_, err := admitRun(p, receipt, service, "", io.Discard)
				var ae *ApprovalError
				if !errors.As(err, &ae) || ae.Kind != c.wantKind {
					t.Errorf("admitRun = %#v, want an ApprovalError of kind %v", err, c.wantKind)
				} else if errText != "clauz3: "+err.Error()+"\n" {
					t.Errorf("stderr %q, want the refusal %q", errText, err)
				}
				if c.wantKind == GateRefused && !errors.Is(err, gateErr) {
					t.Errorf("the gate's refusal %v does not wrap the gate's error", err)
				}
			}
			if !c.wantRun && out != "" {
				t.Errorf("a refused run printed %q", out)
			}
		})
	}
}

// TestRealEffectOrder: in an admitted run an effect runs, is traced and
// its result returned; a refused precondition stops it before impl.
func TestRealEffectOrder(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	gate := &fakeGate{id: "req_1"}
	p := Program{Mode: Real, PlanHash: "h", Target: "main", Gate: gate}
	var fired []string
	send := func(r *Run, addr string) {
		c := r.Begin("send_email", "addr", addr)
		c.Require(strings.Contains(addr, "@"), "lambda addr: '@' in addr")
		Perform(c, func() (NoneType, error) { fired = append(fired, addr); return None, nil })
	}
	code, _, errText := runPlan(t, p, []string{"--receipt", "r.json", "--service", "http://s", "--trace", trace}, func(r *Run, _ *Inputs) {
		send(r, "bob@example.com")
		send(r, "nobody")
	})
	if code != ExitException || !strings.Contains(errText, "ContractError: precondition of send_email failed") {
		t.Errorf("exit %d, stderr %q", code, errText)
	}
	if len(fired) != 1 || fired[0] != "bob@example.com" {
		t.Errorf("fired %v, want only bob", fired)
	}
	if gate.calls != 1 || gate.got != [2]string{"r.json", "http://s"} {
		t.Errorf("gate called %d times with %v", gate.calls, gate.got)
	}
	data, err := os.ReadFile(trace)
	if err != nil || string(data) != `{"effect":"send_email","args":{"addr":"bob@example.com"}}`+"\n" {
		t.Errorf("trace %q %v", data, err)
	}
}

// TestEffectWithoutRedemption: a real host that holds no redemption
// refuses in Begin, before the precondition is evaluated, and Perform
// refuses outside Main; neither reaches the layer.
func TestEffectWithoutRedemption(t *testing.T) {
	refused := func(fn func()) (err *ApprovalError) {
		defer func() {
			r := recover()
			err, _ = r.(*ApprovalError)
			if err == nil {
				t.Errorf("panicked with %v, want *ApprovalError", r)
			}
		}()
		fn()
		return nil
	}
	r := newRun(io.Discard)
	r.host = &realHost{}
	preconditionRan := false
	if e := refused(func() {
		c := r.Begin("send_email", "addr", "bob@example.com")
		preconditionRan = true
		c.Require(true, "lambda addr: True")
	}); e == nil || e.Kind != NotRedeemed || e.Effect != "send_email" {
		t.Errorf("Begin: %#v, want NotRedeemed for send_email", e)
	}
	if preconditionRan {
		t.Error("the precondition ran before the receipt check")
	}
	implRan := false
	refused(func() {
		Perform(&Call{Effect: "send_email"}, func() (NoneType, error) { implRan = true; return None, nil })
	})
	if implRan {
		t.Error("Perform ran the layer outside Main")
	}
}

func TestSimulationRefusesReceiptFlags(t *testing.T) {
	code, _, errText := runPlan(t, Program{Mode: Simulate}, []string{"--receipt", "r.json"}, func(*Run, *Inputs) { t.Error("ran") })
	if code != ExitUsage || !strings.Contains(errText, "--receipt and --service are for real binaries") {
		t.Errorf("exit %d, stderr %q", code, errText)
	}
}
