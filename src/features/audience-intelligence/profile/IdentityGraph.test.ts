import { describe, expect, it } from 'vitest';
import { mergeOutcome } from './IdentityGraph';

describe('mergeOutcome', () => {
  it('counts one record or profile in the singular', () => {
    expect(mergeOutcome(false, 1)).toBe(' joined 1 record');
    expect(mergeOutcome(false, 3)).toBe(' joined 3 records');
    expect(mergeOutcome(true, 1)).toBe(' would have joined 1 profile');
    expect(mergeOutcome(true, 38)).toBe(' would have joined 38 profiles');
  });
});
