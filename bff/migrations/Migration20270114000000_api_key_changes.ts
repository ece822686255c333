import { Migration } from '@mikro-orm/migrations';
import { onPostgres } from './schemaBuilder';

/** The API key columns that decide whether a key authenticates, and for which company and scopes. */
const DECIDING_COLUMNS = ['company_id', 'token_hash', 'scopes', 'is_active', 'revoked_at', 'expires_at'] as const;

/**
 * Each process keeps an API key's row in memory while no account has changed, as it keeps a
 * signed-in user's (bff/platform/accountChanges.ts): the prediction API and ingestion authenticate
 * every call by key, and each call read the key with every column of its company (a round trip on
 * PostgreSQL). A pause, revocation or expiry change of a key now counts as an account change, as
 * Migration20270112000000_account_changes made every user and company change count.
 *
 * Only the deciding columns are watched: the call log writes last_used_at once a minute per key in
 * use, and counting those writes would clear every process's kept rows each time. A new key needs
 * no count (a key not found is never kept).
 */
export class Migration20270114000000_api_key_changes extends Migration {
  override up(): void {
    const columns = DECIDING_COLUMNS.join(', ');
    if (onPostgres(this)) {
      this.addSql(`create trigger api_keys_notify_account_change after update of ${columns} or delete on api_keys for each statement execute function notify_account_change()`);
      return;
    }
    this.addSql(`create trigger api_keys_count_account_change_on_update after update of ${columns} on api_keys begin update account_changes set version = version + 1; end`);
    this.addSql('create trigger api_keys_count_account_change_on_delete after delete on api_keys begin update account_changes set version = version + 1; end');
  }

  override down(): void {
    if (onPostgres(this)) {
      this.addSql('drop trigger if exists api_keys_notify_account_change on api_keys');
      return;
    }
    for (const event of ['update', 'delete']) this.addSql(`drop trigger if exists api_keys_count_account_change_on_${event}`);
  }
}
