"""Every builtin of the plan language on constants, one function each.

Generated from ir.BuiltinTable by go test ./ir -run TestBuiltinExamples -update;
do not edit.
"""


def ex_abs() -> None:
    print("abs:", end=" ")
    print(abs(-3))


def ex_all() -> None:
    print("all:", end=" ")
    print(all([1, 2]), all(["", "a"]))


def ex_any() -> None:
    print("any:", end=" ")
    print(any([False, True]), any([0, 0]))


def ex_bool() -> None:
    print("bool:", end=" ")
    print(bool("x"), bool(0))


def ex_chr() -> None:
    print("chr:", end=" ")
    print(chr(98))


def ex_dict() -> None:
    print("dict:", end=" ")
    print(dict([("a", 1), ("b", 2)]))


def ex_dict_copy() -> None:
    print("dict.copy:", end=" ")
    d = {"a": 1}
    e = d.copy()
    e["b"] = 2
    print(d, e)


def ex_dict_get() -> None:
    print("dict.get:", end=" ")
    d = {"a": 1}
    print(d.get("a"), d.get("b"), d.get("b", 0))


def ex_dict_items() -> None:
    print("dict.items:", end=" ")
    d = {"a": 1, "b": 2}
    print(list(d.items()))


def ex_dict_keys() -> None:
    print("dict.keys:", end=" ")
    d = {"a": 1, "b": 2}
    print(list(d.keys()))


def ex_dict_pop() -> None:
    print("dict.pop:", end=" ")
    d = {"a": 1}
    print(d.pop("a"), d.pop("b", 0), d)


def ex_dict_setdefault() -> None:
    print("dict.setdefault:", end=" ")
    d = {"a": 1}
    print(d.setdefault("b", 2), d.setdefault("a", 5), d)


def ex_dict_update() -> None:
    print("dict.update:", end=" ")
    d = {"a": 1}
    d.update({"b": 2, "a": 3})
    print(d)


def ex_dict_values() -> None:
    print("dict.values:", end=" ")
    d = {"a": 1, "b": 2}
    print(list(d.values()))


def ex_enumerate() -> None:
    print("enumerate:", end=" ")
    print(list(enumerate(["a", "b"], 1)))


def ex_float() -> None:
    print("float:", end=" ")
    print(float("1.5"))


def ex_int() -> None:
    print("int:", end=" ")
    print(int("42") + int(True))


def ex_len() -> None:
    print("len:", end=" ")
    print(len("abc"), len([1, 2]))


def ex_list() -> None:
    print("list:", end=" ")
    print(list("ab"), list([1, 2]))


def ex_list_append() -> None:
    print("list.append:", end=" ")
    xs = [1]
    xs.append(2)
    print(xs)


def ex_list_clear() -> None:
    print("list.clear:", end=" ")
    xs = [1]
    xs.clear()
    print(xs)


def ex_list_copy() -> None:
    print("list.copy:", end=" ")
    xs = [1]
    ys = xs.copy()
    ys.append(2)
    print(xs, ys)


def ex_list_count() -> None:
    print("list.count:", end=" ")
    print([1, 2, 1].count(1))


def ex_list_extend() -> None:
    print("list.extend:", end=" ")
    xs = [1]
    xs.extend([2, 3])
    print(xs)


def ex_list_index() -> None:
    print("list.index:", end=" ")
    print([1, 2].index(2))


def ex_list_insert() -> None:
    print("list.insert:", end=" ")
    xs = [1]
    xs.insert(0, 5)
    print(xs)


def ex_list_pop() -> None:
    print("list.pop:", end=" ")
    xs = [1, 2, 3]
    print(xs.pop(), xs.pop(0), xs)


def ex_list_remove() -> None:
    print("list.remove:", end=" ")
    xs = [1, 2, 1]
    xs.remove(1)
    print(xs)


def ex_list_reverse() -> None:
    print("list.reverse:", end=" ")
    xs = [1, 2]
    xs.reverse()
    print(xs)


def ex_list_sort() -> None:
    print("list.sort:", end=" ")
    xs = [2, 3, 1]
    xs.sort(reverse=True)
    print(xs)


def ex_max() -> None:
    print("max:", end=" ")
    print(max(3, 1, 2), max(["b", "a"]))


def ex_min() -> None:
    print("min:", end=" ")
    print(min(3, 1, 2), min(["b", "a"]))


def ex_ord() -> None:
    print("ord:", end=" ")
    print(ord("a"))


def ex_print() -> None:
    print("print:", end=" ")
    print("a", 1, sep="-", end="!\n")


def ex_repr() -> None:
    print("repr:", end=" ")
    print(repr("it's"))


def ex_reversed() -> None:
    print("reversed:", end=" ")
    print(list(reversed([1, 2, 3])))


def ex_round() -> None:
    print("round:", end=" ")
    print(round(7), round(1250, -2), round(-1351, -2))


def ex_set() -> None:
    print("set:", end=" ")
    print(sorted(set([2, 1, 2])))


def ex_set_add() -> None:
    print("set.add:", end=" ")
    s = {1}
    s.add(2)
    print(sorted(s))


def ex_set_discard() -> None:
    print("set.discard:", end=" ")
    s = {1, 2}
    s.discard(1)
    s.discard(5)
    print(sorted(s))


def ex_set_remove() -> None:
    print("set.remove:", end=" ")
    s = {1, 2}
    s.remove(1)
    print(sorted(s))


def ex_sorted() -> None:
    print("sorted:", end=" ")
    print(sorted([3, 1, 2]), sorted(["b", "a"]))


def ex_str() -> None:
    print("str:", end=" ")
    print(str(-12) + str(True))


def ex_str_capitalize() -> None:
    print("str.capitalize:", end=" ")
    print("aB".capitalize())


def ex_str_center() -> None:
    print("str.center:", end=" ")
    print("a".center(4, "*"))


def ex_str_count() -> None:
    print("str.count:", end=" ")
    print("aba".count("a"))


def ex_str_endswith() -> None:
    print("str.endswith:", end=" ")
    print("ab".endswith("a"))


def ex_str_find() -> None:
    print("str.find:", end=" ")
    print("abc".find("c"), "abc".find("z"))


def ex_str_index() -> None:
    print("str.index:", end=" ")
    print("abc".index("b"))


def ex_str_isalpha() -> None:
    print("str.isalpha:", end=" ")
    print("ab".isalpha())


def ex_str_isdigit() -> None:
    print("str.isdigit:", end=" ")
    print("12".isdigit(), "1a".isdigit())


def ex_str_islower() -> None:
    print("str.islower:", end=" ")
    print("ab".islower())


def ex_str_isspace() -> None:
    print("str.isspace:", end=" ")
    print(" ".isspace())


def ex_str_istitle() -> None:
    print("str.istitle:", end=" ")
    print("Ab Cd".istitle())


def ex_str_isupper() -> None:
    print("str.isupper:", end=" ")
    print("AB".isupper())


def ex_str_join() -> None:
    print("str.join:", end=" ")
    print("-".join(["a", "b"]))


def ex_str_ljust() -> None:
    print("str.ljust:", end=" ")
    print("a".ljust(3, ".") + "|")


def ex_str_lower() -> None:
    print("str.lower:", end=" ")
    print("ABC".lower())


def ex_str_lstrip() -> None:
    print("str.lstrip:", end=" ")
    print(" a ".lstrip() + "|")


def ex_str_partition() -> None:
    print("str.partition:", end=" ")
    print("a=b=c".partition("="))


def ex_str_replace() -> None:
    print("str.replace:", end=" ")
    print("aaa".replace("a", "b", 2))


def ex_str_rfind() -> None:
    print("str.rfind:", end=" ")
    print("abca".rfind("a"))


def ex_str_rindex() -> None:
    print("str.rindex:", end=" ")
    print("abab".rindex("b"))


def ex_str_rjust() -> None:
    print("str.rjust:", end=" ")
    print("a".rjust(3))


def ex_str_rpartition() -> None:
    print("str.rpartition:", end=" ")
    print("a=b=c".rpartition("="))


def ex_str_rsplit() -> None:
    print("str.rsplit:", end=" ")
    print("a b c".rsplit(None, 1))


def ex_str_rstrip() -> None:
    print("str.rstrip:", end=" ")
    print("|" + " a ".rstrip())


def ex_str_split() -> None:
    print("str.split:", end=" ")
    print("a,b,c".split(",", 1), " a  b ".split())


def ex_str_splitlines() -> None:
    print("str.splitlines:", end=" ")
    print("a\nb\r\nc".splitlines())


def ex_str_startswith() -> None:
    print("str.startswith:", end=" ")
    print("ab".startswith("a"))


def ex_str_strip() -> None:
    print("str.strip:", end=" ")
    print(" a ".strip(), "xax".strip("x"))


def ex_str_swapcase() -> None:
    print("str.swapcase:", end=" ")
    print("aB".swapcase())


def ex_str_title() -> None:
    print("str.title:", end=" ")
    print("ab cd".title())


def ex_str_upper() -> None:
    print("str.upper:", end=" ")
    print("straße".upper())


def ex_str_zfill() -> None:
    print("str.zfill:", end=" ")
    print("-7".zfill(4))


def ex_sum() -> None:
    print("sum:", end=" ")
    print(sum([1, 2, 3]), sum([4], 10))


def ex_tuple() -> None:
    print("tuple:", end=" ")
    print(tuple((1, "a")))


def ex_zip() -> None:
    print("zip:", end=" ")
    print(list(zip([1, 2, 3], ["a", "b"])))


def main() -> None:
    ex_abs()
    ex_all()
    ex_any()
    ex_bool()
    ex_chr()
    ex_dict()
    ex_dict_copy()
    ex_dict_get()
    ex_dict_items()
    ex_dict_keys()
    ex_dict_pop()
    ex_dict_setdefault()
    ex_dict_update()
    ex_dict_values()
    ex_enumerate()
    ex_float()
    ex_int()
    ex_len()
    ex_list()
    ex_list_append()
    ex_list_clear()
    ex_list_copy()
    ex_list_count()
    ex_list_extend()
    ex_list_index()
    ex_list_insert()
    ex_list_pop()
    ex_list_remove()
    ex_list_reverse()
    ex_list_sort()
    ex_max()
    ex_min()
    ex_ord()
    ex_print()
    ex_repr()
    ex_reversed()
    ex_round()
    ex_set()
    ex_set_add()
    ex_set_discard()
    ex_set_remove()
    ex_sorted()
    ex_str()
    ex_str_capitalize()
    ex_str_center()
    ex_str_count()
    ex_str_endswith()
    ex_str_find()
    ex_str_index()
    ex_str_isalpha()
    ex_str_isdigit()
    ex_str_islower()
    ex_str_isspace()
    ex_str_istitle()
    ex_str_isupper()
    ex_str_join()
    ex_str_ljust()
    ex_str_lower()
    ex_str_lstrip()
    ex_str_partition()
    ex_str_replace()
    ex_str_rfind()
    ex_str_rindex()
    ex_str_rjust()
    ex_str_rpartition()
    ex_str_rsplit()
    ex_str_rstrip()
    ex_str_split()
    ex_str_splitlines()
    ex_str_startswith()
    ex_str_strip()
    ex_str_swapcase()
    ex_str_title()
    ex_str_upper()
    ex_str_zfill()
    ex_sum()
    ex_tuple()
    ex_zip()


if __name__ == "__main__":
    main()
