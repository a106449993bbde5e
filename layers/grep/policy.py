# Coverage policy of the bundled grep layer: a plan that searches files
# should say where.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="search",
    required=[],
    recommended=["only_search_under"],
    label="grep",
)
