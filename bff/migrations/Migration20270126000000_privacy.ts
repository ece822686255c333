import { Migration } from '@mikro-orm/migrations';
import { addStatements, onPostgres, timestamps } from './schemaBuilder';

/**
 * Erasure of a person and the suppression list intake consults (bff/modules/privacy): the erasure
 * jobs on the job queue, the suppressed identifiers (hashes only) and what intake refused for them
 * per intake path. A suppression added or removed counts as an account change
 * (Migration20270112000000_account_changes), so every process drops its kept suppression lists at
 * once, as it drops its kept callers.
 */
export class Migration20270126000000_privacy extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('privacy_erasures', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('identifier_type', 12).notNullable();
      table.string('identifier_hint', 255).notNullable();
      table.json('identifiers').notNullable();
      table.string('status', 10).notNullable();
      table.json('steps').notNullable();
      table.string('error', 500).nullable();
      table.timestamp('finished_at', { useTz: true }).nullable();
      table.string('created_by_id', 36).nullable();
      table.string('locked_by', 100).nullable();
      table.timestamp('locked_until', { useTz: true }).nullable();
      timestamps(table);
      table.index(['company_id', 'created_at']);
      table.index(['status', 'created_at']);
    });
    schema.createTable('privacy_suppressions', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('hash', 64).notNullable();
      table.string('hint', 255).notNullable();
      table.string('erasure_id', 36).nullable();
      table.integer('dropped').notNullable().defaultTo(this.getKnex().raw('0'));
      table.timestamp('last_dropped_at', { useTz: true }).nullable();
      timestamps(table);
      table.unique(['company_id', 'hash'], { indexName: 'privacy_suppressions_company_hash_unique' });
    });
    schema.createTable('privacy_suppressed_intake', (table) => {
      table.string('suppression_id', 36).notNullable();
      table.string('source', 64).notNullable();
      table.string('company_id', 36).notNullable();
      table.integer('dropped').notNullable();
      table.timestamp('last_dropped_at', { useTz: true }).notNullable();
      table.primary(['suppression_id', 'source']);
      table.index(['company_id'], 'privacy_suppressed_intake_company_id_index');
    });
    addStatements(this, schema);
    if (onPostgres(this)) {
      this.addSql('create trigger privacy_suppressions_notify_account_change after insert or delete on privacy_suppressions for each statement execute function notify_account_change()');
      return;
    }
    for (const event of ['insert', 'delete']) {
      this.addSql(`create trigger privacy_suppressions_count_account_change_on_${event} after ${event} on privacy_suppressions begin update account_changes set version = version + 1; end`);
    }
  }

  override down(): void {
    if (onPostgres(this)) this.addSql('drop trigger if exists privacy_suppressions_notify_account_change on privacy_suppressions');
    else for (const event of ['insert', 'delete']) this.addSql(`drop trigger if exists privacy_suppressions_count_account_change_on_${event}`);
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('privacy_suppressed_intake');
    schema.dropTableIfExists('privacy_suppressions');
    schema.dropTableIfExists('privacy_erasures');
    addStatements(this, schema);
  }
}
