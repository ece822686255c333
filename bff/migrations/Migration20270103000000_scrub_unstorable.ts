import { Migration } from '@mikro-orm/migrations';
import { onPostgres } from './schemaBuilder';

/**
 * Cleans what was stored before every body was checked for unstorable values (bff/platform/
 * storable.ts): a json column could keep a `\u0000` or a lone-surrogate escape, which PostgreSQL
 * stores in `json` but refuses the moment a read casts or extracts it ("unsupported Unicode escape
 * sequence"), so one such answer failed every per-question read of its survey, and one such
 * identifier failed every audience build of its company. Each such character becomes U+FFFD, the
 * replacement character, so the value stays readable and shows where something was dropped.
 *
 * Every json column of every table with an id is looked at; only rows whose text holds such an
 * escape are read and written again. Nothing to do for jsonb, which never accepted them.
 */
export class Migration20270103000000_scrub_unstorable extends Migration {
  override async up(): Promise<void> {
    const engine = onPostgres(this) ? 'postgresql' : 'sqlite';
    await scrubStoredJson((sql, params) => this.execute(sql, params), engine);
  }

  override down(): void {
    // What was replaced is not worth restoring: it was never readable.
  }
}

type Execute = (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

// eslint-disable-next-line no-control-regex -- NUL is exactly what this replaces.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const clean = (text: string) => text.replace(UNSTORABLE, '\uFFFD');

function scrubValue(value: unknown): unknown {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) return value.map(scrubValue);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [clean(key), scrubValue(item)]));
  return value;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Each table's json columns, for tables with an id to write rows back by. */
async function jsonColumns(execute: Execute, engine: 'postgresql' | 'sqlite'): Promise<Array<{ table: string; column: string }>> {
  const rows =
    engine === 'postgresql'
      ? await execute(
          `select c.table_name as "table", c.column_name as "column" from information_schema.columns c
            where c.table_schema = current_schema() and c.data_type = 'json'
              and exists (select 1 from information_schema.columns i where i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id')`,
        )
      : await execute(
          `select m.name as "table", p.name as "column" from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and lower(p.type) = 'json'
              and exists (select 1 from pragma_table_info(m.name) i where i.name = 'id')`,
        );
  return rows.map((row) => ({ table: String(row.table), column: String(row.column) }));
}

/**
 * Replaces NUL and lone surrogates in every stored json value with U+FFFD; answers how many values
 * (a row's column) changed. Rows are found by the escape in their text (`\u0000`, `\ud800`–`\udfff`); a paired
 * surrogate or an escaped backslash found that way is parsed and left as it is.
 */
export async function scrubStoredJson(execute: Execute, engine: 'postgresql' | 'sqlite'): Promise<number> {
  let changed = 0;
  for (const { table, column } of await jsonColumns(execute, engine)) {
    // A cheap first cut in the database (a NUL or any \ud... escape); the parse below decides.
    const suspect =
      engine === 'postgresql' ? `${quote(column)}::text ~* '\\\\u(0000|d[89a-f])'` : `(${quote(column)} like '%\\u0000%' or ${quote(column)} like '%\\ud%')`;
    const rows = await execute(`select id, ${quote(column)}${engine === 'postgresql' ? '::text' : ''} as value from ${quote(table)} where ${suspect}`);
    for (const row of rows) {
      const text = String(row.value);
      let cleaned: string;
      try {
        cleaned = JSON.stringify(scrubValue(JSON.parse(text)));
      } catch {
        // Nested beyond the stack: left as it is, as before.
        continue;
      }
      if (cleaned === JSON.stringify(JSON.parse(text))) continue;
      await execute(`update ${quote(table)} set ${quote(column)} = ? where id = ?`, [cleaned, row.id]);
      changed++;
    }
  }
  return changed;
}
