// Package mcpserver is ClauZ3's Model Context Protocol server: it puts the
// catalog, the prover, the agent guide and `clauz3 run` in the hands of
// any MCP client (github.com/modelcontextprotocol/go-sdk), over stdio in
// `clauz3 mcp`.
//
// Tools:
//   - tools: the catalog of effects and contracts visible from the
//     project's trusted layers (tools/*/trusted under Config.Dir), as
//     `clauz3 tools --json` prints it;
//   - prove: a plan's source -> the prover's verdict, the text report and
//     the JSON of `clauz3 prove --json`;
//   - guide: the agent guide (docs/agent-guide.md, `clauz3 guide`);
//   - run: prove, submit to the user's approval service, wait for the
//     human's decision, build and run sealed — the same path as `clauz3
//     run` (package runner), never a shortcut around the decision. It
//     takes the target's inputs ("inputs": a JSON value per parameter,
//     checked as `clauz3 run --arg` checks them; an integer beyond 2^53,
//     which JSON decoding could have altered, is refused). The call
//     blocks until a decision or Config.ApprovalTimeout; when the client
//     gave a progress token it sends progress notifications meanwhile:
//     where the human decides (the approval page's URL), then that the
//     service still builds and runs (every Config.ProgressEvery).
//
// What it refuses: a plan that does not compile (the located
// file:line:col error), one the prover does not prove (the failed
// obligations and counterexamples), a run the human did not approve, a
// missing approval service, an empty source or a name that is not a plain
// *.py file name. Each is a tool result with IsError set and the reason
// in its text, never a success: an MCP client reads IsError to see that
// nothing was proved or run. prove's structured content gives each
// refusal its stable code (ir.Code's name: "Unsupported", "Timeout",
// "Usage", ...), in "errors" and on each refused obligation, for clients
// to decide on. Protocol-level errors are left to the SDK.
//
// Plans are given as source text and compiled with Config.Dir as their
// import root, so they import the project's layers exactly as a plan file
// in that folder would. The server reads no file a client names.
//
// Callers: cmd/clauz3 (mcp), which only parses flags and picks the
// transport.
package mcpserver
