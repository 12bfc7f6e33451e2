import { ActionIcon, Button, Checkbox, Group, Input, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type DeliverySettingsInput,
  dayInWords,
  HOLIDAYS_MAX,
  HOLIDAYS_REPEATED,
  WEEKDAY_NAMES,
} from '@waybill/domain';
import { useId, useState } from 'react';
import { Controller, type UseFormReturn, useController } from 'react-hook-form';
import type { DeliverySettingsFormValues } from '../delivery-settings-values.ts';
import classes from './delivery-settings.module.css';

type DeliverySettingsForm = UseFormReturn<DeliverySettingsFormValues, unknown, DeliverySettingsInput>;

/** "Friday 25 December 2026": a holiday as the list says it, the same in every time zone. */
export const holidayWords = (day: string) => `${dayInWords(day)} ${day.slice(0, 4)}`;

/** The weekdays the company delivers on: another delivery day is one of them. */
export function WorkingDaysField({ form }: { form: DeliverySettingsForm }) {
  return (
    <Controller
      control={form.control}
      name="workingDays"
      render={({ field, fieldState }) => (
        <Checkbox.Group
          label="Working days"
          description="The days a recipient can move a delivery to. At least one."
          value={field.value.map(String)}
          onChange={(values) => field.onChange(values.map(Number).sort((a, b) => a - b))}
          error={fieldState.error?.message}
        >
          <Group gap="md" mt="xs" className={classes.weekdays}>
            {WEEKDAY_NAMES.map((name, index) => (
              <Checkbox key={name} value={String(index + 1)} label={name} onBlur={field.onBlur} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}

/** Days off: no delivery day is offered on them. Added one at a time from a date field, each removable. */
export function HolidaysField({ form }: { form: DeliverySettingsForm }) {
  const { field, fieldState } = useController({ control: form.control, name: 'holidays' });
  const [day, setDay] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const labelId = useId();
  const holidays = field.value;
  const full = holidays.length >= HOLIDAYS_MAX;

  function add() {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    if (holidays.includes(day)) {
      setRefusal(HOLIDAYS_REPEATED);
      return;
    }
    field.onChange([...holidays, day].sort());
    setAnnouncement(`${holidayWords(day)} added.`);
    setRefusal(null);
    setDay('');
  }

  function removeDay(removed: string) {
    field.onChange(holidays.filter((one) => one !== removed));
    setAnnouncement(`${holidayWords(removed)} removed.`);
  }

  return (
    <Stack gap="xs">
      <div>
        <Input.Label component="span" id={labelId} display="block">
          Holidays
        </Input.Label>
        <Input.Description>
          No delivery is offered on these days. At most {HOLIDAYS_MAX}; days already past are dropped when saved.
        </Input.Description>
        {holidays.length === 0 ? (
          <Text size="sm" c="dimmed" mt="xs">
            No holidays set.
          </Text>
        ) : (
          <ul className={classes.holidays} aria-labelledby={labelId}>
            {holidays.map((holiday) => (
              <li key={holiday} className={classes.holiday}>
                <Text size="sm">{holidayWords(holiday)}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove holiday ${holidayWords(holiday)}`}
                  onClick={() => removeDay(holiday)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </li>
            ))}
          </ul>
        )}
        {fieldState.error?.message && <Input.Error mt={4}>{fieldState.error.message}</Input.Error>}
      </div>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          type="date"
          label="Holiday to add"
          value={day}
          onChange={(event) => {
            setDay(event.currentTarget.value);
            setRefusal(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={refusal}
          disabled={full}
          className={classes.holidayInput}
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={full || !day}
        >
          Add holiday
        </Button>
      </Group>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </Stack>
  );
}
