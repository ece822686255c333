/**
 * The names the loader build shortens (internalNames.ts) against the code that goes into navout.js:
 * the type checker finds what each use of a listed name is a property of, and every use must be a
 * property of one of the loader's own interfaces, never of the server's JSON, of what renderer.js
 * is given, of window.navout, of a request body or stored value, or of a browser built-in.
 */
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_PROPERTY_NAMES } from './internalNames';

// Vitest runs from the project's root (under jsdom, import.meta.url is no file address).
const ROOT = process.cwd();
const LOADER = join(ROOT, 'widget', 'loader');
/** Loader files whose interfaces describe something outside navout.js: window.navout and its globals. */
const BOUNDARY_FILES = new Set([join(LOADER, 'globals.ts')]);
/** Loader interfaces that describe something outside navout.js: renderer.js's exports. */
const BOUNDARY_INTERFACES = new Set(['SecondStage']);

const listed = new Set<string>(INTERNAL_PROPERTY_NAMES);

function compile() {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json could not be read');
  return ts.createProgram([join(LOADER, 'index.ts')], config.options);
}

/** The files whose code goes into navout.js: the entry and what it imports as values, transitively. */
function bundled(program: ts.Program, checker: ts.TypeChecker): ts.SourceFile[] {
  const files = new Map<string, ts.SourceFile>();
  const visit = (file: ts.SourceFile) => {
    if (files.has(file.fileName)) return;
    files.set(file.fileName, file);
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings) && !statement.importClause?.name && bindings.elements.every((element) => element.isTypeOnly)) continue;
      const declaration = checker.getSymbolAtLocation(statement.moduleSpecifier)?.valueDeclaration;
      if (declaration && ts.isSourceFile(declaration)) visit(declaration);
    }
  };
  const entry = program.getSourceFile(join(LOADER, 'index.ts'));
  if (!entry) throw new Error('widget/loader/index.ts is not in the program');
  visit(entry);
  return [...files.values()];
}

/**
 * A declaration in one of the loader's own interfaces or named object types, or in one of its
 * constant objects (`STORAGE_KEYS = { ... } as const`); not in an object type written inline, which
 * describes something read or stored (`readJson<{ new?: unknown }>`).
 */
function loaderOwned(declaration: ts.Declaration): boolean {
  const file = declaration.getSourceFile().fileName;
  if (dirname(file) !== LOADER || BOUNDARY_FILES.has(file)) return false;
  const owner = declaration.parent;
  if (ts.isInterfaceDeclaration(owner)) return !BOUNDARY_INTERFACES.has(owner.name.text);
  if (ts.isTypeLiteralNode(owner)) return ts.isTypeAliasDeclaration(owner.parent);
  return ts.isObjectLiteralExpression(owner) && ts.isAsExpression(owner.parent) && ts.isVariableDeclaration(owner.parent.parent);
}

/**
 * What the property named by `node` in the code belongs to: null where `node` names no property (a
 * variable, a parameter, a type's member, which is no code), undefined where the checker cannot tell
 * (an object given where any value goes, an index signature).
 */
function propertyAt(checker: ts.TypeChecker, node: ts.Identifier): ts.Symbol | undefined | null {
  const parent = node.parent;
  if ((ts.isPropertyAccessExpression(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node) return checker.getSymbolAtLocation(node);
  if ((ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && parent.name === node && ts.isObjectLiteralExpression(parent.parent)) {
    const contextual = checker.getContextualType(parent.parent);
    // No contextual type: the object's own property (a constant such as STORAGE_KEYS).
    if (!contextual) return checker.getSymbolAtLocation(node);
    return checker.getPropertyOfType(checker.getApparentType(checker.getNonNullableType(contextual)), node.text);
  }
  if (ts.isBindingElement(parent) && (parent.propertyName ?? parent.name) === node && ts.isObjectBindingPattern(parent.parent)) {
    return checker.getPropertyOfType(checker.getTypeAtLocation(parent.parent), node.text);
  }
  return null;
}

/** Each use of a listed name in navout.js's code that is not a property of the loader's own types. */
function check() {
  const program = compile();
  const checker = program.getTypeChecker();
  const offending: string[] = [];
  const used = new Set<string>();
  for (const file of bundled(program, checker)) {
    const where = (node: ts.Node) => `${relative(ROOT, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) && listed.has(node.argumentExpression.text)) {
        offending.push(`${where(node)}: '${node.argumentExpression.text}' as a computed key`);
      } else if (ts.isIdentifier(node) && listed.has(node.text)) {
        const symbol = propertyAt(checker, node);
        const declarations = symbol?.declarations ?? [];
        if (symbol === null) {
          // A variable or a parameter: no property.
        } else if (declarations.length > 0 && declarations.every(loaderOwned)) {
          used.add(node.text);
        } else {
          const owners = declarations.map((declaration) => relative(ROOT, declaration.getSourceFile().fileName));
          offending.push(`${where(node)}: '${node.text}' of ${owners.length ? owners.join(', ') : 'an untyped object'}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { offending, used };
}

describe("the loader's shortened property names", () => {
  let result: ReturnType<typeof check>;

  // The type checker over the loader, the domain files it uses and the DOM's types: a few seconds.
  beforeAll(() => {
    result = check();
  }, 60_000);

  it("are used only as properties of the loader's own interfaces", () => {
    expect(result.offending).toEqual([]);
  });

  it('are all still in use (a name no longer used is taken off the list)', () => {
    expect(INTERNAL_PROPERTY_NAMES.filter((name) => !result.used.has(name))).toEqual([]);
  });
});
