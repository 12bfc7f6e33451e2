import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATUS_DESCRIPTION,
  descriptionForStatus,
  isNotAcceptedStatus,
  type ProgressState,
  progressForStatus,
  REJECTED_DESCRIPTION,
  STATUS_PROGRESS,
  TIMELINE_STAGES,
  TRACKING_STEPS,
  trackingView,
} from './progress.ts';
import { PACKAGE_STATUSES } from './statuses.ts';

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
    const withProgress = PACKAGE_STATUSES.filter((status) => status !== 'Pending' && status !== 'Rejected');
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

/** Names of the steps of the bar in a given state, to compare in one line. */
function stepsWhere(status: string, state: ProgressState): string[] {
  return trackingView(status)
    .steps.filter((step) => step.state === state)
    .map((step) => step.name);
}

function stagesOf(status: string): ProgressState[] {
  return trackingView(status).stages.map((stage) => stage.state);
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
    expect(trackingView('Shipped').steps.map(({ name, position }) => ({ name, position }))).toEqual(TRACKING_STEPS);
  });

  it.each([
    ['Pending', ['Order Placed'], []],
    ['Order Placed', [], ['Order Placed']],
    ['Package in transit to sorting hub', ['Order Placed', 'Processing'], []],
    ['Package in sorting hub', ['Order Placed'], ['Processing']],
    ['Processing', ['Order Placed'], ['Processing']],
    ['Shipped', ['Order Placed', 'Processing'], ['Shipped']],
    ['Out for Delivery', ['Order Placed', 'Processing', 'Shipped'], ['Out for Delivery']],
    // The journey is over: every step done, none still in progress.
    ['Delivered', ['Order Placed', 'Processing', 'Shipped', 'Out for Delivery', 'Delivered'], []],
    // A rejected package will never travel: not even Order Placed is done.
    ['Rejected', [], []],
    // Progress 0 still reaches the step at position 0 (SPEC §4).
    ['Held at customs', ['Order Placed'], []],
  ])('for %s marks %j done and %j current', (status, done, current) => {
    expect(stepsWhere(status, 'done')).toEqual(done);
    expect(stepsWhere(status, 'current')).toEqual(current);
  });

  it("keeps SPEC's current marker on the Delivered step once it is done", () => {
    expect(trackingView('Delivered').steps.at(-1)).toMatchObject({ name: 'Delivered', state: 'done', current: true });
  });

  it('marks a step current when a custom status contains its name, without reaching it', () => {
    expect(stepsWhere('Shipped with delay', 'current')).toEqual(['Shipped']);
    expect(stepsWhere('Shipped with delay', 'done')).toEqual(['Order Placed']);
    expect(stepsWhere('Delivery attempted: Out for Delivery again', 'current')).toEqual(['Out for Delivery']);
  });

  it('matches step names with their exact case', () => {
    expect(stepsWhere('shipped', 'current')).toEqual([]);
    expect(stepsWhere('DELIVERED', 'current')).toEqual([]);
    expect(stepsWhere('delivered', 'done')).toEqual(['Order Placed']);
  });

  it('marks Processing current only for the sorting hub, not the way to it', () => {
    expect(trackingView('Package in sorting hub').steps[1]).toMatchObject({ name: 'Processing', state: 'current' });
    expect(trackingView('Package in transit to sorting hub').steps[1]).toMatchObject({
      name: 'Processing',
      state: 'done',
    });
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

  it.each(TIMELINE_STAGES.slice(0, -1).map((status, index) => [status, index] as const))(
    'for %s marks earlier stages done, it current, later upcoming',
    (status, index) => {
      const { stages } = trackingView(status);
      expect(stages.map((s) => s.stage)).toEqual(TIMELINE_STAGES);
      stages.forEach(({ state }, i) => {
        expect(state).toBe(i < index ? 'done' : i === index ? 'current' : 'upcoming');
      });
    },
  );

  it('gives Delivered every stage done and none current', () => {
    expect(stagesOf('Delivered')).toEqual(Array(7).fill('done'));
  });

  it('gives Pending and a custom status Order Placed done, as the step bar does', () => {
    for (const status of ['Pending', 'Held at customs', 'delivered', '']) {
      expect(stagesOf(status)).toEqual(['done', ...Array(6).fill('upcoming')]);
    }
    expect(stagesOf('Shipped with delay')).toEqual([
      'done',
      'upcoming',
      'upcoming',
      'upcoming',
      'current',
      'upcoming',
      'upcoming',
    ]);
  });

  it('leaves every stage upcoming for a rejected package', () => {
    expect(stagesOf('Rejected')).toEqual(Array(7).fill('upcoming'));
  });
});

describe('the bar and the timeline agree', () => {
  const statuses = [...PACKAGE_STATUSES, 'Held at customs', 'Shipped with delay', ''];
  it.each(statuses)('for %j: a step done or upcoming is the same on the timeline', (status) => {
    const { steps, stages } = trackingView(status);
    for (const step of steps) {
      const stage = stages.find((s) => s.stage === step.name)!;
      if (step.state === 'current') {
        // Processing stands for the two hub stages after it as well.
        const hub = step.name === 'Processing' && status === 'Package in sorting hub';
        expect(stage.state).toBe(hub ? 'done' : 'current');
      } else {
        expect(stage.state).toBe(step.state);
      }
    }
    expect(stages.filter((s) => s.state === 'current').length).toBeLessThanOrEqual(1);
  });
});

describe('estimate', () => {
  const settled = ['Delivered', 'Rejected', 'Returning to sender'];
  it.each(PACKAGE_STATUSES.map((status) => [status, !settled.includes(status)] as const))(
    'for %s shows an estimate: %s',
    (status, shows) => {
      expect(trackingView(status).showsEstimate).toBe(shows);
      expect(trackingView(status).finished).toBe(status === 'Delivered');
    },
  );
});

describe('Returning to sender', () => {
  it('keeps the 80 of Out for Delivery, says why, and reaches every step before Delivered', () => {
    const view = trackingView('Returning to sender');
    expect(progressForStatus('Returning to sender')).toBe(80);
    expect(descriptionForStatus('Returning to sender')).toBe(
      'We could not deliver your package, so it is being returned to the sender',
    );
    expect(view.steps.map((step) => step.state)).toEqual(['done', 'done', 'done', 'done', 'upcoming']);
    expect(view.finished).toBe(false);
  });
});
