package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpCall is the testscript command `mcp-call TOOL [key=value | key=@file]...
// [-- clauz3 mcp flags]`: it starts `clauz3 mcp` as a subprocess, talks to
// it over stdio with the SDK's client (CommandTransport), calls TOOL and
// prints the text of the result. Exit 0: a success; 1: a tool error
// (IsError); 2: anything else.
func mcpCall() int {
	args := os.Args[1:]
	var flags []string
	for i, a := range args {
		if a == "--" {
			args, flags = args[:i], args[i+1:]
			break
		}
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: mcp-call TOOL [key=value | key=@file]... [-- flags]")
		return 2
	}
	arguments := map[string]any{}
	for _, kv := range args[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "mcp-call: argument %q is not key=value\n", kv)
			return 2
		}
		if file, isFile := strings.CutPrefix(v, "@"); isFile {
			data, err := os.ReadFile(file)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 2
			}
			v = string(data)
		}
		arguments[k] = v
	}
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "mcp-call", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command("clauz3", append([]string{"mcp"}, flags...)...)}, nil)
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcp-call: connect: %v\n", err)
		return 2
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: args[0], Arguments: arguments})
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcp-call: %v\n", err)
		return 2
	}
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			fmt.Println(t.Text)
		}
	}
	if res.IsError {
		return 1
	}
	return 0
}
