# get_env requires a non-empty name.
# expect: failed precondition get_env
# expect: requires: lambda name: len(name) > 0
import clauz3
from tools.env.trusted.effects import get_env

def main(name: str) -> None:
    v = get_env(name)
