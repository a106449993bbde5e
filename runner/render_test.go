package runner

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval/client"
)

// TestRenderCall: trace lines render as calls with arguments in order.
func TestRenderCall(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`{"effect":"send_email","args":{"addr":"bob@example.com","msg":"hi"}}`, `send_email("bob@example.com", "hi")`},
		{`{"effect":"withdraw","args":{"account":"checking","amount":2}}`, `withdraw("checking", 2)`},
		{`{"effect":"noop","args":{}}`, `noop()`},
		{`{"effect":"","args":{}}`, "error"},
		{`{"effect":"x","args":[]}`, "error"},
	} {
		_, got, err := renderCall([]byte(c.line))
		if err != nil {
			got = "error"
		}
		if got != c.want {
			t.Errorf("renderCall(%s) = %q, want %q", c.line, got, c.want)
		}
	}
}

// TestTargetInputsChecked: the target's inputs (--arg name=JSON) are
// checked against its parameters before the prover or the service sees
// the plan: every parameter once, no other, JSON of its type.
func TestTargetInputsChecked(t *testing.T) {
	plan := compilePlan(t, "inputs.py", []byte("from tools.email.trusted.effects import send_email\n\ndef main(addr: str, n: int) -> None:\n    send_email(addr, str(n))\n"))
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "the target main takes the input addr: give it with --arg addr=<str as JSON>"},
		{[]string{`addr="a@b"`}, "the target main takes the input n: give it with --arg n=<int as JSON>"},
		{[]string{`addr="a@b"`, "n=1", "m=2"}, "--arg m: the target main has no parameter m"},
		{[]string{`addr="a@b"`, "n=1", "n=2"}, "--arg n given twice"},
		{[]string{`addr=a@b`, "n=1"}, "--arg addr: "},
		{[]string{`addr="a@b"`, `n="1"`}, "--arg n: "},
		{[]string{"addr"}, `--arg "addr": want name=JSON`},
	} {
		var out strings.Builder
		if code := Run(t.Context(), plan, Options{Service: Service{URL: "http://127.0.0.1:1"}, Out: &out, Args: c.args}); code != ExitUsage || !strings.Contains(out.String(), c.want) {
			t.Errorf("args %q: exit %d, output %q; want %d and %q", c.args, code, out.String(), ExitUsage, c.want)
		}
	}
}

func TestServiceTextIsPrintable(t *testing.T) {
	if got := client.Printable("ok\x1b[31mred\u0085\n"); got != "ok\uFFFD[31mred\uFFFD\uFFFD" {
		t.Errorf("printable = %q", got)
	}
	for id, want := range map[string]bool{"req_1a-B": true, "": false, "..": false, "a/b": false, "a?b": false, "é": false} {
		if validID(id) != want {
			t.Errorf("validID(%q) = %v", id, !want)
		}
	}
}
