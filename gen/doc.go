// Package gen turns a verified IR program into Go source and builds it
// into a sealed binary.
//
// It owns code generation with github.com/dave/jennifer (one Go function per
// plan function, names kept; runtime helpers only where Python semantics
// differ from Go's), the build folder keyed by the plan hash and the build
// cache, the offline `go build` with the local toolchain, and the check,
// with golang.org/x/tools/go/packages, that every effect the plan uses has
// a Go implementation with a compatible signature and that the binary's
// import closure is only the runtime (planrt), securitymod, the layers the
// plan uses and the standard library.
//
// It refuses to build anything outside that closure and any plan whose
// effects lack a Go implementation. It imports ir, never compiler or
// prover: the generator and the prover consume the same IR and share no
// private shortcuts.
//
// Callers: cmd/clauz3 (build, run).
//
// Status: later stage. At this stage the package is empty; only plans are
// proved (clauz3 prove, clauz3 ir).
package gen
