"""The test pay layer (deal spelling)."""
from . import effects
