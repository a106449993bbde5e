package policy

import (
	"testing"
)

// FuzzParse: Parse never panics, and whatever it accepts satisfies the
// invariants Evaluate relies on.
func FuzzParse(f *testing.F) {
	f.Add([]byte(testPolicy))
	f.Add([]byte(`{"version":1,"rules":[{"name":"a","decision":"auto_rejected","reason":"r","unless_proven":["p.x()"]}]}`))
	f.Add([]byte(`{"version":1,"imports":{"p":"tools.x.trusted.contracts"},"rules":[]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("fuzz.json", data)
		if err != nil {
			return
		}
		if p.Version != 1 || len(p.Rules) == 0 {
			t.Fatalf("accepted %+v", p)
		}
		names := map[string]bool{}
		for _, r := range p.Rules {
			if names[r.Name] || r.Name == "" || r.Reason == "" {
				t.Fatalf("accepted rule %+v", r)
			}
			names[r.Name] = true
			switch r.Decision {
			case AutoApproved:
				if len(r.WhenProven) == 0 || len(r.UnlessProven) != 0 {
					t.Fatalf("accepted allow rule %+v", r)
				}
			case AutoRejected:
				if len(r.UnlessProven) == 0 || len(r.WhenProven) != 0 {
					t.Fatalf("accepted deny rule %+v", r)
				}
			default:
				t.Fatalf("accepted decision %q", r.Decision)
			}
		}
	})
}
