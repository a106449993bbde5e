// Command loop_sum is benchmarks/plans/loop_sum.py written by hand.
package main

import "fmt"

func main() {
	total := int64(0)
	for i := int64(0); i < 1000000; i++ {
		if i%3 == 0 {
			total += i * 7 % 13
		} else {
			total -= i / 5 % 11
		}
	}
	fmt.Println(total)
}
