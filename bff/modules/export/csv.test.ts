import { describe, expect, it } from 'vitest';
import type { ExportRow } from '@domain/audience/export';
import { exportCsvStream } from './csv';

/** The CSV of `rows` sent in pages of two, as the service sends pages. */
async function textOf(rows: ExportRow[], fields: Parameters<typeof exportCsvStream>[1]): Promise<string> {
  async function* source() {
    for (let first = 0; first < rows.length; first += 2) yield rows.slice(first, first + 2);
  }
  const failures: Error[] = [];
  let text = '';
  for await (const chunk of exportCsvStream(source(), fields, (failure) => failures.push(failure))) text += String(chunk);
  expect(failures).toEqual([]);
  return text;
}

describe('the export CSV', () => {
  /** The one cell a value becomes, in a file of that one field. */
  const cellText = async (value: ExportRow['name']) => (await textOf([{ name: value }], ['name'])).slice('name\r\n'.length);

  it('quotes only values with a comma, a quote or a line break, doubling quotes', async () => {
    expect(await cellText('plain value')).toBe('plain value');
    expect(await cellText('Doe, Jane')).toBe('"Doe, Jane"');
    expect(await cellText('Say "hi"')).toBe('"Say ""hi"""');
    expect(await cellText('one\ntwo')).toBe('"one\ntwo"');
    expect(await cellText('one\rtwo')).toBe('"one\rtwo"');
    expect(await cellText('Ünïcödé — 日本語 🎉')).toBe('Ünïcödé — 日本語 🎉');
  });

  it('empties missing values and makes formulas inert, numbers included', async () => {
    expect(await cellText(null)).toBe('');
    expect(await cellText(undefined)).toBe('');
    expect(await textOf([{ revenue: 12.5 }, { revenue: -3 }], ['revenue'])).toBe("revenue\r\n12.5\r\n'-3");
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(await cellText(formula)).toBe(`'${formula}`);
    // A carriage return starts a formula and breaks a line: made inert, then quoted.
    expect(await cellText('\rx')).toBe(`"'\rx"`);
    expect(await cellText('=HYPERLINK("http://x", "a, b")')).toBe(`"'=HYPERLINK(""http://x"", ""a, b"")"`);
  });

  it('writes the header of field ids, then one line per row, CRLF between lines', async () => {
    const text = await textOf(
      [
        { email: 'a@example.com', name: 'Doe, Jane', revenue: 10 },
        { email: null, name: '=cmd', revenue: 0 },
      ],
      ['email', 'name', 'revenue'],
    );
    expect(text).toBe(`email,name,revenue\r\na@example.com,"Doe, Jane",10\r\n,'=cmd,0`);
    // Across pages the rows join with the same line break.
    expect(await textOf([{ age: 1 }, { age: 2 }, { age: 3 }, { age: 4 }, { age: 5 }], ['age'])).toBe('age\r\n1\r\n2\r\n3\r\n4\r\n5');
  });

  it('keeps a row whose chosen fields are all empty, so the rows match the count announced', async () => {
    expect(await textOf([{ age: null }, { age: 30 }, { age: null }], ['age'])).toBe('age\r\n\r\n30\r\n');
  });

  it('is only the header without rows', async () => {
    expect(await textOf([], ['user_id', 'source'])).toBe('user_id,source');
  });
});
