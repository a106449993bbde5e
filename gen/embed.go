package gen

import "embed"

// self is the generator's own source; its hash is part of every plan
// hash, so a changed generator never reuses a binary built by an older
// one.
//
//go:embed *.go
var self embed.FS
