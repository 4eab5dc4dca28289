// Proves the books over the whole database: for every order, the sum of its ledger rows equals what was
// paid minus what was refunded; every paid order has its payment row; no refund gives back more than was
// paid. Exit 1 (and the offending order numbers, nothing else) when any does not hold.
//
//   DATABASE_URL=postgres://… npm run check:ledger      (or, on the embedded database, DATA_DIR=./data)
import path from 'node:path';

const url = process.env.DATABASE_URL;
let query;
let close;
if (url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  query = async (sql) => (await client.query(sql)).rows;
  close = () => client.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.resolve(process.env.DATA_DIR ?? './data', 'pglite'));
  query = async (sql) => (await db.query(sql)).rows;
  close = () => db.close();
}

const checks = {
  'ledger sum ≠ paid − refunded': `select o.order_no from orders o left join (select order_id, sum(amount_fen)::bigint s from ledger group by order_id) l
     on l.order_id = o.id where coalesce(l.s, 0) <> o.paid_fen - o.refunded_fen`,
  'paid order without a payment row': `select o.order_no from orders o where o.status = 'paid' and not exists
     (select 1 from ledger l where l.order_id = o.id and l.kind = 'payment')`,
  'refunded more than paid': `select o.order_no from orders o where o.refunded_fen > o.paid_fen`,
  'successful refund without its ledger row': `select r.refund_no as order_no from refunds r where r.status = 'success' and coalesce(r.amount_fen, 0) > 0
     and not exists (select 1 from ledger l where l.refund_id = r.id and l.kind = 'refund')`,
};
let bad = 0;
const [{ n }] = await query('select count(*)::int as n from orders');
for (const [name, sql] of Object.entries(checks)) {
  const rows = await query(sql);
  if (rows.length) {
    bad += rows.length;
    console.log(
      `✗ ${name}: ${rows.length} — ${rows
        .slice(0, 20)
        .map((r) => r.order_no)
        .join(', ')}`,
    );
  } else console.log(`✓ ${name}: none`);
}
console.log(`${n} orders checked`);
await close();
process.exit(bad ? 1 : 0);
