# enumerate and zip read the list live: an element appended during the loop is visited.
def main() -> None:
    xs = ["a", "b"]
    for i, s in enumerate(xs):
        print(i, s)
        if i == 0:
            xs.append("c")
    ys = [1, 2]
    for p, q in zip(ys, [10, 20, 30]):
        print(p, q)
        if p == 1:
            ys.append(3)
    print(xs, ys)
