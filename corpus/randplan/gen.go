package randplan

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"strings"
)

// Feature is a group of constructs the generator can use.
type Feature string

// The features; Probes holds a small plan for each.
const (
	Floats     Feature = "floats"      // float values, true division, float formats
	FStrSpecs  Feature = "fstr-specs"  // format specs and !r in f-strings
	FStrNested Feature = "fstr-nested" // format specs with replacement fields, f"{x:>{w}}"
	Comps      Feature = "comps"       // list comprehensions
	DictIter   Feature = "dict-iter"   // for over dict keys and items
	EnumZip    Feature = "enum-zip"    // enumerate and zip loops
	Slices     Feature = "slices"      // slicing of strs and lists
	BreakCont  Feature = "break-cont"  // break and continue
	StrMethods Feature = "str-methods" // upper, lower, strip, replace, find, ...
	Sorted     Feature = "sorted"      // sorted(), with key= and reverse=
	Raises     Feature = "raises"      // assert and raise
	Store      Feature = "store"       // effects with simulated results (corpus/run/tools/store)
	ListParams Feature = "list-params" // helpers taking (and mutating) lists
	Builtins   Feature = "builtins"    // min, max, sum, abs, ord, int(str(...)), print(sep=...)
	Unpack     Feature = "unpack"      // tuple unpacking assignments
	ListOps    Feature = "list-ops"    // append, extend, item assignment, list()
	ForList    Feature = "for-list"    // for over list variables
	DictOps    Feature = "dict-ops"    // d[k] = v, d.get(k, default)
	// Edges draws, now and then, int literals and arguments at the edges
	// of int64 (so OverflowError cuts traces short, in every engine alike)
	// and str arguments and results holding the largest character the
	// prover represents (U+2FFFF).
	Edges Feature = "edges"
	// Aliasing puts a list into a container twice and mutates it through
	// both names, and appends to a list (boundedly) while enumerate or a
	// for loop reads it live.
	Aliasing Feature = "aliasing"
)

// AllFeatures lists every feature, in a fixed order.
var AllFeatures = []Feature{Floats, FStrSpecs, FStrNested, Comps, DictIter, EnumZip, Slices, BreakCont, StrMethods, Sorted, Raises, Store, ListParams, Builtins, Unpack, ListOps, ForList, DictOps, Edges, Aliasing}

// Plan is one generated plan.
type Plan struct {
	Seed    int64
	Source  string
	Args    map[string]json.RawMessage // main's arguments
	Effects []byte                     // RESULTS.json
}

// Options select what Generate may use; a nil Disabled map enables
// everything.
type Options struct {
	Disabled map[Feature]bool
}

func (o Options) on(f Feature) bool { return !o.Disabled[f] }

type kind int

const (
	kNone kind = iota
	kInt
	kStr
	kBool
	kFloat
	kListInt
	kListStr
	kDict // dict[str, int]
)

func (k kind) ann() string {
	switch k {
	case kInt:
		return "int"
	case kStr:
		return "str"
	case kBool:
		return "bool"
	case kFloat:
		return "float"
	case kListInt:
		return "list[int]"
	case kListStr:
		return "list[str]"
	case kDict:
		return "dict[str, int]"
	}
	return "None"
}

type variable struct {
	name string
	k    kind
}

type helper struct {
	name    string
	params  []variable
	ret     kind
	mutates bool // appends to its first list parameter
	loops   bool // contains a loop (not called from other helpers' loops)
	effects bool
}

type gen struct {
	r         *rand.Rand
	opt       Options
	b         strings.Builder
	ind       int
	n         int // fresh-name counter
	vars      []variable
	frozen    map[string]bool // lists and dicts a loop is iterating
	loops     int             // loop depth
	inHelp    *helper
	helps     []*helper
	budget    int
	inFStr    int // > 0 while generating an f-string field
	usedStore bool
}

// Generate returns the plan for seed.
func Generate(seed int64, opt Options) *Plan {
	g := &gen{r: rand.New(rand.NewSource(seed)), opt: opt, frozen: map[string]bool{}}
	p := &Plan{Seed: seed, Args: map[string]json.RawMessage{}}
	var body strings.Builder
	nh := g.r.Intn(4)
	for i := 0; i < nh; i++ {
		g.helper()
	}
	helpers := g.b.String()
	g.b.Reset()
	// main
	var params []variable
	np := g.r.Intn(3)
	for i := 0; i < np; i++ {
		k := []kind{kInt, kStr, kBool}[g.r.Intn(3)]
		v := variable{fmt.Sprintf("arg%d", i), k}
		params = append(params, v)
		p.Args[v.name] = g.argValue(k)
	}
	g.vars = append([]variable(nil), params...)
	g.line("def main(%s) -> None:", paramList(params))
	g.ind++
	g.declare(3 + g.r.Intn(4))
	g.budget = 10 + g.r.Intn(14)
	g.block(0)
	g.ind--
	body.WriteString(g.b.String())

	var src strings.Builder
	fmt.Fprintf(&src, "# Random plan, seed %d (corpus/randplan).\n", seed)
	src.WriteString("import clauz3\n")
	src.WriteString("from tools.bank.trusted.effects import deposit, withdraw\n")
	src.WriteString("from tools.email.trusted.effects import send_email\n")
	if g.usedStore {
		src.WriteString("from tools.store.trusted.effects import balance, list_users, lookup\n")
	}
	src.WriteString("\n\n")
	if helpers != "" {
		src.WriteString(helpers)
	}
	src.WriteString(body.String())
	p.Source = src.String()
	p.Effects = g.results()
	return p
}

func paramList(ps []variable) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, p.name+": "+p.k.ann())
	}
	return strings.Join(parts, ", ")
}

func (g *gen) line(format string, args ...any) {
	g.b.WriteString(strings.Repeat("    ", g.ind))
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

func (g *gen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

func (g *gen) chance(pct int) bool { return g.r.Intn(100) < pct }

func (g *gen) pick(xs []string) string { return xs[g.r.Intn(len(xs))] }

// argValue is a JSON argument for main's parameter of kind k.
func (g *gen) argValue(k kind) json.RawMessage {
	var v any
	switch k {
	case kInt:
		v = g.r.Intn(41) - 20
		if g.opt.on(Edges) && g.chance(15) {
			v = edgeArgs[g.r.Intn(len(edgeArgs))]
		}
	case kStr:
		v = g.pick(strPool)
		if g.opt.on(Edges) && g.chance(15) {
			v = g.pick(edgeStrs)
		}
	case kBool:
		v = g.chance(50)
	}
	b, _ := json.Marshal(v)
	return b
}

// results is the RESULTS.json of the plan: plenty of results for every
// store effect (loops make the call count dynamic).
func (g *gen) results() []byte {
	if !g.usedStore {
		return nil
	}
	var bal []int
	var look []string
	var users [][]string
	for i := 0; i < 80; i++ {
		b := g.r.Intn(300)
		if g.chance(3) {
			b = -1 - g.r.Intn(5) // fails balance's postcondition
		}
		bal = append(bal, b)
		if g.opt.on(Edges) && g.chance(4) {
			look = append(look, g.pick(edgeStrs))
		} else {
			look = append(look, g.pick(strPool))
		}
		var us []string
		for j := g.r.Intn(4); j > 0; j-- {
			us = append(us, g.pick(addrPool))
		}
		if us == nil {
			us = []string{}
		}
		users = append(users, us)
	}
	b, _ := json.Marshal(map[string]any{"balance": bal, "lookup": look, "list_users": users})
	return b
}

// edgeArgs are int arguments at the edges of int64; edgeInts the same as
// literals (the smallest one parenthesised, as it is written with a
// unary minus).
var (
	edgeArgs = []int64{math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1, 1 << 62, 3037000500}
	edgeInts = []string{"9223372036854775807", "(-9223372036854775808)", "9223372036854775806", "(-9223372036854775807)", "4611686018427387904", "3037000500"}
)

// edgeStrs hold U+2FFFF, the largest character the prover represents,
// and its neighbours below. (Characters above it are refused by every
// engine, each with its own exit status and words, so they are tested by
// harness TestCPythonRefusesAboveProvedRune and the CLI's scripts rather
// than compared here.)
var edgeStrs = []string{"\U0002FFFF", "a\U0002FFFEb", "\U0002FFFF\U0001F600", "x\U0002FFFD@example.com"}

var strPool = []string{"a", "bob", "café", "日本", "🎉", "", "x y z", "Hello World", " pad ", "ß", "A1", "naïve", "-", "é", "ΣΑΣ", "İz", "ﬁne", "ǆemal", "e\u0301", "o'k", "tab\tx", "a,b,,c", "\u00a0nb\u3000", "ǅ"}
var addrPool = []string{"ann@example.com", "bob@example.com", "zoë@example.com", "x@y"}
var badAddrPool = []string{"nobody", "", "bob.example.com"}

func pyStr(s string) string {
	// A Python string literal; non-ASCII stays as is.
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\'':
			b.WriteString(`\'`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// --- declarations and statements -------------------------------------------

// declare binds n new variables (and always one of each collection kind
// when the function has none), so later statements only reassign.
func (g *gen) declare(n int) {
	kinds := []kind{kInt, kInt, kStr, kStr, kBool, kListInt, kListStr, kDict}
	if g.opt.on(Floats) {
		kinds = append(kinds, kFloat)
	}
	want := []kind{}
	if !g.hasKind(kInt) {
		want = append(want, kInt)
	}
	if !g.hasKind(kStr) {
		want = append(want, kStr)
	}
	for i := 0; i < n; i++ {
		want = append(want, kinds[g.r.Intn(len(kinds))])
	}
	for _, k := range want {
		name := g.fresh(map[kind]string{kInt: "n", kStr: "s", kBool: "b", kFloat: "f", kListInt: "xs", kListStr: "ws", kDict: "d"}[k])
		var init string
		switch k {
		case kListInt:
			init = g.listIntLit()
		case kListStr:
			init = g.listStrLit()
		case kDict:
			init = g.dictLit(0)
		default:
			init = g.expr(k, 2)
		}
		if k == kInt {
			init = g.bound(init)
		}
		switch k {
		case kListInt, kListStr, kDict, kFloat:
			g.line("%s: %s = %s", name, k.ann(), init)
		default:
			g.line("%s = %s", name, init)
		}
		g.vars = append(g.vars, variable{name, k})
	}
}

func (g *gen) hasKind(k kind) bool {
	for _, v := range g.vars {
		if v.k == k {
			return true
		}
	}
	return false
}

func (g *gen) varsOf(k kind) []variable {
	var out []variable
	for _, v := range g.vars {
		if v.k == k {
			out = append(out, v)
		}
	}
	return out
}

func (g *gen) varOf(k kind) (string, bool) {
	vs := g.varsOf(k)
	if len(vs) == 0 {
		return "", false
	}
	return vs[g.r.Intn(len(vs))].name, true
}

// mutableOf picks a variable of kind k that no loop is iterating.
func (g *gen) mutableOf(k kind) (string, bool) {
	var vs []variable
	for _, v := range g.varsOf(k) {
		if !g.frozen[v.name] && !strings.HasPrefix(v.name, "p_") {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return "", false
	}
	return vs[g.r.Intn(len(vs))].name, true
}

// bound keeps an int expression small: Python's % by a positive literal,
// sometimes shifted to negative values.
func (g *gen) bound(e string) string {
	m := []int{1009, 997, 101, 50, 7}[g.r.Intn(5)]
	if g.chance(30) {
		return fmt.Sprintf("(%s) %% %d - %d", e, m, m/2)
	}
	return fmt.Sprintf("(%s) %% %d", e, m)
}

// block emits statements until the budget for this block is spent.
func (g *gen) block(depth int) {
	n := 1 + g.r.Intn(4)
	if depth == 0 {
		n = g.budget
	}
	start := g.b.Len()
	for i := 0; i < n && (g.budget > 0 || g.b.Len() == start); i++ {
		g.budget--
		g.stmt(depth)
		if i > 8 && g.b.Len() == start {
			break
		}
	}
	if g.b.Len() == start {
		g.line("pass")
	}
}

func (g *gen) stmt(depth int) {
	type choice struct {
		w int
		f func()
	}
	var cs []choice
	add := func(w int, f func()) { cs = append(cs, choice{w, f}) }
	add(14, g.assign)
	add(6, g.augAssign)
	add(10, g.print)
	add(9, g.effect)
	if g.opt.on(ListOps) {
		add(4, g.listMutate)
	}
	if g.opt.on(DictOps) {
		add(3, g.dictSet)
	}
	if g.opt.on(Aliasing) && g.opt.on(ListOps) {
		add(2, g.aliasing)
	}
	if depth < 2 {
		add(8, func() { g.ifStmt(depth) })
		add(8, func() { g.forStmt(depth) })
	}
	if g.loops > 0 && g.opt.on(BreakCont) {
		add(4, g.breakCont)
	}
	if g.opt.on(Raises) {
		add(1, g.raiseStmt)
	}
	if g.inHelp != nil && g.inHelp.ret != kNone && depth > 0 {
		add(2, func() { g.line("return %s", g.retExpr(g.inHelp.ret)) })
	}
	if len(g.callableHelpers(kNone)) > 0 {
		add(4, func() { g.line("%s", g.helperCall(g.callableHelpers(kNone))) })
	}
	if g.opt.on(Unpack) {
		add(2, g.unpack)
	}
	total := 0
	for _, c := range cs {
		total += c.w
	}
	x := g.r.Intn(total)
	for _, c := range cs {
		if x < c.w {
			c.f()
			return
		}
		x -= c.w
	}
}

func (g *gen) assign() {
	kinds := []kind{kInt, kInt, kStr, kStr, kBool, kListInt, kListStr}
	if g.opt.on(Floats) {
		kinds = append(kinds, kFloat)
	}
	k := kinds[g.r.Intn(len(kinds))]
	var name string
	var ok bool
	if k == kListInt || k == kListStr {
		name, ok = g.mutableOf(k)
	} else {
		name, ok = g.varOf(k)
	}
	if !ok {
		return
	}
	var e string
	switch k {
	case kInt:
		e = g.bound(g.expr(kInt, 3))
	case kStr:
		e = fmt.Sprintf("(%s)[:40]", g.expr(kStr, 3))
	case kListInt, kListStr:
		e = g.nonEmptyList(k)
		if g.loops > 0 {
			e = fmt.Sprintf("(%s)[:8]", e)
		}
	case kFloat:
		e = fmt.Sprintf("(%s) %% 1000.0", g.expr(kFloat, 2))
	default:
		e = g.expr(k, 3)
	}
	g.line("%s = %s", name, e)
}

func (g *gen) augAssign() {
	if g.chance(50) {
		name, ok := g.varOf(kStr)
		if !ok {
			return
		}
		g.line("%s += %s", name, pyStr(g.pick(strPool)))
		return
	}
	name, ok := g.varOf(kInt)
	if !ok {
		return
	}
	op := g.pick([]string{"+=", "-="})
	if g.chance(70) {
		g.line("%s %s %d", name, op, g.r.Intn(9)+1)
		return
	}
	g.line("%s %s len(%s)", name, op, g.expr(kStr, 1))
}

func (g *gen) print() {
	n := 1 + g.r.Intn(3)
	var parts []string
	for i := 0; i < n; i++ {
		parts = append(parts, g.anyExpr(2))
	}
	if g.opt.on(Builtins) && g.chance(15) {
		parts = append(parts, fmt.Sprintf("sep=%s", pyStr(g.pick([]string{"", ", ", " | ", "·"}))))
	}
	g.line("print(%s)", strings.Join(parts, ", "))
}

func (g *gen) anyExpr(depth int) string {
	ks := []kind{kInt, kStr, kBool, kListInt, kListStr, kDict}
	if g.opt.on(Floats) {
		ks = append(ks, kFloat)
	}
	k := ks[g.r.Intn(len(ks))]
	switch k {
	case kListInt, kListStr:
		return g.anyList(k)
	case kDict:
		if v, ok := g.varOf(kDict); ok {
			return v
		}
		return g.dictLit(1) // {} alone has no type to infer
	}
	return g.expr(k, depth)
}

func (g *gen) effect() {
	if g.opt.on(Store) && g.chance(35) {
		g.usedStore = true
		switch g.r.Intn(3) {
		case 0:
			if name, ok := g.varOf(kInt); ok {
				g.line("%s = balance(%s)", name, pyStr(g.pick([]string{"checking", "savings"})))
				return
			}
		case 1:
			if name, ok := g.varOf(kStr); ok {
				g.line("%s = lookup(%s)", name, g.expr(kStr, 1))
				return
			}
		case 2:
			if name, ok := g.mutableOf(kListStr); ok {
				// list_users may return []; keep the list non-empty.
				g.line("%s = list_users(%s) + [%s]", name, g.expr(kStr, 1), pyStr(g.pick(addrPool)))
				return
			}
		}
	}
	switch g.r.Intn(3) {
	case 0:
		addr := pyStr(g.pick(addrPool))
		if g.chance(6) {
			addr = pyStr(g.pick(badAddrPool))
		} else if g.chance(30) {
			if ws, ok := g.varOf(kListStr); ok {
				// may lack "@": the precondition is checked at run time
				addr = fmt.Sprintf("%s[%s %% len(%s)]", ws, g.expr(kInt, 1), ws)
			}
		}
		msg := g.expr(kStr, 2)
		if g.chance(30) && simple(msg) && simple(addr) {
			g.line("send_email(msg=%s, addr=%s)", msg, addr)
		} else {
			g.line("send_email(%s, %s)", addr, msg)
		}
	default:
		fn := g.pick([]string{"withdraw", "deposit"})
		acct := pyStr(g.pick([]string{"checking", "savings", "café"}))
		amt := fmt.Sprintf("(%s) %% 50 + 1", g.expr(kInt, 2))
		if g.chance(8) {
			amt = fmt.Sprintf("(%s) %% 5 - 2", g.expr(kInt, 1))
		}
		if g.chance(20) && simple(amt) {
			g.line("%s(amount=%s, account=%s)", fn, amt, acct)
		} else {
			g.line("%s(%s, %s)", fn, acct, amt)
		}
	}
}

// aliasing emits one of the shapes where CPython shares a list object:
// a container holding the list twice, mutated through the container and
// through the name; or a loop that appends to the list it reads, bounded
// by the list's length (enumerate and a plain for both read it live).
func (g *gen) aliasing() {
	name, ok := g.mutableOf(kListInt)
	if !ok {
		return
	}
	switch g.r.Intn(2) {
	case 0:
		al := g.fresh("al")
		g.line("%s = [%s, %s]", al, name, name)
		g.line("%s.append(%s)", name, g.bound(g.expr(kInt, 1)))
		g.line("%s[1].append(%d)", al, g.r.Intn(9))
		g.line("print(%s, len(%s[0]), %s[0] == %s)", al, al, al, name)
	default:
		i, x := g.fresh("i"), g.fresh("x")
		if g.opt.on(EnumZip) && g.chance(50) {
			g.line("for %s, %s in enumerate(%s):", i, x, name)
		} else {
			g.line("for %s in %s:", x, name)
			i = fmt.Sprint(g.r.Intn(5))
		}
		g.line("    if len(%s) < %d:", name, 6+g.r.Intn(7))
		g.line("        %s.append(%s %% 7 + %s)", name, x, i)
		g.line("print(%s)", name)
	}
}

func (g *gen) listMutate() {
	k := []kind{kListInt, kListStr}[g.r.Intn(2)]
	name, ok := g.mutableOf(k)
	if !ok {
		return
	}
	elem := kInt
	if k == kListStr {
		elem = kStr
	}
	val := func(depth int) string {
		if elem == kInt {
			return g.bound(g.expr(kInt, depth))
		}
		return fmt.Sprintf("(%s)[:12]", g.expr(kStr, depth))
	}
	switch g.r.Intn(3) {
	case 0:
		g.line("%s.append(%s)", name, val(2))
	case 1:
		g.line("%s[%s %% len(%s)] = %s", name, g.expr(kInt, 1), name, val(2))
	case 2:
		if k == kListInt {
			g.line("%s.extend(%s)", name, g.listIntLit())
		} else {
			g.line("%s.extend(%s)", name, g.listStrLit())
		}
	}
}

func (g *gen) dictSet() {
	name, ok := g.mutableOf(kDict)
	if !ok {
		return
	}
	if g.chance(50) {
		g.line("%s[%s] = %s", name, g.dictKey(), g.bound(g.expr(kInt, 2)))
	} else {
		k := g.dictKey()
		g.line("%s[%s] = %s.get(%s, 0) + %d", name, k, name, k, g.r.Intn(5)+1)
	}
}

func (g *gen) dictKey() string {
	if g.chance(70) {
		return pyStr(g.pick([]string{"a", "b", "c", "é", "k1", "日"}))
	}
	return fmt.Sprintf("(%s)[:2]", g.expr(kStr, 1))
}

func (g *gen) ifStmt(depth int) {
	g.line("if %s:", g.expr(kBool, 3))
	g.ind++
	g.block(depth + 1)
	g.ind--
	for g.chance(30) {
		g.line("elif %s:", g.expr(kBool, 2))
		g.ind++
		g.block(depth + 1)
		g.ind--
	}
	if g.chance(50) {
		g.line("else:")
		g.ind++
		g.block(depth + 1)
		g.ind--
	}
}

func (g *gen) forStmt(depth int) {
	saved := len(g.vars)
	var unfreeze []string
	choice := g.r.Intn(10)
	switch {
	case choice < 3:
		i := g.fresh("i")
		a, b := g.r.Intn(4), g.r.Intn(5)
		switch g.r.Intn(3) {
		case 0:
			g.line("for %s in range(%d):", i, b)
		case 1:
			g.line("for %s in range(%d, %d):", i, a-1, a+b)
		default:
			g.line("for %s in range(%d, %d, -%d):", i, a+b, a-2, 1+g.r.Intn(2))
		}
		g.vars = append(g.vars, variable{i, kInt})
	case choice < 6 && g.opt.on(ForList):
		k := []kind{kListInt, kListStr}[g.r.Intn(2)]
		xs, ok := g.varOf(k)
		if !ok {
			g.line("for _ in range(2):")
			break
		}
		ek := kInt
		if k == kListStr {
			ek = kStr
		}
		x := g.fresh("x")
		if g.opt.on(Slices) && g.chance(30) {
			g.line("for %s in %s[:4]:", x, xs)
		} else {
			g.line("for %s in %s:", x, xs)
			g.frozen[xs] = true
			unfreeze = append(unfreeze, xs)
		}
		g.vars = append(g.vars, variable{x, ek})
	case choice >= 6 && choice < 8 && g.opt.on(DictIter):
		d, ok := g.varOf(kDict)
		if !ok {
			g.line("for _ in range(2):")
			break
		}
		g.frozen[d] = true
		unfreeze = append(unfreeze, d)
		k := g.fresh("k")
		if g.chance(50) {
			v := g.fresh("v")
			g.line("for %s, %s in %s.items():", k, v, d)
			g.vars = append(g.vars, variable{k, kStr}, variable{v, kInt})
		} else {
			g.line("for %s in %s:", k, d)
			g.vars = append(g.vars, variable{k, kStr})
		}
	case choice >= 8 && g.opt.on(EnumZip):
		xs, ok1 := g.varOf(kListInt)
		ws, ok2 := g.varOf(kListStr)
		if !ok1 || !ok2 {
			g.line("for _ in range(1):")
			break
		}
		g.frozen[xs], g.frozen[ws] = true, true
		unfreeze = append(unfreeze, xs, ws)
		a, b := g.fresh("a"), g.fresh("b")
		if g.chance(50) {
			start := ""
			if g.chance(50) {
				start = ", 1"
			}
			g.line("for %s, %s in enumerate(%s%s):", a, b, ws, start)
			g.vars = append(g.vars, variable{a, kInt}, variable{b, kStr})
		} else {
			g.line("for %s, %s in zip(%s, %s):", a, b, xs, ws)
			g.vars = append(g.vars, variable{a, kInt}, variable{b, kStr})
		}
	default:
		g.line("for _ in range(%d):", g.r.Intn(3))
	}
	g.ind++
	g.loops++
	g.block(depth + 1)
	g.loops--
	g.ind--
	g.vars = g.vars[:saved]
	for _, n := range unfreeze {
		delete(g.frozen, n)
	}
}

func (g *gen) breakCont() {
	kw := "break"
	if g.chance(50) {
		kw = "continue"
	}
	g.line("if %s:", g.expr(kBool, 2))
	g.ind++
	g.line("%s", kw)
	g.ind--
}

func (g *gen) raiseStmt() {
	if g.chance(50) {
		g.line("assert %s, %s", g.expr(kBool, 2), g.fstring(1))
		return
	}
	g.line("if %s:", g.expr(kBool, 2))
	g.ind++
	cls := g.pick([]string{"ValueError", "RuntimeError", "KeyError"})
	g.line("raise %s(%s)", cls, g.expr(kStr, 1))
	g.ind--
}

func (g *gen) unpack() {
	ints := g.varsOf(kInt)
	strs := g.varsOf(kStr)
	if len(ints) == 0 || len(strs) == 0 {
		return
	}
	a := ints[g.r.Intn(len(ints))].name
	s := strs[g.r.Intn(len(strs))].name
	if len(ints) > 1 && g.chance(50) {
		b := ints[g.r.Intn(len(ints))].name
		if b != a {
			g.line("%s, %s = %s, %s", a, b, b, a)
			return
		}
	}
	g.line("%s, %s = %s, %s", a, s, g.bound(g.expr(kInt, 2)), g.expr(kStr, 1))
}

// --- helpers ---------------------------------------------------------------

func (g *gen) helper() {
	h := &helper{name: g.fresh("h")}
	np := g.r.Intn(3)
	kinds := []kind{kInt, kStr, kInt}
	if g.opt.on(ListParams) && g.opt.on(ListOps) {
		kinds = append(kinds, kListInt)
	}
	for i := 0; i < np; i++ {
		h.params = append(h.params, variable{fmt.Sprintf("p_%s_%d", h.name, i), kinds[g.r.Intn(len(kinds))]})
	}
	h.ret = []kind{kNone, kInt, kStr, kBool}[g.r.Intn(4)]
	g.inHelp = h
	g.vars = append([]variable(nil), h.params...)
	ret := ""
	if h.ret != kNone {
		ret = " -> " + h.ret.ann()
	} else {
		ret = " -> None"
	}
	g.line("def %s(%s)%s:", h.name, paramList(h.params), ret)
	g.ind++
	start := g.b.Len()
	// A list parameter may be appended to: callers see it (aliasing).
	for _, p := range h.params {
		if p.k == kListInt && g.chance(40) {
			h.mutates = true
			g.line("%s.append(%s)", p.name, g.bound(g.expr(kInt, 1)))
			break
		}
	}
	g.declare(1 + g.r.Intn(2))
	g.budget = 2 + g.r.Intn(4)
	g.block(1)
	if h.ret != kNone {
		g.line("return %s", g.retExpr(h.ret))
	}
	body := g.b.String()[start:]
	h.loops = strings.Contains(body, "for ")
	h.effects = strings.Contains(body, "send_email(") || strings.Contains(body, "withdraw(") || strings.Contains(body, "deposit(")
	g.ind--
	g.line("")
	g.line("")
	g.inHelp = nil
	g.helps = append(g.helps, h)
}

func (g *gen) retExpr(k kind) string {
	if k == kInt {
		return g.bound(g.expr(kInt, 2))
	}
	if k == kStr {
		return fmt.Sprintf("(%s)[:16]", g.expr(kStr, 2))
	}
	return g.expr(k, 2)
}

// callableHelpers are the helpers returning ret that the current function
// may call: earlier helpers only, and from inside a helper only those
// without loops (so work stays small).
func (g *gen) callableHelpers(ret kind) []*helper {
	var out []*helper
	for _, h := range g.helps {
		if h == g.inHelp || h.ret != ret {
			continue
		}
		if g.inHelp != nil && h.loops {
			continue
		}
		out = append(out, h)
	}
	return out
}

func (g *gen) helperCall(hs []*helper) string {
	h := hs[g.r.Intn(len(hs))]
	var args, kwargs []string
	for _, p := range h.params {
		var a string
		switch p.k {
		case kListInt:
			if h.mutates {
				if v, ok := g.mutableOf(kListInt); ok && g.chance(70) {
					a = v
				} else {
					a = g.listIntLit()
				}
			} else {
				a = g.anyList(kListInt)
				if strings.HasPrefix(a, "[") && strings.Contains(a, " for ") {
					a = g.listIntLit() // keep arguments simple
				}
			}
		default:
			a = g.expr(p.k, 1)
		}
		// Once one argument is passed by keyword, the rest are too.
		if len(kwargs) > 0 || g.chance(20) {
			kwargs = append(kwargs, p.name+"="+a)
		} else {
			args = append(args, a)
		}
	}
	// Keyword arguments in a shuffled order when that cannot change what
	// runs first (ClauZ3 refuses reordering calls and raising operations).
	shuffle := true
	for _, a := range kwargs {
		_, v, _ := strings.Cut(a, "=")
		shuffle = shuffle && simple(v)
	}
	if shuffle {
		g.r.Shuffle(len(kwargs), func(i, j int) { kwargs[i], kwargs[j] = kwargs[j], kwargs[i] })
	}
	return fmt.Sprintf("%s(%s)", h.name, strings.Join(append(args, kwargs...), ", "))
}

// --- expressions -----------------------------------------------------------

// simple reports whether e is a literal or a name: evaluating it cannot
// call anything or raise, so keyword arguments may come in any order.
func simple(e string) bool {
	if strings.HasPrefix(e, `"`) && strings.Count(e, `"`) == 2 && strings.HasSuffix(e, `"`) {
		return true
	}
	if _, err := strconv.Atoi(e); err == nil {
		return true
	}
	for i, r := range e {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return e != ""
}

func (g *gen) expr(k kind, depth int) string {
	switch k {
	case kInt:
		return g.intExpr(depth)
	case kStr:
		return g.strExpr(depth)
	case kBool:
		return g.boolExpr(depth)
	case kFloat:
		return g.floatExpr(depth)
	case kListInt, kListStr:
		return g.anyList(k)
	}
	return "None"
}

func (g *gen) intLit() string {
	if g.opt.on(Edges) && g.chance(3) {
		return g.pick(edgeInts)
	}
	return strconv.Itoa(g.r.Intn(41) - 20)
}

func (g *gen) nonZero(max int) int {
	n := 1 + g.r.Intn(max)
	if g.chance(35) {
		return -n
	}
	return n
}

func (g *gen) intExpr(depth int) string {
	if depth <= 0 || g.chance(25) {
		if v, ok := g.varOf(kInt); ok && g.chance(65) {
			return v
		}
		return g.intLit()
	}
	d := depth - 1
	switch g.r.Intn(16) {
	case 0, 1:
		return fmt.Sprintf("(%s + %s)", g.intExpr(d), g.intExpr(d))
	case 2, 3:
		return fmt.Sprintf("(%s - %s)", g.intExpr(d), g.intExpr(d))
	case 4:
		return fmt.Sprintf("(%s * %d)", g.intExpr(d), g.r.Intn(19)-9)
	case 5:
		return fmt.Sprintf("(%s // %d)", g.intExpr(d), g.nonZero(7))
	case 6:
		return fmt.Sprintf("(%s %% %d)", g.intExpr(d), g.nonZero(7))
	case 7:
		return fmt.Sprintf("(-%s)", g.intExpr(d))
	case 8:
		if ws, ok := g.varOf(kListStr); ok && g.chance(40) {
			return fmt.Sprintf("len(%s)", ws)
		}
		if xs, ok := g.varOf(kListInt); ok && g.chance(40) {
			return fmt.Sprintf("len(%s)", xs)
		}
		return fmt.Sprintf("len(%s)", g.strExpr(d))
	case 9:
		if !g.opt.on(Builtins) {
			return g.intExpr(d)
		}
		switch g.r.Intn(4) {
		case 0:
			return fmt.Sprintf("abs(%s)", g.intExpr(d))
		case 1:
			return fmt.Sprintf("%s(%s, %s)", g.pick([]string{"min", "max"}), g.intExpr(d), g.intExpr(d))
		case 2:
			if xs, ok := g.varOf(kListInt); ok {
				return fmt.Sprintf("%s(%s)", g.pick([]string{"min", "max", "sum"}), xs)
			}
		case 3:
			return fmt.Sprintf("ord((%s + \"a\")[0])", g.strExpr(d))
		}
		return g.intLit()
	case 10:
		if xs, ok := g.varOf(kListInt); ok {
			return fmt.Sprintf("%s[%s %% len(%s)]", xs, g.intExpr(d), xs)
		}
		return g.intLit()
	case 11:
		if dv, ok := g.varOf(kDict); ok && g.opt.on(DictOps) {
			return fmt.Sprintf("%s.get(%s, %s)", dv, g.dictKey(), g.intLit())
		}
		return g.intLit()
	case 12:
		if hs := g.callableHelpers(kInt); len(hs) > 0 {
			return g.helperCall(hs)
		}
		return g.intLit()
	case 13:
		return fmt.Sprintf("(%s if %s else %s)", g.intExpr(d), g.boolExpr(d), g.intExpr(d))
	case 14:
		if g.opt.on(StrMethods) {
			return fmt.Sprintf("%s.%s(%s)", g.strAtom(d), g.pick([]string{"find", "count"}), pyStr(g.pick([]string{"a", "é", " ", "o", "ab"})))
		}
		return g.intLit()
	default:
		if g.opt.on(Floats) && g.chance(50) {
			return fmt.Sprintf("int((%s) %% 1000.0)", g.floatExpr(d))
		}
		if g.opt.on(Builtins) {
			return fmt.Sprintf("int(str(%s))", g.intExpr(d))
		}
		return g.intExpr(d)
	}
}

// strAtom is a str expression safe to call a method on.
func (g *gen) strAtom(depth int) string {
	if v, ok := g.varOf(kStr); ok && g.chance(60) {
		return v
	}
	return "(" + g.strExpr(depth) + ")"
}

func (g *gen) strExpr(depth int) string {
	if depth <= 0 || g.chance(20) {
		if v, ok := g.varOf(kStr); ok && g.chance(60) {
			return v
		}
		return pyStr(g.pick(strPool))
	}
	d := depth - 1
	switch g.r.Intn(13) {
	case 0, 1:
		return fmt.Sprintf("(%s + %s)", g.strExpr(d), g.strExpr(d))
	case 2, 3:
		if !g.opt.on(StrMethods) {
			return g.strExpr(d)
		}
		m := g.pick([]string{"upper()", "lower()", "strip()", "title()", "capitalize()", "lstrip()", "rstrip()"})
		if g.chance(30) {
			m = fmt.Sprintf("replace(%s, %s)", pyStr(g.pick([]string{"a", "é", " ", "o"})), pyStr(g.pick([]string{"", "A", "--", "ü"})))
		} else if g.chance(15) {
			m = fmt.Sprintf("zfill(%d)", g.r.Intn(8))
		}
		return fmt.Sprintf("%s.%s", g.strAtom(d), m)
	case 4:
		return fmt.Sprintf("str(%s)", g.intExpr(d))
	case 5, 6:
		if g.inFStr > 0 {
			return g.strExpr(d)
		}
		return g.fstring(d)
	case 7:
		if !g.opt.on(Slices) {
			return g.strExpr(d)
		}
		switch g.r.Intn(3) {
		case 0:
			return fmt.Sprintf("%s[%d:%d]", g.strAtom(d), g.r.Intn(5)-2, g.r.Intn(8)-2)
		case 1:
			return fmt.Sprintf("%s[::-1]", g.strAtom(d))
		default:
			return fmt.Sprintf("%s[%d:]", g.strAtom(d), g.r.Intn(6)-3)
		}
	case 8:
		return fmt.Sprintf("(%s * %d)", g.strExpr(d), g.r.Intn(4))
	case 9:
		if ws, ok := g.varOf(kListStr); ok {
			if g.chance(50) {
				return fmt.Sprintf("%s.join(%s)", pyStr(g.pick([]string{"", " ", ", ", "·"})), ws)
			}
			return fmt.Sprintf("%s[%s %% len(%s)]", ws, g.intExpr(d), ws)
		}
		return pyStr(g.pick(strPool))
	case 10:
		if hs := g.callableHelpers(kStr); len(hs) > 0 {
			return g.helperCall(hs)
		}
		return pyStr(g.pick(strPool))
	case 11:
		return fmt.Sprintf("(%s if %s else %s)", g.strExpr(d), g.boolExpr(d), g.strExpr(d))
	default:
		if g.opt.on(Floats) && g.chance(40) {
			return fmt.Sprintf("str(%s)", g.floatExpr(d))
		}
		return fmt.Sprintf("str(%s)", g.boolExpr(d))
	}
}

// fstring builds an f-string of literal text and formatted fields.
func (g *gen) fstring(depth int) string {
	var b strings.Builder
	b.WriteString(`f"`)
	n := 1 + g.r.Intn(3)
	for i := 0; i < n; i++ {
		if g.chance(60) {
			b.WriteString(g.pick([]string{"x=", " ", "é:", "{{", "}}", "-", "[", "] ", "日"}))
		}
		ks := []kind{kInt, kInt, kStr, kStr, kBool}
		if g.opt.on(Floats) {
			ks = append(ks, kFloat, kFloat)
		}
		k := ks[g.r.Intn(len(ks))]
		g.inFStr++
		e := g.expr(k, depth)
		g.inFStr--
		// The field's expression sits inside double quotes: use single
		// quotes inside (Python before 3.12 cannot reuse the quote).
		e = strings.ReplaceAll(e, `"`, `'`)
		if strings.Contains(e, `\`) {
			// No backslash in an f-string field before Python 3.12.
			e = strconv.Itoa(g.r.Intn(10))
			k = kInt
		}
		spec := ""
		if g.opt.on(FStrSpecs) && g.opt.on(FStrNested) && g.chance(20) {
			spec = g.nestedSpec(k)
		} else if g.opt.on(FStrSpecs) && g.chance(50) {
			switch k {
			case kInt:
				spec = g.pick([]string{":>5", ":<4", ":^7", ":05", ":,", ":+", ":x", ":_", ":=+6", ":*>6"})
			case kStr:
				spec = g.pick([]string{":>8", ":^9", ":*<6", ":.2", "!r", "!r:>10", ":-^7"})
			case kFloat:
				spec = g.pick([]string{":.2f", ":.1f", ":.3g", ":e", ":>10.2f", ":,.1f", ":+.0f", ":.0%", "!r"})
			case kBool:
				spec = g.pick([]string{"!r", ":>6", ""})
			}
		}
		fmt.Fprintf(&b, "{%s%s}", e, spec)
	}
	b.WriteString(`"`)
	return b.String()
}

// nestedSpec is a format spec with replacement fields for a value of kind
// k: widths and precisions computed from an int variable (kept small),
// fill, align and sign from str expressions.
func (g *gen) nestedSpec(k kind) string {
	small := func(mod int) string {
		if v, ok := g.varOf(kInt); ok {
			return fmt.Sprintf("{abs(%s) %% %d}", v, mod)
		}
		return fmt.Sprintf("{%d}", g.r.Intn(mod))
	}
	sign := "{'+'}"
	if v, ok := g.varOf(kBool); ok {
		sign = fmt.Sprintf("{'+' if %s else '-'}", v)
	}
	w := small(12)
	switch k {
	case kInt:
		return g.pick([]string{":>" + w, ":{'*'}^" + w, ":" + sign + w, ":0" + w + ",", ":" + sign + "x"})
	case kStr:
		return g.pick([]string{":>" + w, ":." + small(5), ":{'-'}<" + w + "." + small(4), "!r:^" + w})
	case kFloat:
		p := small(5)
		return g.pick([]string{":." + p + "f", ":>" + w + "." + p + "e", ":" + sign + "." + p + "%", ":{'_'}^" + w + "." + p + "g"})
	}
	return g.pick([]string{":>" + w, "!r:<" + w})
}

func (g *gen) boolExpr(depth int) string {
	if depth <= 0 || g.chance(15) {
		if v, ok := g.varOf(kBool); ok && g.chance(60) {
			return v
		}
		return g.pick([]string{"True", "False"})
	}
	d := depth - 1
	switch g.r.Intn(12) {
	case 0, 1, 2:
		return fmt.Sprintf("(%s %s %s)", g.intExpr(d), g.pick([]string{"<", "<=", ">", ">=", "==", "!="}), g.intExpr(d))
	case 3:
		return fmt.Sprintf("(%s %s %s)", g.strExpr(d), g.pick([]string{"==", "!=", "<", ">="}), g.strExpr(d))
	case 4:
		return fmt.Sprintf("(%s in %s)", pyStr(g.pick([]string{"a", "é", "o", " ", "日"})), g.strExpr(d))
	case 5:
		if xs, ok := g.varOf(kListInt); ok {
			return fmt.Sprintf("(%s %s %s)", g.intExpr(d), g.pick([]string{"in", "not in"}), xs)
		}
		if dv, ok := g.varOf(kDict); ok {
			return fmt.Sprintf("(%s in %s)", g.dictKey(), dv)
		}
		return "True"
	case 6:
		return fmt.Sprintf("(not %s)", g.boolExpr(d))
	case 7, 8:
		return fmt.Sprintf("(%s %s %s)", g.boolExpr(d), g.pick([]string{"and", "or"}), g.boolExpr(d))
	case 9:
		if g.opt.on(StrMethods) {
			return fmt.Sprintf("%s.%s(%s)", g.strAtom(d), g.pick([]string{"startswith", "endswith"}), pyStr(g.pick([]string{"a", "B", "", "é"})))
		}
		return "False"
	case 10:
		return fmt.Sprintf("(%d < %s <= %d)", g.r.Intn(10)-5, g.intExpr(d), g.r.Intn(20))
	default:
		if hs := g.callableHelpers(kBool); len(hs) > 0 {
			return g.helperCall(hs)
		}
		if g.opt.on(Floats) && g.chance(50) {
			return fmt.Sprintf("(%s < %s)", g.floatExpr(d), g.floatExpr(d))
		}
		return fmt.Sprintf("(len(%s) > %d)", g.strExpr(d), g.r.Intn(5))
	}
}

var floatLits = []string{"0.1", "2.5", "-1.25", "0.001", "3.0", "1e16", "-0.0", "0.3", "100.5", "7.0"}

func (g *gen) floatExpr(depth int) string {
	if !g.opt.on(Floats) {
		return "0.5"
	}
	if depth <= 0 || g.chance(25) {
		if v, ok := g.varOf(kFloat); ok && g.chance(60) {
			return v
		}
		return g.pick(floatLits)
	}
	d := depth - 1
	switch g.r.Intn(8) {
	case 0, 1:
		return fmt.Sprintf("(%s / %d)", g.intExpr(d), g.nonZero(9))
	case 2:
		return fmt.Sprintf("(%s + %s)", g.floatExpr(d), g.floatExpr(d))
	case 3:
		return fmt.Sprintf("(%s - %s)", g.floatExpr(d), g.intExpr(d))
	case 4:
		return fmt.Sprintf("(%s * %s)", g.floatExpr(d), g.pick([]string{"0.5", "3", "-2", "0.1", "1.5"}))
	case 5:
		return fmt.Sprintf("float(%s)", g.intExpr(d))
	case 6:
		return fmt.Sprintf("(%s %s %s)", g.floatExpr(d), g.pick([]string{"//", "%"}), g.pick([]string{"2", "-3", "0.5", "2.5"}))
	default:
		return fmt.Sprintf("(%s if %s else %s)", g.floatExpr(d), g.boolExpr(d), g.floatExpr(d))
	}
}

// --- lists and dicts -------------------------------------------------------

func (g *gen) listIntLit() string {
	n := 1 + g.r.Intn(4)
	var xs []string
	for i := 0; i < n; i++ {
		xs = append(xs, g.intLit())
	}
	return "[" + strings.Join(xs, ", ") + "]"
}

func (g *gen) listStrLit() string {
	n := 1 + g.r.Intn(4)
	var xs []string
	for i := 0; i < n; i++ {
		if g.chance(40) {
			xs = append(xs, pyStr(g.pick(addrPool)))
		} else {
			xs = append(xs, pyStr(g.pick(strPool)))
		}
	}
	return "[" + strings.Join(xs, ", ") + "]"
}

func (g *gen) dictLit(min int) string {
	keys := []string{"a", "b", "c", "é", "k1", "日"}
	g.r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	n := min + g.r.Intn(4-min)
	var parts []string
	for _, k := range keys[:n] {
		parts = append(parts, fmt.Sprintf("%s: %s", pyStr(k), g.intLit()))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// nonEmptyList is a list expression of kind k that is never empty.
func (g *gen) nonEmptyList(k kind) string {
	v, ok := g.varOf(k)
	switch g.r.Intn(5) {
	case 0:
		if ok && g.opt.on(Sorted) {
			if k == kListInt && g.chance(40) {
				return fmt.Sprintf("sorted(%s, key=lambda e: %s)", v, g.pick([]string{"-e", "e % 3", "abs(e)", "(e % 2, -e)"}))
			}
			if k == kListStr && g.chance(40) {
				return fmt.Sprintf("sorted(%s, key=len, reverse=True)", v)
			}
			return fmt.Sprintf("sorted(%s)", v)
		}
	case 1:
		if ok {
			if k == kListInt {
				return fmt.Sprintf("%s + [%s]", v, g.bound(g.intExpr(1)))
			}
			return fmt.Sprintf("%s + [%s]", v, g.strExpr(1))
		}
	case 2:
		if ok && g.opt.on(Comps) {
			c := g.fresh("c")
			if k == kListInt {
				return fmt.Sprintf("[%s * %d %% 1009 for %s in %s]", c, g.r.Intn(7)-3, c, v)
			}
			return fmt.Sprintf("[%s.upper() for %s in %s]", c, c, v)
		}
	case 3:
		if ok && g.opt.on(ListOps) {
			return "list(" + v + ")"
		}
	}
	if k == kListInt {
		return g.listIntLit()
	}
	return g.listStrLit()
}

// anyList is a list expression of kind k, possibly empty.
func (g *gen) anyList(k kind) string {
	v, ok := g.varOf(k)
	if !ok {
		return g.nonEmptyList(k)
	}
	switch g.r.Intn(5) {
	case 0:
		if g.opt.on(Comps) {
			c := g.fresh("c")
			if k == kListInt {
				return fmt.Sprintf("[%s for %s in %s if %s %% 2 == 0]", c, c, v, c)
			}
			return fmt.Sprintf("[%s for %s in %s if len(%s) > 1]", c, c, v, c)
		}
	case 1:
		if g.opt.on(Slices) {
			return fmt.Sprintf("%s[%d:%d]", v, g.r.Intn(3), g.r.Intn(5))
		}
	case 2:
		if k == kListStr && g.opt.on(StrMethods) {
			if g.chance(50) {
				return fmt.Sprintf("%s.split(%s)", g.strAtom(1), pyStr(g.pick([]string{",", " ", "a", "é"})))
			}
			return fmt.Sprintf("%s.split()", g.strAtom(1))
		}
	}
	return g.nonEmptyList(k)
}
