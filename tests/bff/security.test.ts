import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '@bff/middleware/security';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes for the content security policy', () => {
  it('hashes exactly the inline scripts of index.html, not the external ones', () => {
    const theme = "(function(){document.documentElement.setAttribute('data-theme','dark')})();";
    const html = `<html><head><script>${theme}</script><script type="module" crossorigin src="/assets/index.js"></script></head>
      <body><script>\n  window.other = 1;\n</script><script src="/x.js"></script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(theme), sha256('\n  window.other = 1;\n')]);
  });

  it('gives nothing for a page without inline scripts', () => {
    expect(inlineScriptHashes('<html><head><script src="/a.js"></script></head></html>')).toEqual([]);
  });
});
