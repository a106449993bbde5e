package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// scriptOnlyFlags are the flags first_approved_run.txtar may add to a
// README command: they move the service's folders, address, password
// prompt and caches into the test's own places, and trust the loopback
// mail server's CA (the README names --ca-file in its prose).
var scriptOnlyFlags = []string{"--state", "--config", "--addr", "--password-file", "--gocache", "--gomodcache", "--ca-file"}

// TestREADMECommandsAreScripted keeps the README's "From install to the
// first approved run" and cmd/clauz3/testdata/script/first_approved_run.txtar
// in agreement: every `$ clauz3 ...` command of the section is run by the
// script with the same verb and arguments and at least its flags (values
// may differ; only scriptOnlyFlags may be added), every `exec clauz3` of
// the script is a command of the section, and `make install` is the
// Makefile's go install, which the script runs.
func TestREADMECommandsAreScripted(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(filepath.Join("testdata", "script", "first_approved_run.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	makefile, err := os.ReadFile(filepath.Join("..", "..", "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	cmds := readmeSection(t, string(readme), "## From install to the first approved run")
	if len(cmds) == 0 {
		t.Fatal("the README section has no $ commands")
	}
	var execs [][]string
	for _, line := range strings.Split(string(script), "\n") {
		if strings.HasPrefix(line, "-- ") {
			break
		}
		if rest, ok := strings.CutPrefix(line, "exec clauz3 "); ok {
			rest = regexp.MustCompile(`\s*&\w*&$`).ReplaceAllString(rest, "")
			execs = append(execs, strings.Fields(rest))
		}
	}
	used := make([]bool, len(execs))
	for _, c := range cmds {
		words := strings.Fields(c)
		switch {
		case c == "make install":
			if !regexp.MustCompile(`(?m)^install:.*\n(\t.*\n)*\tgo install \./cmd/clauz3\n`).Match(makefile) {
				t.Errorf("the Makefile's install target does not run go install ./cmd/clauz3")
			}
			if !strings.Contains(string(script), "\nexec go install ./cmd/clauz3\n") {
				t.Errorf("the script does not run go install ./cmd/clauz3 (make install)")
			}
			continue
		case words[0] != "clauz3":
			t.Errorf("README command %q: neither make install nor clauz3; no script runs it", c)
			continue
		}
		pos, flags := splitArgs(words[1:])
		found := false
		for i, e := range execs {
			epos, eflags := splitArgs(e)
			if !slices.Equal(pos, epos) {
				continue
			}
			extra := false
			for _, f := range eflags {
				if !slices.Contains(flags, f) && !slices.Contains(scriptOnlyFlags, f) {
					extra = true
				}
			}
			missing := false
			for _, f := range flags {
				if !slices.Contains(eflags, f) {
					missing = true
				}
			}
			if !extra && !missing {
				found, used[i] = true, true
			}
		}
		if !found {
			t.Errorf("README command %q is not run by first_approved_run.txtar (same arguments and flags)", c)
		}
	}
	for i, e := range execs {
		if !used[i] {
			t.Errorf("the script runs clauz3 %s, which the README section does not show", strings.Join(e, " "))
		}
	}
}

// readmeSection is the `$ ` commands of the code blocks of one section.
func readmeSection(t *testing.T, readme, heading string) []string {
	t.Helper()
	i := strings.Index(readme, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("the README has no section %q", heading)
	}
	body := readme[i+len(heading)+2:]
	if j := strings.Index(body, "\n## "); j >= 0 {
		body = body[:j]
	}
	var cmds []string
	inCode := false
	for _, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
			continue
		}
		if rest, ok := strings.CutPrefix(line, "$ "); ok && inCode {
			cmds = append(cmds, strings.TrimSpace(rest))
		}
	}
	return cmds
}

// splitArgs splits command words into positional arguments (those before
// the first flag) and flag names.
func splitArgs(words []string) (pos, flags []string) {
	for i, w := range words {
		if strings.HasPrefix(w, "--") {
			for _, f := range words[i:] {
				if strings.HasPrefix(f, "--") {
					name, _, _ := strings.Cut(f, "=")
					flags = append(flags, name)
				}
			}
			return pos, flags
		}
		pos = append(pos, w)
	}
	return pos, nil
}

// notScripted are the README commands no script runs, each with what
// runs it instead; the test checks that each named test exists, so an
// entry cannot outlive what it points at. Any other README command
// without a script fails TestREADMEEveryCommandIsRun.
var notScripted = map[string]struct{ why, file, test string }{
	// `make demo` builds clauz3 and cmd/clauz3-demo and runs the demo
	// driver, which TestDemo drives with real processes (both variants).
	"make demo":         {"the demo driver", "../../internal/demo/demo_test.go", "TestDemo"},
	"make demo-approve": {"the demo driver with --approve", "../../internal/demo/demo_test.go", "TestDemo"},
	// `make test` is what CI runs (.ci/run); it runs every script.
	"make test": {"CI (.ci/run runs make test)", "../../.ci/run", "exec make test"},
	// `make setup` is the first step of make test and make demo.
	"make setup": {"every make test and make demo", "../../Makefile", "test: setup"},
	// Developer entry points around the product, not steps of its job.
	"make bench": {"a developer's benchmarks", "../../Makefile", "bench: setup"},
	"make fuzz":  {"a developer's fuzzing", "../../Makefile", "fuzz: setup"},
	"make fmt":   {"a developer's formatting check", "../../Makefile", "\nfmt:"},
	// The real (non-dev) service makes an OS account and needs root: the
	// consent-boundary tests run it as root with real accounts.
	"clauz3 service init": {"the consent-boundary tests (root)", "boundary_test.go", "TestServiceBuildsAndRuns"},
}

// scriptExec is one `exec clauz3 ...` of a script.
type scriptExec struct {
	file    string
	negated bool
	words   []string
}

// scriptExecs is every `exec clauz3` (and `! exec clauz3`) of every
// script in testdata/script.
func scriptExecs(t *testing.T) []scriptExec {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	line := regexp.MustCompile(`^\s*(!\s*)?exec clauz3(\s.*)?$`)
	mcpCall := regexp.MustCompile(`^\s*(!\s*)?exec mcp-call\s`)
	var out []scriptExec
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "-- ") {
				break
			}
			// mcp-call is the MCP SDK's client running `clauz3 mcp` as
			// its subprocess (mcp_script_test.go): a call that succeeds
			// is a `clauz3 mcp` that served it.
			if m := mcpCall.FindStringSubmatch(l); m != nil {
				out = append(out, scriptExec{file: filepath.Base(f), negated: m[1] != "", words: []string{"mcp"}})
				continue
			}
			m := line.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			rest := regexp.MustCompile(`\s*&\w*&?$`).ReplaceAllString(m[2], "")
			out = append(out, scriptExec{file: filepath.Base(f), negated: m[1] != "", words: strings.Fields(rest)})
		}
	}
	return out
}

// readmeCommands is every command the README shows: each `$ ` line and
// each `make` line of a code block, and each inline code span that is a
// command (clauz3 ..., sudo clauz3 ..., make ..., go install ...),
// whitespace normalised, comments dropped.
func readmeCommands(readme string) (block, inline []string) {
	inCode := false
	for _, l := range strings.Split(readme, "\n") {
		if strings.HasPrefix(l, "```") {
			inCode = !inCode
			continue
		}
		if !inCode {
			continue
		}
		l, _, _ = strings.Cut(l, " #")
		l = strings.TrimSpace(l)
		if rest, ok := strings.CutPrefix(l, "$ "); ok {
			block = append(block, strings.Join(strings.Fields(rest), " "))
		} else if strings.HasPrefix(l, "make ") {
			block = append(block, strings.Join(strings.Fields(l), " "))
		}
	}
	// Inline spans, outside code blocks (a block's lines hold no spans
	// of their own).
	var prose strings.Builder
	inCode = false
	for _, l := range strings.Split(readme, "\n") {
		if strings.HasPrefix(l, "```") {
			inCode = !inCode
			continue
		}
		if !inCode {
			prose.WriteString(l + "\n")
		}
	}
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(prose.String(), -1) {
		c := strings.Join(strings.Fields(m[1]), " ")
		if regexp.MustCompile(`^(sudo clauz3|clauz3|make|go install)( |$)`).MatchString(c) {
			inline = append(inline, c)
		}
	}
	return block, inline
}

// placeholder is a word of a command's synopsis that stands for a value
// (NAME, PLAN, NAME=JSON, [ID]) or marks optional or repeated parts.
var placeholder = regexp.MustCompile(`^\[?[A-Z][A-Z0-9_=]*\]?(\.\.\.)?$|^\.\.\.$`)

// TestREADMEEveryCommandIsRun: every command the README shows is run by a
// script in testdata/script, not only the "first approved run" section's
// (TestREADMECommandsAreScripted): a `$ clauz3` line of a code block by
// an `exec clauz3` that succeeds, with the same arguments and at least
// its flags (only scriptOnlyFlags added); a command named in the prose
// (`clauz3 layers configure NAME`, `clauz3 run [--arg NAME=JSON]...
// PLAN`) by a succeeding exec of the same verb with each flag it names;
// `make install` and `go install ./cmd/clauz3` by the script's go
// install. The few commands no script can run are listed in notScripted
// with the test that runs them instead.
func TestREADMEEveryCommandIsRun(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	block, inline := readmeCommands(string(readme))
	if len(block) < 5 || len(inline) < 5 {
		t.Fatalf("the README shows %d commands in code blocks and %d in its prose; the parser lost them", len(block), len(inline))
	}
	execs := scriptExecs(t)
	// excused: c is in notScripted, and what it names runs it.
	excused := func(c string) bool {
		n, ok := notScripted[c]
		if !ok {
			return false
		}
		src, err := os.ReadFile(n.file)
		if err != nil || !strings.Contains(string(src), n.test) {
			t.Errorf("README command %q: notScripted says %s runs it (%s in %s), which is not there", c, n.why, n.test, n.file)
		}
		return true
	}
	covered := func(c string, exact bool) bool {
		if excused(c) {
			return true
		}
		words := strings.Fields(c)
		switch {
		case c == "make install" || c == "go install ./cmd/clauz3":
			// first_approved_run.txtar runs go install ./cmd/clauz3 (the
			// install target's recipe, which TestREADMECommandsAreScripted
			// checks).
			script, err := os.ReadFile(filepath.Join("testdata", "script", "first_approved_run.txtar"))
			return err == nil && strings.Contains(string(script), "\nexec go install ./cmd/clauz3\n")
		case words[0] == "sudo":
			words = words[1:]
		}
		if words[0] != "clauz3" {
			return false
		}
		if exact {
			pos, flags := splitArgs(words[1:])
			for _, e := range execs {
				epos, eflags := splitArgs(e.words)
				if e.negated || !slices.Equal(pos, epos) {
					continue
				}
				ok := true
				for _, f := range flags {
					ok = ok && slices.Contains(eflags, f)
				}
				for _, f := range eflags {
					ok = ok && (slices.Contains(flags, f) || slices.Contains(scriptOnlyFlags, f))
				}
				if ok {
					return true
				}
			}
			return false
		}
		// A synopsis: the literal verb words, then the flags it names.
		var verb, flags []string
		for _, w := range words[1:] {
			w = strings.Trim(w, "[]")
			switch {
			case strings.HasPrefix(w, "-"):
				name, _, _ := strings.Cut(w, "=")
				flags = append(flags, name)
			case placeholder.MatchString(w) || w == "":
			case len(flags) == 0:
				verb = append(verb, w)
			}
		}
		if len(flags) == 0 && excused(strings.Join(append([]string{"clauz3"}, verb...), " ")) {
			return true
		}
		// The verb is run (and succeeds) by some script, and so is each
		// flag the synopsis names (a synopsis lists options: one run
		// need not use them all).
		ran, used := false, map[string]bool{}
		for _, e := range execs {
			if e.negated || len(e.words) < len(verb) || !slices.Equal(e.words[:len(verb)], verb) {
				continue
			}
			if len(e.words) > len(verb) && len(verb) == 1 && isSubVerb(verb[0], e.words[1]) {
				continue // `clauz3 service run` is not `clauz3 service`
			}
			ran = true
			for _, w := range e.words[len(verb):] {
				name, _, _ := strings.Cut(w, "=")
				used[name] = true
			}
		}
		for _, f := range flags {
			if !used[f] {
				t.Errorf("README command `%s`: no script runs clauz3 %s with %s", c, strings.Join(verb, " "), f)
			}
		}
		return ran
	}
	for _, c := range block {
		if !covered(c, true) {
			t.Errorf("README command %q (in a code block) is run by no script in testdata/script with the same arguments and flags", c)
		}
	}
	for _, c := range inline {
		if !covered(c, false) {
			t.Errorf("README command `%s` is run by no script in testdata/script (a succeeding exec of that verb with the flags it names)", c)
		}
	}
}

// isSubVerb reports whether w is a sub-command of the two-word verbs.
func isSubVerb(verb, w string) bool {
	switch verb {
	case "service":
		return w == "init" || w == "run"
	case "layers":
		return w == "install" || w == "configure"
	case "audit":
		return w == "verify"
	}
	return false
}
