import { contentResources } from '@rp/shared/resources/content';
import { registrationResources } from '@rp/shared/resources/registration';
import type { FieldDef, ResourceDef } from '@rp/shared/resources/types';

/**
 * The admin resources the generic screens serve: exactly the shared definitions (design §2: one
 * definition per resource drives the server routes and these screens). Imported from the plain-data
 * module, so zod never enters the admin chunk through it.
 */
export const RESOURCES: readonly ResourceDef[] = [...contentResources, ...registrationResources];
const REGISTRATION_NAMES = new Set<string>(registrationResources.map((r) => r.name));
export const isRegistrationResource = (name: string) => REGISTRATION_NAMES.has(name);

export function findResource(name: string | undefined): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}

export type { FieldDef, ResourceDef };
