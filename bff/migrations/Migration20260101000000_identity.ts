import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/** Companies, users, invitations and stored images. */
export class Migration20260101000000_identity extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('companies', (table) => {
      table.string('id', 36).primary();
      table.string('name', 255).notNullable();
      table.string('domain', 255).nullable();
      table.string('industry', 255).nullable();
      table.string('company_size', 255).nullable();
      table.string('website', 255).nullable();
      table.string('phone', 255).nullable();
      table.text('address').nullable();
      table.text('description').nullable();
      table.string('target_audience', 255).nullable();
      table.string('status', 20).notNullable();
      table.boolean('is_internal').notNullable();
      table.string('logo_file_id', 32).nullable();
      timestamps(table);
    });
    schema.createTable('users', (table) => {
      table.string('id', 36).primary();
      table.string('email', 255).notNullable().unique();
      table.string('name', 255).notNullable();
      table.string('password_hash', 255).nullable();
      table.string('role', 20).notNullable();
      table.string('status', 20).notNullable();
      table.json('permissions').notNullable();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('profile_name', 255).nullable();
      table.string('phone', 255).nullable();
      table.string('department', 255).nullable();
      table.string('job_title', 255).nullable();
      table.text('bio').nullable();
      table.string('photo_file_id', 32).nullable();
      table.string('azure_id', 255).nullable().unique();
      table.string('tenant_id', 255).nullable();
      table.integer('session_version').notNullable();
      timestamps(table);
      table.index(['company_id']);
    });
    schema.createTable('invitations', (table) => {
      table.string('id', 36).primary();
      table.string('user_id', 36).notNullable().references('id').inTable('users');
      table.string('token_hash', 64).notNullable().unique();
      table.timestamp('expires_at', { useTz: true }).notNullable();
      table.timestamp('used_at', { useTz: true }).nullable();
      timestamps(table);
      table.index(['user_id']);
    });
    schema.createTable('stored_files', (table) => {
      table.string('id', 32).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('kind', 20).notNullable();
      table.string('content_type', 100).notNullable();
      table.binary('bytes').notNullable();
      table.integer('size').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['company_id']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    for (const table of ['stored_files', 'invitations', 'users', 'companies']) schema.dropTableIfExists(table);
    addStatements(this, schema);
  }
}
