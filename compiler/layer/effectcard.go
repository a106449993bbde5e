package layer

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/ir"
)

// The approval card says each call of an effect in plain English. A layer
// declares how in the effect's docstring, one line each (other lines of
// the docstring are the author's own):
//
//	card: Send an email to {addr} saying “{msg}”
//	card action: send an email
//	card label addr: recipient
//	card unit amount: cents, 2 decimals   (money: an int shown as 12.50 (1250 cents))
//
// The docstring is part of effects.py, so it is digested and pinned with
// the rest of the layer. A malformed declaration refuses the layer (a
// card must never silently lose its sentence): an unknown "card ..." key,
// a key given twice, an empty value, a placeholder, label or unit naming
// no parameter, a unit of a parameter that is not an int, a unit with no
// name or with decimals that are not a number from 0 to 18, a sentence that leaves a parameter out (it would hide that
// argument from the person deciding), a declaration without "card:", and
// control or invisible characters (which could hide or reorder what the
// human reads).

var (
	cardLine        = regexp.MustCompile(`^card(?:\s+([^:]*))?:(.*)$`)
	cardPlaceholder = regexp.MustCompile(`\{([^{}]*)\}`)
	cardIdent       = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// effectCard reads the card declaration of e from def's docstring; nil
// when there is none.
func (ld *loader) effectCard(m *Module, def *ast.FunctionDef, e *ir.Effect) *ir.EffectCard {
	f := m.src
	if len(def.Body) == 0 {
		return nil
	}
	es, ok := def.Body[0].(*ast.ExprStmt)
	if !ok {
		return nil
	}
	str, ok := es.Value.(*ast.Str)
	if !ok {
		return nil
	}
	if _, isF := f.FStrings[str]; isF {
		return nil
	}
	card := &ir.EffectCard{Labels: map[string]string{}}
	seen := map[string]bool{}
	bad := false
	fail := func(format string, args ...any) {
		ld.errorf(f, str, ir.LayerError, "the card declaration of %s in its docstring: "+format, append([]any{e.Name}, args...)...)
		bad = true
	}
	for _, line := range strings.Split(string(str.S), "\n") {
		line = strings.TrimSpace(line)
		mt := cardLine.FindStringSubmatch(line)
		if mt == nil {
			continue
		}
		key, val := strings.Join(strings.Fields(mt[1]), " "), strings.TrimSpace(mt[2])
		shown := strings.TrimSpace("card " + key)
		if seen[key] {
			fail("%q is given twice", shown)
			continue
		}
		seen[key] = true
		if val == "" {
			fail("%q has no text", line)
			continue
		}
		if r, hidden := hiddenRune(val); hidden {
			fail("%q holds the control or invisible character U+%04X", shown, r)
			continue
		}
		switch {
		case key == "":
			for _, ph := range cardPlaceholder.FindAllStringSubmatch(val, -1) {
				if e.Param(ph[1]) == nil {
					fail("the sentence names {%s}, which is not a parameter of %s", ph[1], e.Name)
				}
			}
			if strings.Count(val, "{") != len(cardPlaceholder.FindAllString(val, -1)) || strings.Count(val, "}") != strings.Count(val, "{") {
				fail("the sentence has an unmatched brace: %q", val)
			}
			// Every argument is in the sentence: one left out would be
			// hidden from the person deciding (a recipient, an amount).
			for _, q := range e.Params {
				if !strings.Contains(val, "{"+q.Name+"}") {
					fail("the sentence does not show the parameter %s (write {%s} where it belongs)", q.Name, q.Name)
				}
			}
			card.Says = val
		case key == "action":
			card.Action = val
		case strings.HasPrefix(key, "label "):
			name := strings.TrimPrefix(key, "label ")
			if !cardIdent.MatchString(name) || e.Param(name) == nil {
				fail("%q labels %s, which is not a parameter of %s", shown, name, e.Name)
				continue
			}
			card.Labels[name] = val
		case strings.HasPrefix(key, "unit "):
			name := strings.TrimPrefix(key, "unit ")
			p := e.Param(name)
			if !cardIdent.MatchString(name) || p == nil {
				fail("%q is the unit of %s, which is not a parameter of %s", shown, name, e.Name)
				continue
			}
			// Only an integer is shown scaled ("12.50 (1250 cents)"); a
			// unit on anything else would be shown wrongly or not at all.
			if !ir.Identical(p.Type, ir.Int) {
				fail("%q: %s is a %s, not an int", shown, name, p.Type)
				continue
			}
			u, why := parseUnit(val)
			if why != "" {
				fail("%q: %s", shown, why)
				continue
			}
			if card.Units == nil {
				card.Units = map[string]ir.MoneyUnit{}
			}
			card.Units[name] = u
		default:
			fail("unknown key %q (want card:, card action:, card label PARAM: or card unit PARAM:)", shown)
		}
	}
	if len(seen) == 0 || bad {
		return nil
	}
	if card.Says == "" {
		ld.errorf(f, str, ir.LayerError, "the card declaration of %s in its docstring has no sentence (a line \"card: ...\")", e.Name)
		return nil
	}
	return card
}

// cardDecimals is the ", N decimals" that may end a unit declaration.
var cardDecimals = regexp.MustCompile(`^(.*),\s*(\S+)\s+decimals?$`)

// parseUnit reads "NAME" or "NAME, N decimals" (N from 0 to 18, so that
// 10^N fits the int64 an amount is); why says what is wrong, "" when
// nothing is.
func parseUnit(val string) (u ir.MoneyUnit, why string) {
	name := val
	if m := cardDecimals.FindStringSubmatch(val); m != nil {
		name = m[1]
		n, err := strconv.Atoi(m[2])
		switch {
		case err != nil || n < 0:
			return u, fmt.Sprintf("%q is not \"N decimals\" (N a number from 0 to 18)", strings.TrimSpace(val[len(m[1])+1:]))
		case n > 18:
			return u, fmt.Sprintf("%d decimals is more than 18", n)
		}
		u.Decimals = n
	} else if strings.Contains(val, ",") {
		return u, fmt.Sprintf("%q is not NAME or NAME, N decimals", val)
	}
	u.Name = strings.Join(strings.Fields(name), " ")
	if u.Name == "" {
		return u, "names no unit"
	}
	if strings.ContainsAny(u.Name, "{}") {
		return u, fmt.Sprintf("the unit %q holds a brace", u.Name)
	}
	return u, ""
}

// hiddenRune finds a control, format (bidirectional override, zero-width)
// or line-separator character in s.
func hiddenRune(s string) (rune, bool) {
	for _, r := range s {
		if unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) || unicode.In(r, unicode.Zl, unicode.Zp) {
			return r, true
		}
	}
	return 0, false
}
