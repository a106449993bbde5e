"""Row classes in their own module."""
import clauz3


class TicketRow(clauz3.Row):
    id: int
    owner: str
    title: str
