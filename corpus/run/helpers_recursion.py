# Recursive helpers: factorial, Fibonacci with a memo dict, mutual recursion.
from tools.bank.trusted.effects import deposit


def fact(n: int) -> int:
    if n <= 1:
        return 1
    return n * fact(n - 1)


def fib(n: int, memo: dict[int, int]) -> int:
    if n < 2:
        return n
    if n in memo:
        return memo[n]
    v = fib(n - 1, memo) + fib(n - 2, memo)
    memo[n] = v
    return v


def is_even(n: int) -> bool:
    return True if n == 0 else is_odd(n - 1)


def is_odd(n: int) -> bool:
    return False if n == 0 else is_even(n - 1)


def main() -> None:
    memo: dict[int, int] = {}
    print(fact(20), fib(90, memo), len(memo), is_even(10), is_odd(7))
    deposit("savings", fact(5))
