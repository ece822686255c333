import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * The Idempotency-Key header of the widget's response writes and of POST /api/v1/events: each key
 * with the answer it was given (bff/entities/IdempotencyKey.ts), written in the transaction of the
 * write itself, so a retry after a lost answer is answered from here instead of stored twice.
 */
export class Migration20270120000000_idempotency_keys extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('idempotency_keys', (table) => {
      table.string('id', 64).notNullable().primary();
      table.string('route', 40).notNullable();
      table.string('fingerprint', 64).notNullable();
      table.integer('status').notNullable();
      table.text('body').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('expires_at', { useTz: true }).notNullable();
      table.index(['expires_at'], 'idempotency_keys_expires_at_index');
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('idempotency_keys');
    addStatements(this, schema);
  }
}
