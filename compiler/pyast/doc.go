// Package pyast holds small helpers over gpython's Python 3.4 AST that every
// part of the ClauZ3 front end shares:
//
//   - Pos: the user-facing position of a node (the start of the construct,
//     which gpython does not always record: it places calls at 0:0 and
//     attributes and subscripts at their dot and bracket);
//   - Render: a node printed back as Python source, with strings in
//     CPython's repr (single quotes), used for guarantee and condition
//     sources;
//   - Describe: the phrase that names a construct in "<what> is not
//     supported" refusals (e.g. "while loop", "subscript");
//   - Dotted: the dotted name of a Name/Attribute chain (gpython spells a
//     dotted decorator as one Name, "clauz3.guarantee").
//
// It refuses nothing itself. Callers: compiler/lower, compiler/layer and
// compiler.
package pyast
