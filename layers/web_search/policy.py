# Coverage policy of the bundled web_search layer: a plan that searches
# the web should say how much it asks.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="search",
    required=[],
    recommended=["searches_at_most"],
    label="web_search",
)
