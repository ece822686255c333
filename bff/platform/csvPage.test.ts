import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from '@domain/csv';
import { CsvPage } from './csvPage';

/** A cell as RFC 4180 quotes it, its formula neutralised: what CsvPage.quoted must write. */
const quotedText = (text: string) => `"${neutraliseFormula(text).replaceAll('"', '""')}"`;

describe('CsvPage', () => {
  it('writes quoted cells, commas and line breaks as UTF-8, growing past its first buffer', () => {
    const cells = ['plain', 'with "quotes"', '=HYPERLINK("http://x")', '+cmd', '-1', '@sum', '\tTab', '\rCR', 'line one\r\nline two, with a comma', '', 'Ünïcödé — 日本語 🎉', '\uD800 lone surrogate'];
    // Four bytes to start with: every cell makes it grow.
    const page = new CsvPage(4);
    cells.forEach((cell, index) => {
      if (index) page.comma();
      page.quoted(cell);
    });
    page.lineBreak();
    page.quotedPlain('2026-11-25T08:00:00.045Z');
    const expected = `${cells.map(quotedText).join(',')}\r\n"2026-11-25T08:00:00.045Z"`;
    // The bytes the text's own encoding makes (a lone surrogate becomes U+FFFD either way).
    expect(page.byteLength).toBe(Buffer.byteLength(expected));
    expect(page.take().equals(Buffer.from(expected, 'utf8'))).toBe(true);
  });

  it('starts afresh after each take, leaving the page taken as it was', () => {
    const page = new CsvPage(8);
    page.quoted('first page');
    const first = page.take();
    page.quoted('second');
    expect(page.take().toString()).toBe('"second"');
    expect(first.toString()).toBe('"first page"');
    expect(page.byteLength).toBe(0);
  });
});
