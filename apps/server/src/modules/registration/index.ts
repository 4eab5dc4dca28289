import type { FastifyPluginAsync } from 'fastify';
import { adminRegistrationRoutes } from './admin.routes';
import { codeRoutes } from './codes.routes';
import { leaderRoutes } from './leaders.routes';
import { memberRoutes } from './members.routes';
import { teamRoutes } from './teams.routes';
import { registrationUploadRoutes } from './upload.routes';
import { registrationExtraRoutes } from './extra.routes';
import { batchRoutes } from './batch.routes';
import { historyRoutes } from './history.routes';
import { consentRoutes } from './consent.routes';

// the public entry (issue 25): what other modules and the composition root use
export { loadActivity, loadOpenActivity, lockOwnMembersWithTeams, ownMember, ownMembers, ownTeam, refreshTeamStatus, reserveProgramPlaces } from './common';
export { releaseSizes } from './sizes';
export { assertConsented } from './consent.service';
export { type WithdrawalRefunds } from './withdrawal-refunds';

/** Team, player and leading-teacher registration (issue 4). */
export const registrationModule: FastifyPluginAsync = async (app) => {
  await app.register(memberRoutes);
  await app.register(teamRoutes);
  await app.register(leaderRoutes);
  await app.register(codeRoutes);
  await app.register(registrationUploadRoutes);
  await app.register(adminRegistrationRoutes);
  await app.register(registrationExtraRoutes);
  await app.register(batchRoutes);
  await app.register(historyRoutes);
  await app.register(consentRoutes);
};
