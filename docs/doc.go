// Package docs holds the user documentation (Markdown files beside this
// one) and embeds the agent guide, which `clauz3 guide` prints, so the
// binary carries the same text the repository shows.
//
// Callers: cmd/clauz3 (guide).
package docs

import _ "embed"

// AgentGuide is agent-guide.md.
//
//go:embed agent-guide.md
var AgentGuide string
