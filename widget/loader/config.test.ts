import { afterEach, describe, expect, it } from 'vitest';
import { findScript, readScriptConfig, rendererUrl } from './config';

const EMBED_ATTRIBUTES = {
  src: 'https://navout.example/widget/navout.js',
  'data-company-id': 'company-7',
  'data-api-base': 'https://navout.example',
  'data-theme': 'light',
  'data-trigger-type': 'redirect',
  'data-callback-name': '',
  'data-redirect-url': 'https://shop.example/thanks',
  'data-webhook-url': '',
  'data-require-identifier': 'true',
  'data-identifier-types': 'email, uuid, phone',
  'data-identifier-fields': 'user_email,user_id',
  'data-allow-survey-override': 'true',
  'data-require-override-reason': 'false',
  'data-allowed-override-types': 'email,uuid,custom',
};

function embed(attributes: Record<string, string>) {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.body.append(script);
  return script;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the embed code attributes', () => {
  it('finds the embed script in the page when it is not the running one', () => {
    document.body.append(document.createElement('script'));
    const script = embed(EMBED_ATTRIBUTES);
    expect(findScript(document)).toBe(script);
  });

  it('reads the company, the API address and the fallbacks', () => {
    const script = embed(EMBED_ATTRIBUTES);
    script.nonce = 'r4nd0m';
    expect(readScriptConfig(script)).toEqual({
      companyId: 'company-7',
      apiBase: 'https://navout.example',
      script,
      nonce: 'r4nd0m',
      fallbackTrigger: { triggerType: 'redirect', callbackName: '', redirectUrl: 'https://shop.example/thanks' },
      fallbackIdentifierRule: {
        requireIdentifier: true,
        identifierTypes: ['email', 'uuid'],
        identifierFields: { email: 'user_email,user_id', uuid: 'user_email,user_id', custom: 'user_email,user_id' },
      },
    });
  });

  it('needs data-company-id and data-api-base', () => {
    expect(readScriptConfig(embed({ 'data-company-id': 'company-7' }))).toBeNull();
    expect(readScriptConfig(embed({ 'data-api-base': 'https://navout.example' }))).toBeNull();
    expect(readScriptConfig(null)).toBeNull();
  });

  it('falls back to no trigger for an unknown trigger type', () => {
    const config = readScriptConfig(embed({ ...EMBED_ATTRIBUTES, 'data-trigger-type': 'alert' }));
    expect(config?.fallbackTrigger.triggerType).toBe('none');
  });

  it('loads renderer.js from beside the loader, or from the API address', () => {
    expect(rendererUrl(embed(EMBED_ATTRIBUTES), 'https://navout.example')).toBe('https://navout.example/widget/renderer.js');
    expect(rendererUrl(embed({ src: 'https://cdn.example/navout/v2/navout.js?v=3' }), 'https://navout.example')).toBe('https://cdn.example/navout/v2/renderer.js');
    expect(rendererUrl(embed({}), 'https://navout.example/')).toBe('https://navout.example/widget/renderer.js');
  });
});
