import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '@domain/requests';
import { filterRequests, KIND_FILTER_LABELS, KIND_FILTERS, mailtoHref, openableLink } from './inbox';

const request = (id: string, kind: ServiceRequest['kind']): ServiceRequest => ({
  id,
  kind,
  companyId: 'c-acme',
  companyName: 'Acme Retail',
  requestedByName: 'Alice',
  requestedByEmail: 'alice@acme.example',
  subject: id,
  link: null,
  contactEmail: null,
  message: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('openableLink', () => {
  it('opens http and https addresses', () => {
    expect(openableLink('https://docs.example.com/api')).toBe('https://docs.example.com/api');
    expect(openableLink(' http://docs.example.com ')).toBe('http://docs.example.com/');
  });

  it('never opens another scheme, a relative path or nothing', () => {
    expect(openableLink('javascript:alert(1)')).toBeNull();
    expect(openableLink('JavaScript:alert(1)')).toBeNull();
    expect(openableLink('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(openableLink('ftp://files.example.com')).toBeNull();
    expect(openableLink('/api/requests')).toBeNull();
    expect(openableLink('docs.example.com')).toBeNull();
    expect(openableLink('')).toBeNull();
    expect(openableLink(null)).toBeNull();
  });
});

describe('filterRequests', () => {
  const requests = [request('a', 'custom_api'), request('b', 'contact_sales'), request('c', 'custom_api')];

  it('keeps every request for All, in their order', () => {
    expect(filterRequests(requests, 'all').map(({ id }) => id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps only the chosen kind', () => {
    expect(filterRequests(requests, 'custom_api').map(({ id }) => id)).toEqual(['a', 'c']);
    expect(filterRequests(requests, 'model_access')).toEqual([]);
  });

  it('offers All, then every kind by its label', () => {
    expect(KIND_FILTERS.map((kind) => KIND_FILTER_LABELS[kind])).toEqual(['All', 'Custom API', 'Contact Sales', 'Model access']);
  });
});

describe('mailtoHref', () => {
  it('writes to a plain address', () => {
    expect(mailtoHref('alice@acme.example')).toBe('mailto:alice@acme.example');
  });

  it('links no address that is not one or that would add to the draft', () => {
    expect(mailtoHref('not an address')).toBeNull();
    expect(mailtoHref('alice@acme.example?cc=eve@evil.example')).toBeNull();
    expect(mailtoHref('alice%40acme.example@x.example')).toBeNull();
    expect(mailtoHref(null)).toBeNull();
  });
});
