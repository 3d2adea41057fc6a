/**
 * CSV as RFC 4180 writes it, for spreadsheets: every row ends in CRLF, a cell with a quote, comma
 * or line break is quoted with its quotes doubled. A text cell that a spreadsheet would run as a
 * formula (starting with = + - @, or a tab or carriage return that hides one) gets a leading
 * apostrophe, as OWASP's CSV-injection advice has it: audit details are written by users.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
