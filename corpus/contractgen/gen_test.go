package contractgen

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

var update = flag.Bool("update", false, "rewrite the golden plans in testdata/")

// corpusRoot is the import root of the corpus layers.
const corpusRoot = ".."

// TestGenerateIsDeterministic checks that a seed always makes the same
// plan, and different seeds different ones.
func TestGenerateIsDeterministic(t *testing.T) {
	for _, seed := range []int64{1, 7, 42} {
		a, b := Generate(seed), Generate(seed)
		if a.Source != b.Source {
			t.Errorf("seed %d made two different plans", seed)
		}
		if Generate(seed+1000).Source == a.Source {
			t.Errorf("seeds %d and %d made the same plan", seed, seed+1000)
		}
	}
}

// TestGoldenPlans pins the output of a few seeds, so that a change to the
// generator is a visible diff (go test -update rewrites them).
func TestGoldenPlans(t *testing.T) {
	for _, tc := range []struct {
		seed int64
		file string
	}{{1, "seed1.py"}, {2, "seed2.py"}, {3, "seed3.py"}} {
		t.Run(tc.file, func(t *testing.T) {
			got := Generate(tc.seed).Source
			path := filepath.Join("testdata", tc.file)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("seed %d: the plan differs from %s (go test -update rewrites it):\n%s", tc.seed, path, got)
			}
		})
	}
}

// TestPlansCompile checks that the generated plans are plans: every one
// must compile against the corpus layers and verify, and between them
// they must reach every layer, every kind of guarantee the layers offer,
// and the constructs the soundness check is meant to exercise.
func TestPlansCompile(t *testing.T) {
	dir := t.TempDir()
	layers := map[string]int{}
	constructs := map[string]int{}
	features := []string{"for ", "enumerate(", "zip(", "break", "continue", "return\n", "assert ", "raise ",
		".append(", " not in ", " in ", " + ", "+= ", "def helper", "db_query(", "list_orders(", "admin_emails()", "query_tickets(",
		"get_user(", "count_users()", "is_admin(", "owner_email()", "read_file(", `"ga" + "rage"`, "unlock(", "set_temperature(",
		"user_groups()", "all_users()", "def grow_", "for m_", " in enumerate(xs_", " in zip(xs_", " for a_"}
	shapes := map[string]int{}
	guarantees := map[string]int{}
	const plans = 300
	for seed := int64(1); seed <= plans; seed++ {
		p := Generate(seed)
		path := filepath.Join(dir, "plan.py")
		if err := os.WriteFile(path, []byte(p.Source), 0o644); err != nil {
			t.Fatal(err)
		}
		prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{corpusRoot}})
		if err != nil {
			t.Errorf("seed %d does not compile: %v\n%s", seed, err, p.Source)
			continue
		}
		if err := ir.Verify(prog); err != nil {
			t.Errorf("seed %d: the IR does not verify: %v", seed, err)
		}
		if len(prog.Guarantees) != len(p.Guarantees) || len(p.Guarantees) == 0 {
			t.Errorf("seed %d: %d guarantees compiled, %d generated", seed, len(prog.Guarantees), len(p.Guarantees))
		}
		if line := appendWhileIterating(p.Source); line != "" {
			t.Errorf("seed %d appends to a list while a loop runs over it: %s\n%s", seed, line, p.Source)
		}
		for _, l := range p.Layers {
			layers[l]++
		}
		for _, f := range features {
			if strings.Contains(p.Source, f) {
				constructs[f]++
			}
		}
		for _, g := range p.Guarantees {
			guarantees[g[:strings.IndexByte(g, '(')]]++
		}
		shapes[p.Shape]++
	}
	// every edge shape, each in a plan that compiles (issue 12)
	for _, s := range Shapes {
		if shapes[s] == 0 {
			t.Errorf("no plan of %d holds the %s shape", plans, s)
		}
	}
	for _, l := range []string{"email", "bank", "db", "home", "shop", "legacy", "files"} {
		if layers[l] == 0 {
			t.Errorf("no plan of %d uses the %s layer", plans, l)
		}
	}
	for _, f := range features {
		if constructs[f] == 0 {
			t.Errorf("no plan of %d contains %q", plans, f)
		}
	}
	// every contract of every layer the generator knows
	for _, g := range []string{
		"email_c.only", "email_c.unique_recipients", "email_c.none", "email_c.at_most", "email_c.recipient_at_most", "email_c.content_length_at_most",
		"bank_c.max_spend", "bank_c.max_withdrawals", "bank_c.only_account",
		"db_c.notify_domain", "db_c.notify_at_most", "db_c.notify_once_each", "db_c.notify_only", "db_c.notify_only_users", "db_c.no_notifications",
		"db_c.refund_total_at_most", "db_c.refunds_at_most", "db_c.refund_each_at_most",
		"home_c.all_doors_locked", "home_c.door_locked_at_end", "home_c.door_left_unlocked", "home_c.temperature_at_end", "home_c.never_above",
		"home_c.all_locked_but", "home_c.rooms_at_most_but", "home_c.no_unlocks",
		"shop_c.max_total", "shop_c.only_vendor", "shop_c.at_most",
		"legacy_c.comments_only_to", "legacy_c.comments_at_most", "legacy_c.read_only",
		"files_c.reads_under", "files_c.no_writes", "files_c.writes_under", "files_c.touches_at_most", "files_c.reads_at_most",
	} {
		if guarantees[g] == 0 {
			t.Errorf("no plan of %d promises %s", plans, g)
		}
	}
}

// appendWhileIterating returns the first line that appends to a list
// inside a loop over that same list (which the prover refuses and Python
// may never finish), or "".
func appendWhileIterating(src string) string {
	type loop struct {
		indent int
		list   string
	}
	var open []loop
	for _, line := range strings.Split(src, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == "" {
			continue
		}
		indent := len(line) - len(trimmed)
		for len(open) > 0 && indent <= open[len(open)-1].indent {
			open = open[:len(open)-1]
		}
		for _, l := range open {
			if strings.HasPrefix(trimmed, l.list+".append(") {
				return trimmed
			}
		}
		if strings.HasPrefix(trimmed, "for ") && strings.HasSuffix(trimmed, ":") {
			fields := strings.Fields(strings.TrimSuffix(trimmed, ":"))
			open = append(open, loop{indent, fields[len(fields)-1]})
		}
	}
	return ""
}
