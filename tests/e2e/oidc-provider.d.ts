/** The part of oidc-provider's API the single sign-on scenario uses (the package ships no types). */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface ClientMetadata {
    client_id: string;
    application_type?: 'web' | 'native';
    token_endpoint_auth_method?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
  }

  interface Account {
    accountId: string;
    claims: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: ClientMetadata[];
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
    clientBasedCORS?: (ctx: unknown, origin: string, client: unknown) => boolean;
    cookies?: { keys?: string[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number, host?: string): Server;
  }
}
