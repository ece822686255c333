/**
 * LiveIQ opened on a survey just published: CreateIQ sends its id along (`?published=<id>`), and
 * LiveIQ shows that survey's card first in the eye, its Start focused, with the next step in words
 * (a published survey stays inactive until it is started with its end condition).
 */
export const PUBLISHED_SURVEYS_PATH = '/zero-party/survey-published';
export const JUST_PUBLISHED_PARAM = 'published';

/** Where CreateIQ goes after a publish. */
export const justPublishedPath = (surveyId: string) => `${PUBLISHED_SURVEYS_PATH}?${JUST_PUBLISHED_PARAM}=${encodeURIComponent(surveyId)}`;

export const JUST_PUBLISHED_HINT = 'Just published, and inactive until you start it. Press Start and choose when it ends: on a date, after a number of days or of responses.';
