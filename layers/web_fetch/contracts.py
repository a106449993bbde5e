# Contract vocabulary of the bundled web_fetch layer. @contract bodies are
# compiled statically by ClauZ3, never executed. "Under prefix" means the
# URL is prefix itself or continues it with "/" or "?", so
# https://api.example.com.evil.net is not under https://api.example.com;
# give prefix without a trailing slash. Fetch is every request (web_fetch
# and web_post), Post only web_post.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

Fetch = effect("http")
Post = effect("http_post")


@contract
def https_only() -> ContractSpec:
    return Fetch.all(lambda f: f.url.startswith("https://"))


@contract
def only_fetch_under(prefix: str) -> ContractSpec:
    return Fetch.all(lambda f: f.url == prefix or f.url.startswith(prefix + "/") or f.url.startswith(prefix + "?"))


@contract
def never_fetch_under(prefix: str) -> ContractSpec:
    return Fetch.all(lambda f: not (f.url == prefix or f.url.startswith(prefix + "/") or f.url.startswith(prefix + "?")))


@contract
def only_urls(urls: list[str]) -> ContractSpec:
    return Fetch.all(lambda f: f.url in urls)


@contract
def no_url_contains(text: str) -> ContractSpec:
    return Fetch.all(lambda f: text not in f.url)


@contract
def fetches_at_most(n: int) -> ContractSpec:
    return Fetch.count() <= n


@contract
def no_posts() -> ContractSpec:
    return Post.empty()


@contract
def posts_at_most(n: int) -> ContractSpec:
    return Post.count() <= n


@contract
def post_size_at_most(n: int) -> ContractSpec:
    return Post.all(lambda p: len(p.body) <= n)


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
