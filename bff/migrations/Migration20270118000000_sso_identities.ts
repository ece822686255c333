import { Migration } from '@mikro-orm/migrations';
import { addStatements, onPostgres } from './schemaBuilder';

/**
 * Single sign-on binds an account to an identity of one issuer: (issuer, tenant, subject), found
 * by those alone. The subject column (azure_id) was unique on its own and looked up without its
 * issuer; it is now unique per issuer. Accounts bound before were bound by Microsoft Entra's
 * version 2 endpoint of their tenant, which is their issuer.
 *
 * Each company gets the e-mail domains it vouches for and whether its active accounts may be
 * linked at a first sign-on (off: only invited accounts are), and sso_events keeps what happened
 * to the bindings (linked, unlinked, refused) for the company's administrators to read.
 */
export class Migration20270118000000_sso_identities extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('users', (table) => {
      table.string('sso_issuer', 255).nullable();
      table.timestamp('sso_linked_at', { useTz: true }).nullable();
    });
    schema.alterTable('companies', (table) => {
      table.json('sso_verified_domains').nullable();
    });
    schema.createTable('sso_events', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('user_id', 36).notNullable();
      table.string('kind', 20).notNullable();
      table.string('code', 40).nullable();
      table.string('issuer', 255).notNullable();
      table.string('subject', 255).notNullable();
      table.string('email', 255).nullable();
      table.string('actor_name', 255).nullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['user_id']);
      table.index(['company_id', 'created_at']);
    });
    addStatements(this, schema);
    // As written (rather than knex's defaultTo, which SQLite would keep as '0'): the entity's default reads the same.
    this.addSql('alter table companies add column sso_linking boolean not null default false');
    this.addSql("update users set sso_issuer = 'https://login.microsoftonline.com/' || tenant_id || '/v2.0', sso_linked_at = updated_at where azure_id is not null and tenant_id is not null");
    // An old binding without a tenant has no known issuer: the account links again at its next sign-on.
    this.addSql('update users set azure_id = null where azure_id is not null and sso_issuer is null');
    // knex made the old unique rule a constraint on PostgreSQL and a unique index on SQLite.
    this.addSql(onPostgres(this) ? 'alter table users drop constraint if exists users_azure_id_unique' : 'drop index if exists users_azure_id_unique');
    this.addSql('create unique index users_sso_identity_unique on users (sso_issuer, azure_id)');
  }

  override down(): void {
    this.addSql('drop index if exists users_sso_identity_unique');
    this.addSql(onPostgres(this) ? 'alter table users add constraint users_azure_id_unique unique (azure_id)' : 'create unique index users_azure_id_unique on users (azure_id)');
    this.addSql('drop table if exists sso_events');
    // As written: knex's dropColumn rebuilds a SQLite table with statements it cannot hand over as SQL.
    for (const [table, column] of [['users', 'sso_issuer'], ['users', 'sso_linked_at'], ['companies', 'sso_verified_domains'], ['companies', 'sso_linking']]) {
      this.addSql(`alter table ${table} drop column ${column}`);
    }
  }
}
