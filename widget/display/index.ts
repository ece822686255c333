/**
 * The widget's second stage, dist/widget/renderer.js (widget/vite.config.ts, Preact): everything
 * that exists only once a survey shows — the renderer (mountSurvey), the overlay, inline and
 * button presentation, and the response it collects. The loader imports this module with
 * import() when it has decided to show a survey, and calls presentSurvey.
 */
import { mountSurvey, submittedAnswers } from '../renderer/index';
import { createPresenter } from './present';

export { mountSurvey };
export type { Presented, PresentOptions, CompletionDetail } from './present';

export const presentSurvey = createPresenter({ mountSurvey, submittedAnswers });
