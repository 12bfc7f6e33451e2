// English plural categories ("one" for exactly 1, "other" for 0, 2, 1.5…), as every count is written.
const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/** "1 package", "2 packages", "1,200 labels": a count with the word its number takes. */
export function countOf(n: number, singular: string, plural: string): string {
  return `${numbers.format(n)} ${rules.select(n) === 'one' ? singular : plural}`;
}
