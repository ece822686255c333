/**
 * For the rooms tests (boundaries.test.ts, bffBoundaries.test.ts): lints `code` as if it stood at
 * `filePath` and answers the messages of the rooms rule (eslint.config.js).
 */
import { ESLint } from 'eslint';

const RULE = 'boundaries/dependencies';
let eslint: ESLint | undefined;

export async function roomViolations(filePath: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length) throw new Error(fatal.map((message) => message.message).join('\n'));
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}
