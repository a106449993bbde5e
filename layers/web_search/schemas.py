# Row schema of the bundled web_search layer: one search hit. The Go
# implementation declares the same struct (SearchResult).
import clauz3


class SearchResult(clauz3.Row):
    title: str
    url: str
    snippet: str
