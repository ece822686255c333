/**
 * The widget's room in the ESLint rooms rule (eslint.config.js): the widget runs on customers'
 * sites, so it may use the survey rules (src/domain) and itself, nothing of the dashboard; a
 * feature may show the renderer.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length) throw new Error(fatal.map((message) => message.message).join('\n'));
  return result.messages.map((message) => message.ruleId ?? '');
}

const inRenderer = 'widget/renderer/RoomProbe.ts';

describe('the widget room', { timeout: 60_000 }, () => {
  it('lets the renderer use the survey rules and its own files', async () => {
    expect(
      await ruleIds(inRenderer, "import { answerError } from '@domain/survey/answers';\nimport { themeVars } from './themeVars';\nexport const used = [answerError, themeVars];\n"),
    ).toEqual([]);
  });

  it('stops the widget from importing the dashboard', async () => {
    expect(await ruleIds(inRenderer, "import { buildUrl } from '@/lib/apiClient';\nexport const used = buildUrl;\n")).toContain('boundaries/dependencies');
    expect(await ruleIds(inRenderer, "import { SurveyPreview } from '@/features/surveys/preview/SurveyPreview';\nexport const used = SurveyPreview;\n")).toContain(
      'boundaries/dependencies',
    );
  });

  it('keeps react-dom, MUI and yup out of the shipped renderer', async () => {
    for (const source of ['react-dom', '@mui/material/Button', 'yup', '@domain/survey/schemas']) {
      expect(await ruleIds(inRenderer, `import * as used from '${source}';\nexport { used };\n`)).toContain('no-restricted-imports');
    }
  });

  it('lets a feature show the renderer', async () => {
    expect(
      await ruleIds('src/features/surveys/preview/RoomProbe.tsx', "import { SurveyRenderer } from '@widget/renderer/SurveyRenderer';\nexport const used = SurveyRenderer;\n"),
    ).toEqual([]);
  });
});
