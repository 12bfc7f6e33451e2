import { describe, expect, it } from 'vitest';
import { canRecordDelivery, receiverInitials } from './delivery-proof.ts';

describe('receiverInitials', () => {
  it.each([
    ['Kofi Mensah', 'K. M.'],
    ['kofi', 'K.'],
    ['  Ama   Serwaa  Boateng ', 'A. S. B.'],
    ['Anne-Marie Dupont', 'A.-M. D.'],
    ['Jean - Luc', 'J. L.'],
    ['Zoë Ølstad', 'Z. Ø.'],
    ['Иван Петров', 'И. П.'],
    ['山田 太郎', '山. 太.'],
    ["O'Brien", 'O.'],
    ['(Kofi) Mensah', 'K. M.'],
    ['𝒜lice Smith', '𝒜. S.'],
    ['Unit 42', 'U. 4.'],
    ['', ''],
    ['   ', ''],
    ['- . -', ''],
  ])('%j → %j', (name, initials) => {
    expect(receiverInitials(name)).toBe(initials);
  });

  it('never repeats more than a letter of any word', () => {
    expect(receiverInitials('Bartholomew Featherstonehaugh')).toBe('B. F.');
  });
});

describe('canRecordDelivery', () => {
  it.each([
    ['Pending', false],
    ['Rejected', false],
    ['Order Placed', true],
    ['Out for Delivery', true],
    ['Delivered', true],
    ['Held at depot', true],
  ])('%s → %s', (status, allowed) => {
    expect(canRecordDelivery(status)).toBe(allowed);
  });
});
