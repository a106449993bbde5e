# Coverage policy of the bundled bank layer: a plan that moves money out
# must bound how much.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="spend",
    required=[],
    recommended=["max_spend", "only_account"],
    label="bank",
)
