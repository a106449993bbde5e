//go:build !linux

package sandbox

// supervise: elsewhere than Linux there is no sandbox to supervise
// (Apply refuses unless running unconfined is allowed); the process goes
// on by itself.
func supervise(l Limits, onLimit func(string)) {}
