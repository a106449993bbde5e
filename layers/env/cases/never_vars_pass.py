# Reads HOME and USER, never HISTFILE.
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.never_vars(["HISTFILE", "MAIL"]))
def main() -> None:
    for name in ["HOME", "USER"]:
        v = get_env(name)
