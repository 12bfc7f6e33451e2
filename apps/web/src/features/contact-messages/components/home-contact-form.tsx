import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import {
  type ContactMessage,
  contactMessageSchema,
  couldBeConsoleShortcut,
  LONG_TEXT_MAX,
  TEXT_MAX,
} from '@waybill/domain';
import { type FormEvent, useState } from 'react';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { findConsoleShortcut } from '../api/open-console-shortcut.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';

const EMPTY: ContactMessage = { name: '', email: '', message: '' };
type Field = keyof ContactMessage;
type FieldErrors = Partial<Record<Field, string>>;

/** The message of each field the domain schema refuses (the support form's rules and messages). */
function fieldErrors(values: ContactMessage): FieldErrors {
  const parsed = contactMessageSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}
// The server's bounds (contactMessageSchema), so a long paste is cut here rather than refused there.
const EMAIL_MAX = 254;

/**
 * The home page contact form (SPEC §2), checked by the support form's rules (contactMessageSchema) here
 * and again on the server. When the email field holds a number, the server first checks the hidden
 * console shortcut (a name and a numeric code), and only then is the number refused as an e-mail
 * address: the form opts out of the browser's own validation.
 */
export function HomeContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  // Enter pressed twice or a double click sends one message (and the key keeps a repeat from storing two).
  const send = useSingleFlight(async () => {
    setSending(true);
    try {
      const name = values.name.trim();
      const code = values.email.trim();
      // Only a name with a number in the e-mail field can be the shortcut: anything else is a message.
      const consolePath = couldBeConsoleShortcut(name, code) ? await findConsoleShortcut(name, code) : undefined;
      if (consolePath) {
        window.location.assign(consolePath);
        return;
      }
      const refused = fieldErrors(values);
      setErrors(refused);
      if (Object.keys(refused).length > 0) return;
      await sendContactMessage(values, newIdempotencyKey());
      setValues(EMPTY);
      notifySuccess({
        title: 'Message Received',
        message: 'Thank you for contacting us! Our team will review your inquiry and respond within 24 hours.',
        position: 'top-right',
      });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors as FieldErrors);
      // The spec's alert text leads; the server's reason (a limit, a too-long text) follows.
      notifyError({
        title: 'Failed to submit. Please try again.',
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setSending(false);
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  const bind = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact us">
      <Stack gap="md">
        <TextInput label="Name" name="name" required autoComplete="name" maxLength={TEXT_MAX} {...bind('name')} />
        <TextInput
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={EMAIL_MAX}
          {...bind('email')}
        />
        <Textarea
          label="Message"
          name="message"
          required
          minRows={4}
          autosize
          maxLength={LONG_TEXT_MAX}
          {...bind('message')}
        />
        <Button type="submit" size="md" loading={sending}>
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
