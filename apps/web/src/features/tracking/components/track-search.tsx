import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TRACKING_CODE_MAX_INPUT } from '@waybill/domain';
import { useState } from 'react';

interface TrackSearchProps {
  initialCode: string;
  loading: boolean;
  onTrack: (input: string) => void;
}

/** The tracking-code box; the Track button and Enter both track. */
export function TrackSearch({ initialCode, loading, onTrack }: TrackSearchProps) {
  const [input, setInput] = useState(initialCode);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onTrack(input);
      }}
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Tracking code"
          placeholder="e.g. 7KQ2M9XHT4PA"
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          maxLength={TRACKING_CODE_MAX_INPUT}
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
