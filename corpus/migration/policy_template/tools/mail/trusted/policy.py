from clauz3.policy import domain_policy

POLICY = domain_policy(when_used="send", required=["addresses_from"], recommended=[], label="mail")
