import { describe, expect, it } from 'vitest';
import { API_ERRORS, ERROR_CODES, errorCodeOf, isErrorCode } from './errors';

describe('error catalogue', () => {
  it('gives every code a stable snake_case name, an HTTP error status and wording', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      const { status, error, message } = API_ERRORS[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(error.trim(), code).not.toBe('');
      expect(message.trim(), code).not.toBe('');
    }
  });

  it("keeps the specification's sign-in wording", () => {
    expect(API_ERRORS.invalid_credentials).toMatchObject({ status: 401, error: 'Invalid credentials' });
    expect(API_ERRORS.email_taken).toMatchObject({ status: 409, error: 'Email already exists' });
    expect(API_ERRORS.user_not_found).toMatchObject({ status: 404, error: 'User not found' });
    expect(API_ERRORS.account_suspended.error).toBe('Your account has been suspended. Please contact your administrator.');
    expect(API_ERRORS.invitation_used.error).toBe('This invitation has already been used. Please sign in instead.');
  });

  it('reads the code of a failure, ignoring unknown ones', () => {
    expect(errorCodeOf({ code: 'rate_limited' })).toBe('rate_limited');
    expect(errorCodeOf({ code: 'made_up' })).toBeUndefined();
    expect(errorCodeOf({ code: 'toString' })).toBeUndefined();
    expect(errorCodeOf(null)).toBeUndefined();
    expect(isErrorCode('not_found')).toBe(true);
  });
});
