/**
 * Which of the six source kinds a record contributes to its profile. A connected source counts by
 * its catalogue category; sources whose category says nothing of the channel (files, databases,
 * storage, custom APIs) count by what their records are: people are CRM data, events analytics.
 * Survey responses count by the device they were answered on, prediction-API events as web
 * unless they name a mobile or tablet device.
 */
import { catalogueSource, type CatalogueCategory } from '../data/catalogue';
import type { RecordKind } from '../data/unifiedModel';
import { SOURCE_KINDS, type SourceKind } from './contract';

export const CATEGORY_SOURCE_KIND: Partial<Record<CatalogueCategory, SourceKind>> = {
  'Web Analytics': 'web',
  'E-commerce Platforms': 'web',
  'Media & Content': 'web',
  'CRM Systems': 'crm',
  'Payment Processing': 'crm',
  'Productivity Tools': 'support',
  'Analytics & Growth': 'analytics',
  'Email Marketing': 'email',
};

/** The kind of a connected source's records (catalogueId as stored on the data source). */
export function sourceKindOfDataSource(catalogueId: string, recordKind: RecordKind): SourceKind {
  const category = catalogueSource(catalogueId)?.category;
  const byCategory = category ? CATEGORY_SOURCE_KIND[category] : undefined;
  if (byCategory) return byCategory;
  return recordKind === 'events' ? 'analytics' : 'crm';
}

const isHandheld = (device: string | null | undefined) => {
  const lower = device?.trim().toLowerCase();
  return lower === 'mobile' || lower === 'tablet' || lower === 'phone' || lower === 'smartphone';
};

/** A survey response: mobile or tablet is mobile, desktop (and anything else) web. */
export function sourceKindOfResponse(deviceType: string | null | undefined): SourceKind {
  return isHandheld(deviceType) ? 'mobile' : 'web';
}

/** A prediction-API event: web, or mobile when its device_type says so. */
export function sourceKindOfApiEvent(deviceType: string | null | undefined): SourceKind {
  return isHandheld(deviceType) ? 'mobile' : 'web';
}

export const sourceBit = (kind: SourceKind): number => 1 << SOURCE_KINDS.indexOf(kind);

export function sourceKindsOfMask(mask: number): SourceKind[] {
  return SOURCE_KINDS.filter((kind) => (mask & sourceBit(kind)) !== 0);
}

/** Share of the six kinds present, 0-100 with one decimal. */
export function coverageOfMask(mask: number): number {
  return Math.round((sourceKindsOfMask(mask).length / SOURCE_KINDS.length) * 1000) / 10;
}
