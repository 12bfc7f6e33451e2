const rules = new Intl.PluralRules('en-US');

/**
 * "1 package", "2 packages", "0 packages": a count with the noun its number takes in English, chosen
 * by Intl.PluralRules. The count is written with the locale's grouping ("1,200 packages").
 */
export function countOf(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('en-US')} ${rules.select(n) === 'one' ? singular : plural}`;
}
