/**
 * The React embed (dist/widget/react.js, built by widget/loader.vite.config.ts --mode react):
 * an ES module that imports `react` from the site's own dependencies.
 */
export { NavoutSurveys, type NavoutSurveysProps } from './NavoutSurveys';
export type { NavoutApi } from '../loader/globals';
