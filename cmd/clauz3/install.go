package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/clauz3/clauz3/layers"
)

func runInstall(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 install", flag.ContinueOnError)
	fs.SetOutput(stderr)
	into := fs.String("into", ".", "the project folder; the layer goes to DIR/tools/<domain>/trusted")
	force := fs.Bool("force", false, "replace an installed layer of the same domain")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: clauz3 install SOURCE [--into DIR] [--force]\n\nSOURCE is a bundled layer (email, stdlib:filesystem, ...) or a local layer folder.")
		fs.PrintDefaults()
	}
	err := parseFlags(fs, args)
	pos := fs.Args()
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		fs.Usage()
		return exitUsage
	}
	src, err := layers.Resolve(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 install: %v\n", err)
		return exitUsage
	}
	res, err := layers.Install(src, *into, *force)
	if err != nil {
		fmt.Fprintf(stderr, "clauz3 install: %v\n", err)
		return exitRefused
	}
	how := "installed"
	if res.Replace {
		how = "replaced"
	}
	fmt.Fprintf(stdout, "%s %s into %s (%s, %s); see clauz3 tools\n", how, src.Origin, res.Dir, count(len(res.Layer.Effects), "effect"), count(len(res.Layer.Contracts), "contract"))
	return exitOK
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
