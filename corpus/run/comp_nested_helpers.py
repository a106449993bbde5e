# Comprehensions calling helpers, nested conditionals inside, any/all-style counting.
from tools.email.trusted.effects import send_email


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    for d in range(2, n):
        if d * d > n:
            break
        if n % d == 0:
            return False
    return True


def label(n: int) -> str:
    return "p" if is_prime(n) else ("e" if n % 2 == 0 else "o")


def main() -> None:
    primes = [n for n in range(30) if is_prime(n)]
    print(primes, len(primes))
    print("".join([label(n) for n in range(12)]))
    matrix = [[i * 3 + j for j in range(3)] for i in range(3)]
    transposed = [[row[i] for row in matrix] for i in range(3)]
    print(matrix, transposed)
    print(len([n for n in primes if n > 10]) == 6)
    send_email("bob@example.com", f"primes: {primes[:5]}")
