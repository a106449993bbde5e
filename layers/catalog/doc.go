// Package catalog lists what an agent may use in a project: every effect
// and contract of every trusted layer visible from the project's trusted
// roots, with Python signatures, preconditions, postconditions, the
// coverage policy, and each contract's English rendering (ir/english).
//
// Trusted roots are found as the compiler finds them (docs/design.md section 3.1):
// given folders (each must end in tools/<domain>/trusted), else every
// tools/*/trusted folder under the import roots (default: the current
// folder). Each layer is loaded with compiler/layer; a layer that does not
// load is an error, not a silent omission. A contract the English renderer
// cannot render is listed with its code form and the renderer's reason.
//
// Every error of Roots and Load is an *Error whose Kind says which it is
// (KindOf reads it through wrapping); the message's words are for people.
//
// Callers: cmd/clauz3 (tools).
package catalog
