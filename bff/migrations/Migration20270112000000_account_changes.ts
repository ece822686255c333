import { Migration } from '@mikro-orm/migrations';
import { onPostgres } from './schemaBuilder';

/** The tables the caller's row is read from on every authenticated request (bff/middleware/auth.ts). */
const WATCHED = ['users', 'companies'] as const;

/** What a PostgreSQL connection that wrote such a row is told, before its statement's answer. */
const NOTICE = 'navout: account changed';
/** The channel every server process listens on to hear of another connection's change. */
const CHANNEL = 'navout_account_changes';

/**
 * Each process keeps the signed-in caller's row (user and company) in memory while nothing has
 * changed them (bff/platform/accountChanges.ts); these triggers say when something has, whichever
 * write path made the change (the ORM, raw SQL, a later feature).
 *
 * - SQLite: account_changes holds one number that every update or delete of a user or company
 *   increases, read by each request (a row of one column, much cheaper than the caller's row).
 * - PostgreSQL: such a statement notifies the channel on commit (every server process listens) and
 *   raises a notice to the connection that ran it, so the process that made the change knows at
 *   once. A counter row would make every user's and company's writes wait on one row lock.
 */
export class Migration20270112000000_account_changes extends Migration {
  override up(): void {
    if (onPostgres(this)) {
      this.addSql(
        'create function notify_account_change() returns trigger language plpgsql as $$ begin ' +
          `perform pg_notify('${CHANNEL}', ''); raise notice '${NOTICE}'; return null; end $$`,
      );
      for (const table of WATCHED) {
        this.addSql(`create trigger ${table}_notify_account_change after update or delete on ${table} for each statement execute function notify_account_change()`);
      }
      return;
    }
    this.addSql('create table account_changes (id integer not null primary key, version integer not null)');
    this.addSql('insert into account_changes (id, version) values (1, 0)');
    for (const table of WATCHED) {
      for (const event of ['update', 'delete']) {
        this.addSql(`create trigger ${table}_count_account_change_on_${event} after ${event} on ${table} begin update account_changes set version = version + 1; end`);
      }
    }
  }

  override down(): void {
    if (onPostgres(this)) {
      for (const table of WATCHED) this.addSql(`drop trigger if exists ${table}_notify_account_change on ${table}`);
      this.addSql('drop function if exists notify_account_change()');
      return;
    }
    for (const table of WATCHED) {
      for (const event of ['update', 'delete']) this.addSql(`drop trigger if exists ${table}_count_account_change_on_${event}`);
    }
    this.addSql('drop table if exists account_changes');
  }
}
