/**
 * The connectors' public face: the engine that pulls a source's records (REST, GraphQL, PostgreSQL
 * and MySQL in this folder; declarative/ runs the Airbyte-style manifests of the vendors/ and of a
 * company's custom connectors), each catalogue id's connector (registry.ts), the checks of a
 * source's settings, and the guarded fetch every HTTP connector uses. dataSources stores what they
 * pull (its sync/ and records/); nothing here knows a company's sources.
 */
export { manifestConnector } from './declarative/engine';
export { createConnectorFetch, type ConnectorFetchOptions } from './http';
export { connectorFor } from './registry';
export { checkSettings, settingsOf, type CheckedSettings } from './settings';
export { ConnectorError, type Connector, type ConnectorContext } from './types';
