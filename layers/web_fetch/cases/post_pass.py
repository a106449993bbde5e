# One bounded post to the webhook, every request counted.
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch, web_post

@clauz3.guarantee(web.https_only())
@clauz3.guarantee(web.posts_at_most(1))
@clauz3.guarantee(web.fetches_at_most(2))
@clauz3.guarantee(web.post_size_at_most(200))
def main(note: str) -> None:
    status = web_fetch("https://api.example.com/v1/status")
    if len(note) <= 100:
        reply = web_post("https://hooks.example.com/notes", "note: " + note)
