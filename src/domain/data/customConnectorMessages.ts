/**
 * The dashboard's words for custom connectors, apart from their reader and form (./customConnectors.ts),
 * which bring the manifest parser and yup: the Data Sources page shows these before it needs those.
 */
import { MANIFEST_MAX_BYTES } from './connectorManifest/types';

export const CUSTOM_CONNECTOR_LABELS = {
  section: 'Your connectors',
  sectionHelp: 'Connectors your company brought as a definition: connect a source with one like any other.',
  add: 'Add connector',
  addTitle: 'Add custom connector',
  definition: 'Definition (JSON or YAML)',
  name: 'Name (when the definition has none)',
  stream: 'Stream (for a definition of several; the first by default)',
  upload: 'Upload file',
  save: 'Add',
  edit: 'Edit',
  editTitle: 'Edit custom connector',
  saveChanges: 'Save',
  delete: 'Delete',
  deleteTitle: 'Delete custom connector',
  none: 'No custom connectors yet.',
} as const;

export const CUSTOM_CONNECTOR_MESSAGES = {
  addHelp:
    'Paste or upload a declarative definition: Navout\u2019s format or an Airbyte low-code manifest (version 0.29 to 6.x) as JSON or YAML. A connector reads one stream of it. It holds no secrets: each source asks for its own.',
  definitionRequired: 'Paste or upload a definition',
  added: (name: string) => `${name} added: connect a source with it.`,
  editHelp:
    'Change the definition: its sources read with the new version from their next sync, and a field it no longer names leaves their mapping. A new url_base drops the secrets they stored: each asks for them again.',
  updated: (name: string) => `${name} saved.`,
  updateFailed: 'Failed to save the connector',
  deleted: (name: string) => `${name} deleted.`,
  deleteFailed: (name: string) => `Failed to delete ${name}`,
  addFailed: 'Failed to add the connector',
  loadFailed: 'Failed to load your connectors',
  deleteConfirm: (name: string) => `Delete ${name}? No source can be connected with it afterwards. This action cannot be undone.`,
  fileTooLarge: `The file is larger than a definition may be (${MANIFEST_MAX_BYTES / 1024} KB).`,
  summary: (view: { fields: readonly string[]; sources: number }) =>
    `${view.fields.length} ${view.fields.length === 1 ? 'field' : 'fields'} · ${view.sources === 0 ? 'no source yet' : `used by ${view.sources} ${view.sources === 1 ? 'source' : 'sources'}`}`,
} as const;
