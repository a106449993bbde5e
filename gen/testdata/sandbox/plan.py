# TEST FIXTURE: runs one misbehaving operation of the test-only buggy layer.
from tools.buggy.trusted.effects import misbehave


def main(op: str, arg: str) -> None:
    print(misbehave(op, arg))
