import { configure } from '@testing-library/dom';

/**
 * How long findBy* and waitFor wait for the page to settle. The suite runs these tests beside the
 * type check and the linter on two cores, where the first load of a lazily loaded page or of the
 * widget's renderer stage can take more than the default second; a wait ends as soon as its
 * condition holds, so passing tests take no longer.
 */
configure({ asyncUtilTimeout: 5_000 });
