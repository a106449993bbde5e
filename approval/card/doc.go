// Package card computes what the approval page shows the human besides the
// guarantees (issue 11, "the card shows what will happen"), from the
// compiled program the service proved itself.
//
// Build(prog, src) lists:
//   - every call of a trusted effect the target can make (statically:
//     helpers and dead branches included, prover.CalledEffects), each
//     argument as a constant (its Python literal), an input (a target
//     parameter) or a computed value (its expression), the preconditions
//     proved at the call, and the guarantees that select every call of
//     the effect or only some (prover.Selects, the definition coverage
//     and approval policies share);
//   - the target's inputs;
//   - each guarantee with the called effects it selects; one that selects
//     none is Vacuous: it holds whatever the plan does (a contract about
//     something else, or one whose relation a changed marker in the
//     layer's effects.py no longer points at; attacks H1/H2);
//   - Warnings, most serious first: a called effect no guarantee selects
//     (uncovered) or selects only in part, a vacuous guarantee, a money
//     argument whose layer declares no unit, and flagged text; the
//     service's re-proof puts Unconfined first when this machine lacks a
//     protection of the kernel sandbox (the run would go unconfined, or
//     be refused after approval when the configuration does not allow
//     that);
//   - Sandbox: what the run will be able to touch (files, secret store,
//     network ports, the hosts it can connect to as the layers'
//     configuration names them: "connects to: the mail server
//     smtp.example.com:587 (email layer)", web_fetch's "any public host on
//     ports 80, 443", gen.SandboxHosts; limits), filled by the service's
//     re-proof from the sandbox
//     policy its build would embed (Build leaves it empty).
//
// Text (TextFlags, ASCIIForm): control and invisible characters, non-ASCII
// characters (named with code point and script) and letters of more than
// one script (bob@exаmple.com with a Cyrillic а; attack U1) are flagged in
// every line of the plan source (so a look-alike that reaches an effect
// through a variable, a concatenation, an f-string or a helper, and a
// bidirectional override in a comment, are caught), in every string
// constant of the program (one written with escapes reads as ASCII in the
// source), and on each literal argument and guarantee argument where it
// is shown, and in every input of the run (Fill): a string input as a
// whole, and each string of a list, dict or tuple input, its object keys
// too (attack U3), where an object key named twice is also a warning that
// says the value the run takes (the last, as Python's json does). An
// e-mail domain, a URL host or a bare domain with non-ASCII is shown in
// its ASCII punycode form (golang.org/x/net/idna, lookup profile).
//
// Money: an integer parameter is money in the unit its layer declares in
// the effect's docstring ("card unit amount: cents, 2 decimals";
// ir.EffectCard.Units, checked and pinned with the layer), shown as
// "999.99 (99999 cents)"; this package keeps no table of layers' units,
// so a new money layer needs no change here. An integer parameter named
// amount, price, cost, total or limit whose layer declares no unit is
// shown with "(unit not declared by the layer)" and a warning.
//
// Plain English (describe.go): the card speaks to a person who is not a
// programmer. Each call has Says, a sentence in the words its layer
// declares in the effect's docstring (ir.Effect.Card: "card: Send an
// email to {addr} saying “{msg}”", "card action: ...", "card label addr:
// recipient", "card unit amount: cents, 2 decimals"; every bundled layer declares its own, and so can any
// third-party layer), kept as Template so Fill and Ran can say it again;
// an effect whose layer declares nothing is said generically, naming the
// action from its name and every argument ("Do “ring bell” (an action of
// the pager layer that does not describe itself), with times 3"), never
// with nothing. Each argument has a plain Label ("recipient" for addr),
// each guarantee its
// ir/english sentence without effect function or field names, and
// warnings say what the action does and on which plan line. Function,
// parameter and layer package names stay in the structured fields for
// the page's collapsed technical details. Money reads "12.50 (1250
// cents)". Fill puts the inputs of this run on the card (their text
// flagged like any other); SetConfig the layer configuration the
// service will use for the layers the plan calls (labelled: "Mail
// server", "Sender address", "Ledger", "Folders the plan may touch");
// Ran says a traced call after the run in the same words; CoverageText
// says a coverage status in words. Text from the plan, the inputs, the
// configuration or the trace is put in a sentence through Visible: a
// control, format (bidirectional override, zero-width) or non-ASCII space
// character reads ⟨U+XXXX⟩, so it cannot hide or reorder the sentence;
// an input the plan does not take is a warning.
//
// Build refuses (an error) a program it cannot read whole, so a card never
// silently leaves a call out. Callers: approval/serve's re-proof
// pipeline, the approval UI through approval.Proof.Card.
package card
