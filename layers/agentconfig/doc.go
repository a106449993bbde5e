// Package agentconfig writes the agent side of a ClauZ3 project: the
// permissions in .claude/settings.json that let a coding agent read files
// and run the agent's clauz3 verbs (AgentVerbs: prove, run, simulate,
// tools, guide, mcp, ir), and nothing else that has side effects, so
// every effect the agent wants goes through a proved plan and the human's
// approval. The administrative verbs are not allowed here (and refuse
// without the service's credentials in any case).
//
// Merge adds the allowed tools (Allowed) to permissions.allow of an
// existing settings file and removes the rules older versions added that
// allowed every clauz3 verb (Revoked), keeping every other entry and key,
// and writes the file only when something changed (idempotent). It refuses a settings
// file that is not a JSON object, or whose permissions or allow list has
// the wrong shape, rather than overwrite what it cannot read. Every error
// is an *Error whose Kind says which (KindOf reads it through wrapping).
//
// It lives under layers/ because it is the agent's way in to the layers.
//
// Callers: cmd/clauz3 (config).
package agentconfig
