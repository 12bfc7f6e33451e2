import { Checkbox, Group, Radio, Stack } from '@mantine/core';
import type { TextChannel, TextOffer } from '@waybill/domain';

interface TextMeUpdatesProps {
  offer: TextOffer;
  /** The channel asked for, undefined while "Text me updates" is not ticked. */
  value: TextChannel | undefined;
  onChange: (value: TextChannel | undefined) => void;
}

/**
 * The ship form's "Text me updates" (off by default), with "by SMS / by WhatsApp" when WhatsApp is
 * offered. The journey's texts go to the shipper's phone, which the server checks can take them.
 */
export function TextMeUpdates({ offer, value, onChange }: TextMeUpdatesProps) {
  return (
    <Stack gap="xs">
      <Checkbox
        label="Text me updates"
        description="A text to your phone when the package is out for delivery, if a delivery attempt fails, when it is delivered and if it returns to you."
        checked={value !== undefined}
        onChange={(event) => onChange(event.currentTarget.checked ? 'sms' : undefined)}
      />
      {offer.whatsapp && value !== undefined ? (
        <Radio.Group
          label="Send my texts"
          value={value}
          onChange={(next) => onChange(next as TextChannel)}
          pl={{ base: 0, xs: 'xl' }}
        >
          <Group gap="lg" mt={4}>
            <Radio value="sms" label="by SMS" />
            <Radio value="whatsapp" label="by WhatsApp" />
          </Group>
        </Radio.Group>
      ) : null}
    </Stack>
  );
}
