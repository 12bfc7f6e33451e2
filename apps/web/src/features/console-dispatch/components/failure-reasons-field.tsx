import { ActionIcon, Button, Fieldset, Group, Input, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DeliverySettingsInput } from '@waybill/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import {
  DELIVERY_SETTINGS_BOUNDS,
  type DeliverySettingsFormValues,
  holdsFailureReasons,
} from '../delivery-settings-values.ts';
import classes from './delivery-settings.module.css';

type DeliverySettingsForm = UseFormReturn<DeliverySettingsFormValues, unknown, DeliverySettingsInput>;

/**
 * The reasons a driver picks from when a delivery fails, in the order the driver app lists them: edit
 * one, add one, remove any but the last, move one up or down. Moving keeps the keyboard focus on the
 * button pressed, in the row's new place, and a status line says where the reason went.
 */
export function FailureReasonsField({ form }: { form: DeliverySettingsForm }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'failureReasons' });
  const errors = form.formState.errors.failureReasons;
  const idPrefix = useId();
  const legendId = `${idPrefix}-legend`;
  const descriptionId = `${idPrefix}-description`;
  const listErrorId = `${idPrefix}-error`;
  const [announcement, setAnnouncement] = useState('');
  // Set by a move or a removal, read after the render that gives the rows their new order.
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const count = fields.length;
  const reasonText = (index: number) => form.getValues(`failureReasons.${index}.text`).trim() || 'The empty reason';
  const buttonId = (fieldId: string, action: 'up' | 'down' | 'input') => `${idPrefix}-${fieldId}-${action}`;

  function moveRow(index: number, to: number, fieldId: string, direction: 'up' | 'down') {
    if (to < 0 || to >= count) return;
    setAnnouncement(`${reasonText(index)} is now reason ${to + 1} of ${count}.`);
    focusNext.current = buttonId(fieldId, direction);
    move(index, to);
  }

  function removeRow(index: number) {
    setAnnouncement(`${reasonText(index)} removed.`);
    const staying = fields[index + 1] ?? fields[index - 1];
    focusNext.current = staying ? buttonId(staying.id, 'input') : null;
    remove(index);
  }

  const full = !holdsFailureReasons(count + 1);
  return (
    <Fieldset
      // Styled as the other fields' labels, so the group reads as one more field.
      legend={
        <Input.Label component="span" id={legendId}>
          Failure reasons
        </Input.Label>
      }
      variant="unstyled"
      // Without the browser's own fieldset margin, the rows line up with the fields above.
      styles={{ root: { margin: 0 }, legend: { padding: 0, marginBottom: 0 } }}
      aria-describedby={errors?.message ? `${descriptionId} ${listErrorId}` : descriptionId}
    >
      <Input.Description id={descriptionId}>
        What a driver chooses from when a delivery fails, in this order. Each one different.
      </Input.Description>
      <Stack gap="xs" mt="xs">
        <ol className={classes.reasons} aria-labelledby={legendId}>
          {fields.map((field, index) => (
            <li key={field.id} className={classes.reason}>
              <TextInput
                id={buttonId(field.id, 'input')}
                className={classes.reasonInput}
                aria-label={`Failure reason ${index + 1}`}
                leftSection={
                  <Text span size="sm" c="dimmed" lh={1} aria-hidden>
                    {index + 1}.
                  </Text>
                }
                maxLength={DELIVERY_SETTINGS_BOUNDS.reasonLength}
                error={errors?.[index]?.text?.message}
                {...form.register(`failureReasons.${index}.text`)}
              />
              <Group gap={4} wrap="nowrap" className={classes.reasonActions}>
                <ActionIcon
                  id={buttonId(field.id, 'up')}
                  variant="default"
                  size="input-sm"
                  aria-label={`Move failure reason ${index + 1} up`}
                  data-disabled={index === 0 || undefined}
                  aria-disabled={index === 0 || undefined}
                  onClick={() => moveRow(index, index - 1, field.id, 'up')}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  id={buttonId(field.id, 'down')}
                  variant="default"
                  size="input-sm"
                  aria-label={`Move failure reason ${index + 1} down`}
                  data-disabled={index === count - 1 || undefined}
                  aria-disabled={index === count - 1 || undefined}
                  onClick={() => moveRow(index, index + 1, field.id, 'down')}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                {count > 1 ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="input-sm"
                    aria-label={`Remove failure reason ${index + 1}`}
                    onClick={() => removeRow(index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                ) : (
                  // Keeps the one row's input as wide as the others'.
                  <span className={classes.actionSpace} />
                )}
              </Group>
            </li>
          ))}
        </ol>
        {errors?.message ? <Input.Error id={listErrorId}>{errors.message}</Input.Error> : null}
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={full}
            onClick={() => {
              setAnnouncement('');
              append({ text: '' }, { shouldFocus: true });
            }}
          >
            Add failure reason
          </Button>
          {full ? (
            <Text size="xs" c="dimmed">
              The list is full: remove a reason to add another.
            </Text>
          ) : null}
        </Group>
      </Stack>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </Fieldset>
  );
}
