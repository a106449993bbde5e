# str/int/float/bool conversions and their renderings.
from tools.bank.trusted.effects import deposit


def main() -> None:
    print(int("42"), int(" -7 "), int("+3"), int("1_000"), float("2.5"), float(" -1e3 "))
    print(str(3.0), str(True), str(None), str(-0), str([1, 2]), str((1,)), str({"a": 1}))
    print(bool(0), bool(""), bool("0"), bool([0][1:]), bool([0]), bool(0.0), bool(-1))
    print(int(True), float(False), str(10 ** 6), int("0042"), int(7.99))
    deposit("savings", int("12") + int(3.5))
