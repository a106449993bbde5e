# The variable's name comes from the input.
# expect: failed guarantee env.never_vars(['HISTFILE'])
# expect: inputs: name = "HISTFILE"
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.never_vars(["HISTFILE"]))
def main(name: str) -> None:
    if len(name) > 0 and "=" not in name:
        v = get_env(name)
