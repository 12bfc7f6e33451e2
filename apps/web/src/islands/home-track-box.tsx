import { Button, Group, TextInput } from '@mantine/core';
import {
  normalizeTrackingCode,
  TOAST_MS,
  TRACKING_CODE_EXAMPLE,
  TRACKING_CODE_MAX_INPUT,
  TRACKING_CODE_REQUIRED,
} from '@waybill/domain';
import { type FormEvent, useState } from 'react';
import { trackingPagePath } from '../features/tracking/tracking-path.ts';
import { notifyError } from '../lib/notify.ts';
import { defineIsland } from './runtime/define-island.ts';

/**
 * The home page's tracking box. A plain GET form to /track, so it works before (and without) its
 * script; awake, a blank code gets the SPEC §5 toast and a code goes straight to /track/<code>.
 */
function HomeTrackBox() {
  const [code, setCode] = useState('');

  function track(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalized = normalizeTrackingCode(code);
    if (!normalized) {
      notifyError({
        title: 'Error',
        message: TRACKING_CODE_REQUIRED,
        autoClose: TOAST_MS.validation,
        position: 'top-center',
      });
      return;
    }
    window.location.assign(trackingPagePath([normalized]));
  }

  return (
    <form action="/track" method="get" onSubmit={track} noValidate>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Tracking code"
          name="codes"
          placeholder={`e.g. ${TRACKING_CODE_EXAMPLE}`}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          maxLength={TRACKING_CODE_MAX_INPUT}
          autoComplete="off"
          style={{ flexGrow: 1 }}
        />
        <Button type="submit">Track</Button>
      </Group>
    </form>
  );
}

export default defineIsland('home-track-box', HomeTrackBox);
