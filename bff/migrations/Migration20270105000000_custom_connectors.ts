import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/**
 * Custom connectors: the declarative definitions a company brought, one name each per company,
 * gone with the company. The definition is stored as checked; its url_base is kept beside it
 * because the secrets of the sources made from it are bound to that address.
 */
export class Migration20270105000000_custom_connectors extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('custom_connectors', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
      table.string('name', 255).notNullable();
      table.json('manifest').notNullable();
      table.text('url_base').notNullable();
      table.string('created_by_id', 36).nullable();
      timestamps(table);
      table.index(['company_id']);
      table.unique(['company_id', 'name'], { indexName: 'custom_connectors_one_name' });
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('custom_connectors');
    addStatements(this, schema);
  }
}
