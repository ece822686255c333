/**
 * Survey responses' owner, the one module that writes survey_responses, the tally queue
 * (untallied_responses), the tallies (survey_answer_tallies, survey_address_tallies,
 * survey_response_tallies) and a published survey's count of completions (response_count): a
 * response started (insert.ts, by the entity's column map: columns.ts), continued (update.ts) or
 * stored in bulk (bulk.ts, the demo's), the completions counted (counts.ts), the tally job and
 * what a continued, erased or expired response takes out of the tallies (tallies.ts, purge.ts),
 * and what InsightIQ reads of them (reads.ts, queue.ts). Other modules call these functions in
 * their own transactions; it imports no other module (eslint.config.js).
 */
export { storeResponses } from './bulk';
export { responseColumns, responseRow, type ResponseColumn, type ResponseValues } from './columns';
export { addCompletion, completedResponseCounts, countCompletions } from './counts';
export { insertResponse, insertResponseIn, type NewResponse, type TableRow } from './insert';
export { deleteResponsesBefore } from './purge';
export { untalliedResponseIds } from './queue';
export { questionTallies, responseGroups, responsesPerAddress, type ResponseGroup } from './reads';
export { createAnswerTallyJob, isNumericQuestion, numberIn, untallyResponse, utcDayOf } from './tallies';
export { continueResponse, recordCompletion } from './update';
