import {
  africasTalkingQuerySchema,
  africasTalkingWebhookSchema,
  maskPhoneNumber,
  renderText,
  TEXT_HELP_WORDS,
  TEXT_START_WORDS,
  TEXT_STOP_WORDS,
  twilioStatusQuerySchema,
  twilioWebhookSchema,
  WEBHOOK_NOT_SIGNED,
} from '@waybill/domain';
import { toE164 } from '@waybill/domain/phone-numbers';
import escapeHtml from 'escape-html';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { listContactDetails } from '../company-details/company-details.service.ts';
import { applyReceipt, hasTextedNumber, insertText, optIn, optOut, type ReceiptState } from './texts.repository.ts';
import type { TextsConfig } from './texts-config.ts';
import { isCallbackSecret, loadTwilioSignatureCheck } from './webhook-checks.ts';

type RoutesApp = Parameters<RoutesPlugin>[0];

const tags = ['Messages'];
/** Webhook forms are small: a reply's text is at most 1600 characters. */
const FORM_LIMIT = 16 * 1024;
const FORGED = errorAnswers({ 403: WEBHOOK_NOT_SIGNED });
const NO_CONTENT = { 204: z.null().describe('Taken in') };
const TWIML = {
  200: {
    description: 'TwiML: empty, or the answer to HELP',
    content: { 'text/xml': { schema: z.string() } },
  },
};

type Form = Record<string, string>;
type Reply = 'stop' | 'start' | 'help' | undefined;

/** What a reply asks for: the whole text, trimmed, is one keyword (as carriers read them), or nothing. */
function keywordOf(text: string | undefined): Reply {
  const word = (text ?? '').trim().toUpperCase();
  if ((TEXT_STOP_WORDS as readonly string[]).includes(word)) return 'stop';
  if ((TEXT_START_WORDS as readonly string[]).includes(word)) return 'start';
  if ((TEXT_HELP_WORDS as readonly string[]).includes(word)) return 'help';
  return undefined;
}

/** The number a reply came from, in E.164 (WhatsApp's `whatsapp:` prefix dropped). */
const senderOf = (from: string | undefined) => {
  const raw = (from ?? '').replace(/^whatsapp:/, '').trim();
  return toE164(raw)?.e164 ?? raw;
};

/**
 * STOP and its synonyms silence every Waybill text to the number, START undoes it; HELP is answered
 * by the caller. A number Waybill never texted is ignored (undefined: nothing done). A STOP or START
 * that changed something is in the audit log, the number masked as on the Messages page.
 */
async function takeReply(db: Database, from: string | undefined, text: string | undefined) {
  const number = senderOf(from);
  const keyword = keywordOf(text);
  if (!number || !keyword || !(await hasTextedNumber(db, number))) return undefined;
  if (keyword === 'stop' || keyword === 'start') {
    await db.transaction(async (tx) => {
      const changed = keyword === 'stop' ? await optOut(tx, number) : await optIn(tx, number);
      if (!changed) return;
      await recordAudit(tx, {
        actor: { kind: 'customer' },
        action: keyword === 'stop' ? 'texts.stopped' : 'texts.started',
        after: { number: maskPhoneNumber(number) },
      });
    });
  }
  return { number, keyword };
}

const TWILIO_STATES: Record<string, ReceiptState> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};
const AFRICAS_TALKING_STATES: Record<string, ReceiptState> = {
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
  Success: 'delivered',
  Failed: 'undelivered',
  Rejected: 'failed',
};

/**
 * The providers' webhooks, registered by texts.routes.ts only with SMS_PROVIDER: replies (STOP, START, HELP) and delivery receipts.
 * Twilio's are taken only with a valid X-Twilio-Signature over PUBLIC_URL and the request's path and
 * form; Africa's Talking's only with AT_CALLBACK_SECRET in their `secret` parameter (the logger hides
 * its value). Anything else is a 403, checked before the form is validated, and changes nothing.
 */
export async function textWebhooks(app: RoutesApp, config: Config, texts: TextsConfig) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Posted by the provider, with no cookie: its signature or secret stands in for the anti-forgery token,
  // checked before the form is validated.
  const webhook = {
    ...rateLimitFor(app, 'forms'),
    config: { antiForgery: 'provider-signature' as const },
    preValidation: await webhookCheckOf(config, texts),
  };

  if (texts.provider === 'twilio') {
    app.post(
      '/api/messages/twilio/inbound',
      {
        schema: {
          tags,
          summary: 'A reply by text to Twilio: STOP, START or HELP',
          description:
            'STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT silences every Waybill text to the number; START ' +
            "undoes it; HELP is answered with the company's phone. Other replies, and replies from a number " +
            'Waybill never texted, are ignored. Signed with X-Twilio-Signature.',
          body: twilioWebhookSchema,
          response: { ...TWIML, ...FORGED },
        },
        ...webhook,
      },
      async (request, reply) => {
        const taken = await takeReply(app.db, request.body.From, request.body.Body);
        let twiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
        if (taken?.keyword === 'help') {
          const help = await helpText(app.db, config);
          twiml = `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeHtml(help)}</Message></Response>`;
        }
        return reply.type('text/xml').send(twiml);
      },
    );

    app.post(
      '/api/messages/twilio/status',
      {
        schema: {
          tags,
          summary: "Twilio's status callback: a text's state (sent, delivered, undelivered, failed)",
          description: 'Signed with X-Twilio-Signature over the callback address Waybill gave, with its `text` id.',
          querystring: twilioStatusQuerySchema,
          body: twilioWebhookSchema,
          response: { ...NO_CONTENT, ...FORGED },
        },
        ...webhook,
      },
      async (request, reply) => {
        const { MessageSid, MessageStatus, ErrorCode } = request.body;
        const state = MessageStatus ? TWILIO_STATES[MessageStatus] : undefined;
        if (MessageSid && state) {
          await applyReceipt(app.db, { providerId: MessageSid, textId: request.query.text }, state, ErrorCode || null);
        }
        return reply.code(204).send(null);
      },
    );
    return;
  }

  app.post(
    '/api/messages/africastalking/inbound',
    {
      schema: {
        tags,
        summary: "A reply by text to Africa's Talking: STOP, START or HELP",
        description: 'As the Twilio reply; HELP is answered by a text. Taken only with AT_CALLBACK_SECRET in `secret`.',
        querystring: africasTalkingQuerySchema,
        body: africasTalkingWebhookSchema,
        response: { ...NO_CONTENT, ...FORGED },
      },
      ...webhook,
    },
    async (request, reply) => {
      const taken = await takeReply(app.db, request.body.from, request.body.text);
      if (taken?.keyword === 'help') {
        await insertText(app.db, {
          packageId: null,
          kind: 'help',
          eventKey: `help:${request.body.id ?? Date.now()}`,
          number: taken.number,
          channel: 'sms',
          body: await helpText(app.db, config),
        });
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/messages/africastalking/delivery',
    {
      schema: {
        tags,
        summary: "Africa's Talking's delivery report: a text's state",
        description: 'Taken only with AT_CALLBACK_SECRET in `secret`.',
        querystring: africasTalkingQuerySchema,
        body: africasTalkingWebhookSchema,
        response: { ...NO_CONTENT, ...FORGED },
      },
      ...webhook,
    },
    async (request, reply) => {
      const { id, status, failureReason } = request.body;
      const state = status ? AFRICAS_TALKING_STATES[status] : undefined;
      if (id && state) await applyReceipt(app.db, { providerId: id }, state, failureReason || null);
      return reply.code(204).send(null);
    },
  );
}

/**
 * The one check every webhook of the configured provider passes: Twilio's X-Twilio-Signature over
 * PUBLIC_URL, the request's path and its form, or Africa's Talking's `secret` parameter. A 403 otherwise.
 */
async function webhookCheckOf(config: Config, texts: TextsConfig): Promise<(request: FastifyRequest) => Promise<void>> {
  if (texts.provider === 'twilio') {
    const checkSignature = await loadTwilioSignatureCheck();
    return async (request) => {
      const signature = request.headers['x-twilio-signature'];
      const form = (request.body ?? {}) as Form;
      const url = `${config.publicUrl}${request.url}`;
      if (typeof signature !== 'string' || !checkSignature(texts.authToken, signature, url, form)) {
        throw new AppError(403, WEBHOOK_NOT_SIGNED);
      }
    };
  }
  return async (request) => {
    const { secret } = request.query as { secret?: unknown };
    if (!isCallbackSecret(typeof secret === 'string' ? secret : undefined, texts.callbackSecret)) {
      throw new AppError(403, WEBHOOK_NOT_SIGNED);
    }
  };
}

/** HELP's answer: the company's phone as the site shows it (saved contact details, else COMPANY_PHONE). */
async function helpText(db: Database, config: { company: { name: string; phone: string }; publicUrl: string }) {
  const [details] = await listContactDetails(db);
  return renderText('help', {
    companyName: config.company.name,
    link: config.publicUrl,
    companyPhone: details?.phone || config.company.phone,
  });
}
