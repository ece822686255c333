/**
 * The widget's settings from its own <script> (the embed code, section 7): data-company-id and
 * data-api-base are required; the rest only stand in for what the server's bundle leaves out (the
 * bundle is what is current, the attributes are what the snippet was generated with).
 */
import { TRIGGER_TYPES, type IdentifierRule, type TriggerType } from '@domain/survey/collection';
import { IDENTIFIER_TYPES, type IdentifierType } from '@domain/survey/types';
import { commaList } from './decide';
import type { WidgetConfig } from './widget';

/** The widget's own script: the one running now, or the embed code found in the page. */
export function findScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current instanceof HTMLScriptElement && current.hasAttribute('data-company-id')) return current;
  return doc.querySelector<HTMLScriptElement>('script[data-company-id]');
}

/** The configuration, or null when a required attribute is missing. */
export function readScriptConfig(script: HTMLScriptElement | null): WidgetConfig | null {
  const attribute = (name: string) => script?.getAttribute(`data-${name}`)?.trim() ?? '';
  const companyId = attribute('company-id');
  const apiBase = attribute('api-base');
  if (!script || !companyId || !apiBase) return null;
  const triggerType = attribute('trigger-type') as TriggerType;
  const types = commaList(attribute('identifier-types')).filter((type): type is IdentifierType => (IDENTIFIER_TYPES as readonly string[]).includes(type));
  // One list of field names in the snippet: any of them identifies the visitor, whatever the type.
  const fields = commaList(attribute('identifier-fields')).join(',');
  const fallbackIdentifierRule: IdentifierRule = {
    requireIdentifier: attribute('require-identifier') === 'true',
    identifierTypes: types.length ? types : ['email'],
    identifierFields: { email: fields, uuid: fields, custom: fields },
  };
  return {
    companyId,
    apiBase,
    script,
    // The property, not the attribute: browsers hide a nonce attribute's value once the script runs.
    nonce: script.nonce || undefined,
    fallbackTrigger: {
      triggerType: TRIGGER_TYPES.includes(triggerType) ? triggerType : 'none',
      callbackName: attribute('callback-name'),
      redirectUrl: attribute('redirect-url'),
    },
    fallbackIdentifierRule,
  };
}

/** renderer.js beside the loader (same folder as its src), or under the API's /widget/. */
export function rendererUrl(script: HTMLScriptElement, apiBase: string): string {
  try {
    if (script.src) return new URL('renderer.js', script.src).href;
  } catch {
    // An unparsable src: the API's copy.
  }
  return `${apiBase.replace(/\/+$/, '')}/widget/renderer.js`;
}
