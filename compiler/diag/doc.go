// Package diag holds the located errors of the ClauZ3 front end.
//
// Every error the compiler returns points at a place in a source file:
// `file:line:col: reason`, with a 1-based line and a column counted in
// characters. Constructs outside the ClauZ3 subset are reported exactly as
// `file:line:col: <what> is not supported` (or `... is not supported yet`
// for what a later stage will add).
//
// A List collects the errors of one compilation; Err sorts them by position,
// drops duplicates, keeps the first MaxErrors and returns them as one error
// whose text is one located line per error.
//
// Callers: compiler (plans), compiler/layer (trusted layers), and the CLI,
// which prints List.Error() as it is.
package diag
