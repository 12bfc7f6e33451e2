import { describe, expect, it } from 'vitest';
import { KNOWN_WORDS, passwordUserInputs, passwordWeakness } from './password-strength.ts';

describe('password strength', () => {
  it('accepts a long, unusual passphrase', async () => {
    expect(await passwordWeakness('Lantern-Quietly-Orbit-47')).toBeUndefined();
    expect(await passwordWeakness('correct horse battery')).toBeUndefined();
  });

  it('refuses short, common and guessable passwords, saying why', async () => {
    expect(await passwordWeakness('Sh0rt-pass!')).toBe('The password must be at least 12 characters.');
    expect(await passwordWeakness('x'.repeat(257))).toBe('The password must be at most 256 characters.');
    expect(await passwordWeakness('password1234')).toMatch(
      /^This password is too easy to guess\. This is similar to a commonly used password\./,
    );
    expect(await passwordWeakness('aaaaaaaaaaaaaaaa')).toMatch(/Repeated characters like "aaa" are easy to guess/);
    expect(await passwordWeakness('qwertyuiopasdf')).toMatch(/^This password is too easy to guess\. \S/);
  });

  it('counts the e-mail and the name as known words', async () => {
    expect(await passwordWeakness('nia.okafor@waybill.test')).toBeUndefined();
    expect(await passwordWeakness('nia.okafor@waybill.test', ['nia.okafor@waybill.test'])).toMatch(
      /^This password is too easy to guess\./,
    );
  });

  it("refuses a password made of the site's name, the person's own, a season or the year", async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const inputs = passwordUserInputs(
      { companyName: 'Waybill', publicUrl: 'https://parcels.example.test' },
      { name: 'Nia Okafor', email: 'nia@waybill.test' },
      now,
    );
    for (const password of ['Waybill Waybill', 'Summer2026!!!', 'NiaOkafor2026', 'parcels parcels']) {
      const weakness = await passwordWeakness(password, inputs);
      expect(weakness, password).toMatch(/^This password is too easy to guess\. \S/);
    }
    expect(await passwordWeakness('NiaOkafor2026', inputs)).toContain(KNOWN_WORDS);
    // Unrelated words stay strong, the site's name among them or not.
    for (const password of ['Lantern-Quietly-Orbit-47', 'correct horse battery', 'Waybill-Console-Lantern-Orbit']) {
      expect(await passwordWeakness(password, inputs), password).toBeUndefined();
    }
  });

  it('estimates off the main thread: a slow estimate does not stall the event loop', async () => {
    await passwordWeakness('warm-up-passphrase-01'); // the estimating thread reads its dictionaries once
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    // Repeated l33t keeps the matcher busy for several hundred milliseconds.
    for (let round = 0; round < 3; round++) await passwordWeakness('P@ssw0rd!'.repeat(7));
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(took).toBeGreaterThan(300);
    // On the main thread one estimate would be one gap, a third of the time.
    expect(longestGap).toBeLessThan(took / 6);
  });
});
