// Command dict_count is benchmarks/plans/dict_count.py written by hand: a
// map for the counts and a slice for Python's insertion order.
package main

import "fmt"

func main() {
	words := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"}
	counts := map[string]int64{}
	var order []string
	for i := 0; i < 500000; i++ {
		w := words[(i*31+i/7)%7]
		if _, ok := counts[w]; !ok {
			order = append(order, w)
		}
		counts[w]++
	}
	for _, k := range order {
		fmt.Println(k, counts[k])
	}
}
