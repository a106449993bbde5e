package card

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// phrase is how a person who is not a programmer is told what one call of
// an effect does: an action (for lists: "send an email"), a sentence
// template over the arguments ({param} is replaced by the argument as
// shown) and a plain label for each parameter.
type phrase struct {
	action string
	says   string
	labels map[string]string
}

// phraseOf is e's phrase: the one its layer declares in the effect's
// docstring (ir.Effect.Card, compiler/layer), or, when the layer declares
// none, a generic sentence that names the effect and its layer in words
// and lists every argument, so a call is never said with nothing.
func phraseOf(e *ir.Effect) phrase {
	p := phrase{action: words(e.Name), labels: map[string]string{}}
	for _, q := range e.Params {
		p.labels[q.Name] = words(q.Name)
	}
	if c := e.Card; c != nil && c.Says != "" {
		p.says = c.Says
		if c.Action != "" {
			p.action = c.Action
		}
		for k, v := range c.Labels {
			p.labels[k] = v
		}
		return p
	}
	p.says = genericSays(p.action, words(domainOf(e.Layer)), e.Params, p.labels)
	return p
}

// genericSays is the sentence of an effect whose layer does not describe
// it: "Do “send email” (an action of the email layer that does not
// describe itself), with addr {addr}, msg {msg}".
func genericSays(action, layer string, params []*ir.Param, labels map[string]string) string {
	s := "Do “" + action + "” (an action of the " + layer + " layer that does not describe itself)"
	var parts []string
	for _, q := range params {
		parts = append(parts, labels[q.Name]+" {"+q.Name+"}")
	}
	if len(parts) > 0 {
		s += ", with " + strings.Join(parts, ", ")
	}
	return s
}

// words turns an identifier into words: send_email -> "send email".
func words(id string) string { return strings.TrimSpace(strings.ReplaceAll(id, "_", " ")) }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// label is the plain name of e's parameter param.
func label(e *ir.Effect, param string) string {
	if l, ok := phraseOf(e).labels[param]; ok {
		return l
	}
	return words(param)
}

// shown is how an argument reads inside a sentence: a text constant as
// itself in quotes (its ASCII form beside it when a domain differs), a
// number as money when it is money, an input by its value in this run (or
// as "the input NAME" while that is not known), and a computed value as
// such.
func (a Arg) shown(inputs map[string]string) string {
	switch a.Kind {
	case "constant":
		if a.Money != "" {
			return a.Money
		}
		if s, err := strconv.Unquote(pyToGoQuote(a.Value)); err == nil && a.Type == "str" {
			out := Visible(s)
			if a.ASCII != "" {
				out += " (reads as " + a.ASCII + ")"
			}
			return out
		}
		return a.Value
	case "input":
		v, ok := inputs[a.Value]
		if !ok {
			return "the input " + a.Value
		}
		if a.Money != "" {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				return moneyText(a.unit(), &n, v)
			}
		}
		var s string
		if json.Unmarshal([]byte(v), &s) == nil {
			return Visible(s)
		}
		return Visible(v)
	}
	return article(a.Label) + " " + a.Label + " the plan computes"
}

// article is "an" before a vowel sound's letter, else "a".
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}

// pyToGoQuote turns a Python single-quoted literal into a Go one, so the
// card shows the text itself; anything else is returned unchanged and
// fails to unquote.
func pyToGoQuote(lit string) string {
	if len(lit) >= 2 && lit[0] == '\'' && lit[len(lit)-1] == '\'' {
		inner := strings.ReplaceAll(lit[1:len(lit)-1], `\'`, `'`)
		return `"` + strings.ReplaceAll(inner, `"`, `\"`) + `"`
	}
	return lit
}

var placeholder = regexp.MustCompile(`“?\{([A-Za-z_][A-Za-z0-9_]*)\}”?`)

// sentence renders what this call does, with the inputs of this run. A
// quoted placeholder keeps its quotes only around text that is known.
func (ef *Effect) sentence(inputs map[string]string) string {
	return placeholder.ReplaceAllStringFunc(ef.Template, func(m string) string {
		quoted := strings.HasPrefix(m, "“") && strings.HasSuffix(m, "”")
		name := placeholder.FindStringSubmatch(m)[1]
		for _, a := range ef.Args {
			if a.Name != name {
				continue
			}
			v := a.shown(inputs)
			if quoted && (a.Kind == "constant" || a.Kind == "input" && inputs[a.Value] != "") {
				return "“" + v + "”"
			}
			return v
		}
		return m
	})
}

// plainEnglish rewrites a guarantee's English rendering (ir/english) for a
// person: the lists of effect function names in parentheses go, and each
// field name of an effect reads as its label ("addr" -> "the recipient").
// Quoted text is left alone.
func plainEnglish(s string, labels map[string]string, effects map[string]bool) string {
	var b strings.Builder
	for _, part := range splitQuoted(s) {
		if part.quoted {
			b.WriteString(part.text)
			continue
		}
		// Only a parenthesised list made entirely of effect names goes, so
		// no other text of the sentence can disappear.
		text := effectList.ReplaceAllStringFunc(part.text, func(m string) string {
			for _, name := range strings.Split(strings.Trim(m, " ()"), ", ") {
				if !effects[name] {
					return m
				}
			}
			return ""
		})
		text = identifier.ReplaceAllStringFunc(text, func(w string) string {
			l, ok := labels[w]
			if !ok {
				return w
			}
			return "the " + l
		})
		b.WriteString(strings.ReplaceAll(text, "the the ", "the "))
	}
	return b.String()
}

var (
	effectList = regexp.MustCompile(` \([a-z_][a-z0-9_]*(?:, [a-z_][a-z0-9_]*)*\)`)
	identifier = regexp.MustCompile(`\b[a-z_][a-z0-9_]*\b`)
)

type textPart struct {
	text   string
	quoted bool
}

// splitQuoted splits s into runs outside and inside '...' or "..."
// literals.
func splitQuoted(s string) []textPart {
	var out []textPart
	start, quote := 0, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == 0 && (c == '\'' || c == '"'):
			out = append(out, textPart{s[start:i], false})
			start, quote = i, c
		case quote != 0 && c == '\\':
			i++
		case quote != 0 && c == quote:
			out = append(out, textPart{s[start : i+1], true})
			start, quote = i+1, 0
		}
	}
	return append(out, textPart{s[start:], quote != 0})
}

// Setting is one line of the configuration the service will give a layer
// the plan uses, as a person reads it.
type Setting struct {
	Layer string `json:"layer"`
	Label string `json:"label"`
	Value string `json:"value"`
	Key   string `json:"key"` // the layer's own name for it (technical details)
}

// settingLabels name the bundled layers' settings in plain words.
var settingLabels = map[string]string{
	"CLAUZ3_SMTP_HOST":      "Mail server",
	"CLAUZ3_SMTP_PORT":      "Mail server port",
	"CLAUZ3_SMTP_FROM":      "Sender address",
	"CLAUZ3_SMTP_TLS":       "Mail encryption",
	"CLAUZ3_SMTP_USER":      "Mail server login",
	"CLAUZ3_SMTP_CA_FILE":   "Mail server certificate authority",
	"CLAUZ3_BANK_DB":        "Ledger",
	"CLAUZ3_DB_PATH":        "Database",
	"CLAUZ3_FS_ROOTS":       "Folders the plan may touch",
	"CLAUZ3_WEB_TIMEOUT":    "Web time limit",
	"CLAUZ3_WEB_MAX_BYTES":  "Largest web answer",
	"CLAUZ3_SEARCH_URL":     "Search service",
	"CLAUZ3_SEARCH_TIMEOUT": "Search time limit",
	"CLAUZ3_SEARCH_CA_FILE": "Search service certificate authority",
}

// settingOrder is the order settings are shown in: the one a person
// reads them in (where to, from whom, how), others after, by name.
var settingOrder = []string{"CLAUZ3_SMTP_HOST", "CLAUZ3_SMTP_PORT", "CLAUZ3_SMTP_FROM", "CLAUZ3_SMTP_TLS", "CLAUZ3_SMTP_USER", "CLAUZ3_SMTP_CA_FILE",
	"CLAUZ3_BANK_DB", "CLAUZ3_DB_PATH", "CLAUZ3_FS_ROOTS", "CLAUZ3_SEARCH_URL"}

func settingRank(k string) int {
	for i, o := range settingOrder {
		if o == k {
			return i
		}
	}
	return len(settingOrder)
}

// SetConfig records the configuration the service will give the layers
// this plan uses (layerEnv: "KEY=value" by layer domain, as the service
// reads <config>/layers/<domain>.json). A used layer with no
// configuration is listed as such, so the absence is visible.
func (c *Card) SetConfig(layerEnv map[string][]string) {
	c.Config = []Setting{}
	seen := map[string]bool{}
	for _, ef := range c.Effects {
		d := domainOf(ef.Layer)
		if seen[d] {
			continue
		}
		seen[d] = true
		env := layerEnv[d]
		if len(env) == 0 {
			c.Config = append(c.Config, Setting{Layer: words(d), Label: "Settings", Value: "none: the layer's defaults"})
			continue
		}
		env = append([]string{}, env...)
		sort.SliceStable(env, func(i, j int) bool {
			ki, _, _ := strings.Cut(env[i], "=")
			kj, _, _ := strings.Cut(env[j], "=")
			if ri, rj := settingRank(ki), settingRank(kj); ri != rj {
				return ri < rj
			}
			return ki < kj
		})
		for _, kv := range env {
			k, v, _ := strings.Cut(kv, "=")
			l, ok := settingLabels[k]
			if !ok {
				l = capitalize(strings.ToLower(words(strings.TrimPrefix(k, "CLAUZ3_"))))
			}
			c.Config = append(c.Config, Setting{Layer: words(d), Label: l, Value: Visible(v), Key: k})
		}
	}
}

// Fill records the inputs of this run ("name=JSON", as submitted) on the
// card: each input's value, each sentence that reads one, and a warning
// for an input value whose text may not be what it looks like. A value
// the card cannot read stays as sent and is flagged.
func (c *Card) Fill(inputs []string) {
	vals := map[string]string{}
	params := map[string]bool{}
	for _, in := range c.Inputs {
		params[in.Name] = true
	}
	for _, in := range inputs {
		name, raw, _ := strings.Cut(in, "=")
		vals[name] = raw
		if !params[name] {
			// The sealed binary refuses it; the human is told anyway,
			// rather than shown a card without it.
			c.warn(Text, fmt.Sprintf("the run was submitted with an input %s = %s that the plan does not take", Visible(name), Visible(raw)))
		}
	}
	for i := range c.Inputs {
		v, ok := vals[c.Inputs[i].Name]
		if !ok {
			continue
		}
		c.Inputs[i].Value = Visible(v)
		var s string
		if json.Unmarshal([]byte(v), &s) == nil {
			c.Inputs[i].Value = Visible(s)
			for _, f := range TextFlags(s) {
				c.warn(Text, fmt.Sprintf("the input %s of this run is %s: %s", c.Inputs[i].Name, Visible(v), f))
			}
			if form, ok, _ := ASCIIForm(s); ok {
				c.warn(Text, fmt.Sprintf("the input %s of this run reads %s but its domain is %s", c.Inputs[i].Name, Visible(s), form))
			}
			continue
		}
		// A list, dict or tuple holds text too, and the plan uses it as
		// it would a string input: it is shown as its JSON, so each
		// string in it (keys included) is checked like a string input,
		// and a key named twice is said with the value the run takes.
		c.flagStructured(c.Inputs[i].Name, v)
	}
	for i := range c.Effects {
		c.Effects[i].Says = c.Effects[i].sentence(vals)
	}
	for i, w := range c.Warnings {
		if w.Call > 0 && w.Call <= len(c.Effects) {
			c.Warnings[i].Message = callWarning(w.Kind, &c.Effects[w.Call-1])
		}
	}
	c.sortWarnings()
}

// flagStructured warns of what in the JSON value raw of the input name
// may not be what it looks like: every string in it (object keys too)
// that TextFlags or ASCIIForm flags, and every object key named more than
// once, with the value the run uses (the last, as Python's json and the
// sealed binary's parser take it). A value Go's decoder cannot walk is
// said to be unreadable: the sealed binary refuses it too, and the human
// is told rather than shown nothing.
func (c *Card) flagStructured(name, raw string) {
	texts, dups, err := walkJSON(raw)
	if err != nil {
		c.warn(Text, fmt.Sprintf("the input %s of this run is not JSON the card can read (%v): the sealed binary refuses it", name, err))
		return
	}
	flagged := 0
	for _, s := range texts {
		flags := TextFlags(s)
		form, ok, _ := ASCIIForm(s)
		if len(flags) == 0 && !ok {
			continue
		}
		// A submission is at most 1 MiB, yet that is tens of thousands of
		// strings: the first few are said, the rest counted, so the card
		// stays readable and small and still says there are more.
		if flagged++; flagged > maxFlaggedStrings {
			continue
		}
		for _, f := range flags {
			c.warn(Text, fmt.Sprintf("the input %s of this run holds “%s”: %s", name, Visible(s), f))
		}
		if ok {
			c.warn(Text, fmt.Sprintf("the input %s of this run holds “%s” whose domain is %s", name, Visible(s), form))
		}
	}
	if flagged > maxFlaggedStrings {
		c.warn(Text, fmt.Sprintf("the input %s of this run holds %d more flagged strings besides the %d above: read its value whole", name, flagged-maxFlaggedStrings, maxFlaggedStrings))
	}
	for i, d := range dups {
		if i == maxFlaggedStrings {
			c.warn(Text, fmt.Sprintf("the input %s of this run names %d more keys twice besides the %d above: read its value whole", name, len(dups)-maxFlaggedStrings, maxFlaggedStrings))
			break
		}
		c.warn(Text, fmt.Sprintf("the input %s of this run names the key “%s” twice: the run uses its last value, %s", name, Visible(d.key), d.last))
	}
}

// maxFlaggedStrings is how many flagged strings of one structured input
// the card names; the others are counted in one more warning.
const maxFlaggedStrings = 16

// duplicateKey is an object key named more than once, with its last
// value as the card says it.
type duplicateKey struct {
	key, last string
}

// walkJSON reads the first JSON value of raw in one pass of tokens (no
// recursion, so a deeply nested value costs no more than a flat one) and
// returns every string in it, object keys included, and every key an
// object names twice with the value the run takes (the last).
func walkJSON(raw string) (texts []string, dups []duplicateKey, err error) {
	normal, numbers := plainNumbers(raw)
	dec := json.NewDecoder(strings.NewReader(normal))
	dec.UseNumber()
	type frame struct {
		obj, wantKey bool
		key          string
		seen         map[string]bool
		dup          map[string]int // key -> index in dups
	}
	var stack []*frame
	// done records a finished value in the object it belongs to.
	done := func(shown string) {
		if len(stack) == 0 {
			return
		}
		f := stack[len(stack)-1]
		if !f.obj {
			return
		}
		if i, ok := f.dup[f.key]; ok {
			dups[i].last = shown
		}
		f.wantKey = true
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		var f *frame
		if len(stack) > 0 {
			f = stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &frame{obj: true, wantKey: true, seen: map[string]bool{}, dup: map[string]int{}})
			case '[':
				stack = append(stack, &frame{})
			case '}', ']':
				stack = stack[:len(stack)-1]
				done(map[bool]string{true: "an object", false: "a list"}[t == '}'])
			}
		case string:
			texts = append(texts, t)
			if f != nil && f.obj && f.wantKey {
				f.key, f.wantKey = t, false
				if f.seen[t] {
					if _, ok := f.dup[t]; !ok {
						f.dup[t] = len(dups)
						dups = append(dups, duplicateKey{key: t})
					}
				}
				f.seen[t] = true
				continue
			}
			done("“" + Visible(t) + "”")
		case nil:
			done("null")
		case json.Number:
			// Each number of the normal form stands for the next literal
			// of raw, in order.
			lit := string(t)
			if len(numbers) > 0 {
				lit, numbers = numbers[0], numbers[1:]
			}
			done(Visible(lit))
		default: // a bool
			done(Visible(fmt.Sprint(t)))
		}
		if len(stack) == 0 {
			return texts, dups, nil
		}
	}
}

// callWarning is the message of an uncovered or partly covered call.
func callWarning(kind string, ef *Effect) string {
	if kind == PartlyCovered {
		return fmt.Sprintf("%s (%s) is limited only in part: the promises of the plan cover only some such actions (a filter, a shared value or a lower bound)", ef.Says, ef.Where)
	}
	return fmt.Sprintf("%s (%s) is limited by no promise of the plan: nothing it guarantees stops this action", ef.Says, ef.Where)
}

// CoverageText says a coverage status in plain words; missing are the
// contracts the layer expects ("bank.max_spend").
func CoverageText(status string, missing []string) string {
	names := make([]string, len(missing))
	for i, m := range missing {
		_, n, ok := strings.Cut(m, ".")
		if !ok {
			n = m
		}
		names[i] = words(n)
	}
	switch status {
	case "covered":
		return "covered by the plan's promises"
	case "waived":
		return "the plan explicitly promises nothing here"
	case "recommended_gap":
		return "the layer recommends promises this plan does not make: " + strings.Join(names, ", ")
	case "silent_gap":
		if len(names) > 0 {
			return "the plan makes no promise about this layer; it recommends: " + strings.Join(names, ", ")
		}
		return "the plan makes no promise about this layer"
	case "required_gap":
		return "the layer requires promises this plan does not make: " + strings.Join(names, ", ")
	}
	return "unknown coverage (" + status + "): treat the plan as unpromised here"
}

// LayerName is a layer's domain as a person reads it: tools.bank.trusted
// -> "bank".
func LayerName(layer string) string { return words(domainOf(layer)) }

// Ran says in plain English what one traced effect call did, with the
// values it was called with (args: parameter name to JSON value), using
// the card's own description of that effect. An effect the card does not
// list (which the plan could not call) is said as such, loudly.
func (c *Card) Ran(effect string, args map[string]json.RawMessage) string {
	for _, ef := range c.Effects {
		if ef.Name != effect {
			continue
		}
		run := ef
		run.Args = make([]Arg, len(ef.Args))
		vals := map[string]string{}
		for i, a := range ef.Args {
			run.Args[i] = Arg{Label: a.Label, Name: a.Name, Type: a.Type, Kind: "input", Value: a.Name, Money: a.Money, Unit: a.Unit, Decimals: a.Decimals}
			if v, ok := args[a.Name]; ok {
				vals[a.Name] = string(v)
			}
		}
		run.Template = templateOf(ef)
		return run.sentence(vals)
	}
	return "an action the card does not list (" + effect + "): read the technical details"
}

// templateOf is the sentence template of a card effect read back from
// JSON: the one stored with it, or, for a card stored before effects
// carried theirs, the generic sentence over its arguments.
func templateOf(ef Effect) string {
	if ef.Template != "" {
		return ef.Template
	}
	var parts []string
	for _, a := range ef.Args {
		parts = append(parts, a.Label+" {"+a.Name+"}")
	}
	s := "Do “" + ef.Action + "” (an action of the " + words(domainOf(ef.Layer)) + " layer)"
	if len(parts) > 0 {
		s += ", with " + strings.Join(parts, ", ")
	}
	return s
}

// plainNumbers rewrites every number literal of raw outside its strings
// as 0, and returns the literals in order. The sealed binary's parser
// reads, as Python's json does, NaN, Infinity, -Infinity and numbers with
// leading zeros, which Go's decoder refuses; in the normal form Go's
// decoder reads every value the binary's does, so the strings beside such
// numbers are still checked. Strings are copied as they are.
func plainNumbers(raw string) (string, []string) {
	var b strings.Builder
	var lits []string
	for i := 0; i < len(raw); {
		c := raw[i]
		j := i + 1
		switch {
		case c == '"':
			for j < len(raw) && raw[j] != '"' {
				if raw[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(raw))
			b.WriteString(raw[i:j])
			i = j
			continue
		case strings.HasPrefix(raw[i:], "NaN"):
			j = i + len("NaN")
		case strings.HasPrefix(raw[i:], "Infinity"):
			j = i + len("Infinity")
		case strings.HasPrefix(raw[i:], "-Infinity"):
			j = i + len("-Infinity")
		case c == '-' || '0' <= c && c <= '9':
			for j < len(raw) && strings.IndexByte("+-0123456789.eE", raw[j]) >= 0 {
				j++
			}
		default:
			b.WriteByte(c)
			i++
			continue
		}
		lits = append(lits, raw[i:j])
		b.WriteString("0")
		i = j
	}
	return b.String(), lits
}
