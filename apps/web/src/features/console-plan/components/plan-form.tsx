import { Button, Fieldset, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { LIMITS, type Plan, type PlanInput } from '@waybill/domain';
import { Controller, useForm } from 'react-hook-form';
import { NumberField } from '../../../components/number-field/number-field.tsx';
import { useSavePlan } from '../hooks/use-save-plan.ts';
import {
  type PlanFormValues,
  planFormResolver,
  TIERS,
  type TierNumber,
  toPlanFormValues,
} from '../plan-form-values.ts';

export interface PlanFormProps {
  /** The saved plan (update mode), or null (create mode). */
  plan: Plan | null;
  onSaved: () => Promise<unknown>;
  /** Called after a successful save (closes the modal or drawer). */
  onDone?: () => void;
  /** Shows a Cancel button when given. */
  onCancel?: () => void;
  /** Tiers side by side (wide containers) or one under another (drawers, narrow cards). */
  columns?: 1 | 3;
}

type FormField = keyof PlanFormValues;

/** The nine plan fields, three per tier, saved with POST /api/create-plan or PUT /api/edit-plan/{id}. */
export function PlanForm({ plan, onSaved, onDone, onCancel, columns = 3 }: PlanFormProps) {
  const form = useForm<PlanFormValues, unknown, PlanInput>({
    resolver: planFormResolver,
    defaultValues: toPlanFormValues(plan),
  });
  const { savePlan, updating, saving } = useSavePlan({
    plan,
    onSaved,
    onFieldErrors: (errors) => {
      for (const [field, message] of Object.entries(errors)) {
        if (field in form.getValues()) form.setError(field as FormField, { type: 'server', message });
      }
    },
  });

  const busy = form.formState.isSubmitting || saving;

  async function submit(input: PlanInput) {
    if (await savePlan(input)) onDone?.();
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} aria-label={updating ? 'Edit plan' : 'Create plan'}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: columns }} spacing="md">
          {TIERS.map((tier) => (
            <TierFields key={tier} tier={tier} form={form} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={busy}>
            {updating ? 'Update Plan' : 'Create Plan'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type PlanFormHandle = ReturnType<typeof useForm<PlanFormValues, unknown, PlanInput>>;

/** One tier: its name, price (at least 0, SPEC §5) and description, grouped under "Plan N". */
function TierFields({ tier, form }: { tier: TierNumber; form: PlanFormHandle }) {
  const { errors } = form.formState;
  return (
    <Fieldset legend={`Plan ${tier}`} variant="filled">
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={100}
          error={errors[`name${tier}`]?.message}
          {...form.register(`name${tier}`)}
        />
        <Controller
          control={form.control}
          name={`price${tier}`}
          render={({ field, fieldState }) => (
            <NumberField
              label="Price per package"
              required
              min={LIMITS.planPriceMin}
              step={0.5}
              placeholder="0.00"
              leftSection="$"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          error={errors[`description${tier}`]?.message}
          {...form.register(`description${tier}`)}
        />
      </Stack>
    </Fieldset>
  );
}
