# pop from an empty list raises IndexError: pop from empty list.
from tools.email.trusted.effects import send_email


def main() -> None:
    stack = ["x"]
    send_email("bob@example.com", stack.pop())
    stack.pop()
