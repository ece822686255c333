/**
 * The API keys module's public face: the keys routes and service (key generation and format are in platform/apiKeys.ts).
 */
export { createApiKeyRouter } from './routes';
export { createApiKeyService } from './service';
