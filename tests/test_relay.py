"""The storage relay in a real Chromium: a worker of the page, blocked on synchronous
requests, reaches the page's ``localStorage`` through the site's service worker, and each
answer is the one ``kismet.app.relay.answer`` gives over a storage holding the same
(``tests/test_storage.py`` runs every storage promise over that relay in CPython)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kismet.app.relay import RelayStorage, answer
from tests.conftest import Site, open_app
from tests.test_storage import Quota

pytestmark = pytest.mark.browser

KEY = "kismet:v1:relay-test"

# In the page: a worker (from a blob, so the site ships nothing for the test) sends each
# request synchronously to relay/<token> and posts the answers back.
ASK_FROM_A_WORKER = """async ([token, requests]) => {
  const url = new URL(`relay/${token}`, document.baseURI).href;
  const code = `onmessage = ({ data }) => postMessage(data.map((body) => {
    const request = new XMLHttpRequest();
    request.open("POST", ${JSON.stringify(url)}, false);
    request.send(body);
    return request.responseText;
  }));`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  const answers = await new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage(requests);
  });
  worker.terminate();
  return answers;
}"""


def test_a_worker_reaches_the_pages_storage_through_the_service_worker(
    page: Any, site: Site
) -> None:
    open_app(page, site.url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    token = page.evaluate("Kismet.relay")
    requests = [
        json.dumps(["set", KEY, "one <b>&</b> \u00e9"]),
        json.dumps(["get", KEY]),
        json.dumps(["all", "kismet:v1:relay"]),  # a start's reads, in one request
        json.dumps(["get", "kismet:v1:absent"]),
        json.dumps(["set", "kismet:v1:too-big", "x" * 6_000_000]),
        json.dumps(["remove", KEY]),
        json.dumps(["get", KEY]),
        json.dumps(["remove", KEY]),
        json.dumps(["drop", KEY]),
        "{not json",
    ]
    reference = Quota(quota=5_000_000)  # about a browser's whole quota
    expected = [answer(reference, request) for request in requests]
    got = page.evaluate(ASK_FROM_A_WORKER, [token, requests])
    assert [json.loads(a) for a in got] == [json.loads(a) for a in expected]
    assert json.loads(got[2]) == {"value": {KEY: "one <b>&</b> \u00e9"}}
    assert json.loads(got[4]) == {"refused": "full"}
    assert page.evaluate("key => localStorage.getItem(key)", "kismet:v1:too-big") is None

    # Keys: the page's own and the one just written, as a RelayStorage reads them.
    page.evaluate("key => localStorage.setItem(key, 'two')", KEY)
    [listed] = page.evaluate(ASK_FROM_A_WORKER, [token, [json.dumps(["keys"])]])
    keys = RelayStorage(lambda _: str(listed)).keys()
    assert KEY in keys and "kismet:v1:game" in keys

    # A token no page holds: refused, at once, never another page's storage.
    [stranger] = page.evaluate(ASK_FROM_A_WORKER, ["0123abcd", [json.dumps(["get", KEY])]])
    assert json.loads(stranger) == {"refused": "off"}
