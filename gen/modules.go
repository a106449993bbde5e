package gen

import (
	"fmt"
	"sort"
	"strings"
)

// vettedModule is a third-party module a sealed build may contain. Its
// version and go.sum lines are the clauz3 module's own (go.mod, go.sum),
// so the module is already in the module cache of any machine that built
// clauz3 and a build folder resolves it offline (GOPROXY=off).
// TestVettedModulesMatchGoMod keeps this table equal to the repository's
// go.mod and go.sum; after `go get` of one of these modules, copy the new
// versions and lines here.
type vettedModule struct {
	Path    string
	Version string
	// LayerImport: a trusted layer may import the module's packages
	// itself. The others are only allowed as dependencies of a vetted
	// module (golang.org/x/sys, say, must not become a layer's way around
	// the sensitive-import rule for syscall).
	LayerImport bool
	Sums        []string // its go.sum lines, "<path> <version>[/go.mod] h1:..."
}

// vettedGoVersion is the go directive of the clauz3 module, written into
// a build folder that uses vetted modules (modernc.org/sqlite needs a
// newer language version than the plain build's go 1.23).
const vettedGoVersion = "1.26.8"

// vettedModules: modernc.org/sqlite (pure-Go SQLite, used by the bank and
// db layers) and the modules its packages and module graph need.
var vettedModules = []vettedModule{
	{"modernc.org/sqlite", "v1.62.0", true, []string{
		"modernc.org/sqlite v1.62.0 h1:gMaCjSM1qpl+iOjiWhR1LYP3zqrYDI+5GYLGt6veP2g=",
		"modernc.org/sqlite v1.62.0/go.mod h1:Jzjh1mt4s0HuQ0KvtB1LIuHiGRmU2D5pgj8dUhW7/SE=",
	}},
	{"modernc.org/libc", "v1.80.1", false, []string{
		"modernc.org/libc v1.80.1 h1:ejn7HtTV3GknNKbklqWQ1nvUrfX8mTxs1D+xp/JQwy4=",
		"modernc.org/libc v1.80.1/go.mod h1:pvo25Rs3OJEbDqhUV9jdEGevxeLJrJeDmNid/AcQV1g=",
	}},
	{"modernc.org/mathutil", "v1.7.1", false, []string{
		"modernc.org/mathutil v1.7.1 h1:GCZVGXdaN8gTqB1Mf/usp1Y/hSqgI2vAGGP4jZMCxOU=",
		"modernc.org/mathutil v1.7.1/go.mod h1:4p5IwJITfppl0G4sUEDtCr4DthTaT47/N3aT6MhfgJg=",
	}},
	{"modernc.org/memory", "v1.12.1", false, []string{
		"modernc.org/memory v1.12.1 h1:nFMiWrpStgZczNl6XI9GnIk/rWhYIyHGUaR04pGbp9g=",
		"modernc.org/memory v1.12.1/go.mod h1:/JP4VbVC+K5sU2wZi9bHoq2MAkCnrt2r98UGeSK7Mjw=",
	}},
	{"github.com/dustin/go-humanize", "v1.1.0", false, []string{
		"github.com/dustin/go-humanize v1.1.0 h1:dbKTrvD0klcbBV/h4AWJdMuZogJACoMlvWIWZ5b2xWg=",
		"github.com/dustin/go-humanize v1.1.0/go.mod h1:hc1CvRkJMsgxqjmjMQF3QNRAZBwY8AXBAzKYoSX9sFI=",
	}},
	{"github.com/google/uuid", "v1.6.0", false, []string{
		"github.com/google/uuid v1.6.0 h1:NIvaJDMOsjHA8n1jAhLSgzrAzy1Hgr+hNrb57e+94F0=",
		"github.com/google/uuid v1.6.0/go.mod h1:TIyPZe4MgqvfeYDBFedMoGGpEw/LqOeaOT+nhxU+yHo=",
	}},
	{"github.com/mattn/go-isatty", "v0.0.24", false, []string{
		"github.com/mattn/go-isatty v0.0.24 h1:tGZZoVgT/KiqK1c8ocVLeDS8BSWMRd47J3Lbz7vsReI=",
		"github.com/mattn/go-isatty v0.0.24/go.mod h1:nMCL3Zebbrt45jsMDgnfIwz6ydEQApk5oEI3HqDio6A=",
	}},
	{"github.com/ncruces/go-strftime", "v1.1.0", false, []string{
		"github.com/ncruces/go-strftime v1.1.0 h1:vtPmPWMkb539RGV9WpWT9EwJGvrOCKvMNI4obWL47Hk=",
		"github.com/ncruces/go-strftime v1.1.0/go.mod h1:yVaq7iwCN09vHRrKBrrflXT0M9tTMG2KmZ9Fj7xeG/g=",
	}},
	{"github.com/remyoudompheng/bigfft", "v0.0.0-20230129092748-24d4a6f8daec", false, []string{
		"github.com/remyoudompheng/bigfft v0.0.0-20230129092748-24d4a6f8daec h1:W09IVJc94icq4NjY3clb7Lk8O1qJ8BdBEF8z0ibU0rE=",
		"github.com/remyoudompheng/bigfft v0.0.0-20230129092748-24d4a6f8daec/go.mod h1:qqbHyh8v60DhA7CoWK5oRCqLrMHRGoxYCSS9EjAz6Eo=",
	}},
	// The OS keyring behind securitymod/secrets, which the email layer
	// uses for its SMTP password; only securitymod/secrets may import it.
	{"github.com/zalando/go-keyring", "v0.2.8", false, []string{
		"github.com/zalando/go-keyring v0.2.8 h1:6sD/Ucpl7jNq10rM2pgqTs0sZ9V3qMrqfIIy5YPccHs=",
		"github.com/zalando/go-keyring v0.2.8/go.mod h1:tsMo+VpRq5NGyKfxoBVjCuMrG47yj8cmakZDO5QGii0=",
	}},
	{"github.com/godbus/dbus/v5", "v5.2.2", false, []string{
		"github.com/godbus/dbus/v5 v5.2.2 h1:TUR3TgtSVDmjiXOgAAyaZbYmIeP3DPkld3jgKGV8mXQ=",
		"github.com/godbus/dbus/v5 v5.2.2/go.mod h1:3AAv2+hPq5rdnr5txxxRwiGjPXamgoIHgz9FPBfOp3c=",
	}},
	{"github.com/danieljoos/wincred", "v1.2.3", false, []string{
		"github.com/danieljoos/wincred v1.2.3 h1:v7dZC2x32Ut3nEfRH+vhoZGvN72+dQ/snVXo/vMFLdQ=",
		"github.com/danieljoos/wincred v1.2.3/go.mod h1:6qqX0WNrS4RzPZ1tnroDzq9kY3fu1KwE7MRLQK4X0bs=",
	}},
	// The kernel sandbox's Landlock system calls, and libcap's psx,
	// which they use to restrict every thread on kernels before
	// Landlock ABI 8.
	{"github.com/landlock-lsm/go-landlock", "v0.11.2", false, []string{
		"github.com/landlock-lsm/go-landlock v0.11.2 h1:QS17AXv0o19V55BJFPpKhU/s6KC71nXvJZkjIvCyTYg=",
		"github.com/landlock-lsm/go-landlock v0.11.2/go.mod h1:3AwAZcTiexERgrATGcYh6E8qebWYxE3C2VyU3HkWzJE=",
	}},
	{"kernel.org/pub/linux/libs/security/libcap/psx", "v1.2.78", false, []string{
		"kernel.org/pub/linux/libs/security/libcap/psx v1.2.78 h1:PC3yNs51cX5LZ7U57a7xielBcoXB3xnV+rXD8V0H0DQ=",
		"kernel.org/pub/linux/libs/security/libcap/psx v1.2.78/go.mod h1:+l6Ee2F59XiJ2I6WR5ObpC1utCQJZ/VLsEbQCD8RG24=",
	}},
	{"golang.org/x/sys", "v0.49.0", false, []string{
		"golang.org/x/sys v0.49.0 h1:XbzkgYJHdqh/8m2Uu0W/dQv8nktxx4BFHp1M0gROTXA=",
		"golang.org/x/sys v0.49.0/go.mod h1:hNLxWAXmnKAxqDtdwIYC4bM9oQPEecfsnNMuSxOs3og=",
	}},
}

// vettedModuleOf returns the vetted module holding package path, if any.
func vettedModuleOf(path string) (vettedModule, bool) {
	for _, m := range vettedModules {
		if path == m.Path || strings.HasPrefix(path, m.Path+"/") {
			return m, true
		}
	}
	return vettedModule{}, false
}

// layerMayImportVetted reports whether a layer may import path directly.
func layerMayImportVetted(path string) bool {
	m, ok := vettedModuleOf(path)
	return ok && m.LayerImport
}

// securitymodVettedImports: the only security-module packages that may
// import a vetted module, and which one. The rest of the runtime half is
// standard library only.
var securitymodVettedImports = map[string][]string{
	SecuritymodPath + "/secrets": {"github.com/zalando/go-keyring"},
	// The kernel sandbox: Landlock's system calls (with libcap/psx for
	// all-threads enforcement) and x/sys/unix for seccomp and rlimits.
	SandboxPath: {"github.com/landlock-lsm/go-landlock/landlock/syscall", "golang.org/x/sys/unix"},
}

// securitymodMayImport reports whether security-module package pkg may
// import the non-standard package imp.
func securitymodMayImport(pkg, imp string) bool {
	for _, allowed := range securitymodVettedImports[pkg] {
		if imp == allowed || strings.HasPrefix(imp, allowed+"/") {
			return true
		}
	}
	return false
}

// usesVetted reports whether any layer imports a vetted module, directly
// or through a security-module package that does.
func usesVetted(layers []*Layer) bool {
	for _, l := range layers {
		for p := range l.imports {
			if _, viaSecuritymod := securitymodVettedImports[p]; viaSecuritymod || layerMayImportVetted(p) {
				return true
			}
		}
	}
	return false
}

// vettedGoMod returns the require block and go.sum content for a build
// folder whose layers import vetted modules.
func vettedGoMod() (require string, goSum []byte) {
	var req strings.Builder
	var sums []string
	req.WriteString("require (\n")
	for _, m := range vettedModules {
		fmt.Fprintf(&req, "\t%s %s\n", m.Path, m.Version)
		sums = append(sums, m.Sums...)
	}
	req.WriteString(")\n")
	sort.Strings(sums)
	return req.String(), []byte(strings.Join(sums, "\n") + "\n")
}

// checkVettedPackage applies the closure rule to a package of a vetted
// module: it must come from the vetted version, and import only the
// standard library and packages of vetted modules.
func checkVettedPackage(p pkgInfo, std map[string]bool) []ClosureProblem {
	m, _ := vettedModuleOf(p.Path)
	var problems []ClosureProblem
	if p.ModulePath != m.Path || p.ModuleVersion != m.Version {
		problems = append(problems, problem(UnvettedVersion, p.Path, "", "package %s comes from module %s@%s, not the vetted %s@%s", p.Path, p.ModulePath, p.ModuleVersion, m.Path, m.Version))
	}
	for _, imp := range p.Imports {
		if _, ok := vettedModuleOf(imp); !ok && !std[imp] {
			problems = append(problems, problem(ForbiddenImport, p.Path, imp, "vetted package %s imports %s, which is neither standard nor vetted", p.Path, imp))
		}
	}
	return problems
}

func isVetted(path string) bool {
	_, ok := vettedModuleOf(path)
	return ok
}
