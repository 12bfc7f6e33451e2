import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox.ts';

describe('mailboxKey', () => {
  it('reads plus-addresses, dots, case and googlemail.com as the one mailbox they reach', () => {
    const key = mailboxKey('annlee@gmail.com');
    for (const variant of [
      'Ann.Lee@gmail.com',
      'a.n.n.l.e.e@gmail.com',
      'annlee+parcels@gmail.com',
      'ann.lee+x.y+z@GoogleMail.com',
      '  ANNLEE@GMAIL.COM ',
    ]) {
      expect(mailboxKey(variant), variant).toBe(key);
    }
  });

  it('keeps other mailboxes apart', () => {
    expect(mailboxKey('ann@example.org')).not.toBe(mailboxKey('ann@example.com'));
    expect(mailboxKey('ann@example.org')).not.toBe(mailboxKey('anne@example.org'));
    expect(mailboxKey('ann+a@example.org')).toBe(mailboxKey('ann@example.org'));
  });

  it('reads a text without an @ as itself', () => {
    expect(mailboxKey(' Not-An-Address ')).toBe('not-an-address');
  });
});
