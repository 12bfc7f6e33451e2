/**
 * One key for every way of writing one mailbox, so a limit per recipient cannot be dodged by writing
 * the address another way: lower-cased and trimmed, the local part without a `+tag` (plus addressing,
 * which most providers deliver to the same mailbox) and without dots (Gmail ignores them; elsewhere
 * two addresses that differ only by dots merely share a limit), and googlemail.com read as gmail.com.
 * `ann.lee+parcels@GoogleMail.com` and `annlee@gmail.com` give the same key. For counting only: mail is
 * always sent to the address as typed.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domain = address.slice(at + 1);
  const plus = address.indexOf('+');
  const local = address.slice(0, plus >= 0 && plus < at ? plus : at).replaceAll('.', '');
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}
