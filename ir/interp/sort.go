package interp

import "github.com/clauz3/clauz3/ir"

// timsort is a port of CPython 3.11's listsort (Objects/listobject.c):
// natural runs, binary insertion to minrun, powersort merge policy and
// galloping merges. Following it comparison for comparison matters where
// `<` is not a total order (NaN) or fails (TypeError between None and
// int): the result, or which pair the error names, is CPython's.
//
// keys are compared with `<`; vals (which may be keys itself) are moved
// with them. reverse sorts descending, keeping equal elements in their
// original order, as CPython does by reversing before and after.
func timsort(pos ir.Pos, keys, vals []Value, reverse bool) error {
	n := len(keys)
	if n < 2 {
		return nil
	}
	same := &keys[0] == &vals[0]
	if reverse {
		reverseValues(keys)
		if !same {
			reverseValues(vals)
		}
	}
	ms := &mergeState{pos: pos, keys: keys, vals: vals, same: same, minGallop: minGallop, listLen: n}
	err := ms.run()
	if reverse {
		reverseValues(keys)
		if !same {
			reverseValues(vals)
		}
	}
	return err
}

func reverseValues(s []Value) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

const minGallop = 7

type run struct {
	base, len int
	power     int
}

type mergeState struct {
	pos        ir.Pos
	keys, vals []Value
	same       bool
	minGallop  int
	pending    []run
	listLen    int
	tmpK, tmpV []Value
}

func (ms *mergeState) lt(a, b Value) (bool, error) { return lessThan(ms.pos, a, b) }

// set stores element (k, v) at i.
func (ms *mergeState) set(i int, k, v Value) {
	ms.keys[i] = k
	if !ms.same {
		ms.vals[i] = v
	}
}

func (ms *mergeState) run() error {
	lo, remaining := 0, ms.listLen
	minrun := computeMinrun(remaining)
	for remaining > 0 {
		n, desc, err := ms.countRun(lo, lo+remaining)
		if err != nil {
			return err
		}
		if desc {
			reverseValues(ms.keys[lo : lo+n])
			if !ms.same {
				reverseValues(ms.vals[lo : lo+n])
			}
		}
		if n < minrun {
			force := minrun
			if remaining <= minrun {
				force = remaining
			}
			if err := ms.binarySort(lo, lo+force, lo+n); err != nil {
				return err
			}
			n = force
		}
		if err := ms.foundNewRun(n); err != nil {
			return err
		}
		ms.pending = append(ms.pending, run{base: lo, len: n})
		lo += n
		remaining -= n
	}
	return ms.forceCollapse()
}

func computeMinrun(n int) int {
	r := 0
	for n >= 64 {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

// countRun returns the length of the run starting at lo and whether it
// is strictly descending.
func (ms *mergeState) countRun(lo, hi int) (int, bool, error) {
	lo++
	if lo == hi {
		return 1, false, nil
	}
	n := 2
	less, err := ms.lt(ms.keys[lo], ms.keys[lo-1])
	if err != nil {
		return 0, false, err
	}
	if less {
		for lo = lo + 1; lo < hi; lo, n = lo+1, n+1 {
			l, err := ms.lt(ms.keys[lo], ms.keys[lo-1])
			if err != nil {
				return 0, false, err
			}
			if !l {
				break
			}
		}
		return n, true, nil
	}
	for lo = lo + 1; lo < hi; lo, n = lo+1, n+1 {
		l, err := ms.lt(ms.keys[lo], ms.keys[lo-1])
		if err != nil {
			return 0, false, err
		}
		if l {
			break
		}
	}
	return n, false, nil
}

// binarySort sorts [lo, hi) given that [lo, start) is sorted.
func (ms *mergeState) binarySort(lo, hi, start int) error {
	if lo == start {
		start++
	}
	for ; start < hi; start++ {
		l, r := lo, start
		pk, pv := ms.keys[r], ms.vals[r]
		for l < r {
			p := l + (r-l)>>1
			less, err := ms.lt(pk, ms.keys[p])
			if err != nil {
				return err
			}
			if less {
				r = p
			} else {
				l = p + 1
			}
		}
		for p := start; p > l; p-- {
			ms.set(p, ms.keys[p-1], ms.vals[p-1])
		}
		ms.set(l, pk, pv)
	}
	return nil
}

func powerloop(s1, n1, n2, n int) int {
	result := 0
	a := 2*s1 + n1
	b := a + n1 + n2
	for {
		result++
		if a >= n {
			a -= n
			b -= n
		} else if b >= n {
			break
		}
		a <<= 1
		b <<= 1
	}
	return result
}

func (ms *mergeState) foundNewRun(n2 int) error {
	if len(ms.pending) == 0 {
		return nil
	}
	top := ms.pending[len(ms.pending)-1]
	power := powerloop(top.base, top.len, n2, ms.listLen)
	for len(ms.pending) > 1 && ms.pending[len(ms.pending)-2].power > power {
		if err := ms.mergeAt(len(ms.pending) - 2); err != nil {
			return err
		}
	}
	ms.pending[len(ms.pending)-1].power = power
	return nil
}

func (ms *mergeState) forceCollapse() error {
	for len(ms.pending) > 1 {
		n := len(ms.pending) - 2
		if n > 0 && ms.pending[n-1].len < ms.pending[n+1].len {
			n--
		}
		if err := ms.mergeAt(n); err != nil {
			return err
		}
	}
	return nil
}

// gallopLeft locates where key belongs in the sorted a[base:base+n]:
// the k with a[k-1] < key <= a[k] (relative to base).
func (ms *mergeState) gallopLeft(key Value, a []Value, base, n, hint int) (int, error) {
	lastofs, ofs := 0, 1
	less, err := ms.lt(a[base+hint], key)
	if err != nil {
		return 0, err
	}
	if less {
		maxofs := n - hint
		for ofs < maxofs {
			l, err := ms.lt(a[base+hint+ofs], key)
			if err != nil {
				return 0, err
			}
			if !l {
				break
			}
			lastofs = ofs
			ofs = (ofs << 1) + 1
		}
		if ofs > maxofs {
			ofs = maxofs
		}
		lastofs += hint
		ofs += hint
	} else {
		maxofs := hint + 1
		for ofs < maxofs {
			l, err := ms.lt(a[base+hint-ofs], key)
			if err != nil {
				return 0, err
			}
			if l {
				break
			}
			lastofs = ofs
			ofs = (ofs << 1) + 1
		}
		if ofs > maxofs {
			ofs = maxofs
		}
		k := lastofs
		lastofs = hint - ofs
		ofs = hint - k
	}
	lastofs++
	for lastofs < ofs {
		m := lastofs + (ofs-lastofs)>>1
		l, err := ms.lt(a[base+m], key)
		if err != nil {
			return 0, err
		}
		if l {
			lastofs = m + 1
		} else {
			ofs = m
		}
	}
	return ofs, nil
}

// gallopRight is like gallopLeft, but finds the k with
// a[k-1] <= key < a[k].
func (ms *mergeState) gallopRight(key Value, a []Value, base, n, hint int) (int, error) {
	lastofs, ofs := 0, 1
	less, err := ms.lt(key, a[base+hint])
	if err != nil {
		return 0, err
	}
	if less {
		maxofs := hint + 1
		for ofs < maxofs {
			l, err := ms.lt(key, a[base+hint-ofs])
			if err != nil {
				return 0, err
			}
			if !l {
				break
			}
			lastofs = ofs
			ofs = (ofs << 1) + 1
		}
		if ofs > maxofs {
			ofs = maxofs
		}
		k := lastofs
		lastofs = hint - ofs
		ofs = hint - k
	} else {
		maxofs := n - hint
		for ofs < maxofs {
			l, err := ms.lt(key, a[base+hint+ofs])
			if err != nil {
				return 0, err
			}
			if l {
				break
			}
			lastofs = ofs
			ofs = (ofs << 1) + 1
		}
		if ofs > maxofs {
			ofs = maxofs
		}
		lastofs += hint
		ofs += hint
	}
	lastofs++
	for lastofs < ofs {
		m := lastofs + (ofs-lastofs)>>1
		l, err := ms.lt(key, a[base+m])
		if err != nil {
			return 0, err
		}
		if l {
			ofs = m
		} else {
			lastofs = m + 1
		}
	}
	return ofs, nil
}

func (ms *mergeState) mergeAt(i int) error {
	a, b := ms.pending[i], ms.pending[i+1]
	ms.pending[i].len = a.len + b.len
	if i == len(ms.pending)-3 {
		ms.pending[i+1] = ms.pending[i+2]
	}
	ms.pending = ms.pending[:len(ms.pending)-1]

	k, err := ms.gallopRight(ms.keys[b.base], ms.keys, a.base, a.len, 0)
	if err != nil {
		return err
	}
	baseA, na := a.base+k, a.len-k
	if na == 0 {
		return nil
	}
	nb, err := ms.gallopLeft(ms.keys[baseA+na-1], ms.keys, b.base, b.len, b.len-1)
	if err != nil || nb <= 0 {
		return err
	}
	if na <= nb {
		return ms.mergeLo(baseA, na, b.base, nb)
	}
	return ms.mergeHi(baseA, na, b.base, nb)
}

func (ms *mergeState) tmp(n int) {
	ms.tmpK = append(ms.tmpK[:0], make([]Value, n)...)
	ms.tmpV = append(ms.tmpV[:0], make([]Value, n)...)
}

// mergeLo merges the adjacent runs [pa, pa+na) and [pb, pb+nb), na <= nb,
// copying the first run aside.
func (ms *mergeState) mergeLo(pa, na, pb, nb int) error {
	ms.tmp(na)
	copy(ms.tmpK, ms.keys[pa:pa+na])
	copy(ms.tmpV, ms.vals[pa:pa+na])
	ak, av := ms.tmpK, ms.tmpV
	ia := 0 // index into the temp copy of a
	dest := pa
	ib := pb

	ms.set(dest, ms.keys[ib], ms.vals[ib])
	dest++
	ib++
	nb--
	var err error
	if nb == 0 {
		goto succeed
	}
	if na == 1 {
		goto copyB
	}
	for {
		acount, bcount := 0, 0
		for {
			less, e := ms.lt(ms.keys[ib], ak[ia])
			if e != nil {
				err = e
				goto fail
			}
			if less {
				ms.set(dest, ms.keys[ib], ms.vals[ib])
				dest++
				ib++
				bcount++
				acount = 0
				nb--
				if nb == 0 {
					goto succeed
				}
				if bcount >= ms.minGallop {
					break
				}
			} else {
				ms.set(dest, ak[ia], av[ia])
				dest++
				ia++
				acount++
				bcount = 0
				na--
				if na == 1 {
					goto copyB
				}
				if acount >= ms.minGallop {
					break
				}
			}
		}
		ms.minGallop++
		for {
			if ms.minGallop > 1 {
				ms.minGallop--
			}
			k, e := ms.gallopRight(ms.keys[ib], ak, ia, na, 0)
			if e != nil {
				err = e
				goto fail
			}
			acount = k
			if k > 0 {
				for j := 0; j < k; j++ {
					ms.set(dest+j, ak[ia+j], av[ia+j])
				}
				dest += k
				ia += k
				na -= k
				if na == 1 {
					goto copyB
				}
				if na == 0 {
					goto succeed
				}
			}
			ms.set(dest, ms.keys[ib], ms.vals[ib])
			dest++
			ib++
			nb--
			if nb == 0 {
				goto succeed
			}
			k, e = ms.gallopLeft(ak[ia], ms.keys, ib, nb, 0)
			if e != nil {
				err = e
				goto fail
			}
			bcount = k
			if k > 0 {
				for j := 0; j < k; j++ {
					ms.set(dest+j, ms.keys[ib+j], ms.vals[ib+j])
				}
				dest += k
				ib += k
				nb -= k
				if nb == 0 {
					goto succeed
				}
			}
			ms.set(dest, ak[ia], av[ia])
			dest++
			ia++
			na--
			if na == 1 {
				goto copyB
			}
			if acount < minGallop && bcount < minGallop {
				break
			}
		}
		ms.minGallop++
	}
succeed:
fail:
	for j := 0; j < na; j++ {
		ms.set(dest+j, ak[ia+j], av[ia+j])
	}
	return err
copyB:
	// The last element of a belongs at the end of the merge.
	for j := 0; j < nb; j++ {
		ms.set(dest+j, ms.keys[ib+j], ms.vals[ib+j])
	}
	ms.set(dest+nb, ak[ia], av[ia])
	return nil
}

// mergeHi merges the adjacent runs [pa, pa+na) and [pb, pb+nb), na >= nb,
// copying the second run aside and merging from the right.
func (ms *mergeState) mergeHi(pa, na, pb, nb int) error {
	ms.tmp(nb)
	copy(ms.tmpK, ms.keys[pb:pb+nb])
	copy(ms.tmpV, ms.vals[pb:pb+nb])
	bk, bv := ms.tmpK, ms.tmpV
	dest := pb + nb - 1
	ib := nb - 1      // index into the temp copy of b
	ia := pa + na - 1 // index into keys of a's last element

	ms.set(dest, ms.keys[ia], ms.vals[ia])
	dest--
	ia--
	na--
	var err error
	if na == 0 {
		goto succeed
	}
	if nb == 1 {
		goto copyA
	}
	for {
		acount, bcount := 0, 0
		for {
			less, e := ms.lt(bk[ib], ms.keys[ia])
			if e != nil {
				err = e
				goto fail
			}
			if less {
				ms.set(dest, ms.keys[ia], ms.vals[ia])
				dest--
				ia--
				acount++
				bcount = 0
				na--
				if na == 0 {
					goto succeed
				}
				if acount >= ms.minGallop {
					break
				}
			} else {
				ms.set(dest, bk[ib], bv[ib])
				dest--
				ib--
				bcount++
				acount = 0
				nb--
				if nb == 1 {
					goto copyA
				}
				if bcount >= ms.minGallop {
					break
				}
			}
		}
		ms.minGallop++
		for {
			if ms.minGallop > 1 {
				ms.minGallop--
			}
			k, e := ms.gallopRight(bk[ib], ms.keys, pa, na, na-1)
			if e != nil {
				err = e
				goto fail
			}
			k = na - k
			acount = k
			if k > 0 {
				// Move a[ia-k+1 .. ia] to dest-k+1 .. dest, from the right.
				for j := 0; j < k; j++ {
					ms.set(dest-j, ms.keys[ia-j], ms.vals[ia-j])
				}
				dest -= k
				ia -= k
				na -= k
				if na == 0 {
					goto succeed
				}
			}
			ms.set(dest, bk[ib], bv[ib])
			dest--
			ib--
			nb--
			if nb == 1 {
				goto copyA
			}
			k, e = ms.gallopLeft(ms.keys[ia], bk, 0, nb, nb-1)
			if e != nil {
				err = e
				goto fail
			}
			k = nb - k
			bcount = k
			if k > 0 {
				for j := 0; j < k; j++ {
					ms.set(dest-j, bk[ib-j], bv[ib-j])
				}
				dest -= k
				ib -= k
				nb -= k
				if nb == 1 {
					goto copyA
				}
				if nb == 0 {
					goto succeed
				}
			}
			ms.set(dest, ms.keys[ia], ms.vals[ia])
			dest--
			ia--
			na--
			if na == 0 {
				goto succeed
			}
			if acount < minGallop && bcount < minGallop {
				break
			}
		}
		ms.minGallop++
	}
succeed:
fail:
	// Copy what is left of b (b[0 .. nb-1]) into dest-(nb-1) .. dest.
	for j := 0; j < nb; j++ {
		ms.set(dest-(nb-1)+j, bk[j], bv[j])
	}
	return err
copyA:
	// The first element of b belongs at the front of the merge.
	for j := 0; j < na; j++ {
		ms.set(dest-j, ms.keys[ia-j], ms.vals[ia-j])
	}
	dest -= na
	ms.set(dest, bk[ib], bv[ib])
	return nil
}
