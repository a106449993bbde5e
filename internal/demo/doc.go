// Package demo is `make demo` and `make demo-approve` (cmd/clauz3-demo):
// the product's main job end to end on one machine, with real parts.
//
// Run starts a real SMTP server on loopback (MailSink: go-smtp, STARTTLS
// with a certificate from a CA made for the run, no mail accepted before
// STARTTLS), sets up a dev-mode approval service in the demo's folder
// with clauz3's own commands (service init --dev with --client-home, so
// the user's own client configuration is never replaced; layers install
// email and bank; layers configure email with the server, sender and CA;
// layers configure bank with a "checking" account of 1000 cents), writes
// the demo user's policy (approve emails.only(["bob@example.com"]) and
// bank.max_spend(5); none with Approve, so the human decides in the
// browser with the password the demo prints), starts `clauz3 service run`
// in its own process group and waits until its login page answers over
// HTTP at the address given at init (its log is shown, never parsed),
// and runs four plans through package runner,
// exactly as `clauz3 run` does, against that service: the only-Bob plan
// (its message shown as the server received it), the variant that also
// emails Ann (refused with its counterexample, never submitted), the
// bank plan spending 2 + 3 cents (the ledger's balance before and after),
// and its 2 + 4 variant (refused, the ledger untouched).
//
// Run fails, with the reason, when any step does not do what the demo
// says (an exit status, a message count, a balance), and stops
// everything it started before it returns, whatever happened.
//
// Callers: cmd/clauz3-demo; TestDemo drives both variants with real
// processes.
package demo
