"""A real SMTP server (aiosmtpd) for the e-mail tests: it keeps every message it accepts.

    smtp_sink.py DIR [PORT]

Listens on 127.0.0.1:PORT (0, the default, picks a free port) and prints the port on its
first line of output. Each accepted message is written whole, as received, to
DIR/NNNNNN.eml, written under another name first and then renamed, so a reader never sees
half a message. Recipients choose how the server behaves, so one server can play every
case a transport must handle:

- a local part starting with `refuse` is refused for good (550 at RCPT TO);
- one starting with `busy` is refused for now (451 at RCPT TO);
- one starting with `drop` makes the server close the connection at RCPT TO;
- any other address is accepted.

Runs until it is stopped (SIGTERM or SIGINT).
"""

import asyncio
import itertools
import os
import signal
import sys

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder):
        self.folder = folder
        self.count = itertools.count(1)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        local = address.split("@", 1)[0].lower()
        if local.startswith("refuse"):
            return "550 5.1.1 This address is refused"
        if local.startswith("busy"):
            return "451 4.3.0 Try again later"
        if local.startswith("drop"):
            server.transport.close()
            return "421 4.4.2 Closing the connection"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        number = next(self.count)
        final = os.path.join(self.folder, f"{number:06}.eml")
        partial = final + ".partial"
        with open(partial, "wb") as file:
            file.write(envelope.original_content)
        os.replace(partial, final)
        return "250 Message accepted"


def main():
    folder = sys.argv[1]
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    os.makedirs(folder, exist_ok=True)
    controller = Controller(Sink(folder), hostname="127.0.0.1", port=port)
    if port == 0:
        # aiosmtpd needs a port to bind; ask the system for a free one first.
        import socket

        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        controller.port = probe.getsockname()[1]
        probe.close()
    controller.start()
    print(controller.port, flush=True)
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    loop.run_until_complete(stop.wait())
    controller.stop()


if __name__ == "__main__":
    main()
