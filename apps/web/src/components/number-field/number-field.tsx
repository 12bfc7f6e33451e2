import { TextInput, type TextInputProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { type StepBounds, stepNumberText } from './step-number.ts';

export interface NumberFieldProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode' | 'min' | 'max' | 'step'>,
    StepBounds {
  /** What the field holds: a number from saved data or defaults, or the text as typed. */
  value: number | string;
  onChange: (text: string) => void;
  /** Whole numbers only: phones show the keypad without a decimal key. */
  wholeNumbers?: boolean;
}

/**
 * A number typed as text. Every character the user types stays in the box — "1.5" in a whole-number
 * field, "-3" in a price, "12" in a 1-to-10 count — and the form's schema explains what is wrong
 * ("Must be a whole number", the SPEC §5 minimum). A formatting number input silently drops such
 * characters instead (1.5 becomes 15). Arrow Up and Arrow Down step by `step`.
 */
export function NumberField({ value, onChange, step, min, max, wholeNumbers, onKeyDown, ...rest }: NumberFieldProps) {
  const text = typeof value === 'number' ? String(value) : value;
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onChange(stepNumberText(text, event.key === 'ArrowUp' ? 1 : -1, { step, min, max }));
  }
  return (
    <TextInput
      {...rest}
      type="text"
      inputMode={wholeNumbers ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={handleKeyDown}
    />
  );
}
