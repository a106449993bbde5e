def main() -> None:
    ages = {"ann": 31, "bob": 27}
    ages["cy"] = 40
    ages["ann"] = 32
    print(ages, len(ages), "bob" in ages, "zed" not in ages)
    for k in ages:
        print(k, ages[k])
    print(ages.get("bob"), ages.get("zed"), ages.get("zed", 0))
    print(ages.pop("bob"), ages)
    print(list(ages.keys()), list(ages.values()), list(ages.items()))
    total = 0
    for v in ages.values():
        total = total + v
    print(total, f"avg={total / len(ages):.3f}")
    print(ages["zed"])
    print("not reached")


main()
