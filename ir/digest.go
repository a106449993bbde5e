package ir

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// Digest names a plan for approval: "sha256:<hex>" over its source bytes
// and the printed IR the compiler lowered them to. A receipt binds this
// value, so the human approves exactly this text compiled against exactly
// these trusted layers: editing the plan, or proving it against layers
// whose effects or contracts differ, changes the digest.
//
// Unlike gen.PlanHash it leaves out the build mode and the runtime and
// generator sources: the approval service and `clauz3 run` must agree on
// it without building anything.
func Digest(src []byte, prog *Program) string {
	h := sha256.New()
	text := Sprint(prog)
	fmt.Fprintf(h, "clauz3 plan v1\nsource %d\n", len(src))
	h.Write(src)
	fmt.Fprintf(h, "ir %d\n%s", len(text), text)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
