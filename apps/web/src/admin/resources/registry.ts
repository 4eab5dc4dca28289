import { contentResources } from '@rp/shared/resources/content';
import { paymentResources } from '@rp/shared/resources/payments';
import { registrationResources } from '@rp/shared/resources/registration';
import { ticketResources } from '@rp/shared/resources/tickets';
import { peopleResources } from '@rp/shared/resources/people';
import { awardResources } from '@rp/shared/resources/awards';
import { seasonResources } from '@rp/shared/resources/season';
import { accessResources } from '@rp/shared/resources/access';
import type { FieldDef, ResourceDef } from '@rp/shared/resources/types';

/**
 * The admin resources the generic screens serve: exactly the shared definitions (design §2: one
 * definition per resource drives the server routes and these screens). Imported from the plain-data
 * modules, so zod never enters the admin chunk through them.
 */
export const RESOURCES: readonly ResourceDef[] = [
  ...contentResources,
  ...registrationResources,
  ...paymentResources,
  ...ticketResources,
  ...peopleResources,
  ...awardResources,
  ...seasonResources,
  ...accessResources,
];
/** Issue 14's remaining resources, each in the group of its area (live streams and cloud settings: content; materials, change requests, sign logs: registrations; feedback: people). */
const SEASON_GROUP: Record<string, 'content' | 'registrations' | 'people'> = {
  lives: 'content',
  cloudConfigs: 'content',
  materials: 'registrations',
  teamMemberAudits: 'registrations',
  signLogs: 'registrations',
  feedback: 'people',
};
const CONTENT_NAMES = new Set<string>(contentResources.map((r) => r.name));
/** News, activities, programs, files, partners, about, dictionary, galleries: the admin's "Content" group. */
export const isContentResource = (name: string) => CONTENT_NAMES.has(name) || SEASON_GROUP[name] === 'content';
const REGISTRATION_NAMES = new Set<string>(registrationResources.map((r) => r.name));
const MONEY_NAMES = new Set<string>(paymentResources.map((r) => r.name));
export const isRegistrationResource = (name: string) => REGISTRATION_NAMES.has(name) || SEASON_GROUP[name] === 'registrations';
/** Orders, payment attempts, ledger, bank accounts (issue 10): the admin's "Money" group. */
export const isMoneyResource = (name: string) => MONEY_NAMES.has(name);
const TICKET_NAMES = new Set<string>(ticketResources.map((r) => r.name));
/** Sessions, tickets, visitors, online slots, check-in log (issue 11): the admin's "Tickets" group. */
export const isTicketResource = (name: string) => TICKET_NAMES.has(name);
const PEOPLE_NAMES = new Set<string>(peopleResources.map((r) => r.name));
/** FAQ, volunteers, channel partners and rebates (issue 12): the admin's "People and service" group. */
export const isPeopleResource = (name: string) => PEOPLE_NAMES.has(name) || SEASON_GROUP[name] === 'people';

const AWARD_NAMES = new Set<string>(awardResources.map((r) => r.name));
/** The award list (issue 13): the admin's "Awards" group. */
export const isAwardResource = (name: string) => AWARD_NAMES.has(name);

const ACCESS_NAMES = new Set<string>(accessResources.map((r) => r.name));
/** Departments and posts (issue 14): the admin's "Access" group. */
export const isAccessResource = (name: string) => ACCESS_NAMES.has(name);

export function findResource(name: string | undefined): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}

export type { FieldDef, ResourceDef };
