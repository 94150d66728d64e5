"""Pyodide's HTTP helpers."""

class FetchResponse:
    ok: bool
    status: int
    async def bytes(self) -> bytes: ...

async def pyfetch(url: str) -> FetchResponse: ...
