import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, countDistinct, count, eq, inArray, sql } from 'drizzle-orm';
import { PAY_GROUPS, siteContactResponse, siteStatsResponse, type Lang, type SiteContact, type SiteStats } from '@rp/shared';
import type { Db } from '../../db/client';
import { activities, dictDetails, programs, teamMembers, teams } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { TtlCache } from '../../lib/ttl-cache';
import { pick } from './present';

/** Dictionary holding the contact details; its values are the field names below. */
export const CONTACT_DICT = 'site_contact';
const CONTACT_FIELDS = ['address', 'phone', 'email', 'hours'] as const;
/** Players count once they are registered: registration complete (3) or review passed (9). */
const REGISTERED = [...PAY_GROUPS.REGISTERED];

/**
 * The organisers' contact details as one value for the footer and the about page (editable in the
 * admin dictionary), and the counts on the home page. Both are cached for a minute per process.
 */
export async function readContact(db: Db, lang: Lang): Promise<SiteContact> {
  const rows = await db.select().from(dictDetails).where(eq(dictDetails.dictName, CONTACT_DICT));
  const out: SiteContact = { address: '', phone: '', email: '', hours: '' };
  for (const field of CONTACT_FIELDS) {
    const row = rows.find((r) => r.value === field);
    if (row) out[field] = pick(lang, row.labelZh, row.labelEn);
  }
  return out;
}

/** Shown activities, distinct programs and venues among them, teams and registered players. */
export async function readStats(db: Db): Promise<SiteStats> {
  const shown = eq(activities.show, true);
  const [[a], [p], [tm], [pl]] = await Promise.all([
    db
      .select({ n: count(), venues: countDistinct(sql`nullif(${activities.venueZh}, '')`) })
      .from(activities)
      .where(shown),
    db
      .select({ n: countDistinct(programs.nameZh) })
      .from(programs)
      .innerJoin(activities, eq(activities.id, programs.activityId))
      .where(shown),
    db.select({ n: count() }).from(teams).innerJoin(activities, eq(activities.id, teams.activityId)).where(shown),
    db
      .select({ n: count() })
      .from(teamMembers)
      .innerJoin(activities, eq(activities.id, teamMembers.activityId))
      .where(and(shown, inArray(teamMembers.payStatus, REGISTERED))),
  ]);
  return {
    activities: Number(a?.n ?? 0),
    venues: Number(a?.venues ?? 0),
    programs: Number(p?.n ?? 0),
    teams: Number(tm?.n ?? 0),
    players: Number(pl?.n ?? 0),
  };
}

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['content'];
  const contactCache = new TtlCache<SiteContact>(60_000, 4);
  const statsCache = new TtlCache<SiteStats>(60_000, 1);

  app.get('/api/lSite/web/contact', { schema: { tags, response: { 200: siteContactResponse } } }, async (req, reply) => {
    let data = contactCache.get(req.lang);
    if (!data) contactCache.set(req.lang, (data = await readContact(db, req.lang)));
    reply.header('cache-control', 'public, max-age=60').header('vary', 'accept-language');
    return ok(req, { data }, 'ok.query');
  });

  app.get('/api/lSite/web/stats', { schema: { tags, response: { 200: siteStatsResponse } } }, async (req, reply) => {
    let data = statsCache.get('all');
    if (!data) statsCache.set('all', (data = await readStats(db)));
    reply.header('cache-control', 'public, max-age=60');
    return ok(req, { data }, 'ok.query');
  });
};
