import http from 'node:http';
import net from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_CLOSE_MS, trackConnections } from './connections';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function listen() {
  const server = http.createServer((_req, res) => void setImmediate(() => res.end('ok')));
  servers.push(server);
  const connections = trackConnections(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, connections, port: (server.address() as net.AddressInfo).port };
}

/** A raw keep-alive client: sends a request and collects what comes back until the connection closes. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d));
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  socket.on('error', () => undefined);
  const send = () => socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}');
  return { socket, send, closed, received: () => received };
}

const answers = (text: string) => text.split('HTTP/1.1 200').length - 1;

describe('draining connections (lib/connections.ts)', () => {
  it('a request that arrives while the event loop is stalled past IDLE_CLOSE_MS on an idle connection is answered, not cut off', async () => {
    const { server, connections, port } = await listen();
    // the client (nginx) in another thread, so that it can send while this thread is busy
    const client = new Worker(
      `const net = require('node:net'); const { parentPort, workerData } = require('node:worker_threads');
       const s = net.connect(workerData, '127.0.0.1'); let got = '';
       const send = () => s.write('POST / HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 2\\r\\n\\r\\n{}');
       s.on('data', (d) => { got += d; parentPort.postMessage({ got }); });
       s.on('error', () => undefined);
       s.on('close', () => parentPort.postMessage({ got, closed: true }));
       parentPort.on('message', (m) => setTimeout(send, m.delay));
       send();`,
      { eval: true, workerData: port },
    );
    let got = '';
    const closed = new Promise<void>((r) =>
      client.on('message', (m: { got: string; closed?: boolean }) => {
        got = m.got;
        if (m.closed) r();
      }),
    );
    await expect.poll(() => answers(got)).toBe(1);

    connections.drain();
    server.close();
    // idle just short of the grace, as nginx's 2 s keep-alive allows: then nginx sends its next request while this
    // thread is busy (a loaded machine) until the grace has passed; the busy spell ends in the check phase, so the
    // next loop turn runs its timers before it polls the socket that holds the request
    await new Promise((r) => setTimeout(r, IDLE_CLOSE_MS - 400));
    client.postMessage({ delay: 100 });
    await new Promise<void>((r) =>
      setImmediate(() => {
        const until = Date.now() + 700;
        while (Date.now() < until) {
          /* busy */
        }
        r();
      }),
    );
    await closed;
    await client.terminate();
    // the request was served (its answer says Connection: close, and the connection ends after it)
    expect(answers(got)).toBe(2);
    expect(got.toLowerCase()).toContain('connection: close');
  });

  it('an idle connection is still closed once idle IDLE_CLOSE_MS after the drain', async () => {
    const { server, connections, port } = await listen();
    const c = rawClient(port);
    c.send();
    await expect.poll(() => answers(c.received())).toBe(1);
    const started = Date.now();
    connections.drain();
    server.close();
    await c.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_CLOSE_MS - 200);
    await expect.poll(() => connections.open()).toBe(0);
  });
});
