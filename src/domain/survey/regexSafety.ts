/**
 * A page-targeting regex is checked before it is saved, and again before the widget's bundle
 * carries it: it must compile, and it must not be able to backtrack catastrophically on a
 * visitor's address, since the widget runs it with the browser's backtracking engine on the
 * customer's page. Refused: repetition inside repetition (`(a+)+`, star height above 1, as
 * safe-regex2 checks), alternation inside a repetition (`(a|a)*$`, whose overlapping branches
 * double the paths at every character), and back-references. Kept apart from targeting.ts so the
 * widget never ships the checker.
 */
import parse, { types, type Root, type Token } from 'ret';
import safeRegex from 'safe-regex2';
import { TARGETING_MESSAGES } from './messages';

export const URL_PATTERN_MAX = 500;

type Node = Root | Token;

function canBacktrackBadly(node: Node, insideRepetition: boolean): boolean {
  switch (node.type) {
    case types.REFERENCE:
      return true;
    case types.REPETITION: {
      const repeats = node.max === null || node.max > 1;
      if (repeats && insideRepetition) return true;
      return canBacktrackBadly(node.value, insideRepetition || repeats);
    }
    case types.ROOT:
    case types.GROUP: {
      if (node.options) {
        if (insideRepetition && node.options.length > 1) return true;
        return node.options.some((branch) => branch.some((child) => canBacktrackBadly(child, insideRepetition)));
      }
      return (node.stack ?? []).some((child) => canBacktrackBadly(child, insideRepetition));
    }
    default:
      return false;
  }
}

export function regexPatternError(pattern: string): string | null {
  try {
    new RegExp(pattern);
  } catch {
    return TARGETING_MESSAGES.invalidRegex(pattern);
  }
  if (pattern.length > URL_PATTERN_MAX || !safeRegex(pattern)) return TARGETING_MESSAGES.unsafeRegex(pattern);
  try {
    if (canBacktrackBadly(parse(pattern), false)) return TARGETING_MESSAGES.unsafeRegex(pattern);
  } catch {
    // A pattern the browser compiles but the tokenizer does not read (newer syntax): not provably safe.
    return TARGETING_MESSAGES.unsafeRegex(pattern);
  }
  return null;
}
