import { describe, expect, it } from 'vitest';
import { callerOf } from '@/lib/session';
import { companyAdminSession, companyUserSession, globalAdminSession } from '@/lib/testing/sessions';
import { APP_ROUTES } from '../routes';
import { buildNavigation, isActivePath, visibleNavigation, type NavGroup } from './navigation';

const NAVIGATION = buildNavigation(APP_ROUTES);

const labels = (groups: readonly NavGroup[]) =>
  Object.fromEntries(groups.map((group) => [group.label, group.items.map((item) => item.label)]));

describe('the navigation', () => {
  it('has the four groups of the specification, derived from the route table', () => {
    expect(labels(NAVIGATION)).toEqual({
      Overview: ['Dashboard', 'Audience Intelligence'],
      Data: ['Data Sources', 'Data Types', 'Outbound API', 'Export Data'],
      Surveys: ['CreateIQ', 'LiveIQ'],
      Discovery: ['Discovery Settings'],
    });
    const surveys = NAVIGATION.find((group) => group.id === 'surveys')!;
    expect(surveys.items.map((item) => item.path)).toEqual(['/zero-party/survey-creation', '/zero-party/survey-published']);
  });

  it('shows a global admin everything', () => {
    expect(labels(visibleNavigation(callerOf(globalAdminSession), NAVIGATION))).toEqual(
      labels(NAVIGATION),
    );
  });

  it('hides Audience Intelligence from a company admin but shows their permitted pages', () => {
    const groups = visibleNavigation(callerOf(companyAdminSession), NAVIGATION);
    expect(labels(groups)).toEqual({
      Overview: ['Dashboard'],
      Data: ['Data Sources', 'Data Types', 'Outbound API', 'Export Data'],
      Surveys: ['CreateIQ', 'LiveIQ'],
      Discovery: ['Discovery Settings'],
    });
  });

  it('hides a group when none of its pages may be opened', () => {
    const groups = visibleNavigation(callerOf({ ...companyUserSession, permissions: ['dashboard:read'] }), NAVIGATION);
    expect(labels(groups)).toEqual({ Overview: ['Dashboard'] });
  });

  it('shows only the pages a permission opens', () => {
    const groups = visibleNavigation(
      callerOf({ ...companyUserSession, permissions: ['dashboard:read', 'api:read', 'models:read'] }),
      NAVIGATION,
    );
    expect(labels(groups)).toEqual({ Overview: ['Dashboard'], Data: ['Outbound API'], Discovery: ['Discovery Settings'] });
  });

  it('shows nothing without a session', () => {
    expect(visibleNavigation(null, NAVIGATION)).toEqual([]);
  });

  it('marks an item active on its page and the pages below it, the overview only on "/"', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/data-types')).toBe(false);
    expect(isActivePath('/data-types', '/data-types')).toBe(true);
    expect(isActivePath('/data-types', '/data-types/42')).toBe(true);
    expect(isActivePath('/data', '/data-types')).toBe(false);
  });
});
