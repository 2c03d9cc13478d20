"""A throttling TCP proxy: a phone's network in front of ``python build.py serve``.

    python bench/throttle.py --upstream 8000 [--port 0] [--profile 4G]

Every connection through the proxy shares **one** downlink of the profile's rate (the server's
answers queue for it chunk by chunk, so six parallel downloads each get about a sixth), and each
new connection waits the profile's latency before its first byte goes upstream (a TCP and TLS
set-up on a mobile network). The uplink is not limited: requests are small. The proxy counts the
bytes it sends down, headers included, so a benchmark knows what crossed the link.

Profiles (the issue's): ``4G`` 10 Mbit/s and 60 ms, ``slow 4G`` 1.6 Mbit/s and 150 ms.
bench/network.py runs one in a thread beside Chromium; run alone, it serves until Ctrl-C.
Standard library only.
"""

from __future__ import annotations

import argparse
import asyncio
import threading
from dataclasses import dataclass

CHUNK_BYTES = 8192  # one downlink slot: ~6.6 ms at 10 Mbit/s, ~41 ms at 1.6 Mbit/s
CATCH_UP_S = 0.05  # how late a connection may come back for its next chunk and lose no link time


@dataclass(frozen=True)
class Profile:
    """A network: the shared downlink's rate and the latency of a new connection."""

    name: str
    mbit_per_s: float
    latency_ms: float

    @property
    def bytes_per_s(self) -> float:
        return self.mbit_per_s * 1_000_000 / 8

    def seconds_for(self, size: int) -> float:
        """How long ``size`` bytes take on this downlink alone: the floor of a download."""
        return size / self.bytes_per_s


PROFILES = {p.name: p for p in (Profile("4G", 10.0, 60.0), Profile("slow 4G", 1.6, 150.0))}


class Downlink:
    """One link shared by every connection: each chunk waits until the link has sent it.

    Chunks are booked in the order they arrive, and a connection books its next chunk only once
    the last one has gone, so active connections take turns (as TCP flows sharing a bottleneck
    roughly do) and together never exceed the rate.

    A connection that comes back for its next chunk a little late (the proxy's own wake-up and
    copying, which grow with the machine's load) books it from where its last one ended, not from
    now: on a real link the next bytes are already queued, and without this one download alone got
    ~87 % of the rate under load while parallel ones got 99 %. A connection idle for longer than
    ``CATCH_UP_S`` starts from now, as an idle link would.
    """

    def __init__(self, bytes_per_s: float) -> None:
        self.bytes_per_s = bytes_per_s
        self.free_at = 0.0
        self.sent = 0

    async def carry(self, size: int, after: float | None = None) -> float:
        """Wait until ``size`` more bytes would have crossed the link; return when they have.

        ``after``: when this connection's previous chunk crossed (what this call last returned).
        """
        loop = asyncio.get_running_loop()
        now = loop.time()
        start = after if after is not None and now - after <= CATCH_UP_S else now
        self.free_at = max(start, self.free_at) + size / self.bytes_per_s
        self.sent += size
        done = self.free_at
        await asyncio.sleep(done - now)
        return done


class ThrottleProxy:
    """The proxy's state: its profile, its downlink, and where the server is."""

    def __init__(self, profile: Profile, upstream_port: int, upstream_host: str = "127.0.0.1") -> None:
        self.profile = profile
        self.upstream = (upstream_host, upstream_port)
        self.link = Downlink(profile.bytes_per_s)
        self.connections = 0

    @property
    def sent(self) -> int:
        """Bytes sent down so far, every connection together, headers included."""
        return self.link.sent

    async def handle(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        """One client connection: its latency first, then both directions until either closes."""
        self.connections += 1
        try:
            await asyncio.sleep(self.profile.latency_ms / 1000)
            server_reader, server_writer = await asyncio.open_connection(*self.upstream)
        except (OSError, asyncio.CancelledError):
            client_writer.close()
            return
        up = asyncio.create_task(self.pipe(client_reader, server_writer, throttled=False))
        down = asyncio.create_task(self.pipe(server_reader, client_writer, throttled=True))
        try:
            await asyncio.wait({up, down}, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            pass  # the proxy is stopping
        finally:
            for task in (up, down):
                task.cancel()
            for writer in (server_writer, client_writer):
                writer.close()

    async def pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, throttled: bool) -> None:
        """Copy one direction; the downward one through the shared link."""
        crossed = None  # when this connection's last chunk crossed the link
        try:
            while chunk := await reader.read(CHUNK_BYTES):
                if throttled:
                    crossed = await self.link.carry(len(chunk), crossed)
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass


class RunningProxy:
    """A ThrottleProxy listening on localhost in a background thread (for benchmarks)."""

    def __init__(self, profile: Profile, upstream_port: int, port: int = 0) -> None:
        self.proxy = ThrottleProxy(profile, upstream_port)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        listening = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self.proxy.handle, "127.0.0.1", port), self.loop
        )
        self.server = listening.result(timeout=10)
        self.port = int(self.server.sockets[0].getsockname()[1])

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}/"

    def sent(self) -> int:
        """Bytes sent down so far (read across threads: an int, so a consistent value)."""
        return self.proxy.sent

    def stop(self) -> None:
        """Stop listening and end the loop (open connections are dropped with it)."""
        async def shut() -> None:
            self.server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shut(), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", type=int, required=True, help="the server's port on 127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="the proxy's port (0: any, printed)")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="4G")
    args = parser.parse_args()
    profile = PROFILES[args.profile]
    running = RunningProxy(profile, args.upstream, args.port)
    print(f"throttle: {running.url} -> 127.0.0.1:{args.upstream} "
          f"({profile.name}: {profile.mbit_per_s} Mbit/s shared, {profile.latency_ms:.0f} ms a connection)", flush=True)
    try:
        running.thread.join()
    except KeyboardInterrupt:
        running.stop()


if __name__ == "__main__":
    main()
