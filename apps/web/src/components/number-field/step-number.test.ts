import { describe, expect, it } from 'vitest';
import { stepNumberText } from './step-number.ts';

describe('stepNumberText', () => {
  it('steps a number up and down at the precision of the step', () => {
    expect(stepNumberText('1', 1, { step: 0.1, min: 0.1 })).toBe('1.1');
    expect(stepNumberText('0.3', -1, { step: 0.1, min: 0.1 })).toBe('0.2');
    expect(stepNumberText('2', 1, { step: 1, min: 1 })).toBe('3');
    expect(stepNumberText('9.5', 1, { step: 0.5 })).toBe('10.0');
  });

  it('keeps the typed precision when it is finer than the step', () => {
    expect(stepNumberText('1.25', 1, { step: 1 })).toBe('2.25');
  });

  it('stays within min and max', () => {
    expect(stepNumberText('1', -1, { step: 1, min: 1 })).toBe('1');
    expect(stepNumberText('10', 1, { step: 1, min: 1, max: 10 })).toBe('10');
    expect(stepNumberText('-4', 1, { step: 1, min: 0 })).toBe('0');
  });

  it('starts a blank field at the minimum', () => {
    expect(stepNumberText('', 1, { step: 0.1, min: 0.1 })).toBe('0.1');
    expect(stepNumberText('  ', -1, { step: 1 })).toBe('0');
  });

  it('leaves text that is not a plain number exactly as typed', () => {
    for (const text of ['abc', '1,5', '1.2.3', '0x10', '1e3']) expect(stepNumberText(text, 1, { step: 1 })).toBe(text);
  });
});
