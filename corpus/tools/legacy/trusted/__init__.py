"""A trusted layer written for the original Python ClauZ3, loaded unchanged."""
