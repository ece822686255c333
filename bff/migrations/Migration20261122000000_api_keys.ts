import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/** The caller credentials of the prediction API. */
export class Migration20261122000000_api_keys extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('api_keys', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('name', 255).notNullable();
      table.text('description').nullable();
      table.string('token_hash', 64).notNullable().unique();
      table.string('token_prefix', 8).notNullable();
      table.json('scopes').notNullable();
      table.boolean('is_active').notNullable();
      table.timestamp('revoked_at', { useTz: true }).nullable();
      table.string('created_by_id', 36).nullable();
      table.timestamp('last_used_at', { useTz: true }).nullable();
      timestamps(table);
      table.index(['company_id']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('api_keys');
    addStatements(this, schema);
  }
}
