/**
 * Code examples in the four languages of the Documentation tab (data document, section 2), made
 * from one documented operation: its method, its path under the real base URL and its example
 * body, so they run as they are once a key is pasted in.
 */
import { API_KEY_HEADER } from '@domain/apiKeys';
import { prettyJson, type DocumentedOperation } from './openApi';

export const CODE_LANGUAGES = ['python', 'java', 'curl', 'node'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export const CODE_LANGUAGE_LABELS: Record<CodeLanguage, string> = {
  python: 'Python',
  java: 'Java',
  curl: 'cURL',
  node: 'Node.js',
};

export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line, index) => (index === 0 ? line : ' '.repeat(spaces) + line))
    .join('\n');

/** A JSON value written as a Python literal (True, False, None), indented like json.dumps(indent=2). */
function pythonLiteral(value: unknown, depth = 0): string {
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((entry) => pad + pythonLiteral(entry, depth + 1)).join(',\n')}\n${close}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, entry]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(entry, depth + 1)}`).join(',\n')}\n${close}}`;
  }
  return JSON.stringify(value);
}

/** A Java text block needs its backslashes doubled; JSON examples rarely carry any. */
const javaTextBlock = (json: string) => `"""\n${json.replace(/\\/g, '\\\\')}\n"""`;

export function codeSample(language: CodeLanguage, operation: DocumentedOperation, baseUrl: string): string {
  const url = `${baseUrl}${operation.path}`;
  const hasBody = operation.requestExample !== undefined;
  const json = hasBody ? prettyJson(operation.requestExample) : '';
  switch (language) {
    case 'curl':
      return [
        `curl -X ${operation.method} '${url}' \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -H '${API_KEY_HEADER}: ${KEY_PLACEHOLDER}'${hasBody ? ' \\' : ''}`,
        ...(hasBody ? [`  -d '${json.replace(/'/g, "'\\''")}'`] : []),
      ].join('\n');
    case 'python':
      return [
        'import requests',
        '',
        'response = requests.request(',
        `    "${operation.method}",`,
        `    "${url}",`,
        `    headers={"Content-Type": "application/json", "${API_KEY_HEADER}": "${KEY_PLACEHOLDER}"},`,
        ...(hasBody ? [`    json=${indent(pythonLiteral(operation.requestExample), 4)},`] : []),
        '    timeout=30,',
        ')',
        'response.raise_for_status()',
        'print(response.json())',
      ].join('\n');
    case 'node':
      return [
        `const response = await fetch('${url}', {`,
        `  method: '${operation.method}',`,
        `  headers: { 'Content-Type': 'application/json', '${API_KEY_HEADER}': process.env.NAVOUT_API_KEY ?? '${KEY_PLACEHOLDER}' },`,
        ...(hasBody ? [`  body: JSON.stringify(${indent(json, 2)}),`] : []),
        '});',
        "if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);",
        'console.log(await response.json());',
      ].join('\n');
    case 'java':
      return [
        'import java.net.URI;',
        'import java.net.http.HttpClient;',
        'import java.net.http.HttpRequest;',
        'import java.net.http.HttpResponse;',
        'import java.time.Duration;',
        '',
        'public class NavoutExample {',
        '  public static void main(String[] args) throws Exception {',
        ...(hasBody ? [`    String body = ${indent(javaTextBlock(json), 4)};`] : []),
        '    HttpRequest request = HttpRequest.newBuilder()',
        `        .uri(URI.create("${url}"))`,
        '        .timeout(Duration.ofSeconds(30))',
        '        .header("Content-Type", "application/json")',
        `        .header("${API_KEY_HEADER}", "${KEY_PLACEHOLDER}")`,
        `        .method("${operation.method}", ${hasBody ? 'HttpRequest.BodyPublishers.ofString(body)' : 'HttpRequest.BodyPublishers.noBody()'})`,
        '        .build();',
        '    HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
        '    System.out.println(response.statusCode() + " " + response.body());',
        '  }',
        '}',
      ].join('\n');
  }
}
