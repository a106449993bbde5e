//go:build !linux

package sandbox

import "os"

// supervise: elsewhere than Linux there is no sandbox to supervise
// (Apply refuses unless running unconfined is allowed); the process goes
// on by itself.
func supervise(l Limits, onLimit func(string)) {}

// adoptStatus: no process is supervised elsewhere than Linux, so one
// marked as the confined child is refused.
func adoptStatus() (*os.File, error) {
	return nil, &Error{Step: "supervise", Reason: childEnv + " is set but no supervisor runs a confined child on this platform"}
}
