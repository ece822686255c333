/**
 * The suppression list's public face: the check every intake path makes (isSuppressed,
 * dropSuppressed: the records' storage and the widget's response intake), how an identifier is
 * compared and hashed (identifiers.ts), and what privacy's erasure uses to add to the list. It
 * stands under privacy, dataSources and collection and imports no module.
 */
export { identifierHash, identifierValues, normalizeIdentifier, suppressionKeyOf } from './identifiers';
export { configureSuppressions, dropSuppressed, forgetKeptSuppressions, isSuppressed, suppress, suppressionKey, WIDGET_SOURCE, type Db } from './list';
