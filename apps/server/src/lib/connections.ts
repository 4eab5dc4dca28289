import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Keeps count of the requests in flight on every connection, so a shutdown can close at once every
 * connection that is not serving one — idle keep-alive sockets, but also sockets that have sent nothing
 * yet (a browser's pre-connect) or only part of a request, which Node's closeIdleConnections() leaves
 * open and server.close() then waits for until a force-exit — and close the others as soon as their
 * last response has been sent.
 */
export function trackConnections(server: Server) {
  const inFlight = new Map<Socket, number>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    if (draining) {
      socket.destroy();
      return;
    }
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
    /** Stop: closes every connection without a request in flight now, the rest after their response. */
    drain() {
      draining = true;
      for (const [socket, n] of inFlight) if (n === 0) socket.destroy();
    },
    /** connections still open (for logs) */
    open: () => inFlight.size,
  };
}
