package pysem

// AdjustSlice is CPython's PySlice_AdjustIndices: for a sequence of
// length n, start and stop as PySlice_Unpack leaves them (an omitted
// start is 0, or MaxInt64 for a negative step; an omitted stop is
// MaxInt64, or MinInt64 for a negative step) and a step that is not 0,
// the clamped start and stop and the number of elements the slice takes.
func AdjustSlice(n, start, stop, step int64) (int64, int64, int64) {
	adjust := func(i int64) int64 {
		if i < 0 {
			if i < -n {
				if step < 0 {
					return -1
				}
				return 0
			}
			return i + n
		}
		if i >= n {
			if step < 0 {
				return n - 1
			}
			return n
		}
		return i
	}
	start, stop = adjust(start), adjust(stop)
	var length int64
	if step < 0 {
		if stop < start {
			length = (start-stop-1)/(-step) + 1
		}
	} else if start < stop {
		length = (stop-start-1)/step + 1
	}
	return start, stop, length
}

// AdjustIndices is CPython's ADJUST_INDICES for the start and end
// arguments of str.find, count, startswith and the like on a str of n
// code points: negative values count from the end and are clamped at 0,
// end is clamped at n, start is not clamped above.
func AdjustIndices(start, end, n int64) (int64, int64) {
	if end > n {
		end = n
	} else if end < 0 {
		end += n
		if end < 0 {
			end = 0
		}
	}
	if start < 0 {
		start += n
		if start < 0 {
			start = 0
		}
	}
	return start, end
}

// InsertIndex is where l.insert(i, x) puts x in a list of length n
// (CPython's ins1): a negative i counts from the end, and i is clamped
// to 0..n.
func InsertIndex(i, n int64) int64 {
	if i < 0 {
		i += n
		if i < 0 {
			i = 0
		}
	}
	if i > n {
		i = n
	}
	return i
}
