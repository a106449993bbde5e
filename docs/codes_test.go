package docs

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestAgentGuideListsEveryCode keeps the code table of the agent guide
// (section 4) in step with ir.Code: every code has its row, and the
// table names no code that does not exist.
func TestAgentGuideListsEveryCode(t *testing.T) {
	_, section, _ := strings.Cut(AgentGuide, "\n## 4. ")
	section, _, _ = strings.Cut(section, "\n## 5. ")
	rows := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		if name, ok := strings.CutPrefix(line, "| `"); ok {
			if name, _, ok := strings.Cut(name, "` |"); ok {
				rows[name] = true
			}
		}
	}
	n := 0
	for c := ir.UnknownCode + 1; !strings.HasPrefix(c.String(), "Code("); c++ {
		n++
		if !rows[c.String()] {
			t.Errorf("the agent guide's code table lacks %s", c)
		}
		delete(rows, c.String())
	}
	if n < 10 {
		t.Fatalf("only %d codes", n)
	}
	for name := range rows {
		var c ir.Code
		if c.UnmarshalText([]byte(name)) != nil {
			t.Errorf("the agent guide's table names %s, which is no code", name)
		}
	}
}
