import { describe, expect, it } from 'vitest';
import { csvRowCounter } from './csvProgress';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvRowCounter', () => {
  it('counts data rows after the header, across pieces cut anywhere', () => {
    const counter = csvRowCounter();
    expect(counter.push(bytes('user_id,name\r'))).toBe(0);
    expect(counter.push(bytes('\nu1,"Doe, Jane"\r\nu2,"Line one\nLine'))).toBe(2);
    expect(counter.push(bytes(' two"\r\nu3,"Say ""hi""\r\n"'))).toBe(3);
    expect(counter.push(bytes('\r\nu4,Zoë'))).toBe(4);
    expect(counter.rows).toBe(4);
  });

  it('counts empty rows of a single column, and nothing for the header alone', () => {
    const empty = csvRowCounter();
    expect(empty.push(bytes('age'))).toBe(0);
    const blanks = csvRowCounter();
    expect(blanks.push(bytes('age\r\n\r\n30\r\n'))).toBe(3);
  });

  it('is not fooled by multi-byte characters split between pieces', () => {
    const counter = csvRowCounter();
    const text = bytes('name\r\n"Jürgen ""Ü"""\r\nÅsa');
    counter.push(text.slice(0, 9));
    expect(counter.push(text.slice(9))).toBe(2);
  });
});
