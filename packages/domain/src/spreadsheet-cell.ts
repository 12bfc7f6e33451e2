/**
 * The characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return,
 * shift it into a neighbouring cell before it does): a customer's name of `=HYPERLINK(…)` in an
 * exported file would otherwise run when an operator opens it.
 */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A text cell as it may go into a CSV file opened by a spreadsheet: one that begins with a formula
 * character gets a leading `'`, which spreadsheets show as text and do not evaluate. Everything else is
 * kept as it is, so the file still holds exactly what was typed.
 */
export function neutraliseSpreadsheetCell(text: string): string {
  return FORMULA_STARTS.has(text.charAt(0)) ? `'${text}` : text;
}
