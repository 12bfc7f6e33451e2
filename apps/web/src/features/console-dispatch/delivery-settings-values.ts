import {
  type DeliverySettings,
  type DeliverySettingsInput,
  deliverySettingsInputSchema,
  FAILURE_REASONS_REPEATED,
} from '@waybill/domain';
import { type FieldErrors, type FieldPath, type Resolver, set } from 'react-hook-form';

/** Failure reasons are objects because react-hook-form's field arrays key their rows by object. */
export interface DeliverySettingsFormValues {
  depotLocation: string;
  /** Mantine's NumberInput gives a number, or a string while the field is empty or half typed. */
  maxAttempts: number | string;
  failureReasons: { text: string }[];
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  workingDays: number[];
  /** Days off, YYYY-MM-DD, in order. */
  holidays: string[];
}

export type DeliverySettingsField = FieldPath<DeliverySettingsFormValues>;

const shape = deliverySettingsInputSchema.shape;

/** The bounds the server checks, read from its schema, so the inputs stop where it would refuse. */
export const DELIVERY_SETTINGS_BOUNDS = {
  depotLocationLength: shape.depotLocation.maxLength ?? undefined,
  minAttempts: shape.maxAttempts.minValue ?? undefined,
  maxAttempts: shape.maxAttempts.maxValue ?? undefined,
  reasonLength: shape.failureReasons.element.maxLength ?? undefined,
};

/** True when the server takes a list of `count` different failure reasons (1 to 20). */
export function holdsFailureReasons(count: number): boolean {
  return shape.failureReasons.safeParse(Array.from({ length: count }, (_, index) => `Reason ${index + 1}`)).success;
}

export function toDeliverySettingsFormValues(settings: DeliverySettings): DeliverySettingsFormValues {
  return {
    depotLocation: settings.depotLocation,
    maxAttempts: settings.maxAttempts,
    failureReasons: settings.failureReasons.map((text) => ({ text })),
    workingDays: [...settings.workingDays],
    holidays: [...settings.holidays],
  };
}

/**
 * Where each refusal shows, from the field names of zod's issues or of a 400's `errors`
 * ("depotLocation", "failureReasons.2", "failureReasons"). "Each failure reason must be different"
 * shows beside every reason that repeats one above it, so the operator sees which to change.
 */
export function placeDeliverySettingsErrors(
  refused: Iterable<[field: string, message: string]>,
  reasons: readonly string[],
): { name: DeliverySettingsField; message: string }[] {
  const placed = new Map<DeliverySettingsField, string>();
  const place = (name: DeliverySettingsField, message: string) => {
    if (!placed.has(name)) placed.set(name, message);
  };
  for (const [field, message] of refused) {
    const [name, index] = field.split('.');
    if (name === 'depotLocation' || name === 'maxAttempts') place(name, message);
    // A working day or a holiday refused shows under its list: the list is the one field.
    else if (name === 'workingDays' || name === 'holidays') place(name, message);
    else if (name === 'failureReasons' && index !== undefined && /^\d+$/.test(index)) {
      place(`failureReasons.${Number(index)}.text`, message);
    } else if (name === 'failureReasons') {
      const repeats = message === FAILURE_REASONS_REPEATED ? repeatedRows(reasons) : [];
      for (const row of repeats) place(`failureReasons.${row}.text`, message);
      if (repeats.length === 0) place('failureReasons', message);
    }
  }
  // The list's own message first: set after its rows' messages, it would replace them.
  const listFirst = (name: DeliverySettingsField) => (name === 'failureReasons' ? 0 : 1);
  return [...placed]
    .map(([name, message]) => ({ name, message }))
    .sort((a, b) => listFirst(a.name) - listFirst(b.name));
}

/** The rows whose text (trimmed, as the server compares them) is the same as a row above. */
function repeatedRows(reasons: readonly string[]): number[] {
  const seen = new Set<string>();
  return reasons.flatMap((reason, row) => {
    const text = reason.trim();
    if (seen.has(text)) return [row];
    seen.add(text);
    return [];
  });
}

const reasonsOf = (values: DeliverySettingsFormValues) => values.failureReasons.map(({ text }) => text);

/** Checks the form with the server's own schema, so the form refuses what the server would. */
export const deliverySettingsResolver: Resolver<DeliverySettingsFormValues, unknown, DeliverySettingsInput> = async (
  values,
) => {
  const result = deliverySettingsInputSchema.safeParse({
    depotLocation: values.depotLocation,
    maxAttempts: typeof values.maxAttempts === 'number' ? values.maxAttempts : undefined,
    failureReasons: reasonsOf(values),
    workingDays: values.workingDays,
    holidays: values.holidays,
  });
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<DeliverySettingsFormValues> = {};
  const issues = result.error.issues.map((issue): [string, string] => [issue.path.join('.'), issue.message]);
  for (const { name, message } of placeDeliverySettingsErrors(issues, reasonsOf(values))) {
    set(errors, name, { type: 'validate', message });
  }
  return { values: {}, errors };
};
