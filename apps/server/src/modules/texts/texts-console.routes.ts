import {
  PACKAGE_NOT_FOUND,
  packageCodeParamsSchema,
  textEntrySchema,
  textListQuerySchema,
  textSettingsInputSchema,
  textSettingsSchema,
} from '@waybill/domain';
import { z } from 'zod';
import { adminScope, consoleScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswer } from '../../http/answers.ts';
import { pageAnswer, sendPage } from '../../http/paging.ts';
import { operatorActor } from '../audit/audit.service.ts';
import { changeTextSettings, getTextSettings, providerOf } from './text-settings.service.ts';
import { listTexts, textsOfPackage } from './texts-console.service.ts';

const tags = ['Messages'];

/**
 * The console's Messages page and a package's texts (operators and admins), and the text settings
 * every console member reads. They answer with or without SMS_PROVIDER: the settings can be made ready
 * before a provider is configured, and the lists are then empty.
 */
const operatorTextRoutes = consoleScope(async (app, { config }) => {
  app.get(
    '/api/admin/texts',
    {
      schema: {
        tags,
        summary: 'Every text queued for a receiver, newest first, a page at a time, of one state or all',
        description: 'Each number is masked (its country calling code and its last two digits); no body is shown.',
        querystring: textListQuerySchema,
        response: { 200: pageAnswer(textEntrySchema) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      return sendPage(request, reply, { ...(await listTexts(app.db, request.query)), page, pageSize });
    },
  );

  app.get(
    '/api/admin/packages/:trackingCode/texts',
    {
      schema: {
        tags,
        summary: "A package's texts, newest first, for its history",
        params: packageCodeParamsSchema,
        response: { 200: z.array(textEntrySchema), 404: errorAnswer(PACKAGE_NOT_FOUND) },
      },
    },
    async (request) => textsOfPackage(app.db, request.params.trackingCode),
  );

  app.get(
    '/api/admin/text-settings',
    {
      schema: {
        tags,
        summary: 'Quiet hours in the company’s time zone, and which of the journey’s texts are sent',
        response: { 200: textSettingsSchema },
      },
    },
    async () => getTextSettings(app.db, providerOf(config)),
  );
});

const adminTextRoutes = adminScope(async (app, { config }) => {
  app.put(
    '/api/admin/text-settings',
    {
      schema: {
        tags,
        summary: 'Sets the quiet hours and turns each of the journey’s texts on or off',
        description:
          'timeZone an IANA zone (Africa/Lagos); quietStart and quietEnd HH:MM on its clock (a window across ' +
          'midnight when the start is later; the same time: no quiet hours). A text made in quiet hours goes ' +
          'at their end; changing them moves the queued texts: one waiting for the old end goes at the new ' +
          'end, or at once when they no longer cover now. A kind switched off is not queued. Audited.',
        body: textSettingsInputSchema,
        response: { 200: textSettingsSchema },
      },
    },
    async (request) => changeTextSettings(app.db, operatorActor(request), providerOf(config), request.body),
  );
});

export const textsConsoleRoutes: RoutesPlugin = async (app, options) => {
  await app.register(operatorTextRoutes, options);
  await app.register(adminTextRoutes, options);
};
