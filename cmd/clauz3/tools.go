package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/clauz3/clauz3/layers/catalog"
)

func runTools(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 tools", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var trusted, imports stringList
	fs.Var(&trusted, "trusted-root", "a trusted layer folder (tools/<domain>/trusted); repeatable; default: tools/*/trusted under the import roots")
	fs.Var(&imports, "import-root", "a folder to look for tools/*/trusted in; repeatable; default: the current folder")
	asJSON := fs.Bool("json", false, "print the catalog as one JSON object")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: clauz3 tools [--trusted-root DIR]... [--import-root DIR]... [--json]")
		return exitUsage
	}
	c, err := catalog.Load(imports, trusted)
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 tools: %v\n", err)
		return exitRefused
	}
	if *asJSON {
		// Contract renderings hold <placeholders>: keep them readable.
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(c); err != nil {
			return exitUsage
		}
		return exitOK
	}
	if err := c.WriteText(stdout); err != nil {
		return exitUsage
	}
	return exitOK
}
