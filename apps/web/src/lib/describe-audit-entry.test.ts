import type { AuditEntry } from '@waybill/domain';
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  describeActor,
  describeAuditChange,
  describeAuditEntry,
  describeAuditLine,
  describeChanges,
  formatAuditTime,
} from './describe-audit-entry.ts';

function entry(fields: Partial<AuditEntry>): AuditEntry {
  return {
    id: '1',
    at: '2026-11-25T14:05:00.000Z',
    actorKind: 'operator',
    actorId: 'op-1',
    actorEmail: 'ops@courier.test',
    action: 'package.status_changed',
    targetType: 'package',
    targetId: 'WB1234',
    targetLabel: 'WB1234',
    before: null,
    after: null,
    ip: null,
    ...fields,
  };
}

describe('describeAuditEntry', () => {
  it('says which status a package went from and to', () => {
    const changed = entry({ before: { status: 'Order Placed' }, after: { status: 'Shipped' } });
    expect(describeAuditEntry(changed)).toBe('Status changed: Order Placed → Shipped');
    const accepted = entry({
      action: 'package.accepted',
      before: { status: 'Pending' },
      after: { status: 'Order Placed', estimatedDelivery: '2026-12-01' },
    });
    expect(describeAuditEntry(accepted)).toBe('Package accepted: Pending → Order Placed');
  });

  it('names the location added or removed, and a submission or delete plainly', () => {
    expect(
      describeAuditEntry(entry({ action: 'package.location_added', after: { location: 'Lagos hub', timestamp: 'x' } })),
    ).toBe('Location added: Lagos hub');
    expect(describeAuditEntry(entry({ action: 'package.location_removed', before: { location: 'Accra' } }))).toBe(
      'Location removed: Accra',
    );
    expect(describeAuditEntry(entry({ action: 'package.submitted', after: { status: 'Pending', name: 'A' } }))).toBe(
      'Package submitted',
    );
    expect(describeAuditEntry(entry({ action: 'package.deleted', before: { status: 'Shipped' } }))).toBe(
      'Package deleted',
    );
  });

  it("names the masked number of a package's text updates and of a STOP or START reply", () => {
    const number = { number: '+233 •••• ••45' };
    expect(describeAuditEntry(entry({ action: 'package.text_updates_requested', after: number }))).toBe(
      'Text updates requested (code texted): +233 •••• ••45',
    );
    expect(describeAuditEntry(entry({ action: 'package.text_updates_confirmed', after: number }))).toBe(
      'Text updates confirmed: +233 •••• ••45',
    );
    const stopped = entry({
      action: 'texts.stopped',
      actorKind: 'customer',
      targetType: null,
      targetId: null,
      after: number,
    });
    expect(describeAuditEntry(stopped)).toBe('Texts stopped by a reply (STOP): +233 •••• ••45');
    expect(describeAuditChange(stopped)).toBe('+233 •••• ••45');
    expect(describeAuditEntry(entry({ action: 'texts.started', after: null }))).toBe(
      'Texts started again by a reply (START)',
    );
  });

  it('names who received a package when its proof of delivery is recorded or removed', () => {
    const proof = { receivedBy: 'Kofi Mensah', photo: true, signature: false };
    expect(describeAuditEntry(entry({ action: 'package.delivery_proof_recorded', after: proof }))).toBe(
      'Proof of delivery recorded: received by Kofi Mensah',
    );
    expect(describeAuditEntry(entry({ action: 'package.delivery_proof_removed', before: proof }))).toBe(
      'Proof of delivery removed: received by Kofi Mensah',
    );
  });

  it('says what a proof of delivery holds when the entry names no receiver', () => {
    expect(
      describeAuditEntry(entry({ action: 'package.delivery_proof_recorded', after: { photo: true, signature: true } })),
    ).toBe('Proof of delivery recorded: with photo and signature');
    expect(
      describeAuditEntry(
        entry({ action: 'package.delivery_proof_removed', before: { photo: false, signature: false } }),
      ),
    ).toBe('Proof of delivery removed');
  });

  it('reads the inbox and the command line’s operator changes as sentences', () => {
    expect(describeAuditEntry(entry({ action: 'inbox.received', after: { kind: 'support' } }))).toBe(
      'Request received: support',
    );
    expect(
      describeAuditEntry(
        entry({ action: 'inbox.state_changed', before: { state: 'new' }, after: { state: 'handled' } }),
      ),
    ).toBe('Inbox item marked: handled');
    expect(
      describeAuditEntry(entry({ action: 'operator.added', after: { email: 'boss@courier.test', role: 'admin' } })),
    ).toBe('Operator added: boss@courier.test as admin');
    expect(describeAuditEntry(entry({ action: 'operator.password_reset' }))).toBe('Password reset');
  });

  it('reads the team, mail and setting actions as sentences', () => {
    expect(
      describeAuditEntry(
        entry({ action: 'operator.role_changed', before: { role: 'operator' }, after: { role: 'admin' } }),
      ),
    ).toBe('Role changed: operator → admin');
    expect(
      describeAuditEntry(entry({ action: 'operator.invited', after: { email: 'new@courier.test', role: 'operator' } })),
    ).toBe('Operator invited: new@courier.test as operator');
    expect(describeAuditEntry(entry({ action: 'email.sent', after: { to: 'c@x.test', subject: 'Your parcel' } }))).toBe(
      'E-mail sent to c@x.test: “Your parcel”',
    );
    expect(
      describeAuditEntry(entry({ action: 'settings.notifications_changed', after: { notifyCustomers: false } })),
    ).toBe('Customer notifications turned off');
    expect(describeAuditEntry(entry({ action: 'auth.sign_in_failed' }))).toBe('Sign-in failed');
  });

  it('lists every changed field of any other action, and an unknown action by its name', () => {
    const plan = entry({
      action: 'plan.updated',
      before: { price: 10, active: true },
      after: { price: 12, active: false },
    });
    expect(describeAuditEntry(plan)).toBe('Plan updated: price: 10 → 12; active: yes → no');
    expect(describeAuditEntry(entry({ action: 'future.thing', after: { x: 'y' } }))).toBe('future.thing: x: y');
    expect(describeAuditEntry(entry({ action: 'future.thing' }))).toBe('future.thing');
  });

  it('cuts a long value so the line stays readable', () => {
    const text = describeChanges(null, { description: 'a'.repeat(300) });
    expect(text.length).toBeLessThan(100);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('describeAuditChange', () => {
  it("leaves out the action's name, which a table shows in its own column", () => {
    expect(describeAuditChange(entry({ before: { status: 'Order Placed' }, after: { status: 'Shipped' } }))).toBe(
      'Order Placed → Shipped',
    );
    expect(describeAuditChange(entry({ action: 'package.deleted' }))).toBe('');
    expect(
      describeAuditChange(entry({ action: 'settings.notifications_changed', after: { notifyCustomers: true } })),
    ).toBe('Customer notifications turned on');
  });
});

describe('describeActor and the whole line', () => {
  it('names the operator by e-mail, a submission as Customer, the server as System, its commands as Command line', () => {
    expect(describeActor(entry({}))).toBe('ops@courier.test');
    expect(describeActor(entry({ actorKind: 'customer', actorId: null, actorEmail: null }))).toBe('Customer');
    expect(describeActor(entry({ actorKind: 'system', actorId: null, actorEmail: null }))).toBe('System');
    expect(describeActor(entry({ actorKind: 'command-line', actorId: null, actorEmail: null }))).toBe('Command line');
    expect(describeActor(entry({ actorEmail: null }))).toBe('op-1');
  });

  it('joins time, person and sentence', () => {
    const line = describeAuditLine(entry({ before: { status: 'Order Placed' }, after: { status: 'Shipped' } }));
    expect(line).toBe(
      `${formatAuditTime('2026-11-25T14:05:00.000Z')} · ops@courier.test · Status changed: Order Placed → Shipped`,
    );
    expect(formatAuditTime('2026-11-25T14:05:00.000Z')).toMatch(/^25 Nov 2026, \d\d:\d\d$/);
    expect(formatAuditTime('not a date')).toBe('not a date');
    expect(actionLabel('package.accepted')).toBe('Package accepted');
  });
});
