import { Button, Group, Textarea } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  parseTrackingCodes,
  TOAST_MS,
  TRACKING_CODE_EXAMPLE,
  TRACKING_CODES_MAX,
  TRACKING_CODES_MAX_INPUT,
} from '@waybill/domain';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify.ts';

interface TrackSearchProps {
  initialCode: string;
  loading: boolean;
  /** One code or several (at most TRACKING_CODES_MAX, normalised, each once); never called with none. */
  onTrack: (codes: string[]) => void;
}

/**
 * The tracking-code box; the Track button and Enter both track. It takes several codes too, one a line
 * or separated by commas: a text area that starts one row high, so one code looks and works as in a
 * plain field (Enter tracks; Shift+Enter starts a new line, and pasted lines stay apart).
 */
export function TrackSearch({ initialCode, loading, onTrack }: TrackSearchProps) {
  const [input, setInput] = useState(initialCode);

  function submit() {
    const parsed = parseTrackingCodes(input);
    if (parsed.ok) {
      onTrack(parsed.codes);
      return;
    }
    notifyError({ title: 'Error', message: parsed.message, position: 'top-center', autoClose: TOAST_MS.validation });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Textarea
          label="Tracking code"
          description={`Up to ${TRACKING_CODES_MAX} codes, one a line or comma separated.`}
          placeholder={`e.g. ${TRACKING_CODE_EXAMPLE}`}
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            // An IME composing a character uses Enter to confirm it, not to track.
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            submit();
          }}
          maxLength={TRACKING_CODES_MAX_INPUT}
          autosize
          minRows={1}
          maxRows={6}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          size="md"
          style={{ flex: 1 }}
        />
        <Button type="submit" size="md" loading={loading} leftSection={<IconSearch size={18} aria-hidden />}>
          Track
        </Button>
      </Group>
    </form>
  );
}
