// The reference for bench/rush.mjs's player list: a bare Fastify route and one hand-written SQL query that
// serves the same rows as GET /api/lTeamMember/web/list (the coach's players of an activity, newest first, a
// page of them with the total; the bearer token checked in the same query). No plugins, no validation, no
// zod serialisation: what the list costs when nothing else runs. Started by bench/rush.mjs with DATABASE_URL.
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
const SQL = `
  with me as (select user_id from sessions where token_hash = $1 and expires_at > now())
  select m.id, m.activity_id, m.name, m.pay_status, m.card_type, m.card_masked, m.birth, m.gender, m.emer_name, m.emer_phone,
         m.region, m.school, m.code, m.head_img, m.review_reason,
         t.id team_id, t.name team_name, t.status team_status,
         p.id program_id, p.name_zh program_name, p.type program_type, p.max_members program_max,
         pl.id plan_id, pl.name_zh plan_name,
         count(*) over () total
    from team_members m join me on me.user_id = m.user_id
    left join teams t on t.id = m.team_id
    left join programs p on p.id = m.program_id
    left join plans pl on pl.id = m.plan_id
   where m.activity_id = $2
   order by m.id desc limit $3 offset $4`;

app.get('/list', async (req, reply) => {
  const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  const q = req.query;
  const size = Number(q.size ?? 25);
  const pageNo = Number(q.page ?? 0);
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query(SQL, [hash, Number(q.activityId), size, pageNo * size]);
  if (!rows.length && !token) return reply.code(401).send({ resultCode: 0 });
  const total = rows.length ? Number(rows[0].total) : 0;
  const content = rows.map((m) => ({
    id: m.id,
    activityId: m.activity_id,
    name: m.name,
    payStatus: m.pay_status,
    team: m.team_id ? { id: m.team_id, name: m.team_name, status: m.team_status } : null,
    program: m.program_id ? { id: m.program_id, name: m.program_name, type: m.program_type, maximum: m.program_max } : null,
    plan: m.plan_id ? { id: m.plan_id, name: m.plan_name } : null,
    clothes: null,
    cardType: m.card_type,
    card: m.card_masked,
    birth: m.birth,
    gender: m.gender,
    emerName: m.emer_name,
    emerPhone: m.emer_phone,
    region: m.region,
    school: m.school,
    code: m.code,
    headImg: m.head_img,
    reviewReason: m.review_reason,
  }));
  return { resultCode: 1, resultStr: '查询成功', content, totalElements: total, totalPages: Math.ceil(total / size), number: pageNo, size };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`READY ${app.server.address().port}`);
for (const sig of ['SIGTERM', 'SIGINT']) process.once(sig, () => void app.close().then(() => pool.end().then(() => process.exit(0))));
