// Package execute builds and runs an approved plan on the approval
// service's side (issue 11, attacks B1/B2, C1, D1/D2): the sealed binary
// is built by gen from the plan as the service compiled it against its
// own layer store, with the go command's absolute path from the
// service's settings, a clean environment and the service's own caches
// (cleanGo), and run with the receipt, the service's URL, the layer
// configuration from the service's config folder (each layer only its
// own; the secrets its configuration names are written for the run into
// a store only the run's layers are pointed at, and removed after it)
// and the service account's home from the account database, never
// anything from the caller's environment. Run answers the binary's exit
// status, output and effect trace; the caller (`clauz3 run`) only shows
// them.
//
// Every run is built with a kernel sandbox (gen.SandboxConfig) derived
// from the configuration it runs with and the service's SandboxOptions
// (grants, limits); on a machine without the protections Run refuses
// before building unless AllowUnconfined. What the machine provides is
// Options.Kernel (sandbox.Probe, or Options.Support where a test forces
// the probe's answer); the service's card asks the same.
//
// Identity is the build identity recorded with an approval and checked
// again before the run: the plan digest and the digests of the store's
// layer sources. It is the seam for gen's full build-identity digest.
//
// Run's own refusals and failures are an *Error whose Kind (Unconfined
// with what is Missing, BuildMismatch, ...) says which; nothing decides on
// the words.
//
// Callers: approval/serve (service run), internal/approvaltest.
package execute
