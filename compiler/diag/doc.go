// Package diag holds the located errors of the ClauZ3 front end.
//
// Every error the compiler returns points at a place in a source file:
// `file:line:col: reason`, with a 1-based line and a column counted in
// characters. Constructs outside the ClauZ3 subset are reported exactly as
// `file:line:col: <what> is not supported` (or `... is not supported yet`
// for what a later stage will add).
//
// Error is ir.Error: besides its place and message every error has a
// code (ir.Code) given where it is made (Errorf, List.Add and the
// compiler's errorf helpers take it as an argument, so a site cannot
// forget it). Callers decide on the code, never on the text. A check that
// does not know the position returns a Reason (code and message) that its
// caller locates.
//
// A List collects the errors of one compilation; Err sorts them by position,
// drops duplicates and returns them as one error whose text is one located
// line per error, the first MaxErrors of them. Its Unwrap returns all of
// them, so errors.As and ir.Diagnostics see every code.
//
// Callers: compiler (plans), compiler/layer (trusted layers), and the CLI,
// which prints List.Error() as it is.
package diag
