# Coverage policy of the shop layer: every plan that buys is held to a
# total of 100, whatever it promises itself.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="purchase",
    required=["max_total"],
    recommended=["only_vendor", "at_most"],
    label="shop",
)
