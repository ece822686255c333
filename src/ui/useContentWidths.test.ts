import { describe, expect, it } from 'vitest';
import { shareRoom } from './useContentWidths';

const date = { field: 'date', content: 170, floor: 170, flexible: false };
const name = { field: 'name', content: 120, floor: 120, flexible: true };
const email = { field: 'email', content: 300, floor: 160, flexible: true };

describe('shareRoom', () => {
  it('gives every column its content and the room to spare to the flexible ones, the widest the most', () => {
    const widths = shareRoom([date, name, email], 1010);
    expect(widths.date).toBe(170);
    // 420 to spare, shared 120 : 300.
    expect(widths.name).toBe(240);
    expect(widths.email).toBe(600);
  });

  it('shares the room among all columns when none is flexible', () => {
    expect(shareRoom([date, { ...name, flexible: false }], 580)).toEqual({ date: 340, name: 240 });
  });

  it('short of room, keeps the fixed columns whole and shortens the widest flexible column first', () => {
    const widths = shareRoom([date, name, email], 520);
    expect(widths).toEqual({ date: 170, name: 120, email: 230 });
  });

  it('shortens flexible columns to one level once they are equally wide, never below their floors', () => {
    const wide = { field: 'story', content: 400, floor: 100, flexible: true };
    expect(shareRoom([date, email, wide], 170 + 400)).toEqual({ date: 170, email: 200, story: 200 });
    // Less room than the floors need: every column at its floor, and the table scrolls.
    expect(shareRoom([date, email, wide], 300)).toEqual({ date: 170, email: 160, story: 100 });
  });
});
