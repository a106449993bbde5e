"""Effects in the original's style: deal decorators with message=, several
markers, relative imports, an optional dict of filters whose values are
any plain value (where: dict[str, object] | None = None)."""
from __future__ import annotations

import deal

from .schemas import TicketRow


@deal.post(lambda result: len(result) <= 50, message="at most 50 tickets per query")
@deal.has("read", "tickets")
def query_tickets(table: str, where: dict[str, object] | None = None) -> list[TicketRow]:
    """Returns the tickets of table matching where."""
    return []


@deal.pre(lambda owner, text: len(text) > 0, message="a comment has text")
@deal.pre(lambda owner: "@" in owner, message="owner must be an address")
@deal.has("write", "tickets", "notify")
def comment(owner: str, text: str) -> None:
    ...


@deal.has("write", "tickets")
def close_ticket(id: int) -> None:
    pass
