import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cloudConfigResource, feedbackResource, liveResource, materialResource, signLogResource, teamMemberAuditResource } from '@rp/shared';
import { cloudConfigs, feedback, lives, materials, signLogs, teamMemberAudits } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { AppError } from '../../lib/errors';
import { findUpload } from '../uploads/index';
import { checkMaterialForm } from './materials.service';
import { checkCloudConfig, checkLiveUrl, feedbackAnswerPatch, memberAuditDecision, notifyFeedbackAnswer, notifyMemberAudit } from './season.service';

type Row = Record<string, unknown>;

/** Issue 14's admin resources, each from its one definition plus the rules of its hooks. */
export const seasonAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(resourceRoutes(materialResource, materials, { validate: (d) => checkMaterialForm(d) }));
  await app.register(
    resourceRoutes(feedbackResource, feedback, {
      validate: (d, { before }) => feedbackAnswerPatch(d, before),
      afterWrite: ({ db, before, after }) => notifyFeedbackAnswer(db, before, after),
    }),
  );
  await app.register(
    resourceRoutes(liveResource, lives, {
      present: (row: Row) => ({ ...row, coverUrl: typeof row.cover === 'string' && row.cover ? `/files/${row.cover}` : null }),
      validate: async (d) => {
        checkLiveUrl(d.url);
        if (typeof d.cover === 'string' && d.cover && !(await findUpload(deps, d.cover)))
          throw new AppError('VALIDATION_FAILED', { fieldErrors: { cover: 'upload.missing' } });
      },
    }),
  );
  await app.register(resourceRoutes(signLogResource, signLogs));
  await app.register(
    resourceRoutes(teamMemberAuditResource, teamMemberAudits, {
      validate: (d, { before }) => memberAuditDecision(d, before),
      afterWrite: ({ db, before, after }) => notifyMemberAudit(db, before, after),
    }),
  );
  await app.register(resourceRoutes(cloudConfigResource, cloudConfigs, { validate: (d) => checkCloudConfig(d) }));
};
