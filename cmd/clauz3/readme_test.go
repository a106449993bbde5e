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
