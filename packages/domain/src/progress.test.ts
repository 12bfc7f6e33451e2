import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATUS_DESCRIPTION,
  descriptionForStatus,
  isNotAcceptedStatus,
  progressForStatus,
  REJECTED_DESCRIPTION,
  STATUS_PROGRESS,
  TIMELINE_STAGES,
  TRACKING_STEPS,
  timelineStages,
  trackingSteps,
} from './progress.ts';
import { SHIPMENT_STATUSES } from './statuses.ts';

describe('progressForStatus', () => {
  it.each([
    ['Order Placed', 10],
    ['Processing', 30],
    ['Package in transit to sorting hub', 30],
    ['Package in sorting hub', 30],
    ['Shipped', 50],
    ['Out for Delivery', 80],
    ['Delivered', 100],
    ['Pending', 0],
    ['Rejected', 0],
  ])('puts %s at %i%%', (status, progress) => {
    expect(progressForStatus(status)).toBe(progress);
  });

  it('gives a figure to every listed status except Pending and Rejected', () => {
    const withProgress = SHIPMENT_STATUSES.filter((status) => status !== 'Pending' && status !== 'Rejected');
    expect(Object.keys(STATUS_PROGRESS).sort()).toEqual([...withProgress].sort());
  });

  it.each(['Held at customs', 'Delivered to neighbour', 'delivered', '', 'constructor', 'toString', '__proto__'])(
    'puts any other status (%j) at 0 with "Tracking your package"',
    (status) => {
      expect(progressForStatus(status)).toBe(0);
      expect(descriptionForStatus(status)).toBe('Tracking your package');
    },
  );

  it('describes Pending with the default text', () => {
    expect(DEFAULT_STATUS_DESCRIPTION).toBe('Tracking your package');
    expect(descriptionForStatus('Pending')).toBe('Tracking your package');
  });

  it('says a rejected package was not accepted, not that it is being tracked', () => {
    expect(descriptionForStatus('Rejected')).toBe('This package was not accepted for delivery.');
    expect(REJECTED_DESCRIPTION).toBe('This package was not accepted for delivery.');
    expect(isNotAcceptedStatus('Rejected')).toBe(true);
    for (const status of ['Pending', 'rejected', 'Rejected at customs', 'Delivered']) {
      expect(isNotAcceptedStatus(status)).toBe(false);
    }
  });

  it.each(Object.keys(STATUS_PROGRESS))('describes %s with a text of its own', (status) => {
    expect(descriptionForStatus(status)).not.toBe('Tracking your package');
    expect(descriptionForStatus(status).length).toBeGreaterThan(0);
  });
});

/** Names of the steps in a given state, to compare in one line. */
function stepsWhere(status: string, state: 'reached' | 'current'): string[] {
  return trackingSteps(status)
    .filter((step) => step[state])
    .map((step) => step.name);
}

describe('tracking steps', () => {
  it('shows five steps at positions 0, 25, 50, 75 and 100', () => {
    expect(TRACKING_STEPS).toEqual([
      { name: 'Order Placed', position: 0 },
      { name: 'Processing', position: 25 },
      { name: 'Shipped', position: 50 },
      { name: 'Out for Delivery', position: 75 },
      { name: 'Delivered', position: 100 },
    ]);
    expect(trackingSteps('Shipped').map(({ name, position }) => ({ name, position }))).toEqual(TRACKING_STEPS);
  });

  it.each([
    ['Order Placed', ['Order Placed'], ['Order Placed']],
    ['Processing', ['Order Placed', 'Processing'], ['Processing']],
    ['Package in transit to sorting hub', ['Order Placed', 'Processing'], []],
    ['Package in sorting hub', ['Order Placed', 'Processing'], ['Processing']],
    ['Shipped', ['Order Placed', 'Processing', 'Shipped'], ['Shipped']],
    ['Out for Delivery', ['Order Placed', 'Processing', 'Shipped', 'Out for Delivery'], ['Out for Delivery']],
    ['Delivered', ['Order Placed', 'Processing', 'Shipped', 'Out for Delivery', 'Delivered'], ['Delivered']],
    // Progress 0 still reaches the step at position 0.
    ['Pending', ['Order Placed'], []],
    // A rejected package will never travel: not even Order Placed is done.
    ['Rejected', [], []],
    ['Held at customs', ['Order Placed'], []],
  ])('for %s reaches %j and marks %j current', (status, reached, current) => {
    expect(stepsWhere(status, 'reached')).toEqual(reached);
    expect(stepsWhere(status, 'current')).toEqual(current);
  });

  it('marks a step current when a custom status contains its name, without reaching it', () => {
    expect(stepsWhere('Shipped with delay', 'current')).toEqual(['Shipped']);
    expect(stepsWhere('Shipped with delay', 'reached')).toEqual(['Order Placed']);
    expect(stepsWhere('Delivery attempted: Out for Delivery again', 'current')).toEqual(['Out for Delivery']);
  });

  it('matches step names with their exact case', () => {
    expect(stepsWhere('shipped', 'current')).toEqual([]);
    expect(stepsWhere('DELIVERED', 'current')).toEqual([]);
  });

  it('marks Processing current only for the sorting hub, not the way to it', () => {
    expect(trackingSteps('Package in sorting hub')[1]).toMatchObject({ name: 'Processing', current: true });
    expect(trackingSteps('Package in transit to sorting hub')[1]).toMatchObject({ name: 'Processing', current: false });
  });
});

describe('timeline stages', () => {
  it('lists the seven stages of SPEC §4 in order', () => {
    expect(TIMELINE_STAGES).toEqual([
      'Order Placed',
      'Processing',
      'Package in transit to sorting hub',
      'Package in sorting hub',
      'Shipped',
      'Out for Delivery',
      'Delivered',
    ]);
  });

  it.each(TIMELINE_STAGES.map((status, index) => [status, index] as const))(
    'for %s marks earlier stages reached, it current, later upcoming',
    (status, index) => {
      const states = timelineStages(status);
      expect(states.map((s) => s.stage)).toEqual(TIMELINE_STAGES);
      states.forEach(({ state }, i) => {
        expect(state).toBe(i < index ? 'reached' : i === index ? 'current' : 'upcoming');
      });
    },
  );

  it('gives Delivered every earlier stage reached and itself current', () => {
    expect(timelineStages('Delivered').map((s) => s.state)).toEqual([
      'reached',
      'reached',
      'reached',
      'reached',
      'reached',
      'reached',
      'current',
    ]);
  });

  it.each(['Pending', 'Rejected', 'Held at customs', 'delivered', ''])(
    'leaves every stage upcoming for %j',
    (status) => {
      expect(timelineStages(status).every((s) => s.state === 'upcoming')).toBe(true);
      expect(timelineStages(status)).toHaveLength(7);
    },
  );
});
