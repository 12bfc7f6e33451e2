export type Row = Record<string, string | number | undefined>;

/** Prints rows as an aligned text table under a title (numbers right-aligned). */
export function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  if (rows.length === 0) {
    console.log('  (no rows)');
    return;
  }
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: Row[string]) => (value === undefined ? '' : String(value));
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row[column]).length)));
  const line = (values: string[], numeric: boolean[]) =>
    values
      .map((value, index) => (numeric[index] ? value.padStart(widths[index]!) : value.padEnd(widths[index]!)))
      .join('  ');
  console.log(
    `  ${line(
      columns,
      columns.map(() => false),
    )}`,
  );
  console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) {
    const values = columns.map((column) => cell(row[column]));
    console.log(
      `  ${line(
        values,
        columns.map((column) => typeof row[column] === 'number'),
      )}`,
    );
  }
}

/** Rounds to `digits` decimals for display. */
export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
