# An explicit waiver.
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.no_guarantees())
def main() -> None:
    v = get_env("TERM")
