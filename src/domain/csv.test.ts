import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './csv';

describe('neutraliseFormula', () => {
  it('prefixes a quote to a cell a spreadsheet would run as a formula, and leaves every other cell as it is', () => {
    for (const formula of ['=HYPERLINK("http://x")', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseFormula(formula)).toBe(`'${formula}`);
    for (const plain of ['', 'Lighting', '10.0.0.1', '2026-11-25T08:00:00.000Z', ' =not first', "'quoted", '\n=line']) expect(neutraliseFormula(plain)).toBe(plain);
  });
});
