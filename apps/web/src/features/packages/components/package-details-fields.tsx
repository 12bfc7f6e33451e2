import { Fieldset, NativeSelect, SimpleGrid, Textarea } from '@mantine/core';
import { DIMENSION_UNITS, LIMITS } from '@waybill/domain';
import { Controller } from 'react-hook-form';
import { NumberField } from '../../../components/number-field/number-field.tsx';
import type { ShipForm, ShipFormValues } from '../ship-form-values.ts';

type NumberFieldName = 'quantity' | 'weight' | 'length' | 'width' | 'height';

interface NumberFieldConfig {
  field: NumberFieldName;
  label: string;
  min: number;
  step: number;
  wholeNumbers?: boolean;
}

const AMOUNT_FIELDS: NumberFieldConfig[] = [
  { field: 'quantity', label: 'Quantity', min: LIMITS.quantityMin, step: 1, wholeNumbers: true },
  { field: 'weight', label: 'Weight (kg)', min: LIMITS.weightMin, step: LIMITS.weightStep },
];

const DIMENSION_FIELDS: NumberFieldConfig[] = [
  { field: 'length', label: 'Length', min: LIMITS.dimensionMin, step: 1 },
  { field: 'width', label: 'Width', min: LIMITS.dimensionMin, step: 1 },
  { field: 'height', label: 'Height', min: LIMITS.dimensionMin, step: 1 },
];

/** Description, quantity, weight, unit and the three dimensions. */
export function PackageDetailsFields({ form }: { form: ShipForm }) {
  const { errors } = form.formState;
  return (
    <Fieldset legend="Package details">
      <Textarea
        label="Description"
        required
        rows={3}
        mb="sm"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} mb="sm">
        {AMOUNT_FIELDS.map((config) => (
          <PackageNumberInput key={config.field} form={form} {...config} />
        ))}
        <NativeSelect
          label="Dimension unit"
          required
          data={[...DIMENSION_UNITS]}
          error={errors.dimensionUnit?.message}
          {...form.register('dimensionUnit')}
        />
      </SimpleGrid>
      <SimpleGrid cols={3}>
        {DIMENSION_FIELDS.map((config) => (
          <PackageNumberInput key={config.field} form={form} {...config} />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

function PackageNumberInput({ form, field, label, min, step, wholeNumbers }: NumberFieldConfig & { form: ShipForm }) {
  return (
    <Controller<ShipFormValues, NumberFieldName>
      control={form.control}
      name={field}
      render={({ field: input, fieldState }) => (
        <NumberField
          label={label}
          required
          min={min}
          step={step}
          wholeNumbers={wholeNumbers}
          name={input.name}
          value={input.value}
          onChange={input.onChange}
          onBlur={input.onBlur}
          ref={input.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
