import { describe, expect, it } from 'vitest';
import {
  activationErrorMessage,
  invitationValidationErrorMessage,
  loginErrorMessage,
  NETWORK_ERROR,
  registerErrorMessage,
  SERVER_ERROR,
} from './errors';

/** What the API client throws for an error answer: its `error` wording, status and code. */
const answered = (status: number, message: string, code?: string) => ({ status, message, code });
/** What the API client throws when no answer came. */
const networkFailure = { name: 'NetworkError', message: 'Network error', timedOut: false };

describe('loginErrorMessage', () => {
  it('words invalid credentials by code, and any 401', () => {
    expect(loginErrorMessage(answered(401, 'Invalid credentials', 'invalid_credentials'))).toBe(
      'Invalid email or password. Please try again.',
    );
    expect(loginErrorMessage({ code: 'invalid_credentials' })).toBe('Invalid email or password. Please try again.');
    expect(loginErrorMessage(answered(401, 'Session expired'))).toBe('Invalid email or password. Please try again.');
  });

  it('words an unknown account by code', () => {
    expect(loginErrorMessage(answered(404, 'User not found', 'user_not_found'))).toBe(
      'User not found. Please contact your administrator to get access to the dashboard.',
    );
  });

  it('does not read the English wording of the server', () => {
    expect(loginErrorMessage(answered(403, 'Invalid credentials', 'access_denied'))).toBe('Invalid credentials');
  });

  it('says the server failed on a 500', () => {
    expect(loginErrorMessage(answered(500, 'Internal server error', 'internal_error'))).toBe(SERVER_ERROR);
    expect(SERVER_ERROR).toBe('Server error. Please try again later.');
  });

  it("shows the server's own message for any other failure, whatever its code", () => {
    const suspended = 'Your account has been suspended. Please contact your administrator.';
    expect(loginErrorMessage(answered(403, suspended, 'account_suspended'))).toBe(suspended);
    expect(loginErrorMessage(answered(418, 'Brewing tea instead', 'teapot_engaged'))).toBe('Brewing tea instead');
  });

  it('blames the network when no answer came', () => {
    expect(loginErrorMessage(networkFailure)).toBe('Network error. Please try again.');
    expect(loginErrorMessage(new Error('Failed to fetch'))).toBe(NETWORK_ERROR);
  });
});

describe('registerErrorMessage', () => {
  it('words a taken e-mail address by code', () => {
    expect(registerErrorMessage(answered(409, 'Email already exists', 'email_taken'))).toBe(
      'An account with this email already exists. Please try logging in instead.',
    );
  });

  it('words invalid data on a 400', () => {
    expect(registerErrorMessage(answered(400, 'password is too short', 'validation_failed'))).toBe(
      'Invalid registration data. Please check your information and try again.',
    );
  });

  it('says the server failed on a 500', () => {
    expect(registerErrorMessage(answered(500, 'Internal server error', 'internal_error'))).toBe(
      'Server error. Please try again later.',
    );
  });

  it("shows the server's message for a code it does not word itself", () => {
    expect(registerErrorMessage(answered(429, 'Too many attempts', 'brand_new_code'))).toBe('Too many attempts');
  });

  it('blames the network when no answer came', () => {
    expect(registerErrorMessage(networkFailure)).toBe('Network error. Please try again.');
  });
});

describe('the invitation messages', () => {
  it("show the server's message, or the specification's fallback", () => {
    const used = 'This invitation has already been used. Please sign in instead.';
    expect(invitationValidationErrorMessage(answered(410, used, 'invitation_used'))).toBe(used);
    expect(invitationValidationErrorMessage(networkFailure)).toBe(
      'Invalid or expired invitation link. Please contact your administrator for a new invitation.',
    );
    expect(activationErrorMessage(answered(400, 'password must be at least 8 characters', 'validation_failed'))).toBe(
      'password must be at least 8 characters',
    );
    expect(activationErrorMessage(networkFailure)).toBe('Failed to activate account. Please try again.');
  });

  it('use the fallback when the server only says it failed', () => {
    expect(activationErrorMessage(answered(500, 'Internal server error', 'internal_error'))).toBe(
      'Failed to activate account. Please try again.',
    );
    expect(activationErrorMessage(answered(500, 'HTTP error! status: 500'))).toBe(
      'Failed to activate account. Please try again.',
    );
  });
});
