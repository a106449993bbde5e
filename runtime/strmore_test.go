package planrt

import (
	"testing"

	"github.com/clauz3/clauz3/internal/cpythoncases"
)

func TestStrMethodsMore(t *testing.T) {
	for _, c := range cpythoncases.StrMethods {
		s, a := c.S, c.Args
		str := func(i int) string { return a[i].(string) }
		num := func(i int) int64 { return int64(a[i].(int)) }
		got := catch(func() string {
			switch c.Method {
			case "index":
				return StrInt(Index(s, str(0)))
			case "rfind":
				return StrInt(RFind(s, str(0)))
			case "rindex":
				return StrInt(RIndex(s, str(0)))
			case "center":
				return ReprStr(Center(s, num(0), str(1)))
			case "ljust":
				return ReprStr(LJust(s, num(0), str(1)))
			case "rjust":
				return ReprStr(RJust(s, num(0), str(1)))
			case "swapcase":
				return ReprStr(SwapCase(s))
			case "islower":
				return StrBool(IsLower(s))
			case "isupper":
				return StrBool(IsUpper(s))
			case "istitle":
				return StrBool(IsTitle(s))
			case "rsplit":
				if len(a) == 0 {
					return Repr(RSplit(s, -1))
				}
				if a[0] == nil {
					return Repr(RSplit(s, num(1)))
				}
				return Repr(RSplitSep(s, str(0), num(1)))
			case "partition":
				return Repr(Partition(s, str(0)))
			case "rpartition":
				return Repr(RPartition(s, str(0)))
			}
			t.Fatalf("unknown method %s", c.Method)
			return ""
		})
		if got != c.Want {
			t.Errorf("%q.%s%v = %s, CPython %s", s, c.Method, a, got, c.Want)
		}
	}
}

func TestListClear(t *testing.T) {
	xs := ListOf([]int64{1, 2})
	ys := xs
	xs.Clear()
	xs.Append(3)
	if got := Repr(ys) + " " + StrInt(ys.Len()); got != "[3] 1" {
		t.Errorf("after clear and append: %s, CPython [3] 1", got)
	}
}
