import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@domain/auth/roles';
import { isActivePath, NAVIGATION, visibleNavigation, type NavGroup } from './navigation';

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
    expect(labels(visibleNavigation({ role: 'admin', permissions: [...DEFAULT_PERMISSIONS.admin] }))).toEqual(
      labels(NAVIGATION),
    );
  });

  it('hides Audience Intelligence from a company admin but shows their permitted pages', () => {
    const groups = visibleNavigation({ role: 'company_admin', permissions: [...DEFAULT_PERMISSIONS.company_admin] });
    expect(labels(groups)).toEqual({
      Overview: ['Dashboard'],
      Data: ['Data Sources', 'Data Types', 'Outbound API', 'Export Data'],
      Surveys: ['CreateIQ', 'LiveIQ'],
      Discovery: ['Discovery Settings'],
    });
  });

  it('hides a group when none of its pages may be opened', () => {
    const groups = visibleNavigation({ role: 'user', permissions: ['dashboard:read'] });
    expect(labels(groups)).toEqual({ Overview: ['Dashboard'] });
  });

  it('shows only the pages a permission opens', () => {
    const groups = visibleNavigation({ role: 'user', permissions: ['dashboard:read', 'api:read', 'models:read'] });
    expect(labels(groups)).toEqual({ Overview: ['Dashboard'], Data: ['Outbound API'], Discovery: ['Discovery Settings'] });
  });

  it('shows nothing without a session', () => {
    expect(visibleNavigation(null)).toEqual([]);
  });

  it('marks an item active on its page and the pages below it, the overview only on "/"', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/data-types')).toBe(false);
    expect(isActivePath('/data-types', '/data-types')).toBe(true);
    expect(isActivePath('/data-types', '/data-types/42')).toBe(true);
    expect(isActivePath('/data', '/data-types')).toBe(false);
  });
});
