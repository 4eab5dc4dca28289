import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Keeps count of the requests in flight on every connection, so a shutdown can close, after a short grace,
 * every connection that is not serving one — idle keep-alive sockets, but also sockets that have sent nothing
 * yet (a browser's pre-connect) or only part of a request, which Node's closeIdleConnections() leaves
 * open and server.close() then waits for until a force-exit — and close the others as soon as their
 * last response has been sent.
 */
export function trackConnections(server: Server) {
  const inFlight = new Map<Socket, number>();
  let draining = false;
  // Node's server.close() closes idle keep-alive connections at once (since Node 19): a client sending its
  // next request on one at that moment gets a reset. drain() closes them itself, after the grace.
  server.closeIdleConnections = () => undefined;

  // (a connection accepted while draining, before the listener closed, is served like the others: its
  // request is answered with `Connection: close`, and if it sends none it goes when the grace ends)
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      // the response has been handed to the socket: end it gracefully (FIN after the data)
      if (draining && left === 0) socket.end();
    });
    // a response started while draining tells the client not to reuse the connection
    if (draining && !res.headersSent) res.setHeader('connection', 'close');
  });

  return {
    /**
     * Stop: every response from now on says `Connection: close` and its connection ends after it; a
     * connection still idle after `graceMs` is closed then. Closing idle keep-alive connections at once
     * raced clients already sending their next request on them (a reset, not an answer); within the grace
     * such a request is answered, and its client told to go elsewhere next time.
     */
    drain(graceMs = 1000) {
      draining = true;
      // idle ones are ended (FIN), which a proxy's connection cache notices and drops; one that does not
      // close within a second is destroyed
      const idle = () => {
        for (const [socket, n] of inFlight)
          if (n === 0) {
            socket.end();
            setTimeout(() => socket.destroy(), 1000).unref();
          }
      };
      if (graceMs <= 0) return idle();
      setTimeout(idle, graceMs).unref();
    },
    /** connections still open (for logs) */
    open: () => inFlight.size,
  };
}
