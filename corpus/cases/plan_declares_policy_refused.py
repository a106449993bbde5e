# A plan may not declare a coverage policy: only trusted layers do.
# expect: refused
# code: Unsupported
# want: plan_declares_policy_refused.py:5:1: import of clauz3.policy is not supported
from clauz3.policy import domain_policy
from tools.shop.trusted.effects import buy

POLICY = domain_policy(when_used="purchase", required=[], recommended=[])


def main() -> None:
    buy("acme", 500)
