package randplan

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/corpus/harness"
)

const probeHead = `import clauz3
from tools.bank.trusted.effects import deposit, withdraw
from tools.email.trusted.effects import send_email


`

// baseProbe uses what every generated plan may use whatever the options:
// int/str/bool locals, list and dict literals with annotations, arithmetic
// (// and % included), comparisons (chained), and/or/not, in, len, str(),
// conditional expressions, f-strings without specs, if/elif/else, for over
// range (three forms), helpers with keyword arguments and early returns,
// print and the email and bank effects (keywords too).
const baseProbe = probeHead + `def h1(p_h1_0: int, p_h1_1: str) -> int:
    n2 = (p_h1_0 * 3) % 1009
    if n2 > 5:
        return (n2 // -2) % 50 - 25
    return (len(p_h1_1) + n2) % 7


def h3() -> None:
    send_email("ann@example.com", "x")


def main(arg0: int, arg1: str, arg2: bool) -> None:
    n4 = (arg0 + 1) % 101
    s5 = "café"
    b6 = (1 < n4 <= 9) and not arg2
    xs7: list[int] = [1, -2, 3]
    ws8: list[str] = ["a", "bob@example.com"]
    d9: dict[str, int] = {"a": 1, "é": -3}
    n4 += 3
    n4 -= len(s5)
    s5 += "x"
    n4 = (h1(n4, p_h1_1=s5) + (n4 if b6 else -n4)) % 997
    s5 = (s5 + str(n4) + f"{n4}-{s5}" + str(b6) + (s5 * 2))[:40]
    xs7 = xs7 + [n4 % 7]
    if (n4 in xs7) or ("a" in d9) or ("é" in s5) or (ws8[n4 % len(ws8)] == "a"):
        print(n4, s5, xs7[n4 % len(xs7)], d9, ws8, xs7)
    elif b6:
        pass
    else:
        h3()
    for i10 in range(3):
        print(i10)
    for i11 in range(-1, 4):
        n4 += 1
    for i12 in range(5, 1, -2):
        print(i12, True, False)
    for _ in range(2):
        deposit("savings", (n4) % 50 + 1)
    send_email(msg=s5, addr="bob@example.com")
    withdraw(amount=2, account="checking")
`

// Probes holds, for each feature, a plan that uses the feature's
// constructs on top of the base; a test compiles each to find out what the
// compiler supports.
var Probes = map[Feature]string{
	Floats: probeHead + `def main() -> None:
    n1 = 7
    f2: float = 0.5
    f2 = ((n1 / 3) + f2 * 1.5 - n1) % 1000.0
    print(f2, float(n1), int((f2) % 1000.0), f2 // 2, f2 % -3, str(f2), f"{f2}", (f2 < 1e16), -0.0)
    f2 = (f2 if n1 > 2 else 2.5) % 1000.0
`,
	FStrSpecs: probeHead + `def main() -> None:
    n1 = 1234
    s2 = "café"
    b3 = True
    print(f"{n1:>5}|{n1:,}|{n1:05}|{n1:x}|{n1:=+6}|{s2!r}|{s2:^9}|{s2:*<6}|{s2:.2}|{s2!r:>10}|{b3!r}|{b3:>6}")
`,
	FStrNested: probeHead + `def main() -> None:
    n1 = 1234
    s2 = "café"
    f3 = 2.5
    b4 = True
    print(f"{n1:>{abs(n1) % 12}}|{s2:{'*'}^{n1 % 9}}|{f3:.{abs(n1) % 5}f}|{b4:>{3}}|{n1:{'+' if b4 else '-'}}|{s2!r:^{n1 % 12}}")
`,
	Comps: probeHead + `def main() -> None:
    xs1: list[int] = [1, 2, 3]
    ws2: list[str] = ["a", "bc"]
    xs1 = [c3 * 2 % 1009 for c3 in xs1]
    print([c4 for c4 in xs1 if c4 % 2 == 0], [c5.upper() for c5 in ws2], [c6 for c6 in ws2 if len(c6) > 1])
`,
	DictIter: probeHead + `def main() -> None:
    d1: dict[str, int] = {"a": 1, "b": 2}
    for k2 in d1:
        print(k2)
    for k3, v4 in d1.items():
        print(k3, v4)
`,
	EnumZip: probeHead + `def main() -> None:
    xs1: list[int] = [1, 2]
    ws2: list[str] = ["a", "b", "c"]
    for a3, b4 in enumerate(ws2):
        print(a3, b4)
    for a5, b6 in enumerate(ws2, 1):
        print(a5, b6)
    for a7, b8 in zip(xs1, ws2):
        print(a7, b8)
`,
	Slices: probeHead + `def main() -> None:
    s1 = "héllo"
    xs2: list[int] = [1, 2, 3]
    print(s1[1:3], s1[::-1], s1[-2:], xs2[0:2], xs2[1:4])
    for x3 in xs2[:4]:
        print(x3)
`,
	BreakCont: probeHead + `def main() -> None:
    for i1 in range(5):
        if i1 == 1:
            continue
        if i1 > 2:
            break
        print(i1)
`,
	StrMethods: probeHead + `def main() -> None:
    s1 = " Café "
    print(s1.upper(), s1.lower(), s1.strip(), s1.title(), s1.capitalize(), s1.lstrip(), s1.rstrip())
    print(s1.replace("a", "--"), s1.zfill(8), s1.find("a"), s1.count("é"), s1.startswith("a"), s1.endswith(""), s1.split())
    ws2: list[str] = ["a", "b"]
    print(", ".join(ws2))
`,
	Sorted: probeHead + `def main() -> None:
    xs1: list[int] = [3, 1, 2]
    ws2: list[str] = ["bb", "a"]
    xs1 = sorted(xs1)
    xs1 = sorted(xs1, key=lambda e: -e)
    xs1 = sorted(xs1, key=lambda e: (e % 2, -e))
    ws2 = sorted(ws2, key=len, reverse=True)
    print(xs1, ws2, sorted(ws2))
`,
	Raises: probeHead + `def main() -> None:
    n1 = 3
    s2 = "x"
    assert n1 > 1, f"n1={n1}"
    if n1 > 5:
        raise ValueError("big")
    if n1 > 6:
        raise RuntimeError(s2)
    if n1 > 7:
        raise KeyError(s2)
`,
	Store: probeHead + `from tools.store.trusted.effects import balance, list_users, lookup


def main() -> None:
    n1 = balance("checking")
    s2 = lookup("k")
    ws3: list[str] = ["a"]
    ws3 = list_users(s2) + ["ann@example.com"]
    print(n1, s2, ws3)
`,
	ListParams: probeHead + `def h1(p_h1_0: list[int], p_h1_1: int) -> int:
    p_h1_0.append((p_h1_1) % 7)
    return len(p_h1_0)


def main() -> None:
    xs2: list[int] = [1]
    print(h1(xs2, 3), h1([4, 5], p_h1_1=1), xs2)
`,
	Edges: probeHead + `def main() -> None:
    n1 = 9223372036854775807
    n2 = (-9223372036854775808)
    s3 = "\U0002FFFF"
    print(n1, n2, n1 - 1, n2 + 1, 3037000500 * 3, len(s3))
`,
	Aliasing: probeHead + `def main() -> None:
    xs1: list[int] = [1]
    al2 = [xs1, xs1]
    xs1.append(2)
    al2[1].append(3)
    print(al2, len(al2[0]), al2[0] == xs1)
    for i3, x4 in enumerate(xs1):
        if len(xs1) < 8:
            xs1.append(x4 % 7 + i3)
    for x5 in xs1:
        if len(xs1) < 10:
            xs1.append(x5 % 7 + 1)
    print(xs1)
`,
	Builtins: probeHead + `def main() -> None:
    xs1: list[int] = [3, -1]
    s2 = "é"
    print(abs(-3), min(1, 2), max(1, 2), min(xs1), max(xs1), sum(xs1), ord((s2 + "a")[0]), int(str(-5)), sep=", ")
`,
	Unpack: probeHead + `def main() -> None:
    n1 = 1
    n2 = 2
    s3 = "a"
    n1, n2 = n2, n1
    n1, s3 = (n1 + 1) % 7, "b"
    print(n1, n2, s3)
`,
	ListOps: probeHead + `def main() -> None:
    xs1: list[int] = [1]
    ws2: list[str] = ["a"]
    xs1.append(2)
    xs1.extend([3, 4])
    ws2.extend(["b"])
    xs1[5 % len(xs1)] = 9
    ws2[0] = "c"
    xs1 = list(xs1)
    print(xs1, ws2)
`,
	ForList: probeHead + `def main() -> None:
    xs1: list[int] = [1, 2]
    ws2: list[str] = ["a"]
    for x3 in xs1:
        print(x3)
    for x4 in ws2:
        send_email("bob@example.com", x4)
`,
	DictOps: probeHead + `def main() -> None:
    d1: dict[str, int] = {"a": 1}
    d1["b"] = 2
    d1["a"] = d1.get("a", 0) + 1
    print(d1, d1.get("z", -1))
`,
}

// ProbeResult is what the compiler said about one probe.
type ProbeResult struct {
	Feature Feature // "" for the base probe
	Err     error   // nil: compiled
}

// Probe compiles the base probe and every feature's probe in dir (a
// scratch folder) against importRoot, and returns the options that enable
// every feature whose probe compiled, with the refusals. The base result
// comes first.
func Probe(dir, importRoot string) (Options, []ProbeResult, error) {
	opt := Options{Disabled: map[Feature]bool{}}
	var results []ProbeResult
	compile := func(name, src string) error {
		path := filepath.Join(dir, "probe_"+strings.ReplaceAll(name, "-", "_")+".py")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			return err
		}
		_, _, err := harness.Compile(harness.Case{Name: name, Path: path, ImportRoot: importRoot})
		return err
	}
	if err := compile("base", baseProbe); err != nil {
		var ce *harness.CompileError
		if !errors.As(err, &ce) {
			return opt, nil, err
		}
		results = append(results, ProbeResult{Err: err})
	} else {
		results = append(results, ProbeResult{})
	}
	feats := append([]Feature(nil), AllFeatures...)
	sort.Slice(feats, func(i, j int) bool { return feats[i] < feats[j] })
	for _, f := range feats {
		src, ok := Probes[f]
		if !ok {
			return opt, nil, fmt.Errorf("feature %s has no probe", f)
		}
		err := compile(string(f), src)
		var ce *harness.CompileError
		if err != nil && !errors.As(err, &ce) {
			return opt, nil, err
		}
		if err != nil {
			opt.Disabled[f] = true
		}
		results = append(results, ProbeResult{Feature: f, Err: err})
	}
	return opt, results, nil
}
