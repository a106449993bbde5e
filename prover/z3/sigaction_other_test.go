//go:build !(linux && (amd64 || arm64))

package z3

const (
	saSiginfo = 0x4
	saOnstack = 0x08000000
)

func sigintFlags() (uint64, bool) { return 0, false }
