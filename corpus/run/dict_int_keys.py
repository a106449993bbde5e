# Dicts keyed by ints and tuples; dict comprehension; nested dicts.
from tools.bank.trusted.effects import deposit


def main() -> None:
    squares = {n: n * n for n in range(5)}
    print(squares, squares[3])
    grid = {(0, 0): "origin", (1, 2): "point"}
    print(grid[(1, 2)], (0, 0) in grid, (2, 1) in grid, grid)
    nested = {"x": {"y": 1}}
    nested["x"]["z"] = 2
    print(nested)
    inv = {v: k for k, v in squares.items() if k % 2 == 0}
    print(inv)
    deposit("savings", sum(squares.values()))
