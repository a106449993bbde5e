package gen

import (
	"fmt"
	"sort"
	"strings"
)

// SecuritymodPath is the import path of the security module. Its runtime
// half (securitymod.Source) is written into every build folder as a local
// module; layers may import its packages.
const SecuritymodPath = "github.com/clauz3/clauz3/securitymod"

// inSecuritymod reports whether path is a package of the security module.
func inSecuritymod(path string) bool {
	return path == SecuritymodPath || strings.HasPrefix(path, SecuritymodPath+"/")
}

// buildModule is the module path of every build folder.
const buildModule = "clauz3.build/plan"

// sensitive are the standard-library packages a trusted layer may import
// only when it declares them with a //clauz3:allow-import comment, so
// that a layer's reach is visible in its source: process execution, raw
// system calls, memory unsafety, plugins, cgo and the network.
func sensitive(path string) bool {
	switch path {
	case "os/exec", "syscall", "unsafe", "plugin", "runtime/cgo", "C", "net":
		return true
	}
	return strings.HasPrefix(path, "net/") || strings.HasPrefix(path, "internal/") ||
		strings.HasPrefix(path, "vendor/") || strings.HasPrefix(path, "debug/")
}

// layerImportRule says why a layer may not import path ("" when it may).
func layerImportRule(path string, std bool, allowed []string) string {
	switch {
	case path == RuntimePath, inSecuritymod(path):
		return ""
	case !std && layerMayImportVetted(path):
		return ""
	case !std:
		return "which is outside the allowed set (the standard library, " + RuntimePath + ", " + SecuritymodPath + " and the vetted modules of gen/modules.go)"
	case sensitive(path):
		for _, a := range allowed {
			if a == path {
				return ""
			}
		}
		return "which a trusted layer may import only if it declares it with //clauz3:allow-import " + path
	}
	return ""
}

// pkgInfo is one package of the binary's import closure, from go list.
type pkgInfo struct {
	Path          string
	Standard      bool
	Imports       []string
	ModulePath    string // "" for the standard library
	ModuleVersion string // "" for the main module and replaced modules
}

func parseGoList(out string) []pkgInfo {
	var pkgs []pkgInfo
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		parts := strings.SplitN(line, "|", 5)
		for len(parts) < 5 {
			parts = append(parts, "")
		}
		pkgs = append(pkgs, pkgInfo{Path: parts[0], Standard: parts[1] == "true", Imports: strings.Fields(parts[2]), ModulePath: parts[3], ModuleVersion: parts[4]})
	}
	return pkgs
}

// goListFormat is the -f template parseGoList reads.
const goListFormat = `{{.ImportPath}}|{{.Standard}}|{{join .Imports " "}}|{{with .Module}}{{.Path}}|{{.Version}}{{end}}`

// checkClosure applies the sealed-binary rule to the import closure of a
// build's main package. Allowed in the closure: the standard library, the
// build's main package, planrt, pysem, the security module's runtime
// half, and (real mode only) the packages of the layers the plan uses.
// The main package may import only planrt, the layers and the redemption
// gate (both real mode only) and the standard library; planrt only pysem
// and the standard library outside the sensitive set, pysem only the
// latter; the security module the standard library and itself (it is the
// audited code that vets the network); a layer the standard library, planrt and securitymod, with
// sensitive standard packages only when declared. The error names the
// offending import and its importer.
func checkClosure(pkgs []pkgInfo, mode Mode, layers []*Layer) error {
	byPath := map[string]*Layer{}
	for _, l := range layers {
		byPath[l.Path] = l
	}
	std := map[string]bool{}
	for _, p := range pkgs {
		if p.Standard {
			std[p.Path] = true
		}
	}
	var problems []ClosureProblem
	for _, p := range pkgs {
		if p.Standard {
			continue
		}
		switch {
		case p.Path == buildModule:
			for _, imp := range p.Imports {
				switch {
				case std[imp], imp == RuntimePath:
				case byPath[imp] != nil && mode == Real:
				case byPath[imp] != nil:
					problems = append(problems, problem(SimulationLink, p.Path, imp, "the simulation binary imports layer package %s: simulation must have no path to a real effect", imp))
				case imp == RedeemPath && mode == Real:
				case imp == SandboxPath && mode == Real:
				case imp == SandboxPath:
					problems = append(problems, problem(SimulationLink, p.Path, imp, "the simulation binary imports %s: only a real binary applies the kernel sandbox", imp))
				case imp == RedeemPath:
					problems = append(problems, problem(SimulationLink, p.Path, imp, "the simulation binary imports %s: simulation must have no path to the approval service", imp))
				default:
					problems = append(problems, problem(ForbiddenImport, p.Path, imp, "the plan's main package imports %s, which is outside the sealed closure", imp))
				}
			}
		case p.Path == RuntimePath:
			for _, imp := range p.Imports {
				if imp != PysemPath && (!std[imp] || sensitive(imp)) {
					problems = append(problems, problem(ForbiddenImport, p.Path, imp, "planrt imports %s, which the runtime may not", imp))
				}
			}
		case p.Path == PysemPath:
			for _, imp := range p.Imports {
				if !std[imp] || sensitive(imp) {
					problems = append(problems, problem(ForbiddenImport, p.Path, imp, "pysem imports %s, which the leaves of CPython behaviour may not", imp))
				}
			}
		case inSecuritymod(p.Path):
			for _, imp := range p.Imports {
				if !std[imp] && !inSecuritymod(imp) && !securitymodMayImport(p.Path, imp) {
					problems = append(problems, problem(ForbiddenImport, p.Path, imp, "security module package %s imports %s, which is outside the standard library", p.Path, imp))
				}
			}
		case byPath[p.Path] != nil:
			l := byPath[p.Path]
			if mode != Real {
				problems = append(problems, problem(SimulationLink, p.Path, "", "layer package %s is linked into a simulation binary", p.Path))
			}
			for _, imp := range p.Imports {
				if why := layerImportRule(imp, std[imp], l.Allowed); why != "" {
					problems = append(problems, problem(ForbiddenImport, p.Path, imp, "layer %s (%s) imports %s, %s", l.Name, p.Path, imp, why))
				}
			}
		case isVetted(p.Path):
			problems = append(problems, checkVettedPackage(p, std)...)
		default:
			problems = append(problems, problem(OutsideClosure, p.Path, "", "package %s is outside the sealed closure (the standard library, planrt, securitymod and the plan's layers)", p.Path))
		}
	}
	if len(problems) == 0 {
		return nil
	}
	// In the order of the words, as the message always listed them.
	sort.Slice(problems, func(i, j int) bool { return problems[i].text < problems[j].text })
	return &ClosureError{Problems: problems}
}

// ClosureError is checkClosure's refusal: every package of the binary's
// import closure that breaks the sealed-binary rule, each with the rule
// it breaks, in the order its message lists them.
type ClosureError struct {
	Problems []ClosureProblem
}

func (e *ClosureError) Error() string {
	texts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		texts[i] = p.text
	}
	return "import closure refused: " + strings.Join(texts, "; ")
}

// ClosureProblem is one break of the sealed-binary rule: Package imports
// Import, which it may not, or (Import "") Package may not be in the
// binary at all.
type ClosureProblem struct {
	Rule    ClosureRule
	Package string
	Import  string
	text    string // the words the refusal says it with
}

func (p ClosureProblem) String() string { return p.text }

func problem(rule ClosureRule, pkg, imp, format string, args ...any) ClosureProblem {
	return ClosureProblem{Rule: rule, Package: pkg, Import: imp, text: fmt.Sprintf(format, args...)}
}

// ClosureRule is the part of the sealed-binary rule a package breaks.
type ClosureRule int

const (
	// OutsideClosure: a package that is no part of any sealed binary.
	OutsideClosure ClosureRule = iota + 1
	// SimulationLink: a simulation binary that links a layer, the
	// redemption gate or the sandbox (a path to a real effect).
	SimulationLink
	// ForbiddenImport: a package of the closure that imports what its
	// part may not (a layer an undeclared sensitive or unvetted package,
	// planrt or pysem a sensitive one, securitymod a non-standard one).
	ForbiddenImport
	// UnvettedVersion: a package of a vetted module from another version.
	UnvettedVersion
)

func (r ClosureRule) String() string {
	switch r {
	case OutsideClosure:
		return "outside the closure"
	case SimulationLink:
		return "linked into a simulation binary"
	case ForbiddenImport:
		return "forbidden import"
	case UnvettedVersion:
		return "not the vetted version"
	}
	return fmt.Sprintf("ClosureRule(%d)", int(r))
}
