// Stopping without dropping a request (docs/decisions/0012-threat-model.md): on SIGTERM the server
// first says it is not ready (so a load balancer stops sending readers) and answers every request
// with "Connection: close", while it still accepts the connections already on their way; then it
// stops listening, closes idle keep-alive connections, lets the requests under way finish (up to a
// limit), and only then closes the database and exits 0.
//
// Stopping to listen resets every connection still in the kernel's listen queue, and under
// saturation that queue is long: the event loop accepts only between renders (issue 23, point 6).
// So the server closes its listening socket only at a moment when the queue is empty: on Linux it
// reads the queue's length from /proc/net/tcp{,6} (the listening socket's row, found by its inode)
// right before closing, in the same synchronous step; elsewhere it waits for a turn of the event
// loop in which no connection was accepted. A handshake that completes between that check and the
// close can still be reset; the linger exists so that the load balancer has stopped sending by then.
import fs from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import type { Settings } from "../../platform/settings";

export interface Drain {
  /** True once shutdown began: readiness answers 503 and connections are not kept alive. */
  readonly draining: boolean;
  /** Where the shutdown is: serving (not begun), lingering (still listening), closing (listening stopped or about to). */
  readonly phase: "serving" | "lingering" | "closing";
  /** Begins the shutdown; resolves when every connection is closed, with how many were cut at the limit. */
  drain(options: { lingerMs: number; limitMs: number }): Promise<{ cut: number }>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How many connections the kernel has accepted for this listening socket that the process has not
 * taken yet; undefined where the system does not say (not Linux, or the socket is not ours).
 */
function listenQueueLength(server: Server): number | undefined {
  const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (typeof fd !== "number" || fd < 0) return undefined;
  try {
    const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/self/fd/${fd}`))?.[1];
    if (!inode) return undefined;
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      let text: string;
      try {
        text = fs.readFileSync(table, "utf8");
      } catch {
        continue;
      }
      for (const line of text.split("\n")) {
        // sl local rem st tx_queue:rx_queue tr:when retrnsmt uid timeout inode …; for a listening
        // socket (st 0A) rx_queue is the accept queue's length.
        const fields = line.trim().split(/\s+/);
        if (fields[9] === inode && fields[3] === "0A") return parseInt(fields[4].split(":")[1], 16);
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Waits, up to a deadline, for a turn of the event loop that leaves the listen queue empty. */
async function untilListenQueueEmpty(server: Server, deadline: number): Promise<void> {
  let accepted = 0;
  const count = () => accepted++;
  server.on("connection", count);
  try {
    for (;;) {
      const before = accepted;
      // The poll phase before this check accepts whatever the kernel queued (libuv accepts until EAGAIN).
      await nextTurn();
      const queued = listenQueueLength(server);
      const empty = queued === undefined ? accepted === before : queued === 0;
      if (empty || Date.now() >= deadline) return;
    }
  } finally {
    server.off("connection", count);
  }
}

export function trackConnections(server: Server): Drain {
  let draining = false;
  let phase: Drain["phase"] = "serving";
  const underWay = new Set<ServerResponse>();
  // Per connection: how many requests it began and how many of their responses are still open.
  const connections = new Map<Socket, { served: number; open: number }>();
  server.prependListener("connection", (socket: Socket) => {
    connections.set(socket, { served: 0, open: 0 });
    socket.on("close", () => connections.delete(socket));
  });
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    underWay.add(res);
    const connection = connections.get(req.socket);
    if (connection) {
      connection.served++;
      connection.open++;
    }
    res.on("close", () => {
      underWay.delete(res);
      if (connection) connection.open--;
    });
    if (draining) res.setHeader("Connection", "close");
  });
  // Idle means a keep-alive connection between two requests. A connection whose first request the
  // server has not read yet is not idle: Node's closeIdleConnections (which http's server.close
  // calls) destroys it with the request unread, and the kernel answers the reader with a reset.
  const closeIdle = () => {
    for (const [socket, { served, open }] of connections) if (served > 0 && open === 0) socket.destroy();
  };
  return {
    get draining() {
      return draining;
    },
    get phase() {
      return phase;
    },
    async drain({ lingerMs, limitMs }) {
      draining = true;
      phase = "lingering";
      for (const res of underWay) if (!res.headersSent) res.setHeader("Connection", "close");
      // Connections already accepted by the kernel (in the listen queue) are served, not reset.
      await sleep(lingerMs);
      phase = "closing";
      await untilListenQueueEmpty(server, Date.now() + limitMs);
      // Nothing between the check above and this close yields to the event loop. net's close, not
      // http's: it stops listening without destroying the connections accepted but not yet read.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      closeIdle();
      // A keep-alive connection that finished a response streamed before the drain becomes idle later.
      const sweep = setInterval(closeIdle, 50);
      const finished = await Promise.race([closed.then(() => true), sleep(limitMs).then(() => false)]);
      clearInterval(sweep);
      if (finished) return { cut: 0 };
      const cut = underWay.size;
      server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}

/** SHUTDOWN_LINGER_MS and SHUTDOWN_DRAIN_SECONDS (1 s and 10 s by default, platform/settings.ts). */
export function drainOptions(settings: Pick<Settings, "SHUTDOWN_LINGER_MS" | "SHUTDOWN_DRAIN_SECONDS">) {
  return { lingerMs: settings.SHUTDOWN_LINGER_MS, limitMs: settings.SHUTDOWN_DRAIN_SECONDS * 1000 };
}
