package layer

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// TestEffectCard reads the card declaration of an effect from its
// docstring, and refuses a malformed one at the docstring, with why: a
// card must never silently lose or misplace its sentence.
func TestEffectCard(t *testing.T) {
	const head = "import clauz3\n\n@clauz3.trusted\ndef send_email(addr: str, msg: str) -> None:\n"
	for _, tc := range []struct {
		name string
		doc  string
		want *ir.EffectCard
		err  string
	}{
		{name: "none", doc: "", want: nil},
		{name: "prose only", doc: `    """Sends one message; cardinality: one."""` + "\n", want: nil},
		{name: "full", doc: `    """Sends one message.

    card: Send an email to {addr} saying “{msg}”
    card action: send an email
    card label addr: recipient
    card label msg:  message
    """` + "\n", want: &ir.EffectCard{Says: "Send an email to {addr} saying “{msg}”", Action: "send an email", Labels: map[string]string{"addr": "recipient", "msg": "message"}}},
		{name: "sentence only", doc: `    """card: Send {msg} to {addr}"""` + "\n", want: &ir.EffectCard{Says: "Send {msg} to {addr}", Labels: map[string]string{}}},
		{name: "a parameter left out", doc: `    """card: Send a message to {addr}"""` + "\n", err: "the sentence does not show the parameter msg"},
		{name: "unknown parameter", doc: `    """card: Send {body} to {addr}: {msg}"""` + "\n", err: "names {body}, which is not a parameter of send_email"},
		{name: "empty placeholder", doc: `    """card: Send {} to {addr}: {msg}"""` + "\n", err: "names {}, which is not a parameter"},
		{name: "unmatched brace", doc: `    """card: Send {msg to {addr}: {msg}"""` + "\n", err: "unmatched brace"},
		{name: "label of no parameter", doc: "    \"\"\"card: Send {msg} to {addr}\n    card label body: text\"\"\"\n", err: `"card label body" labels body, which is not a parameter`},
		{name: "unknown key", doc: "    \"\"\"card: Send {msg} to {addr}\n    card sentence: text\"\"\"\n", err: `unknown key "card sentence"`},
		{name: "twice", doc: "    \"\"\"card: Send {msg} to {addr}\n    card: Mail {msg} to {addr}\"\"\"\n", err: `"card" is given twice`},
		{name: "empty", doc: "    \"\"\"card: Send {msg} to {addr}\n    card action:\"\"\"\n", err: `has no text`},
		{name: "no sentence", doc: "    \"\"\"card action: send an email\"\"\"\n", err: `has no sentence`},
		{name: "bidi override", doc: "    \"\"\"card: Send {msg} to \u202e{addr}\"\"\"\n", err: "invisible character U+202E"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := tc.doc + "    ...\n"
			dir, err := loadFiles(t, map[string]string{"effects.py": head + body})
			if tc.err != "" {
				diagtest.Want(t, err, ir.LayerError, tc.err)
				if ds := ir.Diagnostics(err); len(ds) == 0 || ds[0].Pos.File != filepath.Join(dir, "effects.py") || ds[0].Pos.Line != 5 {
					t.Fatalf("Load = %v; want a refusal at effects.py line 5 saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			l := load(t, dir, "tools.t.trusted")
			if got := l.Effect("send_email").Card; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Card = %#v, want %#v", got, tc.want)
			}
		})
	}
}

// TestEffectCardUnit reads the money unit a layer declares for an integer
// parameter ("card unit PARAM: NAME[, N decimals]"), so the approval card
// needs no table of layers' units; and refuses, at the docstring, a unit
// it could show wrongly: of no parameter, of a parameter that is not an
// integer, with no name, or with decimals it cannot read or scale.
func TestEffectCardUnit(t *testing.T) {
	const head = "import clauz3\n\n@clauz3.trusted\ndef pay(to: str, amount: int) -> None:\n"
	for _, tc := range []struct {
		name string
		unit string
		want map[string]ir.MoneyUnit
		err  string
	}{
		{name: "cents", unit: "card unit amount: cents, 2 decimals", want: map[string]ir.MoneyUnit{"amount": {Name: "cents", Decimals: 2}}},
		{name: "words", unit: "card unit amount: US dollar cents,  2   decimals", want: map[string]ir.MoneyUnit{"amount": {Name: "US dollar cents", Decimals: 2}}},
		{name: "one decimal", unit: "card unit amount: dimes, 1 decimal", want: map[string]ir.MoneyUnit{"amount": {Name: "dimes", Decimals: 1}}},
		{name: "no decimals", unit: "card unit amount: yen", want: map[string]ir.MoneyUnit{"amount": {Name: "yen"}}},
		{name: "zero decimals", unit: "card unit amount: yen, 0 decimals", want: map[string]ir.MoneyUnit{"amount": {Name: "yen"}}},
		{name: "not a parameter", unit: "card unit price: cents, 2 decimals", err: `"card unit price" is the unit of price, which is not a parameter of pay`},
		{name: "not an integer", unit: "card unit to: cents, 2 decimals", err: `"card unit to": to is a str, not an int`},
		{name: "no name", unit: "card unit amount: , 2 decimals", err: `"card unit amount": names no unit`},
		{name: "bad decimals", unit: "card unit amount: cents, two decimals", err: `"card unit amount": "two decimals" is not "N decimals"`},
		{name: "too many decimals", unit: "card unit amount: cents, 19 decimals", err: `"card unit amount": 19 decimals is more than 18`},
		{name: "twice", unit: "card unit amount: cents, 2 decimals\n    card unit amount: yen", err: `"card unit amount" is given twice`},
		{name: "hidden character", unit: "card unit amount: c\u200bents, 2 decimals", err: "invisible character U+200B"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := "    \"\"\"card: Pay {amount} to {to}\n    " + tc.unit + "\n    \"\"\"\n    ...\n"
			dir, err := loadFiles(t, map[string]string{"effects.py": head + body})
			if tc.err != "" {
				diagtest.Want(t, err, ir.LayerError, tc.err)
				if ds := ir.Diagnostics(err); len(ds) == 0 || ds[0].Pos.File != filepath.Join(dir, "effects.py") || ds[0].Pos.Line != 5 {
					t.Fatalf("Load = %v; want a refusal at effects.py line 5 saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			l := load(t, dir, "tools.t.trusted")
			if got := l.Effect("pay").Card; got == nil || !reflect.DeepEqual(got.Units, tc.want) {
				t.Errorf("Card = %#v, want Units %#v", got, tc.want)
			}
		})
	}
}
