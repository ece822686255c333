/**
 * The completion webhook queue and its worker (signing and the address guard are in platform/).
 */
export { COMPLETION_EVENT, completionDeliveryRow, enqueueCompletionWebhook, type CompletionWebhookPayload } from './queue';
export { createWebhookWorker } from './worker';
