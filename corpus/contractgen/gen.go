package contractgen

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strings"
)

// Plan is one generated plan.
type Plan struct {
	Seed   int64
	Source string
	// Layers are the corpus layers whose effects the plan calls, sorted.
	Layers []string
	// Guarantees are the contract calls main is decorated with.
	Guarantees []string
	// Shape names the edge shape of issue 12 the plan holds (Shapes), or
	// is "" for none.
	Shape string
}

// The edge shapes a plan may hold besides its random statements: each is
// a plan shape the prover once proved although a run breaks the
// guarantee, so a plan holding one must be refused or proved only when
// true. Shapes lists them; at most one is in a plan.
const (
	// NestedResult loops over the inner lists of a list[list[Row]]
	// result (tools/groups' user_groups, whose ensures bound only the
	// outer list and whose inner lists nobody checks for __unique__),
	// directly or through a comprehension, notifying each member.
	NestedResult = "nested-result"
	// MutatedWhileRead calls, from a comprehension's element or the body
	// of a loop over enumerate or zip, a helper that calls an effect and
	// appends (boundedly) to the list being read.
	MutatedWhileRead = "mutated-while-read"
	// UnboundedLoop loops over a result no ensures bounds (all_users),
	// with a body that calls an effect on one row and may raise on
	// another, and an effect after the loop that the raise skips.
	UnboundedLoop = "unbounded-loop"
)

// Shapes lists the edge shapes, in a fixed order.
var Shapes = []string{NestedResult, MutatedWhileRead, UnboundedLoop}

// The string literals plans use: addresses with and without "@", the
// accounts, doors, rooms, vendors and paths the contracts name.
var (
	addresses = []string{"bob@example.com", "ann@example.com", "eve@elsewhere.example", "ops@corp.example", "nobody"}
	accounts  = []string{"checking", "savings"}
	doors     = []string{"front", "back", "garage"}
	rooms     = []string{"kitchen", "hall"}
	vendors   = []string{"acme", "globex"}
	paths     = []string{"/home/u/notes.txt", "/tmp/out.txt", "notes.txt"}
	prefixes  = []string{"/home/u/", "/tmp/"}
	suffixes  = []string{"@example.com", "@corp.example"}
	texts     = []string{"", "hi", "hello there"}
)

// Strings returns every string literal a plan may compare against.
func Strings() []string {
	var out []string
	for _, pool := range [][]string{addresses, accounts, doors, rooms, vendors, paths, texts, {"users", "staff"}} {
		out = append(out, pool...)
	}
	return out
}

type kind int

const (
	kStr kind = iota
	kInt
	kBool
	kUser   // UserRow
	kOrder  // OrderRow
	kTicket // TicketRow
	kStrList
)

type variable struct {
	name string
	k    kind
}

// rowFields are the fields of the row types, by kind.
var rowFields = map[kind][]variable{
	kUser:   {{"id", kInt}, {"email", kStr}, {"name", kStr}, {"active", kBool}, {"balance", kInt}},
	kOrder:  {{"customer", kStr}, {"amount", kInt}, {"paid", kBool}},
	kTicket: {{"id", kInt}, {"owner", kStr}, {"title", kStr}},
}

// effect is one trusted function a plan may import: the module, its name
// there and the local name the plan uses.
type effect struct{ module, name, local string }

func (e effect) importLine() string {
	if e.local == e.name {
		return fmt.Sprintf("from %s import %s", e.module, e.name)
	}
	return fmt.Sprintf("from %s import %s as %s", e.module, e.name, e.local)
}

var effects = map[string]effect{}

func init() {
	for layer, names := range map[string][]string{
		"email":  {"send_email"},
		"bank":   {"withdraw", "deposit"},
		"db":     {"db_query", "list_orders", "all_users", "get_user", "count_users", "is_admin", "owner_email", "admin_emails", "notify", "refund"},
		"home":   {"unlock", "lock", "set_temperature", "notify"},
		"shop":   {"buy", "list_offers"},
		"legacy": {"query_tickets", "comment", "close_ticket"},
		"files":  {"read_file", "list_dir", "write_file"},
		"groups": {"user_groups"},
	} {
		for _, n := range names {
			local := n
			if layer == "home" && n == "notify" {
				local = "home_notify"
			}
			effects[local] = effect{"tools." + layer + ".trusted.effects", n, local}
		}
	}
}

// layersAll are the layers a plan may use (db twice as often).
var layersAll = []string{"email", "bank", "db", "db", "home", "shop", "legacy", "files"}

// clashing are the pairs of layers a plan never combines: a relation of
// one selects, by marker or name, an effect of the other that lacks a
// field its contracts read ("write" in files and legacy, "notify" in db
// and legacy), and the compiler refuses such a plan. db and home clash
// the same way over notify, but only for the db contracts that read addr,
// which guarantee leaves out when both are used.
var clashing = map[[2]string]bool{{"files", "legacy"}: true, {"db", "legacy"}: true}

func clashes(l string, chosen map[string]bool) bool {
	for c := range chosen {
		if clashing[[2]string{l, c}] || clashing[[2]string{c, l}] {
			return true
		}
	}
	return false
}

// helper is a generated helper function.
type helper struct {
	name   string
	params []variable
	ret    kind // kStr or -1 for None
	counts map[string]int
	sums   map[string]int
}

type gen struct {
	r      *rand.Rand
	b      strings.Builder
	ind    int
	n      int
	layers map[string]bool
	used   map[string]bool // effects (local names) imported
	// counts estimate, per relation, how many facts a run makes at most;
	// sums the most a sum over the relation's amounts reaches.
	counts map[string]int
	sums   map[string]int
	mult   int // iterations of the enclosing loops
	loops  int // loop depth
	accs   []variable
	helps  []*helper
	inHelp *helper
	budget int
	// sr draws the edge shape, apart from r, so that the plans of seeds
	// without one stay what they were
	sr *rand.Rand
	// extra are guarantees a shape asks for, besides the random ones
	extra []string
}

// Generate returns the plan for seed.
func Generate(seed int64) *Plan {
	g := &gen{r: rand.New(rand.NewSource(seed)), layers: map[string]bool{}, used: map[string]bool{},
		counts: map[string]int{}, sums: map[string]int{}, mult: 1, sr: rand.New(rand.NewSource(^seed))}
	for range 1 + g.r.Intn(3) {
		l := g.pick(layersAll)
		if clashes(l, g.layers) {
			continue
		}
		g.layers[l] = true
	}
	var helpers strings.Builder
	for range g.r.Intn(3) {
		helpers.WriteString(g.helper())
	}
	params := []variable{}
	for _, p := range []variable{{"customer", kStr}, {"n", kInt}, {"flag", kBool}} {
		if g.chance(50) {
			params = append(params, p)
		}
	}
	g.b.Reset()
	g.ind = 1
	scope := append([]variable(nil), params...)
	if g.chance(60) {
		acc := variable{g.fresh("total"), kInt}
		g.line("%s = 0", acc.name)
		g.accs = append(g.accs, acc)
	}
	if g.chance(50) {
		acc := variable{g.fresh("seen"), kStrList}
		g.line("%s: list[str] = []", acc.name)
		g.accs = append(g.accs, acc)
	}
	scope = append(scope, g.accs...)
	g.budget = 14
	for range 2 + g.r.Intn(4) {
		scope = g.stmt(scope)
	}
	var shape, shapeHelpers string
	if g.sr.Intn(100) < shapePct {
		shape = Shapes[g.sr.Intn(len(Shapes))]
		before := g.b.Len()
		shapeHelpers = g.shape(shape)
		if g.b.Len() == before {
			shape = "" // the plan's layers leave no room for it
		}
	}
	// a list built in the body is often iterated at the end, and not
	// appended to while it is
	for i, a := range g.accs {
		if a.k == kStrList && g.chance(50) {
			saved := g.accs
			g.accs = append(append([]variable(nil), saved[:i]...), saved[i+1:]...)
			g.loopOver(scope, a.name, kStr, 10)
			g.accs = saved
		}
	}
	body := g.b.String()

	p := &Plan{Seed: seed, Shape: shape}
	for l := range g.layers {
		p.Layers = append(p.Layers, l)
	}
	sort.Strings(p.Layers)
	for range 1 + g.r.Intn(2) {
		if gr := g.guarantee(p.Layers); gr != "" {
			p.Guarantees = append(p.Guarantees, gr)
		}
	}
	for _, gr := range g.extra {
		if !slices.Contains(p.Guarantees, gr) {
			p.Guarantees = append(p.Guarantees, gr)
		}
	}

	var src strings.Builder
	fmt.Fprintf(&src, "# contractgen seed %d\nimport clauz3\n", seed)
	for _, l := range p.Layers {
		fmt.Fprintf(&src, "from tools.%s.trusted import contracts as %s_c\n", l, l)
	}
	var imports []string
	for local := range g.used {
		imports = append(imports, effects[local].importLine())
	}
	sort.Strings(imports)
	for _, line := range imports {
		src.WriteString(line + "\n")
	}
	src.WriteString("\n")
	src.WriteString(helpers.String())
	src.WriteString(shapeHelpers)
	src.WriteString("\n")
	for _, gr := range p.Guarantees {
		fmt.Fprintf(&src, "@clauz3.guarantee(%s)\n", gr)
	}
	var ps []string
	for _, v := range params {
		ps = append(ps, v.name+": "+ann(v.k))
	}
	fmt.Fprintf(&src, "def main(%s) -> None:\n", strings.Join(ps, ", "))
	if strings.TrimSpace(body) == "" {
		body = "    pass\n"
	}
	src.WriteString(body)
	p.Source = src.String()
	return p
}

func ann(k kind) string {
	switch k {
	case kInt:
		return "int"
	case kBool:
		return "bool"
	case kUser:
		return "UserRow"
	case kOrder:
		return "OrderRow"
	case kTicket:
		return "TicketRow"
	case kStrList:
		return "list[str]"
	}
	return "str"
}

func (g *gen) line(format string, args ...any) {
	g.b.WriteString(strings.Repeat("    ", g.ind))
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteString("\n")
}

func (g *gen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%s_%d", prefix, g.n)
}

func (g *gen) chance(pct int) bool { return g.r.Intn(100) < pct }

func (g *gen) pick(xs []string) string { return xs[g.r.Intn(len(xs))] }

func (g *gen) lit(xs []string) string { return fmt.Sprintf("%q", g.pick(xs)) }

// use marks an effect as imported and returns its local name.
func (g *gen) use(local string) string {
	g.used[local] = true
	return local
}

// count records a fact of relation rel reached at most g.mult times per
// run (per call, inside a helper).
func (g *gen) count(rel string, amount int) {
	counts, sums := g.counts, g.sums
	if g.inHelp != nil {
		counts, sums = g.inHelp.counts, g.inHelp.sums
	}
	counts[rel] += g.mult
	sums[rel] += g.mult * amount
}

func (g *gen) layerList() []string {
	var ls []string
	for l := range g.layers {
		ls = append(ls, l)
	}
	sort.Strings(ls)
	return ls
}

func vars(scope []variable, k kind) []variable {
	var out []variable
	for _, v := range scope {
		if v.k == k {
			out = append(out, v)
		}
	}
	return out
}

// expr returns an expression of kind k (kStr, kInt or kBool) over scope.
func (g *gen) expr(scope []variable, k kind, depth int) string {
	var cands []string
	for _, v := range vars(scope, k) {
		cands = append(cands, v.name)
	}
	for _, rk := range []kind{kUser, kOrder, kTicket} {
		for _, row := range vars(scope, rk) {
			for _, f := range rowFields[rk] {
				if f.k == k {
					cands = append(cands, row.name+"."+f.name)
				}
			}
		}
	}
	if len(cands) > 0 && g.chance(65) {
		return cands[g.r.Intn(len(cands))]
	}
	switch k {
	case kInt:
		if depth > 0 && len(cands) > 0 && g.chance(40) {
			return fmt.Sprintf("%s + %d", g.expr(scope, kInt, depth-1), 1+g.r.Intn(3))
		}
		return fmt.Sprint(g.r.Intn(12))
	case kBool:
		return g.cond(scope, depth)
	}
	if depth > 0 && g.chance(30) {
		if g.chance(50) {
			return g.expr(scope, kStr, depth-1) + " + " + g.lit([]string{"!", " (copy)", "@example.com"})
		}
		iv := g.expr(scope, kInt, 0)
		return fmt.Sprintf("f\"%s {%s}\"", g.pick([]string{"note", "item"}), iv)
	}
	return g.lit(append(append([]string{}, addresses...), texts...))
}

// cond is a condition over scope: row fields, inputs, accumulators.
func (g *gen) cond(scope []variable, depth int) string {
	s := g.expr(scope, kStr, 0)
	i := g.expr(scope, kInt, 0)
	cands := []string{
		fmt.Sprintf("%s %s %d", i, g.pick([]string{"<", "<=", ">", ">=", "==", "!="}), g.r.Intn(8)),
		fmt.Sprintf("\"@\" in %s", s),
		fmt.Sprintf("%s == %s", s, g.lit(addresses)),
		fmt.Sprintf("%s.endswith(%s)", s, g.lit(suffixes)),
		fmt.Sprintf("%s.startswith(%s)", s, g.lit([]string{"bob", "a", "/"})),
	}
	for _, v := range vars(scope, kBool) {
		cands = append(cands, v.name, "not "+v.name)
	}
	for _, rk := range []kind{kUser, kOrder} {
		for _, row := range vars(scope, rk) {
			for _, f := range rowFields[rk] {
				if f.k == kBool {
					cands = append(cands, row.name+"."+f.name, "not "+row.name+"."+f.name)
				}
			}
		}
	}
	for _, l := range vars(scope, kStrList) {
		cands = append(cands, fmt.Sprintf("%s %s %s", s, g.pick([]string{"in", "not in"}), l.name),
			fmt.Sprintf("len(%s) %s %d", l.name, g.pick([]string{"<", ">="}), g.r.Intn(4)))
	}
	cands = append(cands, fmt.Sprintf("%s in [%s, %s]", s, g.lit(addresses), g.lit(addresses)))
	c := cands[g.r.Intn(len(cands))]
	if depth > 0 && g.chance(25) {
		c = fmt.Sprintf("%s %s %s", c, g.pick([]string{"and", "or"}), g.cond(scope, depth-1))
	}
	return c
}

// stmt emits one statement and returns the scope after it.
func (g *gen) stmt(scope []variable) []variable {
	g.budget--
	if g.budget <= 0 {
		g.call(scope)
		return scope
	}
	switch w := g.r.Intn(100); {
	case w < 30:
		g.call(scope)
	case w < 52 && (g.loops == 0 || g.loops == 1 && g.chance(40)):
		g.loop(scope)
	case w < 66:
		g.ifStmt(scope)
	case w < 76:
		return g.assignResult(scope)
	case w < 84 && len(g.helps) > 0 && g.inHelp == nil:
		g.callHelper(scope)
	case w < 92 && len(g.accs) > 0:
		g.accumulate(scope)
	case w < 96 && g.inHelp == nil:
		g.line("if %s:", g.cond(scope, 1))
		g.ind++
		g.line("return")
		g.ind--
	default:
		s := g.expr(scope, kStr, 1)
		v := variable{g.fresh("msg"), kStr}
		g.line("%s = %s", v.name, s)
		return append(scope, v)
	}
	return scope
}

// block emits 1..n statements one level deeper; names it assigns stay
// inside it.
func (g *gen) block(scope []variable, n int) {
	g.ind++
	for range 1 + g.r.Intn(n) {
		scope = g.stmt(scope)
	}
	g.ind--
}

func (g *gen) ifStmt(scope []variable) {
	g.line("if %s:", g.cond(scope, 1))
	g.block(scope, 2)
	if g.chance(35) {
		g.line("else:")
		g.block(scope, 1)
	}
}

func (g *gen) accumulate(scope []variable) {
	acc := g.accs[g.r.Intn(len(g.accs))]
	if acc.k == kInt {
		g.line("%s += %s", acc.name, g.pick([]string{"1", g.expr(scope, kInt, 0)}))
		return
	}
	s := g.expr(scope, kStr, 0)
	if g.chance(50) {
		g.line("if %s not in %s:", s, acc.name)
		g.ind++
		g.line("%s.append(%s)", acc.name, s)
		g.ind--
		return
	}
	g.line("%s.append(%s)", acc.name, s)
}

// loop emits a loop over a bounded query result, a literal list or a
// range, possibly through a variable, enumerate or zip.
func (g *gen) loop(scope []variable) {
	type source struct {
		expr  string
		elem  kind
		bound int
		layer string
	}
	var srcs []source
	if g.layers["db"] {
		// an inner loop stays short: ten users times ten users makes a
		// hundred facts, whose distinct claims Z3 takes minutes over
		if g.loops == 0 {
			srcs = append(srcs, source{fmt.Sprintf("db_query(%s)", g.lit([]string{"users", "staff"})), kUser, 10, "db"})
		}
		srcs = append(srcs,
			source{fmt.Sprintf("list_orders(%s)", g.expr(scope, kStr, 0)), kOrder, 5, "db"},
			source{"admin_emails()", kStr, 3, "db"})
	}
	if g.layers["legacy"] && g.loops == 0 {
		srcs = append(srcs, source{fmt.Sprintf("%s(%s)", "query_tickets", g.lit([]string{"open", "closed"})), kTicket, 50, "legacy"})
	}
	srcs = append(srcs,
		source{fmt.Sprintf("[%s, %s]", g.lit(addresses), g.lit(doors)), kStr, 2, ""},
		source{fmt.Sprintf("range(%d)", 1+g.r.Intn(4)), kInt, 4, ""})
	src := srcs[g.r.Intn(len(srcs))]
	if strings.HasPrefix(src.expr, "range(") {
		fmt.Sscanf(src.expr, "range(%d)", &src.bound)
	}
	if i := strings.IndexByte(src.expr, '('); i > 0 && !strings.HasPrefix(src.expr, "range") {
		g.use(src.expr[:i])
	}
	if g.chance(30) && src.layer != "" {
		v := g.fresh("rows")
		g.line("%s = %s", v, src.expr)
		src.expr = v
	}
	g.loopOver(scope, src.expr, src.elem, src.bound)
}

// loopOver emits `for x in it:` (or an enumerate or zip form) and its
// body, in which x is in scope.
func (g *gen) loopOver(scope []variable, it string, elem kind, bound int) {
	x := variable{g.fresh(map[kind]string{kStr: "s", kInt: "i", kUser: "u", kOrder: "o", kTicket: "t"}[elem]), elem}
	inner := append(append([]variable(nil), scope...), x)
	switch w := g.r.Intn(10); {
	case w < 2:
		idx := variable{g.fresh("k"), kInt}
		inner = append(inner, idx)
		g.line("for %s, %s in enumerate(%s):", idx.name, x.name, it)
	case w < 3 && g.layers["db"]:
		other := variable{g.fresh("a"), kStr}
		inner = append(inner, other)
		g.line("for %s, %s in zip(%s(), %s):", other.name, x.name, g.use("admin_emails"), it)
		bound = min(bound, 3)
	default:
		g.line("for %s in %s:", x.name, it)
	}
	saved := g.mult
	g.mult *= bound
	g.loops++
	g.ind++
	if g.chance(25) {
		g.line("if %s:", g.cond(inner, 0))
		g.ind++
		g.line("%s", g.pick([]string{"break", "continue"}))
		g.ind--
	}
	for range 1 + g.r.Intn(3) {
		inner = g.stmt(inner)
	}
	g.ind--
	g.loops--
	g.mult = saved
}

// assignResult calls an effect that returns a value and names it.
func (g *gen) assignResult(scope []variable) []variable {
	type res struct {
		call string
		k    kind
	}
	var rs []res
	if g.layers["db"] {
		rs = append(rs,
			res{g.use("count_users") + "()", kInt},
			res{fmt.Sprintf("%s(%s)", g.use("is_admin"), g.expr(scope, kStr, 0)), kBool},
			res{g.use("owner_email") + "()", kStr},
			res{fmt.Sprintf("%s(%s)", g.use("get_user"), g.expr(scope, kInt, 0)), kUser})
	}
	if g.layers["files"] {
		p := g.lit(paths[:2])
		rs = append(rs, res{fmt.Sprintf("%s(%s)", g.use("read_file"), p), kStr})
		g.count("read", 0)
		g.count("fs", 0)
	}
	if len(rs) == 0 {
		g.call(scope)
		return scope
	}
	r := rs[g.r.Intn(len(rs))]
	v := variable{g.fresh("r"), r.k}
	g.line("%s = %s", v.name, r.call)
	return append(scope, v)
}

// call emits one effect call of a used layer, mostly within its
// precondition (guarded when its arguments are computed).
func (g *gen) call(scope []variable) {
	layers := g.layerList()
	layer := layers[g.r.Intn(len(layers))]
	guarded := func(cond string, emit func()) {
		if cond == "" {
			emit()
			return
		}
		g.line("if %s:", cond)
		g.ind++
		emit()
		g.ind--
	}
	addr := func() (string, string) {
		if g.chance(40) {
			return g.lit(addresses[:4]), ""
		}
		a := g.expr(scope, kStr, 1)
		if g.chance(85) {
			return a, fmt.Sprintf("\"@\" in %s", a)
		}
		return a, ""
	}
	// amount is a positive amount (or, rarely, anything); hi is its bound
	// for the sum estimate.
	amount := func() (string, string, int) {
		if g.chance(55) {
			k := 1 + g.r.Intn(9)
			return fmt.Sprint(k), "", k
		}
		a := g.expr(scope, kInt, 0)
		hi := 2 + g.r.Intn(10)
		switch {
		case g.chance(70):
			return a, fmt.Sprintf("0 < %s <= %d", a, hi), hi
		case g.chance(50):
			return a, fmt.Sprintf("%s > 0", a), 1000
		}
		return a, "", 1000
	}
	switch layer {
	case "email":
		a, c := addr()
		m := g.expr(scope, kStr, 1)
		guarded(c, func() { g.line("%s(%s, %s)", g.use("send_email"), a, m) })
		g.count("email", 0)
	case "bank":
		acct := g.lit(accounts)
		if g.chance(25) {
			acct = g.expr(scope, kStr, 0)
		}
		amt, c, hi := amount()
		if g.chance(25) {
			guarded(c, func() { g.line("%s(%s, %s)", g.use("deposit"), acct, amt) })
			return
		}
		guarded(c, func() { g.line("%s(%s, %s)", g.use("withdraw"), acct, amt) })
		g.count("spend", hi)
	case "db":
		if g.chance(55) {
			a, c := addr()
			subj := g.expr(scope, kStr, 1)
			guarded(c, func() { g.line("%s(%s, %s)", g.use("notify"), a, subj) })
			g.count("notify", 0)
			return
		}
		cust := g.expr(scope, kStr, 0)
		amt, c, hi := amount()
		guarded(c, func() { g.line("%s(%s, %s)", g.use("refund"), cust, amt) })
		g.count("refund", hi)
	case "home":
		door := g.lit(doors)
		switch {
		case g.chance(20):
			door = `"ga" + "rage"`
		case g.chance(25):
			door = g.expr(scope, kStr, 0)
		}
		w := g.r.Intn(10)
		if w == 9 && g.layers["db"] {
			// db's relation effect(notify) selects every effect named
			// notify, and home's has no addr: the compiler refuses both
			w = g.r.Intn(9)
		}
		switch {
		case w < 4:
			g.line("%s(%s)", g.use("unlock"), door)
			g.count("unlock", 0)
		case w < 7:
			g.line("%s(%s)", g.use("lock"), door)
		case w < 9:
			room := g.lit(rooms)
			if g.chance(20) {
				room = g.expr(scope, kStr, 0)
			}
			deg := fmt.Sprint(10 + g.r.Intn(21))
			cond := ""
			if g.chance(35) {
				deg = g.expr(scope, kInt, 0)
				if g.chance(85) {
					cond = fmt.Sprintf("10 <= %s <= 30", deg)
				}
			}
			guarded(cond, func() { g.line("%s(%s, %s)", g.use("set_temperature"), room, deg) })
		default:
			g.line("%s(%s)", g.use("home_notify"), g.expr(scope, kStr, 1))
		}
	case "shop":
		vendor := g.lit(vendors)
		if g.chance(25) {
			vendor = g.expr(scope, kStr, 0)
		}
		if g.chance(20) {
			g.line("%s(%s)", g.use("list_offers"), vendor)
			return
		}
		amt, c, hi := amount()
		guarded(c, func() { g.line("%s(%s, %s)", g.use("buy"), vendor, amt) })
		g.count("purchase", hi)
	case "legacy":
		if g.chance(25) {
			g.line("%s(%s)", g.use("close_ticket"), g.expr(scope, kInt, 0))
			g.count("write", 0)
			return
		}
		a, c := addr()
		text := g.expr(scope, kStr, 1)
		if g.chance(70) {
			text = g.lit(texts[1:])
		} else if g.chance(80) {
			c = strings.TrimPrefix(c+" and len("+text+") > 0", " and ")
		}
		guarded(c, func() { g.line("%s(%s, %s)", g.use("comment"), a, text) })
		g.count("comment", 0)
		g.count("write", 0)
	case "files":
		p := g.lit(paths[:2])
		c := ""
		if g.chance(30) {
			p = g.expr(scope, kStr, 0)
			if g.chance(85) {
				c = p + `.startswith("/")`
			}
		}
		switch w := g.r.Intn(3); w {
		case 0:
			guarded(c, func() { g.line("%s(%s)", g.use("read_file"), p) })
			g.count("read", 0)
		case 1:
			g.line("%s(%s)", g.use("list_dir"), p)
			g.count("read", 0)
		default:
			guarded(c, func() { g.line("%s(%s, %s)", g.use("write_file"), p, g.expr(scope, kStr, 1)) })
			g.count("write", 0)
		}
		g.count("fs", 0)
	}
}

// helper emits a helper function: parameters, an optional assert or
// raise, effect calls, and sometimes a str result.
func (g *gen) helper() string {
	h := &helper{name: g.fresh("helper"), ret: -1, counts: map[string]int{}, sums: map[string]int{}}
	h.params = []variable{{"addr", kStr}, {"amount", kInt}}
	if g.chance(40) {
		h.ret = kStr
	}
	g.b.Reset()
	g.inHelp = h
	g.ind = 1
	// helpers run inside the plan's loops: a loop of their own would
	// nest them three deep, which the prover decides too slowly for a
	// test
	g.loops = 2
	scope := append([]variable(nil), h.params...)
	switch g.r.Intn(4) {
	case 0:
		g.line("assert amount %s", g.pick([]string{"> 0", ">= 0", "< 100"}))
	case 1:
		g.line("if %s:", g.cond(scope, 0))
		g.ind++
		g.line("raise ValueError(%q)", "refused by "+h.name)
		g.ind--
	}
	g.budget = 4
	for range 1 + g.r.Intn(3) {
		scope = g.stmt(scope)
	}
	if h.ret == kStr {
		g.line("return %s", g.expr(scope, kStr, 1))
	}
	g.inHelp = nil
	g.loops = 0
	g.helps = append(g.helps, h)
	var ps []string
	for _, p := range h.params {
		ps = append(ps, p.name+": "+ann(p.k))
	}
	ret := "None"
	if h.ret == kStr {
		ret = "str"
	}
	return fmt.Sprintf("def %s(%s) -> %s:\n%s\n", h.name, strings.Join(ps, ", "), ret, g.b.String())
}

// callHelper calls a helper and adds its facts, times the enclosing
// loops, to the estimates.
func (g *gen) callHelper(scope []variable) {
	h := g.helps[g.r.Intn(len(g.helps))]
	args := fmt.Sprintf("%s, %s", g.expr(scope, kStr, 1), g.expr(scope, kInt, 0))
	for rel, n := range h.counts {
		g.counts[rel] += g.mult * n
	}
	for rel, n := range h.sums {
		g.sums[rel] += g.mult * n
	}
	if h.ret == kStr && g.accs != nil && g.chance(50) {
		for _, a := range g.accs {
			if a.k == kStrList {
				g.line("%s.append(%s(%s))", a.name, h.name, args)
				return
			}
		}
	}
	g.line("%s(%s)", h.name, args)
}

// near draws a threshold around est, the estimated worst case, so that
// both verdicts occur.
func (g *gen) near(est int) int {
	if est <= 0 {
		return g.r.Intn(2)
	}
	switch g.r.Intn(4) {
	case 0, 1:
		return est + g.r.Intn(2)
	case 2:
		return max(0, est-1-g.r.Intn(2))
	}
	return g.r.Intn(est + 1)
}

// guarantee draws one guarantee from the contracts of the plan's layers.
func (g *gen) guarantee(layers []string) string {
	layer := layers[g.r.Intn(len(layers))]
	c := layer + "_c."
	list := func(pool []string) string {
		return fmt.Sprintf("[%s, %s]", g.lit(pool), g.lit(pool))
	}
	var cands []string
	switch layer {
	case "email":
		n := g.counts["email"]
		cands = []string{
			"only(" + list(addresses) + ")", "unique_recipients()", "none()",
			fmt.Sprintf("at_most(%d)", g.near(n)),
			fmt.Sprintf("recipient_at_most(%s, %d)", g.lit(addresses), g.near(n)),
			fmt.Sprintf("content_length_at_most(%d)", 5+g.r.Intn(30)),
		}
	case "bank":
		cands = []string{
			fmt.Sprintf("max_spend(%d)", g.near(g.sums["spend"])),
			fmt.Sprintf("max_withdrawals(%d)", g.near(g.counts["spend"])),
			fmt.Sprintf("only_account(%s)", g.lit(accounts)),
		}
	case "db":
		cands = []string{
			fmt.Sprintf("notify_domain(%s)", g.lit(suffixes)),
			fmt.Sprintf("notify_at_most(%d)", g.near(g.counts["notify"])),
			"notify_once_each()", "notify_only(" + list(addresses) + ")", "notify_only_users()", "no_notifications()",
			fmt.Sprintf("refund_total_at_most(%d)", g.near(g.sums["refund"])),
			fmt.Sprintf("refunds_at_most(%d)", g.near(g.counts["refund"])),
			fmt.Sprintf("refund_each_at_most(%d)", 1+g.r.Intn(10)),
		}
		if g.layers["home"] {
			// db's effect(notify) also selects home's notify, which has
			// no addr: contracts reading it are refused with both layers
			cands = []string{cands[1], cands[5], cands[6], cands[7], cands[8]}
		}
	case "home":
		cands = []string{
			"all_doors_locked()",
			fmt.Sprintf("door_locked_at_end(%s)", g.lit(doors)),
			fmt.Sprintf("door_left_unlocked(%s)", g.lit(doors)),
			fmt.Sprintf("temperature_at_end(%s, %d)", g.lit(rooms), 10+g.r.Intn(21)),
			fmt.Sprintf("never_above(%d)", 15+g.r.Intn(16)),
			fmt.Sprintf("all_locked_but(%s)", g.lit(doors)),
			fmt.Sprintf("rooms_at_most_but(%s, %d)", g.lit(rooms), 15+g.r.Intn(16)),
			"no_unlocks()",
		}
	case "shop":
		cands = []string{
			fmt.Sprintf("max_total(%d)", g.near(g.sums["purchase"])),
			fmt.Sprintf("only_vendor(%s)", g.lit(vendors)),
			fmt.Sprintf("at_most(%d)", g.near(g.counts["purchase"])),
		}
	case "legacy":
		cands = []string{
			"comments_only_to(" + list(addresses) + ")",
			fmt.Sprintf("comments_at_most(%d)", g.near(g.counts["comment"])),
			"read_only()",
		}
	case "files":
		cands = []string{
			fmt.Sprintf("reads_under(%s)", g.lit(prefixes)),
			"no_writes()",
			fmt.Sprintf("writes_under(%s)", g.lit(prefixes)),
			fmt.Sprintf("touches_at_most(%d)", g.near(g.counts["fs"])),
			fmt.Sprintf("reads_at_most(%d)", g.near(g.counts["read"])),
		}
	}
	return c + cands[g.r.Intn(len(cands))]
}

// shapePct is the share of plans, in percent, that hold an edge shape.
const shapePct = 30

// shape emits the edge shape at main's top level, with the layers and
// guarantees it needs, and returns the helpers it defines. It draws only
// from g.sr.
func (g *gen) shape(shape string) string {
	pick := func(xs []string) string { return xs[g.sr.Intn(len(xs))] }
	lit := func(xs []string) string { return fmt.Sprintf("%q", pick(xs)) }
	switch shape {
	case NestedResult:
		// db for notify and its contracts; home's notify would clash
		// with the db contracts that read addr
		if g.layers["home"] || clashes("db", g.layers) {
			return ""
		}
		g.layers["db"] = true
		group, m := g.fresh("group"), g.fresh("m")
		g.line("for %s in %s():", group, g.use("user_groups"))
		g.ind++
		over := group
		if g.sr.Intn(2) == 0 {
			members := g.fresh("members")
			g.line("%s = [%s.email for %s in %s]", members, m, m, group)
			over, m = members, g.fresh("e")
			g.line("for %s in %s:", m, over)
		} else {
			g.line("for %s in %s:", m, over)
			m += ".email"
		}
		g.ind++
		g.line("if \"@\" in %s:", m)
		g.ind++
		g.line("%s(%s, %s)", g.use("notify"), m, lit(texts[1:]))
		g.ind -= 2
		if g.sr.Intn(3) == 0 {
			g.line("break")
		}
		g.ind--
		// what the ensures bound would allow if it bounded every list:
		// two groups of two
		g.counts["notify"] += 4 * g.mult
		g.extra = append(g.extra, pick([]string{"db_c.notify_once_each()", "db_c.notify_at_most(4)", "db_c.notify_at_most(2)"}))
		return ""
	case MutatedWhileRead:
		layer := pick([]string{"email", "db"})
		if layer == "db" && (g.layers["home"] || clashes("db", g.layers)) {
			layer = "email"
		}
		g.layers[layer] = true
		grow := g.fresh("grow")
		xs, a := g.fresh("xs"), g.fresh("a")
		var h strings.Builder
		fmt.Fprintf(&h, "def %s(xs: list[str], a: str) -> int:\n", grow)
		fmt.Fprintf(&h, "    if \"@\" in a:\n")
		if layer == "email" {
			fmt.Fprintf(&h, "        %s(a, %s)\n", g.use("send_email"), lit(texts[1:]))
			g.counts["email"] += 2 * g.mult
			g.extra = append(g.extra, pick([]string{`email_c.only(["bob@example.com", "ann@example.com"])`, "email_c.at_most(2)"}))
		} else {
			fmt.Fprintf(&h, "        %s(a, %s)\n", g.use("notify"), lit(texts[1:]))
			g.counts["notify"] += 2 * g.mult
			g.extra = append(g.extra, pick([]string{`db_c.notify_only(["bob@example.com", "ann@example.com"])`, "db_c.notify_at_most(2)"}))
		}
		// bounded: the list read live grows to three at most
		fmt.Fprintf(&h, "    if len(xs) < 3:\n        xs.append(%q)\n    return 1\n\n", "eve@elsewhere.example")
		g.line("%s = [%q, %q]", xs, "bob@example.com", "ann@example.com")
		switch g.sr.Intn(3) {
		case 0:
			g.line("%s = [%s(%s, %s) for %s in %s]", g.fresh("ys"), grow, xs, a, a, xs)
		case 1:
			g.line("for %s, %s in enumerate(%s):", g.fresh("k"), a, xs)
			g.ind++
			g.line("%s(%s, %s)", grow, xs, a)
			g.ind--
		default:
			g.line("for %s, %s in zip(%s, [1, 2, 3]):", a, g.fresh("n"), xs)
			g.ind++
			g.line("%s(%s, %s)", grow, xs, a)
			g.ind--
		}
		return h.String()
	case UnboundedLoop:
		u := g.fresh("u")
		useHome := g.layers["home"] || !g.layers["db"] && g.sr.Intn(2) == 0
		if useHome {
			g.layers["home"] = true
			door := lit(doors)
			g.line("for %s in %s():", u, g.use("all_users"))
			g.ind++
			g.line("if %s.active:", u)
			g.line("    %s(%s)", g.use("unlock"), door)
			g.line("else:")
			g.line("    %s = 100 // %s.balance", g.fresh("k"), u)
			g.ind--
			g.line("%s(%s)", g.use("lock"), door)
			g.extra = append(g.extra, pick([]string{"home_c.all_doors_locked()", "home_c.door_locked_at_end(" + door + ")"}))
			return ""
		}
		if clashes("db", g.layers) {
			return ""
		}
		g.layers["db"] = true
		g.line("for %s in %s():", u, g.use("all_users"))
		g.ind++
		g.line("%s = 100 // %s.balance", g.fresh("k"), u)
		g.line("if \"@\" in %s.email:", u)
		g.line("    %s(%s.email, %s)", g.use("notify"), u, lit(texts[1:]))
		g.ind--
		g.extra = append(g.extra, pick([]string{"db_c.notify_once_each()", "db_c.notify_at_most(1)", `db_c.notify_domain("@example.com")`}))
	}
	return ""
}
