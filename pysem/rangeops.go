package pysem

// RangeLen is len(range(start, stop, step)) for step != 0, as CPython's
// compute_range_length computes it: it may exceed int64 (range(-2**63,
// 2**63 - 1) has 2**64 - 1 items, and len() of it raises OverflowError:
// Python int too large to convert to C ssize_t), so it is a uint64.
// Every engine asks this, never a materialised list: a range of 2**62
// items is a few words in CPython.
func RangeLen(start, stop, step int64) uint64 {
	switch {
	case step > 0 && start < stop:
		return (uint64(stop-start)-1)/uint64(step) + 1
	case step < 0 && start > stop:
		return (uint64(start-stop)-1)/(uint64(-(step+1))+1) + 1
	}
	return 0
}

// RangeContains is k in range(start, stop, step) for step != 0, by
// arithmetic as CPython's range_contains does for ints.
func RangeContains(k, start, stop, step int64) bool {
	if step > 0 {
		if k < start || k >= stop {
			return false
		}
		return uint64(k-start)%uint64(step) == 0
	}
	if k > start || k <= stop {
		return false
	}
	return uint64(start-k)%(uint64(-(step+1))+1) == 0
}

// RangeLenTooLarge is CPython's OverflowError message for len() of a
// range of more than MaxInt64 items.
const RangeLenTooLarge = "Python int too large to convert to C ssize_t"
