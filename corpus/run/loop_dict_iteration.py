# Iterating a dict: keys, values, items; mutation of values while iterating keys.
from tools.bank.trusted.effects import withdraw


def main() -> None:
    budget = {"rent": 1200, "food": 300, "fun": 80}
    for k in budget:
        print(k, budget[k])
    for v in budget.values():
        print(v)
    for k, v in budget.items():
        budget[k] = v // 10
    print(budget)
    spent = 0
    for account, amount in budget.items():
        if amount > 10:
            withdraw(account, amount)
            spent += amount
    print("spent", spent)
