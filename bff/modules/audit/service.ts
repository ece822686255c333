/**
 * Reading the audit log: newest first, filtered, a page at a time (a cursor: the last entry's time
 * and id, so entries recorded meanwhile neither shift nor repeat a page), and the whole filtered
 * log as a CSV file, streamed a page at a time. Nothing here writes: the log is append-only.
 */
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { AUDIT_CSV_COLUMNS, AUDIT_PAGE_SIZE, auditWindow, type AuditEntryView, type AuditLogQuery, type AuditPage } from '@domain/audit/types';
import { isUuid } from '@domain/params';
import { AuditEntry } from '../../entities';
import { CsvPage } from '../../platform/csvPage';
import { apiError } from '../../platform/errors';

/** Rows read per page of the CSV file. */
const CSV_PAGE_ROWS = 500;

export function presentAuditEntry(entry: AuditEntry): AuditEntryView {
  return {
    id: entry.id,
    companyId: entry.auditedCompanyId,
    actor: { kind: entry.actorKind, id: entry.actorId, email: entry.actorEmail },
    address: entry.address,
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId, label: entry.targetLabel },
    code: entry.code,
    changes: entry.changes,
    createdAt: entry.createdAt.toISOString(),
  };
}

const CURSOR_MESSAGE = 'cursor must be a cursor from a previous page';

interface Cursor {
  at: Date;
  id: string;
}

function encodeCursor(entry: AuditEntry): string {
  return Buffer.from(JSON.stringify([entry.createdAt.getTime(), entry.id])).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at === 'number' && Number.isFinite(at) && typeof id === 'string' && isUuid(id)) return { at: new Date(at), id };
  } catch {
    // Answered below, like any other cursor that is not one of ours.
  }
  throw apiError('invalid_parameter', { error: CURSOR_MESSAGE, message: 'Check these parameters: cursor.', fields: { cursor: CURSOR_MESSAGE } });
}

/** The entries a query selects, for `companyId` (undefined: every company, a global admin's view). */
function filterOf(query: AuditLogQuery, companyId: string | undefined, after?: Cursor): FilterQuery<AuditEntry> {
  const where: FilterQuery<AuditEntry>[] = [];
  if (companyId) where.push({ auditedCompanyId: companyId });
  if (query.action) where.push({ action: query.action as AuditEntry['action'] });
  if (query.targetType) where.push({ targetType: query.targetType as AuditEntry['targetType'] });
  const actor = query.actor?.trim();
  if (actor) where.push(isUuid(actor) ? { actorId: actor.toLowerCase() } : { actorEmail: actor.toLowerCase() });
  const { from, before } = auditWindow(query);
  if (from) where.push({ createdAt: { $gte: from } });
  if (before) where.push({ createdAt: { $lt: before } });
  if (after) where.push({ $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, id: { $lt: after.id } }] });
  return where.length ? { $and: where } : {};
}

async function readPage(em: EntityManager, query: AuditLogQuery, companyId: string | undefined, limit: number, after?: Cursor): Promise<{ rows: AuditEntry[]; more: boolean }> {
  const rows = await em.find(AuditEntry, filterOf(query, companyId, after), { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 });
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export async function auditPage(em: EntityManager, query: AuditLogQuery, companyId: string | undefined): Promise<AuditPage> {
  const limit = query.limit ? Number(query.limit) : AUDIT_PAGE_SIZE;
  const { rows, more } = await readPage(em, query, companyId, limit, query.cursor ? decodeCursor(query.cursor) : undefined);
  return { entries: rows.map(presentAuditEntry), nextCursor: more ? encodeCursor(rows.at(-1)!) : null };
}

const json = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));

function writeRow(page: CsvPage, entry: AuditEntry): void {
  const cells = [
    entry.createdAt.toISOString(),
    entry.auditedCompanyId ?? '',
    entry.actorKind,
    entry.actorId ?? '',
    entry.actorEmail ?? '',
    entry.address ?? '',
    entry.action,
    entry.targetType,
    entry.targetId ?? '',
    entry.targetLabel ?? '',
    entry.code ?? '',
    json(entry.changes?.before),
    json(entry.changes?.after),
  ];
  cells.forEach((cell, index) => {
    if (index) page.comma();
    page.quotedWhenNeeded(cell);
  });
  page.lineBreak();
}

/**
 * The filtered log as CSV pages: the header, then a page per CSV_PAGE_ROWS entries, each read
 * after the last one's cursor (a fork of its own, cleared page to page, so memory stays flat).
 * The cursor is checked before the first byte is sent, so a bad one is still a 400.
 */
export function auditCsvPages(em: EntityManager, query: AuditLogQuery, companyId: string | undefined): AsyncIterable<Buffer> {
  const start = query.cursor ? decodeCursor(query.cursor) : undefined;
  const reader = em.fork();
  return (async function* pages() {
    const page = new CsvPage(64 * 1024);
    AUDIT_CSV_COLUMNS.forEach((column, index) => {
      if (index) page.comma();
      page.quotedWhenNeeded(column);
    });
    page.lineBreak();
    let after = start;
    for (;;) {
      const { rows, more } = await readPage(reader, query, companyId, CSV_PAGE_ROWS, after);
      for (const row of rows) writeRow(page, row);
      yield page.take();
      if (!more) return;
      after = { at: rows.at(-1)!.createdAt, id: rows.at(-1)!.id };
      reader.clear();
    }
  })();
}
