import { Readable } from "node:stream";
import { parse as parseCsv } from "csv-parse";

// Server only (node:stream): import-csv.ts is also the dashboard's, in the browser.

/** Characters of the CSV text handed to the stream parser at a time (streamCsvRows). */
const STREAM_SLICE_CHARS = 64 * 1024;

/**
 * The rows of CSV text one at a time, as parseCsvHeader reads its first, without holding them
 * all: csv-parse's stream parser (one pass, no re-parse of a slice) fed 64 KB slices and read
 * with backpressure, so at most about a slice's rows are in memory whatever the file's size.
 * Lenient as papaparse is: rows of any length, stray quotes inside unquoted cells kept.
 */
export async function* streamCsvRows(csv: string): AsyncGenerator<string[]> {
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  const slices = function* () {
    for (let at = 0; at < text.length; at += STREAM_SLICE_CHARS) yield text.slice(at, at + STREAM_SLICE_CHARS);
  };
  const parser = parseCsv({ relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  const source = Readable.from(slices());
  source.pipe(parser);
  try {
    for await (const row of parser as AsyncIterable<string[]>) yield row.map((cell) => cell.trim());
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
}
