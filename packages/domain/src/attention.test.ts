import { describe, expect, it } from 'vitest';
import {
  type AttentionFacts,
  attentionReasons,
  DEFAULT_ATTENTION_RULES,
  describeAttentionReason,
  isRunningLate,
} from './attention.ts';
import { attentionSettingsInputSchema } from './schemas/attention.ts';

const HOUR = 3_600_000;
// A fixed clock: every instant below is this less some hours.
const NOW = new Date('2026-11-25T12:00:00.000Z');
const ago = (hours: number, ms = 0) => new Date(NOW.getTime() - hours * HOUR - ms).toISOString();

const facts = (overrides: Partial<AttentionFacts>): AttentionFacts => ({
  status: 'Shipped',
  createdAt: ago(1),
  updatedAt: ago(1),
  estimatedDelivery: ago(-24),
  ...overrides,
});

describe('isRunningLate', () => {
  it('is late once the estimated delivery has passed, not at the instant itself', () => {
    expect(isRunningLate(facts({ estimatedDelivery: ago(0) }), NOW)).toBe(false);
    expect(isRunningLate(facts({ estimatedDelivery: ago(0, 1) }), NOW)).toBe(true);
    expect(isRunningLate(facts({ estimatedDelivery: ago(-1) }), NOW)).toBe(false);
  });

  it('is never late when delivered, rejected or without an estimated delivery (Pending)', () => {
    for (const status of ['Delivered', 'Rejected']) {
      expect(isRunningLate(facts({ status, estimatedDelivery: ago(100) }), NOW)).toBe(false);
    }
    expect(isRunningLate(facts({ status: 'Pending', estimatedDelivery: null }), NOW)).toBe(false);
  });

  it('counts a custom status as still on its way', () => {
    expect(isRunningLate(facts({ status: 'Held at customs', estimatedDelivery: ago(2) }), NOW)).toBe(true);
  });

  it('takes Date objects as well as API strings', () => {
    expect(isRunningLate({ status: 'Shipped', estimatedDelivery: new Date(NOW.getTime() - 1) }, NOW)).toBe(true);
  });

  it('waits lateHours past the estimated delivery when given', () => {
    expect(isRunningLate(facts({ estimatedDelivery: ago(6) }), NOW, 6)).toBe(false);
    expect(isRunningLate(facts({ estimatedDelivery: ago(6, 1) }), NOW, 6)).toBe(true);
  });
});

describe('attentionReasons with the default rules (24, 48, 0 hours)', () => {
  const reasons = (overrides: Partial<AttentionFacts>) =>
    attentionReasons(facts(overrides), DEFAULT_ATTENTION_RULES, NOW);

  it('flags a Pending package after exactly 24 hours have passed, not at 24 hours', () => {
    const pending = { status: 'Pending', estimatedDelivery: null };
    expect(reasons({ ...pending, createdAt: ago(24), updatedAt: ago(24) })).toEqual([]);
    expect(reasons({ ...pending, createdAt: ago(24, 1), updatedAt: ago(24, 1) })).toEqual(['pending']);
  });

  it('judges a Pending package by its age only, however long without an update', () => {
    expect(reasons({ status: 'Pending', estimatedDelivery: null, createdAt: ago(10), updatedAt: ago(100) })).toEqual(
      [],
    );
  });

  it('flags an accepted package with no change for more than 48 hours', () => {
    expect(reasons({ createdAt: ago(100), updatedAt: ago(48) })).toEqual([]);
    expect(reasons({ createdAt: ago(100), updatedAt: ago(48, 1) })).toEqual(['stale']);
    expect(reasons({ status: 'Order Placed', updatedAt: ago(49) })).toEqual(['stale']);
  });

  it('leaves delivered and rejected packages alone however old', () => {
    for (const status of ['Delivered', 'Rejected']) {
      expect(reasons({ status, createdAt: ago(900), updatedAt: ago(900), estimatedDelivery: ago(800) })).toEqual([]);
    }
  });

  it('flags a package past its estimated delivery, with every reason that applies in order', () => {
    expect(reasons({ estimatedDelivery: ago(0, 1) })).toEqual(['late']);
    expect(reasons({ updatedAt: ago(72), estimatedDelivery: ago(1) })).toEqual(['stale', 'late']);
  });
});

describe('attentionReasons with other hours', () => {
  const rules = { pendingHours: 1, staleHours: 8760, lateHours: 12 };

  it('moves each threshold to the hour given', () => {
    expect(
      attentionReasons(facts({ status: 'Pending', createdAt: ago(1), estimatedDelivery: null }), rules, NOW),
    ).toEqual([]);
    expect(
      attentionReasons(facts({ status: 'Pending', createdAt: ago(1, 1), estimatedDelivery: null }), rules, NOW),
    ).toEqual(['pending']);
    expect(attentionReasons(facts({ updatedAt: ago(8760, 1) }), rules, NOW)).toEqual(['stale']);
    expect(attentionReasons(facts({ estimatedDelivery: ago(12) }), rules, NOW)).toEqual([]);
    expect(attentionReasons(facts({ estimatedDelivery: ago(12, 1) }), rules, NOW)).toEqual(['late']);
  });
});

describe('describeAttentionReason', () => {
  it('names the hours in force', () => {
    expect(describeAttentionReason('pending', DEFAULT_ATTENTION_RULES)).toBe('Pending for over 24 hours');
    expect(describeAttentionReason('stale', DEFAULT_ATTENTION_RULES)).toBe('No update for over 48 hours');
    expect(describeAttentionReason('late', DEFAULT_ATTENTION_RULES)).toBe('Past its estimated delivery');
    expect(describeAttentionReason('late', { ...DEFAULT_ATTENTION_RULES, lateHours: 1 })).toBe(
      'Over 1 hour past its estimated delivery',
    );
  });
});

describe('attentionSettingsInputSchema', () => {
  it('takes whole hours, 1–8760 for pending and stale and 0–8760 for late', () => {
    expect(attentionSettingsInputSchema.parse({ pendingHours: 1, staleHours: 8760, lateHours: 0 })).toEqual({
      pendingHours: 1,
      staleHours: 8760,
      lateHours: 0,
    });
  });

  it.each([
    [{ pendingHours: 0, staleHours: 48, lateHours: 0 }, 'pendingHours'],
    [{ pendingHours: 24, staleHours: 8761, lateHours: 0 }, 'staleHours'],
    [{ pendingHours: 24, staleHours: 48, lateHours: -1 }, 'lateHours'],
    [{ pendingHours: 24.5, staleHours: 48, lateHours: 0 }, 'pendingHours'],
    [{ pendingHours: 24, staleHours: 48 }, 'lateHours'],
    [{ pendingHours: '0x10', staleHours: 48, lateHours: 0 }, 'pendingHours'],
  ])('refuses %o with a message on %s', (input, field) => {
    const result = attentionSettingsInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    expect(result.error?.issues[0]?.message).toMatch(/must be a whole number of hours from [01] to 8760/);
  });
});
