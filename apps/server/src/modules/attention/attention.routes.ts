import { attentionSettingsInputSchema, attentionSettingsSchema } from '@waybill/domain';
import { adminScope, consoleScope, type RoutesPlugin } from '../../http/access.ts';
import { operatorActor } from '../audit/audit.service.ts';
import { getAttentionRules, saveAttentionRules } from './attention.service.ts';

const tags = ['Packages'];

/** Every operator reads the rules (the package list names them); only an admin changes them. */
const operatorAttentionRoutes = consoleScope(async (app) => {
  app.get(
    '/api/admin/attention-settings',
    {
      schema: {
        tags,
        summary: 'The hours of the "Needs attention" rules: Pending too long, no update too long, late',
        response: { 200: attentionSettingsSchema },
      },
    },
    async () => getAttentionRules(app.db),
  );
});

const adminAttentionRoutes = adminScope(async (app) => {
  app.put(
    '/api/admin/attention-settings',
    {
      schema: {
        tags,
        summary: 'Sets the hours of the "Needs attention" rules',
        description:
          'Whole hours: pendingHours and staleHours 1–8760, lateHours 0–8760 (0: as soon as the estimated delivery passes).',
        body: attentionSettingsInputSchema,
        response: { 200: attentionSettingsSchema },
      },
    },
    async (request) => saveAttentionRules(app.db, operatorActor(request), request.body),
  );
});

export const attentionRoutes: RoutesPlugin = async (app, options) => {
  await app.register(operatorAttentionRoutes, options);
  await app.register(adminAttentionRoutes, options);
};
