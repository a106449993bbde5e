"""Coverage policy, relative import of the contracts it names."""
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used=["tickets"],
    required=["comments_at_most"],
    recommended=["comments_only_to"],
    label="tickets",
)
