# AWS_REGION is in the AWS_ family.
# expect: failed guarantee env.never_var_prefix('AWS_')
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.never_var_prefix("AWS_"))
def main() -> None:
    home = get_env("HOME")
    region = get_env("AWS_REGION")
