# Trusted web effects of the bundled web_fetch layer (clauz3
# layers/web_fetch). Both effects carry the marker "http", so contracts
# over effect("http") see every request; web_post also carries
# "http_post". The contracts speak about the URL as written, so the
# preconditions keep it plain (http or https, no "..", no backslash, no
# whitespace, no fragment: "/admin#x" fetches /admin but does not start
# with "/admin/") and at run time the layer refuses any URL that is not in
# canonical form (lower-case host without a trailing dot or a default
# port, no dot segments, no "//" or encoded unreserved characters in the
# path), every redirect, and whatever the egress floor refuses (loopback,
# private, link-local, metadata and reserved addresses), whatever the
# contract says.
import deal


@deal.pre(lambda url: url.startswith("https://") or url.startswith("http://"), message="url must be http or https")
@deal.pre(lambda url: ".." not in url, message="url must not contain ..")
@deal.pre(lambda url: "\\" not in url and " " not in url and "\n" not in url and "\r" not in url and "\t" not in url, message="url must not contain a backslash or whitespace")
@deal.pre(lambda url: "#" not in url, message="url must not contain a fragment (#)")
@deal.has("http", "http_get")
def web_fetch(url: str) -> str:
    """card: Fetch the web page {url}
    card action: fetch a web page
    card label url: address
    """
    ...


@deal.pre(lambda url, body: url.startswith("https://") or url.startswith("http://"), message="url must be http or https")
@deal.pre(lambda url, body: ".." not in url, message="url must not contain ..")
@deal.pre(lambda url, body: "\\" not in url and " " not in url and "\n" not in url and "\r" not in url and "\t" not in url, message="url must not contain a backslash or whitespace")
@deal.pre(lambda url, body: "#" not in url, message="url must not contain a fragment (#)")
@deal.has("http", "http_post")
def web_post(url: str, body: str) -> str:
    """card: Send “{body}” to the web address {url}
    card action: send data to a web site
    card label url: address
    card label body: data
    """
    ...
