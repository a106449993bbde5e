# Three reads in a loop, two promised.
# expect: failed guarantee env.env_reads_at_most(2)
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.env_reads_at_most(2))
def main() -> None:
    for name in ["HOME", "USER", "SHELL"]:
        v = get_env(name)
