package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/clauz3/clauz3/layers/agentconfig"
)

func runConfig(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 config", flag.ContinueOnError)
	fs.SetOutput(stderr)
	into := fs.String("into", ".", "the project folder whose .claude/settings.json is written or merged")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: clauz3 config [--into DIR]")
		return exitUsage
	}
	res, err := agentconfig.Merge(*into)
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 config: %v\n", err)
		return exitRefused
	}
	switch {
	case res.Created:
		fmt.Fprintf(stdout, "wrote %s: the agent may %s\n", res.Path, strings.Join(res.Added, ", "))
	case res.Changed:
		fmt.Fprintf(stdout, "updated %s: added %s\n", res.Path, strings.Join(res.Added, ", "))
		if len(res.Removed) > 0 {
			fmt.Fprintf(stdout, "removed %s: it allowed the administrative verbs too\n", strings.Join(res.Removed, ", "))
		}
	default:
		fmt.Fprintf(stdout, "%s already allows %s; unchanged\n", res.Path, strings.Join(agentconfig.Allowed(), ", "))
	}
	return exitOK
}
