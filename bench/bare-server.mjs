// The reference: a bare Fastify route answering a small JSON object.
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ resultCode: 1, resultStr: 'ok' }));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`READY ${app.server.address().port}`);
