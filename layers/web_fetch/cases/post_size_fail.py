# The caller's note is posted whatever its length.
# expect: failed guarantee web.post_size_at_most(40)
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_post

@clauz3.guarantee(web.post_size_at_most(40))
def main(note: str) -> None:
    reply = web_post("https://hooks.example.com/notes", note)
