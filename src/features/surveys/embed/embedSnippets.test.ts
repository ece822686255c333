import { describe, expect, it } from 'vitest';
import { DEFAULT_TRIGGER_SETTINGS } from '@domain/survey/collection';
import { DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import { embedAttributes, embedSnippet, identifierFieldList, reactModuleUrl, type EmbedSnippetInput } from './embedSnippets';

const info = { companyId: 'c-acme', scriptUrl: 'https://app.navout.example/widget/navout.js', apiBase: 'https://app.navout.example' };
const defaults: EmbedSnippetInput = { info, triggers: DEFAULT_TRIGGER_SETTINGS, identifiers: DEFAULT_GLOBAL_IDENTIFIERS };

describe('embedSnippet', () => {
  it('writes the contract’s script tag with the default settings', () => {
    expect(embedSnippet('html', defaults)).toBe(
      [
        '<script src="https://app.navout.example/widget/navout.js" async',
        '  data-company-id="c-acme"',
        '  data-api-base="https://app.navout.example"',
        '  data-theme="light"',
        '  data-trigger-type="none"',
        '  data-callback-name=""',
        '  data-redirect-url=""',
        '  data-webhook-url=""',
        '  data-require-identifier="false"',
        '  data-identifier-types="email"',
        '  data-identifier-fields="user_email"',
        '  data-allow-survey-override="true"',
        '  data-require-override-reason="true"',
        '  data-allowed-override-types="email,uuid,custom"></script>',
      ].join('\n'),
    );
  });

  it('names only the chosen trigger’s own setting, and every field name of the chosen identifier types', () => {
    const attributes = Object.fromEntries(
      embedAttributes({
        info,
        triggers: { triggerType: 'callback', callbackName: 'onSurveyDone', redirectUrl: 'https://old.example', webhookUrl: 'https://hooks.example' },
        identifiers: {
          ...DEFAULT_GLOBAL_IDENTIFIERS,
          requireIdentifier: true,
          identifierTypes: ['email', 'custom'],
          identifierFields: { email: 'user_email, email', uuid: 'user_id', custom: 'loyalty_number,email' },
          allowSurveyOverride: false,
          allowedOverrideTypes: ['uuid'],
        },
      }),
    );
    expect(attributes).toMatchObject({
      'data-trigger-type': 'callback',
      'data-callback-name': 'onSurveyDone',
      'data-redirect-url': '',
      'data-webhook-url': '',
      'data-require-identifier': 'true',
      'data-identifier-types': 'email,custom',
      'data-identifier-fields': 'user_email,email,loyalty_number',
      'data-allow-survey-override': 'false',
      'data-allowed-override-types': 'uuid',
    });
  });

  it('escapes what could close an attribute or the tag', () => {
    const html = embedSnippet('html', {
      ...defaults,
      triggers: { ...DEFAULT_TRIGGER_SETTINGS, triggerType: 'redirect', redirectUrl: 'https://shop.example/thanks?a=1&b="x"<y>' },
    });
    expect(html).toContain('data-redirect-url="https://shop.example/thanks?a=1&amp;b=&quot;x&quot;&lt;y&gt;"');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('writes the React component with the company and the API base', () => {
    const react = embedSnippet('react', defaults);
    expect(react).toContain('// Save https://app.navout.example/widget/react.js in your project as src/NavoutSurveys.js');
    expect(react).toContain("import { NavoutSurveys } from './NavoutSurveys';");
    expect(react).toContain('<NavoutSurveys companyId="c-acme" apiBase="https://app.navout.example" />');
  });

  it('turns a value JSX cannot hold in quotes into an expression', () => {
    const react = embedSnippet('react', { ...defaults, info: { ...info, companyId: 'a"b{c}' } });
    expect(react).toContain('companyId={"a\\"b{c}"}');
  });

  it('loads the React component beside the loader, whatever the trailing slash', () => {
    expect(reactModuleUrl('https://app.navout.example/')).toBe('https://app.navout.example/widget/react.js');
  });

  it('lists no field names when no identifier type is chosen', () => {
    expect(identifierFieldList({ ...DEFAULT_GLOBAL_IDENTIFIERS, identifierTypes: [] })).toBe('');
  });
});
