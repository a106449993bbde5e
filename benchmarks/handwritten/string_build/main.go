// Command string_build is benchmarks/plans/string_build.py written by hand.
package main

import (
	"fmt"
	"strconv"
	"strings"
)

func main() {
	parts := make([]string, 0, 200000)
	for i := 0; i < 200000; i++ {
		parts = append(parts, strconv.Itoa(i)+":"+strconv.Itoa(i%97))
	}
	text := strings.Join(parts, ",")
	fmt.Println(len(text))
	fmt.Println(text[:40])
}
