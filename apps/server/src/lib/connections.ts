import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a keep-alive connection that has served requests must have been idle before a shutdown closes
 * it. A proxy closes its own idle upstream connections sooner (deploy/nginx.conf: `keepalive_timeout 2s`
 * in the upstream block), so behind nginx the instance never closes a connection nginx may be sending a
 * request on at that very moment — the one race HTTP/1.1 cannot otherwise avoid, and nginx re-sends no POST
 * that met it (a 502).
 */
export const IDLE_CLOSE_MS = 2500;

/**
 * Keeps count of the requests in flight on every connection, so a shutdown can close every connection that
 * is not serving one — idle keep-alive sockets, but also sockets that have sent nothing yet (a browser's
 * pre-connect) or only part of a request, which Node's closeIdleConnections() leaves open and server.close()
 * then waits for until a force-exit — and close the others as soon as their last response has been sent.
 */
export function trackConnections(server: Server) {
  /** per socket: requests in flight, whether it has served one, and since when it has been idle */
  const sockets = new Map<Socket, { inFlight: number; served: boolean; idleSince: number }>();
  /** responses being written */
  const responses = new Set<ServerResponse>();
  let draining = false;
  // Node's server.close() closes idle keep-alive connections at once (since Node 19): a client sending its
  // next request on one at that moment gets a reset. drain() closes them itself, once they are quiet.
  server.closeIdleConnections = () => undefined;

  // (a connection accepted while draining, before the listener closed, is served like the others: its
  // request is answered with `Connection: close`, and if it sends none it goes when the grace ends)
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { inFlight: 0, served: false, idleSince: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => {
    const state = sockets.get(req.socket);
    if (!state) return;
    state.inFlight++;
    state.served = true;
    responses.add(res);
    // (a response that said `Connection: close` ends its connection itself, FIN after the data; one that went
    // out keep-alive before the drain began is not ended here at once — its client may be reusing the
    // connection right now — but left to the idle sweep below)
    res.once('close', () => {
      responses.delete(res);
      state.inFlight--;
      state.idleSince = Date.now();
    });
    // a response started while draining tells the client not to reuse the connection
    if (draining && !res.headersSent) res.setHeader('connection', 'close');
  });

  const end = (socket: Socket) => {
    socket.end();
    // one that does not close within a second is destroyed
    setTimeout(() => socket.destroy(), 1000).unref();
  };

  return {
    /**
     * Stop: every request that still arrives is served (Fastify's `return503OnClosing: false`), and every
     * response not yet started says `Connection: close` and its connection ends after it. A connection that has
     * sent no whole request yet is closed after `graceMs`; one idle after serving requests once it has been
     * idle IDLE_CLOSE_MS (its client — nginx — closes it first). Closing idle keep-alive connections at once
     * raced clients already sending their next request on them (a reset, not an answer).
     */
    drain(graceMs = 1000) {
      draining = true;
      // the requests in flight whose answer has not started say it too
      for (const res of responses) if (!res.headersSent) res.setHeader('connection', 'close');
      const started = Date.now();
      const sweep = () => {
        const now = Date.now();
        for (const [socket, s] of sockets)
          if (s.inFlight === 0 && !socket.writableEnded && (s.served ? now - s.idleSince >= IDLE_CLOSE_MS : now - started >= graceMs)) end(socket);
        if (sockets.size === 0) clearInterval(timer);
      };
      // the sweep runs in the check phase, after the poll phase has read what the connections sent: on a busy
      // machine the loop can stall past IDLE_CLOSE_MS with nginx's next request already in a socket's buffer,
      // and a sweep run straight from the timer would end that connection before its request was seen (a 502)
      const timer = setInterval(() => setImmediate(sweep), 100);
      timer.unref();
      setImmediate(sweep);
    },
    /** connections still open (for logs) */
    open: () => sockets.size,
  };
}

/** How long a connection answered before its request body arrived goes on reading (and dropping) that body. */
export const LINGER_MS = 5000;

/**
 * A request answered before its whole body arrived (an upload past its ceiling, a body past the 1 MB
 * limit): its connection ends after the answer (`Connection: close`, which the caller sets), but gracefully.
 * Node's own close destroys the socket as soon as the answer is written; the body's unread rest then makes
 * the kernel send a reset, which can reach the client — or nginx, still sending the body — before it read
 * the answer (an ECONNRESET, through nginx a 502). Here the rest of the body is read and dropped, the answer
 * is followed by a FIN, and the socket goes when the client closes it, or after LINGER_MS.
 */
export function lingerAfterAnswer(req: IncomingMessage) {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
  };
  // whatever was reading the body (a multipart parser that gave up) lets go of it: the rest is dropped
  req.unpipe();
  req.resume();
}
