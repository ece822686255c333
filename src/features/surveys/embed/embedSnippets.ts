/**
 * The code a company pastes into its site (data document, section 7, "Embed code contract"): one
 * snippet for every active survey. The attributes record the settings the snippet was generated
 * with; the loader trusts the server's bundle for what is current and reads them only as fallbacks.
 */
import type { EmbedCodeInfo, TriggerSettings } from '@domain/survey/collection';
import type { GlobalIdentifierSettings } from '@domain/survey/types';

export const EMBED_FORMATS = ['html', 'react'] as const;
export type EmbedFormat = (typeof EMBED_FORMATS)[number];
export const EMBED_FORMAT_LABELS: Record<EmbedFormat, string> = { html: 'HTML Embed', react: 'React Component' };

/** The widget's colour scheme named in the snippet. */
export const EMBED_THEME = 'light';

export interface EmbedSnippetInput {
  info: Pick<EmbedCodeInfo, 'companyId' | 'scriptUrl' | 'apiBase'>;
  triggers: TriggerSettings;
  identifiers: GlobalIdentifierSettings;
}

/** The React component's module, which the site saves in its own project (it imports only react). */
export const REACT_MODULE_FILE = './NavoutSurveys';
export const reactModuleUrl = (apiBase: string) => `${apiBase.replace(/\/+$/, '')}/widget/react.js`;

/**
 * The field names of the chosen identifier types in one list: a type's own setting may already
 * name several ("user_email, email"). Which type a name belongs to comes from the server's bundle.
 */
export function identifierFieldList(identifiers: GlobalIdentifierSettings): string {
  const names = identifiers.identifierTypes.flatMap((type) => identifiers.identifierFields[type].split(','));
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))].join(',');
}

/** The data-* attributes of the contract, in its order. */
export function embedAttributes({ info, triggers, identifiers }: EmbedSnippetInput): [name: string, value: string][] {
  return [
    ['data-company-id', info.companyId],
    ['data-api-base', info.apiBase],
    ['data-theme', EMBED_THEME],
    ['data-trigger-type', triggers.triggerType],
    ['data-callback-name', triggers.triggerType === 'callback' ? triggers.callbackName : ''],
    ['data-redirect-url', triggers.triggerType === 'redirect' ? triggers.redirectUrl : ''],
    ['data-webhook-url', triggers.triggerType === 'webhook' ? triggers.webhookUrl : ''],
    ['data-require-identifier', String(identifiers.requireIdentifier)],
    ['data-identifier-types', identifiers.identifierTypes.join(',')],
    ['data-identifier-fields', identifierFieldList(identifiers)],
    ['data-allow-survey-override', String(identifiers.allowSurveyOverride)],
    ['data-require-override-reason', String(identifiers.requireOverrideReason)],
    ['data-allowed-override-types', identifiers.allowedOverrideTypes.join(',')],
  ];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A JSX attribute: a plain string when it can be one, otherwise an expression. */
const jsxAttribute = (name: string, value: string) => (/^[^"{}<>&\\]*$/.test(value) ? `${name}="${value}"` : `${name}={${JSON.stringify(value)}}`);

/** The snippet in the chosen format; the one place its text is written. */
export function embedSnippet(format: EmbedFormat, input: EmbedSnippetInput): string {
  if (format === 'react') {
    return [
      `// Save ${reactModuleUrl(input.info.apiBase)} in your project as src/NavoutSurveys.js (it imports only react).`,
      `import { NavoutSurveys } from '${REACT_MODULE_FILE}';`,
      '',
      '// Render once, near the root of your app: it shows every active survey of your company.',
      `<NavoutSurveys ${jsxAttribute('companyId', input.info.companyId)} ${jsxAttribute('apiBase', input.info.apiBase)} />`,
    ].join('\n');
  }
  const attributes = embedAttributes(input).map(([name, value]) => `  ${name}="${escapeAttribute(value)}"`);
  return [`<script src="${escapeAttribute(input.info.scriptUrl)}" async`, ...attributes].join('\n') + '></script>';
}
