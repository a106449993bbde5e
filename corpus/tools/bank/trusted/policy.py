# Coverage policy of the bank layer.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="withdraw",
    required=[],
    recommended=["max_spend"],
    label="bank",
)
