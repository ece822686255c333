/**
 * Property names that the loader build shortens (widget/loader.vite.config.ts, `mangleProps`): the
 * loader's own bookkeeping, which no code outside navout.js reads or writes. The sources keep
 * readable names, and navout.js stays within its 5 KB (gzipped).
 *
 * The build renames a listed name EVERYWHERE in navout.js, whatever object it belongs to. A name
 * may be listed only when every use of it in the code that goes into navout.js is a property of one
 * of the loader's own interfaces (state.ts, decide.ts, triggers.ts...) or constant objects
 * (STORAGE_KEYS). It must not be a property of:
 *  - the server's JSON (PublicSurveyBundle, PublicSurvey: src/domain/survey);
 *  - what renderer.js is given or gives back (PresentOptions, Presented: widget/display/present.ts;
 *    SecondStage);
 *  - window.navout, window.navoutUser, window.navoutIdentifiers (globals.ts);
 *  - a request body sent or a response read (server.ts), or a value kept in localStorage or
 *    sessionStorage (a later build would shorten it differently);
 *  - any DOM or JavaScript built-in: `now` would turn `Date.now` into `Date.t`, `method` would
 *    break fetch.
 * Nor may it be reached by a computed key (`state['config']`, `navout[method]`).
 * internalNames.test.ts checks the rule with the type checker. A property that is not listed just
 * keeps its full name in navout.js: list a new one only when it passes the rule.
 */
export const INTERNAL_PROPERTY_NAMES = [
  // WidgetState (state.ts)
  'config',
  'env',
  'win',
  'bundle',
  'bundleLoading',
  'stageLoading',
  'destroyed',
  'given',
  'newVisitor',
  'pageView',
  'active',
  'dismissed',
  'cleanups',
  // WidgetConfig's stand-ins and WidgetEnvironment
  'fallbackTrigger',
  'fallbackIdentifierRule',
  'loadStage',
  // ActiveSurvey and PageView
  'cancels',
  'view',
  'startedAt',
  'samples',
  'audience',
  // TriggerEnvironment (triggers.ts)
  'pageStartedAt',
  'desktop',
  // SampleInput and DecisionContext (decide.ts)
  'remembered',
  'surveyId',
  'percentage',
  'device',
  'identifier',
  'companySeenAt',
  'surveySeenAt',
  'companyCooldownDays',
  'sampled',
  // Widget (widget.ts)
  'api',
  // STORAGE_KEYS' names (storage.ts; their values, the keys themselves, are strings)
  'seen',
  'holdouts',
  'session',
] as const;
