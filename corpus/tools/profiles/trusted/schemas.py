# Row type of the profiles layer: fields of every container type the
# language has (docs/language.md "Row types": any type of the language),
# so a counterexample over such a row replays even when the plan never
# reads those fields (cases/row_container_fields_*).
import clauz3


class ProfileRow(clauz3.Row):
    """A user profile."""

    email: str
    tags: list[str]
    scores: dict[str, int]
    labels: set[str]
    pair: tuple[int, str]
    nick: str | None
