import { describe, expect, it } from 'vitest';
import { sessionFromAnswer } from '@/lib/session';
import { AUTH_STORAGE_KEYS, STORAGE_KEYS } from '@/lib/storage';
import { companyAdminAnswer, companyAdminSession } from '@/lib/testing/sessions';
import { clearStoredSession, readStoredSession, writeStoredSession } from './sessionStore';

describe('the stored session', () => {
  it('is written under the keys of the specification, JSON where structured', () => {
    writeStoredSession(companyAdminSession);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(companyAdminSession.token);
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('company_admin');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(companyAdminSession.user);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.company)!)).toEqual(companyAdminSession.company);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.permissions)!)).toEqual(companyAdminSession.permissions);
  });

  it('reads back what was written', () => {
    writeStoredSession(companyAdminSession);
    expect(readStoredSession()).toEqual(companyAdminSession);
  });

  it('takes the role from the user of the sign-in answer', () => {
    expect(sessionFromAnswer(companyAdminAnswer).role).toBe(companyAdminAnswer.user.role);
  });

  it.each([STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.role, STORAGE_KEYS.company])(
    'is not restored when %s is missing',
    (key) => {
      writeStoredSession(companyAdminSession);
      localStorage.removeItem(key);
      expect(readStoredSession()).toBeNull();
    },
  );

  it('is not restored from an unknown role or unreadable JSON', () => {
    writeStoredSession(companyAdminSession);
    localStorage.setItem(STORAGE_KEYS.role, 'superuser');
    expect(readStoredSession()).toBeNull();
    writeStoredSession(companyAdminSession);
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(readStoredSession()).toBeNull();
  });

  it('keeps only known permissions, and none when they are missing', () => {
    writeStoredSession(companyAdminSession);
    localStorage.setItem(STORAGE_KEYS.permissions, JSON.stringify(['users:read', 'launch:rockets']));
    expect(readStoredSession()?.permissions).toEqual(['users:read']);
    localStorage.removeItem(STORAGE_KEYS.permissions);
    expect(readStoredSession()?.permissions).toEqual([]);
  });

  it('is cleared entirely, the company filter included', () => {
    writeStoredSession(companyAdminSession);
    localStorage.setItem(STORAGE_KEYS.companyFilter, 'c-acme');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    clearStoredSession();
    for (const key of AUTH_STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    // The theme is the device's choice, not the session's.
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });
});
