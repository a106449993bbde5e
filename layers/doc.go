// Package layers holds the bundled trusted layers that `clauz3 install`
// copies into a project: for each domain (email, bank, db, filesystem,
// env, grep, editor, web_fetch, web_search), the Python spec files (effects, contracts, schemas,
// policy, in the original Python ClauZ3 format), the Go implementation of
// its effects in
// the Go package beside them, a README.md and a cases/ folder of plans with
// expected verdicts, all embedded in the clauz3 binary (FS, Bundled).
//
// Install copies a bundled layer (by name, "email" or "stdlib:email") or a
// local layer folder into DIR/tools/<domain>/trusted/: the .py spec files,
// the non-test .go files and README.md, never cases/ or tests. It loads
// the copy with compiler/layer before putting it in place, so a layer that
// does not load is refused and nothing is written; an existing layer is
// replaced only with force.
//
// What it refuses: an unknown bundled name, a source folder without
// effects.py, a domain that is not a Python identifier, a destination that
// exists (without force), a layer whose spec files do not load. Each is
// an *Error whose Kind says which (KindOf reads it through wrapping); the
// message's words are for people.
//
// A layer's Go code may import only the standard library, the runtime
// (planrt), securitymod and the vetted third-party modules of gen
// (modernc.org/sqlite and its dependencies); every effect runs the
// security floors before it acts. In a sealed binary built with a sandbox
// configuration the kernel also confines the layer to what its
// configuration names (gen.SandboxPolicy; docs/threat-model.md, Sandbox);
// the email, bank and filesystem tests run their happy paths so confined,
// and each layer's tests run an operation its policy does not grant
// (sandboxtest.Refused). A layer's Go code wraps every cause it passes on
// with %w: the runtime tells the sandbox's refusal from the effect's own
// failure by the errno in the error's chain (sandbox.Classify), never by
// its text, so a flattened cause ends as the effect's own failure
// (TestLayersKeepErrorCauses checks the source).
//
// Every layer's errors carry a Kind (an *Error per package, KindOf), and
// the tests tell errors apart by it and by the causes in the chain, never
// by the words; a test reads an error's text only where the words are
// the thing under test, after a comment saying so
// (TestTestsTellErrorsByKind checks the tests' source).
//
// Callers: cmd/clauz3 (install, test, tools) and layers/casecheck; the
// layer subpackages are linked into sealed binaries by gen, never this
// package.
package layers
