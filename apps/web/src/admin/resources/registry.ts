import { contentResources } from '@rp/shared/resources/content';
import { paymentResources } from '@rp/shared/resources/payments';
import { registrationResources } from '@rp/shared/resources/registration';
import type { FieldDef, ResourceDef } from '@rp/shared/resources/types';

/**
 * The admin resources the generic screens serve: exactly the shared definitions (design §2: one
 * definition per resource drives the server routes and these screens). Imported from the plain-data
 * modules, so zod never enters the admin chunk through them.
 */
export const RESOURCES: readonly ResourceDef[] = [...contentResources, ...registrationResources, ...paymentResources];
const REGISTRATION_NAMES = new Set<string>(registrationResources.map((r) => r.name));
const MONEY_NAMES = new Set<string>(paymentResources.map((r) => r.name));
export const isRegistrationResource = (name: string) => REGISTRATION_NAMES.has(name);
/** Orders, payment attempts, ledger, bank accounts (issue 10): the admin's "Money" group. */
export const isMoneyResource = (name: string) => MONEY_NAMES.has(name);

export function findResource(name: string | undefined): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}

export type { FieldDef, ResourceDef };
